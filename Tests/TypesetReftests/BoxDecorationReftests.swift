import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// Backgrounds and borders on blocks (CSS 2.1 §8.5, Backgrounds and Borders 3 §3–4), as css/css-backgrounds writes
/// its reftests: a box drawn by one rule against the same box drawn by simpler ones (longhands for a shorthand, two
/// nested solid borders for a double one), boxes that must differ, and a box broken across pages drawn sliced
/// (`box-decoration-break: slice`). The reftests' page is 240 × 320 pt with 16 pt margins, text 14 pt (16 CSS px =
/// 14 pt).
@Suite struct BoxDecorationReftests {
    static let before = "<p>It was a calm evening on the water.</p>"
    static let after = "<p>The ship lay still, and the crew slept.</p>"

    static func book(_ box: String, css: String = "") -> Reftest.Book {
        Reftest.Book(body: before + box + after, css: css)
    }

    static func expectSame(_ test: Reftest.Book, _ reference: Reftest.Book, _ comment: String,
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        let mismatch = Reftest.mismatch(try Reftest.render(test), try Reftest.render(reference))
        #expect(mismatch == nil, "\(comment): \(mismatch ?? "")", sourceLocation: sourceLocation)
    }

    static func expectDifferent(_ test: Reftest.Book, _ reference: Reftest.Book, _ comment: String,
                                sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(Reftest.mismatch(try Reftest.render(test), try Reftest.render(reference)) != nil, "\(comment)",
                sourceLocation: sourceLocation)
    }

    /// (shorthand, the same in longhands).
    static let shorthands: [(String, String)] = [
        ("border: 4px dashed #c81e28", "border-width: 4px; border-style: dashed; border-color: #c81e28"),
        ("border: 4px dashed #c81e28",
         "border-top: 4px dashed #c81e28; border-right: 4px dashed #c81e28; border-bottom: 4px dashed #c81e28; border-left: 4px dashed #c81e28"),
        ("border: solid #c81e28 3px", "border-top-width: medium; border-right-width: 3px; border-bottom-width: 3px; border-left-width: 3px; border-style: solid; border-top-color: #c81e28; border-right-color: #c81e28; border-bottom-color: #c81e28; border-left-color: #c81e28"),
        ("border-width: 2px 6px; border-style: solid dotted; border-color: #c81e28 #1e5ac8",
         "border-top: 2px solid #c81e28; border-bottom: 2px solid #c81e28; border-left: 6px dotted #1e5ac8; border-right: 6px dotted #1e5ac8"),
        ("background: #dde8f4", "background-color: #dde8f4"),
        ("background: #dde8f4; padding: 0.5em; border: 1px solid", "background-color: #dde8f4; padding: 8px; border: thin solid"),
        ("border: 4px none #c81e28; padding: 0", "padding: 0"),      // no style: no border, and no room for one
        ("border-bottom: 2px solid #c81e28", "border-style: none none solid; border-width: 0 0 2px; border-color: #c81e28"),
    ]

    @Test(arguments: shorthands) func aShorthandIsItsLonghands(_ test: String, _ reference: String) throws {
        try Self.expectSame(Self.book("<div class='box'><p>Inside the box.</p></div>", css: ".box { \(test) }"),
                            Self.book("<div class='box'><p>Inside the box.</p></div>", css: ".box { \(reference) }"), test)
    }

    /// A double border is two lines a third of its width each, a third apart: two nested solid borders (WPT's
    /// border-double references). Its thirds are whole pixels here (3 pt, 3/14 em at 14 pt), as borders are drawn
    /// (snapped as a line width).
    @Test func aDoubleBorderIsTwoNestedSolidOnes() throws {
        let text = "<p>Inside the box, two lines of it at least, with some more words.</p>"
        let third = "calc(3em / 14)"
        try Self.expectSame(Self.book("<div class='double'>\(text)</div>", css: ".double { border: calc(9em / 14) double #c81e28; padding: 4px }"),
                            Self.book("<div class='outer'><div class='inner'>\(text)</div></div>",
                                      css: ".outer { border: \(third) solid #c81e28; padding: \(third) } .inner { border: \(third) solid #c81e28; padding: 4px }"),
                            "double")
    }

    /// Boxes that must not render the same: a background or a border is drawn, each style its own way, the
    /// border's and padding's room is taken.
    @Test(arguments: [("background-color: #dde8f4", ""), ("border: 2px solid", ""), ("border: 2px dotted", "border: 2px dashed"),
                      ("border: 2px dashed", "border: 2px solid"), ("border: 6px double", "border: 6px solid"),
                      ("border: 2px solid; padding: 1em", "border: 2px solid"), ("border-left: 4px solid", "border-right: 4px solid")])
    func boxesThatDiffer(_ test: String, _ reference: String) throws {
        try Self.expectDifferent(Self.book("<div class='box'><p>Inside the box.</p></div>", css: ".box { \(test) }"),
                                 Self.book("<div class='box'><p>Inside the box.</p></div>", css: ".box { \(reference) }"),
                                 "\(test) against \(reference)")
    }

