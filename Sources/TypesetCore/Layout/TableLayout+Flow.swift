/// Boxes that flow as words do (``CellFlow``: a run of `inline-block`s holding blocks), laid out as a table whose
/// rows are their lines.
extension TableLayout {
    /// The boxes of paragraphs `range` (cells of one flow) set side by side: each as wide as its `width` or its
    /// shrink-to-fit width (CSS 2.1 §10.3.9) within its `min-width` and `max-width` (§10.4), never wider than the
    /// column; a line holds the boxes that fit, their
    /// margins and ``CellFlow/spacing`` between them (the first box of a line always fits), and is placed by the auto
    /// margins the parent's `text-align` gave (``TableCell/tableAutoMargins``), mirrored in right-to-left text. Rows
    /// in `stacked` (a line of boxes taller than a column) are set one box below the other.
    static func flowTable(_ text: StyledText, _ range: Range<Int>, flow: CellFlow, firstCell: TableCell, shaped: ShapedText,
                          layouter: ParagraphLayouter, columnWidth: Float, metrics: inout ParagraphMetrics,
                          stacked: Set<Int>) -> Table? {
        let base = Float(layouter.settings.fontSize)
        let (indent, endIndent) = indents(of: firstCell, columnWidth: columnWidth, base: base)
        let available = max(1, columnWidth - indent - endIndent)
        let margins = CellInsets(flow.margins, scale: base)
        let room = max(1, available - margins.left - margins.right)
        var boxes = flowBoxes(text, range, base: base)
        guard !boxes.isEmpty else { return nil }
        let measured = ParagraphMetrics.MeasuredPrefix()
        for k in boxes.indices {
            let inset = boxes[k].inset.left + boxes[k].inset.right
            let style = text.paragraphs[boxes[k].paragraphs.lowerBound].style.tableCell
            // A width, or a bound, of the box's content box in points with its padding and borders.
            func outer(_ width: TableCell.TableWidth?) -> Float? {
                width.map { points($0, column: available, base: base) + inset }
            }
            var width: Float
            if let specified = outer(style?.width) {
                width = specified
            } else {
                let content = contentExtents(of: boxes[k], text: text, shaped: shaped, layouter: layouter, metrics: &metrics,
                                             measured: measured)
                width = min(max(content.minimum + inset, room), max(content.maximum, content.minimum) + inset + widthTolerance)
            }
            if let maximum = outer(style?.maximumWidth) { width = min(width, maximum) }
            if let minimum = outer(style?.minimumWidth) { width = max(width, minimum) }
            boxes[k].width = width.isFinite ? min(max(width, min(inset + 1, room)), room) : room
        }
        let spacing = Float(flow.spacing) * base
        let rtl = shaped.paragraphRange.contains(range.lowerBound) && shaped.paragraph(range.lowerBound).paragraphLevel & 1 == 1
        var rows = flowLines(boxes, margins: margins, spacing: spacing, available: available,
                             autoMargins: firstCell.tableAutoMargins, rightToLeft: rtl)
        for r in stacked where rows.indices.contains(r) { rows[r].isStacked = true }
        var table = Table(paragraphs: range, rows: rows, x: indent, width: available)
        table.inset = CellInsets(top: margins.top, right: 0, bottom: margins.bottom, left: 0)
        table.spacing = (0, margins.top + margins.bottom)
        return table
    }

    /// The boxes of a flow, a cell each (the paragraphs of one ``TableCell/column``), in text order, unplaced.
    private static func flowBoxes(_ text: StyledText, _ range: Range<Int>, base: Float) -> [Cell] {
        var boxes: [Cell] = []
        var p = range.lowerBound
        while p < range.upperBound {
            guard let style = text.paragraphs[p].style.tableCell else { p += 1; continue }
            var end = p + 1
            while end < range.upperBound, text.paragraphs[end].style.tableCell?.column == style.column { end += 1 }
            boxes.append(unplacedCell(style, text, p..<end, base: base))
            p = end
        }
        return boxes
    }

    /// The boxes (widths set) broken into lines `available` points wide and placed on them: a row per line.
    private static func flowLines(_ boxes: [Cell], margins: CellInsets, spacing: Float, available: Float,
                                  autoMargins: BlockWidth.AutoMargins, rightToLeft: Bool) -> [Row] {
        var rows: [Row] = []
        var start = 0, used: Float = 0
        func closeLine(_ end: Int) {
            var line = Array(boxes[start..<end])
            var x = Float(autoMargins.share(of: Double(max(0, available - used))))
            for k in line.indices {
                x += margins.left
                line[k].x = rightToLeft ? available - x - line[k].width : x
                x += line[k].width + margins.right + spacing
            }
            rows.append(Row(paragraphs: line[0].paragraphs.lowerBound..<line[line.count - 1].paragraphs.upperBound, cells: line))
        }
        for k in boxes.indices {
            let outer = margins.left + boxes[k].width + margins.right
            if k > start && used + spacing + outer > available {
                closeLine(k)
                start = k
                used = 0
            }
            used += (k > start ? spacing : 0) + outer
        }
        closeLine(boxes.count)
        return rows
    }
}
