import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// A multi-column block's own margins, borders and padding are outside its columns (CSS Multi-column 1 §2: the
/// multicol container's content box is divided into columns): the block in a page is the same as its columns
/// without them in a page whose margins are that much wider. Blocks inside the columns keep their own indents
/// within each column. A generated family (count × gap × margins) and the box drawn once around the whole block.
@Suite struct MulticolumnBoxReftests {
    static let text = MulticolumnReftests.text + "<p>The wind rose before dawn and the sails filled.</p>"

    /// `Reftest.settings` with `left` and `right` points more in the page's side margins.
    static func settings(left: Double = 0, right: Double = 0, top: Double = 0, bottom: Double = 0) -> ReaderSettings {
        var settings = Reftest.settings
        let margins = settings.typography.margins
        settings.typography.margins = EdgeInsets(top: margins.top + top, left: margins.left + left,
                                                 bottom: margins.bottom + bottom, right: margins.right + right)
        return settings
    }

    static func expectSame(_ test: Reftest.Book, _ reference: Reftest.Book, settings: ReaderSettings, _ comment: String,
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        let rendered = try Reftest.render(test)
        FloatReftests.keep(rendered, comment)
        let mismatch = Reftest.mismatch(rendered, try Reftest.render(reference, settings: settings))
        #expect(mismatch == nil, "\(comment): \(mismatch ?? "")", sourceLocation: sourceLocation)
    }

    /// The family: counts × gaps × left and right margins (in ems of the 14 pt text, so whole points). The block's
    /// margins are the page's margins for its columns.
    @Test(arguments: [2, 3], [0.0, 1.0, 2.0])
    func marginsAreOutsideTheColumns(count: Int, gap: Double) throws {
        for (left, right) in [(2.0, 0.0), (0.0, 3.0), (1.0, 1.0), (3.0, 2.0)] {
            let columns = "column-count: \(count); column-gap: \(gap)em"
            let test = MulticolumnReftests.book("<div class='m'>\(Self.text)</div>",
                                                css: ".m { \(columns); margin: 0 \(right)em 0 \(left)em }")
            let reference = MulticolumnReftests.book("<div class='m'>\(Self.text)</div>", css: ".m { \(columns) }")
            try Self.expectSame(test, reference, settings: Self.settings(left: left * 14, right: right * 14),
                                "\(columns), margins \(left) and \(right) em")
        }
    }

    /// Padding, and the margins of a block around the multi-column one, are outside its columns too.
    @Test(arguments: [".m { padding: 0 1em 0 2em }", ".o { margin-left: 2em; padding-right: 1em }", ".o { margin-left: 1em } .m { margin-left: 1em; padding-right: 1em }"])
    func paddingAndOuterMarginsAreOutsideTheColumns(_ css: String) throws {
        let test = MulticolumnReftests.book("<div class='o'><div class='m'>\(Self.text)</div></div>", css: ".m { column-count: 2 } " + css)
        let reference = MulticolumnReftests.book("<div class='m'>\(Self.text)</div>", css: ".m { column-count: 2 }")
        try Self.expectSame(test, reference, settings: Self.settings(left: 28, right: 14), css)
    }

    /// A paragraph inside the columns keeps its own margins in its column: the same as in the columns of a page
    /// whose margins are the block's.
    @Test(arguments: ["margin-left: 1em", "margin: 0 1em", "padding-left: 2em; text-indent: 1em"])
    func blocksInsideKeepTheirIndentsInTheirColumn(_ inner: String) throws {
        let body = "<div class='m'><p>The ship lay still on the calm water.</p><p class='q'>The crew slept below the deck, and the watch kept an eye on the stars.</p></div>"
        let test = MulticolumnReftests.book(body, css: ".m { column-count: 2; margin: 0 1em 0 2em } .q { \(inner) }")
        let reference = MulticolumnReftests.book(body, css: ".m { column-count: 2 } .q { \(inner) }")
        try Self.expectSame(test, reference, settings: Self.settings(left: 28, right: 14), inner)
    }

    /// A block whose columns come down to one (`column-width` wider than its content box) is set in its content box,
    /// as a block with the same margins in the flow.
    @Test func oneColumnIsTheFlowInsideTheMargins() throws {
        try FloatReftests.expectSame(
            MulticolumnReftests.book("<div class='m'>\(Self.text)</div>", css: ".m { column-width: 100em; margin: 0 1em 0 2em }"),
            MulticolumnReftests.book("<div class='m'>\(Self.text)</div>", css: ".m { margin: 0 1em 0 2em }"), "one column")
    }

