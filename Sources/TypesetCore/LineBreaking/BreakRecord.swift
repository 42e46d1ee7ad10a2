internal import CMemory

/// One break candidate of a plain paragraph as the greedy breaker reads it beside the candidate itself: where its
/// text ends (the em prefix sum at its offset) and where it ends without the white space that hangs at a line's end,
/// in 8 bytes. Worked out once per paragraph, before any width is known (``ParagraphBasis/records``), so that a
/// relayout reads the candidates and these alone, rather than the prefix sums, cluster starts and units the candidates
/// point into (7.7 bytes a unit to fetch per relayout, which waited on memory more than it computed; about 2 with these).
///
/// Positions are the shaped paragraph's own em prefix sums (``ParagraphMetrics/prefix``, relative to the block of the
/// candidate's offset), copied, so that every width worked out from them is the number worked out from the prefix sums.
/// They are never negative (the paragraph's widths are monotone), which leaves each one's sign bit for a flag.
struct BreakRecord {
    /// The prefix sum at the offset; its sign bit set when no cluster starts there (no line may end there).
    let wholeBits: UInt32
    /// The prefix sum at the offset less the hanging white space before it; its sign bit set when the breaker must
    /// look at the units instead (that end lies in an earlier block, or more than ``maximumTrailing`` units hang).
    let visibleBits: UInt32

    static let flag: UInt32 = 0x8000_0000
    /// The most hanging units a record measures back from its offset.
    static let maximumTrailing = 64

    /// The prefix sum at the offset, relative to its block.
    @inline(__always) var whole: Float { Float(bitPattern: wholeBits & ~Self.flag) }
    @inline(__always) var isClusterStart: Bool { wholeBits & Self.flag == 0 }
    /// The prefix sum where the text ends without what hangs, relative to the offset's block; nil: look at the units.
    @inline(__always) var visible: Float? { visibleBits & Self.flag == 0 ? Float(bitPattern: visibleBits) : nil }
}

/// The break records of a run of paragraphs (see ``BreakRecord``): one block, written once, kept by the paragraphs'
/// ``ParagraphBasis``es and read through pointers into it (no reference counted per paragraph of a relayout; one
/// allocation for a layout worker's run of paragraphs, not one per paragraph).
final class BreakRecordList: @unchecked Sendable {
    /// The records, one per candidate of each paragraph in turn: valid as long as this list lives, never written
    /// after `init`.
    let records: UnsafeBufferPointer<BreakRecord>

    /// The records of one paragraph (see ``write(_:candidates:prefix:clusterStarts:units:count:)``); nil when it cannot
    /// have them.
    init?(candidates: UnsafeBufferPointer<UInt32>, prefix: UnsafeBufferPointer<Float>, clusterStarts: UnsafeBufferPointer<UInt8>,
          units: UnsafeBufferPointer<UInt16>, count: Int) {
        guard let block = UnsafeMutableBufferPointer<BreakRecord>.allocate(capacity: max(1, candidates.count)).baseAddress else { return nil }
        guard Self.write(block, candidates: candidates, prefix: prefix, clusterStarts: clusterStarts, units: units, count: count) else {
            block.deallocate()
            return nil
        }
        records = UnsafeBufferPointer(start: block, count: candidates.count)
    }

    private init(_ records: UnsafeBufferPointer<BreakRecord>) { self.records = records }

    deinit { records.deallocate() }

    /// Gives `bases` (of a run of paragraphs, in order) the records of each paragraph that can take them: measured in
    /// place, broken at its own opportunities, its widths monotone (`paragraph(k)`: the source paragraph and shaped
    /// paragraph of `bases[k]`). The records of all of them go in one block. In place: a copy of the bases, or of a
    /// basis, retained its arrays (a first layout's paragraphs paid that once more each).
    static func attach(to bases: inout [ParagraphBasis],
                       paragraph: (Int) -> (source: UnsafePointer<Paragraph>, shaped: ShapedParagraph)) {
        var takers: [(index: Int, source: UnsafePointer<Paragraph>, shaped: ShapedParagraph)] = []
        var total = 0
        for k in bases.indices where bases[k].hasMetrics && bases[k].hyphenatedCandidates == nil {
            let (source, shaped) = paragraph(k)
            let count = shaped.breakBuffer.count
            guard shaped.hasMonotoneWidthsAndPlainBreaks, count > 0 else { continue }
            takers.append((k, source, shaped))
            total += count
        }
        guard total > 0, let block = UnsafeMutableBufferPointer<BreakRecord>.allocate(capacity: total).baseAddress else { return }
        let list = BreakRecordList(UnsafeBufferPointer(start: block, count: total))
        var next = 0
        for taker in takers {
            let candidates = taker.shaped.breakBuffer, count = taker.shaped.contentLength
            let written = taker.source.pointee.units.withUnsafeBufferPointer { all in
                let range = taker.source.pointee.contentRange
                guard range.lowerBound >= 0, range.upperBound <= all.count else { return false }
                return write(block + next, candidates: candidates, prefix: bases[taker.index].metrics.prefix,
                             clusterStarts: bases[taker.index].metrics.clusterStarts, units: UnsafeBufferPointer(rebasing: all[range]),
                             count: count)
            }
            guard written else { continue }
            bases[taker.index].records = UnsafeBufferPointer(start: block + next, count: candidates.count)
            bases[taker.index].recordList = list
            next += candidates.count
        }
    }

    /// Writes the records of a paragraph of `count` content units whose candidates are `candidates` (ascending), with
    /// its em prefix sums `prefix` and `clusterStarts` (`count + 1` each) and its `units`, at `block` (room for one
    /// per candidate); false when the arrays are short or a prefix sum is negative (no flag bit to spare).
    static func write(_ block: UnsafeMutablePointer<BreakRecord>, candidates: UnsafeBufferPointer<UInt32>, prefix: UnsafeBufferPointer<Float>,
                      clusterStarts: UnsafeBufferPointer<UInt8>, units: UnsafeBufferPointer<UInt16>, count: Int) -> Bool {
        guard !candidates.isEmpty, prefix.count > count, clusterStarts.count > count, units.count >= count else { return false }
        for (k, candidate) in candidates.enumerated() {
            let offset = min(BreakCandidate.offset(candidate), count)
            var trailing = 0
            while trailing <= BreakRecord.maximumTrailing, offset - trailing > 0,
                  CharacterClass.isHangingSpace(units[offset - trailing - 1]) {
                trailing += 1
            }
            let whole = prefix[offset], visibleEnd = offset - trailing
            guard whole.sign == .plus else { (block).deinitialize(count: k); return false }
            let measured = trailing <= BreakRecord.maximumTrailing
                && visibleEnd >> ParagraphMetrics.blockShift == offset >> ParagraphMetrics.blockShift
                && prefix[visibleEnd].sign == .plus
            (block + k).initialize(to: BreakRecord(
                wholeBits: whole.bitPattern | (clusterStarts[offset] != 0 ? 0 : BreakRecord.flag),
                visibleBits: measured ? prefix[visibleEnd].bitPattern : BreakRecord.flag))
        }
        return true
    }

    /// Asks the processor for `records` (every cache line, up to 2 KiB), as a relayout does a few paragraphs ahead.
    @inline(__always)
    static func prefetch(_ records: UnsafeBufferPointer<BreakRecord>) {
        guard let start = records.baseAddress else { return }
        let bytes = min(records.count * MemoryLayout<BreakRecord>.stride, 2048)
        var line = 0
        while line < bytes { typeset_prefetch(UnsafeRawPointer(start) + line); line += 64 }
    }
}
