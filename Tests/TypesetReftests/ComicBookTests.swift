import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// Comic book archives (CBZ) made here: pages in the natural order of their names, `ComicInfo.xml`, one page per
/// image letterboxed into the reader's page, and the image geometry an app zooms with.
@Suite struct ComicBookTests {
    static let red = Color(red: 200, green: 30, blue: 40), blue = Color(red: 30, green: 90, blue: 200)
    static let green = Color(red: 20, green: 160, blue: 60)

    /// Writes a CBZ of `entries` to a fresh file and returns its path (removed with `directory`).
    static func cbz(_ entries: [(String, [UInt8])], name: String = "comic.cbz", in directory: URL) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try ZipWriter.write(entries.map { ZipWriter.Entry(name: $0.0, bytes: $0.1) }, to: path)
        return path
    }

    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("typeset-comic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static let comicInfo = """
        <?xml version="1.0"?>
        <ComicInfo xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
          <Title>The Lantern</Title><Series>Night Ferry</Series><Number>3</Number><Volume>2</Volume>
          <Writer>A. Writer, B. Second</Writer><Penciller>C. Artist</Penciller><Publisher>Small Press</Publisher>
          <Year>2021</Year><Month>3</Month><Day>9</Day><LanguageISO>ja</LanguageISO><Manga>YesAndRightToLeft</Manga>
          <Pages><Page Image="0" Type="Story"/><Page Image="1" Type="FrontCover"/></Pages>
        </ComicInfo>
        """

    /// Digit runs compare by value, case is ignored, and what is not a page (hidden files, macOS forks, text, the
    /// metadata) is left out; nested folders sort by their whole path.
    @Test func pagesAreInNaturalOrder() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let image = try ComicArchive.png(width: 4, height: 4, color: Self.red)
        let names = ["page10.png", "page2.png", "Page3.png", "page1.png", "page02b.png", ".hidden.png", "__MACOSX/page1.png",
                     "notes.txt", "ComicInfo.xml", "extra/page1.png", "page100.png", "page9.jpg.txt"]
        let path = try Self.cbz(names.map { ($0, $0 == "ComicInfo.xml" ? Array("<ComicInfo/>".utf8) : image) }, in: dir)
        let book = try ComicReader().read(path: path)
        #expect(book.pages.map(\.href) == ["extra/page1.png", "page1.png", "page2.png", "page02b.png", "Page3.png", "page10.png", "page100.png"])
        #expect(book.pages.allSatisfy { $0.pixelSize == Size(width: 4, height: 4) && $0.mediaType == "image/png" })
        #expect(book.hasComicInfo && book.info.title == nil && book.pageProgression == .leftToRight)
    }

    @Test func comicInfoGivesMetadataAndDirection() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try Self.cbz([("ComicInfo.xml", Array(Self.comicInfo.utf8)), ("001.png", try ComicArchive.png(width: 4, height: 6, color: Self.red)),
                                 ("002.png", try ComicArchive.png(width: 4, height: 6, color: Self.blue))], in: dir)
        let file = try BookFile.open(path: path)
        let book = try #require(file.comic)
        #expect(book.info.title == "The Lantern" && book.info.series == "Night Ferry" && book.info.number == "3")
        #expect(book.info.writers == ["A. Writer", "B. Second"] && book.info.pencillers == ["C. Artist"])
        #expect(book.info.date == "2021-03-09" && book.info.language == "ja" && book.info.volume == "2")
        #expect(book.pageProgression == .rightToLeft && file.pageProgression == .rightToLeft)
        #expect(book.cover == "002.png", "the FrontCover page is the cover")
        #expect(file.publication.cover == "002.png" && file.text.title == "The Lantern" && file.text.language == "ja")
        // One resource per image, as Readium's comics: a Locator names the image.
        #expect(file.publication.resources.map(\.href) == ["001.png", "002.png"])
        #expect(file.publication.resources.map(\.mediaType) == ["image/png", "image/png"])
    }

    /// A ZIP of images named otherwise is a comic; an EPUB's ZIP (container, mimetype) is not.
    @Test func aZIPOfImagesIsOpenedAsAComic() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let zip = try Self.cbz([("a.png", try ComicArchive.png(width: 4, height: 4, color: Self.red))], name: "scans.zip", in: dir)
        #expect(try BookFile.open(path: zip).comic?.pages.count == 1)
        let epub = dir.appendingPathComponent("book.zip").path
        try Data(try Reftest.archive(Reftest.Book(body: "<p>Text</p>"))).write(to: URL(fileURLWithPath: epub))
        #expect(try BookFile.open(path: epub).epub != nil)
        let empty = try Self.cbz([("readme.txt", Array("no pages".utf8))], name: "empty.cbz", in: dir)
        #expect(throws: DocumentError.self) { try BookFile.open(path: empty) }
        do { _ = try BookFile.open(path: empty) } catch { #expect(error.code == .malformed && error.message.contains("holds none")) }
        let notZIP = dir.appendingPathComponent("text.cbz").path
        try Data("plain".utf8).write(to: URL(fileURLWithPath: notZIP))
        #expect(throws: DocumentError.self) { try BookFile.open(path: notZIP) }
        #expect(throws: DocumentError.self) { try BookFile.open(path: zip, previewBytes: 100) }
    }

    /// Each image is a page, scaled up or down into the content area with its aspect kept and centred; the page's
    /// image region maps points to pixels and back, and the letterbox to nothing.
    @Test func eachImageIsALetterboxedPage() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Tall (100 × 200: height-bound), wide (400 × 100: width-bound), and a tiny one enlarged.
        let path = try Self.cbz([("1.png", try ComicArchive.png(width: 100, height: 200, color: Self.red)), ("2.png", try ComicArchive.png(width: 400, height: 100, color: Self.blue)),
                                 ("3.png", try ComicArchive.png(width: 13, height: 13, color: Self.green))], in: dir)
        let file = try BookFile.open(path: path)
        let settings = Reftest.settings   // 240 × 320 pt, 16 pt margins: a 208 × 288 content area
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(file.text, settings: settings.typography)
        #expect(layout.pages.count == 3)
        let tall = try #require(layout.imageRegion(onPage: 0))
        #expect(tall.source == "1.png" && tall.pixelSize == Size(width: 100, height: 200))
        Self.expectClose(tall.rect, Rect(x: 48, y: 16, width: 144, height: 288))
        let wide = try #require(layout.imageRegion(onPage: 1))
        Self.expectClose(wide.rect, Rect(x: 16, y: 16 + (288 - 52) / 2, width: 208, height: 52))
        let small = try #require(layout.imageRegion(onPage: 2))
        Self.expectClose(small.rect, Rect(x: 16, y: 16 + (288 - 208) / 2, width: 208, height: 208))
        // Points to pixels, pixels to points.
        let centre = try #require(tall.pixel(at: Point(x: 120, y: 160)))
        #expect(abs(centre.x - 50) < 0.01 && abs(centre.y - 100) < 0.01)
        #expect(tall.pixel(at: Point(x: 30, y: 160)) == nil, "the letterbox is not the image")
        #expect(tall.pixel(at: Point(x: .nan, y: 160)) == nil)
        Self.expectClose(try #require(tall.pageRect(ofPixels: Rect(x: 0, y: 100, width: 50, height: 100))),
                         Rect(x: 48, y: 160, width: 72, height: 144))
        #expect(abs((tall.scale ?? 0) - 1.44) < 0.001)
        // Hit testing over the image answers its unit and Locator.
        #expect(layout.attachment(at: Point(x: 120, y: 160), onPage: 0)?.range == 0..<1)
        #expect(file.publication.locator(at: 2)?.href == "2.png")
        // Drawn: the image's colour inside, the page's background in the letterbox.
        let renderer = try PageRenderer()
        let page = try renderer.render(page: 0, of: layout, appearance: settings.appearance, resources: file.publication.resourceLoader)
        #expect(renderer.imageProblems.isEmpty)
        #expect(page[x: 120, y: 160] == Self.red && page[x: 50, y: 20] == Self.red && page[x: 190, y: 300] == Self.red)
        #expect(page[x: 30, y: 160] == Theme.light.background && page[x: 210, y: 160] == Theme.light.background)
    }

    /// Text pages have no image region; an image-only EPUB's pages do, as a comic's.
    @Test func imageOnlyEPUBPagesHaveRegions() throws {
        let image = try ComicArchive.png(width: 60, height: 40, color: Self.blue)
        let book = Reftest.Book(documents: [("p1.xhtml", Reftest.document(body: "<img src='a.png' alt=''/>")),
                                            ("p2.xhtml", Reftest.document(body: "<p>Words on a page.</p>"))],
                                files: [("a.png", image)])
        let read = try EPUBReader().read(bytes: try Reftest.archive(book), name: "pictures.epub")
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(read.publication.text, settings: Reftest.settings.typography)
        let region = try #require(layout.imageRegion(onPage: 0))
        Self.expectClose(region.rect, Rect(x: 16, y: 16 + (288 - 208 / 1.5) / 2, width: 208, height: 208 / 1.5))
        #expect(layout.imageRegion(onPage: layout.pages.count - 1) == nil)
        #expect(layout.imageRegion(onPage: 99) == nil)
    }

    static func expectClose(_ a: Rect, _ b: Rect, sourceLocation: SourceLocation = #_sourceLocation) {
        let close = abs(a.minX - b.minX) < 0.5 && abs(a.minY - b.minY) < 0.5 && abs(a.width - b.width) < 0.5 && abs(a.height - b.height) < 0.5
        #expect(close, "\(a) is not \(b)", sourceLocation: sourceLocation)
    }
}
