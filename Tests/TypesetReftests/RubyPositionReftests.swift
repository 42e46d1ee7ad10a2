import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// `ruby-position` drawn: every way a book asks for readings under their base draws as `ruby-position: under`,
/// which differs from the default over; `inter-character` is a column after its base in horizontal text and over in
/// vertical text, as the spec says;
/// `<rb>` markup draws as the ruby it pairs; in vertical text under is a side of its own too. The annotation's
/// baseline is below the base's for under and above it for over.
@Suite struct RubyPositionReftests {
    static let text = "<p>昔、<ruby>漢字<rt>かんじ</rt></ruby>を<ruby>読<rt>よ</rt></ruby>む。</p>"

    static func render(_ css: String, body: String = text) throws -> Reftest.Rendering {
        try Reftest.render(Reftest.Book(body: body, css: css))
    }

    @Test(arguments: ["ruby { ruby-position: under }", "ruby { -epub-ruby-position: under }",
                      "rt { -webkit-ruby-position: after }", "p { ruby-position: alternate under }"])
    func underUnderEveryName(_ css: String) throws {
        let reference = try Self.render("rt { ruby-position: under }")
        let test = try Self.render(css)
        let mismatch = Reftest.mismatch(test, reference)
        #expect(mismatch == nil, "\(css): \(mismatch ?? "")")
        #expect(Reftest.mismatch(test, try Self.render("")) != nil, "\(css) drew over")
    }

    /// Zhuyin set inter-character: each annotation a column of its own, upright, to the right of its base and taking
    /// a ruby em of room after it; in a paragraph, a heading and a table cell alike.
    @Test(arguments: [("ㄓ", "p"), ("ㄧㄣ", "p"), ("ㄈㄨㄥ", "p"), ("ㄧㄣ", "h2"), ("ㄈㄨㄥ", "td")])
    func interCharacterIsAColumnAfterItsBase(_ annotation: String, _ container: String) throws {
        let css = "p, h2, td { line-height: 3 } .c { font-size: 50% } .s { letter-spacing: -1em }"
        let (open, close) = container == "td" ? ("<table><tr><td>", "</td></tr></table>") : ("<\(container)>", "</\(container)>")
        let test = open + "注<ruby>音<rt>\(annotation)</rt></ruby>符<ruby>號<rt>ㄏㄠ</rt></ruby>。" + close
        let reference = open + "注音\(Self.column(annotation))符號\(Self.column("ㄏㄠ"))。" + close
        let rendered = try Self.render(css + " rt { ruby-position: inter-character }", body: test)
        let mismatch = Reftest.mismatch(rendered, try Self.render(css, body: reference))
        #expect(mismatch == nil, "\(container) \(annotation): \(mismatch ?? "")")
        #expect(Reftest.mismatch(rendered, try Self.render(css, body: test)) != nil, "\(annotation) drew over")
    }

    /// An inter-character column built from plain inline text (classes `c`: half size, `s`: a letter spacing of
    /// -1 em): the annotation's characters after the base, raised so that the column is centred on the base's em
    /// box (0.38 em above the baseline), each but the last spaced back by its own width so that the next stands
    /// under it.
    static func column(_ text: String) -> String {
        let characters = text.map(String.init)
        return characters.enumerated().map { index, character in
            // In ems of the annotation: the column's middle 0.76 above the baseline, its top half the column
            // higher, each glyph's baseline 0.88 below its top and a ruby em below the one before.
            let raise = 2 * 0.38 + Double(characters.count) / 2 - 0.88 - Double(index)
            let spacing = index + 1 < characters.count ? " s" : ""
            return "<span class=\"c\(spacing)\" style=\"vertical-align: \(raise)em\">\(character)</span>"
        }.joined()
    }

    /// In vertical text inter-character is over, as CSS Ruby 1 says: the annotation to the right of its base.
    @Test func interCharacterIsOverInVerticalText() throws {
        let vertical = "html { writing-mode: vertical-rl }"
        for name in ["ruby-position: inter-character", "-epub-ruby-position: inter-character", "-webkit-ruby-position: inter-character"] {
            let mismatch = Reftest.mismatch(try Self.render(vertical + " rt { \(name) }"), try Self.render(vertical))
            #expect(mismatch == nil, "\(name): \(mismatch ?? "")")
        }
    }

    /// Every name a book uses for inter-character draws as it: `-epub-` and `-webkit-` prefixes, and the 2011 draft's
    /// `right`.
    @Test(arguments: ["rt { -epub-ruby-position: inter-character }", "ruby { -webkit-ruby-position: inter-character }",
                      "rt { -epub-ruby-position: right }", "p { ruby-position: inter-character }"])
    func interCharacterUnderEveryName(_ css: String) throws {
        let reference = try Self.render("rt { ruby-position: inter-character }")
        let test = try Self.render(css)
        #expect(Reftest.mismatch(test, reference) == nil, "\(css)")
        #expect(Reftest.mismatch(test, try Self.render("")) != nil, "\(css) drew over")
    }

    @Test func rbMarkupDrawsAsTheRubyItPairs() throws {
        let rb = "<p>昔、<ruby><rb>漢</rb><rb>字</rb><rt>かん</rt><rt>じ</rt></ruby>を読む。</p>"
        let plain = "<p>昔、<ruby>漢<rt>かん</rt>字<rt>じ</rt></ruby>を読む。</p>"
        for css in ["", "rt { ruby-position: under }"] {
            let mismatch = Reftest.mismatch(try Self.render(css, body: rb), try Self.render(css, body: plain))
            #expect(mismatch == nil, "\(css): \(mismatch ?? "")")
        }
    }

    @Test func underIsASideInVerticalTextToo() throws {
        let vertical = "html { writing-mode: vertical-rl }"
        #expect(Reftest.mismatch(try Self.render(vertical + " rt { ruby-position: under }"), try Self.render(vertical)) != nil)
        #expect(Reftest.mismatch(try Self.render(vertical + " rt { -epub-ruby-position: under }"),
                                 try Self.render(vertical + " rt { ruby-position: under }")) == nil)
    }

    /// Over is above the base's baseline, under below it, for each annotation of the page.
    @Test(arguments: [("", true), ("rt { ruby-position: under }", false)])
    func theAnnotationIsOnItsSide(_ css: String, _ over: Bool) throws {
        let rendering = try Self.render(css)
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let layout = try typesetter.layout(rendering.book.text, settings: Reftest.settings.typography)
        let runs = layout.glyphRuns(onPage: 0)
        let base = try #require(runs.first { !$0.isRuby })
        let rubies = runs.filter(\.isRuby)
        #expect(rubies.count == 2)
        for ruby in rubies { #expect((ruby.baseline < base.baseline) == over, "\(css): \(ruby.baseline) vs \(base.baseline)") }
    }
}
