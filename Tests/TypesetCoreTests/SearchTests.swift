import Testing
import TypesetCore
import TypesetTestSupport

/// `Search`: what matches under each option, what is never matched (inside a grapheme, across paragraphs, hidden
/// markup), streaming and cancellation, and what bad queries get.
@Suite struct SearchTests {
    static func publication(_ string: String, language: String? = "en") -> Publication {
        Publication(text: StyledText(plain: string, language: language), href: "book.txt")
    }

    /// The matched texts of `query` in `string`.
    static func matches(_ query: String, in string: String, _ options: SearchOptions = SearchOptions(),
                        language: String? = "en") throws -> [String] {
        let publication = Self.publication(string, language: language)
        return try publication.search(query, options: options).results().map { publication.text.string(in: $0.range) }
    }

    /// One row of the hand-made table: a text, a query, options, and exactly what must be found.
    struct Row: CustomTestStringConvertible {
        let query: String
        let text: String
        let options: SearchOptions
        let expected: [String]
        var testDescription: String { "\(query) in \(text) \(options)" }
    }

    static let defaults = SearchOptions()
    static let caseOnly = SearchOptions(caseSensitive: true)
    static let diacriticsOnly = SearchOptions(diacriticSensitive: true)
    static let caseAndDiacritics = SearchOptions(caseSensitive: true, diacriticSensitive: true)
    static let exact = SearchOptions(exact: true)
    static let words = SearchOptions(wholeWord: true)

    static let table: [Row] = [
        // Case, accents and width are ignored by default.
        Row(query: "resume", text: "My résumé, RÉSUMÉ, resume and Resume.", options: defaults,
            expected: ["résumé", "RÉSUMÉ", "resume", "Resume"]),
        Row(query: "natasha", text: "Natásha, NATASHA and Natasha.", options: defaults, expected: ["Natásha", "NATASHA", "Natasha"]),
        Row(query: "NATÁSHA", text: "Natásha, NATASHA and Natasha.", options: defaults, expected: ["Natásha", "NATASHA", "Natasha"]),
        Row(query: "ＡＢＣ", text: "ABC, abc and ＡＢＣ.", options: defaults, expected: ["ABC", "abc", "ＡＢＣ"]),
        Row(query: "abc", text: "ＡＢＣ and ｱｲｳ.", options: defaults, expected: ["ＡＢＣ"]),
        Row(query: "strasse", text: "Die Straße, die STRASSE.", options: defaults, expected: ["Straße", "STRASSE"]),
        // A soft hyphen, an ignorable character, hides nothing; a decomposed accent is one letter.
        Row(query: "resume", text: "re\u{AD}sume and re\u{301}sume\u{301}", options: defaults,
            expected: ["re\u{AD}sume", "re\u{301}sume\u{301}"]),
        // Case only.
        Row(query: "Natasha", text: "Natásha, NATASHA, natasha and Natasha.", options: caseOnly, expected: ["Natásha", "Natasha"]),
        // Diacritics only.
        Row(query: "resume", text: "résumé, RESUME, resume", options: diacriticsOnly, expected: ["RESUME", "resume"]),
        Row(query: "résumé", text: "résumé, RÉSUMÉ, resume, re\u{301}sume\u{301}", options: diacriticsOnly,
            expected: ["résumé", "RÉSUMÉ", "re\u{301}sume\u{301}"]),
        // Both.
        Row(query: "Résumé", text: "résumé, Résumé, Resume", options: caseAndDiacritics, expected: ["Résumé"]),
        // Exact: every difference counts but canonical equivalence.
        Row(query: "Natasha", text: "Natasha NATASHA Natásha Ｎａｔａｓｈａ natasha", options: exact, expected: ["Natasha"]),
        Row(query: "ABC", text: "ABC ＡＢＣ abc", options: exact, expected: ["ABC"]),
        Row(query: "café", text: "cafe\u{301} café CAFÉ", options: exact, expected: ["cafe\u{301}", "café"]),
        // Whole words.
        Row(query: "art", text: "art, Art. part artist art's", options: words, expected: ["art", "Art"]),
        Row(query: "art", text: "art, Art. part artist", options: defaults, expected: ["art", "Art", "art", "art"]),
        // White space in the query is read as the text's: one space for any run.
        Row(query: "  Prince \t Andrew ", text: "Prince Andrew and Prince  Andrew", options: defaults,
            expected: ["Prince Andrew", "Prince  Andrew"]),
    ]

