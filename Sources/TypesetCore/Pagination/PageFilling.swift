/// One pagination under way (see ``Paginator``): the pages made, the page being filled (its lines, boxes and
/// table rows), the column and the height reached in it. Its steps are the paginator's: place a paragraph's lines,
/// place a table row by row, break a column, finish a page; and place a float and the lines beside it
/// (PageFilling+Floats.swift) or a multi-column block (PageFilling+Columns.swift).
struct PageFilling {
    let paginator: Paginator
    let text: StyledText
    /// The paragraphs' layouts, those set beside floats replaced by their shortened layouts (whose narrowing is in
    /// `exclusions`, by document paragraph).
    var layouts: [ParagraphLayout]
    var exclusions: [Int: LineExclusion] = [:]
    /// The first paragraph (`layouts[0]`'s) and the end of the last, in document offsets.
    let first: Int
    let end: Int
    let columns: Int
    let columnWidth: Float
    let gap: Float
    /// Positions down the page in Double (see PlacedLine); line heights are Float.
    let columnTop: Double
    let columnBottom: Double
    var pages: [Page] = []
    var placements: [PlacedLine] = []
    var boxes: [BlockBox] = []
    var tableRows: [TableRowPlacement] = []
    var column = 0
    var y: Double
    /// The left edge of the current column.
    var x: Float = 0
    var section: Int
    var pageStart: Int
    /// The table being placed, and its part in the current column (PageFilling+TableFrame.swift).
    var openTable: OpenTable?
    /// The cell of a stacked row being placed, where its part in the current column began and the placement its
    /// lines there start at (for its box; PageFilling+StackedRows.swift).
    /// `above`: where the table's part ends if none of the cell's lines are in the column; `gap`: the spacing above
    /// the cell's box until its first line is placed (in whichever column that goes to).
    var openStackedCell: (cell: TableLayout.Cell, top: Double, placements: Int, above: Double, gap: Double)?
    /// The floats of the current column, and the band they form with the lines beside them (see ``FloatBand``).
    var band = FloatBand()
    /// How far right of where they were set the floats placed beside others were moved (points, by a float's first
    /// document paragraph), for the boxes drawn around them.
    var floatShifts: [Int: Float] = [:]
    /// The paragraph set beside the floats anchored in its text (``BlockFloat/anchor``) and not yet placed: its
    /// lines are shortened already (PageFilling+Floats.swift).
    var anchoredHost: Int?
    /// Whether this filling is a table cell's content box (PageFilling+CellFloats.swift): its column is the cell's,
    /// its paragraphs are the cell's, and its floats float in the cell.
    var inCell = false
    /// The bottom of the lowest float placed (a cell grows to contain its floats, CSS 2.1 §10.6.7).
    var lowestFloat: Double = 0
    /// The cells of the table being placed that hold floats, set out in their boxes (by their first paragraph).
    var cellFills: [Int: CellFill] = [:]

    init(_ paginator: Paginator, text: StyledText, paragraphRange: Range<Int>, layouts: [ParagraphLayout]) {
        self.paginator = paginator
        self.text = text
        self.layouts = layouts
        let settings = paginator.settings
        let content = settings.contentRect
        columnWidth = Float(settings.columnWidth)
        gap = Float(settings.columnGap)
        columns = paginator.mode == .scroll ? 1 : settings.columns
        columnTop = content.minY
        columnBottom = paginator.mode == .scroll ? Double.greatestFiniteMagnitude : content.maxY
        y = columnTop
        first = paragraphRange.lowerBound
        section = text.sectionIndex(ofParagraph: first)
        pageStart = paragraphRange.isEmpty ? 0 : text.paragraphs[first].range.lowerBound
        end = paragraphRange.isEmpty ? 0 : text.paragraphs[paragraphRange.upperBound - 1].range.upperBound
        x = columnX(0)
    }

    /// The left edge of column `column`.
    func columnX(_ column: Int) -> Float { paginator.columnX(column) }

