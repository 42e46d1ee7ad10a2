import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// `column-fill` (CSS Multi-column 1 §7.1), as css/css-multicol's column-fill-* and multicol-fill-* reftests check
/// it: `auto` fills the columns in order, each to the bottom of its room (the block's `height`, else the page's),
/// which is what a page's own columns do, so the reference is the same lines in the columns of a page as tall as
/// the room; `balance` (the initial value) and `balance-all` balance them; the lines a block of a given height
/// cannot hold go on in the next part (the next page); the block takes its height; the columns before a spanner
/// are balanced whatever the property says. Lines are one-word paragraphs, so that a page's widow and orphan rules
/// have nothing to move.
@Suite struct MulticolumnFillReftests {
    static let words = ["Alder", "Birch", "Cedar", "Dogwood", "Elder", "Fir", "Ginkgo", "Hazel", "Ivy", "Juniper",
                        "Kapok", "Larch", "Maple", "Nutmeg", "Oak", "Pine", "Quince", "Rowan", "Spruce", "Teak"]

    static func lines(_ count: Int) -> String {
        (0..<count).map { "<p>\(words[$0 % words.count]) \($0 + 1)</p>" }.joined()
    }

    /// The reftests' page with two columns of its own, 1 em (14 pt) apart, `height` points tall (nil: as the page).
    static func pageColumns(height: Double? = nil, top: Double = 0) -> ReaderSettings {
        var settings = Reftest.settings
        settings.typography.columns = 2
        settings.typography.columnGap = 14
        let margins = settings.typography.margins
        let bottom = height.map { settings.typography.pageSize.height - margins.top - top - $0 } ?? margins.bottom
        settings.typography.margins = EdgeInsets(top: margins.top + top, left: margins.left, bottom: bottom, right: margins.right)
        return settings
    }

    static func expectSame(_ test: Reftest.Book, _ reference: Reftest.Book, settings: ReaderSettings, _ comment: String,
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        try MulticolumnBoxReftests.expectSame(test, reference, settings: settings, comment, sourceLocation: sourceLocation)
    }

    /// `auto` with a height: the columns are filled in order to the height; what they cannot hold goes on in the
    /// next part, on the next page, filled the same way. Heights in ems (14 pt) hold about 1.5, 3.1 and 5.4 lines.
    @Test(arguments: [3, 6, 9, 14], [3.5, 7, 12])
    func autoWithAHeightFillsColumnsInOrder(lines: Int, height: Double) throws {
        let test = MulticolumnReftests.book("<div class='m'>\(Self.lines(lines))</div>",
                                            css: ".m { column-count: 2; column-gap: 1em; column-fill: auto; height: \(height)em }")
        try Self.expectSame(test, MulticolumnReftests.book(Self.lines(lines)), settings: Self.pageColumns(height: height * 14),
                            "auto, \(lines) lines, \(height) em")
    }

    /// `auto` without a height: the room is the page's, the columns filled in order to its bottom, on every page.
    @Test(arguments: [3, 15, 40])
    func autoWithoutAHeightFillsToThePageBottom(lines: Int) throws {
        for property in ["column-fill: auto", "-webkit-column-fill: auto", "-moz-column-fill: auto"] {
            let test = MulticolumnReftests.book("<div class='m'>\(Self.lines(lines))</div>",
                                                css: ".m { column-count: 2; column-gap: 1em; \(property) }")
            try Self.expectSame(test, MulticolumnReftests.book(Self.lines(lines)), settings: Self.pageColumns(),
                                "\(property), \(lines) lines")
        }
    }

    /// `balance`, the initial value, and `balance-all` are not `auto`: three lines are spread over both columns.
    @Test(arguments: ["", "column-fill: balance", "column-fill: balance-all", "column-fill: auto; column-fill: balance"])
    func balanceIsNotAuto(_ fill: String) throws {
        let balanced = try Reftest.render(MulticolumnReftests.book("<div class='m'>\(Self.lines(3))</div>",
                                                                   css: ".m { column-count: 2; column-gap: 1em; \(fill) }"))
        let auto = try Reftest.render(MulticolumnReftests.book("<div class='m'>\(Self.lines(3))</div>",
                                                               css: ".m { column-count: 2; column-gap: 1em; column-fill: auto }"))
        #expect(Reftest.mismatch(balanced, auto) != nil, "\(fill) balances")
        let flow = try Reftest.render(MulticolumnReftests.book(Self.lines(3)), settings: Self.pageColumns())
        #expect(Reftest.mismatch(auto, flow) == nil)
    }

    /// Lines of one height fill a part of the page's columns evenly: `balance-all` (every part balanced) is then
    /// `balance` (the last part balanced, the others filled), on every page of a long block.
    @Test(arguments: [6, 40, 70])
    func balanceAllIsBalanceForEvenLines(lines: Int) throws {
        try FloatReftests.expectSame(
            MulticolumnReftests.book("<div class='m'>\(Self.lines(lines))</div>", css: ".m { column-count: 2; column-fill: balance-all }"),
            MulticolumnReftests.book("<div class='m'>\(Self.lines(lines))</div>", css: ".m { column-count: 2 }"), "balance-all \(lines)")
    }

    /// The block takes its height, whatever its columns hold and however they are filled: the paragraph after it
    /// stands where it would at the top of a page whose top margin is the block's bottom.
    @Test(arguments: ["column-fill: auto", "column-fill: balance", "column-fill: balance-all"], [1, 5])
    func theBlockTakesItsHeight(_ fill: String, lines: Int) throws {
        let height = 8.0
        let test = try Reftest.render(MulticolumnReftests.book("<div class='m'>\(Self.lines(lines))</div><p class='a'>After the columns.</p>",
                                                               css: ".m { column-count: 2; \(fill); height: \(height)em }"))
        var settings = Reftest.settings
        settings.typography.margins.top += height * 14
        let reference = try Reftest.render(MulticolumnReftests.book("<p class='a'>After the columns.</p>"), settings: settings)
        let a = try #require(test.pages.first), b = try #require(reference.pages.first)
        FloatReftests.keep(test, "height \(fill) \(lines)")
        var differing = 0
        for y in Int(16 + height * 14)..<a.height { for x in 0..<a.width where a[x: x, y: y] != b[x: x, y: y] { differing += 1 } }
        #expect(differing == 0, "\(fill), \(lines) lines: \(differing) pixels differ below the block")
        #expect(test.pages.count == 1)
    }

    /// The columns just before a spanner are balanced whatever `column-fill` says (§7.1); those after it are
    /// filled as it says.
    @Test func columnsBeforeASpannerAreBalanced() throws {
        let body = "<div class='m'>\(Self.lines(3))<h3 class='s'>Night</h3>\(Self.lines(3))</div>"
        let reference = "<div class='m'>\(Self.lines(3))</div><h3>Night</h3><div class='m a'>\(Self.lines(3))</div>"
        try FloatReftests.expectSame(
            MulticolumnReftests.book(body, css: ".m { column-count: 2; column-fill: auto } .s { column-span: all }"),
            MulticolumnReftests.book(reference, css: ".m { column-count: 2 } .a { column-fill: auto }"), "spanner")
    }
}
