#!/bin/bash
# Runs every fuzz target in turn, SLICE seconds each, ROUNDS times (one fuzzer at a time: the cores are shared),
# logging to .build/fuzz-logs/TARGET-ROUND.log:   Tests/Fuzz/rotate.sh SLICE ROUNDS [targets...]
# A crash ends that slice (libFuzzer stops) and the rotation goes on; tally with Tests/Fuzz/tally.sh.
cd "$(dirname "$0")/../.."
slice=${1:-600}; rounds=${2:-3}; shift 2 || true
targets=("${@:-positions layout epub decoder}")
read -ra targets <<< "${targets[*]}"
mkdir -p .build/fuzz-logs
for round in $(seq 1 "$rounds"); do
    for t in "${targets[@]}"; do
        Tests/Fuzz/run.sh "$t" "$slice" > ".build/fuzz-logs/$t-$(date -u +%H%M%S).log" 2>&1
        status=$?
        echo "$(date -u +%H:%M:%S) $t round $round exit $status" >> .build/fuzz-logs/rotation.log
    done
done
