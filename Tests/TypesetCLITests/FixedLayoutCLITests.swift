import Foundation
import Testing
import TypesetCore
import TypesetTestSupport

/// `typeset BOOK.epub` for a fixed-layout book: one page per spine item, scaled into the reader's page; spreads as
/// the package allows.
@Suite struct FixedLayoutCLITests {
    static func book(_ directory: TemporaryDirectory, spread: String? = nil) throws -> String {
        let pages = (1...3).map { FixedLayoutBook.Page(viewport: (600, 800), body: "<p>Page \($0) of a picture book with a long line.</p>") }
        let css = "p { font-size: 48px; color: #103070 }"
        return try directory.write(try FixedLayoutBook.epub(pages, spread: spread, css: css), to: "fixed-\(spread ?? "auto").epub")
    }

    @Test func pagesAndSpreads() throws {
        let directory = try TemporaryDirectory()
        let book = try Self.book(directory)
        let settings = ["--width", "300", "--height", "300", "--theme", "light"]
        let pages = try CLIRunner.run([book, "-o", directory.path("pages")] + settings, in: directory)
        #expect(pages.status == 0 && pages.stderr.contains("3 fixed-layout pages"), "\(pages.stderr)")
        let first = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory.path("pages/page-0001.png"))))
        let size = try #require(ComicArchive.pixel(ofPNG: first, x: 0, y: 0))
        #expect(size.width == 600 && size.height == 600, "the reader's page at 2 px per point")
        // Letterbox left and right of the 225 × 300 page (0.375 of 600 × 800): nothing drawn there.
        #expect(ComicArchive.pixel(ofPNG: first, x: 30, y: 100)?.color == size.color)
        let spreads = try CLIRunner.run([book, "--spread", "recto", "-o", directory.path("spreads")] + settings, in: directory)
        #expect(spreads.status == 0 && spreads.stderr.contains("2 fixed-layout spreads"), "\(spreads.stderr)")
        let none = try CLIRunner.run([try Self.book(directory, spread: "none"), "--spread", "recto", "-o", directory.path("none")] + settings,
                                     in: directory)
        #expect(none.status == 0 && none.stderr.contains("rendition:spread none") && none.stderr.contains("3 fixed-layout pages"), "\(none.stderr)")
    }
}
