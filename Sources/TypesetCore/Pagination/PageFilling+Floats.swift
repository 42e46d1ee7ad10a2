/// The float steps of ``PageFilling`` (CSS 2.1 §9.5): a floated box placed at its side of the column, and the
/// paragraphs after it cleared below it or set again with their first lines shortened beside it.
extension PageFilling {
    /// Moves below every float (before a table or a multi-column block, which are not set beside floats) and ends
    /// their band.
    mutating func clearFloats() {
        if let clearTo = band.bottom(of: .both) { y = max(y, clearTo) }
        band.settle(at: y, placements: placements.count, into: &tableRows)
    }

    /// Clears the floats `index` asks to be below, and those it cannot be set beside; sets it again with its
    /// first lines shortened beside the others.
    mutating func setBesideFloats(_ index: Int) {
        let local = index - first
        let style = text.paragraphs[index].style
        let spacing = Double(y == columnTop ? 0 : layouts[local].spaceBefore)
        band.settle(at: y + spacing, placements: placements.count, into: &tableRows)
        if let clearTo = band.bottom(of: style.clear) { y = max(y, clearTo - spacing) }
        band.settle(at: y + spacing, placements: placements.count, into: &tableRows)
        guard !band.floats.isEmpty, let relayout = paginator.relayout else { return }
        let room = band.room(columnWidth: columnWidth)
        let narrowest = narrowestBeside
        if style.dropCap != nil || (style.isTableCell && !inCell) || style.float != nil || room.width < narrowest {
            // No room beside them (or a drop cap, whose lines are narrowed already): below them.
            y = max(y, band.lowest - spacing)
            band.settle(at: y + spacing, placements: placements.count, into: &tableRows)
            return
        }
        if let (beside, exclusion) = FloatBand.besideLayout(layouts[local], height: Float(band.lowest - (y + spacing)),
                                                            room: Float(columnBottom - (y + spacing)), left: room.left,
                                                            right: room.right, relayout: { relayout(index, $0) }) {
            layouts[local] = beside
            exclusions[index] = exclusion
        }
    }

    /// The narrowest a line beside floats may be (``FloatBand/narrowestBeside(columnWidth:emSize:)``); in a table
    /// cell, whose width its content (its floats' beside its text's) decided, 4 em or a fifth of the cell, whichever
    /// is narrower, so that the text a cell was sized to hold beside its float is set there.
    var narrowestBeside: Float {
        let emSize = Float(paginator.settings.fontSize)
        return inCell ? min(4 * emSize, columnWidth / 5) : FloatBand.narrowestBeside(columnWidth: columnWidth, emSize: emSize)
    }

    /// Places a floated box at its side of the column: beside the last line before it when it follows that
    /// line and there is room, else at the current line (below the floats on its side, or below every float
    /// when there is no room beside them), in the next column when it does not fit in this one; a box taller than
    /// a column is set in the flow.
    mutating func placeFloat(_ box: FloatLayout.Box) {
        // Its lines, and its own box's border and padding above and below them.
        let decoration = decorationSpace(of: box)
        let height = box.paragraphs.reduce(decoration.above + decoration.below) { sum, p in
            let layout = layouts[p - first]
            return sum + (p == box.paragraphs.lowerBound ? 0 : layout.spaceBefore) + layout.height + layout.spaceAfter
        }
        guard Double(height) <= columnBottom - columnTop else {
            for p in box.paragraphs { placeLines(of: p) }
            return
        }
        band.settle(at: y, placements: placements.count, into: &tableRows)
        var (top, besideLine) = floatTop(box, height: height)
        if (top + Double(height) > columnBottom + 0.01 && top > columnTop) || hostMovesOn(box, besideLine: besideLine) {
            breakColumn(before: text.paragraphs[box.paragraphs.lowerBound].range.lowerBound)
            top = columnTop
            unanchor(box)
        }
        // Beside the earlier floats on its side (its paragraphs were set at the edge of its containing block, the
        // column or its cell, whose left edge the band's x are from: moved over).
        let setX = box.x - box.containerX
        var boxX = band.x(for: box, at: top, columnWidth: columnWidth) ?? setX
        // Where it was set, to rounding (a cell's offset taken off again): its lines keep the column's x, by which
        // hit testing tells a page's columns apart.
        if abs(boxX - setX) < 0.01 { boxX = setX }
        band.open(beside: besideLine, placements: placements.count, columnX: x, columnWidth: columnWidth)
        let floatFirst = placements.count
        placeWhole(box.paragraphs, from: top + Double(decoration.above), shift: boxX - setX)
        if boxX != setX { floatShifts[box.paragraphs.lowerBound] = boxX - setX }
        band.add(box, x: boxX, top: top, bottom: top + Double(height), placements: floatFirst..<placements.count,
                 columnX: x, columnWidth: columnWidth)
        lowestFloat = max(lowestFloat, top + Double(height))
    }