    /// Places the block that starts at document paragraph `index` (a multi-column block, a float, a table, or the
    /// paragraph's lines); returns the paragraph after it.
    mutating func place(_ index: Int) -> Int {
        if let block = paginator.columnBlocks.block(startingAt: index) {
            placeColumnBlock(block)
            return block.paragraphs.upperBound
        }
        // A table first: a float at the start of its first cell floats in the cell. A cell's own filling (inCell)
        // places the cell's paragraphs, never its table again.
        if !inCell, let table = paginator.tables.table(startingAt: index) {
            if !band.floats.isEmpty { clearFloats() }
            placeTable(table)
            return table.paragraphs.upperBound
        }
        if let box = paginator.floats.box(startingAt: index) {
            placeFloat(box)
            return box.paragraphs.upperBound
        }
        placeLines(of: index)
        return index + 1
    }

    // MARK: Columns and pages

    /// Ends the page being filled at document offset `end` and starts the next.
    mutating func finishPage(end: Int) {
        closeTableBorder()
        if band.isOpen { band.close(placements: placements.count, into: &tableRows) }
        let settings = paginator.settings
        let height = paginator.mode == .scroll ? y + settings.margins.bottom : settings.pageSize.height
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
        restartTablePart()
        restartStackedCell(placements: 0)
    }

    /// Moves to the next column, or the next page starting at `offset`.
    mutating func breakColumn(before offset: Int) {
        guard column + 1 < columns else { finishPage(end: offset); return }
        closeTableBorder()
        if band.isOpen { band.close(placements: placements.count, into: &tableRows) }
        column += 1
        x = columnX(column)
        y = columnTop
        restartTablePart()
        restartStackedCell(placements: placements.count)
    }

    // MARK: Paragraphs

    /// Places the lines of paragraph `index` one after the other, breaking columns and pages between them
    /// (keeping orphans, widows, a heading with what follows it, and a drop cap's lines together). Beside floats,
    /// the paragraph is first cleared or set again shortened (``setBesideFloats(_:)``), and the band of lines beside
    /// them ends at its first line below them. `leading`, when given, is the room above its first line instead of
    /// its space before, kept at a column's top too (a stacked table cell's border and padding).
    mutating func placeLines(of index: Int, leading: Float? = nil) {
        let local = index - first
        let besideFloats = !band.floats.isEmpty
        if besideFloats && anchoredHost != index { setBesideFloats(index) }
        if anchoredHost == index { anchoredHost = nil }
        let firstPlacement = placements.count
        // Only what the loop reads, not the whole ParagraphLayout: a copy of it (the loop mutates `self`, so the
        // element cannot be borrowed) was a memcpy of the whole struct per paragraph of every relayout. The lines as a
        // buffer (``LineList/unsafeLines``): `layouts` keeps them, and nothing below replaces this paragraph's layout.
        let lines = layouts[local].lines.unsafeLines, spaceAfter = layouts[local].spaceAfter
        let spaceBefore = leading ?? layouts[local].spaceBefore
        // A heading keeps its lines together and stays with the first lines of the paragraph after it, as do the
        // paragraphs of a block that avoids breaks (``Paginator/keptRun(_:first:layouts:text:columnHeight:)``):
        // when they do not fit in what is left of the column, they start the next column (or page). A run taller
        // than a whole column is set line by line like any paragraph.
        // Asked through the paragraphs' buffer: read from the array, the paragraph was copied (a memcpy, a retain and a
        // release per paragraph of every relayout) for three of its style's flags.
        let keeps = text.paragraphs.withUnsafeBufferPointer { Paginator.keepsAnything($0[index].style) }
        let keep = keeps
            ? paginator.keptRun(local, first: first, layouts: layouts, text: text, columnHeight: columnBottom - columnTop) : .none
        let fitsInAColumn = Double(keep.height) <= columnBottom - columnTop
        let lineCount = lines.count
        // The first of this paragraph's lines in the current column, and whether it opened the column.
        var firstInColumn = 0
        var firstOpenedColumn = y == columnTop
        var lineIndex = 0
        while lineIndex < lineCount {
            // Lines after the first, but for the one a kept run measures, go in runs while they fit (see
            // placeFittingLines); the first that does not, or that the run measures, is placed below.
            if lineIndex > 0 && lineIndex != keep.line && paginator.placesFittingRuns {
                lineIndex = placeFittingLines(lines, of: index, from: lineIndex, to: keep.line > lineIndex ? keep.line : lineCount)
                guard lineIndex < lineCount else { break }
            }
            let line = lines[lineIndex]
            let atColumnTop = y == columnTop
            let spacing = lineIndex != 0 ? 0
                : Double(leading.map { atColumnTop ? leadingAtColumnTop($0, lineHeight: line.height) : $0 }
                         ?? (atColumnTop ? keptSpaceAtColumnTop(index, spaceBefore: spaceBefore, lineHeight: line.height)
                                         : spaceBefore))
            let needed = Double(lineIndex == keep.line && keep.height > line.height ? keep.height : line.height)
            if y + spacing + (fitsInAColumn ? needed : Double(line.height)) > columnBottom + 0.01 && !atColumnTop {
                lineIndex = breakColumn(in: index, before: lineIndex, lowest: firstInColumn + (firstOpenedColumn ? 1 : 0),
                                        leading: leading)
                firstInColumn = lineIndex
                firstOpenedColumn = true
            } else {
                if lineIndex == 0 { firstOpenedColumn = atColumnTop }
                y += spacing
                placements.append(PlacedLine(paragraph: Int32(index), line: Int32(lineIndex), x: x, y: y))
                y += Double(line.height)
            }
            lineIndex += 1
        }
        y += Double(spaceAfter)
        if besideFloats { band.settle(lines: placements, from: firstPlacement, into: &tableRows) }
    }

