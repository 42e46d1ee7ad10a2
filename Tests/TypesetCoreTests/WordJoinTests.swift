import Testing
@testable import TypesetCore
import TypesetTestSupport

/// A word the word cache lacks, made from its parts there (the word without its punctuation, and the punctuation:
/// ParagraphShaper+WordJoins), gets the glyphs HarfBuzz gives it whole. War and Peace's paragraphs are shaped in one
/// context that joins words and in one that shapes every new word with HarfBuzz; Noto Sans kerns letters against
/// quotation marks, commas and full stops (188 of 1,144 such pairs differ shaped apart); in Charis SIL a lookup other
/// than pair positioning names its punctuation, so it joins none.
@Suite struct WordJoinTests {
    @Test(arguments: [("Noto Sans", 300), ("Charis SIL", 0)])
    func joinedWordsShapeAsTheyDoWhole(family: String, leastJoined: Int) throws {
        let fonts = try Fixtures.bundledFonts()
        let text = try Fixtures.corpusText("tolstoy-war-and-peace.txt")
        let joining = ShapingContext(fonts: fonts)
        let whole = ShapingContext(fonts: fonts)
        whole.cache.joinsWords = false
        let settings = ShapingSettings(fontFamily: family)
        let joiner = ParagraphShaper(context: joining, settings: settings, documentLanguage: text.language)
        let shaper = ParagraphShaper(context: whole, settings: settings, documentLanguage: text.language)
        var differing = 0
        for paragraph in text.paragraphs.prefix(800) {
            let joined = ItemizationTests.signature(try joiner.shape(paragraph))
            let shaped = ItemizationTests.signature(try shaper.shape(paragraph))
            if joined != shaped {
                differing += 1
                if differing <= 3 { Issue.record("\(family): \(paragraph.contentString.prefix(80))") }
            }
        }
        #expect(differing == 0)
        #expect(joining.cache.joinedWords >= leastJoined, "\(family): \(joining.cache.joinedWords) words joined")
        #expect(whole.cache.joinedWords == 0)
    }
}
