import Testing
@testable import TypesetCore
import TypesetTestSupport

/// A stretch without a line-break opportunity that is wider than the column is cut where a reader would cut it:
/// after a space inside it, else at a hyphenation point (with a hyphen), and only then between graphemes.
@Suite struct EmergencyBreakTests {
    static func layout(_ string: String, language: String?, width: Double, hyphenation: Bool = false) throws -> (BookLayout, [Line]) {
        let text = StyledText(plain: string, language: language)
        var settings = Fixtures.settings
        settings.hyphenation = hyphenation
        settings.margins = EdgeInsets(all: 10)
        settings.pageSize = Size(width: width + 20, height: 2_000)
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(text, settings: settings)
        return (layout, layout.lines(onPage: 0))
    }

    /// German dialogue: `“ „` keeps the words on either side together (no opportunity at that space, UAX #14), so the
    /// whole run `Untersuchungsrichter?“ „Natürlich,` is one stretch. It is cut after its space, not at the last
    /// letter that fits (`…kommissio` / `n`).
    @Test func aSpaceInsideTheStretchComesFirst() throws {
        let string = "Untersuchungsrichter?“ „Natürlich, sagte er."
        let units = Array(string.utf16)
        let cut = units.firstIndex(of: 0x201E)!  // after the space, before „
        let shaped = try Typesetter(fonts: try Fixtures.bundledFonts()).shape(StyledText(plain: string), fontFamily: "Charis SIL")
        #expect(!shaped.paragraph(0).breakOpportunities.contains { $0.offset == cut }, "no opportunity at the space")
        // Wide enough for the stretch up to its space, not for the whole of it.
        let (_, lines) = try Self.layout(string, language: "de", width: 230)
        try #require(lines.count >= 2)
        #expect(lines[0].range.upperBound == cut, "\(lines.map(\.range))")
        #expect(!lines[0].isHyphenated)
        #expect(lines.allSatisfy { $0.rect.maxX <= 240.01 })
    }

