import Foundation
import Testing
@testable import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// Hyphenation points from libhyphen's patterns with the word rules of ``Hyphenator``, and soft hyphens in layout.
/// The patterns come from Debian's `hyphen-en-us`, `hyphen-fr` and `hyphen-de` (installed by setup.sh).
@Suite struct HyphenationTests {
    /// `word` with a hyphen at each hyphenation point the hyphenator finds for `language`.
    func hyphenated(_ word: String, _ language: String) -> String {
        let units = Array(word.utf16)
        var points: [UInt32] = []
        Hyphenator().hyphenationPoints(units[...], language: language, into: &points)
        var out = units
        for point in points.reversed() { out.insert(0x2D, at: Int(point)) }
        return String(decoding: out, as: UTF16.self)
    }

    @Test func englishWords() {
        #expect(hyphenated("hyphenation", "en") == "hy-phen-ation")
        #expect(hyphenated("typography", "en-US") == "ty-pog-ra-phy")
        #expect(hyphenated("example", "en") == "ex-am-ple")
        // Capitalised words are hyphenated like the lower-case word; short words never.
        #expect(hyphenated("Typography", "en") == "Ty-pog-ra-phy")
        #expect(hyphenated("many", "en") == "many")
    }

    @Test func frenchWords() {
        #expect(hyphenated("extraordinaire", "fr") == "ex-tra-or-di-naire")
        #expect(hyphenated("rapidement", "fr-FR") == "ra-pi-de-ment")
    }

    /// The German patterns are ISO-8859-1: words are converted before matching.
    @Test func germanWords() {
        #expect(hyphenated("Silbentrennung", "de") == "Sil-ben-tren-nung")
        #expect(hyphenated("größere", "de-AT") == "grö-ße-re")
    }

    /// The right-hand minimum: English keeps three letters after a hyphen, German two.
    @Test func minimumsAtTheWordsEnds() {
        for word in ["hyphenation", "typography", "example", "universally", "acknowledged"] {
            let parts = hyphenated(word, "en").split(separator: "-")
            #expect(parts.first.map { $0.count >= 2 } == true && parts.last.map { $0.count >= 3 } == true, "\(word)")
        }
    }

    @Test func languageWithoutPatternsIsNotHyphenated() {
        #expect(hyphenated("hyphenation", "xx") == "hyphenation")
        #expect(HyphenationDictionary.patternFile(forLanguage: "ru") == "/usr/share/hyphen/hyph_ru_RU.dic")
        #expect(HyphenationDictionary.patternFile(forLanguage: "en-GB")?.hasPrefix("/usr/share/hyphen/hyph_en") == true)
    }

    /// URLs, e-mail addresses and words in capitals keep their letters together; the ordinary word beside them
    /// does not.
    @Test func noHyphensInAddressesOrCapitals() {
        let text = "Visit https://example.org/information or www.typography.example, write to someone@typography.example, UNIVERSALLY universally."
        let units = Array(text.utf16)
        var points: [UInt32] = []
        Hyphenator().hyphenationPoints(units[...], language: "en", into: &points)
        let lastWord = text.utf16.count - "universally.".utf16.count
        #expect(!points.isEmpty)
        #expect(points.allSatisfy { Int($0) > lastWord }, "\(points)")
    }

    /// A soft hyphen is an invisible break opportunity: when a line ends there, a hyphen is drawn (the line's
    /// range ends after the soft hyphen, the text is unchanged); elsewhere nothing is drawn for it.
    @Test func softHyphenShowsOnlyWhenTaken() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let string = "Some extra\u{00AD}ordinarily long words"
        let text = StyledText(plain: string)
        let shy = Array(string.utf16).firstIndex(of: 0x00AD)!
        var settings = Fixtures.settings
        settings.margins = EdgeInsets(all: 10)
        settings.fontSize = 16
        var sawBreak = false
        for width in stride(from: 100.0, through: 400, by: 7) {
            settings.pageSize = Size(width: width, height: 400)
            let layout = try typesetter.layout(text, settings: settings)
            let lines = layout.lines(onPage: 0)
            let runs = layout.glyphRuns(onPage: 0)
            let hyphenRuns = runs.filter { $0.range.isEmpty }
            if let broken = lines.dropLast().first(where: { $0.range.upperBound == shy + 1 }) {
                sawBreak = true
                #expect(broken.isHyphenated)
                #expect(lines.filter(\.isHyphenated).count == 1)
                #expect(hyphenRuns.count == 1 && hyphenRuns[0].glyphs.count == 1)
                if let hyphen = hyphenRuns.first {
                    // Drawn after the line's last letter, on its baseline, inside the line's box and the column.
                    #expect(abs(hyphen.positions[0].y - broken.baseline) < 0.01)
                    #expect(hyphen.positions[0].x + hyphen.advances[0] <= broken.rect.maxX + 0.01)
                    #expect(broken.rect.maxX <= width - 10 + 0.01)
                    // The caret at the line's end goes before the hyphen.
                    let caret = try #require(layout.caretRect(for: TextPosition(offset: shy + 1, affinity: .backward)))
                    #expect(caret.rect.minX + caret.rect.width / 2 <= hyphen.positions[0].x + 1)
                }
            } else {
                #expect(lines.allSatisfy { !$0.isHyphenated })
                #expect(hyphenRuns.isEmpty)
            }
            #expect(layout.text.paragraphs[0].units == text.paragraphs[0].units)
        }
        #expect(sawBreak)
    }
}
