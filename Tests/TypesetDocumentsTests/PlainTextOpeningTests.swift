import Testing
import TypesetCore
@testable import TypesetDocuments
import TypesetTestSupport

/// A book's opening read alone (`PlainTextReader.readOpening(path:)`, what `typeset --pages 1` reads first): the
/// whole book's first paragraphs, the same in every respect, ending where one of its sections starts, for every
/// plain-text book of the corpus; and the whole book when there is no header to read alone.
@Suite struct PlainTextOpeningTests {
    /// Every plain-text book of the corpus (the chapter lists' books).
    static let books = ChapterRecallTests.floors.keys.sorted()
    /// Those that open with a distributor's header with text in it (Project Gutenberg's, Aozora Bunko's legend):
    /// Moby-Dick's and Monte-Cristo's files open with the marker line itself, a header of no text and no page.
    static let withOpening: Set<String> = ["tolstoy-war-and-peace.txt", "aozora-chukiichiran-kinyurei.sjis-crlf.txt",
                                           "nasty/austen-pride-and-prejudice.ascii-crlf.txt", "nasty/conrad-heart-of-darkness.bom.txt",
                                           "nasty/vos-entre-nous-lectures-francaises.latin1.txt",
                                           "nasty/wagner-der-fliegende-hollaender.bom-crlf.txt"]

    @Test(arguments: books) func theOpeningIsTheWholeBooksFirstSections(book: String) throws {
        let path = try Fixtures.corpusPath(book)
        let whole = try PlainTextReader().read(path: path)
        let (opening, isOpening) = try PlainTextReader().readOpening(path: path)
        let count = opening.text.paragraphs.count
        // Without an opening, the whole book, read from the same line table (its italics found after all).
        #expect(isOpening ? count < whole.text.paragraphs.count : count == whole.text.paragraphs.count)
        // An opening ends where a section of the whole book starts: every page of it is the whole book's.
        if isOpening { #expect(whole.text.sectionStarts.contains(count), "\(count) paragraphs; sections at \(whole.text.sectionStarts.prefix(4))") }
        #expect(opening.text.sectionStarts == whole.text.sectionStarts.filter { $0 < count })
        #expect(opening.text.length == (count < whole.text.paragraphs.count ? whole.text.paragraphs[count].range.lowerBound : whole.text.length))
        for (index, (mine, theirs)) in zip(opening.text.paragraphs, whole.text.paragraphs).enumerated() {
            #expect(mine.range == theirs.range && mine.contentRange == theirs.contentRange && mine.units == theirs.units,
                    "paragraph \(index): \(mine.range) for \(theirs.range)")
            #expect(mine.style == theirs.style && mine.runs == theirs.runs, "paragraph \(index)")
        }
        #expect(opening.text.language == whole.text.language && opening.text.title == whole.text.title)
        #expect(opening.frontMatter == whole.frontMatter && opening.decoding == whole.decoding)
        #expect(opening.backMatter == (isOpening ? nil : whole.backMatter))
        #expect(opening.headings == whole.headings.filter { $0.offset < opening.text.length })
    }

    @Test func gutenbergBooksOpenWithTheirHeader() throws {
        var opened: Set<String> = []
        for book in Self.books where try PlainTextReader().readOpening(path: try Fixtures.corpusPath(book)).isOpening {
            opened.insert(book)
        }
        #expect(opened == Self.withOpening)
    }
}
