import Foundation
import Testing
import TypesetTestSupport

/// `typeset --pages 1` of a plain-text book with a distributor's header reads only the header (the book's opening,
/// issue 32: the first page of War and Peace paid for the whole book's paragraphs and chapter detection): the page is
/// the one the whole book's layout draws, and pages past the opening read the whole book.
@Suite struct OpeningCLITests {
    /// A Project Gutenberg file: a header of a page, then chapters of prose.
    static let book: String = {
        let header = """
            The Project Gutenberg EBook of A Test, by Nobody

            This eBook is for the use of anyone anywhere at no cost and with almost
            no restrictions whatsoever.

            Title: A Test

            Author: Nobody

            Language: English

            *** START OF THIS PROJECT GUTENBERG EBOOK A TEST ***



            """
        let chapters = (1...6).map { chapter in
            "CHAPTER \(chapter)\n\n" + (1...8).map { paragraph in
                (1...6).map { _ in "The quick brown fox of chapter \(chapter) jumps over the lazy dog in paragraph \(paragraph)." }
                    .joined(separator: "\n")
            }.joined(separator: "\n\n")
        }
        return header + chapters.joined(separator: "\n\n\n") + "\n"
    }()

    @Test func theFirstPageIsTheWholeBooksFirstPage() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.book, to: "book.txt")
        let first = try CLIRunner.runBundled(["--pages", "1", "-o", directory.path("first.png"), file], in: directory)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderrLines.last?.contains("read only as far as its opening") == true, "\(first.stderrLines)")
        // `--at 0` lays the whole book out and draws the page holding its first unit.
        let whole = try CLIRunner.runBundled(["--at", "0", "-o", directory.path("whole.png"), file], in: directory)
        #expect(whole.status == 0, "\(whole.stderr)")
        let drawn = try Data(contentsOf: URL(fileURLWithPath: directory.path("first.png")))
        let wholeBooks = try Data(contentsOf: URL(fileURLWithPath: directory.path("whole.png")))
        #expect(!drawn.isEmpty && drawn == wholeBooks)
    }

    @Test func pagesPastTheOpeningReadTheWholeBook() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.book, to: "book.txt")
        let result = try CLIRunner.runBundled(["--pages", "1-3", "-o", directory.path("pages"), file], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderrLines.last.map { $0.hasPrefix("typeset: wrote 3 pages of ") && !$0.contains("opening") } == true, "\(result.stderrLines)")
        let first = try CLIRunner.runBundled(["--pages", "1", "-o", directory.path("first.png"), file], in: directory)
        #expect(first.status == 0, "\(first.stderr)")
        let drawn = try Data(contentsOf: URL(fileURLWithPath: directory.path("first.png")))
        let wholeBooks = try Data(contentsOf: URL(fileURLWithPath: directory.path("pages/page-0001.png")))
        #expect(drawn == wholeBooks)
    }
}
