extension XHTMLConverter {
    // MARK: Avoided breaks

    /// A block about to make its paragraphs from `first` on, with `break-before: avoid` (CSS Fragmentation 3
    /// §3.1): the paragraph before it keeps with its first one. The paginator gives way when the two cannot
    /// share a column (§4.4).
    mutating func avoidBreak(before style: ComputedStyle, first: Int) {
        guard style.breakBefore == .avoid, style.isSeen, first > 0, first <= output.paragraphs.count else { return }
        output.paragraphs[first - 1].style.keepsWithNext = true
    }

    /// A block that made paragraphs `first..<output.paragraphs.count`, flushed: `break-inside: avoid` keeps them
    /// in one column (each whole, each with the next), `break-after: avoid` keeps its last one with what follows
    /// (§3.1–3.2). A break forced inside the block (a section start) still breaks it.
    mutating func avoidBreaks(of style: ComputedStyle, from first: Int) {
        let end = output.paragraphs.count
        guard style.isSeen, first < end else { return }
        if style.avoidsBreakInside {
            for index in first..<end {
                output.paragraphs[index].style.keepsLinesTogether = true
                if index + 1 < end { output.paragraphs[index].style.keepsWithNext = true }
            }
        }
        if style.breakAfter == .avoid { output.paragraphs[end - 1].style.keepsWithNext = true }
    }
}
