import Testing
@testable import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// Every stage's work grows in proportion to the paragraph, for every shape of paragraph (issue 31). These tests
/// count work (units shaped, units examined, calls made) at two sizes, never time: a stage whose count more than
/// doubles with the paragraph is quadratic somewhere. The benchmark's `growth.` rows measure the time.
@Suite struct LinearCostTests {
    /// Work at `size` and at twice `size`, and their ratio: about 2 when linear, about 4 when quadratic.
    static func growth(at size: Int, _ work: (Int) throws -> Int) rethrows -> (small: Int, large: Int, ratio: Double) {
        let small = try work(size), large = try work(2 * size)
        return (small, large, Double(large) / Double(max(small, 1)))
    }

    /// A stretch without spaces but with an opportunity after every dash (`—T—T…`, kerned in Noto Sans, so every
    /// opportunity is unsafe to break at): each side of each opportunity was shaped again from the stretch's ends,
    /// so HarfBuzz shaped the paragraph once per opportunity (issue 31: 16 s for 320 KB of `—a`).
    @Test func breakAdjustmentsReshapeABoundedStretchPerOpportunity() throws {
        let fonts = try Fixtures.bundledFonts()
        func unitsShaped(_ pieces: Int) throws -> Int {
            let context = ShapingContext(fonts: fonts)
            let text = StyledText(plain: String(repeating: "—T", count: pieces))
            let shaped = try ParagraphShaper(context: context, settings: ShapingSettings(fontFamily: "Noto Sans"),
                                             documentLanguage: "en").shape(text.paragraphs[0])
            #expect(shaped.breakAdjustments.count >= pieces - 1, "every opportunity is kerned across")
            return context.buffer.unitsShaped
        }
        let (small, large, ratio) = try Self.growth(at: 400, unitsShaped)
        #expect(ratio < 2.2, "\(small) units shaped for 400 pieces, \(large) for 800")
        #expect(large <= 800 * (4 * ParagraphShaper.adjustmentReach + 2))
    }

    /// One word and no opportunity, cut into many lines: each emergency cut looked for a space from the line's start
    /// to the word's end (issue 31: a 400,000-letter word took 23–33 s).
    @Test func emergencyCutsLookAtEachUnitOnce() throws {
        let fonts = try Fixtures.bundledFonts()
        func unitsExamined(_ units: Int) throws -> Int {
            let text = StyledText(plain: PathologicalParagraph.oneWord.text(units: units))
            let shaped = try Typesetter(fonts: fonts).shape(text, fontFamily: "Charis SIL").paragraphs[0]
            var metrics = ParagraphMetrics()
            metrics.measure(shaped, sizes: [19], scratch: ParagraphMetrics.MeasuredPrefix())
            let content = text.paragraphs[0].units[text.paragraphs[0].contentRange]
            let iterator = try #require(BreakIterator(.character))
            var breaker = GreedyLineBreaker()
            let work = WorkCounter()
            breaker.work = work
            let lines = LineBreakInput.with(shaped, breaks: shaped.breaks, metrics: metrics, units: content,
                                            firstLineWidth: 300, width: 300) { input in
                var input = input
                input.graphemes = iterator
                return withExtendedLifetime(iterator) { breaker.breakLines(input) }
            }
            #expect(lines.count > units / 40, "\(lines.count) lines")
            return work.count
        }
        let (small, large, ratio) = try Self.growth(at: 2_000, unitsExamined)
        #expect(ratio < 2.2, "\(small) units examined for 2,000, \(large) for 4,000")
        #expect(large <= 2 * 4_000)
    }

    /// A word longer than any the patterns hyphenate, cut into many lines: each emergency cut looked for
    /// hyphenation points through the whole paragraph again (issue 31: a French word, quadratic).
    @Test func emergencyCutsLookForHyphenationPointsOncePerParagraph() throws {
        let fonts = try Fixtures.bundledFonts()
        func unitsHyphenated(_ units: Int) throws -> Int {
            let shape = PathologicalParagraph.longWordFrench
            let typesetter = Typesetter(fonts: fonts, threads: 1)
            let layout = try typesetter.layout(StyledText(plain: shape.text(units: units), language: "fr"), settings: shape.settings)
            #expect(layout.paragraphLayout(0).lines.count > units / 40)
            return typesetter.layoutPool.sum { $0.hyphenator.unitsExamined }
        }
        let (small, large, ratio) = try Self.growth(at: 2_000, unitsHyphenated)
        #expect(ratio < 2.2, "\(small) units looked through for 2,000, \(large) for 4,000")
        // Once to hyphenate the paragraph, once for its emergency cuts.
        #expect(large <= 2 * 4_200)
    }

