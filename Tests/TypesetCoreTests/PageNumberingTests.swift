import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// One page numbering everywhere: page N of a reading session (what `--pages N`, `typeset query` and an app's
/// go-to-page use) is page N of the whole book laid out at once (what `--json`, `info` and `locate` count),
/// counted from the book's first page, front matter included, for every corpus book.
@Suite struct PageNumberingTests {
    static let books = Fixtures.corpusTextBooks + [
        "austen-pride-and-prejudice.pg-epub2.epub", "curry-clippinger-childrens-literature.epub", "eliot-the-waste-land.epub",
        "khayat-le-vrai-regime-anticancer.ar.epub", "melville-moby-dick.epub3.epub", "whitman-leaves-of-grass.se-epub3.epub",
    ]

    /// The pages checked in a book of `count` pages: the first two, the one where the book opens, a few spread
    /// over the book (the first page of some sections among them), the last two.
    static func picks(count: Int, publication: Publication, whole: BookLayout) -> [Int] {
        let text = publication.text
        var picks: Set<Int> = [0, 1, count / 3, count / 2, count - 2, count - 1]
        if let opening = whole.pageIndex(containing: publication.startOffset) { picks.insert(opening) }
        let sections = max(1, text.sectionStarts.count)
        for section in stride(from: 1, to: sections, by: max(1, sections / 4)) {
            if let page = whole.pageIndex(containing: text.range(ofSection: section).lowerBound) { picks.insert(page) }
        }
        return picks.filter { $0 >= 0 && $0 < count }.sorted()
    }

    @Test(arguments: books)
    func pageNIsTheSamePageEverywhere(name: String) throws {
        let publication = try Fixtures.corpusPublication(name)
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let settings = ReaderSettings(typography: Fixtures.settings)
        let whole = try typesetter.layout(publication.text, settings: settings.typography)
        let count = whole.pages.count
        // A session opened where the book opens (past a header, at its first chapter), as an app's is.
        let session = try ReadingSession(publication: publication, typesetter: typesetter, settings: settings,
                                         completesInBackground: false)
        for index in Self.picks(count: count, publication: publication, whole: whole) {
            let page = try session.go(toPageAt: index)
            #expect(page.number == index && page.numberIsExact, "\(name): page \(index + 1) reported as \(page.number + 1)")
            #expect(page.range == whole.pages[index].range, "\(name): page \(index + 1)")
            #expect(page.layout.lines(onPage: page.pageIndex).map(\.range) == whole.lines(onPage: index).map(\.range),
                    "\(name): the lines of page \(index + 1)")
            // The next page turned to is the whole book's next page, numbered one more.
            if index + 1 < count, let next = try session.nextPage() {
                #expect(next.range == whole.pages[index + 1].range && next.number == index + 1, "\(name): after page \(index + 1)")
            }
        }
        #expect(throws: ReadingError.pageOutOfRange(count, pageCount: count)) { try session.go(toPageAt: count) }
        // Every section is laid out now: numbers of offsets are exact, and the whole book's.
        for offset in [0, publication.startOffset, publication.text.length / 2, publication.text.length] {
            let number = try session.pageNumber(of: offset)
            #expect(number == PageNumber(index: whole.pageIndex(containing: offset) ?? -1, isExact: true), "\(name): offset \(offset)")
        }
    }

    /// `pageNumber(of:)` and `pages(for:)` answer without moving the reading position, estimated until the
    /// sections before are laid out and exact after; a range ending where a page ends is not on the next page.
    @Test func pageNumbersWithoutMovingTheReader() throws {
        let text = try ReadingSessionTests.sectionedText(sections: 6, paragraphs: 30)
        let publication = Publication(text: text, href: "book.txt")
        var settings = Fixtures.settings
        settings.pageSize = Size(width: 320, height: 400)
        let whole = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(text, settings: settings)
        let session = try ReadingSessionTests.session(publication, settings: settings)
        let anchor = session.anchor
        let late = text.range(ofSection: 4).lowerBound + 10
        let estimated = try session.pageNumber(of: late)
        #expect(!estimated.isExact)
        #expect(session.anchor == anchor)
        try session.completeLayout()
        let exact = try session.pageNumber(of: late)
        #expect(exact == PageNumber(index: whole.pageIndex(containing: late) ?? -1, isExact: true))
        #expect(exact.description == String((whole.pageIndex(containing: late) ?? -1) + 1))
        let page = whole.pages[7].range
        let span = try session.pages(for: page.lowerBound..<page.upperBound)
        #expect(span.first.index == 7 && span.last.index == 7)
        let across = try session.pages(for: (page.upperBound - 5)..<(page.upperBound + 5))
        #expect(across.first.index == 7 && across.last.index == 8)
        #expect(session.anchor == anchor)
        #expect(throws: ReadingError.offsetOutOfRange(text.length + 1, length: text.length)) { try session.pageNumber(of: text.length + 1) }
        #expect(throws: ReadingError.pageOutOfRange(-1, pageCount: whole.pages.count)) { try session.go(toPageAt: -1) }
        #expect(session.anchor == anchor)
    }
}
