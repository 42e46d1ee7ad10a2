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

/// The break records of one paragraph (see ``BreakRecord``): a block of their own, written once, kept by the
/// paragraph's ``ParagraphBasis`` and read through a pointer (no reference counted per paragraph of a relayout).
final class BreakRecordList: @unchecked Sendable {
    /// The records, one per candidate: valid as long as this list lives, never written after `init`.
    let records: UnsafeBufferPointer<BreakRecord>

    /// The records of a paragraph of `count` content units whose candidates are `candidates` (ascending), with its
    /// em prefix sums `prefix` and `clusterStarts` (`count + 1` each) and its `units`; nil when the arrays are short or a
    /// prefix sum is negative (no flag bit to spare).
    init?(candidates: UnsafeBufferPointer<UInt32>, prefix: UnsafeBufferPointer<Float>, clusterStarts: UnsafeBufferPointer<UInt8>,
          units: UnsafeBufferPointer<UInt16>, count: Int) {
        guard !candidates.isEmpty, prefix.count > count, clusterStarts.count > count, units.count >= count,
              let block = UnsafeMutableBufferPointer<BreakRecord>.allocate(capacity: candidates.count).baseAddress else { return nil }
        for (k, candidate) in candidates.enumerated() {
            let offset = min(BreakCandidate.offset(candidate), count)
            var trailing = 0
            while trailing <= BreakRecord.maximumTrailing, offset - trailing > 0,
                  CharacterClass.isHangingSpace(units[offset - trailing - 1]) {
                trailing += 1
            }
            let whole = prefix[offset], visibleEnd = offset - trailing
            guard whole.sign == .plus else { block.deallocate(); return nil }
            let measured = trailing <= BreakRecord.maximumTrailing
                && visibleEnd >> ParagraphMetrics.blockShift == offset >> ParagraphMetrics.blockShift
                && prefix[visibleEnd].sign == .plus
            (block + k).initialize(to: BreakRecord(
                wholeBits: whole.bitPattern | (clusterStarts[offset] != 0 ? 0 : BreakRecord.flag),
                visibleBits: measured ? prefix[visibleEnd].bitPattern : BreakRecord.flag))
        }
        records = UnsafeBufferPointer(start: block, count: candidates.count)
    }

    deinit { records.deallocate() }

    /// Asks the processor for `records` (every cache line, up to 2 KiB), as a relayout does a few paragraphs ahead.
    @inline(__always)
    static func prefetch(_ records: UnsafeBufferPointer<BreakRecord>) {
        guard let start = records.baseAddress else { return }
        let bytes = min(records.count * MemoryLayout<BreakRecord>.stride, 2048)
        var line = 0
        while line < bytes { typeset_prefetch(UnsafeRawPointer(start) + line); line += 64 }
    }
}
