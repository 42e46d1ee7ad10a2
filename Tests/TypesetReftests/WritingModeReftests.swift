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

/// Writing modes per block (CSS Writing Modes 4 §3, an orthogonal flow): a block whose `writing-mode` differs from
/// its document's is set in its own mode, as a unit on pages of its own, so that its pages are the same pixels as
/// the block alone in a document of its mode (its glyphs at the same places from the block's origin, the page's
/// content corner of its mode), and the document's text around it as that text alone.
@Suite struct BlockWritingModeReftests {
    static let styles = "<style type=\"text/css\">html { writing-mode: MODE } .h { writing-mode: horizontal-tb } "
        + ".vrl { writing-mode: vertical-rl } .vlr { -epub-writing-mode: vertical-lr; writing-mode: vertical-lr }</style>"

    /// The class that sets `mode`.
    static func className(_ mode: WritingMode) -> String {
        switch mode {
        case .horizontal: "h"
        case .verticalRightToLeft: "vrl"
        case .verticalLeftToRight: "vlr"
        }
    }

    /// A document in `mode` of `parts`, each a block in its own mode (a `div` of its class where it differs from
    /// the document's) and language; then each part alone in a document of its mode. The document's pages must be
    /// the parts' pages in order.
    static func expectEachPartAsAlone(_ parts: [(body: String, mode: WritingMode, language: String)], mode: WritingMode,
                                      language: String) throws {
        func head(_ mode: WritingMode) -> String { styles.replacingOccurrences(of: "MODE", with: mode.rawValue) }
        let body = parts.map { part in
            part.mode == mode ? part.body
                : "<div class=\"\(className(part.mode))\" lang=\"\(part.language)\" xml:lang=\"\(part.language)\">\(part.body)</div>"
        }.joined()
        let book = try Reftest.render(Reftest.Book(documents: [("d.xhtml", Reftest.document(body: body, head: head(mode), language: language))]))
        FloatReftests.keep(book, "block-modes-in-\(mode.rawValue)")
        var page = 0
        for (index, part) in parts.enumerated() {
            let alone = try Reftest.render(Reftest.Book(documents: [("a.xhtml", Reftest.document(body: part.body, head: head(part.mode),
                                                                                                  language: part.language))]))
            #expect(alone.pages.count > 0)
            for (offset, reference) in alone.pages.enumerated() {
                guard page + offset < book.pages.count else { Issue.record("part \(index): the document ends before its pages"); return }
                let difference = Reftest.mismatch(book.pages[page + offset], reference)
                #expect(difference == nil, "part \(index) (\(part.mode)) page \(offset + 1): \(difference ?? "")")
            }
            page += alone.pages.count
        }
        #expect(page == book.pages.count, "the document has \(book.pages.count) pages, its parts \(page)")
    }

    static let before = String(repeating: "<p>吾輩は猫である。名前はまだ無い。JIS X 4051 に従い、12月に組む。</p>", count: 3)
    static let after = "<p>どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。</p>"
    static let caption = "<p>Figure 3. The colophon, set horizontally: Charis SIL, with “שלום עולם” read right to left.</p>"
    static let essay = "<p>A horizontal page of an essay, before the poem that stands in vertical lines of its own.</p>"
    static let poem = "<p>古池や蛙飛び込む水の音。</p><p>閑さや岩にしみ入る蝉の声。</p>"

    /// A horizontal caption block inside vertical-rl text.
    @Test func horizontalBlockInVerticalText() throws {
        try Self.expectEachPartAsAlone([(Self.before, .verticalRightToLeft, "ja"), (Self.caption, .horizontal, "en"),
                                        (Self.after, .verticalRightToLeft, "ja")], mode: .verticalRightToLeft, language: "ja")
    }

    /// A vertical-rl and a vertical-lr poem inside a horizontal page.
    @Test func verticalBlocksInHorizontalText() throws {
        try Self.expectEachPartAsAlone([(Self.essay, .horizontal, "en"), (Self.poem, .verticalRightToLeft, "ja"),
                                        (Self.essay, .horizontal, "en"), (Self.poem, .verticalLeftToRight, "ja")],
                                       mode: .horizontal, language: "en")
    }

