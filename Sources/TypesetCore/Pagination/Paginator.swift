/// Places the lines of laid-out paragraphs on pages (or on one scroll column): lines fill the first column
/// top to bottom, then the next column, then a new page; a line never straddles two pages; paragraph spacing is
/// dropped at the top of a column; every section (chapter) starts a new page. A table row is placed whole, its
/// cells side by side, on the page where it fits (a row taller than a column is set cell after cell, line by
/// line, so that no line is lost).
struct Paginator {
    let settings: TypographySettings
    let mode: LayoutMode
    var tables = TableLayout()
    /// Whether the first column is the rightmost (``StyledText/columnProgression``).
    var columnsRightToLeft = false

    /// Paginates the paragraphs `paragraphRange` of `text` (whole sections), whose layouts are `layouts` in order.
    func paginate(_ text: StyledText, paragraphRange: Range<Int>, layouts: [ParagraphLayout]) -> [Page] {
        let content = settings.contentRect
        let columnWidth = Float(settings.columnWidth)
        let gap = Float(settings.columnGap)
        let columns = mode == .scroll ? 1 : settings.columns
        // Positions down the page in Double (see PlacedLine); line heights are Float.
        let columnTop = content.minY
        let columnBottom = mode == .scroll ? Double.greatestFiniteMagnitude : content.maxY
        var pages: [Page] = []
        var placements: [PlacedLine] = []
        var boxes: [BlockBox] = []
        var tableRows: [TableRowPlacement] = []
        var column = 0
        var y = columnTop
        let first = paragraphRange.lowerBound
        var section = text.sectionIndex(ofParagraph: first)
        var pageStart = paragraphRange.isEmpty ? 0 : text.paragraphs[first].range.lowerBound
        let end = paragraphRange.isEmpty ? 0 : text.paragraphs[paragraphRange.upperBound - 1].range.upperBound
        // The table being placed and where its part in the current column began (for its outer border).
        var openTable: (table: TableLayout.Table, top: Double)?

        func columnX(_ column: Int) -> Float {
            Float(content.minX) + Float(columnsRightToLeft ? columns - 1 - column : column) * (columnWidth + gap)
        }
        var x = columnX(0)  // of the current column
        func closeTableBorder() {
            guard let open = openTable, open.table.border > 0, y > open.top else { return }
            let border = Double(open.table.border)
            boxes.append(BlockBox(rect: Rect(x: Double(x + open.table.x) + border / 2, y: open.top + border / 2,
                                             width: Double(open.table.width) - border, height: y - open.top - border),
                                  border: border,
                                  borderColor: text.paragraphs[open.table.paragraphs.lowerBound].style.tableCell?.borderColor))
        }
        func finishPage(end: Int) {
            closeTableBorder()
            let height = mode == .scroll ? y + settings.margins.bottom : settings.pageSize.height
            // The page gets an array of exactly its lines; the scratch keeps its storage for the next page (handing
            // the scratch itself over left every page with the scratch's capacity, twice its lines).
            let pagePlacements = placements.withUnsafeBufferPointer { [PlacedLine]($0) }
            pages.append(Page(index: pages.count, range: pageStart..<end,
                              size: Size(width: settings.pageSize.width, height: height),
                              section: section, placements: pagePlacements, boxes: boxes, tableRows: tableRows))
            placements.removeAll(keepingCapacity: true)
            boxes.removeAll()
            tableRows.removeAll()
            pageStart = end
            column = 0
            x = columnX(0)
            y = columnTop
            if openTable != nil { openTable?.top = y }
        }
        /// Moves to the next column, or the next page starting at `offset`.
        func breakColumn(before offset: Int) {
            if column + 1 < columns {
                closeTableBorder()
                column += 1
                x = columnX(column)
                y = columnTop
                if openTable != nil { openTable?.top = y }
            } else {
                finishPage(end: offset)
            }
        }

        /// Places the lines of paragraph `index` one after the other, breaking columns and pages between them
        /// (keeping orphans, widows, a heading with what follows it, and a drop cap's lines together).
        func placeLines(of index: Int) {
            let local = index - first
            let layout = layouts[local]
            // A heading keeps its lines together and stays with the first line of the paragraph after it: when
            // they do not fit in what is left of the column, the heading starts the next column (or page). A
            // heading taller than a whole column is set line by line like any paragraph.
            let keepHeight = keptHeight(local, first: first, layouts: layouts, text: text)
            let lineCount = layout.lines.count
            // The first of this paragraph's lines in the current column, and whether it opened the column.
            var firstInColumn = 0
            var firstOpenedColumn = y == columnTop
            var lineIndex = 0
            while lineIndex < lineCount {
                let line = layout.lines[lineIndex]
                let atColumnTop = y == columnTop
                let spacing = Double(lineIndex == 0 && !atColumnTop ? layout.spaceBefore : 0)
                let needed = Double(lineIndex == 0 && keepHeight > line.height ? keepHeight : line.height)
                let fitsInAColumn = Double(keepHeight) <= columnBottom - columnTop
                if y + spacing + (fitsInAColumn ? needed : Double(line.height)) > columnBottom + 0.01 && !atColumnTop {
                    // Orphans and widows: break where at least `orphansAndWidows` lines stay on each side, moving
                    // this paragraph's last lines of the column along when needed (never emptying the column).
                    let breakLine = allowedBreak(before: lineIndex, lineCount: lineCount,
                                                 lowest: firstInColumn + (firstOpenedColumn ? 1 : 0),
                                                 firstLines: Int(layout.capLines))
                    if breakLine < lineIndex { placements.removeLast(lineIndex - breakLine) }
                    lineIndex = breakLine
                    let moved = layout.lines[breakLine]
                    breakColumn(before: documentRange(of: moved, lineIndex: breakLine, in: layout,
                                                      paragraph: text.paragraphs[index]).lowerBound)
                    firstInColumn = breakLine
                    firstOpenedColumn = true
                    placements.append(PlacedLine(paragraph: Int32(index), line: Int32(breakLine), x: x, y: y))
                    y += Double(moved.height)
                } else {
                    if lineIndex == 0 { firstOpenedColumn = atColumnTop }
                    y += spacing
                    placements.append(PlacedLine(paragraph: Int32(index), line: Int32(lineIndex), x: x, y: y))
                    y += Double(line.height)
                }
                lineIndex += 1
            }
            y += Double(layout.spaceAfter)
        }

        /// Places a table row by row.
        func placeTable(_ table: TableLayout.Table) {
            openTable = (table, y)
            for (rowNumber, row) in table.rows.enumerated() {
                var rowHeight: Float = 0
                for cell in row.cells {
                    var height: Float = 0
                    for p in cell.paragraphs {
                        let layout = layouts[p - first]
                        if p != cell.paragraphs.lowerBound { height += layout.spaceBefore }
                        height += layout.height + layout.spaceAfter
                    }
                    rowHeight = max(rowHeight, height + 2 * (cell.border + cell.padding))
                }
                let atColumnTop = y == columnTop
                let spacing: Float = rowNumber == 0 && !atColumnTop ? layouts[table.paragraphs.lowerBound - first].spaceBefore : 0
                if Double(rowHeight) > columnBottom - columnTop {
                    // Taller than a column: its cells' lines one after the other, each in its cell's place.
                    for p in row.paragraphs { placeLines(of: p) }
                    continue
                }
                if y + Double(spacing + rowHeight) > columnBottom + 0.01 && !atColumnTop {
                    breakColumn(before: text.paragraphs[row.paragraphs.lowerBound].range.lowerBound)
                } else {
                    y += Double(spacing)
                    if rowNumber == 0 { openTable?.top = y }
                }
                let rowTop = y
                let firstPlacement = placements.count
                var cellPlacements: [(placements: Range<Int>, minX: Float, maxX: Float)] = []
                for cell in row.cells {
                    let cellFirst = placements.count
                    var cellY = rowTop + Double(cell.border + cell.padding)
                    for p in cell.paragraphs {
                        let layout = layouts[p - first]
                        if p != cell.paragraphs.lowerBound { cellY += Double(layout.spaceBefore) }
                        for lineIndex in 0..<layout.lines.count {
                            placements.append(PlacedLine(paragraph: Int32(p), line: Int32(lineIndex), x: x,
                                                         y: cellY + Double(layout.lines[lineIndex].top)))
                        }
                        cellY += Double(layout.height + layout.spaceAfter)
                    }
                    if cell.background != nil || cell.border > 0 {
                        let border = Double(cell.border)
                        boxes.append(BlockBox(rect: Rect(x: Double(x + table.x + cell.x) + border / 2, y: rowTop + border / 2,
                                                         width: Double(cell.width) - border, height: Double(rowHeight) - border),
                                              background: cell.background, border: border, borderColor: cell.borderColor))
                    }
                    cellPlacements.append((cellFirst..<placements.count, x + table.x + cell.x, x + table.x + cell.x + cell.width))
                }
                tableRows.append(TableRowPlacement(placements: firstPlacement..<placements.count, cells: cellPlacements))
                y = rowTop + Double(rowHeight)
            }
            closeTableBorder()
            openTable = nil
        }

        var nextSection = section + 1
        var local = 0
        while local < layouts.count {
            let index = first + local
            if nextSection < text.sectionStarts.count, text.sectionStarts[nextSection] == index {
                if mode == .paged && !placements.isEmpty { finishPage(end: text.paragraphs[index].range.lowerBound) }
                section = nextSection
                nextSection += 1
            }
            if let table = tables.table(startingAt: index) {
                placeTable(table)
                local = table.paragraphs.upperBound - first
                continue
            }
            placeLines(of: index)
            local += 1
        }
        if !placements.isEmpty || pages.isEmpty { finishPage(end: end) }
        return pages
    }
}

