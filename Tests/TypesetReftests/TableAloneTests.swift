import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// A table wider than its page: scaled down in page flow, and offered whole at its natural width
/// (`StyledText.tables`, `Typesetter.layoutAlone`), its cells' lines then unbroken and its PNG as wide as it.
@Suite struct TableAloneTests {
    static func read(_ table: String) throws -> (EPUBBook, TypographySettings) {
        let book = Reftest.Book(body: "<p>Before the table.</p>\(table)<p>After the table.</p>")
        let read = try EPUBReader().read(bytes: try Reftest.archive(book), name: "table.epub")
        return (read, Reftest.settings.typography)
    }

    static let row = "<tr>" + (1...6).map { "<td>Column \($0) heading words</td>" }.joined() + "</tr>"
    static let wide = "<table border='1'>\(row)\(row)</table>"
    static let narrow = "<table border='1'><tr><td>One</td><td>Two</td></tr></table>"

    @Test(arguments: [wide, wide.replacing("<table border='1'>", with: "<table border='1' style='width: 100%'>")])
    func aWideTableIsOfferedWholeAtItsNaturalWidth(_ table: String) throws {
        let (book, settings) = try Self.read(table)
        let text = book.publication.text
        let tables = text.tables
        try #require(tables.count == 1)
        let found = tables[0]
        #expect(text.string(in: found.range).hasPrefix("Column 1 heading words"), "the range is the table's text")
        #expect(!text.string(in: found.range).contains("After"))
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let alone = try typesetter.layoutAlone(found, of: text, settings: settings)
        let column = settings.pageSize.width - settings.margins.left - settings.margins.right
        #expect(alone.isWiderThanColumn && alone.naturalWidth > column, "\(alone.naturalWidth) against \(column)")
        #expect(alone.naturalWidth < 1500, "its widest content, not the room it was measured in: \(alone.naturalWidth)")
        // At its natural width no cell's text breaks: one line per cell.
        #expect(alone.layout.lineCount == 12, "\(alone.layout.lineCount) lines")
        #expect(alone.layout.pages.count == 1)
        // In page flow the same cells break (scaled down to the column).
        let flow = try typesetter.layout(text, settings: settings)
        #expect(flow.lineCount > 12 + 2)
        // Drawn whole: a PNG as wide as the table and the margins.
        let png = try PageRenderer().renderPNG(page: 0, of: alone.layout)
        let decoded = try PNGDecoder.decode(png)
        #expect(Double(decoded.width) >= alone.naturalWidth + settings.margins.left + settings.margins.right - 1)
    }

    @Test func aNarrowTableFitsItsColumn() throws {
        let (book, settings) = try Self.read(Self.narrow)
        let text = book.publication.text
        let found = try #require(text.tables.first)
        let alone = try Typesetter(fonts: try Fixtures.bundledFonts()).layoutAlone(found, of: text, settings: settings)
        #expect(!alone.isWiderThanColumn)
        #expect(alone.layout.text.string(in: alone.layout.textRange).hasPrefix("One"))
        // A table of another text is refused, not a trap.
        let other = try StyledText(paragraphs: [Paragraph(start: 0, units: Array("x\n".utf16), contentRange: 0..<1)])
        #expect(throws: StyledText.InvalidParagraphs.self) { try other.text(of: found) }
    }
}
