import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// Multi-column blocks (CSS Multi-column 1) as css/css-multicol writes its reftests: the same columns reached by
/// different declarations (`columns` and its longhands, prefixed forms), a column width wider than the page giving
/// one column (the flow), `column-span: all` as the block split around a full-width element, and columns that must
/// change the page. The reftests' page is 240 × 320 pt with 16 pt margins, text 14 pt.
@Suite struct MulticolumnReftests {
    static let text = "<p>The ship lay still on the calm water.</p><p>The crew slept below the deck, and the watch kept an eye on the stars.</p>"

    static func book(_ body: String, css: String = "") -> Reftest.Book {
        Reftest.Book(body: body, css: "p { margin: 0; text-indent: 0 } " + css)
    }

    @Test(arguments: [("columns: 2", "column-count: 2"), ("columns: 2 auto", "column-count: 2; column-width: auto"),
                      ("-webkit-column-count: 2", "column-count: 2"), ("columns: 5em 2", "column-count: 2; column-width: 5em"),
                      ("column-count: 2; column-gap: normal", "column-count: 2; column-gap: 1em")])
    func aShorthandIsItsLonghands(_ test: String, _ reference: String) throws {
        try FloatReftests.expectSame(Self.book("<div class='m'>\(Self.text)</div>", css: ".m { \(test) }"),
                            Self.book("<div class='m'>\(Self.text)</div>", css: ".m { \(reference) }"), test)
    }

    /// A column width wider than the page leaves one column: the block is set as in the flow.
    @Test(arguments: ["column-width: 100em", "column-count: 1", "columns: auto"])
    func oneColumnIsTheFlow(_ css: String) throws {
        try FloatReftests.expectSame(Self.book("<div class='m'>\(Self.text)</div>", css: ".m { \(css) }"),
                            Self.book("<div>\(Self.text)</div>"), css)
    }

    /// `column-span: all` splits the block: the same as two blocks of columns with the element between them.
    @Test func aSpanningElementSplitsTheColumns() throws {
        try FloatReftests.expectSame(Self.book("<div class='m'>\(Self.text)<h3 class='s'>Night</h3>\(Self.text)</div>",
                                      css: ".m { column-count: 2 } .s { column-span: all }"),
                            Self.book("<div class='m'>\(Self.text)</div><h3>Night</h3><div class='m'>\(Self.text)</div>",
                                      css: ".m { column-count: 2 }"), "column-span")
    }

    /// A count the page cannot give columns of four ems is lowered (``BlockColumns/minimumWidth``): on the reftests'
    /// 208 pt column, 3 columns fit at 12 and 14 pt, 2 at 16 and 20 pt, one at 24 pt, and a count that cannot be had
    /// renders as the one that can; where the count fits, it is kept (the control: 3 is not 2 at 14 pt).
    @Test(arguments: [(12.0, 3), (14.0, 3), (16.0, 2), (20.0, 2), (24.0, 1)])
    func columnsNarrowerThanFourEmsAreNotMade(size: Double, fitting: Int) throws {
        var settings = Reftest.settings
        settings.typography.fontSize = size
        func render(_ count: Int) throws -> Reftest.Rendering {
            let css = count == 1 ? "" : ".m { column-count: \(count); column-rule: 1px solid }"
            return try Reftest.render(Self.book("<div class='m'>\(Self.text) \(Self.text)</div>", css: css), settings: settings)
        }
        let used = try render(fitting)
        for asked in (fitting + 1)...5 {
            let mismatch = Reftest.mismatch(try render(asked), used)
            #expect(mismatch == nil, "\(asked) columns at \(size) pt: \(mismatch ?? "")")
        }
        if fitting > 1 { #expect(Reftest.mismatch(used, try render(fitting - 1)) != nil, "\(fitting) columns at \(size) pt") }
    }

    /// Columns change the page: two columns of text are not the flow, and ink stands in the page's right half on the
    /// block's first line.
    @Test func columnsAreSideBySide() throws {
        let columns = try Reftest.render(Self.book("<div class='m'>\(Self.text)</div>", css: ".m { column-count: 2; column-rule: 1px solid }"))
        let flow = try Reftest.render(Self.book("<div>\(Self.text)</div>"))
        FloatReftests.keep(columns, "two columns")
        #expect(Reftest.mismatch(columns, flow) != nil)
    }
}
