import Testing
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// Readium's model: every reader setting against a book style that contradicts it. A setting left at its
/// default gives way to the book; one the reader set (``TypographySettings/userSet``) wins for running text;
/// what carries meaning (centring, hanging indents, lines of a block, large spaces) stays either way; and with
/// publisher styles off only that is left of the book's styles.
@Suite struct PrecedenceTests {
    static let long = "A paragraph of running text long enough to fill several lines of a phone's column, so that its alignment, its spacing and its hyphenation all show in the lines it makes, whatever the settings say."

    /// The book's layout under settings made from the test's defaults (the bundled serif, nothing marked as set)
    /// by `adjust`.
    static func layout(_ body: String, css: String, publisherStyles: Bool = true,
                       _ adjust: (inout ReaderSettings) throws -> Void = { _ in }) throws -> BookLayout {
        let book = try XHTMLConversionTests.read(body, css: css, publisherStyles: publisherStyles)
        var settings = ReaderSettings(typography: Fixtures.settings)
        settings.typography.userSet = []
        try adjust(&settings)
        return try Typesetter(fonts: try Fixtures.bundledFonts()).layout(book.text, settings: settings.typography)
    }

    static func lines(_ layout: BookLayout, paragraph: Int) -> [Line] {
        layout.pages.indices.flatMap { layout.lines(onPage: $0) }.filter { $0.paragraphIndex == paragraph }
    }

    static func isJustified(_ layout: BookLayout, paragraph: Int = 0) -> Bool {
        lines(layout, paragraph: paragraph).dropLast().contains { layout.adjustment(of: $0).ratio != nil }
    }

    @Test func alignment() throws {
        let body = "<p>\(Self.long)</p><p class=\"c\">A centred title</p>"
        // The book justifies: so do the lines, until the reader sets an alignment.
        let css = "p { text-align: justify } p.c { text-align: center }"
        #expect(Self.isJustified(try Self.layout(body, css: css)))
        let ragged = try Self.layout(body, css: css) { try $0.set("align", parsing: "start") }
        #expect(!Self.isJustified(ragged))
        // A book that aligns its running text right: the reader's `--justify` justifies it.
        let right = "body { text-align: right } p.c { text-align: center }"
        #expect(!Self.isJustified(try Self.layout(body, css: right)))
        #expect(Self.isJustified(try Self.layout(body, css: right) { try $0.set("align", parsing: "justify") }))
        // Centring carries meaning: kept under any alignment, and with publisher styles off.
        for layout in [ragged, try Self.layout(body, css: css) { $0.typography.alignment = .justified },
                       try Self.layout(body, css: css, publisherStyles: false)] {
            let title = try #require(Self.lines(layout, paragraph: 1).first)
            let column = layout.settings.contentRect
            #expect(abs(title.rect.center.x - column.center.x) < 1, "the title is at \(title.rect), not centred")
        }
    }