    /// The room kept above paragraph `index`'s first line at the top of a column: the border and padding of the
    /// boxes that start with it, and the margins they hold inside them (``BoxDecoration/above``), which a break
    /// does not truncate as it truncates the margins before them (CSS Fragmentation 3 §5.2). Without it a chapter
    /// opening with a bordered box drew the box's top edge above the page's content, cut by the page. After a forced
    /// break (the first paragraph of a section, which starts a page) the book's space after the break is kept too
    /// (``ParagraphStyle/spaceAfterBreak``), as §5.2 keeps margins after a forced break: a chapter's heading sits as
    /// far down its first page as the book set it (its `margin-top`), as in a browser's reader; the reader's
    /// paragraph spacing never opens a page. At most `spaceBefore`, and less when the first line would no longer
    /// fit; 0 for a paragraph without either (most).
    func keptSpaceAtColumnTop(_ index: Int, spaceBefore: Float, lineHeight: Float) -> Float {
        guard spaceBefore > 0 else { return 0 }
        let style = text.paragraphs[index].style
        var room = !inCell && section < text.sectionStarts.count && text.sectionStarts[section] == index ? style.spaceAfterBreak : 0
        let boxes = style.boxes
        if !boxes.isEmpty {
            let previous = index > 0 ? text.paragraphs[index - 1].style.boxes : []
            for box in boxes where box.above > room && !previous.contains(where: { $0.id == box.id }) { room = box.above }
        }
        guard room > 0 else { return 0 }
        // Never so much that the first line, `lineHeight` tall, no longer fits in the column.
        return leadingAtColumnTop(min(spaceBefore, Float(room * paginator.settings.fontSize)), lineHeight: lineHeight)
    }

    /// The part of `leading` kept above a first line `lineHeight` tall at a column's top: all of it unless the line
    /// would then not fit in the column (a line taller than the column starts at its top, as any such line does).
    func leadingAtColumnTop(_ leading: Float, lineHeight: Float) -> Float {
        min(leading, max(0, Float(columnBottom - columnTop) - lineHeight))
    }

