/// UAX #14 line-break opportunities from ICU, remembered chunk by chunk: a paragraph is cut where a break is certain
/// whatever surrounds it, and a chunk seen before (a book's words recur) takes its opportunities from the memo
/// instead of from ICU's rule automaton, which was a fifth of a cold layout of English text (callgrind).
///
/// A chunk ends before a Latin letter (ASCII or U+00C0–U+017F, ``isLatinLetter(_:)``) or a “ that follows U+0020
/// spaces after a printable ASCII character other than an opening bracket, a Latin letter, or a ’ or ”. There UAX #14
/// always breaks (LB18, after spaces): of the rules that reach over spaces, LB8 (`ZW SP* ÷`) breaks too, LB15 to LB17
/// only keep a following OP, NS or B2 (never a letter or a quotation mark) on the line, and LB14 (`OP SP* ×`) is why
/// an opening bracket is excluded; a combining mark or any other character before the spaces (LB9 could give it its
/// base's class) is excluded as well. So the opportunities inside a chunk depend only on its units and on the
/// character after it, AL or QU, neither of which changes a boundary before the spaces: the chunks of a paragraph
/// the memo lacks are broken by ICU in one pass, put end to end with the character after the last one, and the
/// boundary ICU finds at each one's end is checked to be a soft one (else the paragraph is broken whole, as it was
/// before). The paragraph's last chunk is remembered apart, its end being the text's end. Chunks longer than
/// ``maximumChunkLength`` units are broken by ICU and not remembered; a paragraph of one chunk that is not plain (CJK
/// text, a paragraph without such a place) goes to ICU whole. War and Peace's accented names and curly quotes once
/// ended no chunk and made none plain, nor was a paragraph's last chunk plain: with both, the chunks it looks up fall
/// from about 45,000 to 5,400 and the distinct ones ICU breaks from 19,000 to 4,300 (a model of the cutting in Python
/// over its paragraphs).
///
/// `LineBreakMemoTests` compares the opportunities with ICU's over whole paragraphs of the corpus books in every
/// `line-break` strictness. One memo belongs to one ``ShapingContext`` and one ICU locale (one thread at a time).
final class LineBreakMemo {
    /// The ICU line iterator whose opportunities are remembered.
    let iterator: BreakIterator
    /// The longest chunk remembered, in UTF-16 units.
    static let maximumChunkLength = 64
    /// Chunks remembered at most; the memo is emptied when it holds this many (as ``ShapeCache`` is).
    let capacity: Int
    private var table: Table
    /// The paragraph's boundaries being gathered (offset << 1 | mandatory), reused.
    private var found: [UInt32] = []

    init(iterator: BreakIterator, capacity: Int = 65_536) {
        self.iterator = iterator
        self.capacity = capacity
        table = Table(bucketCount: 1024)
    }

    /// Calls `body` with every boundary of `units` after 0, in order, with whether it is mandatory: exactly what
    /// `iterator.setText(units)` then `iterator.forEachBoundary(body)` gives.
    func forEachBoundary(_ units: [UInt16], _ body: (_ offset: Int, _ mandatory: Bool) -> Void) {
        var table = Table(bucketCount: 0)
        swap(&table, &self.table)
        var found = self.found
        self.found = []
        found.removeAll(keepingCapacity: true)
        let complete = units.withUnsafeBufferPointer { chunks(of: $0, table: &table, into: &found) }
        swap(&table, &self.table)
        if complete {
            for boundary in found { body(Int(boundary >> 1), boundary & 1 != 0) }
        } else {
            iterator.setText(units)
            iterator.forEachBoundary(body)
        }
        self.found = found
    }