    /// Whether the paragraph after a float (the one it floats in) keeps its start with what follows (a heading, a
    /// kept block: ``Paginator/keptRun(_:first:layouts:text:columnHeight:)``) and will not fit in what is left of
    /// the column: it starts the next one, and the float goes with it rather than stand alone at the column's
    /// foot (a heading's floated "›" link left behind when the heading moved on). Not a float beside the line
    /// before it (`besideLine`), which that line holds.
    private func hostMovesOn(_ box: FloatLayout.Box, besideLine: Int?) -> Bool {
        let local = box.paragraphs.upperBound - first
        guard besideLine == nil, y > columnTop, local < layouts.count else { return false }
        let keep = paginator.keptRun(local, first: first, layouts: layouts, text: text, columnHeight: columnBottom - columnTop)
        guard keep.line == 0, keep.height > 0, Double(keep.height) <= columnBottom - columnTop else { return false }
        return y + Double(layouts[local].spaceBefore + keep.height) > columnBottom + 0.01
    }

    /// Where a float goes down the column before it is moved to the next one: at its anchor's line in the paragraph
    /// after it (``anchoredTop(of:height:)``); beside the last line before it when it follows that line and there is
    /// room (that line's placement is returned); else at the current line, below the floats in its way.
    private mutating func floatTop(_ box: FloatLayout.Box, height: Float) -> (top: Double, besideLine: Int?) {
        if box.anchor != nil, let top = anchoredTop(of: box, height: height) { return (top, nil) }
        let host = box.paragraphs.upperBound
        if anchoredHost == host {
            // A later float of a paragraph set beside an earlier one, with no room at its own line: below the
            // paragraph's lines, which are set already.
            let layout = layouts[host - first]
            let hostTop = y + Double(y == columnTop ? 0 : layout.spaceBefore)
            return (band.top(for: box, from: hostTop + Double(layout.height), columnWidth: columnWidth), nil)
        }
        if box.followsLine, let last = placements.last, Int(last.paragraph) == box.paragraphs.lowerBound - 1,
           tableRows.last.map({ !$0.placements.contains(placements.count - 1) }) ?? true,
           let boxX = band.x(for: box, at: last.y, columnWidth: columnWidth) {
            let layout = layouts[Int(last.paragraph) - first]
            let line = layout.lines[Int(last.line)]
            let lineEnd = Double(line.x) + line.justifiedWidth(layout.lines.microtypography(ofLine: Int(last.line)))
            if Int(last.line) == layout.lines.count - 1, line.x >= boxX + box.width || lineEnd <= Double(boxX) {
                return (last.y, placements.count - 1)
            }
        }
        // At the top of the paragraph after it, below that paragraph's spacing (the margins, borders and padding
        // between the blocks: a float's top is its line's, CSS 2.1 §9.5.1), not in the spacing.
        let spacing = host - first < layouts.count && y != columnTop ? Double(layouts[host - first].spaceBefore) : 0
        return (band.top(for: box, from: y + spacing, columnWidth: columnWidth), nil)
    }