    /// Each option against the hand-made table.
    @Test(arguments: table) func insensitivityOptions(_ row: Row) throws {
        #expect(try Self.matches(row.query, in: row.text, row.options) == row.expected)
    }

    /// The book's language decides the collation: in Swedish `ö` is a letter of its own, in English an `o` with
    /// an accent.
    @Test func theBooksLanguageDecides() throws {
        #expect(try Self.matches("o", in: "Björn och Bo", language: "en") == ["ö", "o", "o"])
        #expect(try Self.matches("o", in: "Björn och Bo", language: "sv") == ["o", "o"])
        #expect(try Self.matches("o", in: "Björn och Bo", SearchOptions(language: "sv"), language: "en") == ["o", "o"])
    }

    /// No match starts or ends inside a grapheme cluster: a base letter's accent goes with it, an emoji's modifier
    /// and a flag's two regional indicators are never cut.
    @Test func matchesNeverSplitAGrapheme() throws {
        let string = "e\u{301} e 👍🏽 👍 🇫🇷🇩🇪 ok"
        let publication = Self.publication(string)
        let segmenter = GraphemeSegmenter()
        let units = Array(string.utf16)[...]
        for query in ["e", "\u{301}", "👍", "🏽", "🇷🇩", "🇫🇷", "🇩🇪", "k", "o"] {
            let results = try publication.search(query).results()
            for result in results {
                #expect(segmenter.isBoundary(result.range.lowerBound, in: units), "\(query) at \(result.range)")
                #expect(segmenter.isBoundary(result.range.upperBound, in: units), "\(query) at \(result.range)")
            }
        }
        #expect(try Self.matches("🇷🇩", in: string).isEmpty, "a flag pair read across two flags")
        #expect(try Self.matches("🇫🇷", in: string) == ["🇫🇷"])
        #expect(try Self.matches("e", in: string, Self.diacriticsOnly) == ["e"])
    }

    /// Hard-wrapped lines are read as layout reads them: a soft line end is a space, or nothing between two Chinese
    /// characters; paragraphs are never matched across.
    @Test func softLineEndsAndParagraphs() throws {
        func paragraph(_ string: String, at start: Int) -> Paragraph {
            let units = Array(string.utf16)
            let content = units.last == 0x0A ? 0..<(units.count - 1) : 0..<units.count
            return Paragraph(start: start, units: units, contentRange: content)
        }
        let first = paragraph("Prince\nAndrew said so.\n", at: 0)
        let second = paragraph("賈寶\n玉說道\n", at: first.range.upperBound)
        let third = paragraph("Then\n  he\tleft.", at: second.range.upperBound)
        let text = try StyledText(paragraphs: [first, second, third], language: "en")
        let publication = Publication(text: text, href: "book.txt")
        func found(_ query: String) throws -> [String] {
            try publication.search(query).results().map { text.string(in: $0.range) }
        }
        #expect(try found("Prince Andrew") == ["Prince\nAndrew"])
        #expect(try found("寶玉") == ["寶\n玉"])
        #expect(try found("so. 賈").isEmpty, "no match across a paragraph break")
        #expect(try found("then he left") == ["Then\n  he\tleft"])
    }

    /// Hidden markup (here an EPUB `display: none` element, laid out at font scale 0) is not matched: a word around
    /// it is found whole, and its own text is not found at all.
    @Test func hiddenMarkupIsNotMatched() throws {
        let string = "Nata[NOTE]sha is here. [NOTE] alone."
        let units = Array(string.utf16)
        let hidden = TextStyle.hidden
        let runs = [AttributeRun(range: 4..<10, style: hidden), AttributeRun(range: 23..<29, style: hidden)]
        let text = try StyledText(paragraphs: [Paragraph(start: 0, units: units, contentRange: 0..<units.count, runs: runs)],
                                  language: "en")
        let publication = Publication(text: text, href: "book.txt")
        #expect(try publication.search("Natasha").results().map(\.range) == [0..<13])
        #expect(try publication.search("NOTE").results().isEmpty)
        #expect(try publication.search("here. alone").results().map(\.range) == [17..<35])
        // A match never starts or ends with hidden units.
        #expect(try publication.search("is here").results().map(\.range) == [14..<21])
    }

