import Foundation
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
        let (opening, rest) = try PlainTextReader().readOpening(path: path)
        let isOpening = rest != nil
        let count = opening.text.paragraphs.count
        // Without an opening, the whole book, read from the same line table (its italics found after all).
        #expect(isOpening ? count < whole.text.paragraphs.count : count == whole.text.paragraphs.count)
        // An opening ends where a section of the whole book starts: every page of it is the whole book's.
        if isOpening { #expect(whole.text.sectionStarts.contains(count), "\(count) paragraphs; sections at \(whole.text.sectionStarts.prefix(4))") }
        #expect(opening.text.sectionStarts == whole.text.sectionStarts.filter { $0 < count })
        #expect(opening.text.length == (count < whole.text.paragraphs.count ? whole.text.paragraphs[count].range.lowerBound : whole.text.length))
        Self.expectSameParagraphs(opening.text.paragraphs, whole.text.paragraphs)
        #expect(opening.text.language == whole.text.language && opening.text.title == whole.text.title)
        #expect(opening.frontMatter == whole.frontMatter && opening.decoding == whole.decoding)
        #expect(opening.backMatter == (isOpening ? nil : whole.backMatter))
        #expect(opening.headings == whole.headings.filter { $0.offset < opening.text.length })
    }

    @Test func gutenbergBooksOpenWithTheirHeader() throws {
        var opened: Set<String> = []
        for book in Self.books where try PlainTextReader().readOpening(path: try Fixtures.corpusPath(book)).whole != nil {
            opened.insert(book)
        }
        #expect(opened == Self.withOpening)
    }

    /// The whole book made from an opening (what `typeset --pages 1-3` reads when the pages run past the opening) is
    /// the book `BookFile.open` reads, made from the file as decoded for the opening: the copy read is gone before
    /// the whole book is asked for, so a second read fails.
    @Test(arguments: withOpening.sorted()) func theWholeBookIsMadeFromTheOpeningsReading(book: String) throws {
        let path = try Fixtures.corpusPath(book)
        let copy = NSTemporaryDirectory() + "typeset-opening-\(getpid())-\(book.replacingOccurrences(of: "/", with: "-"))"
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let opening = try BookFile.openOpening(path: copy, publisherStyles: true, media: .reference, encoding: nil)
        try FileManager.default.removeItem(atPath: copy)
        #expect(opening.isOpening)
        let made = try opening.wholeBook()
        let read = try BookFile.open(path: path)
        #expect(!made.isOpening)
        Self.expectSameParagraphs(made.text.paragraphs, read.text.paragraphs, count: true)
        #expect(made.text.sectionStarts == read.text.sectionStarts && made.text.length == read.text.length)
        #expect(made.text.language == read.text.language && made.text.title == read.text.title)
        #expect(made.notices == read.notices.map { $0.replacingOccurrences(of: path, with: copy) })
        guard case .plainText(let mine) = made.format, case .plainText(let theirs) = read.format else {
            Issue.record("\(book): not read as plain text")
            return
        }
        #expect(mine.headings == theirs.headings && mine.decoding == theirs.decoding)
        #expect(mine.frontMatter == theirs.frontMatter && mine.backMatter == theirs.backMatter)
        #expect(mine.languageSource == theirs.languageSource)
    }

    /// A run that needs only the opening lets the decoded file go (`BookFile.releaseWhole()`, so that the pages'
    /// bitmaps reuse its memory): the whole book is then read from the file again, the same book.
    @Test func aReleasedOpeningReadsTheWholeBookAgain() throws {
        let path = try Fixtures.corpusPath("tolstoy-war-and-peace.txt")
        let copy = NSTemporaryDirectory() + "typeset-opening-released-\(getpid()).txt"
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        defer { try? FileManager.default.removeItem(atPath: copy) }
        var opening = try BookFile.openOpening(path: copy, publisherStyles: true, media: .reference, encoding: nil)
        opening.releaseWhole()
        #expect(opening.isOpening)
        let read = try opening.wholeBook()
        Self.expectSameParagraphs(read.text.paragraphs, try BookFile.open(path: path).text.paragraphs, count: true)
        try FileManager.default.removeItem(atPath: copy)
        // Released, nothing of the decoded file is left to make the whole book from.
        #expect(throws: DocumentError.self) { try opening.wholeBook() }
    }

    /// Each of `mine` the same paragraph as the one of `theirs` at its index (and as many of them, with `count`).
    static func expectSameParagraphs(_ mine: [Paragraph], _ theirs: [Paragraph], count: Bool = false) {
        if count { #expect(mine.count == theirs.count) }
        for (index, (mine, theirs)) in zip(mine, theirs).enumerated() {
            #expect(mine.range == theirs.range && mine.contentRange == theirs.contentRange && mine.units == theirs.units,
                    "paragraph \(index): \(mine.range) for \(theirs.range)")
            #expect(mine.style == theirs.style && mine.runs == theirs.runs, "paragraph \(index)")
        }
    }
}
