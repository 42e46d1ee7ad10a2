import Testing
import TypesetCore
import TypesetTestSupport

/// Cells spanning rows (``TableCell/rowSpan``, HTML's `rowspan`, CSS 2.1 §17.5): a generated family of grids of row
/// and column spans, laid out and checked against the table model: no two cell boxes overlap, every cell box lies
/// in the table's, the cells of a row share its top, the cells ending in a row share its bottom (so a spanning
/// cell's box reaches its last row's bottom), every caret of a cell lies in its cell's box, and a point in a lower
/// row under a spanning cell finds that cell, and one under a cell of a lower row finds that cell.
@Suite struct TableRowSpanTests {
    /// One cell of a generated grid: its place, its spans (as written: 0 or past the table's end are clamped by
    /// the layout), and the rows it covers in fact.
    struct GridCell {
        var row: Int, column: Int, columnSpan: Int, rowSpan: Int
        var lastRow: Int
        var words: Int
    }

    /// A grid of `rows` rows and `columns` columns filled as HTML's table model fills it: each cell takes the
    /// first slot its row leaves free, spans 1 to 3 rows (sometimes 0, to the end, or past the end) and as many
    /// free columns as it draws.
    static func grid(rows: Int, columns: Int, random: inout SplitMix64) -> [GridCell] {
        var covered = Array(repeating: Array(repeating: false, count: columns), count: rows)
        var cells: [GridCell] = []
        for row in 0..<rows {
            var column = 0
            while column < columns {
                if covered[row][column] { column += 1; continue }
                var columnSpan = 1 + Int(random.next() % 2)
                while columnSpan > 1 && (column + columnSpan > columns || covered[row][column + columnSpan - 1]) { columnSpan -= 1 }
                let drawn = Int(random.next() % 6)
                let rowSpan = drawn == 0 ? 0 : drawn == 5 ? rows + 2 : min(drawn, 3)
                let lastRow = rowSpan == 0 ? rows - 1 : min(rows - 1, row + rowSpan - 1)
                for r in row...lastRow { for c in column..<(column + columnSpan) { covered[r][c] = true } }
                cells.append(GridCell(row: row, column: column, columnSpan: columnSpan, rowSpan: rowSpan, lastRow: lastRow,
                                      words: 1 + Int(random.next() % 9)))
                column += columnSpan
            }
        }
        return cells
    }

    static let words = ["tea", "a", "kettle", "boiling", "water", "leaves", "of", "the", "plant", "drunk", "hot"]

    /// The text: a paragraph, the grid's table (every cell bordered, each its own text), a paragraph.
    static func text(_ cells: [GridCell]) throws -> StyledText {
        var paragraphs: [(String, ParagraphStyle)] = [("Before the table.", .body)]
        for (k, cell) in cells.enumerated() {
            let string = (0..<cell.words).map { words[($0 + k) % words.count] }.joined(separator: " ")
            let place = TableCell(table: 0, row: cell.row, column: cell.column, columnSpan: cell.columnSpan, rowSpan: cell.rowSpan,
                                  border: 1.0 / 16, background: Color(hex: "#eeeeff"), tableBorder: 1.0 / 16)
            paragraphs.append((string, ParagraphStyle(tableCell: place)))
        }
        paragraphs.append(("After the table.", .body))
        return try PaginationTests.text(paragraphs)
    }

    @Test(arguments: 0..<24) func generatedGridsKeepTheTableModel(_ seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &* 7919 &+ 33)
        let rows = 2 + Int(random.next() % 4), columns = 1 + Int(random.next() % 4)
        let cells = Self.grid(rows: rows, columns: columns, random: &random)
        let text = try Self.text(cells)
        let layout = try TableLayoutTests.layout(text)
        let context = "seed \(seed): \(rows)×\(columns), cells \(cells.map { "(\($0.row),\($0.column) \($0.rowSpan)×\($0.columnSpan))" })"
        #expect(LayoutInvariants.violations(in: layout).isEmpty, "\(context): \(LayoutInvariants.violations(in: layout))")
        try #require(layout.pages.count == 1, "\(context): the table fits one page")
        let page = layout.pages[0]
        // The table's box (drawn below its cells), then a box per cell, in text order.
        try #require(page.boxes.count == cells.count + 1, "\(context): \(page.boxes.count) boxes")
        let boxes = page.boxes.dropFirst().map(\.rect), table = try #require(page.boxes.first).rect
        for (i, a) in boxes.enumerated() {
            #expect(a.minX >= table.minX && a.maxX <= table.maxX && a.minY >= table.minY && a.maxY <= table.maxY,
                    "\(context): cell \(i) \(a) leaves the table \(table)")
            for (j, b) in boxes.enumerated() where j > i {
                let overlapX = min(a.maxX, b.maxX) - max(a.minX, b.minX), overlapY = min(a.maxY, b.maxY) - max(a.minY, b.minY)
                #expect(overlapX <= 0.01 || overlapY <= 0.01, "\(context): cells \(i) \(a) and \(j) \(b) overlap")
            }
        }
        // Rows: the cells starting in one share its top, the cells ending in one share its bottom, the next row's top
        // (the cells touch: no spacing). A row with no cell of its own has no height, and spans ending in it end in the one above.
        let starting = Set(cells.map(\.row))
        func end(_ cell: GridCell) -> Int { (cell.row...cell.lastRow).last { starting.contains($0) } ?? cell.row }
        for row in starting.sorted() {
            let tops = cells.indices.filter { cells[$0].row == row }.map { boxes[$0].minY }
            let bottoms = cells.indices.filter { end(cells[$0]) == row }.map { boxes[$0].maxY }
            #expect((tops.max() ?? 0) - (tops.min() ?? 0) < 0.01, "\(context): row \(row)'s cells start at \(tops)")
            #expect((bottoms.max() ?? 0) - (bottoms.min() ?? 0) < 0.01, "\(context): row \(row)'s cells end at \(bottoms)")
            if let next = starting.sorted().first(where: { $0 > row }), let bottom = bottoms.first,
               let top = cells.indices.first(where: { cells[$0].row == next }).map({ boxes[$0].minY }) {
                #expect(abs(top - bottom) < 0.01, "\(context): row \(row) ends at \(bottom), row \(next) starts at \(top)")
            }
        }
        // Carets inside their cells' boxes; a point low in a cell's box, below its text, finds that cell (in rows
        // joined by a spanning cell, not the cell above it in its column).
        for (k, cell) in cells.enumerated() {
            let range = text.paragraphs[k + 1].contentDocumentRange, box = boxes[k]
            for offset in range.lowerBound...range.upperBound {
                let caret = try #require(layout.caretRect(for: TextPosition(offset: offset))).rect
                #expect(caret.center.x >= box.minX - 1.01 && caret.center.x <= box.maxX + 1.01
                        && caret.minY >= box.minY && caret.maxY <= box.maxY, "\(context): caret \(offset) at \(caret) is outside cell \(k) \(box)")
            }
            let found = layout.closestPosition(to: Point(x: box.center.x, y: box.maxY - 2), onPage: 0)
            #expect(range.lowerBound <= found.offset && found.offset <= range.upperBound,
                    "\(context): a point low in cell \(k) \(box) (rows \(cell.row)...\(end(cell))) gave \(found.offset), outside \(range)")
        }
    }
}
