import Testing
@testable import TypesetCore

/// ``ParagraphStyle/sanitized`` and a paragraph's table cell: a cell already in range (``TableCell/isSanitized``) is
/// kept as it is without being rebuilt, and a cell with any value out of range comes out in range; and
/// ``ParagraphStyle/tableCell`` set into a style without a cell, which takes a path of its own.
@Suite struct TableCellSanitizingTests {
    /// A cell with every value in range, several at the edge of it.
    static func clean() -> TableCell {
        var cell = TableCell(table: 2, row: 3, column: 1, columnSpan: TableCell.maximumColumns + 1, rowSpan: 0,
                             padding: EdgeInsets(top: 0, left: 4, bottom: 0.25, right: 1), borders: .solid(1),
                             background: nil, frame: TableFrame(borders: .solid(TableFrame.maximumEms), spacing: Size(width: 1, height: 0)),
                             alignment: .middle, tableIndent: ParagraphStyle.maximumEms, tableWidth: .percent(100))
        cell.width = .ems(ParagraphStyle.maximumEms)
        cell.columnWidth = .percent(50)
        cell.minimumWidth = .ems(2)
        cell.tableEndIndent = 0
        return cell
    }

    /// The clean cell with one value out of range, for each value ``ParagraphStyle/sanitized`` cleans.
    static func variants(_ bad: Double) -> [TableCell] {
        let edits: [(inout TableCell) -> Void] = [
            { $0.row = -1 }, { $0.column = -2 }, { $0.columnSpan = 0 }, { $0.columnSpan = TableCell.maximumColumns + 2 },
            { $0.rowSpan = -1 }, { $0.rowSpan = TableCell.maximumRowSpan + 1 },
            { $0.padding.top = bad }, { $0.padding.left = bad }, { $0.padding.bottom = bad }, { $0.padding.right = bad },
            { $0.borders.left.width = bad }, { $0.frame.borders.bottom.width = bad },
            { $0.frame.spacing.width = bad }, { $0.frame.spacing.height = bad },
            { $0.tableIndent = bad }, { $0.tableEndIndent = bad },
            { $0.tableWidth = .percent(bad) }, { $0.width = .ems(bad) }, { $0.columnWidth = .ems(bad) },
            { $0.minimumWidth = .percent(bad) }, { $0.maximumWidth = .ems(bad) },
        ]
        return edits.map { edit in
            var cell = clean()
            edit(&cell)
            return cell
        }
    }

    @Test func aCleanCellIsKept() {
        let cell = Self.clean()
        #expect(cell.isSanitized)
        var style = ParagraphStyle()
        style.tableCell = cell
        #expect(style.sanitized.tableCell == cell)
    }

    /// Each value a book cannot mean, in each place: the cell is not taken as clean, and comes out clean (and so
    /// kept as it is when sanitized again).
    @Test(arguments: [Double.nan, .infinity, -.infinity, -2, 1e300])
    func valuesOutOfRangeAreCleaned(_ bad: Double) {
        for (k, cell) in Self.variants(bad).enumerated() {
            #expect(!cell.isSanitized, "variant \(k) with \(bad) taken as clean")
            var style = ParagraphStyle()
            style.tableCell = cell
            let cleaned = style.sanitized.tableCell
            #expect(cleaned != cell, "variant \(k) with \(bad) kept")
            #expect(cleaned?.isSanitized == true, "variant \(k) with \(bad) not cleaned")
        }
    }

    /// A cell set into a style without one, then taken out: the style holds it alone (a copy sharing its other
    /// values keeps none), and without it is the default style again.
    @Test func settingACellCopiesSharedValues() {
        var base = ParagraphStyle()
        base.language = "de"
        var withCell = base
        withCell.tableCell = Self.clean()
        #expect(withCell.tableCell == Self.clean() && withCell.isTableCell && withCell.language == "de")
        #expect(base.tableCell == nil && !base.isTableCell)
        var alone = ParagraphStyle()
        alone.tableCell = nil
        #expect(alone.hasDefaultExtras)
        alone.tableCell = Self.clean()
        alone.tableCell = nil
        #expect(alone.hasDefaultExtras && !alone.isTableCell)
    }
}
