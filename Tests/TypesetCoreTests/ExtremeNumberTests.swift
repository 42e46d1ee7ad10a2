import Testing
@testable import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// Numbers a caller or a file gives the public API (offsets, lengths, counts, sizes, weights) at their extremes:
/// a refusal or a saturated answer, never arithmetic that traps (issue 22).
@Suite struct ExtremeNumberTests {
    static let extremes = [Int.min, Int.min + 1, -1, Int.max - 1, Int.max]

    @Test func positionArithmeticSaturates() throws {
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(StyledText(plain: "Short text."), settings: Fixtures.settings)
        #expect(layout.offset(from: TextPosition(offset: Int.min), to: TextPosition(offset: Int.max)) == Int.max)
        #expect(layout.offset(from: TextPosition(offset: Int.max), to: TextPosition(offset: Int.min)) == Int.min)
        #expect(layout.offset(from: TextPosition(offset: 2), to: TextPosition(offset: 7)) == 5)
    }

    @Test func textAndPublicationLookupsRefuseExtremes() throws {
        let text = StyledText(plain: "One.\nTwo.\n")
        let publication = Publication(text: text, href: "book.txt")
        for value in Self.extremes {
            #expect(text.paragraphRange(ofSection: value).isEmpty)
            #expect(text.range(ofSection: value).isEmpty)
            #expect(text.units(in: min(value, 0)..<max(value, 0)).count <= text.length)
            #expect(publication.offset(ofPosition: value) == nil)
            #expect(publication.locator(at: value) == nil)
            #expect(Publication.positionCount(ofLength: value) >= 1)
            let locator = Locator(href: "book.txt", type: "text/plain",
                                  locations: Locator.Locations(position: value, utf16Offset: value, utf16Length: value))
            _ = try? publication.resolve(locator)
        }
        #expect(Publication.positionCount(ofLength: Int.max) == Int.max / 1024 + 1)
        #expect(Publication.positionCount(ofLength: 2048) == 2 && Publication.positionCount(ofLength: 2049) == 3)
    }

    @Test func paragraphsAndSettingsFromCallersNeverTrap() throws {
        let paragraph = Paragraph(start: Int.max - 3, units: Array("Hello".utf16), contentRange: 0..<5)
        #expect(paragraph.range.upperBound == Int.max)
        _ = paragraph.contentDocumentRange
        #expect(throws: StyledText.InvalidParagraphs.self) { try StyledText(paragraphs: [paragraph]) }

        for columns in [Int.min, -1, 0, Int.max] {
            var settings = Fixtures.settings
            settings.columns = columns
            _ = settings.columnWidth
            #expect(throws: InvalidSetting.self) { try settings.validated() }
        }
        let fonts = try Fixtures.bundledFonts()
        for weight in Self.extremes {
            _ = try? fonts.fontSet(for: FontDescriptor(family: "Charis SIL", weight: weight))
        }
    }

    @Test func marksAndDecorationsAtExtremesAreRefused() {
        let text = StyledText(plain: "Some text.")
        var set = DecorationSet(text: text)
        let marks = [Mark.bookmark(id: "a", at: Int.max), Mark.bookmark(id: "b", at: Int.min)]
        #expect(set.apply(marks: marks, in: "marks").problems.count == 2)
        let changes = set.apply([Decoration(id: "d", range: (Int.max - 1)..<Int.max, style: .highlight()),
                                 Decoration(id: "e", range: Int.min..<0, style: .highlight())], in: "highlights")
        #expect(changes.problems.allSatisfy { $0.outcome == .rejected } && changes.problems.count == 2)
    }

    /// Issue 23's search and speech take offsets, ranges, limits and results from callers too.
    @Test func searchAndSpeechAtExtremesNeverTrap() throws {
        let publication = Publication(text: StyledText(plain: "One two.\nTwo three. Four two.\n"), href: "book.txt")
        let search = publication.search("two")
        for range in [Int.min..<Int.max, Int.min..<Int.min, (Int.max - 1)..<Int.max, -5..<3] {
            try search.forEachBatch(in: range) { _ in .proceed }
        }
        for limit in Self.extremes { #expect(try search.results(limit: limit).count == (limit > 0 ? 3 : 0)) }
        let found = try search.results()
        let stray = SearchResult(index: Int.max, range: (Int.max - 1)..<Int.max, locator: found[0].locator)
        var list = SearchResultList(results: found + [stray])
        for offset in Self.extremes {
            _ = list.indexOfNext(after: offset)
            _ = list.indexOfPrevious(before: offset)
            list.activate(offset)
        }
        var set = DecorationSet(text: publication.text)
        #expect(set.apply(list.decorations, in: "search").problems.count == 1)
        for offset in Self.extremes where !(0...publication.text.length).contains(offset) {
            #expect(throws: ReadingError.self) { try publication.utterances(from: offset) }
        }
        let utterance = try #require(try publication.utterances(from: 0).first { _ in true })
        for range in [Int.min..<Int.max, Int.min..<Int.min, Int.max..<Int.max, -3..<(-1), (Int.max - 1)..<Int.max] {
            let source = utterance.sourceRange(ofTextRange: range)
            #expect(source.lowerBound >= utterance.range.lowerBound && source.upperBound <= utterance.range.upperBound)
        }
        for offset in Self.extremes { #expect(utterance.word(containing: offset) == nil) }
    }

    @Test func readerSizeLimitsFromCallersNeverTrap() throws {
        for size in [Int.min, -1, 0, Int.max] {
            var reader = PlainTextReader()
            reader.maximumSize = size
            do {
                _ = try reader.read(bytes: Array("Text.".utf8), name: "a.txt")
                #expect(size > 0)
            } catch {
                #expect(error.code == .tooLarge && size <= 0, "\(size): \(error.message)")
            }
        }
    }
}
