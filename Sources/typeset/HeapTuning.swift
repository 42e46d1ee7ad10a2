internal import CMemory

/// The heap of a command that runs once and exits (issue 32). glibc gives an allocation of more than 128 KiB a
/// mapping of its own (the threshold rises as such blocks are freed, to 32 MiB at most) and unmaps it when it is
/// freed, so the arrays a book is read into, each grown by doubling, are copied into fresh mappings whose every
/// page faults in zeroed: War and Peace's first page took 9,632 page faults, a third of its time in the kernel
/// (perf). From the heap instead, a freed block is reused by the next: 7,326 faults, 10-15 % less CPU time
/// (perf stat, task-clock), output unchanged. Not for `serve` or `batch`, which live on and should give memory back.
enum HeapTuning {
    static func forOneShotRun() {
        // Blocks up to 256 MiB from the heap, and its top kept rather than trimmed (the process exits soon).
        typeset_tuneHeap(256 << 20, 1 << 30)
    }
}
