import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// Writing modes per document (CSS Writing Modes 4 at the granularity of the spine item), as web-platform-tests
/// writes it: a book whose documents differ in mode draws each document's pages exactly as the same document
/// alone in a book of its own, page for page, whichever mode most of the book has.
@Suite struct WritingModeReftests {
    /// A document in `mode` (nil: none said), on its root as publishers write it (both spellings).
    static func document(_ body: String, mode: WritingMode?, language: String) -> String {
        let style = mode.map { "<style type=\"text/css\">html { -epub-writing-mode: \($0.rawValue); writing-mode: \($0.rawValue) }</style>" } ?? ""
        return Reftest.document(body: body, head: style, language: language)
    }

    static let novel = String(repeating: "<p>吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。JIS X 4051 に従い、12月に組む。</p>", count: 9)
    static let colophon = "<h2>Colophon</h2><p>Set in Charis SIL; the Hebrew “שלום עולם” and the Arabic “السلام عليكم” read right to left inside the line.</p>"
    static let hebrew = "<p>שלום עולם. זהו עמוד בעברית בתוך ספר יפני, והוא נקרא משמאל לימין בעמוד אופקי.</p>"
    static let essay = String(repeating: "<p>A horizontal essay with a long paragraph, so that most of the book's text is horizontal and its pages turn left to right.</p>", count: 8)
    static let poem = "<p>古池や蛙飛び込む水の音。</p><p>閑さや岩にしみ入る蝉の声。</p>"

    /// Each document alone, then the book of all of them: the book's pages are the documents' pages in order.
    static func expectEachDocumentAsAlone(_ documents: [(body: String, mode: WritingMode?, language: String)]) throws {
        let named = documents.enumerated().map { ("d\($0.offset).xhtml", document($0.element.body, mode: $0.element.mode, language: $0.element.language)) }
        let book = try Reftest.render(Reftest.Book(documents: named))
        var page = 0
        for (index, document) in named.enumerated() {
            let alone = try Reftest.render(Reftest.Book(documents: [document]))
            #expect(alone.pages.count > 0)
            for (offset, reference) in alone.pages.enumerated() {
                guard page + offset < book.pages.count else { Issue.record("document \(index): the book ends before its pages"); return }
                let same = book.pages[page + offset] == reference
                #expect(same,
                        "document \(index) (\(documents[index].mode?.rawValue ?? "none")) page \(offset + 1) differs from the document alone")
            }
            page += alone.pages.count
        }
        #expect(page == book.pages.count, "the book has \(book.pages.count) pages, its documents \(page)")
    }

    /// A vertical Japanese book (most of its text vertical-rl) with a horizontal colophon, a Hebrew page, and a
    /// document that says no mode (horizontal, as CSS has it).
    @Test func horizontalDocumentsInAVerticalBook() throws {
        try Self.expectEachDocumentAsAlone([(Self.novel, .verticalRightToLeft, "ja"), (Self.colophon, .horizontal, "en"),
                                            (Self.hebrew, nil, "he"), (Self.novel, .verticalRightToLeft, "ja")])
    }

    /// The reverse: a horizontal book with a vertical-rl and a vertical-lr document.
    @Test func verticalDocumentsInAHorizontalBook() throws {
        try Self.expectEachDocumentAsAlone([(Self.essay, nil, "en"), (Self.poem, .verticalRightToLeft, "ja"),
                                            (Self.essay, .horizontal, "en"), (Self.poem, .verticalLeftToRight, "ja")])
    }

    /// A document set in another mode than the book's is not drawn as the book's mode would draw it (the test can
    /// fail): the colophon in the vertical book differs from the colophon forced vertical.
    @Test func theDocumentsOwnModeIsNotTheBooks() throws {
        let forced = try Reftest.render(Reftest.Book(documents: [("c.xhtml", Self.document(Self.colophon, mode: .verticalRightToLeft, language: "en"))]))
        let own = try Reftest.render(Reftest.Book(documents: [("c.xhtml", Self.document(Self.colophon, mode: .horizontal, language: "en"))]))
        #expect(Reftest.mismatch(forced, own) != nil)
    }
}

/// `text-underline-position` in vertical text: the underline stands right of the column by default and for
/// `right`, left of it for `left` (`under left`, as the W3C's css-epub-text-underline-position test 3 asks).
@Suite struct VerticalUnderlineSideTests {
    /// The x (in pixels) of the page's longest vertical run of ink in one pixel column: the underline's.
    static func underlineX(_ position: String) throws -> Int {
        let css = "html { writing-mode: vertical-rl; text-underline-position: \(position) } span { text-decoration: underline }"
        let rendering = try Reftest.render(Reftest.Book(documents: [("v.xhtml", Reftest.document(
            body: "<p><span>一人の下人が羅生門の下で雨やみを待っていた</span></p>", head: "<style type=\"text/css\">\(css)</style>", language: "ja"))]))
        let page = try #require(rendering.pages.first)
        var best = (x: -1, run: 0)
        for x in 0..<page.width {
            var run = 0, longest = 0
            for y in 0..<page.height {
                run = page[x: x, y: y] != Theme.light.background ? run + 1 : 0
                longest = max(longest, run)
            }
            if longest > best.run { best = (x, longest) }
        }
        return best.x
    }

    @Test func leftIsLeftOfTheColumnAndRightRight() throws {
        let left = try Self.underlineX("under left"), right = try Self.underlineX("under right"), auto = try Self.underlineX("auto")
        // The column is about 14 px wide (14 pt at 1 px per point): the two lines stand on either side of it.
        #expect(right - left > 12, "left \(left), right \(right)")
        #expect(auto == right)
    }
}