    /// Line `wanted` of paragraph `index` does not fit: breaks the column where at least `orphansAndWidows` lines
    /// stay on each side, moving this paragraph's last lines of the column along when needed (never those before
    /// `lowest`, so that a column is never emptied), and places the line that starts the new column (below
    /// `leading` when it is the paragraph's first, ``placeLines(of:leading:)``). Returns it.
    mutating func breakColumn(in index: Int, before wanted: Int, lowest: Int, leading: Float? = nil) -> Int {
        let layout = layouts[index - first]
        let breakLine = paginator.allowedBreak(before: wanted, lineCount: layout.lines.count, lowest: lowest,
                                               firstLines: Int(layout.capLines))
        if breakLine < wanted { placements.removeLast(wanted - breakLine) }
        let moved = layout.lines[breakLine]
        breakColumn(before: documentRange(of: moved, lineIndex: breakLine, in: layout, paragraph: text.paragraphs[index]).lowerBound)
        if breakLine == 0 {
            y += Double(leading.map { leadingAtColumnTop($0, lineHeight: moved.height) }
                        ?? keptSpaceAtColumnTop(index, spaceBefore: layout.spaceBefore, lineHeight: moved.height))
        }
        placements.append(PlacedLine(paragraph: Int32(index), line: Int32(breakLine), x: x, y: y))
        y += Double(moved.height)
        return breakLine
    }

    /// Places every line of `paragraphs` (a table cell's or a float's) at its place below `top`, in one piece:
    /// their spacing between them, no column broken; `shift` points right of where they were set (a float moved
    /// beside another).
    mutating func placeWhole(_ paragraphs: Range<Int>, from top: Double, shift: Float = 0) {
        var paragraphTop = top
        for p in paragraphs {
            let layout = layouts[p - first]
            if p != paragraphs.lowerBound { paragraphTop += Double(layout.spaceBefore) }
            for lineIndex in 0..<layout.lines.count {
                placements.append(PlacedLine(paragraph: Int32(p), line: Int32(lineIndex), x: x + shift,
                                             y: paragraphTop + Double(layout.lines[lineIndex].top)))
            }
            paragraphTop += Double(layout.height + layout.spaceAfter)
        }
    }

    // MARK: Tables

    /// Places a table row by row: rows joined by a cell spanning rows as one group, kept in one column like a
    /// row (a group taller than a column is placed row by row as rows without spans are), and the groups a kept
    /// row joins to the next (``TableLayout/Table/keptRowsEnd(from:in:)``) kept in one column with them when they fit in one.
    mutating func placeTable(_ table: TableLayout.Table) {
        openTable = OpenTable(table: table, top: y, boxStart: boxes.count)
        if !paginator.floats.isEmpty { fillCellsWithFloats(of: table) }
        defer { cellFills = [:] }
        var start = 0
        while start < table.rows.count {
            let kept = table.keptRowsEnd(from: start, in: text)
            if kept > table.rowGroupEnd(from: start), !table.hasStackedRow(in: start..<kept), let heights = rowHeights(table, rows: start..<kept),
               Double(heights.reduce(0, +)) <= columnBottom - columnTop {
                placeRowGroup(table, rows: start..<kept, heights: heights)
            } else {
                placeSpanGroups(table, rows: start..<kept)
            }
            start = kept
        }
        closeTableBorder(endsTable: true)
        openTable = nil
    }

    /// Places `rows` of `table` a group of rows joined by spans at a time, each group in one column when it fits
    /// (else row by row).
    private mutating func placeSpanGroups(_ table: TableLayout.Table, rows: Range<Int>) {
        var start = rows.lowerBound
        while start < rows.upperBound {
            let end = min(table.rowGroupEnd(from: start), rows.upperBound)
            let stacked = table.hasStackedRow(in: start..<end)
            let heights = stacked ? nil : end == start + 1 ? [height(ofRow: start, in: table)] : rowHeights(table, rows: start..<end)
            if let heights, end == start + 1 || Double(heights.reduce(0, +)) <= columnBottom - columnTop {
                placeRowGroup(table, rows: start..<end, heights: heights)
            } else {
                for r in start..<end {
                    if table.rows[r].isStacked {
                        placeStackedRow(r, of: table)
                    } else {
                        placeRowGroup(table, rows: r..<(r + 1), heights: [height(ofRow: r, in: table)])
                    }
                }
            }
            start = end
        }
    }

