extension PageFilling {
    /// Places a multi-column block below any float: its lines balanced across its columns where they fit in
    /// what is left of the page's column, else filling the columns to its bottom and going on in the next
    /// column or page (Multi-column §7–8). The columns of one page form a band of cells for hit testing.
    mutating func placeColumnBlock(_ block: ColumnBlockLayout.Block) {
        if !band.floats.isEmpty { clearFloats() }
        let lines = ColumnBlockLines(block, layouts: layouts, first: first)
        var start = 0
        var top = y + Double(y == columnTop ? 0 : layouts[block.paragraphs.lowerBound - first].spaceBefore)
        func offset(of item: Int) -> Int {
            let (p, l) = (lines.items[item].paragraph, lines.items[item].line)
            return documentRange(of: layouts[p - first].lines[l], lineIndex: l, in: layouts[p - first],
                                 paragraph: text.paragraphs[p]).lowerBound
        }
        while start < lines.items.count {
            let height = lines.balancedHeight(from: start, count: block.count, maximum: max(0, columnBottom - top))
            if height + 0.01 < Double(lines.items[start].height) && top > columnTop + 0.01 {
                breakColumn(before: offset(of: start))
                top = columnTop
                continue
            }
            let starts = lines.columnStarts(from: start, height: height, limit: block.count)
            let rowFirst = placements.count
            var cells: [(placements: Range<Int>, minX: Float, maxX: Float)] = []
            var bottom = top
            for k in 0..<min(block.count, starts.count) {
                let end = k + 1 < starts.count ? starts[k + 1] : lines.items.count
                let columnLeft = x + Float(k) * (block.width + block.gap)
                let cellFirst = placements.count
                var lineTop = top
                for item in starts[k]..<end {
                    if item > starts[k] { lineTop += Double(lines.items[item].spaceBefore) }
                    placements.append(PlacedLine(paragraph: Int32(lines.items[item].paragraph), line: Int32(lines.items[item].line),
                                                 x: columnLeft, y: lineTop))
                    lineTop += Double(lines.items[item].height)
                }
                bottom = max(bottom, lineTop)
                cells.append((cellFirst..<placements.count, columnLeft, columnLeft + block.width))
                start = end
            }
            tableRows.append(TableRowPlacement(placements: rowFirst..<placements.count, cells: cells))
            drawRules(block, cells: cells, top: top, bottom: bottom)
            y = bottom
            if start < lines.items.count {
                breakColumn(before: offset(of: start))
                top = columnTop
            }
        }
        y += Double(layouts[block.paragraphs.upperBound - 1 - first].spaceAfter)
    }

    /// The block's `column-rule` down the middle of each gap between two columns of this page's part that both
    /// have lines (Multi-column §4), from the part's top to its bottom: a box whose left edge is the rule.
    private mutating func drawRules(_ block: ColumnBlockLayout.Block, cells: [(placements: Range<Int>, minX: Float, maxX: Float)],
                                    top: Double, bottom: Double) {
        let emSize = paginator.settings.fontSize
        let width = block.rule.usedWidth * emSize
        guard width > 0, bottom > top, cells.count > 1 else { return }
        for k in 1..<cells.count where !cells[k - 1].placements.isEmpty && !cells[k].placements.isEmpty {
            let middle = Double(cells[k - 1].maxX + cells[k].minX) / 2
            let rect = Rect(x: middle - width / 2, y: top, width: width, height: bottom - top)
            boxes.append(BlockBox(rect: rect, background: nil, edges: BorderEdges(left: block.rule), emSize: emSize))
        }
    }
}