extension Paginator {
    /// For a heading paragraph, or one that keeps with the next (`layouts[local]`, document paragraph `first + local`), the height it needs to stay
    /// whole and with the first lines of the next paragraph that may end a page (its first line, or its first
    /// `orphansAndWidows` lines, or all of a paragraph too short to be split; their spacing included); 0 for any
    /// other paragraph.
    func keptHeight(_ local: Int, first: Int, layouts: [ParagraphLayout], text: StyledText) -> Float {
        let style = text.paragraphs[first + local].style
        if case .heading = style.role {} else if !style.keepsWithNext { return 0 }
        var height = layouts[local].height
        if local + 1 < layouts.count, !text.paragraphs[first + local + 1].style.startsSection,
           !layouts[local + 1].lines.isEmpty {
            let next = layouts[local + 1].lines
            let minimum = settings.orphansAndWidows
            let kept = next.count < 2 * minimum ? next.count : minimum
            height += layouts[local + 1].spaceBefore + next[kept - 1].top + next[kept - 1].height
        }
        return height
    }

    /// The line of a paragraph of `lineCount` lines that should start the next column when line `wanted` does not
    /// fit: the latest line at or before `wanted` that leaves at least `orphansAndWidows` lines on each side (or
    /// the first line, moving the whole paragraph), and at least `firstLines` before it (the lines beside a drop
    /// cap), but not before `lowest` (lines already in an earlier column, or the line that opened this column).
    /// When no such line exists the rule gives way: `wanted`.
    func allowedBreak(before wanted: Int, lineCount: Int, lowest: Int, firstLines: Int = 0) -> Int {
        let minimum = settings.orphansAndWidows
        guard minimum > 1 || firstLines > 1 else { return wanted }
        var k = wanted
        while k >= lowest {
            if k == 0 || (k >= max(minimum, firstLines) && lineCount - k >= minimum) { return k }
            k -= 1
        }
        return wanted
    }
}

/// The document range of line `lineIndex` of a paragraph: lines partition the paragraph's whole range, so the
/// first line starts at the paragraph's start and the last one ends at its end, separators included.
func documentRange(of line: LineBox, lineIndex: Int, in layout: ParagraphLayout, paragraph: Paragraph) -> Range<UTF16Offset> {
    let start = lineIndex == 0 ? paragraph.range.lowerBound : paragraph.documentOffset(ofContentOffset: Int(line.start))
    let end = lineIndex == layout.lines.count - 1 ? paragraph.range.upperBound : paragraph.documentOffset(ofContentOffset: Int(line.end))
    return start..<end
}
