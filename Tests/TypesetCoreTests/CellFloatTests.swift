import Testing
import TypesetCore
import TypesetTestSupport

/// Floats in table cells (CSS 2.1 §9.5: a float is placed in its containing block, the cell's content box; the
/// cell, a block formatting context root, grows to contain it, §10.6.7). A generated family: side × float width ×
/// text length × anchor place (the float before the cell's text, or in the middle of it) × cell width (the table
/// alone in the column, or beside a second cell, on two page widths). Every float is inside its cell, no text line
/// overlaps it, lines are set beside it when there is room, the cell's box reaches below it, the text after the
/// table starts below the cell, and carets and points round-trip.
@Suite struct CellFloatTests {
    static let words = "The crew slept below the deck while the watch kept an eye on the stars and the sea. "
    static let cellColor = Color(hex: "#ddeeff")

    /// "Before the table.", a table of one row (its first cell: a floated box of `floatText` at `side`, `width`
    /// wide, then `sentences` sentences, the float anchored after the first word when `anchored`; a second cell of
    /// text when `twoCells`), then "After the table.".
    static func text(side: BlockFloat.Side, width: TextAttachment.Length?, floatText: String, sentences: Int,
                     anchored: Bool, twoCells: Bool) throws -> StyledText {
        var cell = ParagraphStyle.body
        cell.tableCell = TableCell(table: 0, row: 0, column: 0, padding: 0.3, background: cellColor, tableWidth: .percent(100))
        var floated = cell
        floated.float = BlockFloat(side: side, width: width, anchor: anchored ? 4 : nil)
        var second = ParagraphStyle.body
        second.tableCell = TableCell(table: 0, row: 0, column: 1, padding: 0.3, tableWidth: .percent(100))
        var paragraphs: [(String, ParagraphStyle)] = [("Before the table.", .body), (floatText, floated),
                                                      (String(repeating: words, count: sentences), cell)]
        if twoCells { paragraphs.append(("A second cell of text beside the first one.", second)) }
        paragraphs.append(("After the table.", .body))
        return try PaginationTests.text(paragraphs)
    }

    static func layout(_ text: StyledText, pageWidth: Double) throws -> BookLayout {
        var settings = Fixtures.settings
        settings.pageSize = Size(width: pageWidth, height: 1600)
        return try Typesetter(fonts: try Fixtures.bundledFonts()).layout(text, settings: settings)
    }

    static let floats: [(BlockFloat.Side, TextAttachment.Length?, String)] = [
        (.left, .points(60), "A note in the cell."), (.right, .points(60), "A note in the cell."),
        (.left, .percent(40), "A floated note of a few words."), (.right, .percent(40), "A floated note of a few words."),
        (.right, nil, "12"), (.left, nil, "§ 4"),
    ]

    @Test(arguments: [240.0, 390.0], [false, true])
    func aFloatInACellStaysInTheCellAndTheTextWrapsBesideIt(pageWidth: Double, twoCells: Bool) throws {
        var besides = 0, cases = 0
        for (side, width, floatText) in Self.floats {
            for sentences in [1, 3] {
                for anchored in [false, true] {
                    let text = try Self.text(side: side, width: width, floatText: floatText, sentences: sentences,
                                             anchored: anchored, twoCells: twoCells)
                    let layout = try Self.layout(text, pageWidth: pageWidth)
                    let label = "\(side) \(String(describing: width)) \(floatText.prefix(6)), \(sentences) sentences, anchored \(anchored), two cells \(twoCells), page \(pageWidth)"
                    besides += try Self.check(layout, label: label, side: side, anchored: anchored) ? 1 : 0
                    cases += 1
                }
            }
        }
        // Lines are set beside the float in most cases (the rest have too little room beside it: text below it).
        #expect(besides * 2 > cases, "\(besides) of \(cases) cells set text beside their float")
    }

