/// Draws inline boxes (``InlineBox``) as boxes on their lines: a pass over a page's glyph runs that gathers, for
/// each box on each line, the runs inside it into one fragment (CSS 2.1 §9.4.2: a box split across lines is one
/// fragment per line) and makes it a ``BlockBox`` the renderer draws as it draws a block's: background, then border.
///
/// A fragment spans its runs' pen extent (which holds the room shaping gave the edges), less the margins and the
/// edges of the boxes outside it that start or end there. Across the line it is the box's content area (its font's
/// ascent and descent at its size, about the baseline of its own text) grown by its top and bottom padding and
/// border. Sliced (`box-decoration-break: slice`): the start edge's border is drawn on the fragment holding the
/// box's first character only, the end edge's on the one holding its last. Outer boxes come first, so that a box
/// inside another is drawn over its parent's background. Horizontal lines only.
package enum InlineBoxPass {
    /// One box's part on one line, as it is gathered.
    private struct Fragment {
        var box: InlineBox
        var depth: Int
        var lineTop: Double
        var minX: Double, maxX: Double
        /// Room inside the pen extent on the left and right: the margins, and the outer boxes' edges there.
        var leftInset = 0.0, rightInset = 0.0
        var startsHere = false, endsHere = false
        var rightToLeft: Bool
        var emSize: Double
        /// The run whose metrics give the content area, and whether it is the box's own text (not a child's).
        var baseline: Double, ascent: Double, descent: Double, own: Bool
    }

    /// The boxes to draw for `runs` (a page's, as ``BookLayout/glyphRuns(onPage:)`` gives them), outer boxes before
    /// the boxes inside them; empty when no run is inside an inline box.
    package static func boxes(for runs: [GlyphRun]) -> [BlockBox] {
        guard runs.contains(where: { $0.inlineBoxes != nil }) else { return [] }
        var fragments: [Fragment] = []
        var open: [Int: Int] = [:]  // box id → index in fragments, for the line being read
        var lineTop = -Double.infinity
        for run in runs {
            guard let inside = run.inlineBoxes, run.orientation == .horizontal else { continue }
            if run.lineTop != lineTop { open.removeAll(keepingCapacity: true); lineTop = run.lineTop }
            for (k, box) in inside.boxes.prefix(InlineBox.maximumNesting).enumerated() {
                let piece = piece(of: run, inside, box: box, depth: k)
                if let index = open[box.id] {
                    merge(piece, into: &fragments[index])
                } else {
                    open[box.id] = fragments.count
                    fragments.append(piece)
                }
            }
        }
        // Outer boxes first (a stable sort keeps each depth in the order of its text).
        let ordered = fragments.enumerated().sorted { ($0.element.depth, $0.offset) < ($1.element.depth, $1.offset) }
        return ordered.map { blockBox(for: $0.element) }
    }

    /// Box `box`'s part in `run` (box `depth` of `inside`).
    private static func piece(of run: GlyphRun, _ inside: InlineBoxRun, box: InlineBox, depth: Int) -> Fragment {
        let bit: UInt8 = 1 << depth
        let outer: UInt8 = bit &- 1
        let rightToLeft = inside.rightToLeft
        var fragment = Fragment(box: box, depth: depth, lineTop: run.lineTop, minX: run.minX, maxX: run.maxX,
                                rightToLeft: rightToLeft, emSize: inside.emSize, baseline: run.baseline,
                                ascent: run.face.ascent, descent: run.face.descent, own: inside.boxes.count == depth + 1)
        // The outer boxes' edges that are in this run lie outside this box, and so do its margins.
        if inside.starts & bit != 0 {
            fragment.startsHere = true
            let inset = (InlineBoxRun.startRoom(inside.boxes, inside.starts & outer, rightToLeft: rightToLeft)
                         + (rightToLeft ? box.marginRight : box.marginLeft)) * inside.emSize
            if rightToLeft { fragment.rightInset = inset } else { fragment.leftInset = inset }
        }
        if inside.ends & bit != 0 {
            fragment.endsHere = true
            let inset = (InlineBoxRun.endRoom(inside.boxes, inside.ends & outer, rightToLeft: rightToLeft)
                         + (rightToLeft ? box.marginLeft : box.marginRight)) * inside.emSize
            if rightToLeft { fragment.leftInset = inset } else { fragment.rightInset = inset }
        }
        return fragment
    }

    /// Widens `fragment` by `piece`, another run of the same box on the same line.
    private static func merge(_ piece: Fragment, into fragment: inout Fragment) {
        if piece.minX < fragment.minX { fragment.minX = piece.minX; fragment.leftInset = piece.leftInset }
        else if piece.minX == fragment.minX { fragment.leftInset = max(fragment.leftInset, piece.leftInset) }
        if piece.maxX > fragment.maxX { fragment.maxX = piece.maxX; fragment.rightInset = piece.rightInset }
        else if piece.maxX == fragment.maxX { fragment.rightInset = max(fragment.rightInset, piece.rightInset) }
        fragment.startsHere = fragment.startsHere || piece.startsHere
        fragment.endsHere = fragment.endsHere || piece.endsHere
        if piece.own && !fragment.own {
            fragment.own = true
            fragment.baseline = piece.baseline; fragment.ascent = piece.ascent; fragment.descent = piece.descent
        }
    }

    /// The box drawn for `fragment`: its border box, the border edges this fragment has.
    private static func blockBox(for fragment: Fragment) -> BlockBox {
        let box = fragment.box, em = fragment.emSize
        let size = box.fontScale * em
        let top = fragment.baseline - fragment.ascent * size - (box.padding.top + box.border.top.usedWidth) * em
        let bottom = fragment.baseline + fragment.descent * size + (box.padding.bottom + box.border.bottom.usedWidth) * em
        let left = fragment.minX + fragment.leftInset
        let right = max(left, fragment.maxX - fragment.rightInset)
        // Sliced: the sides are drawn where the box starts and ends (the start on the right in right-to-left text).
        let (leftDrawn, rightDrawn) = fragment.rightToLeft ? (fragment.endsHere, fragment.startsHere)
            : (fragment.startsHere, fragment.endsHere)
        var edges = box.border
        if !leftDrawn { edges.left = BorderEdge() }
        if !rightDrawn { edges.right = BorderEdge() }
        return BlockBox(rect: Rect(x: left, y: top, width: right - left, height: max(0, bottom - top)),
                        background: box.background, edges: edges, emSize: em)
    }
}
