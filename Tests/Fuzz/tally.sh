#!/bin/bash
# Sums libFuzzer's statistics per target over the logs of Tests/Fuzz/rotate.sh (.build/fuzz-logs/TARGET-HHMMSS.log):
# executions from `stat::number_of_executed_units` (printed at the end of a run, also after a crash), time from
# the log's name (its start, UTC) to its last write. Crashes are listed with their log.
cd "$(dirname "$0")/../.."
for t in positions layout epub decoder; do
    runs=0; seconds=0; crashes=""
    for log in .build/fuzz-logs/$t-[0-9]*.log; do
        [ -e "$log" ] || continue
        stamp=$(basename "$log" .log); stamp=${stamp#"$t"-}
        start=$(date -u -d "$(date -u +%F) ${stamp:0:2}:${stamp:2:2}:${stamp:4:2}" +%s)
        end=$(stat -c %Y "$log")
        seconds=$((seconds + end - start))
        n=$(grep -h '^stat::number_of_executed_units:' "$log" | awk '{s += $2} END {print s + 0}')
        runs=$((runs + n))
        grep -qE '^==[0-9]+== ERROR|deadly signal|Fatal error' "$log" && crashes="$crashes $(basename "$log")"
    done
    printf "%-10s %10d executions in %6d s (%.1f min); logs with a crash:%s\n" "$t" "$runs" "$seconds" \
        "$(echo "$seconds / 60" | bc -l)" "${crashes:- none}"
done