    /// A horizontal block inside vertical-lr text.
    @Test func horizontalBlockInVerticalLeftToRightText() throws {
        try Self.expectEachPartAsAlone([(Self.before, .verticalLeftToRight, "ja"), (Self.caption, .horizontal, "en"),
                                        (Self.after, .verticalLeftToRight, "ja")], mode: .verticalLeftToRight, language: "ja")
    }

    /// The EPUB reader gives a block its computed `writing-mode` where it differs from its document's, by its
    /// paragraph, but not a table cell (a table is laid out in its document's mode) nor a hidden block.
    @Test func theReaderMarksOrthogonalBlocksOnly() throws {
        let head = Self.styles.replacingOccurrences(of: "MODE", with: "vertical-rl")
            + "<style type=\"text/css\">.gone { display: none }</style>"
        let body = "<p>本文です。</p><div class=\"h\"><p>Caption one.</p><p>Caption two.</p></div>"
            + "<table><tr><td class=\"h\">Cell</td><td>セル</td></tr></table><p class=\"h gone\">Hidden.</p><p>本文です。</p>"
        let book = try EPUBReader().read(bytes: try Reftest.archive(Reftest.Book(documents: [
            ("d.xhtml", Reftest.document(body: body, head: head, language: "ja"))])), name: "blocks.epub")
        let text = book.publication.text
        let marked = text.paragraphWritingModes.keys.sorted()
        #expect(marked.map { text.string(in: text.paragraphs[$0].contentDocumentRange) } == ["Caption one.", "Caption two."])
        #expect(Set(text.paragraphWritingModes.values) == [.horizontal])
        #expect(text.writingMode(ofParagraph: 0) == .verticalRightToLeft)
        #expect(marked.map { text.writingMode(ofParagraph: $0) } == [.horizontal, .horizontal])
    }

    /// The test can fail: the caption set in its document's mode (its `writing-mode` not honoured) is not drawn as
    /// the caption in its own.
    @Test func theBlocksOwnModeIsNotItsDocuments() throws {
        let head = Self.styles.replacingOccurrences(of: "MODE", with: "vertical-rl")
        let own = try Reftest.render(Reftest.Book(documents: [("d.xhtml", Reftest.document(
            body: Self.before + "<div class=\"h\">\(Self.caption)</div>", head: head, language: "ja"))]))
        let followed = try Reftest.render(Reftest.Book(documents: [("d.xhtml", Reftest.document(
            body: Self.before + "<div>\(Self.caption)</div>", head: head, language: "ja"))]))
        #expect(Reftest.mismatch(own, followed) != nil)
    }
}

/// `text-underline-position` in vertical text: the underline stands right of the column by default and for
/// `right`, left of it for `left` (`under left`, as the W3C's css-epub-text-underline-position test 3 asks).
@Suite struct VerticalUnderlineSideTests {
    /// The x (in pixels) of the page's longest vertical run of ink in one pixel column: the underline's.
    static func underlineX(_ position: String, line: String = "underline", mode: WritingMode = .verticalRightToLeft) throws -> Int {
        let css = "html { writing-mode: \(mode.rawValue); text-underline-position: \(position) } span { text-decoration: \(line) }"
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

    /// An overline stands on the line-over side, the right of the column in `vertical-rl` and `vertical-lr` alike
    /// (CSS Text Decoration 3 §2.1 over Writing Modes 4 §6.3's line-relative directions), clear of a right
    /// underline.
    @Test(arguments: [WritingMode.verticalRightToLeft, .verticalLeftToRight])
    func overlineIsOnTheLineOverSide(_ mode: WritingMode) throws {
        let left = try Self.underlineX("under left", mode: mode), right = try Self.underlineX("under right", mode: mode)
        let over = try Self.underlineX("auto", line: "overline", mode: mode)
        #expect(over - left > 8 && over < right, "\(mode.rawValue): underline left \(left), right \(right), overline \(over)")
    }
}
