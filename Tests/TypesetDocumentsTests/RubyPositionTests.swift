import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// CSS Ruby 1 in books: `ruby-position` under its three names and old values, inherited from `<ruby>` or set on an
/// `<rt>` or `<rtc>`; HTML's `<rb>` bases paired with `<rt>`s in order, and each `<rtc>` pairing again (double-sided
/// ruby); ruby in headings, table cells and list items, where every annotation is kept.
@Suite struct RubyPositionTests {
    /// Each annotation of the book: its base's text, its own text and its side.
    static func annotations(_ book: EPUBBook) -> [(base: String, text: String, position: RubyPosition)] {
        var result: [(String, String, RubyPosition)] = []
        for paragraph in book.text.paragraphs {
            let units = paragraph.units
            var previous: (RubyAnnotation, Int)?
            for run in paragraph.runs {
                guard let ruby = run.style.ruby else { previous = nil; continue }
                // Consecutive runs of one annotation (styled spans inside an <rt>) are one annotation.
                if let (last, index) = previous, last == ruby {
                    result[index].1 += String(decoding: units[run.range], as: UTF16.self)
                    continue
                }
                let base = ruby.base.isEmpty ? "" : String(decoding: units[ruby.base], as: UTF16.self)
                result.append((base, String(decoding: units[run.range], as: UTF16.self), ruby.position))
                previous = (ruby, result.count - 1)
            }
        }
        return result
    }

    static let declarations: [(css: String, position: RubyPosition)] = [
        ("", .over),
        ("rt { ruby-position: under }", .under),
        ("ruby { ruby-position: under }", .under),
        ("ruby { -epub-ruby-position: under }", .under),
        ("rt { -webkit-ruby-position: after }", .under),
        ("rt { -webkit-ruby-position: before }", .over),
        ("rt { ruby-position: alternate under }", .under),
        ("rt { ruby-position: under alternate }", .under),
        ("rt { ruby-position: alternate }", .over),
        ("p { ruby-position: under } rt { ruby-position: over }", .over),
        ("rt { ruby-position: inter-character }", .interCharacter),
        ("rt { -epub-ruby-position: inter-character }", .interCharacter),
        ("rt { -webkit-ruby-position: inter-character }", .interCharacter),
        ("rt { -epub-ruby-position: right }", .interCharacter),         // the 2011 draft's name
        ("ruby { ruby-position: inter-character } rt { ruby-position: under }", .under),
        ("rt { ruby-position: inter-character alternate }", .over),     // inter-character stands alone: dropped
        ("rt { ruby-position: under } rt { ruby-position: sideways }", .under),   // an unknown value is dropped
        ("rt { ruby-position: under over }", .over),                                // so is an invalid pair
        ("body { ruby-position: under }", .under),                                  // inherited from far up
    ]

    @Test(arguments: declarations)
    func rubyPositionIsRead(_ css: String, _ position: RubyPosition) throws {
        let book = try XHTMLConversionTests.read("<p><ruby>漢字<rt>かんじ</rt></ruby>を読む。</p>", css: css, language: "ja")
        let found = Self.annotations(book)
        #expect(found.count == 1)
        #expect(found.first?.base == "漢字" && found.first?.text == "かんじ")
        #expect(found.first?.position == position, "\(css)")
    }

    /// Without publisher styles the side is kept: it is where the book puts its readings.
    @Test func theSideCarriesMeaning() throws {
        let book = try XHTMLConversionTests.read("<p><ruby>漢<rt>かん</rt></ruby></p>", css: "rt { ruby-position: under }",
                                                 publisherStyles: false, language: "ja")
        #expect(Self.annotations(book).first?.position == .under)
    }

    @Test func rbBasesPairWithAnnotationsInOrder() throws {
        let book = try XHTMLConversionTests.read("<p><ruby><rb>漢</rb><rb>字</rb><rt>かん</rt><rt>じ</rt></ruby>と"
                                                 + "<ruby><rb>東</rb><rp>(</rp><rt>とう</rt><rp>)</rp><rb>京</rb><rp>(</rp><rt>きょう</rt><rp>)</rp></ruby></p>",
                                                 language: "ja")
        let found = Self.annotations(book).map { "\($0.base):\($0.text)" }
        #expect(found == ["漢:かん", "字:じ", "東:とう", "京:きょう"])
        #expect(EPUBTestReading.paragraphs(book).first?.hasPrefix("漢字かんじと東") == true)
    }

    /// Double-sided ruby: a container of readings over, one of glosses under, both paired with the same bases.
    @Test func eachContainerPairsWithTheSameBases() throws {
        let book = try XHTMLConversionTests.read("""
            <p><ruby><rb>東</rb><rb>京</rb><rtc><rt>とう</rt><rt>きょう</rt></rtc><rtc class="gloss"><rt>Tō</rt><rt>kyō</rt></rtc></ruby></p>
            """, css: ".gloss { ruby-position: under }", language: "ja")
        let found = Self.annotations(book).map { "\($0.base):\($0.text):\($0.position)" }
        #expect(found == ["東:とう:over", "京:きょう:over", "東:Tō:under", "京:kyō:under"])
    }

    /// An annotation past the last base has nothing to annotate.
    @Test func anExtraAnnotationHasNoBase() throws {
        let book = try XHTMLConversionTests.read("<p><ruby><rb>字</rb><rt>じ</rt><rt>あまり</rt></ruby></p>", language: "ja")
        let found = Self.annotations(book).map { "\($0.base):\($0.text)" }
        #expect(found == ["字:じ", ":あまり"])
    }

    /// Ruby where block structure is around it: headings, table cells, list items, each with every annotation.
    @Test func rubyInHeadingsTablesAndLists() throws {
        let ruby = "<ruby>漢<rt>かん</rt>字<rt>じ</rt></ruby>"
        let book = try XHTMLConversionTests.read("""
            <h1>第一章 \(ruby)</h1><h2 class="under">\(ruby)</h2>
            <table><tr><th>\(ruby)</th><td><ruby><rb>東</rb><rb>京</rb><rt>とう</rt><rt>きょう</rt></ruby></td></tr></table>
            <ul><li>\(ruby)</li></ul><p><a href="#x">\(ruby)</a></p>
            """, css: ".under { ruby-position: under }", language: "ja")
        let found = Self.annotations(book)
        #expect(found.map { "\($0.base):\($0.text)" } == ["漢:かん", "字:じ", "漢:かん", "字:じ", "漢:かん", "字:じ", "東:とう",
                                                          "京:きょう", "漢:かん", "字:じ", "漢:かん", "字:じ"])
        #expect(found[2].position == .under && found[3].position == .under && found[0].position == .over)
    }
}
