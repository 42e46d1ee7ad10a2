import TypesetCore

/// A table's own box and the borders of its rows and row groups (CSS 2.1 §17.5.1, §17.6).
extension XHTMLConverter {
    /// HTML's default `border-spacing` (its rendering section's `table { border-spacing: 2px }`), in ems.
    static let defaultBorderSpacing = 2.0 / 16

    /// The table's own box from its styles: its border (else HTML's `border` attribute, `borderAttribute` ems,
    /// solid), its background (with publisher styles), and its border model and spacing: CSS `border-spacing`,
    /// else HTML's `cellspacing` attribute (pixels: 16 to an em), else HTML's default.
    func tableFrame(_ element: XMLElement, style: ComputedStyle, borderAttribute: Double?) -> TableFrame {
        let attribute = Double(element.attribute("cellspacing")?.trimmingWhiteSpace() ?? "").map { min(max($0, 0), 16) / 16 }
        let spacing = style.borderSpacing ?? attribute.map { ($0, $0) } ?? (Self.defaultBorderSpacing, Self.defaultBorderSpacing)
        return TableFrame(borders: style.borders.isVisible ? style.borders : .solid(borderAttribute ?? 0),
                          background: publisherStyles ? style.backgroundColor : nil,
                          spacing: Size(width: spacing.across, height: spacing.down), collapsesBorders: style.borderCollapse)
    }

    /// A row group's start (`thead`, `tbody`, `tfoot` of the table being read): its background, under its rows'.
    mutating func enterRowGroup(_ style: ComputedStyle) {
        guard !tables.isEmpty else { return }
        tables[tables.count - 1].groupBackground = publisherStyles ? style.backgroundColor : nil
        tables[tables.count - 1].groupAlignment = style.cellAlignment
    }

    /// A row group's end: in the collapsing model its edges join its cells' (paragraphs `range`).
    mutating func leaveRowGroup(_ style: ComputedStyle, range: Range<Int>) {
        guard let table = tables.last else { return }
        tables[tables.count - 1].groupBackground = nil
        tables[tables.count - 1].groupAlignment = nil
        guard table.frame.collapsesBorders, style.borders.isVisible else { return }
        let rows = range.compactMap { output.paragraphs[$0].style.tableCell }.filter { $0.table == table.number }.map(\.row)
        guard let first = rows.min(), let last = rows.max() else { return }
        collapseEdges(of: style, into: range, table: table.number, rows: first...last)
    }

    /// In the collapsing model, a row's or row group's edges (`style`) resolved into its cells' (paragraphs `range`
    /// of table `table`, rows `rows`), a cell's own edge winning a tie (CSS 2.1 §17.6.2.1 rule 5): its top edge
    /// into the cells of its first row, its bottom edge into the cells that reach its last, its start and end
    /// edges into the cells at each row's ends. The layout then resolves neighbouring cells' edges.
    mutating func collapseEdges(of style: ComputedStyle, into range: Range<Int>, table: Int, rows: ClosedRange<Int>) {
        let edges = style.borders
        guard edges.isVisible else { return }
        // Each row's first and last columns.
        var ends: [Int: (first: Int, last: Int)] = [:]
        for index in range {
            guard let cell = output.paragraphs[index].style.tableCell, cell.table == table else { continue }
            let span = (cell.column, cell.column + cell.columnSpan - 1)
            ends[cell.row] = ends[cell.row].map { (min($0.first, span.0), max($0.last, span.1)) } ?? span
        }
        let rightToLeft = style.direction == .rightToLeft
        for index in range {
            guard var cell = output.paragraphs[index].style.tableCell, cell.table == table, let row = ends[cell.row] else { continue }
            var own = cell.borders
            if cell.row == rows.lowerBound { own.top = BorderEdge.winner([own.top, edges.top]) }
            if cell.rowSpan == 0 || cell.row + cell.rowSpan - 1 >= rows.upperBound { own.bottom = BorderEdge.winner([own.bottom, edges.bottom]) }
            if cell.column == row.first {
                if rightToLeft { own.right = BorderEdge.winner([own.right, edges.right]) } else { own.left = BorderEdge.winner([own.left, edges.left]) }
            }
            if cell.column + cell.columnSpan - 1 == row.last {
                if rightToLeft { own.left = BorderEdge.winner([own.left, edges.left]) } else { own.right = BorderEdge.winner([own.right, edges.right]) }
            }
            cell.borders = own
            output.paragraphs[index].style.tableCell = cell
        }
    }
}
