import Testing
import TypesetCore
@testable import TypesetDocuments
import TypesetTestSupport

/// A book's media queries and alternate style sheets against the reader's page and theme: which rules apply, that
/// the text and its offsets never change with them, and that a settings change converts again only the documents
/// whose answers changed.
@Suite struct MediaStylesTests {
    static func environment(width: Double, height: Double = 600, dark: Bool = false) -> MediaEnvironment {
        MediaEnvironment(width: width, height: height, prefersDark: dark)
    }

    static func read(_ archive: EPUBTestArchive, _ media: MediaEnvironment, publisherStyles: Bool = true) throws -> EPUBBook {
        var options = EPUBReader.Options()
        options.media = media
        options.publisherStyles = publisherStyles
        return try EPUBTestReading.read(archive, options: options)
    }

    static func book(_ body: String, css: String) -> EPUBTestArchive {
        .book(chapters: [("chapter.xhtml", EPUBTestArchive.xhtml(body, stylesheet: true))], css: css)
    }

    /// The style of the first unit of the paragraph holding `text`.
    static func style(_ book: EPUBBook, of text: String) -> TextStyle? {
        guard let paragraph = book.text.paragraphs.first(where: { $0.contentString.contains(text) }) else { return nil }
        let units = Array(paragraph.contentString.utf16), wanted = Array(text.utf16)
        guard let start = (0...(units.count - wanted.count)).first(where: { Array(units[$0..<($0 + wanted.count)]) == wanted }) else { return nil }
        return paragraph.runs.first { $0.range.contains(start) }?.style
    }

    @Test func rulesApplyWhereTheirQueryHolds() throws {
        let css = """
            @media (min-width: 500px) { .wide { font-style: italic } }
            @media (max-width: 499.99px) { .narrow { font-weight: bold } }
            @media (orientation: landscape) { .landscape { text-decoration: underline } }
            @media screen and (prefers-color-scheme: dark) { .dark { color: #ffffff } }
            @media print { .wide { font-weight: 900 } }
            @media amzn-kf8 { .wide { font-weight: 900 } }
            @media not amzn-mobi { .kindle { font-style: italic } }
            """
        let archive = Self.book("<p class='wide'>Wide</p><p class='narrow'>Narrow</p><p class='landscape'>Land</p><p class='dark'>Dark</p><p class='kindle'>Not Mobi</p>", css: css)
        let wide = try Self.read(archive, Self.environment(width: 700, height: 400, dark: true))
        let narrow = try Self.read(archive, Self.environment(width: 300))
        #expect(Self.style(wide, of: "Wide")?.isItalic == true && Self.style(narrow, of: "Wide")?.isItalic == false)
        #expect(Self.style(wide, of: "Wide")?.weight == 400)
        #expect(Self.style(narrow, of: "Narrow")?.weight == 700 && Self.style(wide, of: "Narrow")?.weight == 400)
        #expect(Self.style(wide, of: "Land")?.decoration == .underline && Self.style(narrow, of: "Land")?.decoration == [])
        #expect(Self.style(wide, of: "Dark")?.color == Color(red: 255, green: 255, blue: 255) && Self.style(narrow, of: "Dark")?.color == nil)
        #expect(Self.style(narrow, of: "Not Mobi")?.isItalic == true)
        // The text is the same on both.
        #expect(wide.text.string(in: 0..<wide.text.length) == narrow.text.string(in: 0..<narrow.text.length))
    }