    /// Gathers the boundaries of `text` chunk by chunk into `found`; false when ICU did not confirm a chunk's end
    /// (then `found` is incomplete).
    private func chunks(of text: UnsafeBufferPointer<UInt16>, table: inout Table, into found: inout [UInt32]) -> Bool {
        let n = text.count
        var start = 0
        missed.removeAll(keepingCapacity: true)
        while start < n {
            let (end, plain) = Self.chunkEnd(text, from: start)
            let last = end == n
            if plain {
                // Its one boundary, soft, at its end (see ``chunkEnd(_:from:)``): no lookup, no ICU.
                found.append(UInt32(truncatingIfNeeded: end) << 1)
                start = end
                continue
            }
            if start == 0 && last {
                // One chunk: ICU over the whole paragraph, as without the memo.
                iterator.setText(text)
                iterator.forEachBoundary { offset, mandatory in found.append(UInt32(offset) << 1 | (mandatory ? 1 : 0)) }
                return true
            }
            let key = Self.key(text, start..<end, last: last)
            if end - start > Self.maximumChunkLength || !table.append(key, text, start..<end, last: last, into: &found) {
                missed.append(MissedChunk(range: start..<end, key: key, last: last, place: found.count))
            }
            start = end
        }
        return missed.isEmpty || brokenTogether(text, table: &table, into: &found)
    }

    /// A chunk the memo lacks: its units, its key, whether it ends the paragraph, and where its boundaries go in
    /// the paragraph's.
    private struct MissedChunk {
        var range: Range<Int>
        var key: UInt64
        var last: Bool
        var place: Int
    }
    /// The paragraph's missed chunks, and their units put end to end (reused).
    private var missed: [MissedChunk] = []
    private var joined: [UInt16] = []

    /// ICU's boundaries of the missed chunks of `text`, found in one pass over them put end to end, with the letter
    /// after the last one when it does not end the paragraph; remembered (those short enough) and put into `found`
    /// at their places. False when a chunk's end (but the paragraph's) is not a soft boundary.
    ///
    /// Each chunk but the paragraph's first starts with a Latin letter or a “ and each ends with spaces after a character
    /// that makes the break before that letter certain, so the chunks put end to end break as each alone with the
    /// letter after it, with one ICU set-up per paragraph rather than per chunk; each end is checked as before.
    private func brokenTogether(_ text: UnsafeBufferPointer<UInt16>, table: inout Table, into found: inout [UInt32]) -> Bool {
        joined.removeAll(keepingCapacity: true)
        for chunk in missed { joined.append(contentsOf: text[chunk.range]) }
        if let final = missed.last, !final.last, final.range.upperBound < text.count { joined.append(text[final.range.upperBound]) }
        iterator.setText(joined)
        var boundaries: [UInt32] = [], ends: [Int] = []
        boundaries.reserveCapacity(joined.count / 4 + missed.count)
        ends.reserveCapacity(missed.count)
        var k = 0, base = 0  // missed[k]'s units are joined[base..<base + its length]
        iterator.forEachBoundary { offset, mandatory in
            while k < missed.count && offset > base + missed[k].range.count {
                ends.append(boundaries.count)
                base += missed[k].range.count
                k += 1
            }
            guard k < missed.count else { return }  // the end of the letter after the last chunk
            boundaries.append(UInt32(missed[k].range.lowerBound + offset - base) << 1 | (mandatory ? 1 : 0))
        }
        while ends.count < missed.count { ends.append(boundaries.count) }
        var merged: [UInt32] = []
        merged.reserveCapacity(found.count + boundaries.count)
        var from = 0
        for (k, chunk) in missed.enumerated() {
            let own = boundaries[(k == 0 ? 0 : ends[k - 1])..<ends[k]]
            guard chunk.last || own.last == UInt32(chunk.range.upperBound) << 1 else { return false }
            if chunk.range.count <= Self.maximumChunkLength {
                if table.count >= capacity { table = Table(bucketCount: table.bucketCount) }
                table.insert(chunk.key, text, chunk.range, last: chunk.last, boundaries: own)
            }
            merged.append(contentsOf: found[from..<chunk.place])
            merged.append(contentsOf: own)
            from = chunk.place
        }
        merged.append(contentsOf: found[from...])
        found = merged
        return true
    }

