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
        /// The paragraph units the iterator was last given (kept, so that the storage compared with is never
        /// reused by another array), for ``boundary(_:in:forward:)``.
        var units: [UInt16] = []
        init(_ iterator: BreakIterator) { self.iterator = iterator }

        /// Gives the iterator `units`, unless it has them already: a run of snaps in one paragraph (the ends of
        /// decorations applied together) copies the paragraph once, not once per snap.
        func use(_ units: [UInt16]) {
            let same = units.count == self.units.count && units.withUnsafeBufferPointer { new in
                self.units.withUnsafeBufferPointer { old in new.baseAddress == old.baseAddress }
            }
            guard !same else { return }
            self.units = units
            iterator.setText(units)
        }

        /// Gives the iterator any units (forgetting the paragraph it had).
        func use(slice: ArraySlice<UInt16>) {
            units = []
            iterator.setText(slice)
        }
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
        box.use(slice: units)
        return [0] + box.iterator.boundaries()
    }

    /// The caret stops of `paragraph`'s content from `start` to `end` (content-relative offsets, `start` on a
    /// grapheme boundary): its grapheme boundaries, without those that hidden units or replaced runs leave no
    /// stop at (see ``CaretSpan``); `start` is always included.
    func caretStops(of paragraph: Paragraph, from start: Int, to end: Int) -> [Int] {
        let content = paragraph.units[paragraph.contentRange]
        let lower = max(0, min(start, content.count)), upper = max(lower, min(end, content.count))
        let boundaries = self.boundaries(of: content[(content.startIndex + lower)..<(content.startIndex + upper)]).map { $0 + lower }
        guard !paragraph.caretSpans.isEmpty else { return boundaries }
        return boundaries.filter { $0 == lower || CaretSpan.allowsStop(at: $0, in: paragraph.caretSpans) }
    }

    /// Whether `offset` is a caret stop of `text`: a grapheme boundary that no hidden units or replaced run
    /// cover (see ``TextStyle/isHidden``). Every position the layout answers with is one.
    public func isCaretStop(_ offset: UTF16Offset, in text: StyledText) -> Bool {
        boundary(offset, in: text) == offset
    }

    /// `offset` if it is a caret stop of `text` (a grapheme boundary outside hidden units and replaced runs);
    /// else the start (or, with `forward`, the end) of the caret unit containing it. Offsets are document
    /// offsets; clusters never cross paragraphs. Caret geometry and decoration ranges both snap through here, so
    /// they agree on where a cluster ends.
    func boundary(_ offset: UTF16Offset, in text: StyledText, forward: Bool = false) -> UTF16Offset {
        guard offset > 0, offset < text.length, let p = text.paragraphIndex(containing: offset) else { return offset }
        let paragraph = text.paragraphs[p]
        let local = offset - paragraph.range.lowerBound
        let spans = paragraph.caretSpans
        let base = -paragraph.contentRange.lowerBound
        if Self.isPlainBoundary(local, in: paragraph.units[...]) && CaretSpan.allowsStop(at: local + base, in: spans) {
            return offset
        }
        // ICU at the offset, on the paragraph's text (set once for a run of snaps in one paragraph): computing all
        // of the paragraph's boundaries for every snap made applying decorations O(decorations × paragraph).
        let box = pool.withLock { $0.popLast() } ?? BreakIterator(.character).map(IteratorBox.init)
        guard let box else { return offset }
        defer { pool.withLock { if $0.count < 8 { $0.append(box) } } }
        box.use(paragraph.units)
        let iterator = box.iterator
        let length = iterator.length
        guard local < length else { return offset }
        func isStop(_ b: Int) -> Bool { iterator.isBoundary(b) && CaretSpan.allowsStop(at: b + base, in: spans) }
        if isStop(local) { return offset }
        // Walk to the nearest stop, jumping over a span as a whole (so a long run of hidden units costs one step).
        // The paragraph's ends are taken as stops when the walk reaches them. (ICU's `preceding` of an offset inside
        // a surrogate pair moves the offset back to the pair's start first, so the walk backward starts from the
        // start of the cluster holding the offset: the one before the next boundary.)
        var b = local
        if forward {
            while b < length, !isStop(b) {
                if let span = CaretSpan.span(strictlyContaining: b + base, in: spans) { b = span.end - base; continue }
                b = iterator.following(b) ?? length
            }
            return paragraph.range.lowerBound + min(b, length)
        }
        while b > 0 {
            if !iterator.isBoundary(b) { b = iterator.following(b).flatMap { iterator.preceding($0) } ?? 0; continue }
            if CaretSpan.allowsStop(at: b + base, in: spans) { break }
            if let span = CaretSpan.span(strictlyContaining: b + base, in: spans) { b = span.start - base; continue }
            b = iterator.preceding(b) ?? 0
        }
        return paragraph.range.lowerBound + max(b, 0)
    }

    /// Whether `offset` (relative to the slice's start) is a grapheme boundary of `units`.
    public func isBoundary(_ offset: Int, in units: ArraySlice<UInt16>) -> Bool {
        guard offset > 0, offset < units.count else { return offset == 0 || offset == units.count }
        return Self.isPlainBoundary(offset, in: units) || boundaries(of: units).contains(offset)
    }

    /// Whether `offset` (strictly inside `units`) is a boundary without asking ICU: between two characters below
    /// U+0300 (no marks, joiners or surrogates), except inside CR LF. False means "ask".
    private static func isPlainBoundary(_ offset: Int, in units: ArraySlice<UInt16>) -> Bool {
        guard offset > 0, offset < units.count else { return false }
        let before = units[units.startIndex + offset - 1], after = units[units.startIndex + offset]
        return before < 0x300 && after < 0x300 && !(before == 0x0D && after == 0x0A)
    }
}
