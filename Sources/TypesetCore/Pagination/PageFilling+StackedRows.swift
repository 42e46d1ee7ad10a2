/// Placing a stacked table row (``TableLayout/Row/isStacked``, a row taller than a column): its cells one below the
/// other, each across the table's width, their lines broken across columns and pages as any paragraph's are.
extension PageFilling {
    /// Places stacked row `index` of `table`: each cell's border and padding above and below its paragraphs, and its
    /// background and border drawn around its part in each column it reaches, so that a cell's part on a page stays
    /// framed (its padding is not repeated at a break: the lines there start at the column's top).
    mutating func placeStackedRow(_ index: Int, of table: TableLayout.Table) {
        if index == 0 {
            // The table's space before it, as a first row placed whole has it (none at a column's top).
            if y != columnTop { y += Double(layouts[table.paragraphs.lowerBound - first].spaceBefore) }
            openTable?.top = y
        }
        for cell in table.rows[index].cells {
            let inset = cell.border + cell.padding
            openStackedCell = (cell, y, placements.count)
            // Spaced as a row's cell is (``placeWhole(_:from:shift:)``): its border and padding above its first
            // paragraph instead of that paragraph's space before, in whichever column its first line goes to.
            for paragraph in cell.paragraphs {
                placeLines(of: paragraph, leading: paragraph == cell.paragraphs.lowerBound ? inset : nil)
            }
            y = min(y + Double(inset), max(columnBottom, y))
            closeStackedCellBox(bottom: y)
            openStackedCell = nil
        }
    }

    /// Draws the open stacked cell's background and border from its top in this column to `bottom` (nothing for a
    /// cell with neither, or for a part without lines: a cell whose first line went to the next column).
    mutating func closeStackedCellBox(bottom: Double) {
        guard let open = openStackedCell, let table = openTable?.table, bottom > open.top,
              placements.count > open.placements else { return }
        let cell = open.cell
        guard cell.background != nil || cell.border > 0 else { return }
        let border = Double(cell.border)
        let left = Double(x + table.x + table.border)
        let width = Double(table.width - 2 * table.border)
        boxes.append(BlockBox(rect: Rect(x: left + border / 2, y: open.top + border / 2,
                                         width: width - border, height: bottom - open.top - border),
                              background: cell.background, border: border, borderColor: cell.borderColor))
    }
}
