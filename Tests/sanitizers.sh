#!/bin/bash
# Runs the whole test suite under AddressSanitizer (with LeakSanitizer) and under ThreadSanitizer, each in its
# own scratch path so neither disturbs the normal .build:   Tests/sanitizers.sh [address|thread]...
# Prints each run's summary line and exits non-zero if either fails.
#
# Suppressions (Tests/sanitizers/lsan.supp) cover leaks inside the toolchain and system libraries only, each
# documented there; a leak in Typeset's own code is a failure.
set -uo pipefail
cd "$(dirname "$0")/.."
kinds=("${@:-address thread}")
read -ra kinds <<< "${kinds[*]}"
status=0
for kind in "${kinds[@]}"; do
    log=.build/sanitizer-$kind.log
    mkdir -p .build
    # Under ThreadSanitizer, TypesetCore's `Locked` is a pthread mutex (see Sources/TypesetCore/Concurrency/Locked.swift:
    # the standard library's Mutex hands contended locks over inside the kernel, where TSan cannot see them).
    extra=()
    [ "$kind" = thread ] && extra=(-Xswiftc -DTYPESET_TSAN)
    echo "== swift test --sanitize=$kind ${extra[*]} (log: $log)"
    # detect_leaks is on by default with ASan on Linux; halt_on_error keeps the first report readable.
    ASAN_OPTIONS=detect_leaks=1:halt_on_error=1 \
    LSAN_OPTIONS=suppressions=$PWD/Tests/sanitizers/lsan.supp:print_suppressions=0 \
    TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1:suppressions=$PWD/Tests/sanitizers/tsan.supp \
    SWIFT_BACKTRACE=enable=no \
        swift test --parallel --sanitize="$kind" "${extra[@]}" --scratch-path ".build/sanitize-$kind" > "$log" 2>&1
    result=$?
    grep -E "Test run with|ERROR: (Address|Leak|Thread)Sanitizer|WARNING: ThreadSanitizer|SUMMARY: " "$log" | sort | uniq -c | head -20
    [ $result -eq 0 ] || { echo "== $kind: FAILED (exit $result)"; status=1; }
    if [ "$kind" = address ]; then
        # The hyphenation suites again with full allocation stacks, suppressing only libhyphen's loader (see
        # lsan.supp): a leak of what hnj_hyphen_hyphenate2 hands us would show here.
        precise=.build/lsan-precise.supp
        grep -v '^leak:hnj_malloc$' Tests/sanitizers/lsan.supp > "$precise"
        echo 'leak:hnj_hyphen_load' >> "$precise"
        log=.build/sanitizer-address-hyphenation.log
        echo "== the hyphenation suites with full allocation stacks (log: $log)"
        ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:fast_unwind_on_malloc=0 \
        LSAN_OPTIONS=suppressions=$PWD/$precise:print_suppressions=0 SWIFT_BACKTRACE=enable=no \
            swift test --sanitize=address --scratch-path .build/sanitize-address \
                --filter "HyphenationTests|HyphenationPatternTests|JustificationTests" > "$log" 2>&1
        result=$?
        grep -E "Test run with|ERROR: LeakSanitizer|SUMMARY: " "$log" | sort | uniq -c | head -5
        [ $result -eq 0 ] || { echo "== address (hyphenation, full stacks): FAILED (exit $result)"; status=1; }
    fi
done
exit $status
