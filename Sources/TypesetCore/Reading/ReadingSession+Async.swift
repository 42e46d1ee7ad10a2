/// How far a long operation has got: `completed` units of `total` (sections laid out, spine items read).
public struct WorkProgress: Sendable, Hashable {
    /// Units done.
    public let completed: Int
    /// Units in all (at least 1).
    public let total: Int

    /// Creates a progress value; `total` is at least 1 and `completed` within `0...total`.
    public init(completed: Int, total: Int) {
        self.total = max(1, total)
        self.completed = min(max(0, completed), self.total)
    }

    /// `completed / total`, from 0 to 1.
    public var fraction: Double { Double(completed) / Double(total) }
}

/// Async entry points for an app whose UI must not wait on layout: each runs the synchronous work on a task of
/// its own (off the caller's actor), checks `Task.isCancelled` between sections, and reports progress through a
/// callback called on that task (hop to the main actor to show it).
extension ReadingSession {
    /// Opens a session and lays out its first page off the caller's thread: ``init(publication:typesetter:settings:at:completesInBackground:)``
    /// followed by ``currentPage()``.
    ///
    /// - Parameters:
    ///   - publication: The book as opened.
    ///   - typesetter: Lays the book out (one per app).
    ///   - settings: The reader's settings.
    ///   - offset: Where to open; nil, the default, where the book opens.
    ///   - completesInBackground: Whether the rest of the book is laid out in the background afterwards.
    /// - Returns: The session and the page at the reading position.
    /// - Throws: `CancellationError` when the task is cancelled before the page is laid out, else what the
    ///   initializer and ``currentPage()`` throw.
    public static func open(publication: Publication, typesetter: Typesetter, settings: ReaderSettings = ReaderSettings(),
                            at offset: UTF16Offset? = nil, completesInBackground: Bool = true) async throws
        -> (session: ReadingSession, page: ReaderPage) {
        try await detachedWork {
            try Task.checkCancellation()
            let session = try ReadingSession(publication: publication, typesetter: typesetter, settings: settings,
                                             at: offset, completesInBackground: completesInBackground)
            try Task.checkCancellation()
            return (session, try session.currentPage())
        }
    }

    /// Lays out every section under the current settings, a section at a time off the caller's thread, so that
    /// page numbers become exact: the async ``completeLayout()``.
    ///
    /// Cancelling the calling task stops it between two sections (the sections laid out stay laid out); a
    /// settings change while it runs ends it early, without an error, since its sections are no longer the ones
    /// shown (the session's background work, or another call, lays out the new ones).
    ///
    /// - Parameter progress: Called after each section with the sections laid out so far and the section count.
    /// - Throws: `CancellationError` when cancelled, else what layout throws.
    public func completeLayout(progress: (@Sendable (WorkProgress) -> Void)? = nil) async throws {
        let generation = state.withLock { $0.generation }
        let total = sectionCount
        try await detachedWork { [self] in
            for section in 0..<total {
                try Task.checkCancellation()
                guard state.withLock({ $0.generation }) == generation else { return }
                _ = try sectionLayout(section, generation: generation)
                progress?(WorkProgress(completed: section + 1, total: total))
            }
        }
    }
}

/// Runs `work` on a detached task at the caller's priority, and cancels it when the caller's task is cancelled
/// (a detached task does not inherit cancellation): the synchronous engine stays off the caller's actor, and
/// `Task.isCancelled` inside `work` answers for the caller.
package func detachedWork<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
    let task = Task.detached(priority: Task.currentPriority) { try work() }
    return try await withTaskCancellationHandler { try await task.value } onCancel: { task.cancel() }
}
