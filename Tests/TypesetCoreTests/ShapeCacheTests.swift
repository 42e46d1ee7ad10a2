import Testing
@testable import TypesetCore
import TypesetTestSupport

/// A paragraph shaped again in the same context takes every word from the word cache (``ShapeCache``): its glyphs,
/// clusters, advances and offsets are those the first shaping got, mostly from HarfBuzz, including words with marks
/// placed by offsets, before and after words without.
@Suite struct ShapeCacheTests {
    /// Marks with no precomposed letter (HarfBuzz positions them: non-zero offsets) beside plain words.
    static let samples = [
        "q\u{301} word word, q\u{301} and word",
        "plain words first, then x\u{323}\u{302} and q\u{301}, then plain again",
        "x\u{323}\u{302}",
        "Zoë said “Natásha’s war,” and left.",
    ]

    @Test(arguments: ["Charis SIL", "Noto Sans"])
    func wordsFromTheCacheShapeAsTheyFirstDid(family: String) throws {
        let fonts = try Fixtures.bundledFonts()
        let texts = try ItemizationTests.texts(Self.samples, books: Fixtures.corpusTextBooks.prefix(6), paragraphs: 100)
        var compared = 0, withOffsets = 0
        for text in texts {
            for paragraph in text.paragraphs {
                let context = ShapingContext(fonts: fonts)
                let shaper = ParagraphShaper(context: context, settings: ShapingSettings(fontFamily: family),
                                             documentLanguage: text.language)
                let first = try shaper.shape(paragraph)
                let again = try shaper.shape(paragraph)
                #expect(ItemizationTests.signature(again) == ItemizationTests.signature(first),
                        "\(family): \(paragraph.contentString.prefix(60))")
                compared += 1
                if first.offsets.contains(where: { $0 != .zero }) { withOffsets += 1 }
            }
        }
        #expect(compared > 300)
        #expect(withOffsets >= 2)
    }

    /// The table starts small and doubles as words come (issue 32): one context shapes thousands of distinct words
    /// of War and Peace, the table growing several times, and shaping them again finds every cached word.
    @Test func wordsStayFoundAsTheTableGrows() throws {
        let fonts = try Fixtures.bundledFonts()
        let text = try Fixtures.corpusText("tolstoy-war-and-peace.txt")
        let paragraphs = Array(text.paragraphs.prefix(3000))
        let context = ShapingContext(fonts: fonts)
        let shaper = ParagraphShaper(context: context, settings: ShapingSettings(fontFamily: "Charis SIL"),
                                     documentLanguage: text.language)
        let first = try paragraphs.map { try ItemizationTests.signature(shaper.shape($0)) }
        // Grown at 2,048, 4,096 and 8,192 words.
        #expect(context.cache.count > 2 * ShapeCache.initialBuckets, "the table grew at least three times")
        let firstMisses = context.cache.misses
        context.cache.resetCounters()
        let again = try paragraphs.map { try ItemizationTests.signature(shaper.shape($0)) }
        #expect(again == first)
        // Only what is never cached (words past the longest kept) misses again.
        #expect(context.cache.misses * 100 < firstMisses, "\(context.cache.misses) misses again of \(firstMisses)")
        #expect(context.cache.hits > 100_000)
    }
}
