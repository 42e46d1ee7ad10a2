import Foundation
import Synchronization
import Testing
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// The async entry points: opening a book, opening a session and completing its layout off the caller's thread,
/// with progress, and cancellation that stops the work between spine items or sections.
@Suite struct AsyncEntryPointTests {
    static let book = "austen-pride-and-prejudice.pg-epub2.epub"

    /// A task that starts its work only once `start` is called, so that the test holds the task before the work's
    /// progress callback can cancel it.
    final class GatedTask: Sendable {
        let handle = Mutex<Task<Void, any Error>?>(nil)
        let gate: AsyncStream<Void>
        let open: AsyncStream<Void>.Continuation

        init() { (gate, open) = AsyncStream<Void>.makeStream() }

        func start(_ work: @escaping @Sendable () async throws -> Void) -> Task<Void, any Error> {
            let gate = self.gate
            let task = Task {
                for await _ in gate { break }
                try await work()
            }
            handle.withLock { $0 = task }
            open.yield()
            return task
        }

        func cancel() { handle.withLock { $0?.cancel() } }
    }

    @Test func openingAnEPUBReportsEverySpineItem() async throws {
        let path = try Fixtures.corpusPath(Self.book)
        let seen = Mutex<[WorkProgress]>([])
        let book = try await BookFile.open(path: path, progress: { progress in seen.withLock { $0.append(progress) } })
        let sync = try BookFile.open(path: path)
        #expect(book.text.length == sync.text.length)
        let reports = seen.withLock { $0 }
        let spine = try #require(book.epub?.spine.count)
        #expect(reports.last == WorkProgress(completed: spine, total: spine), "\(reports.suffix(2))")
        #expect(reports.count == spine + 2 && zip(reports, reports.dropFirst()).allSatisfy { $0.completed <= $1.completed })
    }

    @Test func openingStopsBetweenSpineItemsWhenCancelled() async throws {
        let path = try Fixtures.corpusPath(Self.book)
        let seen = Mutex<Int>(0)
        let gated = GatedTask()
        let task = gated.start {
            _ = try await BookFile.open(path: path, progress: { progress in
                seen.withLock { $0 = progress.completed }
                if progress.completed == 2 && progress.total > 2 { gated.cancel() }
            })
        }
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(seen.withLock { $0 } == 2, "reading went on after the cancellation")
    }

    @Test func aSessionOpensAndCompletesItsLayoutWithProgress() async throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let book = try BookFile.open(path: try Fixtures.corpusPath(Self.book))
        var settings = ReaderSettings()
        settings.typography.fontFamily = "Charis SIL"
        let (session, page) = try await ReadingSession.open(publication: book.publication, typesetter: typesetter,
                                                            settings: settings, completesInBackground: false)
        let reference = try ReadingSession(publication: book.publication, typesetter: typesetter, settings: settings,
                                           completesInBackground: false).currentPage()
        #expect(page.range == reference.range && page.section == reference.section)
        let seen = Mutex<[WorkProgress]>([])
        try await session.completeLayout(progress: { progress in seen.withLock { $0.append(progress) } })
        let reports = seen.withLock { $0 }
        #expect(reports.map(\.completed) == Array(1...session.sectionCount) && reports.allSatisfy { $0.total == session.sectionCount })
        #expect(session.sectionsLaidOut == session.sectionCount)
        #expect(try session.currentPage().numberIsExact)
    }

    @Test func completingTheLayoutStopsBetweenSectionsWhenCancelled() async throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let book = try BookFile.open(path: try Fixtures.corpusPath(Self.book))
        var settings = ReaderSettings()
        settings.typography.fontFamily = "Charis SIL"
        let session = try ReadingSession(publication: book.publication, typesetter: typesetter, settings: settings,
                                         completesInBackground: false)
        #expect(session.sectionCount > 3)
        let gated = GatedTask()
        let task = gated.start {
            try await session.completeLayout(progress: { progress in
                if progress.completed == 2 { gated.cancel() }
            })
        }
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(session.sectionsLaidOut < session.sectionCount, "the layout went on after the cancellation")
    }
}