    /// What makes the text (a span made a block, white space kept, a list's markers) follows the reference page,
    /// so that a device never moves an offset; what only shows it (hidden or not, styles) follows the reader's.
    @Test func theTextIsTheSameOnEveryPage() throws {
        let css = """
            @media (min-width: 500px) {
              span.block { display: block }
              p.pre { white-space: pre }
              ol.roman { list-style-type: upper-roman }
              .gone { display: none }
            }
            @media (max-width: 499px) { span.inline-here { display: inline } div.shown-narrow { display: none } }
            """
        let body = """
            <p>One <span class="block">two</span> three</p><p class="pre">a    b</p>
            <ol class="roman"><li>x</li><li>y</li></ol><p>Keep <span class="gone">hidden</span> me</p>
            <div class="shown-narrow">Wide only</div>
            """
        let archive = Self.book(body, css: css)
        let texts = try [200.0, 342, 499, 500, 800, 2000].map { width in
            let book = try Self.read(archive, Self.environment(width: width))
            return book.text.string(in: 0..<book.text.length)
        }
        #expect(Set(texts).count == 1, "\(Set(texts))")
        // Hidden follows the page: "hidden" has no width on a wide page, "Wide only" none on a narrow one.
        let wide = try Self.read(archive, Self.environment(width: 800))
        let narrow = try Self.read(archive, Self.environment(width: 300))
        #expect(Self.style(wide, of: "hidden")?.isHidden == true && Self.style(narrow, of: "hidden")?.isHidden == false)
        #expect(Self.style(wide, of: "Wide only")?.isHidden == false && Self.style(narrow, of: "Wide only")?.isHidden == true)
    }

    @Test func linkStyleAndImportMediaApply() throws {
        let chapter = """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>T</title>
            <link rel="stylesheet" href="wide.css" media="screen and (min-width: 500px)"/>
            <link rel="stylesheet" href="print.css" media="print"/>
            <style media="(orientation: landscape)">.c { text-decoration: underline }</style>
            <style>@import url(imported.css) (max-width: 499px);</style>
            </head><body><p class="a">A</p><p class="b">B</p><p class="c">C</p><p class="d">D</p></body></html>
            """
        let archive = EPUBTestArchive.book(chapters: [("chapter.xhtml", chapter)], extraEntries: [
            .init(name: "OEBPS/wide.css", bytes: Array(".a { font-style: italic }".utf8)),
            .init(name: "OEBPS/print.css", bytes: Array(".b { font-style: italic }".utf8)),
            .init(name: "OEBPS/imported.css", bytes: Array(".d { font-weight: bold }".utf8)),
        ])
        let wide = try Self.read(archive, Self.environment(width: 700, height: 400))
        let narrow = try Self.read(archive, Self.environment(width: 300))
        #expect(Self.style(wide, of: "A")?.isItalic == true && Self.style(narrow, of: "A")?.isItalic == false)
        #expect(Self.style(wide, of: "B")?.isItalic == false && Self.style(narrow, of: "B")?.isItalic == false)
        #expect(Self.style(wide, of: "C")?.decoration == .underline && Self.style(narrow, of: "C")?.decoration == [])
        #expect(Self.style(wide, of: "D")?.weight == 400 && Self.style(narrow, of: "D")?.weight == 700)
    }

