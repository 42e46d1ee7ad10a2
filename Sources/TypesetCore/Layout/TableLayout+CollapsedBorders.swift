/// The collapsing border model (CSS 2.1 §17.6.2): neighbouring cells share one border, the winner of their edges.
///
/// Each side of a cell is contested by its own edge, the edges of the cells across that side (every cell along it,
/// for a side spanning rows or columns), or the table's edge on the table's outside. The converter has already
/// resolved a row's and row group's edges into their cells' (``TableCell/borders``). Column and column-group
/// borders take no part: books do not draw rules with them. A side spanning several neighbours takes the winner
/// of them all, so its border is one line (CSS resolves each grid segment apart).
extension TableLayout {
    /// Resolves every cell's edges (``Cell/edges``, ``Cell/collapsed``) against its neighbours' and the table's
    /// `table` edges (points), and answers the table's inset: the outer half of its widest outer edges.
    static func collapseBorders(_ rows: inout [Row], table: BorderEdges, columnCount: Int, text: StyledText,
                                rightToLeft: Bool) -> CellInsets {
        let grid = CellGrid(rows, columnCount: columnCount, text: text)
        // Every cell's own edges, before any is resolved (the contests read them, not the winners).
        var own = [BorderEdges](repeating: BorderEdges(), count: grid.cellSlots)
        for r in rows.indices { for k in rows[r].cells.indices { own[grid.index(r, k)] = rows[r].cells[k].edges } }
        // The row's start and end sides: left and right, or right and left in a right-to-left table.
        func start(_ e: BorderEdges) -> BorderEdge { rightToLeft ? e.right : e.left }
        func end(_ e: BorderEdges) -> BorderEdge { rightToLeft ? e.left : e.right }
        var inset = CellInsets()
        for r in rows.indices {
            for k in rows[r].cells.indices {
                guard let place = grid.place(r, k) else { continue }
                let mine = own[grid.index(r, k)]
                // Contestants in order of precedence (§17.6.2.1 rule 5): the cell above or before wins a tie against
                // this one, this one against the table.
                var top = BorderContest(), bottom = BorderContest(), startSide = BorderContest(), endSide = BorderContest()
                if place.rows.lowerBound == 0 {
                    top.enter(mine.top); top.enter(table.top)
                } else {
                    grid.forEachCell(row: place.rows.lowerBound - 1, columns: place.columns) { top.enter(own[$0].bottom) }
                    top.enter(mine.top)
                }
                bottom.enter(mine.bottom)
                if place.rows.upperBound >= rows.count { bottom.enter(table.bottom) } else {
                    grid.forEachCell(row: place.rows.upperBound, columns: place.columns) { bottom.enter(own[$0].top) }
                }
                let before = place.columns.lowerBound == 0 ? nil : place.columns.lowerBound - 1
                let after = place.columns.upperBound >= columnCount ? nil : place.columns.upperBound
                if let before {
                    grid.forEachCell(rows: place.rows, column: before) { startSide.enter(end(own[$0])) }
                    startSide.enter(start(mine))
                } else {
                    startSide.enter(start(mine)); startSide.enter(start(table))
                }
                endSide.enter(end(mine))
                if let after { grid.forEachCell(rows: place.rows, column: after) { endSide.enter(start(own[$0])) } } else {
                    endSide.enter(end(table))
                }
                var edges = mine
                edges.top = top.winner
                edges.bottom = bottom.winner
                if rightToLeft {
                    edges.right = startSide.winner
                    edges.left = endSide.winner
                } else {
                    edges.left = startSide.winner
                    edges.right = endSide.winner
                }
                rows[r].cells[k].edges = edges
                rows[r].cells[k].collapsed = true
                if place.rows.lowerBound == 0 { inset.top = max(inset.top, Float(edges.top.usedWidth) / 2) }
                if place.rows.upperBound >= rows.count { inset.bottom = max(inset.bottom, Float(edges.bottom.usedWidth) / 2) }
                if (rightToLeft ? after : before) == nil { inset.left = max(inset.left, Float(edges.left.usedWidth) / 2) }
                if (rightToLeft ? before : after) == nil { inset.right = max(inset.right, Float(edges.right.usedWidth) / 2) }
            }
        }
        return inset
    }
}

/// Which cell covers each slot of a table's grid (row, column), for finding a cell's neighbours: a row's cells in
/// text order, each over its columns and the rows it spans. Rows × columns entries (at most
/// ``TableCell/maximumColumns`` columns), so linear in the table's rows. Cells are known by their index in the
/// grid (``index(_:_:)``: row × the most cells a row has, plus the cell's index in its row), so that what is kept
/// per cell is one flat array, not an array per row.
struct CellGrid {
    /// Each slot's cell (its ``index(_:_:)``), or -1 for none.
    private var slots: [Int32]
    private let columnCount: Int
    /// Each cell's rows and columns, by ``index(_:_:)``.
    private var places: [(rows: Range<Int>, columns: Range<Int>)?]
    /// The most cells a row has.
    private let stride: Int

    init(_ rows: [TableLayout.Row], columnCount: Int, text: StyledText) {
        self.columnCount = columnCount
        stride = max(1, rows.reduce(0) { max($0, $1.cells.count) })
        slots = [Int32](repeating: -1, count: rows.count * columnCount)
        places = Array(repeating: nil, count: rows.count * stride)
        for r in rows.indices {
            for (k, cell) in rows[r].cells.enumerated() {
                guard let style = text.paragraphs[cell.paragraphs.lowerBound].style.tableCell, style.column < columnCount else { continue }
                let columns = style.column..<min(columnCount, style.column + style.columnSpan)
                let spanned = r..<min(rows.count, r + max(1, cell.rowSpan))
                let index = r * stride + k
                places[index] = (spanned, columns)
                for row in spanned {
                    for column in columns where slots[row * columnCount + column] < 0 { slots[row * columnCount + column] = Int32(clamping: index) }
                }
            }
        }
    }

    /// Cell `k` of row `r`'s index in the grid's flat arrays.
    func index(_ r: Int, _ k: Int) -> Int { r * stride + k }

    /// The size of the flat arrays cells are kept in by ``index(_:_:)``.
    var cellSlots: Int { places.count }

    /// The rows and columns cell `k` of row `r` covers.
    func place(_ r: Int, _ k: Int) -> (rows: Range<Int>, columns: Range<Int>)? { places[r * stride + k] }

    /// Calls `body` with each distinct cell covering `columns` of row `row`, in column order.
    func forEachCell(row: Int, columns: Range<Int>, _ body: (Int) -> Void) {
        forEachCell(inSlots: columns.lazy.map { row * columnCount + $0 }, body)
    }

    /// Calls `body` with each distinct cell covering column `column` in `rows`, top down.
    func forEachCell(rows: Range<Int>, column: Int, _ body: (Int) -> Void) {
        forEachCell(inSlots: rows.lazy.map { $0 * columnCount + column }, body)
    }

    /// Calls `body` with each cell of `indices` (slots in ``slots``, along one row or column), once for each run of
    /// slots it covers, skipping empty ones.
    private func forEachCell(inSlots indices: some Sequence<Int>, _ body: (Int) -> Void) {
        var last: Int32 = -1
        for index in indices {
            let value = slots[index]
            if value >= 0 && value != last {
                body(Int(value))
                last = value
            }
        }
    }
}
