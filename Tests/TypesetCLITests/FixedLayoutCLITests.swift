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

    /// A book mixing fixed and reflowable items (itemref overrides): each fixed item one page, the reflowable item
    /// paginated at the reader's page, in spine order, one PNG each; `info --json` lists those pages and their
    /// spreads as `--spread` pairs them, the reflowable item's first page on the left as its itemref asks.
    @Test func aBookMixingFixedAndReflowableItems() throws {
        let directory = try TemporaryDirectory()
        let long = (1...30).map { "<p>Paragraph \($0) of the reflowable chapter, long enough to wrap over several lines.</p>" }.joined()
        let pages = [FixedLayoutBook.Page(viewport: (600, 800), body: "<p>Cover</p>"),
                     FixedLayoutBook.Page(viewport: nil, body: long, properties: "rendition:layout-reflowable page-spread-left"),
                     FixedLayoutBook.Page(viewport: (600, 800), body: "<p>Plate</p>", properties: "page-spread-left")]
        let book = try directory.write(try FixedLayoutBook.epub(pages, css: "p { font-size: 40px }"), to: "mixed.epub")
        let settings = ["--width", "300", "--height", "400", "--theme", "light"]
        let info = try CLIRunner.run(["info", "--json", "--fonts", "bundled", book] + settings, in: directory)
        let object = try #require(try JSONSerialization.jsonObject(with: info.stdoutData) as? [String: Any], "\(info.stderr)")
        let drawn = try #require(object["fixedPages"] as? [[String: Any]])
        let kinds = drawn.map { $0["layout"] as? String == "pre-paginated" ? "F" : "R" }.joined()
        #expect(kinds.hasPrefix("FR") && kinds.hasSuffix("RF") && kinds.count > 3, "\(kinds)")
        let spreads = try #require(object["spreads"] as? [[String: Any]])
        let lefts = spreads.compactMap { $0["left"] as? Int }
        #expect(lefts.contains(1) && lefts.contains(kinds.count - 1), "the two page-spread-left items start on the left: \(spreads)")
        let spine = try #require(object["spine"] as? [[String: Any]])
        #expect(spine.map { $0["layout"] as? String } == ["pre-paginated", "reflowable", "pre-paginated"])
        #expect(spine.map { $0["pageSpread"] as? String } == [nil, "left", "left"])
        let render = try CLIRunner.runBundled([book, "-o", directory.path("pages")] + settings, in: directory)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path("pages")).filter { $0.hasSuffix(".png") }
        #expect(render.status == 0 && files.count == kinds.count, "\(render.stderr)")
        let spread = try CLIRunner.runBundled([book, "--spread", "recto", "-o", directory.path("spreads")] + settings, in: directory)
        let spreadFiles = try FileManager.default.contentsOfDirectory(atPath: directory.path("spreads")).filter { $0.hasSuffix(".png") }
        #expect(spread.status == 0 && spreadFiles.count == spreads.count, "\(spread.stderr)")
    }

    /// A book whose `rendition:flow` scrolls and whose spine mixes reflowable and pre-paginated items (EPUB 3.3:
    /// `rendition:flow` does not apply to fixed items): the reflowable stretch before the fixed items is one scroll
    /// page, each fixed item a page of the reader's size, the stretch after them another scroll page, in spine
    /// order, one PNG each; `--scroll --spread` is still refused.
    @Test func aScrolledBookKeepsItsFixedItemsOutOfTheScroll() throws {
        let directory = try TemporaryDirectory()
        let long = (1...12).map { "<p>Paragraph \($0) of a reflowable chapter, long enough to wrap over lines.</p>" }.joined()
        let pages = [FixedLayoutBook.Page(viewport: nil, body: long),
                     FixedLayoutBook.Page(viewport: (600, 800), body: "<p>Plate one</p>", properties: "rendition:layout-pre-paginated"),
                     FixedLayoutBook.Page(viewport: (600, 800), body: "<p>Plate two</p>", properties: "rendition:layout-pre-paginated"),
                     FixedLayoutBook.Page(viewport: nil, body: "<p>The end.</p>")]
        let flow = "<meta property=\"rendition:flow\">scrolled-continuous</meta>"
        let book = try directory.write(try FixedLayoutBook.epub(pages, layout: nil, css: "p { font-size: 20px }", metadata: flow),
                                       to: "scrolled.epub")
        let settings = ["--width", "300", "--height", "400", "--theme", "light"]
        let info = try CLIRunner.run(["info", "--json", "--fonts", "bundled", book] + settings, in: directory)
        let object = try #require(try JSONSerialization.jsonObject(with: info.stdoutData) as? [String: Any], "\(info.stderr)")
        let drawn = try #require(object["fixedPages"] as? [[String: Any]])
        let kinds = drawn.map { $0["layout"] as? String == "pre-paginated" ? "F" : "R" }.joined()
        #expect(kinds == "RFFR" && drawn.first?["page"] as? Int == 0 && drawn.last?["page"] as? Int == 3, "\(drawn)")
        let render = try CLIRunner.runBundled([book, "-o", directory.path("pages")] + settings, in: directory)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path("pages")).filter { $0.hasSuffix(".png") }.sorted()
        #expect(render.status == 0 && files.count == 4, "\(render.stderr) \(files)")
        let heights = try files.map { name -> Int in
            let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory.path("pages/" + name))))
            return try #require(ComicArchive.pixel(ofPNG: png, x: 0, y: 0)).height
        }
        #expect(heights.count == 4 && heights[0] > 800 && heights[1] == 800 && heights[2] == 800 && heights[3] < 800,
                "the first stretch scrolls past a page, the fixed pages fill the page, the last stretch is short: \(heights)")
        let spread = try CLIRunner.runBundled([book, "--spread", "recto", "-o", directory.path("spreads")] + settings, in: directory)
        #expect(spread.status != 0 && spread.stderr.contains("not --scroll"), "\(spread.stderr)")
    }

    /// A fixed book asking for landscape drawn in a portrait page says so; a reflowable book has no fixed pages.
    @Test func orientationNoticeAndReflowableInfo() throws {
        let directory = try TemporaryDirectory()
        let pages = [FixedLayoutBook.Page(viewport: (900, 600), body: "<p>Wide</p>")]
        let book = try directory.write(try FixedLayoutBook.epub(pages, metadata: "<meta property=\"rendition:orientation\">landscape</meta>"),
                                       to: "landscape.epub")
        let portrait = try CLIRunner.runBundled([book, "--width", "300", "--height", "400", "-o", directory.path("p.png")], in: directory)
        #expect(portrait.status == 0 && portrait.stderr.contains("meant to be read in landscape"), "\(portrait.stderr)")
        let landscape = try CLIRunner.runBundled([book, "--width", "400", "--height", "300", "-o", directory.path("l.png")], in: directory)
        #expect(landscape.status == 0 && !landscape.stderr.contains("rendition:orientation"), "\(landscape.stderr)")
        let reflowable = try directory.write(try FixedLayoutBook.epub(pages, layout: nil), to: "reflowable.epub")
        let info = try CLIRunner.run(["info", "--json", "--fonts", "bundled", reflowable], in: directory)
        let object = try #require(try JSONSerialization.jsonObject(with: info.stdoutData) as? [String: Any], "\(info.stderr)")
        #expect(object["renditionLayout"] as? String == "reflowable" && object["fixedPages"] is NSNull && object["spreads"] == nil)
    }
}
