/// Hanging punctuation at line ends (JLReq's burasage, CSS `hanging-punctuation: allow-end`): an ideographic full
/// stop or comma that does not fit at the end of a full line may hang past the line's end rather than push the
/// character before it down to the next line (kinsoku keeps the two together).
enum HangingPunctuation {
    /// The stops and commas that may hang (JLReq cl-06 and cl-07, with their half-width and vertical forms):
    /// `、` `。` `，` `．` `｡` `､` `︐` `︑` `︒`.
    @inline(__always)
    static func mayHang(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF61, 0xFF64, 0xFE10, 0xFE11, 0xFE12: true
        default: false
        }
    }

    /// The advance of the line's last cluster, in points, when it is a stop or comma that may hang, for a line from
    /// `start` whose visible text ends at `end`; else 0.
    static func endHang(content: ArraySlice<UInt16>, metrics: ParagraphMetrics, start: Int, end: Int) -> Double {
        guard start < end, end <= content.count, mayHang(content[content.startIndex + end - 1]) else { return 0 }
        var first = end - 1
        while first > start, !metrics.isClusterStart(first) { first -= 1 }
        return max(0, metrics.width(first, end))
    }
}
