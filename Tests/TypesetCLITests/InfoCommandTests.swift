import Foundation
import Testing
import TypesetTestSupport

/// `typeset info` on a plain-text book: the chapter headings found are its table of contents, with pages.
@Suite struct InfoCommandTests {
    static let book = "Title page\n\nCHAPTER I\n\n" + String(repeating: "Some words of the first chapter. ", count: 40)
        + "\n\nCHAPTER II\n\n" + String(repeating: "Some words of the second chapter. ", count: 40) + "\n"

    @Test func plainTextContentsListTheHeadingsWithPages() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.book, to: "book.txt")
        let result = try CLIRunner.run(["info", "--fonts", "bundled", file], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        // Each chapter starts a page: the title page is page 1, chapter I page 2, and chapter II starts later.
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("Contents (2 entries, from the chapter headings found in the text; page numbers at these settings):"))
        #expect(lines.contains("   2  CHAPTER I"), "\(lines)")
        let second = try #require(lines.first { $0.hasSuffix("  CHAPTER II") })
        let page = Int(second.dropLast("  CHAPTER II".count).trimmingCharacters(in: .whitespaces)) ?? 0
        #expect(page > 2)

        let json = try CLIRunner.run(["info", "--fonts", "bundled", "--json", file], in: directory)
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        let toc = try #require(object["toc"] as? [[String: Any]])
        #expect(toc.map { $0["title"] as? String } == ["CHAPTER I", "CHAPTER II"])
        #expect(toc.map { $0["offset"] as? Int } == [(Self.book as NSString).range(of: "CHAPTER I").location,
                                                     (Self.book as NSString).range(of: "CHAPTER II").location])
        #expect(toc.map { $0["page"] as? Int } == [2, page])
    }

    @Test func plainTextWithoutHeadingsSaysSo() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("Just a line.\n", to: "book.txt")
        let result = try CLIRunner.run(["info", "--fonts", "bundled", file], in: directory)
        #expect(result.status == 0)
        #expect(result.stdout.contains("Contents: none (no chapter headings found in the text)"))
    }
}

/// Characters no font has are never silent: every command that lays a book out warns in one line (how many,
/// which, how often), and `typeset info` prints the coverage (text and JSON).
@Suite struct FontCoverageCLITests {
    /// U+20000 (CJK Extension B, twice) and U+E000 (private use) are in no bundled face; the rest is.
    static let book = "漢字\u{20000}と\u{20000}、\u{E000}。かな\n"

    @Test func missingCharactersAreWarnedAboutAndCounted() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.book, to: "book.txt")
        let render = try CLIRunner.runBundled([file, "-o", directory.path("pages")], in: directory)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stderrLines.contains("typeset: warning: 2 characters (3 occurrences) have no font: U+20000 \u{20000} ×2, U+E000 \u{E000} ×1 (drawn as empty boxes)"),
                "\(render.stderr)")

        let info = try CLIRunner.run(["info", "--fonts", "bundled", file], in: directory)
        #expect(info.status == 0, "\(info.stderr)")
        #expect(info.stdout.contains("Font coverage:  2 characters (3 occurrences) have no font: U+20000 \u{20000} ×2, U+E000 \u{E000} ×1\n"),
                "\(info.stdout)")
        let json = try CLIRunner.run(["info", "--fonts", "bundled", "--json", file], in: directory)
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        let missing = try #require(object["missingCharacters"] as? [[String: Any]])
        #expect(missing.map { $0["codePoint"] as? Int } == [0x20000, 0xE000])
        #expect(missing.map { $0["occurrences"] as? Int } == [2, 1])
        #expect(missing.map { $0["firstOffset"] as? Int } == [2, 8])
        #expect(object["checkedCharacters"] as? Int == 10)
    }

    @Test func aCoveredBookGetsNoWarning() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("漢字とかな、カナ。English too.\n", to: "book.txt")
        let info = try CLIRunner.run(["info", "--fonts", "bundled", file], in: directory)
        #expect(info.status == 0)
        #expect(!info.stderr.contains("no font"), "\(info.stderr)")
        #expect(info.stdout.contains("Font coverage:  every character has a font"), "\(info.stdout)")
    }

    /// A run that lays out only the pages it draws (`--pages` from the start) checks those pages, not the book
    /// (issue 32: over War and Peace the whole-book check was a tenth of its first page's time), and says so; a run
    /// that lays the whole book out checks all of it.
    @Test func aOnePageRunChecksItsPage() throws {
        let directory = try TemporaryDirectory()
        // A page holds about 25 of these lines; the character without a font is on the last page.
        let lines = (1...80).map { "Line \($0) of a book set one line to a paragraph." } + ["At the end, \u{20000}."]
        let file = try directory.write(lines.joined(separator: "\n\n") + "\n", to: "book.txt")
        let first = try CLIRunner.runBundled(["--pages", "1", "-o", "first.png", file], in: directory)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(!first.stderr.contains("no font"), "\(first.stderr)")
        let toTheEnd = try CLIRunner.runBundled(["--pages", "1-99", "-o", directory.path("all"), file], in: directory)
        #expect(toTheEnd.status == 0, "\(toTheEnd.stderr)")
        #expect(toTheEnd.stderrLines.contains("typeset: warning: on the pages drawn, 1 character (1 occurrence) has no font: U+20000 \u{20000} ×1 (drawn as empty boxes)"),
                "\(toTheEnd.stderr)")
        let whole = try CLIRunner.runBundled(["-o", directory.path("whole"), file], in: directory)
        #expect(whole.stderrLines.contains("typeset: warning: 1 character (1 occurrence) has no font: U+20000 \u{20000} ×1 (drawn as empty boxes)"),
                "\(whole.stderr)")
    }
}
