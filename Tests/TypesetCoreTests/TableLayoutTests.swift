import Testing
import TypesetCore
import TypesetTestSupport

/// Tables laid out as tables: cells side by side in columns sized from their content, rows kept whole on a page,
/// borders as boxes, and the position API inside cells.
@Suite struct TableLayoutTests {
    /// A text: a paragraph, then a table of `rows` (each cell's text; an empty string is a cell with no
    /// paragraph), then a paragraph. Cells have a border of `border` ems.
    static func text(_ rows: [[String]], border: Double = 1.0 / 16, direction: WritingDirection? = nil,
                     before: String = "Before the table.", after: String = "After the table.") throws -> StyledText {
        var paragraphs: [(String, ParagraphStyle)] = [(before, ParagraphStyle(baseDirection: direction))]
        for (row, cells) in rows.enumerated() {
            for (column, cell) in cells.enumerated() where !cell.isEmpty {
                let place = TableCell(table: 0, row: row, column: column, border: border, background: row == 0 ? Color(hex: "#eeeeff") : nil,
                                      tableBorder: border)
                paragraphs.append((cell, ParagraphStyle(baseDirection: direction, tableCell: place)))
            }
        }
        paragraphs.append((after, ParagraphStyle(baseDirection: direction)))
        return try PaginationTests.text(paragraphs)
    }

    static func layout(_ text: StyledText, height: Double = 844) throws -> BookLayout {
        var settings = Fixtures.settings
        settings.pageSize = Size(width: 390, height: height)
        return try Typesetter(fonts: try Fixtures.bundledFonts()).layout(text, settings: settings)
    }

    /// The lines of document paragraph `index` on every page.
    static func lines(of index: Int, in layout: BookLayout) -> [Line] {
        layout.pages.indices.flatMap { layout.lines(onPage: $0) }.filter { $0.paragraphIndex == index }
    }

    @Test func cellsSitSideBySideInColumnsSizedByTheirContent() throws {
        let text = try Self.text([["Name", "What it says"],
                                  ["Tea", "A drink made by pouring boiling water on the dried leaves of the tea plant, drunk hot."]])
        let layout = try Self.layout(text)
        #expect(LayoutInvariants.violations(in: layout).isEmpty, "\(LayoutInvariants.violations(in: layout))")
        // Row 0: both cells on one band; the second to the right of the first.
        let name = Self.lines(of: 1, in: layout), says = Self.lines(of: 2, in: layout)
        #expect(name.count == 1 && says.count == 1)
        #expect(abs(name[0].rect.minY - says[0].rect.minY) < 0.01)
        #expect(says[0].rect.minX > name[0].rect.maxX)
        // Row 1: the long cell wraps in its column, the short one does not; the long column is the wide one.
        let tea = Self.lines(of: 3, in: layout), drink = Self.lines(of: 4, in: layout)
        #expect(tea.count == 1 && drink.count > 2)
        #expect(abs(tea[0].rect.minY - drink[0].rect.minY) < 0.01)
        #expect(drink.allSatisfy { $0.rect.minX >= says[0].rect.minX - 0.01 })
        let columnWidth = layout.settings.columnWidth
        #expect(drink.map(\.rect.width).max() ?? 0 > columnWidth / 2)
        // The paragraph after the table starts below its tallest cell.
        let after = Self.lines(of: 5, in: layout)
        #expect(after[0].rect.minY > drink.last?.rect.maxY ?? .infinity)
    }

