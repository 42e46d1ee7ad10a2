import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// XHTML to styled text: structure, white space, entities, styles, anchors and images, on one-chapter books
/// built in the test.
@Suite struct XHTMLConversionTests {
    /// Reads a one-chapter book whose body is `body`.
    static func read(_ body: String, css: String? = nil, publisherStyles: Bool = true, doctype: String = "",
                     language: String = "en", extraEntries: [EPUBTestArchive.Entry] = []) throws -> EPUBBook {
        var options = EPUBReader.Options()
        options.publisherStyles = publisherStyles
        let chapter = EPUBTestArchive.xhtml(body, stylesheet: css != nil, doctype: doctype)
        return try EPUBTestReading.read(.book(chapters: [("chapter.xhtml", chapter)], language: language,
                                              extraEntries: extraEntries, css: css), options: options)
    }

    static let xhtml11 = "<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.1//EN\" \"http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd\">"

    @Test func namedEntitiesSurvive() throws {
        let book = try Self.read("<p>a&nbsp;b &mdash; caf&eacute; &hellip; &amp; &lt;tag&gt; &#x263A; &copy;</p>", doctype: Self.xhtml11)
        #expect(EPUBTestReading.paragraphs(book) == ["a\u{A0}b \u{2014} café \u{2026} & <tag> \u{263A} \u{A9}"])
        #expect(book.warnings.isEmpty, "\(book.warnings)")
        // Without a DOCTYPE too (EPUB 3 books may still use HTML entity names).
        let bare = try Self.read("<p>x&nbsp;y&rsquo;s</p>")
        #expect(EPUBTestReading.paragraphs(bare) == ["x\u{A0}y\u{2019}s"])
        // Inside a comment or CDATA nothing is rewritten.
        let cdata = try Self.read("<p><![CDATA[&nbsp;]]><!-- &nbsp; --></p>")
        #expect(EPUBTestReading.paragraphs(cdata) == ["&nbsp;"])
    }

    @Test func whiteSpaceCollapsesAndAnchorsLandOnText() throws {
        let book = try Self.read("""
            <div id="top">
              <p id="a">  Hello   <em id="b">big</em>
                 world  </p>
              <p>Tab\tand
            newline</p>
            </div>
            <span id="end"/>
            """)
        #expect(EPUBTestReading.paragraphs(book) == ["Hello big world", "Tab and newline"])
        #expect(book.text.string(in: 0..<book.text.length) == "Hello big world\nTab and newline\n")
        #expect(book.offset(forHref: "OEBPS/chapter.xhtml#top") == 0)
        #expect(book.offset(forHref: "OEBPS/chapter.xhtml#a") == 0)
        #expect(book.offset(forHref: "OEBPS/chapter.xhtml#b") == 6)
        #expect(book.offset(forHref: "OEBPS/chapter.xhtml#end") == book.text.length)
        #expect(book.offset(forHref: "OEBPS/chapter.xhtml#nowhere") == 0)
        #expect(!book.resolvesExactly("OEBPS/chapter.xhtml#nowhere"))
        #expect(book.offset(forHref: "OEBPS/other.xhtml") == nil)
    }

    @Test func chineseLineEndsDisappear() throws {
        let book = try Self.read("<p>第一回\n  甄士隱 and\nEnglish</p>")
        #expect(EPUBTestReading.paragraphs(book) == ["第一回甄士隱 and English"])
    }

    @Test func lineBreaks() throws {
        let book = try Self.read("<p>one<br/>\n   two<br />three<br/></p><p><br/></p><p><br/><br/></p>")
        let paragraphs = book.text.paragraphs
        #expect(paragraphs.map(\.contentString) == ["one\u{2028}two\u{2028}three", "", "\u{2028}"])
        #expect(paragraphs.allSatisfy { $0.style.innerLineBreaks == .preserve })
    }