    /// Where a float anchored in the text of the paragraph after it goes (``BlockFloat/anchor``; CSS 2.1 §9.5: a
    /// float in a line is placed at the top of that line when it fits beside the line's text before it, else below
    /// that line), that paragraph set again with its lines beside the float shortened; nil when the float goes
    /// where that paragraph starts instead (the anchor's line is in a later column, the float does not fit in this
    /// one, floats above the paragraph are open, or the room left beside it is narrower than a line may be).
    private mutating func anchoredTop(of box: FloatLayout.Box, height: Float) -> Double? {
        let host = box.paragraphs.upperBound, local = host - first
        guard let anchor = box.anchor, local < layouts.count, band.floats.isEmpty || anchoredHost == host,
              let relayout = paginator.relayout else { return nil }
        let style = text.paragraphs[host].style
        guard style.dropCap == nil, !style.isTableCell || inCell, style.float == nil, style.columns == nil else { return nil }
        // The paragraph broken as it is beside floats (greedily), with the floats anchored in it before this one.
        let earlier = anchoredHost == host ? exclusions[host] ?? .none : .none
        let layout = anchoredHost == host ? layouts[local] : relayout(host, .none)
        let hostTop = y + Double(y == columnTop ? 0 : layout.spaceBefore)
        guard let line = Self.line(holding: anchor, in: layout),
              hostTop + Double(layout.lines[line].top + layout.lines[line].height) <= columnBottom + 0.01 else { return nil }
        let narrowest = narrowestBeside
        // At the top of the anchor's line when the text before the anchor still fits beside the float, else below it.
        for candidate in [line, line + 1] {
            let lineTop = candidate < layout.lines.count ? layout.lines[candidate].top : layout.height
            let top = band.top(for: box, from: hostTop + Double(lineTop), columnWidth: columnWidth)
            guard top + Double(height) <= columnBottom + 0.01, let boxX = band.x(for: box, at: top, columnWidth: columnWidth) else { return nil }
            let taken: (left: Float, right: Float) = box.side == .left ? (boxX + box.width, 0) : (0, columnWidth - boxX)
            guard columnWidth - max(earlier.left, taken.left) - max(earlier.right, taken.right) >= narrowest else { return nil }
            // The lines beside it: from the first at or below its top to the last above its bottom, counted again on
            // the shortened layout (narrower lines may be more), at most three settings.
            var result = layout, exclusion = earlier
            for _ in 0..<3 {
                let from = result.lines.firstIndex { hostTop + Double($0.top) >= top - 0.01 } ?? result.lines.count
                let below = result.lines.firstIndex { hostTop + Double($0.top) >= top + Double(height) - 0.01 } ?? result.lines.count
                let wanted = earlier.union(LineExclusion(first: from, lines: max(1, below - from), left: taken.left, right: taken.right))
                if wanted == exclusion { break }
                exclusion = wanted
                result = relayout(host, exclusion)
            }
            guard candidate > line || Self.line(holding: anchor, in: result) == line else { continue }
            layouts[local] = result
            exclusions[host] = exclusion
            anchoredHost = host
            return top
        }
        return nil
    }

    /// The line of `layout` holding content offset `offset` (the line after a break at it), the last line for the
    /// content's end; nil for a layout without lines.
    static func line(holding offset: Int, in layout: ParagraphLayout) -> Int? {
        guard !layout.lines.isEmpty else { return nil }
        return layout.lines.firstIndex { Int($0.end) > offset } ?? layout.lines.count - 1
    }

    /// The paragraph `box` was anchored in, when it goes on in the next column with the float: set again as any
    /// paragraph there (beside the float at the column's top).
    private mutating func unanchor(_ box: FloatLayout.Box) {
        let host = box.paragraphs.upperBound
        guard anchoredHost == host, let relayout = paginator.relayout else { return }
        layouts[host - first] = relayout(host, .none)
        exclusions[host] = nil
        anchoredHost = nil
    }

    /// The room a float's own box (and the boxes inside it starting or ending with it) takes above its first line
    /// and below its last, in points: their borders and padding, drawn around its lines by the box decoration pass.
    private func decorationSpace(of box: FloatLayout.Box) -> (above: Float, below: Float) {
        let em = Float(paginator.settings.fontSize)
        func room(_ paragraph: Int, _ edge: (BoxDecoration) -> Double) -> Float {
            let style = text.paragraphs[paragraph].style
            let outer = min(style.float?.outerBoxes ?? 0, style.boxes.count)
            let widest = style.boxes[outer...].map { Float(edge($0)) * em }.max() ?? 0
            return widest.isFinite ? max(0, widest) : 0
        }
        return (room(box.paragraphs.lowerBound, \.above), room(box.paragraphs.upperBound - 1, \.below))
    }
}
