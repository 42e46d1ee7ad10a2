import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// Floats (CSS 2.1 §9.5, §9.5.2) as css/CSS2/floats writes its reftests: the same float reached by different
/// markup (a line number floated after its verse or before it, `inline-end` and `right`), a float cleared against
/// the same content in the flow, and floats that must change the page. The reftests' page is 240 × 320 pt with
/// 16 pt margins, text 14 pt.
@Suite struct FloatReftests {
    static let png: [UInt8] = (try? PNGEncoder.encode(Bitmap(width: 60, height: 80, fill: Color(red: 30, green: 90, blue: 200)))) ?? []

    static func book(_ body: String, css: String = "") -> Reftest.Book {
        Reftest.Book(body: body, css: "p { margin: 0; text-indent: 0 } " + css, files: [("portrait.png", png)])
    }

    static func expectSame(_ test: Reftest.Book, _ reference: Reftest.Book, _ comment: String,
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        let rendered = try Reftest.render(test)
        Self.keep(rendered, comment)
        let mismatch = Reftest.mismatch(rendered, try Reftest.render(reference))
        #expect(mismatch == nil, "\(comment): \(mismatch ?? "")", sourceLocation: sourceLocation)
    }

    /// Writes the test's pages as PNGs under `$TYPESET_REFTEST_PAGES`, when set, to look at.
    static func keep(_ rendering: Reftest.Rendering, _ name: String) {
        guard let folder = ProcessInfo.processInfo.environment["TYPESET_REFTEST_PAGES"] else { return }
        let stem = String(name.map { $0.isLetter || $0.isNumber ? $0 : "-" })
        for (index, page) in rendering.pages.enumerated() {
            if let bytes = try? PNGEncoder.encode(page) { try? PNGEncoder.write(bytes, to: "\(folder)/\(stem)-\(index + 1).png") }
        }
    }

    static let verse = "Im stillen Hofgarten"

    /// A poem's line number floated right sits at the right edge of its verse's line, whether the number comes
    /// after the verse (an inline float ending the line: placed beside it) or before it (the verse set beside it).
    @Test(arguments: ["right", "inline-end"])
    func aLineNumberFloatedAfterItsVerseSitsOnTheVersesLine(_ side: String) throws {
        let css = ".n { float: \(side) }"
        try Self.expectSame(Self.book("<p>\(Self.verse)<span class='n'>10</span></p><p>Und die Wege</p>", css: css),
                            Self.book("<p><span class='n'>10</span>\(Self.verse)</p><p>Und die Wege</p>", css: ".n { float: right }"),
                            "line number \(side)")
    }

    /// The number is not glued to the verse: with the float the page differs from the number run on inline.
    @Test func aFloatedLineNumberIsNotGluedToTheVerse() throws {
        let floated = try Reftest.render(Self.book("<p>\(Self.verse)<span class='n'>10</span></p>", css: ".n { float: right }"))
        let inline = try Reftest.render(Self.book("<p>\(Self.verse)<span class='n'>10</span></p>"))
        Self.keep(floated, "line number glued")
        #expect(Reftest.mismatch(floated, inline) != nil)
        // The number's ink reaches the column's right edge (x 224); the inline one stops short of it.
        let page = floated.pages[0]
        let inkAtRight = (0..<40).contains { y in (214..<224).contains { page[x: $0, y: y] != Theme.light.background } }
        #expect(inkAtRight)
    }

    /// `inline-start` is `left` in left-to-right text.
    @Test func inlineStartIsLeftInLeftToRightText() throws {
        let body = "<div class='f'>Note</div><p>\(Self.verse), und die Wege sind verweht.</p>"
        try Self.expectSame(Self.book(body, css: ".f { float: inline-start; margin-right: 4px }"),
                            Self.book(body, css: ".f { float: left; margin-right: 4px }"), "inline-start")
    }

    /// A float followed by a block that clears it is drawn as the same content in the flow (a left float shrinks to
    /// its text, which stands where a block's would).
    @Test(arguments: ["left", "both"])
    func aClearedBlockStartsBelowTheFloat(_ clear: String) throws {
        try Self.expectSame(Self.book("<div class='f'>Note</div><p class='c'>\(Self.verse).</p>",
                                      css: ".f { float: left } .c { clear: \(clear) }"),
                            Self.book("<div>Note</div><p>\(Self.verse).</p>"), "clear \(clear)")
    }

    /// A floated portrait stays at its own size beside the text after it, on the page of its heading (not a page of
    /// its own): the text's first line is beside the image, to its right.
    @Test func aFloatedPortraitSitsBesideTheText() throws {
        let text = String(repeating: "The portrait shows the author in his study, a pen in hand. ", count: 2)
        let rendered = try Reftest.render(Self.book("<h2>The Author</h2><img class='p' src='portrait.png' alt='Portrait'/><p>\(text)</p>",
                                                    css: ".p { float: left; margin-right: 6px }"))
        Self.keep(rendered, "portrait")
        #expect(rendered.pages.count == 1)
        let page = rendered.pages[0]
        let blue = Color(red: 30, green: 90, blue: 200)
        let rows = (0..<page.height).filter { page[x: 20, y: $0] == blue }
        let top = try #require(rows.first), bottom = try #require(rows.last)
        #expect(bottom - top + 1 == 80, "the portrait at its own size")
        // Text ink right of the image, on the image's rows.
        let inkBeside = (top...bottom).contains { y in (90..<224).contains { page[x: $0, y: y] != Theme.light.background } }
        #expect(inkBeside)
        // Nothing is drawn between the image and the text beside it.
        #expect(!(top...bottom).contains { y in (77..<82).contains { page[x: $0, y: y] != Theme.light.background } })
    }
}
