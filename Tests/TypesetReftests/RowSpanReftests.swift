import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// Cells spanning rows (HTML's `rowspan`, CSS 2.1 §17.5), as css/css-tables writes its reftests: a table with a
/// spanning cell against the same table built without one, its column split into one cell per row with the same
/// background and the spanning cell's lines shared out (cells without borders, padding or spacing, so that the cells of a
/// column touch, and their text at the top of their rows and a spanning cell's background must run from its first row's top to its last row's bottom to
/// match). And `rowspan` written one way against the same span written another: `0` (to the end of the row
/// group), a span past the table's end, a span clamped at its `tbody`'s end.
@Suite struct RowSpanReftests {
    static let css = "table { border-spacing: 0 } td { padding: 0; vertical-align: top } .s { background-color: #ccddee }"

    static func book(_ rows: String) -> Reftest.Book {
        Reftest.Book(body: "<p>Before the table.</p><table cellpadding='0'>\(rows)</table><p>After the table.</p>", css: css)
    }

    static func expectSame(_ test: String, _ reference: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let rendered = try Reftest.render(book(test))
        let mismatch = Reftest.mismatch(rendered, try Reftest.render(book(reference)))
        #expect(mismatch == nil, "\(test): \(mismatch ?? "")", sourceLocation: sourceLocation)
        // Not a blank page matching a blank page.
        #expect(Reftest.inkPixels(rendered, page: 0) > 500, sourceLocation: sourceLocation)
    }

    /// (test rows, reference rows without `rowspan`).
    static let splitSpans: [(String, String)] = [
        // A short spanning cell: its background covers both rows, its text at the top of the first.
        ("<tr><td class='s' rowspan='2'>Tea</td><td>Kettle</td></tr><tr><td>Leaves</td></tr>",
         "<tr><td class='s'>Tea</td><td>Kettle</td></tr><tr><td class='s'>&#160;</td><td>Leaves</td></tr>"),
        // A tall spanning cell: its rows grow by its extra height, shared in proportion to their heights (the first
        // row, of two lines, takes twice the second's share).
        ("<tr><td class='s' rowspan='2'>a<br/>b<br/>c<br/>d<br/>e<br/>f</td><td>Kettle<br/>pot</td></tr><tr><td>Leaves</td></tr>",
         "<tr><td class='s'>a<br/>b<br/>c<br/>d</td><td>Kettle<br/>pot<br/>&#160;<br/>&#160;</td></tr>"
            + "<tr><td class='s'>e<br/>f</td><td>Leaves<br/>&#160;</td></tr>"),
        // A cell spanning rows and columns, in the middle of a row.
        ("<tr><td>one</td><td class='s' rowspan='2' colspan='2'>wide and tall</td><td>two</td></tr><tr><td>three</td><td>four</td></tr>",
         "<tr><td>one</td><td class='s' colspan='2'>wide and tall</td><td>two</td></tr>"
            + "<tr><td>three</td><td class='s' colspan='2'>&#160;</td><td>four</td></tr>"),
    ]

    @Test(arguments: splitSpans) func aSpanningCellCoversItsRows(_ test: String, _ reference: String) throws {
        try Self.expectSame(test, reference)
    }

    static let rows3 = "<tr><td>Kettle</td></tr><tr><td>Leaves</td></tr>"

    /// (test rows, reference rows): one span written two ways.
    static let sameSpans: [(String, String)] = [
        ("<tr><td class='s' rowspan='0'>Tea</td><td>Pot</td></tr>\(rows3)",
         "<tr><td class='s' rowspan='3'>Tea</td><td>Pot</td></tr>\(rows3)"),
        ("<tr><td class='s' rowspan='9'>Tea</td><td>Pot</td></tr>\(rows3)",
         "<tr><td class='s' rowspan='3'>Tea</td><td>Pot</td></tr>\(rows3)"),
        // A row group ends every span in it: `rowspan="0"` and a long span stop at the `tbody`'s last row.
        ("<tbody><tr><td class='s' rowspan='0'>Tea</td><td>Pot</td></tr><tr><td>Kettle</td></tr></tbody>"
            + "<tbody><tr><td>Cup</td><td>Leaves</td></tr></tbody>",
         "<tr><td class='s' rowspan='2'>Tea</td><td>Pot</td></tr><tr><td>Kettle</td></tr><tr><td>Cup</td><td>Leaves</td></tr>"),
        ("<tbody><tr><td class='s' rowspan='5'>Tea</td><td>Pot</td></tr><tr><td>Kettle</td></tr></tbody>"
            + "<tbody><tr><td>Cup</td><td>Leaves</td></tr></tbody>",
         "<tr><td class='s' rowspan='2'>Tea</td><td>Pot</td></tr><tr><td>Kettle</td></tr><tr><td>Cup</td><td>Leaves</td></tr>"),
    ]

    @Test(arguments: sameSpans) func aSpanWrittenTwoWays(_ test: String, _ reference: String) throws {
        try Self.expectSame(test, reference)
    }
}
