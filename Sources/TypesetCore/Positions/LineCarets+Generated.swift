/// Generated text in caret geometry: a list marker is drawn but is no character of the text, so no caret is drawn
/// at its edge and no point on it answers a character. Its units have no caret stop of their own (they join the
/// grapheme beside them, as hidden units do: see ``CaretSpan``); here the line's graphemes are measured with the
/// generated units as pieces of their own, which are then dropped, the grapheme they join taking their range but
/// not their extent.
extension LineCarets {
    /// `stops` (content-relative caret stops of a line, ascending) with the edges of `spans` inside `line` added.
    static func boundaries(_ stops: [Int], addingEdgesOf spans: [CaretSpan], within line: ClosedRange<Int>) -> [Int] {
        var edges = Set(stops)
        for span in spans {
            for edge in [span.start, span.end] where line.contains(edge) { edges.insert(edge) }
        }
        return edges.sorted()
    }

    /// `fragments` without those of generated units, the grapheme each span joins extended over the span's units.
    static func foldingGenerated(_ fragments: [CaretGrapheme], spans: [CaretSpan], contentStart: UTF16Offset) -> [CaretGrapheme] {
        var result: [CaretGrapheme] = []
        result.reserveCapacity(fragments.count)
        for var fragment in fragments {
            let start = fragment.start - contentStart, end = fragment.end - contentStart
            if spans.contains(where: { $0.start <= start && end <= $0.end }) { continue }
            if let span = spans.first(where: { $0.end == start && $0.kind == .hiddenBeforeText }) {
                fragment.start = contentStart + span.start
            }
            if let span = spans.first(where: { $0.start == end && $0.kind == .hiddenAfterText }) {
                fragment.end = contentStart + span.end
            }
            result.append(fragment)
        }
        return result
    }
}