    @Test func paragraphIndent() throws {
        let body = "<p>First.</p><p>\(Self.long)</p><p class=\"hang\">\(Self.long)</p>"
        let css = "p { text-indent: 3em; margin: 0 } p.hang { padding-left: 2em; text-indent: -2em }"
        func firstLineX(_ layout: BookLayout, _ paragraph: Int) throws -> Double { try #require(Self.lines(layout, paragraph: paragraph).first).rect.minX }
        let book = try Self.layout(body, css: css)
        let set = try Self.layout(body, css: css) { try $0.set("indent", parsing: "1") }
        let margin = book.settings.margins.left, em = book.settings.fontSize
        #expect(abs(try firstLineX(book, 1) - margin - 3 * em) < 0.5)
        #expect(abs(try firstLineX(set, 1) - margin - 1 * em) < 0.5)
        // A hanging indent carries meaning: the reader's indent does not touch it.
        #expect(abs(try firstLineX(set, 2) - margin) < 0.5)
        #expect(abs(try firstLineX(book, 2) - margin) < 0.5)
        #expect(try #require(Self.lines(set, paragraph: 2).dropFirst().first).rect.minX > margin + 1.5 * em)
    }

    @Test func paragraphSpacing() throws {
        let body = "<p>One.</p><p>Two.</p><div class=\"break\"><p>Three.</p></div><div>Line a</div><div>Line b</div>"
        let css = "p { margin: 0.2em 0 } div.break { margin-top: 3em }"
        func gap(_ layout: BookLayout, _ paragraph: Int) throws -> Double {
            let above = try #require(Self.lines(layout, paragraph: paragraph - 1).last), line = try #require(Self.lines(layout, paragraph: paragraph).first)
            return (line.rect.minY - above.rect.maxY) / layout.settings.fontSize
        }
        let book = try Self.layout(body, css: css), set = try Self.layout(body, css: css) { $0.typography.paragraphSpacing = 1 }
        #expect(abs(try gap(book, 1) - 0.2) < 0.01)
        #expect(abs(try gap(set, 1) - 1) < 0.01)
        // A space over 1 em sets a block apart: the book's, whatever the reader's spacing.
        #expect(abs(try gap(book, 2) - 3) < 0.01)
        #expect(abs(try gap(set, 2) - 3) < 0.01)
        // Lines of a block (divs without margins) stay together.
        #expect(abs(try gap(set, 4)) < 0.01)
    }

    @Test func lineHeight() throws {
        let body = "<p>\(Self.long)</p>"
        let css = "p { line-height: 2.5 }"
        func height(_ layout: BookLayout) throws -> Double { try #require(Self.lines(layout, paragraph: 0).first).rect.height }
        let book = try Self.layout(body, css: css)
        #expect(abs(try height(book) - 2.5 * book.settings.fontSize) < 0.01)
        let set = try Self.layout(body, css: css) { $0.typography.lineHeightMultiple = 1 }
        let plain = try Self.layout(body, css: "") { $0.typography.lineHeightMultiple = 1 }
        #expect(abs(try height(set) - height(plain)) < 0.01)
    }

    @Test func hyphenation() throws {
        let body = "<p lang=\"en\">\(Self.long) Incomprehensibilities notwithstanding, extraordinarily characteristic institutionalisation.</p>"
        let css = "p { hyphens: auto; text-align: justify }"
        func hyphenated(_ layout: BookLayout) -> Int { Self.lines(layout, paragraph: 0).filter(\.isHyphenated).count }
        #expect(hyphenated(try Self.layout(body, css: css)) > 0)
        #expect(hyphenated(try Self.layout(body, css: css) { try $0.set("hyphenate", parsing: "off") }) == 0)
        #expect(hyphenated(try Self.layout(body, css: "p { hyphens: none }") { $0.typography.hyphenation = true }) > 0)
    }

    @Test func letterAndWordSpacing() throws {
        let body = "<p>Short words here</p>"
        let css = "p { letter-spacing: 0.3em; word-spacing: 1em }"
        func width(_ layout: BookLayout) throws -> Double { try #require(Self.lines(layout, paragraph: 0).first).rect.width }
        let plain = try width(try Self.layout(body, css: ""))
        let book = try width(try Self.layout(body, css: css))
        #expect(book > plain + 10)
        let set = try width(try Self.layout(body, css: css) { try $0.set("letter-spacing", parsing: "0"); try $0.set("word-spacing", parsing: "0") })
        #expect(abs(set - plain) < 0.01)
    }

    /// The reader's size scales the book's sizes (Readium's `fontSize`): a book's smaller print stays smaller.
    @Test func sizeScalesTheBooksSizes() throws {
        let body = "<p>Body.</p><p class=\"small\">Small.</p><h1>Title</h1>"
        let css = "p.small { font-size: 0.8em }"
        for size in [14.0, 30] {
            let layout = try Self.layout(body, css: css) { $0.typography.fontSize = size }
            let runs = layout.glyphRuns(onPage: 0)
            let body = try #require(runs.first), small = try #require(runs.first { $0.range.lowerBound == layout.text.paragraphs[1].range.lowerBound })
            #expect(abs(body.size - size) < 0.01 && abs(small.size - 0.8 * size) < 0.01)
        }
        // The type scale: 1 sets headings at the body size; 1.2 (the default) keeps the book's.
        let flat = try Self.layout(body, css: css) { try $0.set("type-scale", parsing: "1") }
        let title = try #require(flat.glyphRuns(onPage: 0).last)
        #expect(abs(title.size - flat.settings.fontSize) < 0.01)
    }

    /// Weight and normalisation: the reader's weight scales every weight; normalised text drops bold and italic in
    /// running text, not in headings.
    @Test func weightAndNormalization() throws {
        let body = "<p>Plain <em>emphasis</em> <strong>strong</strong></p><h2>Heading</h2>"
        let heavy = try Self.layout(body, css: "") { try $0.set("font-weight", parsing: "700") }
        #expect(try #require(heavy.glyphRuns(onPage: 0).first).face.styleName.contains("Bold"))
        let normalized = try Self.layout(body, css: "") { $0.typography.textNormalization = true }
        let runs = normalized.glyphRuns(onPage: 0)
        let paragraphRuns = runs.filter { $0.range.upperBound <= normalized.text.paragraphs[0].range.upperBound }
        #expect(paragraphRuns.allSatisfy { $0.face.styleName == "Regular" }, "\(paragraphRuns.map(\.face.styleName))")
        #expect(try #require(runs.last).face.styleName.contains("Bold"))
    }

    /// The book's body margins never narrow the page: the page margins are the reader's.
    @Test func margins() throws {
        let body = "<p>\(Self.long)</p>"
        let layout = try Self.layout(body, css: "body { margin: 0 25%; padding: 2em }")
        let lines = Self.lines(layout, paragraph: 0)
        #expect(abs(try #require(lines.first).rect.minX - layout.settings.margins.left) < 0.01)
        #expect(lines.map(\.rect.maxX).max() ?? 0 > layout.settings.contentRect.maxX - 40)
    }

    /// Ligatures: the book's `font-variant-ligatures: none` holds until the reader sets ligatures; letter
    /// spacing turns them off, as CSS says.
    @Test func ligatures() throws {
        let body = "<p>office flag</p>"
        func glyphs(_ layout: BookLayout) -> Int { layout.glyphRuns(onPage: 0).reduce(0) { $0 + $1.glyphs.count } }
        let plain = glyphs(try Self.layout(body, css: ""))
        let none = glyphs(try Self.layout(body, css: "p { font-variant-ligatures: none }"))
        #expect(none > plain, "Charis SIL ligates ffi and fl")
        #expect(glyphs(try Self.layout(body, css: "p { font-variant-ligatures: none }") { try $0.set("ligatures", parsing: "on") }) == plain)
        #expect(glyphs(try Self.layout(body, css: "") { try $0.set("ligatures", parsing: "off") }) == none)
    }

    /// A setting given back to the book (`reset`, or JSON null in `set(_:json:)`) lets the book's style apply again.
    @Test func resetGivesThePropertyBackToTheBook() throws {
        var settings = ReaderSettings()
        try settings.set("align", parsing: "justified")
        #expect(settings.typography.userSet.contains("align"))
        try settings.set("align", json: .null)
        #expect(!settings.typography.userSet.contains("align") && settings.typography.alignment == .start)
        try settings.set("lang", json: .null)  // an optional setting: null is its value, not a reset
        #expect(settings.typography.language == nil)
        let body = "<p>\(Self.long)</p>"
        #expect(Self.isJustified(try Self.layout(body, css: "p { text-align: justify }") {
            try $0.set("align", parsing: "start")
            try $0.reset("align")
        }))
    }
}
