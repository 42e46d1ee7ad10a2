import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// Locators in Readium's JSON shape, their resolution order, and the positions list.
@Suite struct LocatorTests {
    static func publication(_ string: String, href: String = "book.txt") -> Publication {
        Publication(text: StyledText(plain: string), href: href)
    }

    static let sample = (0..<60).map { "Paragraph \($0) says something of its own, then the same refrain again." }
        .joined(separator: "\n")

    /// Encoding then decoding gives the same locator, and keys Typeset does not know survive untouched.
    @Test func jsonRoundTripKeepsUnknownKeys() throws {
        let json = #"""
        {"href": "OEBPS/ch1.xhtml", "type": "application/xhtml+xml", "title": "Chapter 1",
         "locations": {"progression": 0.25, "totalProgression": 0.0135, "position": 4, "typesetUTF16Offset": 120,
                       "cssSelector": "#para-12", "partialCfi": "/4/2/8/6[para-12]",
                       "domRange": {"start": {"cssSelector": "#p", "textNodeIndex": 0, "charOffset": 11}},
                       "fragment": "#legacy", "appKey": [1, true, null, "x"]},
         "text": {"before": "It was ", "highlight": "the best of times", "after": ", it was"},
         "extra": "ignored at the top level"}
        """#
        let locator = try JSONDecoder().decode(Locator.self, from: Data(json.utf8))
        #expect(locator.href == "OEBPS/ch1.xhtml")
        #expect(locator.locations.fragments == ["#legacy"])
        #expect(locator.locations.utf16Offset == 120)
        #expect(locator.locations.otherLocations["cssSelector"] == .string("#para-12"))
        #expect(locator.locations.otherLocations["appKey"] == .array([.number(1), .bool(true), .null, .string("x")]))
        let again = try JSONDecoder().decode(Locator.self, from: JSONEncoder().encode(locator))
        #expect(again == locator)
        let encoded = String(decoding: try JSONEncoder().encode(locator), as: UTF8.self)
        #expect(encoded.contains(#""partialCfi":"\/4\/2\/8\/6[para-12]""#) || encoded.contains(#""partialCfi":"/4/2/8/6[para-12]""#))
        #expect(encoded.contains(#""position":4"#))
    }

    /// Malformed JSON and locators without the required keys are decoding errors, not crashes.
    @Test func malformedLocatorsAreErrors() {
        for json in ["", "{", "[]", #"{"type": "text/plain"}"#, #"{"href": "a.txt"}"#, #"{"href": 3, "type": "text/plain"}"#,
                     #"{"href": "a", "type": "t", "locations": {"progression": "half"}}"#] {
            #expect(throws: DecodingError.self, "\(json)") { try JSONDecoder().decode(Locator.self, from: Data(json.utf8)) }
        }
    }

    /// A locator made for an offset resolves to that offset by its exact offset, verified by its quote.
    @Test func exactOffsetRoundTrip() throws {
        let publication = Self.publication(Self.sample)
        for offset in stride(from: 0, through: publication.text.length, by: 97) {
            let locator = try #require(publication.locator(at: offset))
            let resolution = try publication.resolve(locator)
            #expect(resolution.offset == offset)
            #expect(resolution.method == .exactOffset)
        }
        let highlight = try #require(publication.locator(for: 500..<540))
        #expect(highlight.locations.utf16Length == 40)
        #expect(try publication.resolve(highlight) == LocatorResolution(offset: 500, length: 40, method: .exactOffset, notes: []))
    }

    /// After 500 characters are inserted earlier in the text, the stored offset no longer matches its quote,
    /// and the quote finds the place, even where the same refrain occurs in every paragraph.
    @Test func quoteFindsThePlaceAfterAnEdit() throws {
        let original = Self.publication(Self.sample)
        let inserted = String(repeating: "Inserted words. ", count: 500 / 16) + "Inse"  // 500 UTF-16 units
        #expect(inserted.utf16.count == 500)
        let lines = Self.sample.components(separatedBy: "\n")
        let edited = Self.publication(([lines[0] + inserted] + lines.dropFirst()).joined(separator: "\n"))
        var checked = 0
        for offset in stride(from: lines[0].utf16.count + 1, to: original.text.length - 80, by: 131) {
            let locator = try JSONDecoder().decode(Locator.self, from: JSONEncoder().encode(try #require(original.locator(for: offset..<(offset + 20)))))
            let resolution = try edited.resolve(locator)
            #expect(resolution.offset == offset + 500, "offset \(offset): resolved to \(resolution.offset) by \(resolution.method)")
            #expect(resolution.method == .quote)
            #expect(resolution.length == 20)
            checked += 1
        }
        #expect(checked > 20)
        // Positions (empty ranges) too: their quote is the text that follows them.
        let position = try #require(original.locator(at: 3000))
        #expect(try edited.resolve(position).offset == 3500)
    }

    /// The fallbacks and errors of the resolution order.
    @Test func resolutionFallbacksAndErrors() throws {
        let publication = Self.publication(Self.sample)
        var locator = Locator(href: "book.txt", type: "text/plain")
        #expect(try publication.resolve(locator).method == .resourceStart)
        locator.locations.progression = 0.5
        #expect(try publication.resolve(locator) == LocatorResolution(offset: Int((Double(publication.text.length) / 2).rounded()), length: 0, method: .progression, notes: []))
        // An offset past the end falls back on the progression, and says so.
        locator.locations.utf16Offset = publication.text.length + 10
        let fallback = try publication.resolve(locator)
        #expect(fallback.method == .progression)
        #expect(fallback.notes.first?.contains("outside") == true)
        // A quote that no longer occurs, with nothing else: an error, never the start of the book.
        let gone = Locator(href: "book.txt", type: "text/plain", locations: Locator.Locations(utf16Offset: 10),
                           text: Locator.Text(highlight: "words that are not in the book"))
        #expect(throws: LocatorError.self) { try publication.resolve(gone) }
        #expect(throws: LocatorError(.unknownHref, "no resource \"other.txt\" in this publication (it has 1: book.txt)")) {
            try publication.resolve(Locator(href: "other.txt", type: "text/plain"))
        }
        #expect(throws: LocatorError.self) { try publication.resolve(Locator(href: "", type: "text/plain")) }
        var outOfRange = Locator(href: "book.txt", type: "text/plain")
        outOfRange.locations.progression = 1.5
        #expect(throws: LocatorError.self) { try publication.resolve(outOfRange) }
        outOfRange.locations = Locator.Locations(position: 10_000)
        #expect(throws: LocatorError.self) { try publication.resolve(outOfRange) }
        // A fragment on the href is tolerated (Readium forbids it, some apps add it).
        #expect(try publication.resolve(Locator(href: "./book.txt#top", type: "text/plain")).offset == 0)
    }

    /// The positions list follows Readium's 1024-character rule per resource, numbers positions across
    /// resources, and is identical under five different settings; going to a position shows a page whose
    /// Locator carries that position.
    @Test func positionsAreIndependentOfSettings() throws {
        let publication = try Fixtures.corpusPublication(ReadingSessionTests.prideAndPrejudiceEPUB)
        let expectedCount = publication.resources.reduce(0) { $0 + max(1, ($1.range.count + 1023) / 1024) }
        #expect(publication.positionCount == expectedCount)
        let positions = publication.positions
        #expect(positions.count == expectedCount)
        #expect(positions.map(\.number) == Array(1...expectedCount))
        #expect(positions.first?.totalProgression == 0)
        #expect(zip(positions, positions.dropFirst()).allSatisfy { $0.offset <= $1.offset })
        var generator = SplitMix64(seed: 5)
        let session = try ReadingSessionTests.session(publication)
        var lists: [[Locator]] = []
        for _ in 0..<5 {
            try session.setTypography(Fixtures.randomSettings(using: &generator))
            lists.append(session.publication.positionLocators)
            for position in positions where position.number % 37 == 1 {
                try session.go(to: position.offset)
                let page = try session.currentPage()
                #expect(page.range.contains(position.offset) || position.offset == publication.text.length)
            }
        }
        #expect(lists.allSatisfy { $0 == lists[0] })
        #expect(lists[0].count == expectedCount)
    }

    /// Reading figures: 250 words a minute, nominal pages of 1,800 characters, percentage read.
    @Test func readingFigures() {
        let text = StyledText(plain: String(repeating: "one two three four five ", count: 1000))  // 5,000 words
        let start = ReadingFigures(text: text, offset: 0)
        #expect(start.totalWords == 5000)
        #expect(start.totalMinutes == 20)
        #expect(start.nominalPages == (text.length + 1799) / 1800)
        #expect(start.percentRead == 0)
        let middle = ReadingFigures(text: text, offset: text.length / 2)
        #expect(middle.wordsRead == 2500)
        #expect(middle.minutesLeft == 10)
        #expect(middle.percentRead == 50)
        #expect(middle.nominalPagesRead == text.length / 2 / 1800)
        #expect(ReadingFigures(text: text, offset: text.length).percentRead == 100)
    }
}
