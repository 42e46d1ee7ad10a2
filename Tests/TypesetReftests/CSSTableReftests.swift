import Testing
import TypesetTestSupport

/// Tables by `display` (CSS 2.1 §17.2): elements of `display: table`, `table-row` and `table-cell` are a table's
/// parts whatever their names, and rows or cells no table holds are wrapped in an anonymous table (and cells without
/// a row in an anonymous row, §17.2.1), ended by the first sibling that is none. A book's layout grid or parallel
/// text (`<div>`s of `display: table-cell` side by side) is set as the HTML table it means.
///
/// Families: table shapes × cell contents × cell boxes × table styles × directions, each against the `<table>`
/// with the same styles (pixels); the anonymous tables (rows or cells in a plain block, cells without rows) against
/// the table CSS would wrap them in; a run ended by text or a block, not by a part that is not shown.
@Suite struct CSSTableReftests {
    /// Cell contents: a word, a sentence that wraps, two paragraphs, a heading over a line.
    static let contents = ["Arma", "Arma virumque cano, Troiae qui primus ab oris Italiam, fato profugus, venit.",
                           "<p>Multum ille et terris.</p><p>Iactatus et alto.</p>", "<h3>Liber I</h3>Vi superum."]
    /// Table shapes: rows × columns.
    static let shapes = [(1, 2), (2, 2), (2, 3), (3, 1)]
    /// The styles of cells, as books give them.
    static let cellBoxes = ["", "padding: 4px; border: 1px solid #333", "background: #dde8f4; padding: 0 0.5em", "width: 30%"]
    /// The styles of tables.
    static let tableStyles = ["", "width: 100%", "margin: 0 auto", "border-spacing: 4px", "border-collapse: collapse"]

    /// The text of cell `row`, `column`.
    static func text(_ row: Int, _ column: Int) -> String { contents[(row + 2 * column) % contents.count] }

    /// A table of `shape` written with `display` on `<div>`s (`rows` false: cells directly in the table) or as HTML.
    static func table(_ shape: (Int, Int), css: Bool, rows: Bool = true, table: String, cell: String) -> String {
        var out = css ? "<div style='display: table; \(table)'>" : "<table style='border-spacing: 0; \(table)'>"
        if !rows, !css { out += "<tr>" }
        for row in 0..<shape.0 {
            if rows { out += css ? "<div style='display: table-row'>" : "<tr>" }
            for column in 0..<shape.1 {
                out += css ? "<div style='display: table-cell; \(cell)'>\(text(row, column))</div>"
                    : "<td style='padding: 0; vertical-align: top; \(cell)'>\(text(row, column))</td>"
            }
            if rows { out += css ? "</div>" : "</tr>" }
        }
        if !rows, !css { out += "</tr>" }
        return out + (css ? "</div>" : "</table>")
    }

    static func book(_ middle: String, direction: String = "ltr") -> Reftest.Book {
        Reftest.Book(body: "<p>Before.</p><div dir='\(direction)'>\(middle)</div><p>After.</p>", css: "h3 { margin: 0 }")
    }

    static func mismatch(_ test: String, _ reference: String, direction: String = "ltr") throws -> String? {
        Reftest.mismatch(try Reftest.render(book(test, direction: direction)), try Reftest.render(book(reference, direction: direction)))
    }

    /// `<div>`s of `display: table`, `table-row`, `table-cell` are the HTML table with the same styles.
    @Test(arguments: ["ltr", "rtl"], tableStyles)
    func displayMakesATable(_ direction: String, _ tableStyle: String) throws {
        for shape in Self.shapes {
            for cell in Self.cellBoxes {
                let test = Self.table(shape, css: true, table: tableStyle, cell: cell)
                let reference = Self.table(shape, css: false, table: tableStyle, cell: cell)
                #expect(try Self.mismatch(test, reference, direction: direction) == nil, "\(direction) \(shape) \(tableStyle) \(cell)")
            }
        }
    }

    /// Cells without rows in a `display: table` are one row.
    @Test(arguments: tableStyles)
    func cellsWithoutRowsAreOneRow(_ tableStyle: String) throws {
        for cell in Self.cellBoxes {
            let test = Self.table((1, 3), css: true, rows: false, table: tableStyle, cell: cell)
            let reference = Self.table((1, 3), css: false, table: tableStyle, cell: cell)
            #expect(try Self.mismatch(test, reference) == nil, "\(tableStyle) \(cell)")
        }
    }

    /// Rows, or cells, in a block that is no table are in an anonymous table (of no spacing, as wide as its content).
    @Test(arguments: ["ltr", "rtl"])
    func partsWithoutATableAreInAnonymousOne(_ direction: String) throws {
        for shape in Self.shapes {
            for cell in Self.cellBoxes {
                let rows = Self.table(shape, css: true, table: "", cell: cell)
                    .replacingOccurrences(of: "<div style='display: table; '>", with: "<div class='plain'>")
                let reference = Self.table(shape, css: false, table: "", cell: cell)
                #expect(try Self.mismatch(rows, reference, direction: direction) == nil, "rows \(direction) \(shape) \(cell)")
            }
            let cells = (0..<3).map { "<div style='display: table-cell'>\(Self.text(0, $0))</div>" }.joined()
            let reference = Self.table((1, 3), css: false, table: "", cell: "")
            #expect(try Self.mismatch("<section>\(cells)</section>", reference, direction: direction) == nil, "cells \(direction)")
        }
    }

    /// HTML's cells and rows outside a table (XHTML keeps them) are in an anonymous table too.
    @Test func htmlPartsWithoutATable() throws {
        let test = "<div><tr><td>One</td><td>Two words</td></tr><tr><td>Three</td><td>Four</td></tr></div>"
        let reference = "<table style='border-spacing: 0'><tr><td>One</td><td>Two words</td></tr><tr><td>Three</td><td>Four</td></tr></table>"
        #expect(try Self.mismatch(test, reference) == nil)
        let cells = "<div><td>One</td><td>Two words</td></div>"
        #expect(try Self.mismatch(cells, "<table style='border-spacing: 0'><tr><td>One</td><td>Two words</td></tr></table>") == nil)
    }

    /// Text or a block between cells ends their table; an element that is not shown does not.
    @Test(arguments: ["Between them.", "<p>Between them.</p>", "<br/>"])
    func aSiblingEndsTheTable(_ between: String) throws {
        func cells(_ range: Range<Int>) -> String {
            range.map { "<div style='display: table-cell'>\(Self.text(1, $0))</div>" }.joined()
        }
        // The reference tables by `display` (tables and anonymous ones are not spaced as `<table>`s are).
        func table(_ range: Range<Int>) -> String {
            "<div style='display: table'>" + cells(range) + "</div>"
        }
        let test = "<div>\(cells(0..<2))\n \(between)\n\(cells(2..<4))</div>"
        let reference = "<div>\(table(0..<2))\(between)\(table(2..<4))</div>"
        #expect(try Self.mismatch(test, reference) == nil, "\(between)")
        let hidden = "<div>\(cells(0..<2))<span style='display: none'>gone</span>\(cells(2..<4))</div>"
        #expect(try Self.mismatch(hidden, "<div>\(table(0..<4))</div>") == nil, "hidden")
    }
}