    /// The background lies behind the text: the box's pixels are its colour where there is no glyph, and the text
    /// is inside the border, after the padding.
    @Test func theBackgroundIsBehindTheTextInsideTheBorder() throws {
        let drawn = try Reftest.render(Self.book("<div class='box'><p>Inside.</p></div>",
                                                 css: ".box { background-color: #1e5ac8; border: 4px solid #c81e28; padding: 8px }"))
        let page = drawn.pages[0]
        // The border's left edge runs down the column's left edge (x 16); the background fills inside it.
        let rows = (0..<page.height).filter { page[x: 17, y: $0] != Theme.light.background }
        let top = rows.first ?? 0, bottom = rows.last ?? 0
        #expect(bottom - top > 30, "a box of a line, padding and border: \(top)...\(bottom)")
        let middle = (top + bottom) / 2
        #expect(page[x: 17, y: middle] != page[x: 24, y: middle], "border and background differ")
        #expect(page[x: 222, y: middle] == page[x: 17, y: middle], "the right edge is drawn as the left")
        // The background's colour to the right of the word, and the text's ink inside it.
        let background = page[x: 200, y: middle]
        #expect(background != Theme.light.background)
        let inkInBox = (top...bottom).contains { y in (30..<100).contains { x in page[x: x, y: y] != background && page[x: x, y: y] != page[x: 17, y: middle] } }
        #expect(inkInBox, "the text is drawn over the background")
    }

    /// A box broken across pages is sliced: its top edge on the page where it starts, its bottom edge on the page
    /// where it ends, its sides on both (`box-decoration-break: slice`, CSS Fragmentation 3).
    @Test func aBoxAcrossAPageBreakIsSliced() throws {
        let words = (0..<14).map { "<p>Line \($0) of a bordered passage that runs on.</p>" }.joined()
        let drawn = try Reftest.render(Self.book("<div class='box'>\(words)</div>", css: ".box { border: 4px solid #c81e28 }"))
        #expect(drawn.pages.count >= 2)
        guard drawn.pages.count >= 2 else { return }
        // Rows whose pixels across the box's middle are all the border's: its horizontal edges.
        func edgeRows(_ page: Bitmap) -> [Int] {
            let border = Theme.light.readable(text: Color(red: 0xC8, green: 0x1E, blue: 0x28))
            return (0..<page.height).filter { y in (40..<200).allSatisfy { page[x: $0, y: y] == border } }
        }
        let first = edgeRows(drawn.pages[0]), last = edgeRows(drawn.pages[drawn.pages.count - 1])
        let whole = edgeRows(try Reftest.render(Self.book("<div class='box'><p>One line.</p></div>",
                                                          css: ".box { border: 4px solid #c81e28 }")).pages[0])
        #expect(!first.isEmpty && !last.isEmpty)
        #expect(first.count + last.count == whole.count, "one edge on each end page: \(first), \(last); whole \(whole)")
        #expect((first.first ?? 0) < drawn.pages[0].height / 2, "the top edge is on the first page, above its text")
        #expect((last.first ?? 0) > 20, "the bottom edge is on the last page, below its text")
        for middle in drawn.pages.dropFirst().dropLast() { #expect(edgeRows(middle).isEmpty, "no edge across a page between") }
        // The sides on every page.
        for page in drawn.pages {
            #expect(page[x: 17, y: 17] != Theme.light.background || page[x: 17, y: page.height - 20] != Theme.light.background)
        }
    }

    /// A rule is drawn as its dashes: the border books give `hr` to draw its line (Standard Ebooks' `border: none;
    /// border-top: 1px solid`) draws no box around them. An inline element's border (a page-break marker's) is not a
    /// block's box either: it is drawn around its text (InlineBoxReftests), so the page differs from one without it.
    @Test func aRuleDrawsNoBoxAndAnInlineElementDrawsItsOwn() throws {
        try Self.expectSame(Self.book("<hr/>", css: "hr { border: none; border-top: 1px solid }"), Self.book("<hr/>"), "hr")
        try Self.expectDifferent(Self.book("<p>Page <span class='pb'>12</span> here.</p>", css: ".pb { border: 1px solid; padding: 0.1em }"),
                                 Self.book("<p>Page <span>12</span> here.</p>"), "inline")
    }

    /// Publisher styles off: borders carry meaning and are kept; a background colour is the reader's business.
    @Test func withoutPublisherStylesBordersStayAndBackgroundsGo() throws {
        var settings = Reftest.settings
        settings.publisherStyles = false
        let box = Self.book("<div class='box'><p>Inside.</p></div>", css: ".box { background-color: #dde8f4; border: 2px solid }")
        let borderOnly = Self.book("<div class='box'><p>Inside.</p></div>", css: ".box { border: 2px solid }")
        #expect(Reftest.mismatch(try Reftest.render(box, settings: settings), try Reftest.render(borderOnly, settings: settings)) == nil)
        #expect(Reftest.mismatch(try Reftest.render(box, settings: settings), try Reftest.render(Self.book("<div><p>Inside.</p></div>"), settings: settings)) != nil)
    }
}