    /// EPUB 3 Alternate Style Tags: the `night` set under a dark theme, the `day` (or preferred) one otherwise;
    /// an untagged alternate never; persistent sheets always.
    @Test func alternateStyleSheetsFollowTheTheme() throws {
        let chapter = """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>T</title>
            <link rel="stylesheet" href="base.css"/>
            <link rel="stylesheet" href="day.css" class="day" title="day"/>
            <link rel="alternate stylesheet" href="night.css" class="night" title="night"/>
            <link rel="alternate stylesheet" href="other.css" title="other"/>
            </head><body><p class="base">Base</p><p class="day">Day</p><p class="night">Night</p><p class="other">Other</p></body></html>
            """
        let archive = EPUBTestArchive.book(chapters: [("chapter.xhtml", chapter)], extraEntries: [
            .init(name: "OEBPS/base.css", bytes: Array(".base { font-weight: bold }".utf8)),
            .init(name: "OEBPS/day.css", bytes: Array(".day { font-style: italic }".utf8)),
            .init(name: "OEBPS/night.css", bytes: Array(".night { font-style: italic; background-color: rgb(0,0,51) }".utf8)),
            .init(name: "OEBPS/other.css", bytes: Array(".other { font-style: italic }".utf8)),
        ])
        let light = try Self.read(archive, Self.environment(width: 300))
        let dark = try Self.read(archive, Self.environment(width: 300, dark: true))
        #expect(Self.style(light, of: "Base")?.weight == 700 && Self.style(dark, of: "Base")?.weight == 700)
        #expect(Self.style(light, of: "Day")?.isItalic == true && Self.style(dark, of: "Day")?.isItalic == false)
        #expect(Self.style(light, of: "Night")?.isItalic == false && Self.style(dark, of: "Night")?.isItalic == true)
        #expect(Self.style(dark, of: "Night")?.backgroundColor == Color(red: 0, green: 0, blue: 51))
        #expect(Self.style(light, of: "Other")?.isItalic == false && Self.style(dark, of: "Other")?.isItalic == false)

        // An untitled night alternate beside untitled persistent sheets: the night one under a dark theme only.
        let untitled = """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>T</title>
            <link rel="stylesheet" href="base.css"/><link rel="alternate stylesheet" class="night" href="night.css"/>
            </head><body><p class="night">Night</p></body></html>
            """
        let second = EPUBTestArchive.book(chapters: [("chapter.xhtml", untitled)], extraEntries: [
            .init(name: "OEBPS/base.css", bytes: Array(".base { font-weight: bold }".utf8)),
            .init(name: "OEBPS/night.css", bytes: Array(".night { font-style: italic }".utf8)),
        ])
        #expect(Self.style(try Self.read(second, Self.environment(width: 300, dark: true)), of: "Night")?.isItalic == true)
        #expect(Self.style(try Self.read(second, Self.environment(width: 300)), of: "Night")?.isItalic == false)
    }

    /// The `vertical` and `horizontal` sets (Japanese books: a preferred vertical sheet, an alternate horizontal one)
    /// follow the reader's explicit choice of line direction, and the book's preferred set when they made none.
    @Test func verticalAndHorizontalSetsFollowTheReadersChoice() throws {
        let chapter = """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>T</title>
            <link rel="alternate stylesheet" href="horizontal.css" class="horizontal" title="横組"/>
            <link rel="stylesheet" href="vertical.css" class="vertical" title="縦組"/>
            </head><body><p class="x">本文</p></body></html>
            """
        let archive = EPUBTestArchive.book(chapters: [("chapter.xhtml", chapter)], language: "ja", extraEntries: [
            .init(name: "OEBPS/horizontal.css", bytes: Array(".x { font-weight: bold }".utf8)),
            .init(name: "OEBPS/vertical.css", bytes: Array("html { writing-mode: vertical-rl } .x { font-style: italic }".utf8)),
        ])
        func read(_ vertical: Bool?) throws -> EPUBBook {
            var media = Self.environment(width: 300)
            media.verticalText = vertical
            return try Self.read(archive, media)
        }
        let book = try read(nil), horizontal = try read(false), vertical = try read(true)
        #expect(Self.style(book, of: "本文")?.isItalic == true && book.text.writingMode == .verticalRightToLeft)
        #expect(Self.style(vertical, of: "本文")?.isItalic == true)
        #expect(Self.style(horizontal, of: "本文")?.weight == 700 && Self.style(horizontal, of: "本文")?.isItalic == false)
        #expect(horizontal.text.writingMode == nil || horizontal.text.writingMode == .horizontal)
    }

