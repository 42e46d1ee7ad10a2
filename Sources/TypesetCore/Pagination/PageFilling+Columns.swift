extension PageFilling {
    /// Places a multi-column block below any float, in parts (fragments) of the page's columns: on each, its lines
    /// fill its columns as `column-fill` says (Multi-column §7.1): balanced where the rest of the block fits in what
    /// is left of the page's column (`balance`), balanced on every part (`balance-all`), or in order, each column
    /// filled to the part's bottom (`auto`); the rest goes on in the next column or page. A block with a `height`
    /// has columns that tall at most and takes that height, its own parts summing to it; the lines its columns do not
    /// hold (CSS's overflow columns, set beside the block past its edge) go on in the next part, so that none is
    /// lost. The columns of one part form a band of cells for hit testing.
    mutating func placeColumnBlock(_ block: ColumnBlockLayout.Block) {
        if !band.floats.isEmpty { clearFloats() }
        let lines = ColumnBlockLines(block, layouts: layouts, first: first)
        var start = 0
        var top = y + Double(y == columnTop ? 0 : layouts[block.paragraphs.lowerBound - first].spaceBefore)
        // What is left of the block's height (at most a page's) for its parts; a part the page's bottom cuts ends
        // there, and the next part takes the rest (the block takes no height past its last line's page).
        let declared = block.height.map { min($0, columnBottom - columnTop) }
        var remaining = declared ?? 0
        while start < lines.items.count {
            let room = max(0, columnBottom - top)
            let limit = declared.map { min(room, remaining > 0.01 ? remaining : $0) } ?? room
            // A line the page has no room for goes to the next column; one taller than the block's height stands
            // out of it (CSS's visible overflow), as every column holds a line at least.
            if room + 0.01 < Double(lines.items[start].height) && top > columnTop + 0.01 {
                breakColumn(before: columnOffset(lines, item: start))
                top = columnTop
                continue
            }
            let (height, end) = partHeight(block, lines: lines, from: start, limit: limit)
            let bottom = placeColumns(block, lines: lines, from: start, to: end, height: height, top: top)
            start = end
            remaining -= limit
            y = declared == nil ? bottom : max(bottom, top + limit)
            if start < lines.items.count {
                breakColumn(before: columnOffset(lines, item: start))
                top = columnTop
            }
        }
        y += Double(layouts[block.paragraphs.upperBound - 1 - first].spaceAfter)
    }

    /// The height of the block's columns on the part starting at line `start`, whose columns are `limit` points
    /// tall at most, and the line after the part's last (`column-fill`, Multi-column §7.1).
    private func partHeight(_ block: ColumnBlockLayout.Block, lines: ColumnBlockLines, from start: Int,
                            limit: Double) -> (height: Double, end: Int) {
        let filled = lines.columnStarts(from: start, height: limit, limit: block.count)
        let end = filled.count > block.count ? filled[block.count] : lines.items.count
        switch block.fill {
        case .auto:
            return (limit, end)
        case .balance where end < lines.items.count:
            return (limit, end)
        case .balance, .balanceAll:
            return (lines.balancedHeight(from: start, to: end, count: block.count, maximum: limit), end)
        }
    }

    /// Sets the lines `start..<end` in the block's columns `height` points tall from `top`, records them as a band
    /// of cells and draws the rules between them; returns the bottom of the tallest column.
    private mutating func placeColumns(_ block: ColumnBlockLayout.Block, lines: ColumnBlockLines, from start: Int, to end: Int,
                                       height: Double, top: Double) -> Double {
        let starts = lines.columnStarts(from: start, height: height, limit: block.count, end: end)
        let rowFirst = placements.count
        var cells: [(placements: Range<Int>, minX: Float, maxX: Float)] = []
        var bottom = top
        for k in 0..<min(block.count, starts.count) {
            let columnEnd = k + 1 < starts.count ? starts[k + 1] : end
            let columnLeft = x + block.left + Float(k) * (block.width + block.gap)
            let cellFirst = placements.count
            var lineTop = top
            for item in starts[k]..<columnEnd {
                if item > starts[k] { lineTop += Double(lines.items[item].spaceBefore) }
                placements.append(PlacedLine(paragraph: Int32(lines.items[item].paragraph), line: Int32(lines.items[item].line),
                                             x: columnLeft, y: lineTop))
                lineTop += Double(lines.items[item].height)
            }
            bottom = max(bottom, lineTop)
            cells.append((cellFirst..<placements.count, columnLeft, columnLeft + block.width))
        }
        tableRows.append(TableRowPlacement(placements: rowFirst..<placements.count, cells: cells))
        drawRules(block, cells: cells, top: top, bottom: bottom)
        return bottom
    }

    /// The document offset of the block's line `item`, where a column or page break before it falls.
    private func columnOffset(_ lines: ColumnBlockLines, item: Int) -> Int {
        let (p, l) = (lines.items[item].paragraph, lines.items[item].line)
        return documentRange(of: layouts[p - first].lines[l], lineIndex: l, in: layouts[p - first],
                             paragraph: text.paragraphs[p]).lowerBound
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