    /// Places rows `rows` of `table` (of heights `heights`) in the current column, or at the top of the next when
    /// they do not fit; a single row taller than a column and not stacked (``TableLayout/Row/isStacked``: its cells'
    /// floats made it so) has its cells' lines placed one after the other.
    private mutating func placeRowGroup(_ table: TableLayout.Table, rows: Range<Int>, heights: [Float]) {
        let groupHeight = heights.reduce(0, +)
        let atColumnTop = y == columnTop
        let spacing: Float = rows.lowerBound == 0 && !atColumnTop ? layouts[table.paragraphs.lowerBound - first].spaceBefore : 0
        if Double(groupHeight) > columnBottom - columnTop {
            // Taller than a column and not stacked (its cells' floats made it so): its cells' lines one after the
            // other, each in its cell's place.
            for r in rows { for p in table.rows[r].paragraphs { placeLines(of: p) } }
            return
        }
        if y + Double(spacing + groupHeight) > columnBottom + 0.01 && !atColumnTop {
            breakColumn(before: text.paragraphs[table.rows[rows.lowerBound].paragraphs.lowerBound].range.lowerBound)
        } else {
            y += Double(spacing)
            if rows.lowerBound == 0 { restartTablePart() }
        }
        placeRows(table, rows: rows, heights: heights)
    }

    /// How far below its box's top a cell's content starts when its box is taller (``TableCell/alignment``).
    func alignmentShift(of cell: TableLayout.Cell, top: Double, bottom: Double) -> Double {
        guard cell.alignment != .top else { return 0 }
        let room = max(0, bottom - top - Double(height(of: cell)))
        return cell.alignment == .middle ? room / 2 : room
    }

    /// The height of a table cell: its paragraphs (and its floats, ``cellFills``), border and padding.
    func height(of cell: TableLayout.Cell) -> Float {
        if !cellFills.isEmpty, let fill = cellFills[cell.paragraphs.lowerBound] {
            return fill.height + cell.inset.top + cell.inset.bottom
        }
        return cell.height(layouts, first: first)
    }

    /// The height of row `r` of `table`: its tallest cell's paragraphs, border and padding, and the table's room
    /// above and below it (``TableLayout/Table/lead(_:)``, ``TableLayout/Table/trail(_:)``).
    func height(ofRow r: Int, in table: TableLayout.Table) -> Float {
        table.lead(r) + table.rows[r].cells.reduce(0) { max($0, height(of: $1)) } + table.trail(r)
    }

    /// How many rows the spans of a group of rows may cover together, per row of the group.
    static let maximumSpannedRowsPerRow = 64

    /// The heights of a group of rows joined by cells spanning rows: each row's tallest cell of one row, then each
    /// spanning cell (shorter spans first) that needs more than its rows' sum gives the extra to its rows in
    /// proportion to their heights, evenly when they are all empty (CSS 2.1 §17.5.3 leaves this open; browsers
    /// share it so, which keeps a row's share of a tall cell like its share of the group). Nil when the spans
    /// together cover more than ``maximumSpannedRowsPerRow`` times the group's rows (many long spans, as a crafted
    /// table has): the group is then placed row by row, so that the cost stays linear in the table.
    func rowHeights(_ table: TableLayout.Table, rows: Range<Int>) -> [Float]? {
        let base = rows.lowerBound
        var spanning: [(row: Int, cell: TableLayout.Cell)] = []
        var spannedRows = 0
        for r in rows {
            for cell in table.rows[r].cells where cell.rowSpan > 1 { spanning.append((r - base, cell)); spannedRows += cell.rowSpan }
        }
        guard spannedRows <= Self.maximumSpannedRowsPerRow * rows.count else { return nil }
        var heights = rows.map { r in
            table.lead(r) + table.rows[r].cells.reduce(Float(0)) { $1.rowSpan == 1 ? max($0, height(of: $1)) : $0 } + table.trail(r)
        }
        spanning.sort { $0.cell.rowSpan < $1.cell.rowSpan }
        for (r, cell) in spanning {
            let spanned = r..<min(heights.count, r + cell.rowSpan)
            // The cell's box runs from below its first row's lead to above its last row's trail.
            let around = table.lead(base + r) + table.trail(base + spanned.upperBound - 1)
            let have = spanned.reduce(Float(0)) { $0 + heights[$1] }
            let extra = height(of: cell) + around - have
            guard extra > 0 else { continue }
            for k in spanned { heights[k] += have > 0 ? extra * heights[k] / have : extra / Float(spanned.count) }
        }
        return heights
    }

