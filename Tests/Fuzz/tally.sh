#!/bin/bash
# Sums libFuzzer's final statistics per target over the logs of Tests/Fuzz/rotate.sh.
cd "$(dirname "$0")/../.."
for t in positions layout epub decoder; do
    logs=$(ls .build/fuzz-logs/$t-*.log 2>/dev/null) || continue
    awk -v t="$t" '
        /^stat::number_of_executed_units:/ { runs += $2 }
        /^Done [0-9]+ runs in [0-9]+ second/ { secs += $5 }
        /^==[0-9]+== ERROR|Fatal error|deadly signal|SUMMARY/ { crashes++ }
        END { printf "%-10s %10d executions in %6d s (%.1f min), crash lines: %d\n", t, runs, secs, secs / 60, crashes }' $logs
done
