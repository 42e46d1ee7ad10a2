import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// Print pages in a reading session: the labels a page shows stay with the text under any settings, a Locator
/// carries the one at its place, a reader goes to a page by its label; synthetic reference pages for a book
/// without print pages; the labels drawn in the margin.
@Suite struct PrintPageTests {
    static var epub3: String { Fixtures.repositoryRoot + "/Tests/Fixtures/navigation/navigation-epub3.epub" }

    static func session(_ publication: Publication, size: Double = 19, at offset: Int? = nil) throws -> ReadingSession {
        var settings = ReaderSettings(typography: Fixtures.settings)
        settings.typography.fontSize = size
        return try ReadingSession(publication: publication, typesetter: Typesetter(fonts: try Fixtures.bundledFonts()),
                                  settings: settings, at: offset, completesInBackground: false)
    }

    /// Every page shows the print page in effect at its top and those starting on it; at any size the print page
    /// at the reading position is the same, and the Locator says it.
    @Test func printPagesOnScreenAcrossAFontChange() throws {
        let publication = try EPUBReader().read(path: Self.epub3).publication
        let pages = try #require(publication.printPages)
        let six = try #require(pages.page(labelled: "6")?.offset)
        let session = try Self.session(publication, at: six + 40)
        var shownAtSizes: [[String]] = []
        for size in [19.0, 30, 12, 19] {
            var settings = session.settings
            settings.typography.fontSize = size
            let page = try session.setSettings(settings)
            let labels = page.referencePages.map(\.label)
            shownAtSizes.append(labels)
            #expect(page.referencePageSource == .pageList)
            #expect(labels.contains("6"), "size \(size): the anchor is on print page 6, the page shows \(labels)")
            // The labels are those of the pages whose range meets the screen page, in order.
            let starting = pages.pages.filter { $0.offset >= page.range.lowerBound && $0.offset < page.range.upperBound }
            #expect(Array(labels.suffix(starting.count)) == starting.map(\.label))
            #expect(try session.currentLocator().locations.printPage == "6")
        }
        #expect(shownAtSizes.first == shownAtSizes.last, "the same settings show the same print pages")
        #expect(shownAtSizes[1].count <= shownAtSizes[2].count, "a larger size shows no more print pages than a smaller")
        // Every page of the book, turned through: each print page is shown, in order, none skipped.
        let walk = try Self.session(publication, at: 0)
        var page: ReaderPage? = try walk.go(toPageAt: 0)
        var seen: [String] = []
        while let current = page {
            for label in current.referencePages.map(\.label) where seen.last != label { seen.append(label) }
            page = try walk.nextPage()
        }
        #expect(seen == pages.pages.map(\.label), "\(seen)")
    }

    @Test func goToAPrintPageByItsLabel() throws {
        let publication = try EPUBReader().read(path: Self.epub3).publication
        let pages = try #require(publication.printPages)
        let session = try Self.session(publication)
        for label in ["ii", "3", "7", "9"] {
            let page = try session.go(toPrintPage: label)
            let start = try #require(pages.page(labelled: label)?.offset)
            #expect(page.range.contains(start) || page.range.lowerBound == start, "print page \(label)")
            #expect(page.referencePages.map(\.label).contains(label))
            #expect(session.anchor.position.offset == page.range.lowerBound)
        }
        #expect(try session.go(toPrintPage: "II").referencePages.map(\.label).contains("ii"))
        let before = session.anchor
        #expect(throws: ReadingError.noSuchPrintPage("xlii")) { try session.go(toPrintPage: "xlii") }
        #expect(session.anchor == before)
        // A Locator carrying only a print page (a citation) resolves to the page's start.
        let resource = try #require(publication.resources.first { $0.href == "OEBPS/chapter-2.xhtml" })
        var citation = Locator(href: resource.href, type: resource.mediaType)
        citation.locations.printPage = "7"
        let resolution = try publication.resolve(citation)
        #expect(resolution.method == .printPage && resolution.offset == pages.page(labelled: "7")?.offset)
        // It survives JSON under its own key, beside Readium's.
        let json = try JSONEncoder().encode(citation)
        #expect(String(decoding: json, as: UTF8.self).contains("\"typesetPrintPage\":\"7\""))
        #expect(try JSONDecoder().decode(Locator.self, from: json).locations.printPage == "7")
        citation.locations.printPage = "99"
        #expect(throws: LocatorError.self) { try publication.resolve(citation) }
    }

