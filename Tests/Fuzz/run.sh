#!/bin/bash
# Runs one libFuzzer target for a given time:  Tests/Fuzz/run.sh TARGET SECONDS [extra libFuzzer flags]
#   TARGET: decoder | epub | layout | positions      (the manual, "Robustness checks", says what each checks)
#   Tests/Fuzz/run.sh build        builds every target and exits
#
# The targets exist only when TYPESET_FUZZ is set (see Package.swift), and are built with
# `-sanitize=fuzzer,address` in their own scratch path (.build/fuzz), so `swift build` and `swift test` never see them.
# Seeds come from Tests/Corpus, copied and cut into .build/fuzz-corpus/TARGET (ignored, never committed); the
# corpus grows there across runs. Crash inputs land in .build/fuzz-artifacts/; turn each into a regression test.
# The fuzzer runs at `nice -n 19` (the cores are shared); run one target at a time.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
scratch=$root/.build/fuzz
targets=(decoder epub layout positions)

build() {
    for t in "$@"; do
        TYPESET_FUZZ=1 swift build --scratch-path "$scratch" -c debug --product "fuzz-$t" \
            -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library 2>&1 \
            | grep -v "Cannot export local symbol" >&2   # gold's noise about ASan's private symbols
    done
}

if [ "${1:-}" = build ]; then build "${targets[@]}"; exit 0; fi
if [ $# -lt 2 ]; then echo "usage: $0 TARGET SECONDS [libFuzzer flags] | $0 build" >&2; exit 2; fi
target=$1; seconds=$2; shift 2
case " ${targets[*]} " in *" $target "*) ;; *) echo "$0: unknown target $target (${targets[*]})" >&2; exit 2;; esac

corpus_src=$root/Tests/Corpus
corpus=$root/.build/fuzz-corpus/$target
seeds=$root/.build/fuzz-seeds/$target
artifacts=$root/.build/fuzz-artifacts
mkdir -p "$corpus" "$seeds" "$artifacts"

# Seeds: cut from the real books (text targets) or taken from the EPUBs. Made once; the corpus then evolves.
if [ -d "$corpus_src" ] && [ -z "$(ls -A "$seeds")" ]; then
    python3 "$root/Tests/Fuzz/make-seeds.py" "$target" "$corpus_src" "$seeds"
fi

case $target in
    decoder) max_len=65536 ;;
    epub) max_len=400000 ;;
    layout|positions) max_len=1200 ;;  # each input is laid out, checked and relaid out: short ones run faster
esac

build "$target"
binary=$scratch/debug/fuzz-$target
# ASan's leak checker stays on: the engine must not leak per input. -timeout reports a hang (one input taking
# longer than 120 s: generous, the fuzzer runs at nice 19 beside builds) as a crash; -rss_limit_mb an input
# that needs unbounded memory.
# The Swift runtime's backtracer trips ASan when it reads the stack; libFuzzer prints its own stack.
export SWIFT_BACKTRACE=enable=no
# Past crash inputs (Tests/Fuzz/Regressions/TARGET-*) are replayed first, as seeds.
regressions=$root/.build/fuzz-regressions/$target
rm -rf "$regressions"; mkdir -p "$regressions"
cp "$root"/Tests/Fuzz/Regressions/"$target"-* "$regressions"/ 2>/dev/null || true
exec nice -n 19 "$binary" "$corpus" "$seeds" "$regressions" -max_total_time="$seconds" -max_len=$max_len -timeout=120 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$artifacts/$target-" "$@"
