/// A paragraph's content without its hidden units, for the segmentations that must not see markup (line-break
/// opportunities, words, sentences): ICU runs over ``units`` and each boundary it finds is mapped back to the
/// source offset of the caret stop between the visible units around it (see ``CaretSpan``).
struct VisibleText {
    /// The visible units, in order.
    let units: [UInt16]
    /// For each visible unit, its content-relative offset in the source.
    private let sources: [Int32]
    /// The content's spans and length.
    private let spans: [CaretSpan]
    private let sourceCount: Int

    /// The visible part of `content` (content-relative units) given its caret spans.
    init<Units: RandomAccessCollection<UInt16>>(_ content: Units, spans: [CaretSpan]) where Units.Index == Int {
        var units: [UInt16] = []
        var sources: [Int32] = []
        units.reserveCapacity(content.count)
        sources.reserveCapacity(content.count)
        var next = 0
        func take(upTo end: Int) {
            while next < end {
                units.append(content[content.startIndex + next])
                sources.append(Int32(next))
                next += 1
            }
        }
        for span in spans where span.isHidden {
            take(upTo: span.start)
            next = max(next, span.end)
        }
        take(upTo: content.count)
        self.units = units
        self.sources = sources
        self.spans = spans
        sourceCount = content.count
    }

    /// The number of visible units whose source offset is below `source` (content-relative).
    func count(before source: Int) -> Int {
        sources.partitioningIndex { Int($0) >= source }
    }

    /// The source offset (content-relative) of the visible boundary `boundary` (0...units.count): the start or
    /// end of the content, or the caret stop between visible units `boundary - 1` and `boundary`, which is
    /// before the hidden units between them when they join the unit after, and after them otherwise.
    func sourceOffset(ofBoundary boundary: Int) -> Int {
        if boundary >= units.count { return sourceCount }
        if boundary <= 0 { return 0 }
        let after = Int(sources[boundary])
        let before = Int(sources[boundary - 1]) + 1
        guard before < after else { return after }
        return CaretSpan.allowsStop(at: before, in: spans) ? before : after
    }
}
