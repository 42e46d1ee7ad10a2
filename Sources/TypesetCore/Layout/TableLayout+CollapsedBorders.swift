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
        let own = rows.map { $0.cells.map(\.edges) }
        var inset = CellInsets()
        for r in rows.indices {
            for k in rows[r].cells.indices {
                guard let place = grid.place(r, k) else { continue }
                let mine = own[r][k]
                // Contestants in order of precedence (§17.6.2.1 rule 5): the cell above or before wins a tie against
                // this one, this one against the table.
                let top = place.rows.lowerBound == 0 ? [mine.top, table.top]
                    : grid.cells(row: place.rows.lowerBound - 1, columns: place.columns).map { own[$0.row][$0.cell].bottom } + [mine.top]
                let bottom = [mine.bottom] + (place.rows.upperBound >= rows.count ? [table.bottom]
                    : grid.cells(row: place.rows.upperBound, columns: place.columns).map { own[$0.row][$0.cell].top })
                // The row's start and end sides: left and right, or right and left in a right-to-left table.
                func start(_ e: BorderEdges) -> BorderEdge { rightToLeft ? e.right : e.left }
                func end(_ e: BorderEdges) -> BorderEdge { rightToLeft ? e.left : e.right }
                let before = place.columns.lowerBound == 0 ? nil : place.columns.lowerBound - 1
                let after = place.columns.upperBound >= columnCount ? nil : place.columns.upperBound
                let startSide = before.map { c in grid.cells(rows: place.rows, column: c).map { end(own[$0.row][$0.cell]) } + [start(mine)] }
                    ?? [start(mine), start(table)]
                let endSide = [end(mine)] + (after.map { c in grid.cells(rows: place.rows, column: c).map { start(own[$0.row][$0.cell]) } }
                    ?? [end(table)])
                var edges = mine
                edges.top = BorderEdge.winner(top)
                edges.bottom = BorderEdge.winner(bottom)
                if rightToLeft {
                    edges.right = BorderEdge.winner(startSide)
                    edges.left = BorderEdge.winner(endSide)
                } else {
                    edges.left = BorderEdge.winner(startSide)
                    edges.right = BorderEdge.winner(endSide)
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
/// ``TableCell/maximumColumns`` columns), so linear in the table's rows.
struct CellGrid {
    private var slots: [Int32]
    private let columnCount: Int
    /// Each cell's rows and columns, by row and cell index.
    private var places: [[(rows: Range<Int>, columns: Range<Int>)?]]
    /// Each slot's cell as (row index, cell index) packed: row * stride + cell.
    private let stride: Int

    init(_ rows: [TableLayout.Row], columnCount: Int, text: StyledText) {
        self.columnCount = columnCount
        stride = max(1, rows.reduce(0) { max($0, $1.cells.count) })
        slots = [Int32](repeating: -1, count: rows.count * columnCount)
        places = rows.map { row in row.cells.map { _ in nil } }
        for r in rows.indices {
            for (k, cell) in rows[r].cells.enumerated() {
                guard let style = text.paragraphs[cell.paragraphs.lowerBound].style.tableCell, style.column < columnCount else { continue }
                let columns = style.column..<min(columnCount, style.column + style.columnSpan)
                let spanned = r..<min(rows.count, r + max(1, cell.rowSpan))
                places[r][k] = (spanned, columns)
                let packed = Int32(clamping: r * stride + k)
                for row in spanned {
                    for column in columns where slots[row * columnCount + column] < 0 { slots[row * columnCount + column] = packed }
                }
            }
        }
    }

    /// The rows and columns cell `k` of row `r` covers.
    func place(_ r: Int, _ k: Int) -> (rows: Range<Int>, columns: Range<Int>)? { places[r][k] }

    /// The distinct cells covering `columns` of row `row`, in column order.
    func cells(row: Int, columns: Range<Int>) -> [(row: Int, cell: Int)] {
        distinct(columns.map { slots[row * columnCount + $0] })
    }

    /// The distinct cells covering column `column` in `rows`, top down.
    func cells(rows: Range<Int>, column: Int) -> [(row: Int, cell: Int)] {
        distinct(rows.map { slots[$0 * columnCount + column] })
    }

    private func distinct(_ packed: [Int32]) -> [(row: Int, cell: Int)] {
        var result: [(row: Int, cell: Int)] = []
        var last: Int32 = -1
        for value in packed where value >= 0 && value != last {
            result.append((Int(value) / stride, Int(value) % stride))
            last = value
        }
        return result
    }
}
