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
            restartTablePart()
        }
        // The bottom edges of collapsed cells above: no row follows them here.
        boxes += openTable?.pendingEdges ?? []
        openTable?.pendingEdges = []
        y = min(y + Double(table.lead(index)), max(columnBottom, y))
        for (k, cell) in table.rows[index].cells.enumerated() {
            // Spaced apart as rows are, the space above the cell's box going with its first line.
            let gap = k > 0 ? table.spacing.down : 0
            let inset = cell.inset
            openStackedCell = (cell, y + Double(gap), placements.count, y, Double(gap))
            // Spaced as a row's cell is (``placeWhole(_:from:shift:)``): its border and padding above its first
            // paragraph instead of that paragraph's space before, in whichever column its first line goes to.
            for paragraph in cell.paragraphs {
                placeLines(of: paragraph, leading: paragraph == cell.paragraphs.lowerBound ? gap + inset.top : nil)
            }
            y = min(y + Double(inset.bottom), max(columnBottom, y))
            closeStackedCellBox(bottom: y)
            openStackedCell = nil
        }
        y = min(y + Double(table.trail(index)), max(columnBottom, y))
    }

    /// Starts the open stacked cell's part in a new column at the current height (below its gap when none of its
    /// lines is placed yet); `placements`: the placements already in the column.
    mutating func restartStackedCell(placements: Int) {
        guard let open = openStackedCell else { return }
        openStackedCell = (open.cell, y + open.gap, placements, y, open.gap)
    }

    /// Draws the open stacked cell's background and border from its top in this column to `bottom` (nothing for a
    /// cell with neither, or for a part without lines: a cell whose first line went to the next column).
    mutating func closeStackedCellBox(bottom: Double) {
        guard let open = openStackedCell, let table = openTable?.table, bottom > open.top,
              placements.count > open.placements else { return }
        let cell = open.cell
        guard cell.background != nil || cell.edges.isVisible else { return }
        // Drawn with all its edges, across the table inside its border and spacing; collapsed edges centred on the
        // box's sides, as the cell's text leaves half of each to them.
        var rect = Rect(x: Double(x + table.x + table.inset.left), y: open.top,
                        width: Double(table.width - table.inset.left - table.inset.right), height: bottom - open.top)
        if cell.collapsed { rect = rect.outset(by: cell.edges, share: 0.5) }
        boxes.append(BlockBox(rect: rect, background: cell.background, edgesInPoints: cell.edges))
    }
}
