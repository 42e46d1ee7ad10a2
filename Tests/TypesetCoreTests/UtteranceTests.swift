import Testing
import TypesetCore
import TypesetTestSupport

/// `SpeechUtterances`: sentences to read aloud, with their ranges, text, language, Locator and words; what is
/// skipped, and where reading starts.
@Suite struct UtteranceTests {
    static func publication(_ string: String, language: String? = "en") -> Publication {
        Publication(text: StyledText(plain: string, language: language), href: "book.txt")
    }

    @Test func sentencesWithTheirRangesTextAndWords() throws {
        let string = "Hello there. How are you? Fine!\n\n* * *\nThe next paragraph, at last.\n"
        let publication = Self.publication(string)
        let utterances = Array(try publication.utterances())
        #expect(utterances.map(\.text) == ["Hello there.", "How are you?", "Fine!", "The next paragraph, at last."])
        for utterance in utterances {
            #expect(publication.text.string(in: utterance.range) == utterance.text)
            #expect(utterance.language == "en")
            #expect(try publication.resolve(utterance.locator).offset == utterance.range.lowerBound)
            #expect(utterance.locator.text?.highlight == utterance.text)
            #expect(utterance.words.allSatisfy { utterance.range.contains($0.lowerBound) && $0.upperBound <= utterance.range.upperBound })
        }
        #expect(utterances[1].words.map { publication.text.string(in: $0) } == ["How", "are", "you"])
        #expect(utterances[3].words.map { publication.text.string(in: $0) } == ["The", "next", "paragraph", "at", "last"])
    }

    /// From the offset's sentence, whole; between sentences, the next one; at the end, nothing; outside the text,
    /// an error naming the offset.
    @Test func readingStartsAtTheSentenceHoldingTheOffset() throws {
        let string = "One sentence here. Two sentences there.  Three."
        let publication = Self.publication(string)
        func first(_ offset: Int) throws -> String? { try publication.utterances(from: offset).first { _ in true }?.text }
        #expect(try first(0) == "One sentence here.")
        #expect(try first(5) == "One sentence here.")
        #expect(try first(18) == "Two sentences there.", "the space after a sentence belongs to none: the next one")
        #expect(try first(25) == "Two sentences there.")
        #expect(try first(41) == "Three.")
        #expect(try first(string.utf16.count) == nil)
        #expect(throws: ReadingError.offsetOutOfRange(-1, length: string.utf16.count)) { try publication.utterances(from: -1) }
        #expect(throws: ReadingError.offsetOutOfRange(999, length: string.utf16.count)) { try publication.utterances(from: 999) }

        // A session reads from its anchor.
        let session = try ReadingSession(publication: publication, typesetter: Typesetter(fonts: try Fixtures.bundledFonts()),
                                         settings: ReaderSettings(typography: Fixtures.settings), at: 25, completesInBackground: false)
        #expect(session.utterances().first { _ in true } != nil)
    }

    /// A soft line end is spoken as a space, hidden markup is not spoken at all, and a range of the spoken text maps
    /// back to the book.
    @Test func spokenTextAndItsMapBackToTheBook() throws {
        let string = "Prince\nAndrew[NOTE] said so."
        let units = Array(string.utf16)
        let runs = [AttributeRun(range: 13..<19, style: TextStyle.hidden)]
        let text = try StyledText(paragraphs: [Paragraph(start: 0, units: units, contentRange: 0..<units.count, runs: runs)],
                                  language: "en")
        let publication = Publication(text: text, href: "book.txt")
        let utterance = try #require(Array(try publication.utterances()).first)
        #expect(utterance.text == "Prince Andrew said so.")
        #expect(utterance.range == 0..<units.count)
        #expect(utterance.sourceRange(ofTextRange: 7..<13) == 7..<13)   // Andrew
        #expect(utterance.sourceRange(ofTextRange: 14..<18) == 20..<24)  // said, after the hidden note
        #expect(utterance.sourceRange(ofTextRange: 6..<7) == 6..<7)      // the line end, spoken as a space
        #expect(utterance.words.map { text.string(in: $0) } == ["Prince", "Andrew", "said", "so"])
        #expect(utterance.word(containing: 9) == 7..<13)
        #expect(utterance.word(containing: 6) == nil)
    }

