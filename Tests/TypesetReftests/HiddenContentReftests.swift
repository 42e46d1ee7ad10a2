import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// What a reader cannot see is not drawn and takes no place: `display: none` from any selector, content placed or
/// clipped out of sight (Standard Ebooks' titles, the `.sr-only` box, `clip-path: inset(50%)`), and `visibility:
/// hidden`, which keeps its place. Each test book renders as the book without that content; text for screen readers
/// is still read aloud, and search does not find what the page does not show.
@Suite struct HiddenContentReftests {
    static let before = "<h2>The Chapter</h2><p>It was a calm evening on the water.</p>"
    static let after = "<p>The ship lay still, and the crew slept.</p>"

    static func expectSame(_ test: Reftest.Book, _ reference: Reftest.Book, _ comment: String,
                           settings: ReaderSettings = Reftest.settings, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let mismatch = Reftest.mismatch(try Reftest.render(test, settings: settings), try Reftest.render(reference, settings: settings))
        #expect(mismatch == nil, "\(comment): \(mismatch ?? "")", sourceLocation: sourceLocation)
    }

    /// `display: none` reached by every kind of selector.
    static let displayNoneSelectors: [(selector: String, element: String)] = [
        (".gone", "<p class='gone'>Gone paragraph.</p>"),
        ("#gone", "<p id='gone'>Gone paragraph.</p>"),
        ("p[title]", "<p title='x'>Gone paragraph.</p>"),
        ("p[data-kind~=\"note\"]", "<p data-kind='aside note'>Gone paragraph.</p>"),
        ("section > p", "<section><p>Gone paragraph.</p></section>"),
        ("h2 + div", "<div>Gone block.</div>"),
        ("aside p", "<aside><p>Gone one.</p><p>Gone two.</p></aside>"),
        ("span.x", "<p><span class='x'>Gone span.</span></p>"),
        ("*[hidden-by-css]", "<div hidden-by-css=''><p>Gone nested.</p></div>"),
    ]

    @Test(arguments: displayNoneSelectors) func displayNoneFromAnySelector(_ selector: String, _ element: String) throws {
        // The element goes right after the heading, so that `h2 + div` meets it.
        let body = "<h2>The Chapter</h2>" + element + "<p>It was a calm evening on the water.</p>" + Self.after
        let test = Reftest.Book(body: body, css: "\(selector) { display: none }")
        let reference = Reftest.Book(body: "<h2>The Chapter</h2><p>It was a calm evening on the water.</p>" + Self.after,
                                     css: "p.unused { display: none }")
        try Self.expectSame(test, reference, selector)
    }

    /// The ways books take text out of sight for screen readers.
    static let outOfSightPatterns: [(name: String, css: String)] = [
        ("Standard Ebooks", "position: absolute; left: -999em"),
        ("far left in px", "position: absolute; left: -10000px; top: auto"),
        ("fixed above", "position: fixed; top: -9999px"),
        ("off to the right", "position: absolute; right: -200em"),
        ("sr-only", "position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0"),
        ("clip rect 1px", "position: absolute !important; clip: rect(1px 1px 1px 1px)"),
        ("clip-path inset", "clip-path: inset(50%)"),
        ("clip-path inset 100%", "-webkit-clip-path: inset(100% 0 0 0)"),
        ("clip-path circle", "clip-path: circle(0)"),
        ("1px box", "width: 1px; height: 1px; overflow: hidden"),
        ("0 box", "width: 0; height: 0; overflow: hidden"),
    ]

    /// Each pattern on a heading, on a paragraph, on a span inside a paragraph, and on a block holding paragraphs.
    static let outOfSightCases: [(String, String, String)] = outOfSightPatterns.flatMap { pattern in
        [("h1", "<h1 class='sr'>Leaves of Grass</h1>", ""),
         ("p", "<p class='sr'>By Walt Whitman.</p>", ""),
         ("div", "<div class='sr'><p>One.</p><p>Two.</p></div>", ""),
         ("span", "<p>It was a calm <span class='sr'>(screen-reader note) </span>evening on the water.</p>",
          "<p>It was a calm evening on the water.</p>")].map { ("\(pattern.name) on \($0.0)", pattern.css, $0.1 + "|" + $0.2) }
    }

