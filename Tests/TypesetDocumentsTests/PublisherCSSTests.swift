import Testing
import TypesetCore
@testable import TypesetDocuments
import TypesetTestSupport

/// The CSS books use, read into the text model: one test per feature, on one-chapter books built in the test;
/// and, for every feature, the same units with publisher styles on and off (styles never move an offset).
@Suite struct PublisherCSSTests {
    static func read(_ body: String, css: String, publisherStyles: Bool = true) throws -> EPUBBook {
        try XHTMLConversionTests.read(body, css: css, publisherStyles: publisherStyles)
    }

    /// Reads `body` under `css` both ways and checks that the text is the same; returns the styled book.
    static func readBothWays(_ body: String, css: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> (on: EPUBBook, off: EPUBBook) {
        let on = try read(body, css: css), off = try read(body, css: css, publisherStyles: false)
        #expect(on.text.paragraphs.map(\.units) == off.text.paragraphs.map(\.units), "publisher styles moved the text",
                sourceLocation: sourceLocation)
        return (on, off)
    }

    static func paragraph(_ book: EPUBBook, _ prefix: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Paragraph {
        try #require(book.text.paragraphs.first { $0.contentString.hasPrefix(prefix) }, sourceLocation: sourceLocation)
    }

    static func style(of word: String, in book: EPUBBook) -> TextStyle? {
        for paragraph in book.text.paragraphs {
            guard let range = paragraph.contentString.range(of: word) else { continue }
            let offset = paragraph.contentRange.lowerBound + range.lowerBound.utf16Offset(in: paragraph.contentString)
            return paragraph.runs.first { $0.range.contains(offset) }?.style
        }
        return nil
    }

    /// Margins and padding indent a block's lines from its own sides; a negative text indent hangs its first line
    /// (verse, bibliographies); in a right-to-left block the start is the right.
    @Test func marginsPaddingAndHangingIndents() throws {
        let css = """
            p.verse { padding-left: 2em; text-indent: -2em }
            p.inset { margin-left: 1em; margin-right: 3em }
            div.box { padding: 0 1em }
            """
        let (book, off) = try Self.readBothWays("""
            <p class="verse">A line of verse long enough to turn over.</p>
            <p class="inset">Set in from both sides.</p>
            <div class="box"><p class="inset">Nested.</p></div>
            <p class="inset" dir="rtl">שלום עולם</p>
            <blockquote><p>Quoted.</p></blockquote>
            """, css: css)
        let verse = try Self.paragraph(book, "A line")
        #expect(verse.style.blockIndent == 2 && verse.style.firstLineIndent == -2)
        let inset = try Self.paragraph(book, "Set in")
        #expect(inset.style.blockIndent == 1 && inset.style.endIndent == 3)
        let nested = try Self.paragraph(book, "Nested")
        #expect(nested.style.blockIndent == 2 && nested.style.endIndent == 4)
        let rtl = try Self.paragraph(book, "שלום")
        #expect(rtl.style.blockIndent == 3 && rtl.style.endIndent == 1)
        let quote = try Self.paragraph(book, "Quoted")
        #expect(quote.style.role == .blockQuote && quote.style.blockIndent == 1.5 && quote.style.endIndent == 1.5)
        // Indentation carries meaning (verse): it stays with publisher styles off.
        let plainVerse = try Self.paragraph(off, "A line")
        #expect(plainVerse.style.blockIndent == 2 && plainVerse.style.firstLineIndent == -2)
    }

    /// `display` is structural: a block span breaks the paragraph, an inline paragraph runs on, `none` hides, a
    /// `list-item` gets a marker, and all of it the same with publisher styles off.
    @Test func displayValues() throws {
        let css = """
            span.line { display: block }
            p.run { display: inline }
            .gone { display: none }
            div.item { display: list-item }
            li.plain { display: block }
            """
        let (book, off) = try Self.readBothWays("""
            <p><span class="line">First line</span><span class="line">Second line</span></p>
            <p class="run">Run</p><p class="run">on</p>
            <p>Seen <span class="gone">unseen</span></p>
            <div class="item">Bulleted</div>
            <ul><li class="plain">No marker</li></ul>
            """, css: css)
        let texts = book.text.paragraphs.map(\.contentString)
        #expect(texts == ["First line", "Second line", "Runon", "Seen unseen", "•\u{A0}Bulleted", "No marker"])
        #expect(try Self.paragraph(book, "•\u{A0}Bulleted").style.markerLength == 2)
        #expect(Self.style(of: "unseen", in: book)?.isHidden == true)
        #expect(Self.style(of: "unseen", in: off)?.isHidden == true)
    }

    /// List markers as `list-style-type`, `type`, `start`, `value` and `reversed` say, at the start of the item's
    /// first paragraph (also when it is a `<p>` inside the `<li>`), hung in the indent.
    @Test func listMarkers() throws {
        let css = """
            ol.roman { list-style-type: lower-roman }
            ol.alpha li { list-style-type: upper-alpha }
            ol.zero { list-style: decimal-leading-zero inside }
            ul.none { list-style: none }
            """
        let (book, _) = try Self.readBothWays("""
            <ol start="3"><li>three</li><li value="10">ten</li><li>eleven</li></ol>
            <ol class="roman"><li>one</li><li>two</li><li>three</li><li>four</li></ol>
            <ol class="alpha"><li><p>first in a p</p><p>second p</p></li><li>bee</li></ol>
            <ol class="zero"><li>oh one</li></ol>
            <ol type="i" reversed="reversed"><li>two</li><li>one</li></ol>
            <ul><li>disc<ul><li>circle<ul><li>square</li></ul></li></ul></li></ul>
            <ul class="none"><li>hidden</li></ul>
            """, css: css)
        let texts = book.text.paragraphs.map(\.contentString)
        #expect(texts == ["3.\u{A0}three", "10.\u{A0}ten", "11.\u{A0}eleven", "i.\u{A0}one", "ii.\u{A0}two", "iii.\u{A0}three", "iv.\u{A0}four",
                          "A.\u{A0}first in a p", "second p", "B.\u{A0}bee", "01. oh one", "ii.\u{A0}two", "i.\u{A0}one",
                          "•\u{A0}disc", "◦\u{A0}circle", "◾\u{A0}square", "•\u{A0}hidden"])
        #expect(try Self.paragraph(book, "10.\u{A0}ten").style.markerLength == 4)
        #expect(try Self.paragraph(book, "second p").style.markerLength == 0)
        #expect(try Self.paragraph(book, "A.\u{A0}first").style.role == .listItem)
        let hidden = try Self.paragraph(book, "•\u{A0}hidden")
        #expect(hidden.runs.first?.style.isHidden == true && hidden.runs.first?.range == 0..<2)
        // Items are lines of their list: no paragraph spacing between them, the list set off as a block.
        #expect(try Self.paragraph(book, "10.\u{A0}ten").style.continuesBlock)
        #expect(!(try Self.paragraph(book, "3.\u{A0}three").style.continuesBlock))
    }

    /// `white-space: pre` keeps spaces and line breaks (the paragraph is preformatted: never justified);
    /// `pre-line` keeps line breaks only.
    @Test func whiteSpace() throws {
        let css = """
            p.code { white-space: pre }
            p.poem { white-space: pre-line }
            """
        let (book, _) = try Self.readBothWays("""
            <p class="code">let  x =
              1</p>
            <p class="poem">Roses   are
               red</p>
            """, css: css)
        let code = try Self.paragraph(book, "let")
        #expect(code.contentString == "let  x =\u{2028}  1")
        #expect(code.style.role == .preformatted && code.style.innerLineBreaks == .preserve)
        let poem = try Self.paragraph(book, "Roses")
        #expect(poem.contentString == "Roses are\u{2028}red")
        #expect(poem.style.innerLineBreaks == .preserve)
    }

    /// Colour, background, decoration, case, spacing, weight and raised text reach the text's styles; colours
    /// and spacing are the publisher's and go with publisher styles off, emphasis stays.
    @Test func characterStyles() throws {
        let css = """
            .red { color: #cc0000 } .blue { color: rgb(0, 0, 255) } .named { color: darkgreen }
            .mark { background-color: hsl(60, 100%, 80%) }
            .u { text-decoration: underline } .gone { text-decoration: line-through }
            .caps { text-transform: uppercase } .title { text-transform: capitalize }
            .wide { letter-spacing: 0.2em; word-spacing: 4px }
            .semi { font-weight: 600 } .heavier { font-weight: bolder }
            .up { vertical-align: super } .down { vertical-align: -0.3em }
            .noliga { font-variant-ligatures: none }
            """
        let (book, off) = try Self.readBothWays("""
            <p><span class="red">red</span> <span class="blue">blue</span> <span class="named">green</span>
            <span class="mark">marked</span> <span class="u">under</span> <s>struck</s> <span class="gone">gone</span>
            <span class="caps">caps</span> <span class="title">title case</span> <span class="wide">wide</span>
            <span class="semi">semi</span> <b><span class="heavier">heavier</span></b> x<span class="up">up</span>
            y<span class="down">down</span> <sup>sup</sup> <span class="noliga">office</span></p>
            """, css: css)
        func style(_ word: String) throws -> TextStyle { try #require(Self.style(of: word, in: book)) }
        #expect(try style("red").color == Color(hex: "#cc0000"))
        #expect(try style("blue").color == Color(hex: "#0000ff"))
        #expect(try style("green").color == Color(hex: "#006400"))
        // An inline element's background is its box's (InlineBox), around its content area, not the run's.
        #expect(try style("marked").inlineBoxes.first?.background == Color(hex: "#ffff99") && style("marked").backgroundColor == nil)
        #expect(try style("under").decoration == .underline)
        #expect(try style("struck").decoration == .lineThrough && style("gone").decoration == .lineThrough)
        #expect(try style("caps").textTransform == .uppercase && style("title").textTransform == .capitalize)
        #expect(try style("wide").letterSpacing == 0.2 && style("wide").wordSpacing == 0.25)
        #expect(try style("semi").weight == 600 && style("heavier").weight == 900)
        #expect(try style("up").baselineShift > 0.3 && style("down").baselineShift < -0.2 && style("sup").baselineShift > 0.3)
        #expect(try !style("office").ligatures)
        // Publisher styles off: colours, backgrounds and spacing are the reader's; emphasis and decoration stay.
        func plain(_ word: String) throws -> TextStyle { try #require(Self.style(of: word, in: off)) }
        #expect(try plain("red").color == nil && plain("marked").backgroundColor == nil && plain("wide").letterSpacing == 0)
        #expect(try plain("under").decoration == .underline && plain("semi").weight == 600 && plain("caps").textTransform == .uppercase)
        #expect(try plain("up").baselineShift > 0.3)
    }

    /// Drop caps: a floated, enlarged `::first-letter` (with the punctuation before it), `initial-letter`, and a
    /// floated enlarged span at a paragraph's start; a first letter that is only styled is not one. Decoration:
    /// none with publisher styles off.
    @Test func dropCaps() throws {
        let css = """
            p.a::first-letter { float: left; font-size: 3.2em; color: #8b0000 }
            p.b:first-letter { initial-letter: 2 }
            p.c::first-letter { font-size: 1.5em }
            span.dropcap { float: left; font-size: 250% }
            """
        let (book, off) = try Self.readBothWays("""
            <p class="a">“Once upon a time there was a drop cap.</p>
            <p class="b">Two lines of drop.</p>
            <p class="c">Only larger.</p>
            <p><span class="dropcap">W</span>ith a span.</p>
            """, css: css)
        let a = try Self.paragraph(book, "“Once")
        #expect(a.style.dropCap == DropCap(length: 2, lines: 3))
        #expect(a.runs.first?.range == 0..<2 && a.runs.first?.style.color == Color(hex: "#8b0000"))
        #expect(try Self.paragraph(book, "Two").style.dropCap == DropCap(length: 1, lines: 2))
        let c = try Self.paragraph(book, "Only")
        #expect(c.style.dropCap == nil && c.runs.first?.range == 0..<1 && c.runs.first?.style.fontScale == 1.5)
        #expect(try Self.paragraph(book, "With").style.dropCap == DropCap(length: 1, lines: 2))
        #expect(off.text.paragraphs.allSatisfy { $0.style.dropCap == nil })
    }

    /// Page breaks before and after an element start sections; `<hr>` is a centred rule of its own.
    @Test func pageBreaksAndRules() throws {
        let css = """
            .after { page-break-after: always }
            .before { break-before: page }
            """
        let (book, _) = try Self.readBothWays("""
            <p>One.</p><p class="after">Two.</p><p>Three.</p><p class="before">Four.</p><hr/><p>Five.</p>
            """, css: css)
        let starts = book.text.paragraphs.map(\.style.startsSection)
        #expect(starts == [true, false, true, true, false, false])
        // The rule is an empty block (U+FFFC, its room), drawn as its box.
        let rule = try Self.paragraph(book, "\u{FFFC}")
        #expect(rule.runs.first?.style.attachment?.isEmptyBlock == true && !rule.style.boxes.isEmpty)
    }

    /// What alignment means: the book's alignment of running text (on `body`, or on every `p`) is the reader's to
    /// override; centring and an element's own right alignment carry meaning and stay.
    @Test func alignmentIsRunningTextOrMeaning() throws {
        let css = """
            body { text-align: right }
            p { text-align: justify }
            p.c { text-align: center }
            p.sig { text-align: right }
            div.inherits p { text-align: inherit }
            """
        let (book, off) = try Self.readBothWays("""
            <p>Running text.</p><p class="c">Centred.</p><p class="sig">Signed.</p><div>Body's.</div>
            """, css: css)
        #expect(try Self.paragraph(book, "Running").style.bookAlignment == .justified)
        #expect(try Self.paragraph(book, "Running").style.alignment == nil)
        #expect(try Self.paragraph(book, "Centred").style.alignment == .center)
        #expect(try Self.paragraph(book, "Signed").style.alignment == .end)
        #expect(try Self.paragraph(book, "Body's").style.bookAlignment == .end && Self.paragraph(book, "Body's").style.alignment == nil)
        #expect(try Self.paragraph(off, "Running").style.bookAlignment == nil)
        #expect(try Self.paragraph(off, "Centred").style.alignment == .center && Self.paragraph(off, "Signed").style.alignment == .end)
        #expect(try Self.paragraph(off, "Body's").style.alignment == nil)
    }

    /// Space between paragraphs: the book's margins are its spacing; blocks it sets apart by neither space nor
    /// indent are lines of one block (verse as `<div>`s, `<p>`s with no margin and no indent), with publisher
    /// styles on or off; headings always have space.
    @Test func spacingAndLinesOfABlock() throws {
        let css = """
            p { margin: 0; text-indent: 1.5em }
            p.line { text-indent: 0 }
            div.stanza { margin-top: 1em }
            p.spaced { margin-top: 0.3em }
            """
        let (book, off) = try Self.readBothWays("""
            <p>First.</p><p>Second, indented.</p>
            <div class="stanza"><div>Line one</div><div>Line two</div></div>
            <p class="line">Verse a</p><p class="line">Verse b</p>
            <h2>Heading</h2><p class="spaced">Spaced.</p>
            """, css: css)
        for book in [book, off] {
            #expect(try !Self.paragraph(book, "Second").style.continuesBlock)
            #expect(try !Self.paragraph(book, "Line one").style.continuesBlock)
            #expect(try Self.paragraph(book, "Line two").style.continuesBlock)
            #expect(try Self.paragraph(book, "Verse b").style.continuesBlock)
            #expect(try !Self.paragraph(book, "Heading").style.continuesBlock)
        }
        let second = try Self.paragraph(book, "Second")
        #expect(second.style.publisherSpacing && second.style.spaceBefore == 0 && second.style.firstLineIndent == 1.5)
        #expect(try Self.paragraph(book, "Spaced").style.spaceBefore == 0.3)
        #expect(try !Self.paragraph(off, "Second").style.publisherSpacing)
    }

    /// A book's margin of 0 beside a margin it left to a browser's default (a list's, a paragraph's top) collapses
    /// to that default (CSS 2.1 §8.3.1), the reader's spacing: Sphinx's last list item ends with `margin-bottom: 0`
    /// and the paragraph after the list keeps its space; items whose every margin the book sets to 0 stay together,
    /// and so do a `div`'s lines (a `div` has no default margin).
    @Test func aMarginOf0BesideADefaultMarginKeepsItsSpace() throws {
        let css = """
            ul > li:last-child > :last-child { margin-bottom: 0 }
            ul.simple > li:not(:first-child) > p { margin-top: 0 }
            ul.simple p { margin-bottom: 0 }
            p.tight { margin-bottom: 0 }
            div.l { margin: 0 }
            """
        let (book, off) = try Self.readBothWays("""
            <p>Before.</p><ul class="simple"><li><p>Item one.</p></li><li><p>Item two.</p></li></ul><p>After the list.</p>
            <p class="tight">Bottom margin 0.</p><p>Top margin left.</p><div class="l">Div one</div><div class="l">Div two</div>
            """, css: css)
        // An item's paragraph starts with its marker.
        func item(_ book: EPUBBook, _ text: String) throws -> Paragraph {
            try #require(book.text.paragraphs.first { $0.contentString.contains(text) })
        }
        for book in [book, off] {
            for spaced in [try Self.paragraph(book, "After the list"), try Self.paragraph(book, "Top margin left"), try item(book, "Item one")] {
                #expect(!spaced.style.continuesBlock && !spaced.style.publisherSpacing, "\(spaced.contentString)")
            }
        }
        #expect(try item(book, "Item two").style.continuesBlock)
        #expect(try Self.paragraph(book, "Div two").style.continuesBlock)
    }

    /// Line height and hyphenation are the book's until the reader sets theirs.
    @Test func lineHeightAndHyphens() throws {
        let css = """
            p { line-height: 1.6; hyphens: auto }
            p.tight { line-height: 12px; -webkit-hyphens: none }
            p.percent { line-height: 150% }
            """
        let (book, off) = try Self.readBothWays("<p>One.</p><p class=\"tight\">Two.</p><p class=\"percent\">Three.</p>", css: css)
        #expect(try Self.paragraph(book, "One").style.lineHeight == 1.6 && Self.paragraph(book, "One").style.hyphenation == true)
        #expect(try Self.paragraph(book, "Two").style.lineHeight == 0.75 && Self.paragraph(book, "Two").style.hyphenation == false)
        #expect(try Self.paragraph(book, "Three").style.lineHeight == 1.5)
        #expect(off.text.paragraphs.allSatisfy { $0.style.lineHeight == nil && $0.style.hyphenation == nil })
    }

    /// EPUB's CSS text properties, under their `-epub-` names as the EPUB 3 CSS profile writes them and under CSS's:
    /// `text-align-last` (logical for the block's direction), `line-break`, `word-break`, `text-transform:
    /// -epub-fullwidth` and `text-underline-position: under`, inherited from `<html>` as the W3C tests set it.
    @Test func epubTextProperties() throws {
        let css = """
            html { -epub-text-underline-position: under; }
            .u { text-decoration: underline }
            p.last { -epub-text-align-last: right }
            p.rtl { text-align-last: end }
            p.auto { -epub-text-align-last: auto }
            div.strict { -epub-line-break: strict }
            p.all { -epub-word-break: break-all }
            p.keep { word-break: keep-all; line-break: loose }
            p.wide { text-transform: -epub-fullwidth }
            p.wide2 { text-transform: full-width }
            p.box { display: inline-block; -epub-line-break: loose }
            """
        let (book, off) = try Self.readBothWays("""
            <p class="last">Right.</p><p class="rtl" dir="rtl">שלום.</p><p class="auto">Auto.</p>
            <div class="strict"><p>Strict.</p></div><p class="all">All.</p><p class="keep">Keep.</p>
            <p class="wide">Wide 12.</p><p class="wide2">Wider.</p><p><span class="u">Under</span> line.</p>
            <p>Before.</p><p class="box">Boxed.</p><p>After.</p>
            """, css: css)
        #expect(try Self.paragraph(book, "Right").style.lastLineAlignment == .end)
        #expect(try Self.paragraph(book, "שלום").style.lastLineAlignment == .end)
        #expect(try Self.paragraph(book, "Auto").style.lastLineAlignment == nil)
        #expect(try Self.paragraph(book, "Strict").style.lineBreak == .strict)
        // An inline-block that makes up a paragraph (the W3C test's boxes) gives it its rules.
        #expect(try Self.paragraph(book, "Boxed").style.lineBreak == .loose && Self.paragraph(book, "After").style.lineBreak == .auto)
        #expect(try Self.paragraph(book, "All").style.wordBreak == .breakAll)
        let keep = try Self.paragraph(book, "Keep").style
        #expect(keep.wordBreak == .keepAll && keep.lineBreak == .loose)
        #expect(try Self.paragraph(book, "Right").style.lineBreak == .auto && Self.paragraph(book, "Right").style.wordBreak == .normal)
        #expect(Self.style(of: "Wide", in: book)?.textTransform == .fullWidth && Self.style(of: "Wider", in: book)?.textTransform == .fullWidth)
        #expect(Self.style(of: "Under", in: book)?.decoration == [.underline, .underlineBelowDescenders])
        #expect(Self.style(of: "line", in: book)?.decoration == [])
        // Line-breaking rules, the full-width transform and the underline's place carry meaning; the end alignment
        // of one element does too, as `text-align: right` does.
        #expect(try Self.paragraph(off, "Strict").style.lineBreak == .strict && Self.paragraph(off, "All").style.wordBreak == .breakAll)
        #expect(Self.style(of: "Wide", in: off)?.textTransform == .fullWidth)
        #expect(Self.style(of: "Under", in: off)?.decoration == [.underline, .underlineBelowDescenders])
        #expect(try Self.paragraph(off, "Right").style.lastLineAlignment == .end)
    }

    /// `@import`ed sheets apply before the importing sheet's rules; an import cycle is read once; `<style>`
    /// elements apply in document order.
    @Test func importsAndStyleElements() throws {
        var archive = EPUBTestArchive.book(chapters: [("chapter.xhtml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>T</title>
            <link rel="stylesheet" href="style.css"/><style>p.s { text-align: center }</style></head>
            <body><p class="a">Imported.</p><p class="b">Overridden.</p><p class="s">Styled.</p></body></html>
            """)], extraManifest: "<item id=\"more\" href=\"more.css\" media-type=\"text/css\"/><item id=\"print\" href=\"print.css\" media-type=\"text/css\"/>",
            css: "@import url(\"more.css\") screen;\n@import 'print.css' print;\np.b { font-style: italic }")
        archive.add("OEBPS/more.css", "@import \"style.css\";\np.a, p.b { font-weight: bold; font-style: normal }")
        archive.add("OEBPS/print.css", "p { color: red }")
        let book = try EPUBTestReading.read(archive)
        let a = try Self.paragraph(book, "Imported"), b = try Self.paragraph(book, "Overridden")
        #expect(a.runs.allSatisfy { $0.style.weight == 700 } && b.runs.allSatisfy { $0.style.weight == 700 && $0.style.isItalic })
        #expect(try Self.paragraph(book, "Styled").style.alignment == .center)
        #expect(book.text.paragraphs.allSatisfy { $0.runs.allSatisfy { $0.style.color == nil } })
    }

    /// A malformed sheet keeps every rule it can, unknown properties and values are dropped silently, and a
    /// `<style>` larger than the cap is cut with one warning.
    @Test func malformedSheetsKeepWhatTheyCan() throws {
        let css = """
            p.a { color: #zzzzzz; font-style: italic; frobnicate: yes; text-indent: calc(1em + 2px) }
            p.b { font-weight: bold
            p.c { text-align: center }
            }}} p.d { text-decoration: underline }
            @media (min-width: 10px) { p.e { font-variant: small-caps } }
            p.f { text-transform: uppercase; !!!; letter-spacing: 0.1em }
            """
        let book = try Self.read("<p class=\"a\">A</p><p class=\"b\">B</p><p class=\"c\">C</p><p class=\"d\">D</p><p class=\"e\">E</p><p class=\"f\">F</p>",
                                 css: css)
        #expect(try Self.paragraph(book, "A").runs.allSatisfy { $0.style.isItalic && $0.style.color == nil })
        #expect(try Self.paragraph(book, "D").runs.allSatisfy { $0.style.decoration == .underline })
        #expect(try Self.paragraph(book, "F").runs.allSatisfy { $0.style.textTransform == .uppercase && $0.style.letterSpacing == 0.1 })
        #expect(book.warnings.isEmpty, "\(book.warnings)")
        // A <style> element over the cap: the rest of the document's <style>s are ignored, with one warning.
        // Varied, so that it does not compress like a bomb.
        var rng = SplitMix64(seed: 18)
        var huge = ""
        while huge.utf8.count <= StyleSheetLoader.maximumSheetBytes {
            huge += "p.x\(rng.next() % 1_000_000) { margin-left: \(rng.next() % 97)px }\n"
        }
        let capped = try XHTMLConversionTests.read("<style>\(huge)</style><p>Text.</p>")
        #expect(capped.warnings.count == 1 && capped.warnings[0].contains("<style>"))
    }
}

/// `writing-mode` (and its `-epub-` and `-webkit-` names, and SVG 1.1's `tb-rl`) on a document's root gives the book
/// its writing mode, with publisher styles on or off (how a Japanese novel is read is not a matter of taste); in a
/// vertical document the top and bottom margins indent lines and the right and left ones space blocks.
@Suite struct WritingModeCSSTests {
    @Test(arguments: [("html { -epub-writing-mode: vertical-rl }", WritingMode.verticalRightToLeft),
                      ("body { writing-mode: vertical-lr }", .verticalLeftToRight),
                      ("html { -webkit-writing-mode: tb-rl }", .verticalRightToLeft),
                      ("html { writing-mode: horizontal-tb }", .horizontal),
                      ("p { writing-mode: vertical-rl }", nil),
                      ("html { writing-mode: diagonal }", nil)])
    func rootWritingMode(_ css: String, _ expected: WritingMode?) throws {
        let (on, off) = try PublisherCSSTests.readBothWays("<p>吾輩は猫である。</p>", css: css)
        #expect(on.text.writingMode == expected)
        #expect(off.text.writingMode == expected)
    }

    @Test func verticalMarginsTurnWithTheLines() throws {
        let book = try PublisherCSSTests.read("<div class='main'><p>吾輩は猫である。</p></div>",
                                              css: "html { writing-mode: vertical-rl } .main { margin-left: 12em; margin-top: 2em }")
        let paragraph = try PublisherCSSTests.paragraph(book, "吾輩")
        #expect(paragraph.style.blockIndent == 2)
    }
}

/// `hanging-punctuation` on a book's root or body says whether its stops hang at line ends (burasage); a reader
/// setting of its own, with publisher styles off, takes the decision back (the layout's side is in
/// HangingPunctuationTests).
@Suite struct HangingPunctuationCSSTests {
    @Test(arguments: [("html { hanging-punctuation: allow-end }", true as Bool?),
                      ("body { hanging-punctuation: first force-end last }", true),
                      ("html { -webkit-hanging-punctuation: allow-end }", true),
                      ("body { hanging-punctuation: first }", false),
                      ("html { hanging-punctuation: none }", false),
                      ("p { hanging-punctuation: allow-end }", nil),
                      ("html { hanging-punctuation: sideways }", nil)])
    func rootHangingPunctuation(_ css: String, _ expected: Bool?) throws {
        let (on, off) = try PublisherCSSTests.readBothWays("<p>吾輩は猫である。</p>", css: css)
        #expect(on.text.hangingPunctuation == expected)
        #expect(off.text.hangingPunctuation == nil, "publisher styles off: the reader's setting decides")
    }
}

/// `text-combine-upright` and its `-epub-` names mark each element's text as one cell of vertical text, and
/// neighbouring elements stay separate cells (their runs are not merged).
@Suite struct CombineUprightCSSTests {
    @Test func eachElementIsItsOwnCell() throws {
        let css = "html { writing-mode: vertical-rl } .a { -epub-text-combine: horizontal } .b { text-combine-upright: all } .n { -epub-text-combine-horizontal: none }"
        let book = try PublisherCSSTests.read("<p>これは<span class='a'>10</span><span class='a'>11</span><span class='b'>!?</span><span class='n'>12</span>。</p>", css: css)
        let paragraph = try PublisherCSSTests.paragraph(book, "これは")
        let combined = paragraph.runs.filter(\.style.combinesUpright).map { String(utf16CodeUnits: Array(paragraph.units[$0.range.lowerBound - paragraph.range.lowerBound..<$0.range.upperBound - paragraph.range.lowerBound]), count: $0.range.count) }
        #expect(combined == ["10", "11", "!?"])
    }
}

/// `text-orientation` and its `-epub-` name reach the text style.
@Suite struct TextOrientationCSSTests {
    @Test func orientationReachesTheStyle() throws {
        let css = "html { writing-mode: vertical-rl } .u { -epub-text-orientation: upright } .s { text-orientation: sideways-right }"
        let book = try PublisherCSSTests.read("<p>これは<span class='u'>up</span><span class='s'>side</span>mixed</p>", css: css)
        #expect(PublisherCSSTests.style(of: "up", in: book)?.orientation == .upright)
        #expect(PublisherCSSTests.style(of: "side", in: book)?.orientation == .sideways)
        #expect(PublisherCSSTests.style(of: "mixed", in: book)?.orientation == .mixed)
    }
}
