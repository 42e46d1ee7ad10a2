import Synchronization
import Testing
@testable import TypesetCore
import TypesetTestSupport

/// The work splitter behind shaping and layout: results in index order from any number of threads, and a failure
/// in a late chunk thrown after the results of the chunks done before it are released. Serialized: the tests count
/// the live results of one class.
@Suite(.serialized) struct ParallelChunksTests {
    /// Counts its live instances, so that a test can see every result released.
    final class Tracked: Sendable {
        static let live = Atomic<Int>(0)
        let index: Int
        init(_ index: Int) { self.index = index; Self.live.add(1, ordering: .relaxed) }
        deinit { Self.live.subtract(1, ordering: .relaxed) }
    }

    @Test func resultsComeInIndexOrderAndAFailureReleasesTheFinishedChunks() throws {
        let pool = ContextPool(fonts: try Fixtures.bundledFonts())
        for threads in [1, 2, 3] {
            let values = try parallelChunks(count: 5_000, threads: threads, pool: pool) { range, _ in range.map { $0 * 2 } }
            #expect(values == (0..<5_000).map { $0 * 2 })
        }
        let before = Tracked.live.load(ordering: .relaxed)
        for threads in [1, 2] {
            let error = #expect(throws: FontError.self) {
                _ = try parallelChunks(count: 5_000, threads: threads, pool: pool) { range, _ throws(FontError) in
                    if range.contains(4_000) { throw FontError(.notFound, "index 4000") }
                    return range.map { Tracked($0) }
                }
            }
            #expect(error?.message == "index 4000")
            #expect(Tracked.live.load(ordering: .relaxed) == before, "every result made before the failure is released")
        }
    }

    /// parallelMap writes each result straight into the array returned: in index order, and a failure inside a
    /// chunk releases the results that chunk had written before it, as well as the chunks done.
    @Test func mappedResultsComeInOrderAndAFailureInsideAChunkReleasesItsFirstResults() throws {
        let pool = ContextPool(fonts: try Fixtures.bundledFonts())
        for threads in [1, 2, 3] {
            let values = try parallelMap(count: 5_000, threads: threads, pool: pool) { index, _ in index * 3 }
            #expect(values == (0..<5_000).map { $0 * 3 })
        }
        let before = Tracked.live.load(ordering: .relaxed)
        for threads in [1, 2] {
            // 4,010 is inside a chunk (of 256 or fewer), after some of its indices.
            let error = #expect(throws: FontError.self) {
                _ = try parallelMap(count: 5_000, threads: threads, pool: pool) { index, _ throws(FontError) in
                    if index == 4_010 { throw FontError(.notFound, "index 4010") }
                    return Tracked(index)
                }
            }
            #expect(error?.message == "index 4010")
            #expect(Tracked.live.load(ordering: .relaxed) == before, "every result made before the failure is released")
        }
    }
}