    /// Places rows `rows` of `table` (of heights `heights`) that fit at the current height: their cells side by
    /// side, each from the top of its first row, its box down to the bottom of its last, and the rows' placement
    /// record (one band for hit testing, each cell with its rows' extent).
    mutating func placeRows(_ table: TableLayout.Table, rows: Range<Int>, heights: [Float]) {
        var tops: [Double] = []
        tops.reserveCapacity(heights.count + 1)
        tops.append(y)
        for height in heights { tops.append((tops.last ?? y) + Double(height)) }
        let firstPlacement = placements.count
        // Room for a cell each (a cell holding floats adds parts): grown by doubling, they were most of the cost.
        let cellCount = rows.reduce(0) { $0 + table.rows[$1].cells.count }
        var cellPlacements: [(placements: Range<Int>, minX: Float, maxX: Float)] = []
        cellPlacements.reserveCapacity(cellCount)
        var extents: [(minY: Double, maxY: Double)] = []
        extents.reserveCapacity(cellCount)
        var bottomEdges: [BlockBox] = []
        for (k, r) in rows.enumerated() {
            for cell in table.rows[r].cells {
                let cellFirst = placements.count
                // The cell's box: below the table's room above its first row, above the room below its last.
                let last = min(heights.count, k + cell.rowSpan)
                let top = tops[k] + Double(table.lead(r)), bottom = tops[last] - Double(table.trail(rows.lowerBound + last - 1))
                if last == heights.count, let edge = collapsedBottomEdge(cell, of: table, top: top, bottom: bottom) { bottomEdges.append(edge) }
                if !cellFills.isEmpty, let fill = cellFills[cell.paragraphs.lowerBound] {
                    // Its floats and the text beside them, each a cell of the row's band for hit testing.
                    let parts = placeFill(fill, top: top + Double(cell.inset.top), cellTop: top, cellBottom: bottom,
                                          across: (x + table.x + cell.x, x + table.x + cell.x + cell.width))
                    cellPlacements += parts.map { ($0.placements, $0.minX, $0.maxX) }
                    extents += parts.map { ($0.minY, $0.maxY) }
                    if let box = cellBox(cell, of: table, top: top, bottom: bottom) { boxes.append(box) }
                    continue
                }
                placeWhole(cell.paragraphs, from: top + Double(cell.inset.top) + alignmentShift(of: cell, top: top, bottom: bottom))
                if let box = cellBox(cell, of: table, top: top, bottom: bottom) { boxes.append(box) }
                cellPlacements.append((cellFirst..<placements.count, x + table.x + cell.x, x + table.x + cell.x + cell.width))
                extents.append((top, bottom))
            }
        }
        // The rows' top edges are drawn over the bottom edges of the rows above: only the last rows' wait.
        openTable?.pendingEdges = bottomEdges
        // Extents for rows joined by spans, and for a row whose cells hold floats (whose parts are cells of their own).
        let split = cellPlacements.count > cellCount
        tableRows.append(TableRowPlacement(placements: firstPlacement..<placements.count, cells: cellPlacements,
                                           cellExtents: rows.count > 1 || split ? extents : []))
        y = tops.last ?? y
    }
}