    /// A combining mark after a space joins the space in one grapheme (UAX #29 GB9), though shaping sets the two
    /// apart: a cut after the space is never made before the mark (Quranic annotation marks stand after spaces,
    /// U+06DA; a stray acute in Latin text).
    @Test func neverBetweenASpaceAndTheMarkAfterIt() throws {
        for string in ["Untersuchungs \u{0301}richterkommission und", "فَهُمۡ لَا يَرۡجِعُونَ \u{06DA} أَوۡ كَصَيِّبٖ"] {
            var boundaries: Set<Int> = [0]
            var offset = 0
            for character in string { offset += character.utf16.count; boundaries.insert(offset) }
            for width in stride(from: 20.0, through: 200, by: 6) {
                let (_, lines) = try Self.layout(string, language: nil, width: width)
                for line in lines {
                    #expect(boundaries.contains(line.range.lowerBound) && boundaries.contains(line.range.upperBound),
                            "at \(width) pt the line \(line.range) of \(lines.map(\.range)) splits a grapheme")
                }
            }
        }
    }

    /// A long word and no space: cut at a hyphenation point of its language, with a hyphen, though hyphenation is
    /// off, never between two letters the patterns keep together.
    @Test func thenAHyphenationPoint() throws {
        let word = "Donaudampfschifffahrtsgesellschaftskapitän"
        let (_, lines) = try Self.layout(word, language: "de", width: 150)
        try #require(lines.count >= 2)
        var points: [UInt32] = []
        Hyphenator().hyphenationPoints(Array(word.utf16)[...], language: "de", into: &points)
        for line in lines.dropLast() {
            #expect(line.isHyphenated)
            #expect(points.contains(UInt32(line.range.upperBound)), "\(line.range) does not end at a hyphenation point \(points)")
            #expect(line.rect.maxX <= 160.01)
        }
    }

    /// Nothing but graphemes: digits (no opportunity between them, no hyphenation) are cut between graphemes, each
    /// line as full as the column allows.
    @Test func andOnlyThenAGrapheme() throws {
        let digits = String(repeating: "31415926535897932384626433832795", count: 3)
        let (_, lines) = try Self.layout(digits, language: "en", width: 120)
        #expect(lines.count >= 4)
        for line in lines {
            #expect(!line.isHyphenated)
            #expect(line.rect.maxX <= 130.01)
        }
        // The first line takes as many digits as fit: one more would not.
        let (_, wider) = try Self.layout(digits, language: "en", width: lines[0].rect.width + 0.01)
        #expect(wider[0].range == lines[0].range)
    }

    /// A paragraph of one source line per string, joined by `separator` (a soft line end, read as a space).
    static func softWrapped(_ lines: [String], separator: String) throws -> StyledText {
        let units = Array((lines.joined(separator: separator) + "\n").utf16)
        return try StyledText(paragraphs: [Paragraph(start: 0, units: units, contentRange: 0..<(units.count - 1))])
    }

    /// The same stretch as above with the source's line end where the space was (a hard-wrapped plain-text book,
    /// an EPUB's source line inside a paragraph): the line end reads as a space, so the stretch is cut after it,
    /// never hyphenated (`Untersuchungsrichter?“ „Natür-` / `lich,“`), whatever ends the source line (LF, CR LF,
    /// NEL, LS) and however the next line is indented.
    @Test func aSoftLineEndInsideTheStretchIsASpace() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        var settings = Fixtures.settings
        settings.margins = EdgeInsets(all: 10)
        settings.pageSize = Size(width: 250, height: 2_000)
        settings.language = "de"
        for separator in ["\n", "\r\n", "\u{85}", "\u{2028}", "\n    ", "\r\n\t"] {
            let text = try Self.softWrapped(["Untersuchungsrichter?“", "„Natürlich,“ sagte er."], separator: separator)
            let cut = Array(text.paragraphs[0].units).firstIndex(of: 0x201E)!  // the line end and indent, then „
            let layout = try typesetter.layout(text, settings: settings)
            let lines = layout.lines(onPage: 0)
            try #require(lines.count >= 2)
            #expect(lines[0].range.upperBound == cut, "\(separator.unicodeScalars.map(\.value)): \(lines.map(\.range))")
            #expect(!lines[0].isHyphenated)
            #expect(lines.allSatisfy { $0.rect.maxX <= 240.01 })
        }
    }

    /// The break pass says why each line ends where it does: the soft line end's cut is an emergency after a space,
    /// the hyphenated cut an emergency at a hyphenation point, the digits' an emergency between graphemes.
    @Test func eachCutSaysWhyItIsThere() throws {
        let fonts = try Fixtures.bundledFonts()
        let cases: [(String, Float, BreakReason)] = [
            ("Untersuchungsrichter?“\n„Natürlich,“ sagte er.", 230, .emergencySpace),
            ("Donaudampfschifffahrtsgesellschaftskapitän", 150, .emergencyHyphenation),
            (String(repeating: "3141592653", count: 6), 120, .emergencyGrapheme),
        ]
        for (string, width, reason) in cases {
            let text = try Self.softWrapped([string], separator: "")
            let shaped = try Typesetter(fonts: fonts).shape(text, fontFamily: "Charis SIL")
            let paragraph = text.paragraphs[0], shapedParagraph = shaped.paragraph(0)
            var metrics = ParagraphMetrics()
            metrics.measure(shapedParagraph, sizes: [19], scratch: ParagraphMetrics.MeasuredPrefix())
            let breaks = LineBreakInput.with(shapedParagraph, breaks: shapedParagraph.breaks, metrics: metrics,
                                             units: paragraph.units[paragraph.contentRange], sizes: [19], faces: shaped.faces,
                                             firstLineWidth: width, width: width) { input in
                // The input does not retain them: kept alive here for the call.
                let hyphenator = Hyphenator(), graphemes = BreakIterator(.character)
                var input = input
                input.emergencyHyphenator = hyphenator
                input.emergencyLanguage = "de"
                input.graphemes = graphemes
                return withExtendedLifetime((hyphenator, graphemes)) { GreedyLineBreaker().breakLines(input) }
            }
            #expect(breaks.first?.reason == reason, "\(string): \(breaks)")
            #expect(breaks.last?.reason == .mandatory)
        }
    }
}