    @Test(arguments: outOfSightCases) func outOfSightContentIsNotDrawn(_ name: String, _ css: String, _ parts: String) throws {
        let split = parts.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        let element = split[0], replacement = split.count > 1 ? split[1] : ""
        let test = Reftest.Book(body: Self.before + element + Self.after, css: ".sr { \(css) }")
        let reference = Reftest.Book(body: Self.before + replacement + Self.after, css: ".unused { \(css) }")
        try Self.expectSame(test, reference, name)
    }

    /// What stays seen: a small negative offset (a hanging ornament), `clip` without positioning (CSS applies it to
    /// positioned boxes only), a partial `clip-path`, a box small in one direction only (drawn as the same box
    /// without `overflow`: its width is a block's, ``BlockWidthReftests``), each against the paragraph with the
    /// reference's styles (none but the narrow box's width).
    static let stillSeen: [(String, String, String)] = [
        ("small offset", "position: absolute; left: -1em", ""),
        ("clip unpositioned", "clip: rect(0 0 0 0)", ""),
        ("partial clip-path", "clip-path: inset(10%)", ""),
        ("narrow only", "width: 1px; overflow: hidden", "width: 1px"),
        ("relative", "position: relative; top: 0", ""),
    ]

    @Test(arguments: stillSeen) func contentThatStaysSeen(_ name: String, _ css: String, _ referenceCSS: String) throws {
        let test = Reftest.Book(body: Self.before + "<p class='k'>Still here.</p>" + Self.after, css: ".k { \(css) }")
        let reference = Reftest.Book(body: Self.before + "<p class='k'>Still here.</p>" + Self.after,
                                     css: ".k { \(referenceCSS) } .unused { \(css) }")
        try Self.expectSame(test, reference, name)
    }

    /// `visibility: hidden` keeps the paragraph's place: the text around it is drawn where it is when the paragraph
    /// shows, and nothing is drawn in its lines; `visibility: visible` inside it shows again.
    @Test func visibilityHiddenKeepsItsPlace() throws {
        let middle = "<p class='m'>A hidden paragraph that still takes its lines on the page.</p>"
        let shown = try Reftest.render(Reftest.Book(body: Self.before + middle + Self.after, css: ".unused { visibility: hidden }"))
        let hidden = try Reftest.render(Reftest.Book(body: Self.before + middle + Self.after, css: ".m { visibility: hidden }"))
        let layout = try #require(shown.pages.first)
        let blank = try #require(hidden.pages.first)
        #expect(shown.pages.count == hidden.pages.count)
        // Rows of the hidden paragraph: those where the two renderings differ; around them, every pixel agrees.
        var differing: [Int] = []
        for y in 0..<layout.height where (0..<layout.width).contains(where: { layout[x: $0, y: y] != blank[x: $0, y: y] }) { differing.append(y) }
        let rows = try #require(differing.first)...(try #require(differing.last))
        #expect(rows.count > 20, "the hidden paragraph's lines: \(rows)")
        for y in rows { for x in 0..<blank.width { #expect(blank[x: x, y: y] == Theme.light.background); if blank[x: x, y: y] != Theme.light.background { return } } }
        // The text after it is where it was, so its lines were kept: the last rows drawn agree.
        #expect(Reftest.inkPixels(hidden, page: 0) > 0)
        let inner = Reftest.Book(body: Self.before + "<p class='m'>Hidden <span class='v'>shown</span> hidden.</p>" + Self.after,
                                 css: ".m { visibility: hidden } .v { visibility: visible }")
        #expect(try Reftest.render(inner).pages.first.map { page in
            (0..<page.height).contains { y in (0..<page.width).contains { page[x: $0, y: y] != blank[x: $0, y: y] } }
        } == true)
    }

    /// Text out of sight is read aloud but not found by search; `display: none` and `visibility: hidden` neither.
    @Test func screenReaderTextIsReadAloudButNotSearched() throws {
        let css = ".sr { position: absolute; left: -999em } .none { display: none } .inv { visibility: hidden }"
        let book = try Reftest.render(Reftest.Book(body: "<h1 class='sr'>Leaves of Grass</h1><p>Come, said my soul<span class='none'> (gone)</span><span class='inv'> unseen</span>.</p>", css: css)).book
        let text = book.text
        let spoken = ReadableText(text: text, range: 0..<text.length, includingAssistiveText: true).string
        let shown = ReadableText(text: text, range: 0..<text.length).string
        #expect(spoken == "Leaves of Grass\u{2029}Come, said my soul.", "\(spoken)")
        #expect(shown == "Come, said my soul.", "\(shown)")
    }
}
