/// What a command keeps until the process exits, so that it is never torn down: the process ends right after the
/// command, and the system takes its memory back whole. Freeing a book object by object is work nobody waits
/// for, and it was measured: releasing War and Peace's book (its paragraphs, the typesetter's caches) at the end of
/// a one-page run cost 7.4 M instructions of the process's 444 M (callgrind). Only for objects a run makes once
/// (`typeset` runs one command a process): kept objects are never freed.
enum ProcessLifetime {
    /// The objects kept; written only by ``keep(_:)``.
    private nonisolated(unsafe) static var kept: [Any] = []

    /// Keeps `value` (a reference to it, for a struct holding classes) until the process exits.
    static func keep(_ value: Any) {
        kept.append(value)
    }
}
