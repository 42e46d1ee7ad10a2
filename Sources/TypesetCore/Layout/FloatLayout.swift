/// The floated boxes of a text (CSS 2.1 §9.5), sized before pagination: each box's width (its `width`, else shrunk
/// to the widest of its lines as set in the column, §10.3.5, never wider than the column) and its paragraphs set
/// again in that width at their side of the column. Where a box sits down the page, and the shortening of the lines
/// beside it, is the paginator's (see ``Paginator``).
struct FloatLayout {
    /// One floated box: consecutive paragraphs with the same float.
    struct Box: Sendable {
        /// Document paragraph indices.
        var paragraphs: Range<Int>
        var side: BlockFloat.Side
        /// Its width in points, and where it starts from the column's left edge.
        var width: Float
        var x: Float
        var followsLine: Bool
        /// Where it occurs in the text of the paragraph after it (``BlockFloat/anchor``).
        var anchor: Int?
    }

    private(set) var boxes: [Int: Box] = [:]
    /// Each floated paragraph's box's first paragraph (document indices).
    private var starts: [Int: Int] = [:]

    init() {}

    /// Finds and sizes the boxes of `paragraphRange`, replacing their paragraphs' layouts (`layouts[i]` is paragraph
    /// `paragraphRange.lowerBound + i`) by layouts in their boxes; `relayout(paragraph, cell)` sets one paragraph in
    /// a box. Linear in the paragraphs; each floated paragraph is set twice.
    init(_ text: StyledText, paragraphRange: Range<Int>, layouts: inout [ParagraphLayout], columnWidth: Float, emSize: Float,
         relayout: (Int, CellBox) -> ParagraphLayout) {
        let first = paragraphRange.lowerBound
        for (paragraphs, float) in text.runs(in: paragraphRange, of: { $0.float }, continuedBy: { !$0.startsBox }) {
            let width = Self.width(of: float, paragraphs: (paragraphs.lowerBound - first)..<(paragraphs.upperBound - first),
                                   layouts: layouts, columnWidth: columnWidth, emSize: emSize)
            let x = float.side == .left ? 0 : columnWidth - width
            for p in paragraphs { layouts[p - first] = relayout(p, CellBox(x: x, width: width)) }
            for p in paragraphs { starts[p] = paragraphs.lowerBound }
            boxes[paragraphs.lowerBound] = Box(paragraphs: paragraphs, side: float.side, width: width, x: x,
                                               followsLine: float.followsLine, anchor: float.anchor)
        }
    }

    /// The box that starts at document paragraph `index`, if one does.
    func box(startingAt index: Int) -> Box? { boxes.isEmpty ? nil : boxes[index] }

    /// The box document paragraph `index` is in, if it is in one.
    func box(containing index: Int) -> Box? { starts.isEmpty ? nil : starts[index].flatMap { boxes[$0] } }

    /// A box's used width: its own (its content's, CSS 2.1 §10.3.5, so its margins, borders and padding, the
    /// least indents of its paragraphs, are added), else its content's widest line in the column (indents
    /// included, a point more so that the same lines fit again), at least a point and at most the column.
    static func width(of float: BlockFloat, paragraphs: Range<Int>, layouts: [ParagraphLayout], columnWidth: Float,
                      emSize: Float) -> Float {
        let width: Float
        let indents = paragraphs.map { columnWidth - layouts[$0].available }.min() ?? 0
        switch float.width {
        case .points(let points)?: width = Float(points) + max(0, indents)
        case .ems(let ems)?: width = Float(ems) * emSize + max(0, indents)
        case .percent(let percent)?: width = columnWidth * Float(percent) / 100 + max(0, indents)
        case nil:
            var widest: Float = 0
            for local in paragraphs {
                let layout = layouts[local]
                let indents = columnWidth - layout.available
                for (index, line) in layout.lines.enumerated() {
                    let indent = index == 0 ? max(0, layout.firstLineIndent) : 0
                    widest = max(widest, line.width + indents + indent)
                }
            }
            width = widest + 1
        }
        return min(max(1, width.isFinite ? width : columnWidth), columnWidth)
    }
}