    /// Ruby annotations are not read (the base is), and a replaced run is read as what it shows: search and speech
    /// see the page's text.
    @Test func rubyAndReplacementsAreReadAsShown() throws {
        let string = "漢字《かんじ》を読む。caf* au lait."
        let units = Array(string.utf16)
        let runs = [AttributeRun(range: 2..<3, style: .hidden),
                    AttributeRun(range: 3..<6, style: TextStyle(ruby: RubyAnnotation(base: 0..<2))),
                    AttributeRun(range: 6..<7, style: .hidden),
                    AttributeRun(range: 14..<15, style: TextStyle(replacement: "é"))]
        let text = try StyledText(paragraphs: [Paragraph(start: 0, units: units, contentRange: 0..<units.count, runs: runs)],
                                  language: "ja")
        let publication = Publication(text: text, href: "book.txt")
        #expect(try publication.search("漢字を").results().map(\.range) == [0..<8])
        #expect(try publication.search("かんじ").results().isEmpty)
        #expect(try publication.search("café", options: SearchOptions(exact: true)).results().map(\.range) == [11..<15])
        #expect(try publication.search("caf*").results().isEmpty)
        #expect(Array(try publication.utterances()).map(\.text) == ["漢字を読む。", "café au lait."])
    }

    /// Queries that can find nothing get no results and say why; none crashes.
    @Test func badQueriesFindNothingAndSayWhy() throws {
        let publication = Self.publication("Some text with e\u{301} and spaces   here.")
        let cases: [(String, UnsearchableQuery?)] = [
            ("", .empty), ("   \t\n", .empty), ("\u{301}", .nothingToMatch), ("\u{301}\u{302} \u{301}", .nothingToMatch),
            ("\u{200D}\u{200B}", .nothingToMatch), ("\u{AD}", .nothingToMatch),
            (String(repeating: "a", count: Search.maximumQueryLength + 1), .tooLong(length: Search.maximumQueryLength + 1)),
            ("a much longer query than the whole book holds, by far", nil),
        ]
        for (query, reason) in cases {
            let search = publication.search(query)
            #expect(search.unsearchable == reason, "\(query.debugDescription)")
            #expect(try search.results().isEmpty, "\(query.debugDescription)")
        }
        // Searching the empty book finds nothing.
        #expect(try Self.publication("").search("a").results().isEmpty)
    }