    /// Where the chunk starting at `start` ends (see the type's description), and whether it is plain: opening “s,
    /// Latin letters (apostrophes ' and ’ after the first), then closing punctuation (`, . ; : ! ? " ' ” ) ]`), then
    /// spaces. A plain chunk has one boundary, a soft one at its end, in every strictness: nothing breaks between
    /// letters (AL, LB28), before or after a quotation mark (QU, LB19), before closing punctuation (CP, EX, IS: LB13)
    /// or spaces (LB7), and LB18 breaks after the spaces; the paragraph's last chunk ends at the text's end, where ICU
    /// gives a soft boundary too (its rule status 0) when no mandatory break precedes it. Letters and spaces are
    /// passed a run at a time: a chunk can end only after spaces.
    @inline(__always)
    static func chunkEnd(_ text: UnsafeBufferPointer<UInt16>, from start: Int) -> (end: Int, plain: Bool) {
        var lastNonSpace: UInt16 = 0
        var shape = ChunkShape.empty
        var i = start
        let n = text.count
        while i < n {
            let unit = text[i]
            if unit == 0x20 {
                repeat { i += 1 } while i < n && text[i] == 0x20
                shape = shape.afterSpace
                if i < n && startsChunk(text[i]) && endsChunkBeforeSpaces(lastNonSpace) { return (i, shape == .spaces) }
            } else if isLatinLetter(unit) {
                repeat { i += 1 } while i < n && isLatinLetter(text[i])
                shape = shape.afterLetter
                lastNonSpace = text[i - 1]
            } else {
                shape = shape.after(unit)
                lastNonSpace = unit
                i += 1
            }
        }
        return (i, shape == .letters || shape == .closing || shape == .spaces)
    }

    /// The memo's key of the chunk `range` of `text`: the hash of its units and of whether it ends the paragraph.
    static func key(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, last: Bool) -> UInt64 {
        var h: UInt64 = 0xcbf29ce484222325
        for i in range { h = ShapeCache.mix(h, UInt64(text[i])) }
        return ShapeCache.finish(ShapeCache.mix(h, last ? 1 : 2))
    }

    /// How far a chunk is plain (see ``chunkEnd(_:from:)``): nothing yet, in its letters, its closing punctuation,
    /// its spaces, or not plain.
    enum ChunkShape: UInt8 {
        case empty, letters, closing, spaces, other

        @inline(__always) var afterSpace: ChunkShape { self == .letters || self == .closing || self == .spaces ? .spaces : .other }
        @inline(__always) var afterLetter: ChunkShape { self == .empty || self == .letters ? .letters : .other }

        /// The shape after `unit`, neither a space nor a Latin letter.
        @inline(__always) func after(_ unit: UInt16) -> ChunkShape {
            switch unit {
            case 0x201C: return self == .empty ? .empty : .other
            case 0x27, 0x2019: return self == .letters || self == .closing ? self : .other
            case 0x21, 0x22, 0x29, 0x2C, 0x2E, 0x3A, 0x3B, 0x3F, 0x5D, 0x201D:
                return self == .letters || self == .closing ? .closing : .other
            default: return .other
            }
        }
    }

    @inline(__always)
    static func isASCIILetter(_ unit: UInt16) -> Bool { (unit | 0x20) &- 0x61 < 26 }

    /// Whether `unit` is an ASCII letter or one of Latin-1's and Latin Extended-A's (U+00C0–U+017F but × and ÷, which
    /// are AI): all of line-break class AL.
    @inline(__always)
    static func isLatinLetter(_ unit: UInt16) -> Bool {
        isASCIILetter(unit) || (unit &- 0xC0 < 0xC0 && unit != 0xD7 && unit != 0xF7)
    }

    /// Whether a chunk may start with `unit` (after spaces that end the one before): a Latin letter or a “.
    @inline(__always)
    static func startsChunk(_ unit: UInt16) -> Bool { isLatinLetter(unit) || unit == 0x201C }

    /// Whether spaces after `unit` and then a letter or a “ always break: printable ASCII but an opening bracket
    /// (LB14), a Latin letter, or a closing ’ or ” (QU: LB15 keeps only an OP after them).
    @inline(__always)
    static func endsChunkBeforeSpaces(_ unit: UInt16) -> Bool {
        (unit >= 0x21 && unit <= 0x7E && unit != 0x28 && unit != 0x5B && unit != 0x7B)
            || unit == 0x2019 || unit == 0x201D || (unit &- 0xC0 < 0xC0 && unit != 0xD7 && unit != 0xF7)
    }