    @Test func blocksAndRoles() throws {
        let book = try Self.read("""
            <h1>Title</h1><h3>Sub</h3>
            <blockquote><p>Quoted one.</p><p>Quoted two.</p></blockquote>
            <ul><li>apple</li><li>pear<ul><li>seed</li></ul></li></ul>
            <ol start="3"><li>three</li><li value="7">seven</li><li>eight</li></ol>
            <pre>
            let x = 1
              indented  twice
            </pre>
            <hr/>
            <div>loose text<p>inner</p>tail</div>
            <dl><dt>Term</dt><dd>Definition</dd></dl>
            """)
        let paragraphs = book.text.paragraphs
        #expect(paragraphs.map(\.contentString) == [
            "Title", "Sub", "Quoted one.", "Quoted two.", "•\u{A0}apple", "•\u{A0}pear", "◦\u{A0}seed", "3.\u{A0}three", "7.\u{A0}seven", "8.\u{A0}eight",
            "let x = 1\u{2028}  indented  twice", "\u{FFFC}", "loose text", "inner", "tail", "Term", "Definition",
        ])
        #expect(paragraphs[0].style.role == .heading(level: 1))
        #expect(paragraphs[1].style.role == .heading(level: 3))
        #expect(paragraphs[0].runs.allSatisfy { $0.style.weight == 700 && $0.style.fontScale > 1.5 })
        #expect(paragraphs[2].style.role == .blockQuote && paragraphs[2].style.blockIndent > 0)
        #expect(paragraphs[4].style.role == .listItem)
        #expect(paragraphs[6].style.blockIndent > paragraphs[5].style.blockIndent)
        #expect(paragraphs[10].style.role == .preformatted && paragraphs[10].style.innerLineBreaks == .preserve)
        #expect(paragraphs[10].runs.allSatisfy { $0.style.fontFamily == "monospace" })
        #expect(paragraphs[11].runs.first?.style.attachment?.isEmptyBlock == true)
        #expect(paragraphs[15].runs.allSatisfy { $0.style.weight == 700 })
        #expect(paragraphs[16].style.blockIndent > 0)
        // The first paragraph of the chapter starts a section.
        #expect(paragraphs[0].style.startsSection)
    }

    /// A list item whose text is in a block (`<li><p>…</p></li>`) starts that block's paragraph with its marker,
    /// as browsers set it beside the first line; the marker no longer stands on a line of its own, which, hidden by
    /// `list-style: none`, was a line of no size in the layout.
    @Test func aListItemsMarkerBeginsItsFirstBlock() throws {
        let book = try Self.read("<ol><li><p>One</p><p>More</p></li><li><p>Two</p></li></ol><ul class=\"plain\"><li><p>Hidden</p></li></ul>",
                                 css: "ul.plain { list-style: none; }")
        let paragraphs = book.text.paragraphs
        #expect(paragraphs.map(\.contentString) == ["1.\u{A0}One", "More", "2.\u{A0}Two", "•\u{A0}Hidden"])
        let hidden = try #require(paragraphs.last)
        #expect(hidden.runs.first.map { $0.range.count == 2 && $0.style.isHidden } == true, "\(hidden.runs)")
        #expect(hidden.runs.last?.style.isHidden == false)
        let layout = try Typesetter(fonts: try FontContext(source: .bundledOnly(directory: Fixtures.fontsDirectory)))
            .layout(book.text, settings: TypographySettings())
        for page in layout.pages.indices {
            #expect(layout.lines(onPage: page).allSatisfy { $0.rect.height > 0 }, "a line of no size on page \(page)")
        }
    }

    @Test func tablesAreCellsThatKnowTheirPlace() throws {
        let book = try Self.read("""
            <table><caption>Prices</caption>
              <thead><tr><th>Item</th><th>Cost</th></tr></thead>
              <tbody><tr><td>Tea</td><td><p>2</p><p>pence</p></td></tr><tr><td>Cake</td><td/></tr>
              <tr><td colspan="2" rowspan="2">Both</td></tr><tr><td>Third</td></tr></tbody>
            </table>
            """)
        let paragraphs = book.text.paragraphs
        // A paragraph per cell (two for a cell of two blocks); an empty cell has none.
        #expect(paragraphs.map(\.contentString) == ["Prices", "Item", "Cost", "Tea", "2", "pence", "Cake", "Both", "Third"])
        #expect(paragraphs[0].style.tableCell == nil && paragraphs[0].style.alignment == .center)
        let cells = paragraphs.dropFirst().map(\.style.tableCell)
        #expect(cells.map { $0?.row } == [0, 0, 1, 1, 1, 2, 3, 4])
        #expect(cells.map { $0?.column } == [0, 1, 0, 1, 1, 0, 0, 2])  // "Third" is pushed past the columns "Both" covers
        #expect(cells[6]?.columnSpan == 2)
        #expect(Set(cells.map { $0?.table }).count == 1)
        #expect(paragraphs[1].runs.first?.style.weight == 700 && paragraphs[1].style.alignment == .center)
    }

    @Test func inlineStylesLinksAndLanguages() throws {
        let book = try Self.read("""
            <p>plain <em>em</em> <strong>strong</strong> <i><b>both</b></i> <small>small</small>
            <a href="chapter.xhtml#note">link</a> <a href="https://example.org/">web</a>
            <span xml:lang="fr">bonjour</span> <code>x</code></p>
            <p lang="de" dir="rtl">Rechts</p>
            """)
        let paragraph = book.text.paragraphs[0]
        func style(of word: String) -> TextStyle? {
            let units = Array(paragraph.contentString.utf16)
            let target = Array(word.utf16)
            guard let start = (0...(units.count - target.count)).first(where: { Array(units[$0..<($0 + target.count)]) == target }) else { return nil }
            return paragraph.runs.first { $0.range.contains(start) }?.style
        }
        #expect(style(of: "plain") == .body)
        #expect(style(of: "em")?.isItalic == true)
        #expect(style(of: "strong")?.weight == 700)
        #expect(style(of: "both")?.isItalic == true && style(of: "both")?.weight == 700)
        #expect((style(of: "small")?.fontScale ?? 1) < 1)
        // (A link to a file the book does not have stays plain text: NoteTests.badLinksStayText.)
        #expect(style(of: "link")?.link == "OEBPS/chapter.xhtml#note")
        #expect(style(of: "web")?.link == "https://example.org/")
        #expect(style(of: "bonjour")?.language == "fr")
        #expect(style(of: "x")?.fontFamily == "monospace")
        let second = book.text.paragraphs[1]
        #expect(second.style.language == "de")
        #expect(second.style.baseDirection == .rightToLeft)
    }

    @Test func imagesArePlaceholdersWithAltTextAndSize() throws {
        // A PNG header (IHDR 300 × 150), a JPEG with an APP0 segment then SOF0 (640 × 480), an SVG with a viewBox.
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        png += [0, 0, 0x01, 0x2C, 0, 0, 0, 0x96, 8, 6, 0, 0, 0]
        var jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + [UInt8](repeating: 0, count: 14)
        jpeg += [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01, 0xE0, 0x02, 0x80, 0x03] + [UInt8](repeating: 0, count: 9)
        let svg = Array("<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 120 60\"></svg>".utf8)
        let book = try Self.read("""
            <p><img src="images/a.png" alt="A  chart"/></p>
            <p>Text with <img src="images/b.jpg" alt="icon"/> inline.</p>
            <figure><img src="images/c.svg"/><figcaption>Caption</figcaption></figure>
            <p><img src="images/missing.png" alt="gone"/></p>
            """, extraEntries: [
                .init(name: "OEBPS/images/a.png", bytes: png), .init(name: "OEBPS/images/b.jpg", bytes: jpeg),
                .init(name: "OEBPS/images/c.svg", bytes: svg),
            ])
        #expect(EPUBTestReading.paragraphs(book) == ["\u{FFFC}", "Text with \u{FFFC} inline.", "\u{FFFC}", "Caption", "\u{FFFC}"])
        #expect(book.images.map(\.href) == ["OEBPS/images/a.png", "OEBPS/images/b.jpg", "OEBPS/images/c.svg", "OEBPS/images/missing.png"])
        #expect(book.images.map(\.altText) == ["A chart", "icon", nil, "gone"])
        #expect(book.images.map(\.pixelSize) == [Size(width: 300, height: 150), Size(width: 640, height: 480), Size(width: 120, height: 60), nil])
        #expect(book.images[0].aspectRatio == 2)
        for image in book.images {
            #expect(book.text.string(in: image.offset..<(image.offset + 1)) == "\u{FFFC}")
            #expect(book.image(atOffset: image.offset) == image)
        }
        #expect(book.image(atOffset: 1) == nil)
        // A paragraph holding only an image is centred.
        #expect(book.text.paragraphs[0].style.alignment == .center)
        #expect(book.warnings.contains { $0.contains("OEBPS/images/missing.png") })
    }

    @Test func publisherStylesSubset() throws {
        let css = """
            @namespace epub "http://www.idpf.org/2007/ops";
            body { text-align: justify }
            p { text-indent: 1.5em; margin: 0.5em 0 }
            h2 { text-align: center; font-size: 150%; font-weight: normal; page-break-before: always; margin-top: 2em }
            .quote { margin-left: 2em; margin-right: 2em; font-style: italic }
            .sc { font-variant: small-caps }
            .big { font-size: 2em }
            .hidden, [epub|type~="pagebreak"] { display: none }
            p.first:first-child, h2 + p { text-indent: 0 }
            @media print { p { font-weight: bold } }
            p::first-letter { font-size: 3em }
            """
        let body = """
            <p class="first">Opening.</p>
            <h2>Chapter</h2>
            <p>After heading <span class="sc">Small Caps</span> <span class="big">big</span>.</p>
            <p class="quote">Quoted.</p>
            <p>Page <span epub:type="pagebreak" id="p12">12</span>turn.<span class="hidden">secret</span></p>
            <p style="text-align: right; font-weight: bold">Inline style.</p>
            """
        let styled = try Self.read(body, css: css)
        let plain = try Self.read(body, css: css, publisherStyles: false)
        // Same text either way: hidden content stays in the projection.
        #expect(EPUBTestReading.paragraphs(styled) == ["Opening.", "Chapter", "After heading Small Caps big.", "Quoted.", "Page 12turn.secret", "Inline style."])
        #expect(styled.text.paragraphs.map(\.units) == plain.text.paragraphs.map(\.units))
        #expect(styled.offset(forHref: "OEBPS/chapter.xhtml#p12") == plain.offset(forHref: "OEBPS/chapter.xhtml#p12"))

        let p = styled.text.paragraphs
        // The body's justification is the book's alignment of running text (the reader's `align` overrides it).
        #expect(p[0].style.bookAlignment == .justified && p[0].style.alignment == nil && p[0].style.firstLineIndent == 0)
        #expect(p[0].style.publisherSpacing && p[0].style.spaceBefore == 0.5)  // the publisher's margins replace the reader's spacing
        #expect(p[1].style.alignment == .center && p[1].style.startsSection)
        #expect(p[1].runs.allSatisfy { $0.style.weight == 400 && $0.style.fontScale == 1.5 })
        #expect(p[1].style.spaceBefore == 3)  // 2em at 150 %
        #expect(p[2].style.firstLineIndent == 0)  // h2 + p
        #expect(p[2].runs.contains { $0.style.smallCaps })
        #expect(p[2].runs.contains { $0.style.fontScale == 2 })
        #expect(p[3].style.firstLineIndent == 1.5 && p[3].style.blockIndent == 2 && p[3].runs.allSatisfy(\.style.isItalic))
        let hidden = p[4].runs.filter(\.style.isHidden)
        #expect(hidden.map { p[4].contentString.utf16.count >= $0.range.upperBound } == [true, true])
        #expect(hidden.map(\.range.count) == [2, 6])  // "12" and "secret"
        #expect(p[5].style.alignment == .end && p[5].runs.allSatisfy { $0.style.weight == 700 })
        // ::first-letter styles the first letter (not floated: no drop cap).
        #expect(p[0].runs.first?.range.count == 1 && p[0].runs.first?.style.fontScale == 3 && p[0].style.dropCap == nil)
        #expect(p[0].runs.allSatisfy { $0.style.weight == 400 })  // @media print does not apply

        // Publisher styles off: the reader's settings decide, and what carries meaning stays: centring, emphasis
        // (the heading's weight is the book's too), page breaks, hidden text, a paragraph's own alignment.
        let q = plain.text.paragraphs
        #expect(q.allSatisfy { $0.style.firstLineIndent == nil || $0.style.role != .body })
        #expect(q[0].style.alignment == nil && q[0].style.bookAlignment == nil && !q[0].style.publisherSpacing)
        #expect(q[1].style.alignment == .center && q[1].runs.allSatisfy { $0.style.fontScale == 1.4 })  // sizes: the built-in h2's
        #expect(q[1].style.startsSection)
        #expect(q[3].style.blockIndent == 2 && q[3].runs.allSatisfy(\.style.isItalic))
        #expect(q[4].runs.contains { $0.style.isHidden })
        #expect(q[5].style.alignment == .end)
    }

    @Test func selectors() throws {
        let css = """
            @namespace epub "http://www.idpf.org/2007/ops";
            section p { font-style: italic }
            div > p { font-weight: bold }
            h1 ~ p { text-align: center }
            [epub|type~="z3998:poem"] p { text-indent: 3em }
            #special.note { font-size: 50% }
            p:hover, p:nth-child(2) { font-weight: 900 }
            """
        let book = try Self.read("""
            <section><div><p>deep</p></div></section>
            <div><p>child</p></div>
            <h1>H</h1><p>sibling</p>
            <div epub:type="z3998:poem chapter"><p>verse</p></div>
            <p id="special" class="note other">small</p>
            """, css: css)
        let p = book.text.paragraphs
        #expect(p.map(\.contentString) == ["deep", "child", "H", "sibling", "verse", "small"])
        #expect(p[0].runs.allSatisfy { $0.style.isItalic && $0.style.weight == 700 })
        #expect(p[1].runs.allSatisfy { !$0.style.isItalic && $0.style.weight == 700 })
        #expect(p[3].style.alignment == .center && p[5].style.alignment == .center)
        #expect(p[4].style.firstLineIndent == 3)
        #expect(p[5].runs.allSatisfy { $0.style.fontScale == 0.5 })
        #expect(!p.contains { $0.runs.contains { $0.style.weight == 900 } })  // unsupported pseudo-classes drop the rule
    }

    /// `<q>` is drawn between quotation marks (as text, like list markers: they depend on the XHTML only) for the
    /// language the content gives it, alternating pairs when nested; a book whose package says French but whose
    /// content says nothing quotes as English does (W3C pkg-lang_but_not_content).
    @Test func quotationMarksFollowTheContentsLanguage() throws {
        let book = try Self.read("""
            <p><q>Outer <q>inner</q> words </q>after.</p>
            <p lang="fr">Il dit <q>bonjour</q>.</p>
            <p lang="de"><q>Guten Tag</q></p>
            <p xml:lang="ja"><q>こんにちは</q></p>
            """, language: "fr")
        #expect(EPUBTestReading.paragraphs(book) == ["“Outer ‘inner’ words” after.", "Il dit «\u{202F}bonjour\u{202F}».",
                                                    "„Guten Tag“", "「こんにちは」"])
        let plain = try Self.read("<p>No <q>quote</q> here.</p>", publisherStyles: false)
        #expect(EPUBTestReading.paragraphs(plain) == ["No “quote” here."])
        // Marks typed inside the element are not doubled (The Waste Land's notes).
        let typed = try Self.read("<p><q xml:lang=\"sa\">\"Datta, dayadhvam\"</q> and <q>“given”</q>.</p>")
        #expect(EPUBTestReading.paragraphs(typed) == ["\"Datta, dayadhvam\" and “given”."])
    }

    @Test func nonLinearItemsAndPositions() throws {
        var archive = EPUBTestArchive.book(chapters: [("one.xhtml", EPUBTestArchive.xhtml("<p>One.</p>")),
                                                      ("notes.xhtml", EPUBTestArchive.xhtml("<p id=\"n1\">Note.</p>")),
                                                      ("two.xhtml", EPUBTestArchive.xhtml("<p>Two.</p>"))],
                                           spineAttributes: "page-progression-direction=\"rtl\"")
        let opf = try #require(archive.entries.first { $0.name == "OEBPS/content.opf" })
        let text = String(decoding: opf.bytes, as: UTF8.self).replacingOccurrences(of: "<itemref idref=\"c1\"/>", with: "<itemref idref=\"c1\" linear=\"no\"/>")
        archive.entries.removeAll { $0.name == "OEBPS/content.opf" }
        archive.add("OEBPS/content.opf", text)

        // The reading order comes first and keeps its offsets; the non-linear item follows it, a section of its
        // own that links and the table of contents reach.
        let book = try EPUBTestReading.read(archive)
        #expect(book.pageProgression == .rightToLeft)
        #expect(book.text.string(in: 0..<book.text.length) == "One.\nTwo.\nNote.\n")
        #expect(book.spine.map(\.isLinear) == [true, false, true])
        #expect(book.spine.map(\.range) == [0..<5, 10..<16, 5..<10])
        #expect(book.offset(forHref: "OEBPS/notes.xhtml#n1") == 10)
        #expect(book.location(ofOffset: 5) == EPUBLocation(href: "OEBPS/two.xhtml", offset: 0))
        #expect(book.location(ofOffset: 4) == EPUBLocation(href: "OEBPS/one.xhtml", offset: 4))
        #expect(book.location(ofOffset: 12) == EPUBLocation(href: "OEBPS/notes.xhtml", offset: 2))
        #expect(book.offset(of: EPUBLocation(href: "OEBPS/two.xhtml", offset: 3)) == 8)
        #expect(book.offset(of: EPUBLocation(href: "OEBPS/two.xhtml", offset: 6)) == nil)
        #expect(book.positionCount == 3)
        #expect(book.tableOfContents.map(\.offset) == [0, 10, 5])
        #expect(book.text.paragraphs.filter(\.style.startsSection).map(\.range.lowerBound) == [0, 5, 10])
        #expect(book.publication.resources.map(\.href) == ["OEBPS/one.xhtml", "OEBPS/two.xhtml", "OEBPS/notes.xhtml"])

        // A non-linear item missing from the archive is left out with a warning; the book opens.
        var missing = archive
        missing.entries.removeAll { $0.name == "OEBPS/notes.xhtml" }
        let without = try EPUBTestReading.read(missing)
        #expect(without.text.string(in: 0..<without.text.length) == "One.\nTwo.\n")
        #expect(without.warnings.contains { $0.contains("OEBPS/notes.xhtml") && $0.contains("missing from the archive") })

        var options = EPUBReader.Options()
        options.includeNonLinearItems = true
        let whole = try EPUBTestReading.read(archive, options: options)
        #expect(whole.text.string(in: 0..<whole.text.length) == "One.\nNote.\nTwo.\n")
        #expect(whole.offset(forHref: "OEBPS/notes.xhtml#n1") == 5)
    }

    /// A spine item that is an image (or has an image fallback) is one placeholder paragraph; an item of a
    /// type nothing can show is empty, with a warning.
    @Test func imageAndUnknownSpineItems() throws {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        png += [0, 0, 0x02, 0x58, 0, 0, 0x03, 0x20, 8, 6, 0, 0, 0]
        let archive = EPUBTestArchive.book(
            chapters: [("one.xhtml", EPUBTestArchive.xhtml("<p>Text.</p>"))],
            extraManifest: """
                <item id="plate" href="plate.png" media-type="image/png"/>
                <item id="widget" href="widget.js" media-type="application/javascript" fallback="plate"/>
                <item id="data" href="data.bin" media-type="application/octet-stream"/>
                """,
            extraEntries: [.init(name: "OEBPS/plate.png", bytes: png), .init(name: "OEBPS/widget.js", bytes: Array("x".utf8)),
                           .init(name: "OEBPS/data.bin", bytes: [1, 2, 3])],
            spineAttributes: "")
        var modified = archive
        let opf = try #require(modified.entries.first { $0.name == "OEBPS/content.opf" })
        let text = String(decoding: opf.bytes, as: UTF8.self).replacingOccurrences(
            of: "<itemref idref=\"c0\"/>", with: "<itemref idref=\"c0\"/><itemref idref=\"plate\"/><itemref idref=\"widget\"/><itemref idref=\"data\"/>")
        modified.entries.removeAll { $0.name == "OEBPS/content.opf" }
        modified.add("OEBPS/content.opf", text)
        let book = try EPUBTestReading.read(modified)
        #expect(book.text.string(in: 0..<book.text.length) == "Text.\n\u{FFFC}\n\u{FFFC}\n")
        #expect(book.spine.map { $0.range?.count } == [6, 2, 2, 0])
        #expect(book.images.map(\.pixelSize) == [Size(width: 600, height: 800), Size(width: 600, height: 800)])
        #expect(book.warnings.contains { $0.contains("OEBPS/data.bin") })
        #expect(book.location(ofOffset: 8) == EPUBLocation(href: "OEBPS/widget.js", offset: 0))
        // The end of the text is the start of the last (empty) item; the end of the one before maps there too.
        #expect(book.location(ofOffset: 10) == EPUBLocation(href: "OEBPS/data.bin", offset: 0))
        #expect(book.offset(of: EPUBLocation(href: "OEBPS/widget.js", offset: 2)) == 10)
    }

    @Test func ncxTableOfContents() throws {
        var archive = EPUBTestArchive.book(chapters: [("one.xhtml", EPUBTestArchive.xhtml("<h1 id=\"c1\">First</h1><h2 id=\"s1\">Part</h2>"))])
        let opf = try #require(archive.entries.first { $0.name == "OEBPS/content.opf" })
        // An EPUB 2 book: no nav property, an NCX named by the spine.
        let text = String(decoding: opf.bytes, as: UTF8.self)
            .replacingOccurrences(of: " properties=\"nav\"", with: "")
            .replacingOccurrences(of: "<spine ", with: "<spine toc=\"ncx\" ")
            .replacingOccurrences(of: "</manifest>", with: "<item id=\"ncx\" href=\"toc.ncx\" media-type=\"application/x-dtbncx+xml\"/></manifest>")
        archive.entries.removeAll { $0.name == "OEBPS/content.opf" }
        archive.add("OEBPS/content.opf", text)
        archive.add("OEBPS/toc.ncx", """
            <?xml version="1.0"?>
            <!DOCTYPE ncx PUBLIC "-//NISO//DTD ncx 2005-1//EN" "http://www.daisy.org/z3986/2005/ncx-2005-1.dtd">
            <ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><navMap>
              <navPoint id="a" playOrder="1"><navLabel><text>First</text></navLabel><content src="one.xhtml#c1"/>
                <navPoint id="b" playOrder="2"><navLabel><text> The
                  Part </text></navLabel><content src="one.xhtml#s1"/></navPoint>
              </navPoint>
            </navMap></ncx>
            """)
        let book = try EPUBTestReading.read(archive)
        #expect(book.tableOfContentsSource == .ncx)
        #expect(book.tableOfContents.map(\.title) == ["First"])
        #expect(book.tableOfContents[0].children.map(\.title) == ["The Part"])
        #expect(book.tableOfContents[0].children[0].offset == 6)
    }
}

