import Testing
import TypesetCore
import TypesetTestSupport

/// Rows taller than a page, stacked (TableLayout+TallRows.swift): a generated family of tables and page sizes in
/// which every row either keeps its cells side by side on one page or has them one below the other across the
/// table; the other rows' columns sized without the stacked row; and tables of consecutive documents kept apart.
@Suite struct TableTallRowTests {
    /// The first line of each cell of row `row` (cells are paragraphs 1... in row order, one per non-empty cell).
    static func firstLines(_ layout: BookLayout, paragraphs: Range<Int>) -> [Line] {
        paragraphs.compactMap { TableLayoutTests.lines(of: $0, in: layout).first }
    }

    /// Tables of 2 to 4 columns, one row with a cell of 1 to 12 sentences among short ones, on pages 240 to 700 pt
    /// tall: the layout keeps its invariants; a row whose cells all start on one page at one height sits side by
    /// side; otherwise (a row taller than the page) its cells start at one left edge, one below the other.
    @Test func generatedTallRowsAreStacked() throws {
        var random = SplitMix64(seed: 0x7A11_5EED)
        var stackedRows = 0, sideBySide = 0
        for _ in 0..<24 {
            let columns = 2 + Int(random.next() % 3)
            let tall = Int(random.next() % UInt64(columns))
            let sentences = Int(random.next() % 13)
            let height = 240 + Double(random.next() % 461)
            var cells = (0..<columns).map { "Cell \($0)" }
            cells[tall] = String(repeating: "A sentence of several words in the long cell. ", count: max(1, sentences))
            let text = try TableLayoutTests.text([["Head", "Of", "The", "Table"].prefix(columns).map { $0 }, cells])
            let layout = try TableLayoutTests.layout(text, height: height)
            let problems = LayoutInvariants.violations(in: layout, limit: 3)
            #expect(problems.isEmpty, "\(columns) columns, \(sentences) sentences, page \(height): \(problems)")
            let row = Self.firstLines(layout, paragraphs: (1 + columns)..<(1 + 2 * columns))
            try #require(row.count == columns)
            let xs = Set(row.map { Int($0.rect.minX.rounded()) })
            let ys = Set(row.map { Int($0.rect.minY.rounded()) })
            if ys.count == 1 {
                sideBySide += 1
                #expect(xs.count == columns, "side by side: \(xs.sorted())")
            } else {
                stackedRows += 1
                #expect(xs.count == 1, "\(columns) columns, \(sentences) sentences, page \(height): stacked cells start at \(xs.sorted())")
                #expect(zip(row, row.dropFirst()).allSatisfy { $0.range.upperBound <= $1.range.lowerBound })
                // A tap on a stacked cell's line finds that line's text.
                for index in (1 + columns)..<(1 + 2 * columns) {
                    for line in TableLayoutTests.lines(of: index, in: layout) {
                        let page = try #require(layout.pageIndex(containing: line.range.lowerBound))
                        let found = layout.closestPosition(to: line.rect.center, onPage: page).offset
                        #expect(line.range.contains(found) || found == line.range.upperBound,
                                "a tap on \(line.range) at \(line.rect.center) gave \(found)")
                    }
                }
            }
        }
        #expect(stackedRows > 3 && sideBySide > 3, "the family has both kinds: \(stackedRows) stacked, \(sideBySide) side by side")
    }

    /// The head row of a table whose body row is stacked is sized without it: a long word there no longer makes
    /// the whole table smaller, so the head row's lines are as tall as the text's.
    @Test func theOtherRowsAreSizedWithoutTheStackedOne() throws {
        let word = String(repeating: "Unbreakable", count: 5)
        let long = String(repeating: "\(word) and more words to make the row taller than the page. ", count: 20)
        let text = try TableLayoutTests.text([["Name", "Value"], ["Short", long]])
        let layout = try TableLayoutTests.layout(text, height: 400)
        #expect(LayoutInvariants.violations(in: layout, limit: 3).isEmpty)
        let before = try #require(TableLayoutTests.lines(of: 0, in: layout).first)
        let head = try #require(TableLayoutTests.lines(of: 1, in: layout).first)
        #expect(abs(head.rect.height - before.rect.height) < 0.01,
                "head row line \(head.rect.height) pt against the text's \(before.rect.height) pt")
    }
}

extension TableTallRowTests {
    /// Tables are numbered per document, so the last table of one document and the first of the next share a
    /// number: they are still two tables, and the second document starts a page of its own.
    @Test func tablesOfTwoDocumentsAreTwoTables() throws {
        var paragraphs: [(String, ParagraphStyle)] = []
        for document in 0..<2 {
            for (row, column) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                var style = ParagraphStyle(tableCell: TableCell(table: 0, row: row, column: column, border: 1.0 / 16, tableBorder: 1.0 / 16))
                style.startsSection = document == 1 && row == 0 && column == 0
                paragraphs.append(("Document \(document), row \(row), column \(column)", style))
            }
        }
        let text = try PaginationTests.text(paragraphs)
        #expect(text.tables.map(\.paragraphs) == [0..<4, 4..<8])
        let layout = try TableLayoutTests.layout(text)
        #expect(LayoutInvariants.violations(in: layout).isEmpty)
        #expect(layout.pages.map(\.range.lowerBound) == [0, text.paragraphs[4].range.lowerBound])
    }
}
