/// Rows too tall for a column, stacked: the pass after lines are broken that finds each table row whose cells,
/// side by side, are taller than a column, and sets its cells again one below the other across the table's width.
///
/// CSS fragments such a row (CSS Fragmentation 3 §4: each cell's content continues in the next column, the cells
/// still side by side), but then a page would hold the start of every cell and the next page their rest, so a
/// page's text would no longer be one range of the document: the pages partition the text here (locations, page
/// numbers and progress rest on it). Set cell after cell in their narrow columns, as this engine did before, a row
/// of a wide table on a phone became a staircase of one-word lines over dozens of pages (a seven-column crosswalk
/// table whose one body row was three pages tall). Stacked across the table's width, as responsive web tables are
/// on a narrow screen, the cells read in order, each in its box, and the pages still partition the text. Rows that
/// fit stay rows: a table is stacked only row by row, where nothing else keeps its lines on the page.
extension TableLayout {
    /// Stacks the rows of every table that are taller than `columnHeight` (their tallest cell as set in `layouts`,
    /// `layouts[0]` being document paragraph `first`): marks them (``Row/isStacked``), sizes the table's columns
    /// again from its other rows only, across the column's whole width (``table(_:_:shaped:layouter:columnWidth:metrics:stacked:)``:
    /// a stacked row's long words no longer squeeze the head row's), and sets the table's paragraphs again in their
    /// new boxes with `relayout`. A row the new columns make taller than a column is stacked too, the columns then
    /// kept. Costs nothing for a table whose rows fit; a table with a stacked row is set twice (three times at most).
    mutating func stackTallRows(_ text: StyledText, shaped: ShapedText, layouter: ParagraphLayouter, columnWidth: Float,
                                columnHeight: Double, metrics: inout ParagraphMetrics, layouts: inout [ParagraphLayout],
                                first: Int, relayout: (Int, CellBox) -> ParagraphLayout) {
        for t in tables.indices {
            let tall = tallRows(of: tables[t], layouts: layouts, first: first, columnHeight: columnHeight)
            guard !tall.isEmpty else { continue }
            if let resized = Self.table(text, tables[t].paragraphs, shaped: shaped, layouter: layouter, columnWidth: columnWidth,
                                        metrics: &metrics, stacked: Set(tall)) {
                tables[t] = resized
            } else {
                for r in tall { tables[t].rows[r].isStacked = true }
            }
            recordBoxes(of: t)
            setAgain(tables[t].rows.indices, of: t, layouts: &layouts, first: first, relayout: relayout)
            let taller = tallRows(of: tables[t], layouts: layouts, first: first, columnHeight: columnHeight)
            guard !taller.isEmpty else { continue }
            for r in taller { tables[t].rows[r].isStacked = true }
            recordBoxes(of: t)
            for r in taller { setAgain(r..<(r + 1), of: t, layouts: &layouts, first: first, relayout: relayout) }
        }
    }

    /// The rows of `table` not stacked whose tallest cell, as set in `layouts`, is taller than `columnHeight`.
    private func tallRows(of table: Table, layouts: [ParagraphLayout], first: Int, columnHeight: Double) -> [Int] {
        table.rows.indices.filter { r in
            let row = table.rows[r]
            return !row.isStacked && Double(row.cells.reduce(Float(0)) { max($0, $1.height(layouts, first: first)) }) > columnHeight
        }
    }

    /// Sets the paragraphs of rows `rows` of table `t` again in their boxes (``boxes``).
    private func setAgain(_ rows: Range<Int>, of t: Int, layouts: inout [ParagraphLayout], first: Int,
                          relayout: (Int, CellBox) -> ParagraphLayout) {
        for r in rows {
            for paragraph in tables[t].rows[r].paragraphs {
                guard let box = boxes[paragraph] else { continue }
                layouts[paragraph - first] = relayout(paragraph, box)
            }
        }
    }

    /// The box a stacked cell's text is set in: the table's width inside its border and spacing and the cell's own
    /// border and padding, at the table's scale.
    func stackedBox(_ cell: Cell, in table: Table) -> CellBox {
        let left = table.inset.left + cell.inset.left, right = table.inset.right + cell.inset.right
        let width = max(0, table.width - left - right)
        return CellBox(x: table.x + left, width: width, objectWidth: width, scale: table.scale)
    }
}

extension TableLayout.Table {
    /// Whether any of rows `rows` is stacked (``TableLayout/Row/isStacked``): such a row is placed by itself.
    func hasStackedRow(in rows: Range<Int>) -> Bool {
        rows.contains { self.rows[$0].isStacked }
    }
}
