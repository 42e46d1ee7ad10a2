import Testing
@testable import TypesetCore
import TypesetTestSupport

/// Itemization's fast path (whole words of covered Latin and neutral characters extend a Latin run at once)
/// gives exactly the runs, glyphs and break opportunities of the character-by-character path.
@Suite struct ItemizationTests {
    /// Texts that go in and out of the fast path: Latin-1 letters and typographic punctuation (fast), a Greek
    /// word in a Latin line, combining marks after ASCII letters, digits of other scripts, joiners, soft hyphens
    /// and controls, a word the serif lacks a letter of (Hebrew), a right-to-left paragraph (no fast path), and ASCII
    /// passed four units at a time.
    static let samples = [
        "naïve café, “quoted” — ’tis the ſ long s and the ﬁ ligature character.",
        "Latin then Ωμέγα and λόγος, then Latin again: résumé.",
        "“Quoted” then Ωμέγα: a run that starts with punctuation turns Latin before the Greek word.",
        "123 — abc déjà Ωμέγα 456",
        "e\u{301}tude with a combining acute, and a\u{308}nother: ö vs o\u{308}.",
        "mixed ١٢٣ digits and 123 and ٤٥ again",
        "soft\u{00AD}hyphen, zero\u{200B}width, joiner\u{200D}s and\u{FE0F} selectors",
        "tab\tand\nnewline and \u{0085}next line and \u{2028}separator",
        "\u{FEFF}a byte-order mark first, then \u{0007} a bell",
        "Hebrew in Latin: שלום and back, then עברית.",
        "שלום עולם, English inside, ועוד.",
        "Ümlaut Öl ß ĳ ŀ Ł ő ű — Latin Extended-A, and Ǆ ǅ ǆ from B.",
        "",
        "   ",
        // Four ASCII units at a time (the letters and spaces inside them): a run that starts neutral turns Latin
        // on letters seen only four at a time, and a scan that stops before a Greek word keeps the letters before
        // the last space seen four at a time.
        "1 abcdefg",
        "“abc Ωμέγα and",
        "12 4567 ab Ωμέγα",
        "(1) 2345 ab, cd Ωμέγα",
    ]

    @Test(arguments: ["Charis SIL", "Noto Sans"])
    func theFastPathGivesTheSameShaping(family: String) throws {
        let fonts = try Fixtures.bundledFonts()
        // Real books in several scripts: a few hundred paragraphs of each.
        let texts = try Self.texts(Self.samples, books: Fixtures.corpusTextBooks, paragraphs: 300)
        var compared = 0
        for text in texts {
            let fast = ShapingContext(fonts: fonts), full = ShapingContext(fonts: fonts)
            for paragraph in text.paragraphs {
                let a = try ParagraphShaper(context: fast, settings: ShapingSettings(fontFamily: family), documentLanguage: text.language).shape(paragraph)
                let b = try ParagraphShaper(context: full, settings: ShapingSettings(fontFamily: family), documentLanguage: text.language,
                                            mayExtendLatinRunsByWord: false).shape(paragraph)
                #expect(Self.signature(a) == Self.signature(b), "\(family): \(paragraph.contentString.prefix(60))")
                compared += 1
            }
        }
        #expect(compared >= Self.samples.count)
    }

    /// `samples` as plain texts, then the first `paragraphs` paragraphs of each corpus book of `books` (in its language).
    static func texts(_ samples: [String], books: some Sequence<String>, paragraphs: Int) throws -> [StyledText] {
        var texts = samples.map { StyledText(plain: $0) }
        for book in books {
            let text = try Fixtures.corpusText(book)
            texts.append(try StyledText(paragraphs: Array(text.paragraphs.prefix(paragraphs)), language: text.language))
        }
        return texts
    }

    /// Everything shaping produced, as comparable values.
    static func signature(_ shaped: ShapedParagraph) -> [String] {
        shaped.runs.map { "\($0.start)-\($0.end) g\($0.glyphStart)-\($0.glyphEnd) f\($0.faceID) l\($0.level) s\($0.script)" }
            + ["ids \(shaped.glyphIDs)", "clusters \(shaped.clusters)", "advances \(shaped.advances)",
               "offsets \(shaped.offsets)", "breaks \(shaped.breaks)"]
    }
}