    /// A word longer than any the patterns hyphenate is not looked up: it was hashed, copied and kept whole in the
    /// word cache.
    @Test func aWordLongerThanAnyPatternIsNeitherLookedUpNorKept() {
        let hyphenator = Hyphenator()
        var points: [UInt32] = []
        let word = Array(String(repeating: "anticonstitutionnellement", count: 400).utf16)
        hyphenator.hyphenationPoints(word[...], language: "fr", into: &points)
        #expect(points.isEmpty)
        #expect(hyphenator.cachedWords == 0)
        hyphenator.hyphenationPoints(Array("anticonstitutionnellement".utf16)[...], language: "fr", into: &points)
        #expect(!points.isEmpty && hyphenator.cachedWords == 1, "a word of the patterns' length is hyphenated")
    }

    /// A long Aozora Bunko line set vertically, thousands of rubies and two-digit numbers in it: each ruby looked
    /// through every run and its every glyph for its base, each opportunity through every base, each number through
    /// its run's every glyph (issue 31: long Aozora lines were quadratic).
    @Test func rubiesAndCombinedNumbersFindTheirGlyphsBySearching() throws {
        let fonts = try Fixtures.bundledFonts()
        func annotationWork(_ units: Int) throws -> Int {
            let book = try PlainTextReader().read(bytes: Array(PathologicalParagraph.aozora.text(units: units).utf8), name: "a.txt")
            let paragraph = try #require(book.text.paragraphs.max { $0.contentRange.count < $1.contentRange.count })
            let context = ShapingContext(fonts: fonts)
            let shaped = try ParagraphShaper(context: context, settings: ShapingSettings(fontFamily: "Charis SIL"), documentLanguage: "ja",
                                             vertical: true).shape(paragraph)
            #expect(shaped.rubies.count >= units / 100, "\(shaped.rubies.count) rubies")
            return context.annotationWork.count
        }
        let (small, large, ratio) = try Self.growth(at: 4_000, annotationWork)
        #expect(ratio < 2.2, "\(small) runs, glyphs and bases looked at for 4,000 units, \(large) for 8,000")
    }

    /// The same line laid out: each line looked through every ruby and emphasis run of the paragraph for its own, to
    /// grow over them (and again to draw them).
    @Test func eachLineFindsItsRubiesAndEmphasisBySearching() throws {
        let fonts = try Fixtures.bundledFonts()
        func annotationsLookedAt(_ units: Int) throws -> Int {
            let book = try PlainTextReader().read(bytes: Array(PathologicalParagraph.aozora.text(units: units).utf8), name: "a.txt")
            var settings = PathologicalParagraph.aozora.settings
            settings.language = "ja"
            let layout = try Typesetter(fonts: fonts).layout(book.text, settings: settings)
            let index = try #require(book.text.paragraphs.indices.max { book.text.paragraphs[$0].contentRange.count < book.text.paragraphs[$1].contentRange.count })
            let shaped = layout.shaped.paragraph(index)
            #expect(!shaped.rubies.isEmpty && !shaped.emphases.isEmpty)
            let sizes = [Float](repeating: 19, count: book.text.paragraphs[index].runs.count)
            let work = WorkCounter()
            for line in layout.paragraphLayout(index).lines {
                _ = LineExtents.annotationExtents(shaped, start: Int(line.start), end: Int(line.end), sizes: sizes, work: work)
            }
            return work.count
        }
        let (small, large, ratio) = try Self.growth(at: 4_000, annotationsLookedAt)
        #expect(ratio < 2.2, "\(small) rubies and emphasis runs looked at for 4,000 units, \(large) for 8,000")
    }
}
