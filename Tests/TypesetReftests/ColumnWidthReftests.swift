import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// A column's width from its `<col>` or `<colgroup>` (HTML's column model, CSS 2.1 §17.3 and §17.5.2.2): its cells'
/// column is set at that width, the cells' padding and borders inside it, as though each cell of one column gave
/// the width of its content box.
@Suite struct ColumnWidthReftests {
    static let css = "td { background-color: #ddeeff } td + td { background-color: #ffeedd } table { border-spacing: 0 }"

    /// A table of `rows` rows of `cells`, its `<colgroup>`s and `<col>`s first.
    static func table(columns: String = "", rows: Int = 2, _ cells: [String]) -> String {
        "<table>" + columns + String(repeating: "<tr>" + cells.joined() + "</tr>", count: rows) + "</table>"
    }

    /// (test, reference): widths given by columns, against the same widths on every cell (no padding, so a
    /// column's width and its cells' are the same).
    static let sameWidths: [(String, String)] = {
        let a = "<td style='padding: 0'>a</td>", b = "<td style='padding: 0'>b</td>", c = "<td style='padding: 0'>c</td>"
        func wide(_ letter: String, _ width: String) -> String { "<td style='padding: 0; width: \(width)'>\(letter)</td>" }
        return [
            // One column's width, written as CSS or as HTML's attribute (pixels at 16 to an em).
            (table(columns: "<col style='width: 6em'/><col/>", [a, b]), table([wide("a", "6em"), b])),
            (table(columns: "<col width='96'/><col/>", [a, b]), table([wide("a", "6em"), b])),
            // `span` on a column, and on a column group without columns.
            (table(columns: "<col span='2' style='width: 4em'/>", [a, b, c]), table([wide("a", "4em"), wide("b", "4em"), c])),
            (table(columns: "<colgroup span='2' width='64'></colgroup><col style='width: 7em'/>", [a, b, c]),
             table([wide("a", "4em"), wide("b", "4em"), wide("c", "7em")])),
            // A column group's width is the default of its columns; its `span` counts only without them.
            (table(columns: "<colgroup span='3' style='width: 5em'><col/><col style='width: 2em'/></colgroup>", [a, b, c]),
             table([wide("a", "5em"), wide("b", "2em"), c])),
            // The wider of a column's width and its cells'.
            (table(columns: "<col style='width: 3em'/>", [wide("a", "8em"), b]), table([wide("a", "8em"), b])),
            (table(columns: "<col style='width: 8em'/>", [wide("a", "3em"), b]), table([wide("a", "8em"), b])),
            // Narrower than the content's narrowest: the content's.
            (table(columns: "<col style='width: 1px'/>", ["<td style='padding: 0'>Electroencephalograph</td>", b]),
             table(["<td style='padding: 0'>Electroencephalograph</td>", b])),
            // Inside the `<thead>`-less table's `<tbody>` too: columns come before the row groups.
            ("<table><col style='width: 6em'/><tbody><tr>\(a)\(b)</tr></tbody></table>", table(rows: 1, [wide("a", "6em"), b])),
        ]
    }()

    @Test(arguments: sameWidths) func aColumnsWidthIsItsCellsWidth(_ test: String, _ reference: String) throws {
        try TableBorderReftests.expectSame(test, Self.css, reference, Self.css)
    }

    /// A column's width holds its cells' padding: 10 em columns of cells padded 1 em are cells 8 em wide.
    @Test(arguments: ["padding: 1em", "padding: 0.5em 1em", "padding: 0.5em; border: 0.5em solid #000"]) func aColumnsWidthHoldsItsCellsPadding(_ padding: String) throws {
        let cell = "<td style='\(padding)'>a</td><td style='\(padding)'>b</td>"
        let reference = "<td style='\(padding); width: 8em'>a</td><td style='\(padding)'>b</td>"
        try TableBorderReftests.expectSame(Self.table(columns: "<col style='width: 10em'/>", [cell]), Self.css,
                                           Self.table([reference]), Self.css)
    }

    /// A generated family: 1 to 4 columns, each with a width or none, given by `<col>`s (some spanning equal
    /// neighbours) against the same widths on the cells.
    @Test(arguments: 0..<8) func aFamilyOfColumns(_ seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &* 7_919 &+ 17)
        let count = 1 + Int(random.next() % 4)
        let widths = (0..<count).map { _ in random.next() % 3 == 0 ? nil : 2 + Int(random.next() % 6) }
        var columns = "", k = 0
        while k < count {
            var span = 1
            while k + span < count && widths[k + span] == widths[k] && random.next() % 2 == 0 { span += 1 }
            let style = widths[k].map { " style='width: \($0)em'" } ?? ""
            columns += span > 1 ? "<col span='\(span)'\(style)/>" : "<col\(style)/>"
            k += span
        }
        let words = ["a", "bb", "ccc", "dddd"]
        let plain = (0..<count).map { "<td style='padding: 0'>\(words[$0])</td>" }
        let sized = (0..<count).map { i in
            "<td style='padding: 0\(widths[i].map { "; width: \($0)em" } ?? "")'>\(words[i])</td>"
        }
        try TableBorderReftests.expectSame(Self.table(columns: columns, plain), Self.css, Self.table(sized), Self.css)
    }

    /// Columns that changed nothing would pass the tests above for tables whose cells fill them anyway: a column
    /// wider than its content differs from none.
    @Test func aColumnsWidthChangesTheTable() throws {
        let cells = ["<td style='padding: 0'>a</td>", "<td style='padding: 0'>b</td>"]
        #expect(try Reftest.mismatch(body: Self.table(columns: "<col style='width: 10em'/>", cells), css: Self.css,
                                     referenceBody: Self.table(cells), referenceCSS: Self.css) != nil)
    }
}
