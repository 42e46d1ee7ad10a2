import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// A table row taller than a page is stacked (TableLayout+TallRows.swift): its cells one below the other across the
/// table's width, each in its box, broken across pages as paragraphs are. The reference writes each of its cells as
/// a row of its own in a table of one column, which sets them at the same place.
@Suite struct TableTallRowReftests {
    static let long = String(repeating: "Words enough to fill a page of this small size several times over. ", count: 24)

    static func book(_ rows: String, css: String = "") -> Reftest.Book {
        Reftest.Book(body: "<p>Before the table.</p><table border='1'>" + rows + "</table><p>After the table.</p>", css: css)
    }

    static func expectSame(_ test: Reftest.Book, _ reference: Reftest.Book, _ comment: String,
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        let rendered = try Reftest.render(test), expected = try Reftest.render(reference)
        #expect(rendered.pages.count > 2, "\(comment): the row should run over pages", sourceLocation: sourceLocation)
        let mismatch = Reftest.mismatch(rendered, expected)
        #expect(mismatch == nil, "\(comment): \(mismatch ?? "")", sourceLocation: sourceLocation)
    }

    /// (cells of the tall row, CSS): the long cell first, last or between short ones; with padding and a background.
    static let rows: [([String], String)] = [
        (["Name", long], ""),
        ([long, "Note"], ""),
        (["One", long, "Three"], ""),
        (["Left", long], "td { padding: 6px; background: #dde }"),
        (["A", "B", "C", long], "td { border: 2px solid #333 }"),
    ]

    @Test(arguments: rows) func aRowTallerThanAPageIsItsCellsStacked(_ cells: [String], _ css: String) throws {
        let test = "<tr>" + cells.map { "<td>\($0)</td>" }.joined() + "</tr>"
        let reference = cells.map { "<tr><td>\($0)</td></tr>" }.joined()
        try Self.expectSame(Self.book(test, css: css), Self.book(reference, css: css), "\(cells.map { $0.prefix(8) }) \(css)")
    }
}