    /// An element spanning the columns is set across the block's content box, inside its margins.
    @Test func aSpanningElementIsInsideTheMargins() throws {
        let body = "<div class='m'>\(MulticolumnReftests.text)<h3 class='s'>Night</h3>\(MulticolumnReftests.text)</div>"
        try Self.expectSame(MulticolumnReftests.book(body, css: ".m { column-count: 2; margin: 0 1em 0 2em } .s { column-span: all }"),
                            MulticolumnReftests.book(body, css: ".m { column-count: 2 } .s { column-span: all }"),
                            settings: Self.settings(left: 28, right: 14), "column-span inside margins")
    }

    /// A spanner inside a nested block of the columns (a `section` in the block) spans the columns as one that is the
    /// block's child does (§6: any in-flow descendant): the columns before it end, and those after it start again.
    @Test(arguments: ["section", "div"])
    func aSpannerInANestedBlockSpansTheColumns(_ element: String) throws {
        let text = MulticolumnReftests.text
        let body = "<div class='m'><\(element)>\(text)<h3 class='s'>Night</h3>\(text)</\(element)></div>"
        let reference = "<div class='m'>\(text)</div><h3>Night</h3><div class='m'>\(text)</div>"
        try Self.expectSame(MulticolumnReftests.book(body, css: ".m { column-count: 2; margin: 0 1em 0 2em } .s { column-span: all }"),
                            MulticolumnReftests.book(reference, css: ".m { column-count: 2 }"),
                            settings: Self.settings(left: 28, right: 14), "nested spanner in \(element)")
    }

    static let red = Color(red: 0xcc, green: 0, blue: 0)

    /// The block's border is one box around all its columns, inside its margins: on the rows between its top and
    /// bottom edges, red stands only in its left and right borders (none in the gap, none past the margins), and
    /// the columns stand inside it.
    @Test(arguments: [0.0, 1.0, 2.0])
    func theBorderIsOneBoxAroundTheColumns(margin: Double) throws {
        let rendered = try Reftest.render(MulticolumnReftests.book(
            "<div class='m'>\(Self.text)</div>", css: ".m { column-count: 2; margin: 0 \(margin)em; border: 2px solid #cc0000; padding: 0 4px }"))
        FloatReftests.keep(rendered, "border around columns \(margin)")
        let page = try #require(rendered.pages.first)
        var redRows: [Int: [Int]] = [:]
        for y in 0..<page.height {
            for x in 0..<page.width where page[x: x, y: y] == Self.red { redRows[y, default: []].append(x) }
        }
        let top = try #require(redRows.keys.min()), bottom = try #require(redRows.keys.max())
        #expect(bottom - top > 40, "as tall as the columns: \(top)...\(bottom)")
        let left = Int(16 + margin * 14), right = Int(240 - 16 - margin * 14)
        for y in (top + 3)..<(bottom - 3) {
            let xs = redRows[y] ?? []
            #expect(xs.allSatisfy { ($0 >= left - 1 && $0 <= left + 2) || ($0 >= right - 3 && $0 <= right) },
                    "row \(y): red at \(xs)")
            #expect(xs.count >= 2, "row \(y): both sides drawn: \(xs)")
        }
    }

    /// A box inside the columns is drawn in its column, in one part per column it is in (sliced across the column
    /// break): no red in the gap, both columns' parts drawn. Columns 90 pt wide, 28 pt apart, from 16 pt.
    @Test func aBoxInsideIsDrawnInItsColumns() throws {
        let rendered = try Reftest.render(MulticolumnReftests.book(
            "<div class='m'><div class='q'>\(Self.text)</div></div>", css: ".m { column-count: 2; column-gap: 2em } .q { border: 2px solid #cc0000 }"))
        FloatReftests.keep(rendered, "box inside the columns")
        let page = try #require(rendered.pages.first)
        var xs = Set<Int>()
        for y in 0..<page.height { for x in 0..<page.width where page[x: x, y: y] == Self.red { xs.insert(x) } }
        #expect(!xs.isEmpty && xs.allSatisfy { $0 < 108 || $0 > 132 }, "red in the gap: \(xs.filter { $0 >= 108 && $0 <= 132 }.sorted())")
        #expect(xs.contains { $0 < 20 } && xs.contains { $0 > 100 && $0 < 108 }, "the first column's part")
        #expect(xs.contains { $0 > 132 && $0 < 140 } && xs.contains { $0 > 220 }, "the second column's part")
    }
}
