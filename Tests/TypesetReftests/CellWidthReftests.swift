import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// A cell's `width` (CSS, or HTML's `width` attribute): its column is set at that width, never narrower than its
/// content's narrowest (CSS 2.1 §17.5.2.2 as browsers read it); a percentage is of the table's column, and its
/// column's share at least.
@Suite struct CellWidthReftests {
    static let css = "td { background-color: #ddeeff; padding: 0 } table { border-spacing: 0 }"

    static func table(_ first: String, _ second: String = "<td>b</td>", width: String = "") -> String {
        "<table\(width)><tr>\(first)\(second)</tr></table>"
    }

    /// (test, reference): one width written two ways.
    static let sameWidths: [(String, String)] = [
        (table("<td style='width: 10em'>a</td>"), table("<td width='160'>a</td>")),
        (table("<td width='25%'>a</td>", width: " width='100%'"), table("<td style='width: 25%'>a</td>", width: " width='100%'")),
        // Narrower than its content's narrowest: the content's.
        (table("<td style='width: 1px'>Electroencephalograph</td>"), table("<td>Electroencephalograph</td>")),
    ]

    @Test(arguments: sameWidths) func aWidthWrittenTwoWays(_ test: String, _ reference: String) throws {
        try TableBorderReftests.expectSame(test, Self.css, reference, Self.css)
    }

    /// The cell's box is as wide as its width (the content box: no padding here), in points at one pixel each.
    @Test(arguments: [4.0, 8.0, 11.0]) func aCellIsAsWideAsItsWidth(_ ems: Double) throws {
        let rendered = try Reftest.render(Reftest.Book(body: "<p>Before.</p>" + Self.table("<td style='width: \(ems)em'>a</td>", "<td>b</td>"),
                                                       css: "td { background-color: #ff0000; padding: 0 } td + td { background-color: #0000ff } table { border-spacing: 0 }"))
        let page = rendered.pages[0]
        let red = Color(hex: "#ff0000")
        // The widest run of the first cell's red on any row.
        var widest = 0
        for y in 0..<page.height {
            var run = 0
            for x in 0..<page.width { run = page[x: x, y: y] == red ? run + 1 : 0; widest = max(widest, run) }
        }
        #expect(abs(Double(widest) - ems * 14) <= 1, "\(ems) em at 14 pt: \(widest) px")
    }

    /// A width that changes nothing would pass the tests above for a table whose cells fill it anyway: a width
    /// wider than the content differs from none.
    @Test func aWidthChangesTheTable() throws {
        #expect(try Reftest.mismatch(body: Self.table("<td style='width: 10em'>a</td>"), css: Self.css,
                                     referenceBody: Self.table("<td>a</td>"), referenceCSS: Self.css) != nil)
    }
}
