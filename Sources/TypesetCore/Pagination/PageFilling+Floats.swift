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
        let narrowest = FloatBand.narrowestBeside(columnWidth: columnWidth, emSize: Float(paginator.settings.fontSize))
        if style.dropCap != nil || style.tableCell != nil || style.float != nil || room.width < narrowest {
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
        var top = y
        var besideLine: Int?
        if box.followsLine, let last = placements.last, Int(last.paragraph) == box.paragraphs.lowerBound - 1,
           tableRows.last.map({ !$0.placements.contains(placements.count - 1) }) ?? true,
           let boxX = band.x(for: box, at: last.y, columnWidth: columnWidth) {
            let layout = layouts[Int(last.paragraph) - first]
            let line = layout.lines[Int(last.line)]
            let lineEnd = Double(line.x) + line.justifiedWidth(layout.lines.microtypography(ofLine: Int(last.line)))
            if Int(last.line) == layout.lines.count - 1, line.x >= boxX + box.width || lineEnd <= Double(boxX) {
                top = last.y
                besideLine = placements.count - 1
            }
        }
        if besideLine == nil { top = band.top(for: box, from: y, columnWidth: columnWidth) }
        if top + Double(height) > columnBottom + 0.01 && top > columnTop {
            breakColumn(before: text.paragraphs[box.paragraphs.lowerBound].range.lowerBound)
            top = columnTop
        }
        // Beside the earlier floats on its side (its paragraphs were set at the column's edge: moved over).
        let boxX = band.x(for: box, at: top, columnWidth: columnWidth) ?? box.x
        band.open(beside: besideLine, placements: placements.count, columnX: x, columnWidth: columnWidth)
        let floatFirst = placements.count
        placeWhole(box.paragraphs, from: top + Double(decoration.above), shift: boxX - box.x)
        if boxX != box.x { floatShifts[box.paragraphs.lowerBound] = boxX - box.x }
        band.add(box, x: boxX, top: top, bottom: top + Double(height), placements: floatFirst..<placements.count,
                 columnX: x, columnWidth: columnWidth)
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
