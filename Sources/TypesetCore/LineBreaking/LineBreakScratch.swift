#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The breaks of the paragraph being laid out, in a block its layout worker keeps from one paragraph to the next
/// (``LayoutScratch/lineBreaks``): cleared, never freed, between paragraphs. The breaker appends through a pointer to
/// it (``LineBreakScratch/buffer``), which nothing retains.
///
/// One block of C memory appended to without an array's uniqueness and capacity checks: an array emptied per
/// paragraph (`removeAll(keepingCapacity:)`, 82 instructions) and appended to per line (a uniqueness check each) was
/// 3 % of a relayout's instructions (callgrind, `relayout.corpus.w500`). A ``LineBreak`` is plain data, so the block
/// is freed without deinitializing it.
struct LineBreakBuffer {
    private var base: UnsafeMutablePointer<LineBreak>
    private var capacity: Int
    /// How many breaks the paragraph has so far.
    private(set) var count = 0

    fileprivate init(capacity: Int) {
        assert(_isPOD(LineBreak.self), "LineBreakBuffer copies and frees breaks as plain memory")
        self.capacity = max(1, capacity)
        base = Self.resized(nil, to: self.capacity)
    }

    /// `block` (nil for a new one) resized to `breaks` breaks, keeping those it holds up to that size. Out of memory
    /// stops the process, as any allocation of the standard library does.
    private static func resized(_ block: UnsafeMutablePointer<LineBreak>?, to breaks: Int) -> UnsafeMutablePointer<LineBreak> {
        guard let raw = realloc(block, max(1, breaks) * MemoryLayout<LineBreak>.stride) else {
            preconditionFailure("out of memory for \(breaks) line breaks")
        }
        return raw.bindMemory(to: LineBreak.self, capacity: max(1, breaks))
    }

    /// Frees the block (the owning ``LineBreakScratch`` does, once).
    fileprivate func release() { free(base) }

    /// Forgets the breaks, keeping the memory.
    @inline(__always)
    mutating func removeAll() { count = 0 }

    /// Whether there is no break yet.
    var isEmpty: Bool { count == 0 }

    /// Appends a break, doubling the block when it is full.
    @inline(__always)
    mutating func append(_ lineBreak: LineBreak) {
        if count == capacity { grow() }
        (base + count).initialize(to: lineBreak)
        count += 1
    }

    private mutating func grow() {
        capacity *= 2
        base = Self.resized(base, to: capacity)
    }

    /// Replaces the breaks with `breaks` (the optimal breaker's).
    mutating func replace(with breaks: [LineBreak]) {
        removeAll()
        for lineBreak in breaks { append(lineBreak) }
    }

    /// The breaks, valid until the next change.
    var breaks: UnsafeBufferPointer<LineBreak> { UnsafeBufferPointer(start: base, count: count) }
}

/// The owner of a ``LineBreakBuffer`` at a fixed address: a layout worker's (``LayoutScratch``), or one made for a
/// single paragraph (``GreedyLineBreaker/breakLines(_:)``). Passed on as the pointer, not as this reference: a walk
/// holding the reference retained and released it at every line it ended.
final class LineBreakScratch {
    /// The buffer, for this scratch's life.
    let buffer: UnsafeMutablePointer<LineBreakBuffer>

    init(capacity: Int = 256) {
        buffer = .allocate(capacity: 1)
        buffer.initialize(to: LineBreakBuffer(capacity: capacity))
    }

    deinit {
        buffer.pointee.release()
        buffer.deinitialize(count: 1)
        buffer.deallocate()
    }

    /// The breaks as an array (tests, and callers outside layout).
    var array: [LineBreak] { Array(buffer.pointee.breaks) }
}
