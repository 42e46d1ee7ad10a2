/// Floats in table cells (CSS 2.1 §9.5: a float is placed in its containing block, here the cell's content box; a
/// cell is a block formatting context root, §9.4.1, so its floats and the lines beside them stay in it, clearance in
/// it is of its own floats, and it grows to contain them, §10.6.7). A cell holding a float is filled as a column of
/// its own: a ``PageFilling`` whose column is the cell's content box, with the float steps of the page's columns
/// (PageFilling+Floats.swift), before its row is measured; its lines are then placed at the row's top.
extension PageFilling {
    /// A cell's content set out in its box: its lines' placements from the box's top (x as on the page), its height
    /// (its lines' and its floats', whichever reach lower), and which placements are a float's (by the float's first
    /// paragraph) or the text's (-1).
    struct CellFill {
        var placements: [PlacedLine]
        var height: Float
        var owners: [Int]
    }

    /// A filling of a table cell's content box `box` (from the page column's left edge) inside `parent`: one column
    /// of the box's width from 0 down, never broken (a row is placed whole).
    init(cellOf parent: PageFilling, box: CellBox) {
        paginator = parent.paginator
        text = parent.text
        layouts = []
        first = parent.first
        end = parent.end
        columns = 1
        columnWidth = box.width
        gap = 0
        columnTop = 0
        columnBottom = .greatestFiniteMagnitude
        y = 0
        x = parent.x
        section = parent.section
        pageStart = parent.pageStart
        inCell = true
    }

    /// Sets out the cells of `table` that hold floats in their boxes (``cellFills``), their text set again beside
    /// the floats; other cells are placed whole as before. Each such cell's paragraphs are placed once.
    mutating func fillCellsWithFloats(of table: TableLayout.Table) {
        for row in table.rows {
            for cell in row.cells where cell.paragraphs.contains(where: { paginator.floats.box(startingAt: $0) != nil }) {
                let inset = cell.inset
                cellFills[cell.paragraphs.lowerBound] = fill(cell.paragraphs,
                                                             box: CellBox(x: table.x + cell.x + inset.left,
                                                                          width: max(0, cell.width - inset.left - inset.right), scale: table.scale))
            }
        }
    }

    /// The paragraphs `paragraphs` of a cell set out in its content box `box`; the layouts set again beside floats,
    /// their narrowing and the floats' moves are kept as the column's are.
    private mutating func fill(_ paragraphs: Range<Int>, box: CellBox) -> CellFill {
        var cell = PageFilling(cellOf: self, box: box)
        // The layouts move into the cell's filling and back (a copy of the array would cost every paragraph).
        swap(&cell.layouts, &layouts)
        var index = paragraphs.lowerBound
        while index < paragraphs.upperBound { index = max(index + 1, cell.place(index)) }
        swap(&cell.layouts, &layouts)
        exclusions.merge(cell.exclusions) { $1 }
        floatShifts.merge(cell.floatShifts) { $1 }
        let owners = cell.placements.map { paginator.floats.box(containing: Int($0.paragraph))?.paragraphs.lowerBound ?? -1 }
        let height = max(cell.y, cell.lowestFloat)
        return CellFill(placements: cell.placements, height: Float(height.isFinite ? height : 0), owners: owners)
    }

    /// Places a cell's filled content with its box's top at `top` (the cell from `cellTop` to `cellBottom` down the
    /// page, `across` across it); returns its parts for hit testing: each float, and each run of text between them,
    /// with its placements and its extent across the page and down it (the text's runs reach from the cell's top to
    /// its bottom between them, so that every height of the cell is some run's).
    mutating func placeFill(_ fill: CellFill, top: Double, cellTop: Double, cellBottom: Double, across: (Float, Float))
        -> [(placements: Range<Int>, minX: Float, maxX: Float, minY: Double, maxY: Double)] {
        let base = placements.count
        for placement in fill.placements {
            placements.append(PlacedLine(paragraph: placement.paragraph, line: placement.line, x: placement.x, y: placement.y + top))
        }
        var parts: [(placements: Range<Int>, minX: Float, maxX: Float, minY: Double, maxY: Double)] = []
        var textParts: [Int] = []
        var start = 0
        while start < fill.owners.count {
            var end = start + 1
            while end < fill.owners.count, fill.owners[end] == fill.owners[start] { end += 1 }
            let range = (base + start)..<(base + end)
            if fill.owners[start] >= 0, let box = paginator.floats.box(startingAt: fill.owners[start]) {
                let left = x + box.x + (floatShifts[box.paragraphs.lowerBound] ?? 0)
                let bottom = range.map { placements[$0].y + Double(lineHeight(placements[$0])) }.max() ?? top
                parts.append((range, left, left + box.width, placements[range.lowerBound].y, bottom))
            } else {
                textParts.append(parts.count)
                parts.append((range, across.0, across.1, placements[range.lowerBound].y, cellBottom))
            }
            start = end
        }
        // The text's runs: across the cell, the first from the cell's top, each down to the next one's first line.
        for (k, part) in textParts.enumerated() {
            parts[part].minY = k == 0 ? cellTop : parts[part].minY
            if k + 1 < textParts.count { parts[part].maxY = parts[textParts[k + 1]].minY }
        }
        return parts
    }

    /// The height of a placed line.
    private func lineHeight(_ placement: PlacedLine) -> Float {
        layouts[Int(placement.paragraph) - first].lines[Int(placement.line)].height
    }
}