/// EPUB ruby: `<ruby>` text is the base, `<rt>` its annotation (``TextStyle/ruby``), `<rp>` hidden; every unit
/// stays in the text.
@Suite struct EPUBRubyTests {
    @Test func rtAnnotatesTheBaseBeforeItAndRpIsHidden() throws {
        let book = try XHTMLConversionTests.read("""
            <p>彼は<ruby>漢字<rp>(</rp><rt>かんじ</rt><rp>)</rp></ruby>と<ruby>東<rt>とう</rt>京<rt>きょう</rt></ruby>を読む。</p>
            """, language: "ja")
        let paragraph = try #require(book.text.paragraphs.first)
        #expect(paragraph.contentString == "彼は漢字(かんじ)と東とう京きょうを読む。")
        let annotations = paragraph.runs.compactMap { run in run.style.ruby.map { (run.range, $0.base) } }
        #expect(annotations.map(\.0) == [5..<8, 11..<13, 14..<17])
        #expect(annotations.map(\.1) == [2..<4, 10..<11, 13..<14])
        let hidden = paragraph.runs.filter(\.style.isHidden).map(\.range)
        #expect(hidden == [4..<5, 8..<9])
        // An <rt> outside <ruby> is text; one with no base has an empty base (it stays hidden in layout).
        let stray = try XHTMLConversionTests.read("<p>a<rt>b</rt><ruby><rt>c</rt></ruby>d</p>")
        let runs = try #require(stray.text.paragraphs.first).runs
        #expect(runs.first { $0.range.contains(1) }?.style.ruby == nil)
        #expect(runs.first { $0.range.contains(2) }?.style.ruby?.base.isEmpty == true)
    }
}