    /// Each paragraph is spoken in its own language, else the book's.
    @Test func theParagraphsLanguage() throws {
        var paragraphs: [Paragraph] = []
        var start = 0
        for (string, language) in [("An English sentence.\n", nil), ("Une phrase en français.\n", "fr"), ("没有标点的中文\n", "zh")] {
            let units = Array(string.utf16)
            paragraphs.append(Paragraph(start: start, units: units, contentRange: 0..<(units.count - 1),
                                        style: ParagraphStyle(language: language)))
            start += units.count
        }
        let publication = Publication(text: try StyledText(paragraphs: paragraphs, language: "en"), href: "book.txt")
        let utterances = Array(try publication.utterances())
        #expect(utterances.map(\.language) == ["en", "fr", "zh"])
        #expect(utterances.last?.words.isEmpty == false, "ICU's dictionary finds Chinese words")
    }

    /// A sentence longer than the limit is spoken in parts cut at word boundaries, which cover it.
    @Test func aLongSentenceIsSpokenInParts() throws {
        let string = String(repeating: "word and word again, ", count: 400)   // 8,400 units, no full stop
        let publication = Self.publication(string)
        let utterances = Array(try publication.utterances())
        #expect(utterances.count >= 9)
        #expect(utterances.allSatisfy { $0.textLength <= SpeechUtterances.maximumUtteranceLength })
        for (a, b) in zip(utterances, utterances.dropFirst()) {
            #expect(a.range.upperBound <= b.range.lowerBound)
            let gap = publication.text.string(in: a.range.upperBound..<b.range.lowerBound)
            let onlySpace = gap.allSatisfy { $0.isWhitespace }
            #expect(onlySpace, "only white space between parts: \(gap.debugDescription)")
        }
        #expect(utterances.allSatisfy { $0.text.hasPrefix("word") || $0.text.hasPrefix("and") || $0.text.hasPrefix("again") })
    }

    /// Over whole books, utterances are in order and do not overlap, and every letter or digit of the text read is
    /// in one: what lies between them is white space, hidden markup, paragraph breaks or letterless stretches.
    @Test(arguments: ["austen-pride-and-prejudice.txt", "whitman-leaves-of-grass.se-epub3.epub", "cao-xueqin-hong-lou-meng.zh-hant.txt"])
    func utterancesCoverTheTextWithoutGaps(_ name: String) throws {
        let publication = try Fixtures.corpusPublication(name)
        let text = publication.text
        // Hong Lou Meng is long for a debug build: its first 300,000 units.
        let end = min(text.length, 300_000)
        var covered: [Range<Int>] = []
        for utterance in try publication.utterances() {
            if utterance.range.lowerBound >= end { break }
            covered.append(utterance.range)
        }
        #expect(covered.count > 100)
        for (a, b) in zip(covered, covered.dropFirst()) { #expect(a.upperBound <= b.lowerBound, "\(a) then \(b)") }
        let readable = ReadableText(text: text, range: 0..<end)
        var cursor = 0
        var uncoveredLetters: [String] = []
        func check(_ gap: Range<Int>) {
            let lower = readable.readOffset(ofSourceOffset: gap.lowerBound), upper = readable.readOffset(ofSourceOffset: gap.upperBound)
            guard lower < upper else { return }
            let read = String(decoding: readable.units[lower..<upper], as: UTF16.self)
            if read.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil }) {
                uncoveredLetters.append("\(gap): \(read.prefix(60).debugDescription)")
            }
        }
        for range in covered {
            check(cursor..<range.lowerBound)
            cursor = range.upperBound
        }
        if cursor < end { check(cursor..<end) }
        #expect(uncoveredLetters.isEmpty, "\(uncoveredLetters.prefix(5))")
    }
}