    @Test func aNarrowTableShrinksToItsContent() throws {
        let layout = try Self.layout(try Self.text([["a", "b"], ["c", "d"]]))
        let boxes = layout.pages[0].boxes
        // Four cells and the table's outer border; the table is narrower than the column.
        #expect(boxes.count == 5)
        let outer = try #require(boxes.last)
        #expect(outer.rect.width < layout.settings.columnWidth / 2)
        for index in 1...4 {
            let line = try #require(Self.lines(of: index, in: layout).first)
            // Each cell's text lies inside its cell's box.
            #expect(boxes.dropLast().contains { $0.rect.minX <= line.rect.minX && $0.rect.maxX >= line.rect.maxX
                                                && $0.rect.minY <= line.rect.minY && $0.rect.maxY >= line.rect.maxY })
        }
        // The header row has its background.
        #expect(boxes.filter { $0.background != nil }.count == 2)
    }

    /// Rows are never split across pages: on pages too short for more than a row or two, every row's lines share
    /// a page, and the pages still partition the text.
    @Test func rowsAreKeptWholeOnAPage() throws {
        let cell = "Words enough to make a cell of three or four lines in a narrow column of the table."
        let rows = (0..<12).map { ["Row \($0)", cell] }
        let text = try Self.text(rows)
        for height in [250.0, 300, 360, 420] {
            let layout = try Self.layout(text, height: height)
            #expect(LayoutInvariants.violations(in: layout).isEmpty, "height \(height): \(LayoutInvariants.violations(in: layout))")
            for row in 0..<12 {
                let first = 1 + 2 * row
                let pages = Set([first, first + 1].flatMap { p in
                    Self.lines(of: p, in: layout).compactMap { layout.pageIndex(containing: $0.range.lowerBound) }
                })
                #expect(pages.count == 1, "height \(height): row \(row) is on pages \(pages.sorted())")
            }
        }
    }

    /// A row taller than a page has its cells stacked, so that nothing is lost and the pages still partition it.
    @Test func aRowTallerThanAPageIsStacked() throws {
        let long = String(repeating: "A cell far too long for one page of this size. ", count: 30)
        let text = try Self.text([["x", long]])
        let layout = try Self.layout(text, height: 300)
        #expect(LayoutInvariants.violations(in: layout).isEmpty, "\(LayoutInvariants.violations(in: layout))")
        #expect(layout.pages.count > 2)
    }

    /// The position API inside cells: a tap on a cell's text finds that text, every caret maps back to its
    /// offset, selection rectangles stay in their cells, and moving left and right walks the table in text order.
    @Test func positionsWorkInCells() throws {
        let text = try Self.text([["Alpha", "Beta gamma delta epsilon zeta eta theta iota kappa lambda mu"],
                                  ["Nu", "Xi"]])
        let layout = try Self.layout(text)
        // Taps on the middle of each word of each cell.
        for index in 1...4 {
            for line in Self.lines(of: index, in: layout) {
                let page = try #require(layout.pageIndex(containing: line.range.lowerBound))
                let point = Point(x: line.rect.center.x, y: line.rect.center.y)
                let found = layout.closestPosition(to: point, onPage: page)
                #expect(line.range.contains(found.offset) || found.offset == line.range.upperBound,
                        "a tap in cell paragraph \(index) at \(point) gave \(found.offset), outside \(line.range)")
                let character = try #require(layout.characterRange(at: point, onPage: page))
                #expect(line.range.contains(character.lowerBound))
            }
        }
        // Every caret of the table maps back to itself.
        let tableRange = text.paragraphs[1].range.lowerBound..<text.paragraphs[4].range.upperBound
        for offset in tableRange {
            guard let caret = layout.caretRect(for: TextPosition(offset: offset)),
                  let page = layout.pageIndex(containing: offset) else { continue }
            let back = layout.closestPosition(to: caret.rect.center, onPage: page)
            let again = try #require(layout.caretRect(for: back))
            #expect(abs(again.rect.center.x - caret.rect.center.x) < 0.5 && abs(again.rect.center.y - caret.rect.center.y) < 0.5,
                    "the caret of \(offset) at \(caret.rect) maps back to \(back.offset) at \(again.rect)")
        }
        // A selection of a cell's text has its rectangles in that cell's column.
        let beta = text.paragraphs[2].contentDocumentRange
        let alphaLine = try #require(Self.lines(of: 1, in: layout).first)
        for rect in layout.selectionRects(for: beta) { #expect(rect.rect.minX > alphaLine.rect.maxX) }
        // Below a short cell's text, inside its row: the end of that cell's text.
        let nu = try #require(Self.lines(of: 3, in: layout).first)
        let below = layout.closestPosition(to: Point(x: nu.rect.center.x, y: nu.rect.maxY + 2), onPage: 0)
        #expect(below.offset == text.paragraphs[3].contentDocumentRange.upperBound)
        // Moving right from the end of a cell goes on to the next cell.
        let end = TextPosition(offset: text.paragraphs[1].contentDocumentRange.upperBound)
        let next = try #require(layout.position(from: end, in: .right, offset: 1))
        #expect(next.offset == text.paragraphs[2].range.lowerBound)
    }

    /// A right-to-left table has its first column on the right.
    @Test func aRightToLeftTableStartsOnTheRight() throws {
        let text = try Self.text([["אחד", "שתיים"]], direction: .rightToLeft)
        let layout = try Self.layout(text)
        let first = try #require(Self.lines(of: 1, in: layout).first), second = try #require(Self.lines(of: 2, in: layout).first)
        #expect(first.rect.minX > second.rect.maxX)
    }

    /// Columns narrower than their tables (a phone turned small, a relayout at a tenth of the width), with thick
    /// padding, borders and an indent, spanning cells and drop caps, in both directions: every cell stays inside
    /// the column, and a column with less than a point per table column sets the cells as a list (found by the
    /// layout fuzzer: a relayout into a 1 pt column put cells past its edge, and a one-column table in a 0.88 pt
    /// column was given a 1 pt one).
    @Test func narrowColumnsKeepCellsInside() throws {
        for direction in [WritingDirection.leftToRight, .rightToLeft] {
            func cell(_ text: String, table: Int = 0, row: Int, column: Int, span: Int = 1, padding: Double, border: Double,
                      tableBorder: Double, indent: Double, dropCap: Bool = false) -> (String, ParagraphStyle) {
                let place = TableCell(table: table, row: row, column: column, columnSpan: span, padding: padding, border: border,
                                      tableBorder: tableBorder, tableIndent: indent)
                return (text, ParagraphStyle(baseDirection: direction, firstLineIndent: 1.5, blockIndent: 1.6, endIndent: 1.6,
                                             dropCap: dropCap ? DropCap(length: 1, lines: 2) : nil, tableCell: place))
            }
            let text = try PaginationTests.text([
                ("Before.", ParagraphStyle(baseDirection: direction)),
                cell("civilians, and again", row: 3, column: 1, padding: 2.9, border: 0.8, tableBorder: 0, indent: 2.2),
                cell("that same face and look", row: 0, column: 1, span: 2, padding: 2, border: 0.8, tableBorder: 0.8, indent: 0),
                cell("But they didn't.", row: 1, column: 0, span: 2, padding: 0.6, border: 0.9, tableBorder: 1, indent: 0.6),
                cell("Come in three weeks", row: 0, column: 0, padding: 0, border: 0, tableBorder: 0, indent: 0, dropCap: true),
                cell("I did not know", row: 0, column: 0, padding: 0, border: 0, tableBorder: 0, indent: 0, dropCap: true),
                ("After.", ParagraphStyle(baseDirection: direction)),
                // A table of one column, in a column narrower than a point.
                cell("Alone in its column", table: 1, row: 0, column: 0, padding: 0.3, border: 0.1, tableBorder: 0.1, indent: 0),
                cell("and below it", table: 1, row: 1, column: 0, padding: 0.3, border: 0.1, tableBorder: 0.1, indent: 0),
            ])
            for (width, size) in [(0.5, 17.0), (0.88, 165), (1.0, 158), (1.9, 105), (2.5, 17), (5, 17), (11.9, 105), (30, 17), (60, 17), (120, 17)] {
                var settings = Fixtures.settings
                settings.fontSize = size
                settings.margins = EdgeInsets(top: 6, left: 37.4, bottom: 34, right: 53.6)
                settings.pageSize = Size(width: 37.4 + 53.6 + width, height: 851)
                let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(text, settings: settings)
                let problems = LayoutInvariants.violations(in: layout, limit: 3)
                #expect(problems.isEmpty, "\(direction), column \(width) pt at \(size) pt: \(problems)")
            }
        }
    }

    /// A cell of a million characters: sized and laid out in time linear in its text (the column widths read it
    /// once), its row taller than any page stacked.
    @Test func aCellOfAMillionCharacters() throws {
        let words = String(repeating: "word ", count: 200_000)
        let text = try Self.text([["short", words]])
        let layout = try Self.layout(text)
        #expect(LayoutInvariants.violations(in: layout, limit: 3).isEmpty)
        #expect(layout.pages.count > 1000)
    }

    /// A crafted table of 10,000 columns costs no more than its text: it is set as a list of its cells, one below
    /// the other, within the column (``TableCell/maximumColumns``).
    @Test func aTableOfTenThousandColumnsIsSetAsAList() throws {
        let text = try Self.text([(0..<10_000).map { "c\($0)" }])
        let layout = try Self.layout(text)
        #expect(LayoutInvariants.violations(in: layout).isEmpty)
        let lines = layout.pages.indices.flatMap { layout.lines(onPage: $0) }
        #expect(lines.count == 10_002)
        #expect(layout.pages.allSatisfy { $0.boxes.isEmpty })
    }
}