    /// Results come in stretches, in book order, over the whole text without gaps; a callback that stops gets no
    /// more; a limit is exact.
    @Test func resultsStreamInBookOrderAndStop() throws {
        let line = "A line of text where the word needle appears once.\n"
        let string = String(repeating: line, count: 4000)
        let publication = Self.publication(string)
        let search = publication.search("needle")
        var batches: [SearchBatch] = []
        try search.forEachBatch { batches.append($0); return .proceed }
        #expect(batches.count > 3, "a 200,000-unit book comes in several stretches")
        #expect(batches.first?.searched.lowerBound == 0)
        #expect(batches.last?.searched.upperBound == publication.text.length)
        for (a, b) in zip(batches, batches.dropFirst()) { #expect(a.searched.upperBound == b.searched.lowerBound) }
        let all = batches.flatMap(\.results)
        #expect(all.count == 4000)
        #expect(all.map(\.index) == Array(0..<4000))
        #expect(zip(all, all.dropFirst()).allSatisfy { $0.range.upperBound <= $1.range.lowerBound })
        for batch in batches {
            #expect(batch.results.allSatisfy { batch.searched.contains($0.range.lowerBound) })
        }

        var stopped: [SearchResult] = []
        try search.forEachBatch { batch in
            stopped += batch.results
            return .stop
        }
        #expect(stopped.count == batches[0].results.count)
        #expect(try search.results(limit: 7).map(\.index) == Array(0..<7))
    }

    /// A search keeps no more results than it is asked for (issue 31: every match was made into a result with its
    /// Locator, 450 to 600 bytes each, even when one was asked for): a stretch's matches past the limit are counted,
    /// not made, and `results()` keeps at most `Search.maximumResults`.
    @Test func aSearchKeepsNoMoreResultsThanAskedFor() throws {
        let search = Self.publication(String(repeating: "a ", count: 3 * Search.maximumResults)).search("a")
        var made = 0, counted = 0
        try search.forEachBatch(maximumResults: 1) { batch in
            made += batch.results.count
            counted += batch.matchCount
            return .proceed
        }
        #expect(made == 1 && counted == 3 * Search.maximumResults)
        #expect(try search.results(limit: 1).count == 1)
        #expect(try search.results().count == Search.maximumResults)
        let (results, count) = try search.resultsAndCount(limit: 3)
        #expect(results.map(\.index) == [0, 1, 2] && count == 3 * Search.maximumResults)
    }

    /// The asynchronous stream gives the same results, and a task that stops reading stops the search.
    @Test func asyncStreamMatchesAndCancels() async throws {
        let string = String(repeating: "The needle is in the haystack.\n", count: 5000)
        let search = Self.publication(string).search("needle")
        var count = 0
        for try await batch in search.batches() { count += batch.results.count }
        #expect(count == 5000)
        var first: [SearchResult] = []
        for try await batch in search.batches() {
            first = batch.results
            break
        }
        #expect(!first.isEmpty && first.count < 5000)
    }

    /// A paragraph much longer than a stretch is searched in windows that overlap, so that a match across a
    /// window's edge is found once, whole.
    @Test func aLongParagraphIsSearchedInOverlappingWindows() throws {
        // One paragraph of 300,000 units without a line break; the word falls across every window's cut somewhere.
        let piece = "lorem ipsum Natasha dolor sit amet, "
        let string = String(repeating: piece, count: 300_000 / piece.utf16.count)
        let publication = Self.publication(string)
        let results = try publication.search("natasha").results()
        #expect(results.count == 300_000 / piece.utf16.count)
        #expect(results.allSatisfy { publication.text.string(in: $0.range) == "Natasha" })
        let spaced = try publication.search("dolor sit amet, lorem").results()
        #expect(spaced.count == 300_000 / piece.utf16.count - 1)
        // Decomposed accents and Chinese in a long paragraph: the grapheme checks segment only near each match.
        let accented = "une e\u{301}tude de Natásha, 寶玉說道, "
        let long = Self.publication(String(repeating: accented, count: 100_000 / accented.utf16.count))
        let count = 100_000 / accented.utf16.count
        #expect(try long.search("tude").results().count == count)
        #expect(try long.search("etude", options: SearchOptions(wholeWord: true)).results().count == count)
        #expect(try long.search("玉說").results().count == count)
        // More than Search.maximumResults: counted whole, the first kept.
        let (plainE, eCount) = try long.search("e", options: SearchOptions(diacriticSensitive: true)).resultsAndCount(limit: .max)
        #expect(eCount == 3 * count, "the e of une, of étude's end and of de, never the e of é")
        #expect(plainE.count == min(eCount, Search.maximumResults))
        #expect(plainE.allSatisfy { long.text.string(in: $0.range) == "e" })
    }

    /// Each result carries its Readium Locator: the resource, its offset, and the quote with its context.
    @Test func resultsCarryLocators() throws {
        let publication = Self.publication("First, the words. Then Natásha came in. The end.")
        let result = try #require(try publication.search("natasha").results().first)
        #expect(result.range == 23..<30)
        #expect(result.locator.href == "book.txt")
        #expect(result.locator.locations.utf16Offset == 23)
        #expect(result.locator.locations.utf16Length == 7)
        #expect(result.locator.text?.highlight == "Natásha")
        #expect(result.locator.text?.before == "First, the words. Then ")
        #expect(result.locator.text?.after == " came in. The end.")
        #expect(try publication.resolve(result.locator).offset == 23)
    }
}