    /// Checks one layout of the family; whether text was set beside the float.
    static func check(_ layout: BookLayout, label: String, side: BlockFloat.Side, anchored: Bool) throws -> Bool {
        #expect(LayoutInvariants.violations(in: layout).isEmpty, "\(label): \(LayoutInvariants.violations(in: layout))")
        #expect(layout.pages.count == 1, "\(label)")
        let page = try #require(layout.pages.first)
        let cell = try #require(page.boxes.first { $0.background == cellColor }?.rect, "\(label): the cell's box")
        let lines = layout.lines(onPage: 0)
        let floated = lines.filter { $0.paragraphIndex == 1 }
        let text = lines.filter { $0.paragraphIndex == 2 }
        #expect(!floated.isEmpty && !text.isEmpty, "\(label)")
        // The float is inside its cell (its content box: the cell's padding, 0.3 em, in from its border box), at its side.
        let padding = 0.3 * layout.settings.fontSize
        for line in floated + text {
            #expect(line.rect.minX >= cell.minX + padding - 0.5 && line.rect.maxX <= cell.maxX - padding + 0.5
                    && line.rect.minY >= cell.minY - 0.5 && line.rect.maxY <= cell.maxY + 0.5,
                    "\(label): line \(line.paragraphIndex).\(line.lineIndex) \(line.rect) outside the cell \(cell)")
        }
        let floatBox = floated.map(\.rect).reduce(floated[0].rect) { $0.union($1) }
        if side == .left {
            #expect(abs(floatBox.minX - (cell.minX + padding)) < 0.5, "\(label): the left float at the cell's left")
        }
        // No text line over the float; the cell reaches below it (it contains its float).
        for line in text {
            #expect(!FloatLayoutTests.overlaps(line.rect, floatBox), "\(label): line \(line.lineIndex) \(line.rect) over the float \(floatBox)")
        }
        #expect(cell.maxY >= floatBox.maxY - 0.5, "\(label): the cell \(cell) ends above its float \(floatBox)")
        // The paragraph after the table starts below the cell.
        if let after = lines.first(where: { $0.paragraphIndex == lines.map(\.paragraphIndex).max() }) {
            #expect(after.rect.minY >= cell.maxY - 0.5, "\(label): the text after the table over the cell")
        }
        // An anchored float stands at or below its line's top: the text's first line is above or beside it.
        if anchored, let firstLine = text.first {
            #expect(floatBox.minY >= firstLine.rect.minY - 0.5, "\(label): the anchored float above its line")
        }
        let (carets, _) = MixedWritingModeTests.checkPositions(layout)
        #expect(carets > 20, "\(label)")
        return text.contains { $0.rect.minY < floatBox.maxY - 0.5 }
    }

    /// Clearance in a cell is of the cell's floats: a paragraph of the cell that clears starts below the cell's
    /// float, and one that does not is set beside it.
    @Test(arguments: [false, true])
    func clearanceInACellIsOfItsFloats(clears: Bool) throws {
        var cell = ParagraphStyle.body
        cell.tableCell = TableCell(table: 0, row: 0, column: 0, background: Self.cellColor, tableWidth: .percent(100))
        var floated = cell
        floated.float = BlockFloat(side: .left, width: .points(80))
        var cleared = cell
        if clears { cleared.clear = .both }
        let text = try PaginationTests.text([(Self.words, .body), ("A tall note floated at the left of the cell.", floated),
                                             ("Cell text.", cleared), ("After.", .body)])
        let layout = try Self.layout(text, pageWidth: 300)
        let lines = layout.lines(onPage: 0)
        let floatBottom = try #require(lines.filter { $0.paragraphIndex == 1 }.map(\.rect.maxY).max())
        let cellText = try #require(lines.first { $0.paragraphIndex == 2 })
        #expect((cellText.rect.minY >= floatBottom - 0.5) == clears, "clears \(clears): \(cellText.rect) float bottom \(floatBottom)")
    }

    /// The automatic table layout counts a float's width: a table of short cells whose first holds a 100 pt float
    /// gives that cell the float and its text side by side (its max-content: the float's width and the text's).
    @Test func aCellsFloatCountsInTheTablesWidths() throws {
        var cell = ParagraphStyle.body
        cell.tableCell = TableCell(table: 0, row: 0, column: 0, padding: 0, background: Self.cellColor)
        var floated = cell
        floated.float = BlockFloat(side: .left, width: .points(100))
        var other = ParagraphStyle.body
        other.tableCell = TableCell(table: 0, row: 0, column: 1, padding: 0)
        let text = try PaginationTests.text([("Go.", floated), ("Short.", cell),
                                             ("Other.", other)])
        let layout = try Self.layout(text, pageWidth: 390)
        let box = try #require(layout.pages[0].boxes.first { $0.background == Self.cellColor }?.rect)
        let short = try #require(layout.lines(onPage: 0).first { $0.paragraphIndex == 1 })
        #expect(box.width >= 100 + short.rect.width - 0.5, "cell \(box.width) for a 100 pt float and \(short.rect.width) pt of text")
        #expect(short.rect.minY < layout.lines(onPage: 0)[0].rect.maxY, "the text beside the float")
    }
}
