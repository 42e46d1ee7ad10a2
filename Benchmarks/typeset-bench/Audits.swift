import Foundation
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// The corpus books the audits read: every text book and every EPUB of `Tests/Corpus`.
func auditedBooks() -> [String] {
    // Moby-Dick's opens at a cover image (a page-filling image), The Waste Land's ends with its notes.
    let epubs = ["austen-pride-and-prejudice.pg-epub2.epub", "curry-clippinger-childrens-literature.epub",
                 "khayat-le-vrai-regime-anticancer.ar.epub", "whitman-leaves-of-grass.se-epub3.epub",
                 "melville-moby-dick.epub3.epub", "eliot-the-waste-land.epub"]
    return Fixtures.corpusTextBooks + epubs
}

/// `typeset-bench --page-breaks`: for every corpus book at the default settings (bundled fonts only), where its
/// page breaks come from (``PageBreakAudit``): section starts that are neither a resource's start nor a heading
/// are breaks the book did not ask for, and pages that end with room for three more lines at no book break are
/// pages a reader sees end early.
func pageBreakAudit() throws {
    let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
    let settings = TypographySettings()
    print("page breaks at the default settings (\(settings.fontFamily) \(Int(settings.fontSize)) pt, \(Int(settings.pageSize.width))×\(Int(settings.pageSize.height)) pt), bundled fonts")
    print(pad("book", 52) + pad("pages", 7, right: true) + pad("sections", 10, right: true) + pad("CSS", 5, right: true)
          + pad("at other starts", 17, right: true) + pad("short pages", 13, right: true) + "  first short pages")
    var totals = (pages: 0, other: 0, short: 0)
    for name in auditedBooks() {
        let publication = try Fixtures.corpusPublication(name)
        let layout = try typesetter.layout(publication.text, settings: settings)
        let audit = PageBreakAudit(layout: layout, publication: publication)
        totals.pages += layout.pages.count
        totals.other += audit.atOtherSectionStarts
        totals.short += audit.shortPages
        print(pad(name, 52) + pad(grouped(layout.pages.count), 7, right: true)
              + pad(grouped(publication.text.sectionStarts.count), 10, right: true)
              + pad(String(PageBreakAudit.cssBreaks(in: publication)), 5, right: true)
              + pad(String(audit.atOtherSectionStarts), 17, right: true) + pad(String(audit.shortPages), 13, right: true)
              + "  " + audit.shortPageExamples.prefix(5).map { String($0 + 1) }.joined(separator: ", "))
    }
    print(pad("all", 52) + pad(grouped(totals.pages), 7, right: true) + pad("", 15) + pad(String(totals.other), 17, right: true)
          + pad(String(totals.short), 13, right: true))
}

/// `typeset-bench --page-counts`: for every corpus book, a reading session opened cold at the start of the book,
/// and one opened cold in its middle and then given a new size, then a new family (bundled fonts, background
/// completion on): the page count the first page reports against the exact count, and the time from the first
/// page until the count is exact.
func pageCountAudit() throws {
    let fonts = try Fixtures.bundledFonts()
    var base = ReaderSettings()
    base.typography.fontFamily = "Georgia"
    var bigger = base
    bigger.typography.fontSize = 25
    var sans = bigger
    sans.typography.fontFamily = "Noto Sans"
    sans.typography.margins = EdgeInsets(all: 40)
    let steps: [(String, ReaderSettings)] = [("open at the start", base), ("open mid-book, Georgia 19", base),
                                             ("size 25", bigger), ("Noto Sans, margins 40", sans)]
    print("page counts: estimate on the first page shown vs the exact count, and the time until exact (ms after the first page)")
    print(pad("book", 52) + steps.map { pad($0.0, 34, right: true) }.joined())
    var worst = 0.0
    for name in auditedBooks() {
        let publication = try Fixtures.corpusPublication(name)
        let typesetter = Typesetter(fonts: fonts)
        var session: ReadingSession?
        var cells: [String] = []
        for (step, (_, settings)) in steps.enumerated() {
            if step == 1 { session = nil }
            let start = nowMilliseconds()
            let page: ReaderPage
            if let session {
                page = try session.setSettings(settings)
            } else {
                let opened = try ReadingSession(publication: publication, typesetter: typesetter, settings: settings,
                                                at: step == 0 ? 0 : publication.text.length / 2)
                session = opened
                page = try opened.currentPage()
            }
            let shown = nowMilliseconds()
            guard let session else { continue }
            while !session.pageCount.isExact { usleep(200) }
            let exact = nowMilliseconds()
            let count = session.pageCount.value
            let error = Double(page.pageCount.value - count) / Double(max(1, count)) * 100
            if !page.pageCount.isExact { worst = max(worst, abs(error)) }
            cells.append(String(format: "%@ / %d (%+.1f%%) %.0f+%.0f ms", page.pageCount.description, count, error,
                                shown - start, exact - shown))
        }
        print(pad(name, 52) + cells.map { pad($0, 34, right: true) }.joined())
    }
    print(String(format: "largest error of an estimate: %.1f%%", worst))
}
