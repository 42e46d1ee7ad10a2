import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// Media queries and alternate style sheets, drawn: a book whose styles ask about the page renders as the same book
/// written without the question. The reftests' page is 240 × 320 pt with 16 pt margins: 208 × 288 CSS px of content.
@Suite struct MediaQueryReftests {
    static let text = "The sea was calm that evening, and the ship lay still."

    static func expectSame(_ test: Reftest.Book, _ reference: Reftest.Book, settings: ReaderSettings = Reftest.settings,
                           _ comment: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let drawn = try Reftest.render(test, settings: settings), expected = try Reftest.render(reference, settings: settings)
        let mismatch = Reftest.mismatch(drawn, expected)
        #expect(mismatch == nil, "\(comment.map { "\($0): " } ?? "")\(mismatch ?? "")", sourceLocation: sourceLocation)
    }

    static func italic(_ yes: Bool) -> Reftest.Book {
        Reftest.Book(body: yes ? "<p><i>\(text)</i></p>" : "<p>\(text)</p>")
    }

    /// A generated family: width thresholds around the page's 208 px in each syntax, against plain arithmetic.
    static let widthCases: [(String, Bool)] = {
        var cases: [(String, Bool)] = []
        for threshold in [100.0, 207, 208, 209, 400] {
            let px = "\(Int(threshold))px"
            cases.append(("(min-width: \(px))", 208 >= threshold))
            cases.append(("(max-width: \(px))", 208 <= threshold))
            cases.append(("(width >= \(px))", 208 >= threshold))
            cases.append(("(width < \(px))", 208 < threshold))
            cases.append(("not all and (min-width: \(px))", !(208 >= threshold)))
            cases.append(("screen and (\(px) <= width <= 500px)", threshold <= 208))
            cases.append(("print, (min-width: \(px))", 208 >= threshold))
        }
        cases.append(("(min-width: 13em)", true))   // 208 px
        cases.append(("(min-width: 13.1em)", false))
        cases.append(("(orientation: portrait)", true))
        cases.append(("(orientation: landscape)", false))
        cases.append(("(min-aspect-ratio: 1/1)", false))
        cases.append(("(max-aspect-ratio: 208/288)", true))
        cases.append(("(min-height: 288px) and (max-height: 288px)", true))
        return cases
    }()

    @Test(arguments: widthCases) func aQueryAboutThePage(_ query: String, _ holds: Bool) throws {
        let test = Reftest.Book(body: "<p class='x'>\(Self.text)</p>", css: "@media \(query) { .x { font-style: italic } }")
        try Self.expectSame(test, Self.italic(holds), query)
    }

    /// The same query in a `<link media>`, a `<style media>` and an `@import`'s media.
    @Test(arguments: [("(min-width: 100px)", true), ("(min-width: 300px)", false), ("print", false), ("screen", true)])
    func mediaOnLinksStylesAndImports(_ query: String, _ holds: Bool) throws {
        let sheet = [("italic.css", Array(".x { font-style: italic }".utf8))]
        let body = "<p class='x'>\(Self.text)</p>"
        let link = Reftest.Book(body: body, head: "<link rel='stylesheet' href='italic.css' media='\(query)'/>", files: sheet)
        let style = Reftest.Book(body: body, head: "<style media='\(query)'>.x { font-style: italic }</style>")
        let imported = Reftest.Book(body: body, head: "<style>@import url(italic.css) \(query);</style>", files: sheet)
        for test in [link, style, imported] { try Self.expectSame(test, Self.italic(holds), query) }
    }

    /// `prefers-color-scheme` and a night style sheet under a dark theme, and not under a light one.
    @Test func theThemeSelectsTheColorSchemeAndTheNightSheet() throws {
        var dark = Reftest.settings
        dark.appearance.theme = .dark
        let query = Reftest.Book(body: "<p class='x'>\(Self.text)</p>", css: "@media (prefers-color-scheme: dark) { .x { font-style: italic } }")
        try Self.expectSame(query, Self.italic(true), settings: dark)
        try Self.expectSame(query, Self.italic(false))
        let sheets = [("day.css", Array(".x { font-weight: bold }".utf8)), ("night.css", Array(".x { font-style: italic }".utf8))]
        let night = Reftest.Book(body: "<p class='x'>\(Self.text)</p>",
                                 head: "<link rel='stylesheet' class='day' title='day' href='day.css'/><link rel='alternate stylesheet' class='night' title='night' href='night.css'/>",
                                 files: sheets)
        try Self.expectSame(night, Self.italic(true), settings: dark)
        try Self.expectSame(night, Reftest.Book(body: "<p><b>\(Self.text)</b></p>"))
    }

    /// A rotated page answers `orientation` anew; what a query hides on one page takes no room there.
    @Test func aQueryCanHideContentOnOnePage() throws {
        let css = "@media (orientation: landscape) { .portrait-only { display: none } }"
        let test = Reftest.Book(body: "<p>Before</p><p class='portrait-only'>\(Self.text)</p><p>After</p>", css: css)
        var landscape = Reftest.settings
        landscape.typography.pageSize = Size(width: 320, height: 240)
        try Self.expectSame(test, Reftest.Book(body: "<p>Before</p><p>After</p>"), settings: landscape)
        try Self.expectSame(test, Reftest.Book(body: "<p>Before</p><p>\(Self.text)</p><p>After</p>"))
    }
}
