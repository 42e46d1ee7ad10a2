import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// `ruby-position` drawn: every way a book asks for readings under their base draws as `ruby-position: under`,
/// which differs from the default over; `inter-character` draws as over (in vertical text the spec's own answer);
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

    @Test func interCharacterDrawsOver() throws {
        #expect(Reftest.mismatch(try Self.render("rt { ruby-position: inter-character }"), try Self.render("")) == nil)
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
