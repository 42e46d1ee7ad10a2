import Foundation
import Testing
import TypesetCore
@testable import TypesetDocuments
import TypesetTestSupport

/// A book's navigation as data: every `<nav>` of an EPUB 3 navigation document, an EPUB 2 NCX's `pageList` and
/// `navList`, the EPUB 2 guide; print pages from a page list or from page-break markers; the cover.
/// The fixtures are made by `Tests/Fixtures/navigation/make-navigation-books.py`.
@Suite struct NavigationTests {
    static func fixture(_ name: String) -> String { Fixtures.repositoryRoot + "/Tests/Fixtures/navigation/" + name }

    /// The offset of the first occurrence of `string` in the text.
    static func offset(of string: String, in text: StyledText) -> Int? {
        let units = Array(string.utf16)
        let all = text.units(in: 0..<text.length)
        guard all.count >= units.count else { return nil }
        for start in 0...(all.count - units.count) where all[start] == units[0] && Array(all[start..<(start + units.count)]) == units {
            return start
        }
        return nil
    }

    @Test func epub3NavigationDocumentListsEveryNav() throws {
        let book = try EPUBReader().read(path: Self.fixture("navigation-epub3.epub"))
        let publication = book.publication
        #expect(publication.navigation.map(\.kind) == ["toc", "page-list", "landmarks", "loi", "lot", "nav"])
        #expect(publication.navigation.map(\.title) == [nil, "Pages", "Landmarks", "Illustrations", "Tables", "Glossary"])
        #expect(publication.navigation.allSatisfy { $0.source == "nav" })
        let landmarks = try #require(publication.navigationList("landmarks"))
        #expect(landmarks.entries.map(\.type) == ["cover", "titlepage", "bodymatter", "bibliography"])
        let chapterOne = try #require(book.spine.first { $0.href == "OEBPS/chapter-1.xhtml" }?.range)
        #expect(publication.landmark("bodymatter") == chapterOne.lowerBound)
        #expect(publication.startOffset == chapterOne.lowerBound, "the book opens at its body-matter landmark")
        // The list of illustrations leads to the figures, the list of tables to the table's caption.
        let figures = try #require(publication.navigationList("loi")).entries
        #expect(figures.map(\.label) == ["Figure 1. The harbour wall", "Figure 2. The moorings"])
        #expect(figures.allSatisfy { entry in entry.offset.map { book.text.units(in: $0..<($0 + 1)) == [0xFFFC] } == true },
                "each figure entry lands on its image")
        let table = try #require(publication.navigationList("lot")?.entries.first?.offset)
        #expect(table == Self.offset(of: "Table 1. Lamps", in: book.text))
        // An untyped <nav> keeps its heading; a <span> entry has no href and no offset.
        let glossary = try #require(publication.navigationList("nav"))
        #expect(glossary.entries.map(\.label) == ["keeper", "tide"] && glossary.entries[1].href == nil && glossary.entries[1].offset == nil)
        #expect(publication.cover == "OEBPS/images/cover.png")
    }

    /// The page list's labels are the book's print pages, each where its marker stands: the same places as the
    /// markers of the text give when the book has no page list (every form: an empty span with a title, a role
    /// with an aria-label, a div whose text is the label, an empty anchor, a hidden marker, a blank page).
    @Test func printPagesFromThePageListAndFromTheMarkers() throws {
        let book = try EPUBReader().read(path: Self.fixture("navigation-epub3.epub"))
        let pages = try #require(book.publication.printPages)
        #expect(pages.source == .pageList)
        #expect(pages.pages.map(\.label) == ["i", "ii", "1", "2", "3", "4", "5", "6", "7", "8", "9"])
        #expect(pages.pages.map(\.offset) == pages.pages.map(\.offset).sorted())
        // The same book without its page list: the markers give the same pages, at the same places.
        let markersOnly = try Self.withoutPageList(Self.fixture("navigation-epub3.epub"))
        let fromMarkers = try #require(try EPUBReader().read(bytes: markersOnly, name: "markers.epub").publication.printPages)
        #expect(fromMarkers.source == .pageBreaks)
        #expect(fromMarkers.pages == pages.pages)
        // Each marker's page starts at the text after it: page 2 at the sentence after the empty span.
        let chapterOne = try #require(book.spine.first { $0.href == "OEBPS/chapter-1.xhtml" }?.range)
        #expect(pages.page(labelled: "1")?.offset == chapterOne.lowerBound)
        #expect(pages.page(labelled: "8")?.offset == pages.page(labelled: "9")?.offset, "a blank page shares its place with the next")
        #expect(pages.page(labelled: "II")?.label == "ii")
        #expect(pages.page(labelled: "10") == nil)
    }

    /// The fixture with its `<nav epub:type="page-list">` taken out of the navigation document.
    static func withoutPageList(_ path: String) throws -> [UInt8] {
        let source = try LibZipArchive(path: path, bookName: path, limits: EPUBLimits())
        var archive = EPUBTestArchive()
        for name in source.entryNames {
            var content = try source.read(name)
            if name == "OEBPS/nav.xhtml", let text = String(bytes: content, encoding: .utf8),
               let start = text.range(of: "<nav epub:type=\"page-list\""), let end = text.range(of: "</nav>", range: start.upperBound..<text.endIndex) {
                content = Array((String(text[..<start.lowerBound]) + String(text[end.upperBound...])).utf8)
            }
            archive.add(name, bytes: content, stored: name == "mimetype")
        }
        return try archive.bytes()
    }

    @Test func epub2NCXPageListNavListAndGuide() throws {
        let book = try EPUBReader().read(path: Self.fixture("navigation-epub2.epub"))
        let publication = book.publication
        #expect(publication.navigation.map(\.kind) == ["toc", "page-list", "navList", "landmarks"])
        #expect(publication.navigation.map(\.source) == ["ncx", "ncx", "ncx", "guide"])
        let pageList = try #require(publication.navigationList("page-list"))
        #expect(pageList.entries.map(\.label) == ["i", "ii", "1", "2", "3", "4", "5"])
        #expect(pageList.entries.map(\.type) == ["front", "front", "normal", "normal", "normal", "normal", "normal"])
        #expect(publication.printPages?.pages.map(\.label) == pageList.entries.map(\.label))
        #expect(publication.printPages?.source == .pageList)
        #expect(publication.navigationList("navList")?.title == "List of Plates")
        #expect(publication.navigationList("navList")?.entries.first?.offset.map { book.text.units(in: $0..<($0 + 1)) } == [0xFFFC])
        let guide = try #require(publication.navigationList("landmarks"))
        #expect(guide.entries.map(\.type) == ["titlepage", "bodymatter", "cover"])
        let letterOne = try #require(book.spine.first { $0.href == "OEBPS/letter-1.xhtml" }?.range)
        #expect(publication.startOffset == letterOne.lowerBound, "the book opens at the guide's text reference")
        #expect(publication.cover == "OEBPS/cover.png")
        // Page 3's anchor is a span holding "[3]" (hidden by the book's CSS): the page starts there.
        #expect(publication.printPages?.page(labelled: "3")?.offset == Self.offset(of: "[3]", in: book.text))
    }

    /// Without `cover-image` or `<meta name="cover">`, the cover is the first image of the first spine item; a
    /// book with no image has none.
    @Test func theCoverFallsBackToTheFirstImage() throws {
        let image = EPUBTestArchive.Entry(name: "OEBPS/first.png", bytes: Self.tinyPNG)
        let book = try EPUBTestReading.read(EPUBTestArchive.book(chapters: [
            ("one.xhtml", EPUBTestArchive.xhtml("<p>Title</p><p><img src=\"first.png\" alt=\"x\"/></p>")),
            ("two.xhtml", EPUBTestArchive.xhtml("<p>Text.</p>")),
        ], extraEntries: [image]))
        #expect(book.coverImage == "OEBPS/first.png" && book.publication.cover == "OEBPS/first.png")
        let plain = try EPUBTestReading.read(EPUBTestArchive.book(chapters: [("one.xhtml", EPUBTestArchive.xhtml("<p>Text.</p>"))]))
        #expect(plain.publication.cover == nil)
    }

    /// A 1×1 PNG.
    static let tinyPNG: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
                                   0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53,
                                   0xDE, 0x00, 0x00, 0x00, 0x0C, 0x49, 0x44, 0x41, 0x54, 0x08, 0xD7, 0x63, 0xF8, 0xCF, 0xC0, 0x00,
                                   0x00, 0x03, 0x01, 0x01, 0x00, 0x18, 0xDD, 0x8D, 0xB0, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E,
                                   0x44, 0xAE, 0x42, 0x60, 0x82]

    /// A page-break marker without a label is no page; markers in a book without a page list are its pages; a
    /// book with neither has synthetic reference pages.
    @Test func markersWithoutLabelsAndBrokenPageListEntries() throws {
        let body = """
            <p>Before.<span epub:type="pagebreak" id="a"/> After a marker without a label.</p>
            <p>Then<span role="doc-pagebreak" aria-label="12"/> page twelve.</p>
            """
        let markers = try EPUBTestReading.read(EPUBTestArchive.book(chapters: [("one.xhtml", EPUBTestArchive.xhtml(body))]))
        #expect(markers.publication.printPages?.pages.map(\.label) == ["12"])
        #expect(markers.publication.printPages?.pages.first?.offset == Self.offset(of: "page twelve", in: markers.text),
                "a marker's page starts at the first character after it, as an id does, not at the space")
        let none = try EPUBTestReading.read(EPUBTestArchive.book(chapters: [("one.xhtml", EPUBTestArchive.xhtml("<p>No pages.</p>"))]))
        #expect(none.publication.printPages == nil)
        #expect(none.publication.referencePages.source == .synthetic)
    }
}
