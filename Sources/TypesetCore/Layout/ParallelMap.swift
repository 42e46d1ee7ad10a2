import Dispatch
import Synchronization

/// Runs `body` for every index in `0..<count` on up to `threads` threads, handing each thread its own
/// ``ShapingContext`` from `pool`, and returns the results in index order. Work is taken in chunks from a shared
/// counter so that long paragraphs do not leave a thread idle. The first error thrown wins; the rest of the work
/// is skipped.
func parallelMap<T: Sendable>(count: Int, threads: Int, pool: ContextPool,
                              _ body: @escaping @Sendable (Int, ShapingContext) throws(FontError) -> T) throws(FontError) -> [T] {
    try parallelChunks(count: count, threads: threads, pool: pool, writing: { range, context, output throws(FontError) in
        var written = 0
        do throws(FontError) {
            for index in range {
                output.initializeElement(at: written, to: try body(index, context))
                written += 1
            }
        } catch {
            // None of the chunk is left written when it fails (see parallelChunks(count:threads:pool:writing:)).
            _ = UnsafeMutableBufferPointer(rebasing: output[..<written]).deinitialize()
            throw error
        }
    })
}

/// Like ``parallelMap(count:threads:pool:_:)``, but `body` is given a whole chunk of consecutive indices and
/// returns their results in order (one per index), so that it can share work or storage across the chunk; each
/// thread has its own scratch from `pool` (a ``ShapingContext`` to shape, a ``LayoutScratch`` to lay out).
func parallelChunks<T: Sendable, Scratch>(count: Int, threads: Int, pool: ScratchPool<Scratch>,
                                          _ body: @escaping @Sendable (Range<Int>, Scratch) throws(FontError) -> [T])
    throws(FontError) -> [T] {
    try parallelChunks(count: count, threads: threads, pool: pool, writing: { range, scratch, output throws(FontError) in
        let values = try body(range, scratch)
        precondition(values.count == range.count, "a chunk's body returns one result per index")
        _ = output.initialize(fromContentsOf: values)
    })
}

/// The same, `body` writing a chunk's results straight into the array returned: `output` is the chunk's part of
/// it (uninitialized, one element per index of the chunk), which `body` initializes whole when it returns and
/// leaves uninitialized when it throws. No array per chunk to copy from and free (a retain and a release per
/// result, and a deallocation per chunk, of every relayout).
/// `grain` is the fewest indices worth a worker of their own (64 paragraphs; a table, each of whose cells is laid out
/// at two widths, is worth one alone). It throws what `body` throws: nothing for a body that cannot fail.
func parallelChunks<T: Sendable, Scratch, Failure: Error>(count: Int, threads: Int, pool: ScratchPool<Scratch>, grain: Int = 64,
                                                          writing body: @escaping @Sendable (Range<Int>, Scratch, UnsafeMutableBufferPointer<T>) throws(Failure) -> Void)
    throws(Failure) -> [T] {
    guard count > 0 else { return [] }
    let grain = max(1, grain)
    let workers = max(1, min(threads, (count + grain - 1) / grain))
    let chunk = max(1, min(256, count / (workers * 8)))
    // The results are written straight into the storage of the array returned: no optional per index to unwrap and
    // copy (a retain and a release per paragraph of every relayout), and no second buffer of every result alive
    // beside the array (a text of millions of short lines would hold both).
    var failure: Failure?
    let array = [T](possiblyEmptyCapacity: count) { buffer, initialized in
        // Each index is written by exactly one worker, and read only after concurrentPerform returns.
        nonisolated(unsafe) let output = buffer
        let next = Atomic<Int>(0)
        let failed = Locked<Failure?>(nil)
        // The chunks written, so that a failure can release what they hold.
        let written = Locked<[Range<Int>]>([])
        let work: @Sendable (Int) -> Void = { _ in
            let context = pool.checkOut()
            defer { pool.checkIn(context) }
            while true {
                let start = next.add(chunk, ordering: .relaxed).oldValue
                if start >= count || failed.withLock({ $0 != nil }) { return }
                let range = start..<min(count, start + chunk)
                do throws(Failure) {
                    try body(range, context, UnsafeMutableBufferPointer(rebasing: output[range]))
                    written.withLock { $0.append(range) }
                } catch {
                    failed.withLock { if $0 == nil { $0 = error } }
                    return
                }
            }
        }
        if workers == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: workers, execute: work) }
        failure = failed.withLock { $0 }
        if failure != nil {
            for range in written.withLock({ $0 }) { UnsafeMutableBufferPointer(rebasing: buffer[range]).deinitialize() }
            initialized = 0
        } else {
            // With no failure, every index was written exactly once (a body returns one result per index).
            initialized = count
        }
    }
    if let failure { throw failure }
    return array
}

/// The scratch objects of one ``Typesetter``'s workers (``ShapingContext``s, ``LayoutScratch``es), reused across
/// layouts so that their caches stay warm and their storage allocated.
final class ScratchPool<Scratch: AnyObject & Sendable>: Sendable {
    private let make: @Sendable () -> Scratch
    private let idle = Locked<[Scratch]>([])

    init(_ make: @escaping @Sendable () -> Scratch) { self.make = make }

    func checkOut() -> Scratch {
        idle.withLock { $0.popLast() } ?? make()
    }

    func checkIn(_ scratch: Scratch) {
        idle.withLock { $0.append(scratch) }
    }

    /// The sum of `count` over the idle scratch objects: tests count work with it (units shaped, units hyphenated).
    func sum(_ count: (Scratch) -> Int) -> Int {
        idle.withLock { $0.reduce(0) { $0 + count($1) } }
    }
}

/// The shaping contexts of a ``Typesetter``.
typealias ContextPool = ScratchPool<ShapingContext>

extension ScratchPool where Scratch == ShapingContext {
    convenience init(fonts: FontContext) { self.init { ShapingContext(fonts: fonts) } }

    /// Word-cache hits and misses summed over the idle contexts.
    func cacheStatistics(reset: Bool) -> (hits: Int, misses: Int, entries: Int) {
        idle.withLock { contexts in
            var hits = 0, misses = 0, entries = 0
            for context in contexts {
                hits += context.cache.hits; misses += context.cache.misses; entries += context.cache.count
                if reset { context.cache.resetCounters() }
            }
            return (hits, misses, entries)
        }
    }
}