    /// A publication restyles only when an answer changes, and then converts again only the documents whose answers
    /// did: a chapter without media queries is reused.
    @Test func restylingConvertsOnlyTheDocumentsWhoseAnswersChanged() throws {
        let plain = EPUBTestArchive.xhtml("<p class='x'>Plain chapter</p>")
        let queried = """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>T</title>
            <style>@media (orientation: landscape) { .x { font-style: italic } }</style>
            </head><body><p class="x">Queried chapter</p></body></html>
            """
        let archive = EPUBTestArchive.book(chapters: [("a.xhtml", plain), ("b.xhtml", queried), ("c.xhtml", plain.replacingOccurrences(of: "Plain", with: "Third"))])
        var options = EPUBReader.Options()
        options.media = Self.environment(width: 300, height: 600)
        let book = try EPUBReader(options: options).read(bytes: try archive.bytes(), name: "t.epub")
        let conversions = try #require(book.conversions)
        #expect(conversions.conversionCount == 3)  // a, b, c
        let publication = book.publication
        #expect(Self.style(book, of: "Queried")?.isItalic == false)

        // Taller, still portrait: nothing to do.
        var same = publication.styleEnvironment
        same.media = Self.environment(width: 300, height: 900)
        #expect(!publication.needsRestyle(for: same))
        #expect(try publication.restyled(for: same).text.paragraphs.count == publication.text.paragraphs.count)
        #expect(conversions.conversionCount == 3)

        // Landscape: only b.xhtml is converted again.
        var landscape = publication.styleEnvironment
        landscape.media = Self.environment(width: 900, height: 300)
        #expect(publication.needsRestyle(for: landscape))
        let turned = try publication.restyled(for: landscape)
        #expect(conversions.conversionCount == 4)
        let paragraph = try #require(turned.text.paragraphs.first { $0.contentString == "Queried chapter" })
        #expect(paragraph.runs.first?.style.isItalic == true)
        #expect(turned.text.string(in: 0..<turned.text.length) == publication.text.string(in: 0..<publication.text.length))
        #expect(turned.styleEnvironment == landscape)

        // Publisher styles off: every document again.
        let off = try turned.restyled(publisherStyles: false)
        #expect(conversions.conversionCount == 7)
        #expect(off.text.length == publication.text.length)
    }

    /// A book without media queries is never restyled for a page or theme, and keeps no second copy of its text.
    @Test func aBookWithoutQueriesIgnoresThePage() throws {
        let book = try Self.read(Self.book("<p class='a'>A</p>", css: ".a { font-style: italic } @media print { .a { color: red } }"),
                                 Self.environment(width: 300))
        let publication = book.publication
        var other = publication.styleEnvironment
        other.media = Self.environment(width: 1000, height: 200, dark: true)
        #expect(!publication.needsRestyle(for: other))
        #expect(publication.mediaDiffers == nil)
        #expect(book.conversions?.text(of: "OEBPS/chapter.xhtml", for: book.styleEnvironment) == nil)
    }

    /// A reading session restyles when settings flip a query (a rotation, a dark theme with a night sheet), and
    /// only then; the anchor stays.
    @Test func aReadingSessionRestylesWhenSettingsFlipAnAnswer() throws {
        let css = "@media (orientation: landscape) { .x { font-style: italic } } @media (prefers-color-scheme: dark) { .x { font-weight: bold } }"
        let book = try Self.read(Self.book("<p class='x'>Styled</p><p>Other</p>", css: css), .reference)
        var settings = ReaderSettings()
        settings.typography.fontFamily = "Charis SIL"
        let session = try ReadingSession(publication: book.publication, typesetter: Typesetter(fonts: try Fixtures.bundledFonts()),
                                         settings: settings, at: 3, completesInBackground: false)
        func styled() -> TextStyle? { session.publication.text.paragraphs[0].runs.first?.style }
        #expect(styled()?.isItalic == false)
        settings.typography.pageSize = Size(width: 900, height: 500)
        try session.setSettings(settings)
        #expect(styled()?.isItalic == true && session.anchor.position.offset == 3)
        settings.appearance.theme = .dark
        try session.setSettings(settings)
        #expect(styled()?.weight == 700)
        settings.appearance.theme = .sepia
        settings.typography.pageSize = Size(width: 1000, height: 400)
        try session.setSettings(settings)
        #expect(styled()?.weight == 400 && styled()?.isItalic == true)
        // A session opened with landscape settings restyles the book read for the reference page at once.
        let opened = try ReadingSession(publication: book.publication, typesetter: Typesetter(fonts: try Fixtures.bundledFonts()),
                                        settings: settings, completesInBackground: false)
        #expect(opened.publication.text.paragraphs[0].runs.first?.style.isItalic == true)
    }
}
