/// Drawing a table's boxes as its rows are placed: each cell's background and border, and the table's own
/// background and border around its part in each column (sliced as a block's box is: its top edge only where the
/// table starts, its bottom edge only where it ends).
extension PageFilling {
    /// The table being placed: where its part in the current column began, the boxes drawn before it there (its
    /// background goes below its cells'), whether that part starts the table, and, when its borders collapse, the
    /// bottom edges of the last rows placed, drawn when no row follows them in this column.
    struct OpenTable {
        var table: TableLayout.Table
        var top: Double
        var boxStart: Int
        var startsTable = true
        var pendingEdges: [BlockBox] = []
    }

    /// Starts the open table's part in a new column at the current height.
    mutating func restartTablePart() {
        guard openTable != nil else { return }
        openTable?.top = y
        openTable?.boxStart = boxes.count
        openTable?.pendingEdges = []
    }

    /// Draws the open table's part in the current column: the bottom edges of its last collapsed cells, and its
    /// background and border below its cells (and the open stacked cell's box around its part,
    /// ``closeStackedCellBox(bottom:)``). `endsTable`: the part is the table's last.
    mutating func closeTableBorder(endsTable: Bool = false) {
        // Asked first without a copy: most pages end outside any table (binding either optional copied it, twice).
        guard openStackedCell != nil || openTable != nil else { return }
        if let open = openStackedCell {
            // A cell none of whose lines are in this column ends the table's part here above it.
            if placements.count > open.placements {
                closeStackedCellBox(bottom: y)
                openStackedCell?.gap = 0
            } else {
                y = open.above
            }
        }
        guard let open = openTable else { return }
        boxes += open.pendingEdges
        openTable?.pendingEdges = []
        guard y > open.top else { return }
        // A part with rows in it: the next one continues the table.
        openTable?.startsTable = false
        let table = open.table
        guard table.background != nil || table.edges.isVisible else { return }
        var edges = table.edges
        if !open.startsTable { edges.top = BorderEdge() }
        if !endsTable { edges.bottom = BorderEdge() }
        let box = BlockBox(rect: Rect(x: Double(x + table.x), y: open.top, width: Double(table.width), height: y - open.top),
                           background: table.background, edgesInPoints: edges)
        boxes.insert(box, at: min(open.boxStart, boxes.count))
    }

    /// A cell's background and border box, its cell from `top` to `bottom` (page points); a collapsed cell's
    /// edges lie centred on its box's sides, and it draws its top and start edges (and its end edge at the table's
    /// end): its neighbours draw the others, and its bottom edge is drawn later (``collapsedBottomEdge(_:of:top:bottom:)``).
    func cellBox(_ cell: TableLayout.Cell, of table: TableLayout.Table, top: Double, bottom: Double) -> BlockBox? {
        guard cell.background != nil || cell.edges.isVisible else { return nil }
        let left = Double(x + table.x + cell.x), right = left + Double(cell.width)
        guard cell.collapsed else {
            return BlockBox(rect: Rect(x: left, y: top, width: right - left, height: bottom - top), background: cell.background,
                            edgesInPoints: cell.edges)
        }
        var edges = cell.edges
        edges.bottom = BorderEdge()
        // The edge after the cell belongs to the cell after it, unless the row ends there.
        let gridRight = Double(x + table.x + table.width - table.inset.right)
        if right < gridRight - 0.01 { edges.right = BorderEdge() }
        return BlockBox(rect: collapsedRect(cell, left: left, right: right, top: top, bottom: bottom), background: cell.background,
                        edgesInPoints: edges)
    }

    /// A collapsed cell's bottom edge alone, drawn once no row follows it in the column.
    func collapsedBottomEdge(_ cell: TableLayout.Cell, of table: TableLayout.Table, top: Double, bottom: Double) -> BlockBox? {
        guard cell.collapsed, cell.edges.bottom.usedWidth > 0 else { return nil }
        let left = Double(x + table.x + cell.x), right = left + Double(cell.width)
        return BlockBox(rect: collapsedRect(cell, left: left, right: right, top: top, bottom: bottom), background: nil,
                        edgesInPoints: BorderEdges(bottom: cell.edges.bottom))
    }

    /// A collapsed cell's box with half of each edge outside it: its edges then lie centred on its sides.
    private func collapsedRect(_ cell: TableLayout.Cell, left: Double, right: Double, top: Double, bottom: Double) -> Rect {
        Rect(x: left, y: top, width: right - left, height: bottom - top).outset(by: cell.edges, share: 0.5)
    }
}

extension Rect {
    /// The rect grown on each side by `share` of that side's edge width.
    func outset(by edges: BorderEdges, share: Double) -> Rect {
        let minX = minX - share * edges.left.usedWidth, maxX = maxX + share * edges.right.usedWidth
        let minY = minY - share * edges.top.usedWidth, maxY = maxY + share * edges.bottom.usedWidth
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
