import Synchronization

/// Extended grapheme cluster boundaries (UAX #29) from ICU, for any thread.
///
/// ICU break iterators are not thread-safe and costly to open, so the segmenter keeps a small pool of them;
/// a query takes one, uses it and puts it back. Every grapheme decision in Typeset (emergency line breaks,
/// caret stops, hit testing, the character tokenizer) uses ICU's rules, so they all agree.
public final class GraphemeSegmenter: Sendable {
    private let pool = Locked<[IteratorBox]>([])

    /// `@unchecked Sendable`: an iterator in the pool is used by one query at a time.
    private final class IteratorBox: @unchecked Sendable {
        let iterator: BreakIterator
        init(_ iterator: BreakIterator) { self.iterator = iterator }
    }

    /// Creates a segmenter with an empty pool.
    public init() {}

    /// The grapheme boundaries of `units`, from 0 to `units.count` inclusive, relative to the slice's start.
    public func boundaries(of units: ArraySlice<UInt16>) -> [Int] {
        guard !units.isEmpty else { return [0] }
        // Fast path: text below U+0300 with no CR LF has a boundary between every two units.
        if !units.contains(where: { $0 >= 0x300 || $0 == 0x0D }) { return Array(0...units.count) }
        let box = pool.withLock { $0.popLast() } ?? BreakIterator(.character).map(IteratorBox.init)
        guard let box else { return Array(0...units.count) }
        defer { pool.withLock { if $0.count < 8 { $0.append(box) } } }
        box.iterator.setText(units)
        return [0] + box.iterator.boundaries()
    }

    /// Whether `offset` (relative to the slice's start) is a grapheme boundary of `units`.
    public func isBoundary(_ offset: Int, in units: ArraySlice<UInt16>) -> Bool {
        guard offset > 0, offset < units.count else { return offset == 0 || offset == units.count }
        let before = units[units.startIndex + offset - 1], after = units[units.startIndex + offset]
        if before < 0x300 && after < 0x300 && !(before == 0x0D && after == 0x0A) { return true }
        return boundaries(of: units).contains(offset)
    }
}