    /// A book without print pages has synthetic reference pages, Readium's positions, the same under any settings,
    /// said to be synthetic; a page shows the positions it holds, and "go to page 3" goes to position 3.
    @Test func syntheticReferencePagesForABookWithout() throws {
        let publication = try Fixtures.corpusPublication("kafka-die-verwandlung.de.txt")
        #expect(publication.printPages == nil)
        let reference = publication.referencePages
        #expect(reference.source == .synthetic && !reference.isPrintEdition)
        #expect(reference.pages.map(\.label) == publication.positions.map { String($0.number) })
        #expect(reference.pages.map(\.offset) == publication.positions.map(\.offset))
        let session = try Self.session(publication, at: 20_000)
        for size in [19.0, 28] {
            var settings = session.settings
            settings.typography.fontSize = size
            let page = try session.setSettings(settings)
            #expect(page.referencePageSource == .synthetic)
            #expect(page.referencePages == reference.pages(in: page.range))
            #expect(page.referencePages.map(\.label).contains(String(20_000 / Publication.charactersPerPosition + 1)))
            #expect(try session.currentLocator().locations.printPage == nil, "a synthetic page is the Locator's position, not a print page")
        }
        let third = try session.go(toPrintPage: "3")
        #expect(third.range.contains(2 * Publication.charactersPerPosition))
        #expect(throws: ReadingError.noSuchPrintPage("0")) { try session.go(toPrintPage: "0") }
    }

    /// `pages(in:)`: the page in effect at a range's start, then those starting in it; several at one place (a
    /// blank page) all shown; nothing before the first page break.
    @Test func pagesInARange() {
        let list = PrintPageList(source: .pageBreaks, pages: [PrintPage(label: "2", offset: 100), PrintPage(label: "1", offset: 10),
                                                             PrintPage(label: "3", offset: 100), PrintPage(label: "4", offset: 250)])
        #expect(list.pages.map(\.label) == ["1", "2", "3", "4"], "sorted by offset, ties in the book's order")
        #expect(list.pages(in: 0..<5).isEmpty)
        #expect(list.pages(in: 0..<50).map(\.label) == ["1"])
        #expect(list.pages(in: 50..<120).map(\.label) == ["1", "2", "3"])
        #expect(list.pages(in: 100..<120).map(\.label) == ["2", "3"])
        #expect(list.pages(in: 120..<250).map(\.label) == ["3"])
        #expect(list.pages(in: 250..<250).map(\.label) == ["4"])
        #expect(list.page(at: 99)?.label == "1" && list.page(at: 100)?.label == "3" && list.page(at: 9) == nil)
    }

    /// The labels drawn in the margin: one run per place where print pages start on the page, on the baseline of the
    /// line holding the break, in the outer margin, outside the text column.
    @Test func marginLabelsStandBesideTheirLines() throws {
        let publication = try EPUBReader().read(path: Self.epub3).publication
        var settings = Fixtures.settings
        settings.margins = EdgeInsets(top: 24, left: 40, bottom: 24, right: 40)
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(publication.text, settings: settings)
        let pages = try #require(publication.printPages)
        var drawn: [String] = []
        for index in layout.pages.indices {
            for run in layout.printPageLabelRuns(onPage: index) {
                let line = try #require(layout.lines(onPage: index).last { $0.range.lowerBound <= run.range.lowerBound })
                #expect(run.baseline == line.baseline)
                #expect(run.minX >= settings.contentRect.maxX && run.maxX <= settings.pageSize.width)
                #expect(layout.pages[index].range.contains(run.range.lowerBound))
                drawn += pages.pages.filter { $0.offset == run.range.lowerBound }.map(\.label)
            }
        }
        #expect(drawn == pages.pages.map(\.label), "every print page is labelled once, on the page where it starts")
    }
}
