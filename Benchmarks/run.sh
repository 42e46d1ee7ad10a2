#!/usr/bin/env bash
# Runs the whole benchmark in one command: the benchmark packages (Pango, hyperfine, valgrind), the Pango peer, the
# corpus, a release build of typeset and typeset-bench, then every case, and the regression gate against the
# recorded run. Extra arguments go to typeset-bench (--quick, --runs N, --instructions, case filters...), except:
#   --record   also keep this run as the recorded one (Baselines/gate/), to commit with the change it measures.
# The JSON record is written to Benchmarks/.data/last-run.json (last-instructions.json with --instructions).
# Exit status 3: a row got worse than the recorded run by more than its noise (see README.md, "Regression gate").
# TYPESET_BENCH_SCRATCH sets SwiftPM's scratch path (default: the package's .build).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
scratch=${TYPESET_BENCH_SCRATCH:-$root/.build}

record=false
measure=time
arguments=()
for argument in "$@"; do
    case "$argument" in
        --record) record=true ;;
        --instructions) measure=instructions; arguments+=("$argument") ;;
        *) arguments+=("$argument") ;;
    esac
done
recorded="$here/Baselines/gate/$measure.json"
if [ "$measure" = instructions ]; then last="$here/.data/last-instructions.json"; else last="$here/.data/last-run.json"; fi

"$here/setup.sh"
"$here/build-peer.sh" || echo "run.sh: the Pango peer did not build; typeset-bench runs without ratios" >&2
"$here/make-corpus.sh"
# Debug information callgrind can read (--instructions): valgrind 3.19 gives up on the DWARF 5 clang writes for C.
# It changes no code: the timed rows are the same with or without it.
debug=(-Xswiftc -g -Xcc -gdwarf-4)
swift build -c release "${debug[@]}" --package-path "$root" --scratch-path "$scratch" --product typeset
swift build -c release "${debug[@]}" --package-path "$root" --scratch-path "$scratch" --product typeset-bench
# The CLI rows time the CLI as installed (README, "Install"): the Swift runtime and Foundation linked statically, and
# generic types' metadata reached through accessors, not looked up by mangled name at run time (each first lookup
# of a conformance scans every conformance record of the static binary: 4.7 M instructions of a one-page run).
# It has its own scratch path, so that the two configurations do not rebuild each other.
lean=(-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors)
swift build -c release "${debug[@]}" "${lean[@]}" --static-swift-stdlib --package-path "$root" --scratch-path "$scratch/static-cli" \
    --product typeset 2> >(grep -v "the use of \`mktemp' is dangerous" >&2)   # the static Foundation's linker warning, not ours
export TYPESET_BENCH_CLI="$scratch/static-cli/release/typeset"

compare=()
[ -f "$recorded" ] && compare=(--compare "$recorded")
status=0
"$scratch/release/typeset-bench" --json "$last" "${compare[@]}" "${arguments[@]}" || status=$?
if $record && { [ "$status" -eq 0 ] || [ "$status" -eq 3 ]; }; then
    mkdir -p "$(dirname "$recorded")"
    cp "$last" "$recorded"
    echo "run.sh: recorded this run as $recorded (commit it with the change it measures)"
fi
exit "$status"
