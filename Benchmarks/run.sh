#!/usr/bin/env bash
# Runs the whole benchmark in one command: the benchmark packages (Pango, hyperfine, valgrind), the Pango peer, the
# corpus, a release build of typeset and typeset-bench, then every case. Extra arguments go to typeset-bench
# (--quick, --runs N, case filters...). The JSON record is written to Benchmarks/.data/last-run.json.
# TYPESET_BENCH_SCRATCH sets SwiftPM's scratch path (default: the package's .build).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
scratch=${TYPESET_BENCH_SCRATCH:-$root/.build}
"$here/setup.sh"
"$here/build-peer.sh" || echo "run.sh: the Pango peer did not build; typeset-bench runs without ratios" >&2
"$here/make-corpus.sh"
swift build -c release --package-path "$root" --scratch-path "$scratch" --product typeset
swift build -c release --package-path "$root" --scratch-path "$scratch" --product typeset-bench
# The CLI rows time the CLI as installed (README, "Install"): the Swift runtime and Foundation linked statically.
# It has its own scratch path, so that the two configurations do not rebuild each other.
swift build -c release --static-swift-stdlib --package-path "$root" --scratch-path "$scratch/static-cli" --product typeset \
    2> >(grep -v "the use of \`mktemp' is dangerous" >&2)   # the static Foundation's linker warning, not ours
export TYPESET_BENCH_CLI="$scratch/static-cli/release/typeset"
exec "$scratch/release/typeset-bench" --json "$here/.data/last-run.json" "$@"
