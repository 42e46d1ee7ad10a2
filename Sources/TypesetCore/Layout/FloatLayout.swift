/// The floated boxes of a text (CSS 2.1 §9.5), sized before pagination: each box's width (its `width`, else shrunk
/// to the widest of its lines as set in its containing block, §10.3.5, never wider than it) and its paragraphs set
/// again in that width at their side of the containing block: the column, or for a float in a table cell the
/// cell's content box (§9.5: a float is placed in its containing block; the cell is a block formatting context
/// root, §9.4.1). Where a box sits down the page, and the shortening of the lines beside it, is the paginator's
/// (see ``Paginator``).
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
        /// The left edge of its containing block from the column's: 0 in the column, a table cell's content box's
        /// offset for a float in a cell (the paginator places it in the cell as in a column of the cell's width).
        var containerX: Float = 0
        /// How far from the container's edge on its side it stands at least, in points (``BlockFloat/inset``).
        var inset: Float = 0
    }

    private(set) var boxes: [Int: Box] = [:]
    /// Each floated paragraph's box's first paragraph (document indices).
    private var starts: [Int: Int] = [:]

    init() {}

    /// Whether the text has no floated box.
    var isEmpty: Bool { boxes.isEmpty }

    /// Finds and sizes the boxes of `paragraphRange`, replacing their paragraphs' layouts (`layouts[i]` is paragraph
    /// `paragraphRange.lowerBound + i`) by layouts in their boxes; `relayout(settings)` sets paragraphs in boxes, a
    /// layout for each (paragraph, box) in order: all of them in one call, as they are independent (each box's
    /// width is read from its own paragraphs' first layouts), so that the caller may set them in parallel. A floated
    /// paragraph with a box in `cellBoxes` (a table cell's content box, which the paragraph was set in) floats in that
    /// box instead of the column. `narrowest` gives a paragraph's narrowest width without breaking a word (indents
    /// included, in points), which a float with a `width` is never narrower than: CSS lets such a word overflow the
    /// box, a page has no room past it, and a paragraph number in a float 2 % wide broke into a digit a line.
    /// Linear in the paragraphs; each floated paragraph is set twice.
    init(_ text: StyledText, paragraphRange: Range<Int>, layouts: inout [ParagraphLayout], columnWidth: Float, emSize: Float,
         cellBoxes: [Int: CellBox] = [:], narrowest: ((Int) -> Float)? = nil,
         relayout: ([(paragraph: Int, box: CellBox)]) -> [ParagraphLayout]) {
        let first = paragraphRange.lowerBound
        var settings: [(paragraph: Int, box: CellBox)] = []
        for (paragraphs, float) in text.runs(in: paragraphRange, of: { $0.float }, continuedBy: { !$0.startsBox }) {
            let container = cellBoxes.isEmpty ? nil : cellBoxes[paragraphs.lowerBound]
            let containerWidth = container?.width ?? columnWidth, containerX = container?.x ?? 0
            let em = emSize * (container?.scale ?? 1)
            // Its containing block's edges, at most half the container in (as the layout limits indents).
            let half = max(0, (containerWidth - 1) / 2)
            let inset = min(Float(float.inset) * em, half)
            let containingWidth = max(1, containerWidth - inset - min(Float(float.farInset) * em, half))
            var width = Self.width(of: float, paragraphs: (paragraphs.lowerBound - first)..<(paragraphs.upperBound - first),
                                   layouts: layouts, columnWidth: containerWidth, inset: inset,
                                   containingWidth: containingWidth, emSize: em)
            if float.width != nil, let narrowest {
                let longest = paragraphs.map { narrowest($0) * (container?.scale ?? 1) }.max() ?? 0
                width = min(max(width, longest), max(1, containerWidth - inset))
            }
            let x = containerX + (float.side == .left ? inset : containerWidth - inset - width)
            let box = CellBox(x: x, width: width, objectWidth: container?.width, scale: container?.scale ?? 1)
            for p in paragraphs { settings.append((p, box)) }
            for p in paragraphs { starts[p] = paragraphs.lowerBound }
            boxes[paragraphs.lowerBound] = Box(paragraphs: paragraphs, side: float.side, width: width, x: x,
                                               followsLine: float.followsLine, anchor: float.anchor, containerX: containerX,
                                               inset: inset)
        }
        guard !settings.isEmpty else { return }
        for (setting, layout) in zip(settings, relayout(settings)) { layouts[setting.paragraph - first] = layout }
    }

    /// The box that starts at document paragraph `index`, if one does.
    func box(startingAt index: Int) -> Box? { boxes.isEmpty ? nil : boxes[index] }

    /// The box document paragraph `index` is in, if it is in one.
    func box(containing index: Int) -> Box? { starts.isEmpty ? nil : starts[index].flatMap { boxes[$0] } }

    /// A box's used width: its own (its content's, CSS 2.1 §10.3.5, so its margins, borders and padding are added:
    /// its ``BlockFloat/room``, else the least indents of its paragraphs), else its content's widest line in the
    /// column (indents included, a point more so that the same lines fit again), at least a point and at most the
    /// column (the container its paragraphs were first set in) less its `inset` in points. A percentage width and
    /// room are of `containingWidth` (its containing block's, the column's when nil). `emSize` is the body's size
    /// in the container (a scaled table's cell scales it).
    static func width(of float: BlockFloat, paragraphs: Range<Int>, layouts: [ParagraphLayout], columnWidth: Float,
                      inset: Float = 0, containingWidth: Float? = nil, emSize: Float) -> Float {
        let width: Float, room = columnWidth - inset, containing = containingWidth ?? columnWidth
        // Not the paragraphs' own indents: a paragraph's margins are inside the float's content box.
        let indents = float.room.map { Float($0) * emSize + Float(float.roomFraction) * containing }
            ?? paragraphs.map { columnWidth - layouts[$0].available }.min() ?? 0
        switch float.width {
        case .points(let points)?: width = Float(points) + max(0, indents)
        case .ems(let ems)?: width = Float(ems) * emSize + max(0, indents)
        case .percent(let percent)?: width = containing * Float(percent) / 100 + max(0, indents)
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
        return min(max(1, width.isFinite ? width : room), max(1, room))
    }
}