    /// The remembered chunks: open addressing on a 64-bit hash (linear probing, at most half full), the buckets
    /// keeping the hash's high half and where the record starts; a record is the chunk's length (with a flag for a
    /// paragraph's last chunk), its boundary count, its units and its boundaries (offset << 1 | mandatory, from the
    /// chunk's start).
    struct Table {
        private var buckets: [UInt64]
        private var arena: [UInt16] = []
        private(set) var count = 0
        var bucketCount: Int { buckets.count }
        private static let lastFlag: UInt16 = 0x8000

        init(bucketCount: Int) { buckets = [UInt64](repeating: 0, count: bucketCount) }

        /// The record of `text[range]`, or nil; and the bucket where the probe ended.
        @inline(__always)
        private func find(_ key: UInt64, _ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, last: Bool)
            -> (record: Int?, bucket: Int) {
            guard !buckets.isEmpty else { return (nil, 0) }
            let tag = key >> 32
            let header = UInt16(range.count) | (last ? Self.lastFlag : 0)
            return buckets.withUnsafeBufferPointer { buckets in
                arena.withUnsafeBufferPointer { arena in
                    let mask = buckets.count - 1
                    var bucket = Int(truncatingIfNeeded: key) & mask
                    while true {
                        let entry = buckets[bucket]
                        if entry == 0 { return (nil, bucket) }
                        if entry >> 32 == tag {
                            let r = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
                            if r >= 0, r + 2 + range.count <= arena.count, arena[r] == header {
                                var same = true
                                for k in 0..<range.count where arena[r + 2 + k] != text[range.lowerBound + k] { same = false; break }
                                if same { return (r, bucket) }
                            }
                        }
                        bucket = (bucket + 1) & mask
                    }
                }
            }
        }

        /// Appends the remembered boundaries of `text[range]` (moved to its start) to `found` and returns true, or
        /// returns false when the chunk is not remembered.
        @inline(__always)
        func append(_ key: UInt64, _ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, last: Bool,
                    into found: inout [UInt32]) -> Bool {
            guard let r = find(key, text, range, last: last).record else { return false }
            let start = UInt32(truncatingIfNeeded: range.lowerBound) << 1
            arena.withUnsafeBufferPointer { arena in
                let count = Int(arena[r + 1]), first = r + 2 + range.count
                guard first + count <= arena.count else { return }
                for k in 0..<count { found.append(start + UInt32(arena[first + k])) }
            }
            return true
        }

        /// Remembers the boundaries of `text[range]` (absolute, as `found` holds them).
        mutating func insert(_ key: UInt64, _ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, last: Bool,
                             boundaries: ArraySlice<UInt32>) {
            guard range.count <= LineBreakMemo.maximumChunkLength, boundaries.count <= LineBreakMemo.maximumChunkLength + 1,
                  arena.count < Int(UInt32.max) - 256 else { return }
            if (count + 1) * 2 > buckets.count { grow() }
            let bucket = find(key, text, range, last: last).bucket
            let r = arena.count
            arena.append(UInt16(range.count) | (last ? Self.lastFlag : 0))
            arena.append(UInt16(boundaries.count))
            arena.append(contentsOf: text[range])
            let start = UInt32(truncatingIfNeeded: range.lowerBound) << 1
            for boundary in boundaries { arena.append(UInt16(truncatingIfNeeded: boundary - start)) }
            buckets[bucket] = (key >> 32) << 32 | UInt64(r + 1)
            count += 1
        }

        /// Doubles the buckets and places every record again.
        private mutating func grow() {
            buckets = [UInt64](repeating: 0, count: max(1024, buckets.count * 2))
            let mask = buckets.count - 1
            var r = 0
            while r + 2 <= arena.count {
                let header = arena[r], length = Int(header & ~Self.lastFlag), boundaryCount = Int(arena[r + 1])
                let key = arena.withUnsafeBufferPointer {
                    LineBreakMemo.key($0, (r + 2)..<min(r + 2 + length, $0.count), last: header & Self.lastFlag != 0)
                }
                var bucket = Int(truncatingIfNeeded: key) & mask
                while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
                buckets[bucket] = (key >> 32) << 32 | UInt64(r + 1)
                r += 2 + length + boundaryCount
            }
        }
    }
}
