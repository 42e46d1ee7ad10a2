import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// The reading session: a sticky anchor, section-by-section layout, exact and estimated page numbers.
@Suite struct ReadingSessionTests {
    static let prideAndPrejudiceEPUB = "austen-pride-and-prejudice.pg-epub2.epub"

    /// A text of `sections` sections of `paragraphs` body paragraphs each.
    static func sectionedText(sections: Int, paragraphs: Int) throws -> StyledText {
        var list: [Paragraph] = []
        var start = 0
        for s in 0..<sections {
            for p in 0..<paragraphs {
                let string = "Section \(s), paragraph \(p): " + String(repeating: "words that fill the line and wrap. ", count: 1 + (s * 7 + p) % 6) + "\n"
                let units = Array(string.utf16)
                var style = ParagraphStyle.body
                style.startsSection = p == 0
                list.append(Paragraph(start: start, units: units, contentRange: 0..<(units.count - 1), style: style))
                start += units.count
            }
        }
        return try StyledText(paragraphs: list)
    }

    static func session(_ publication: Publication, settings: TypographySettings = Fixtures.settings, at offset: Int = 0) throws -> ReadingSession {
        try ReadingSession(publication: publication, typesetter: Typesetter(fonts: try Fixtures.bundledFonts()),
                           settings: ReaderSettings(typography: settings), at: offset, completesInBackground: false)
    }

    /// Laid out section by section, the pages are exactly those of the whole-book layout: the page a session
    /// shows first is final, and its number, once exact, is the whole-book page index.
    @Test func sectionPagesAreTheWholeBookPages() throws {
        let text = try Self.sectionedText(sections: 7, paragraphs: 40)
        let publication = Publication(text: text, href: "book.txt")
        var settings = Fixtures.settings
        settings.pageSize = Size(width: 320, height: 400)
        let whole = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(text, settings: settings)
        let session = try Self.session(publication, settings: settings)
        var ranges: [Range<Int>] = []
        var page: ReaderPage? = try session.currentPage()
        #expect(page?.pageCount.isExact == false)
        while let current = page {
            ranges.append(current.range)
            page = try session.nextPage()
        }
        #expect(ranges == whole.pages.map(\.range))
        try session.completeLayout()
        #expect(session.pageCount.value == whole.pages.count && session.pageCount.isExact)
        for index in stride(from: 0, to: whole.pages.count, by: 5) {
            let shown = try session.go(to: whole.pages[index].range.lowerBound + 1)
            #expect(shown.number == index)
            #expect(shown.range == whole.pages[index].range)
        }
    }

    /// Page turns move the anchor to the first grapheme of the new page; going back from a section's first
    /// page lands on the previous section's last page; totalProgression goes from 0 to exactly 1 and never back.
    @Test func pageTurnsAndProgression() throws {
        let text = try Self.sectionedText(sections: 3, paragraphs: 30)
        let session = try Self.session(Publication(text: text, href: "book.txt"))
        var progressions: [Double] = []
        var turns = 0
        repeat {
            let page = try session.currentPage()
            #expect(session.anchor.position.offset == page.range.lowerBound || turns == 0)
            progressions.append(try session.currentLocator().locations.totalProgression ?? -1)
            turns += 1
        } while try session.nextPage() != nil
        #expect(progressions.first == 0)
        #expect(progressions.last == 1)
        #expect(zip(progressions, progressions.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(try session.nextPage() == nil)
        var back = 0
        while try session.previousPage() != nil { back += 1 }
        #expect(back == turns - 1)
        #expect(session.anchor.position.offset == 0)
    }

    /// The drift test (small: P&P's EPUB, 20 anchors × 12 changes; `TYPESET_FULL_DRIFT=1` runs War and Peace,
    /// 1,000 anchors × 100 changes, in a release build): after any number of settings changes the anchor is on
    /// the page shown, and returning to the first settings shows exactly the first page again.
    @Test func theAnchorNeverDrifts() throws {
        let full = ProcessInfo.processInfo.environment["TYPESET_FULL_DRIFT"] == "1"
        let name = full ? "tolstoy-war-and-peace.txt" : Self.prideAndPrejudiceEPUB
        let publication = try Fixtures.corpusPublication(name)
        let (anchors, changes) = full ? (1000, 100) : (20, 12)
        var generator = SplitMix64(seed: 2026)
        let first = Fixtures.settings
        let session = try Self.session(publication, settings: first)
        let length = publication.text.length
        var checks = 0
        for _ in 0..<anchors {
            try session.setTypography(first)
            let shown = try session.go(to: Int(generator.next() % UInt64(length + 1)))
            let anchor = session.anchor.position.offset
            try #require(shown.range.contains(anchor) || anchor == length)
            for _ in 0..<changes {
                let page = try session.setTypography(Fixtures.randomSettings(using: &generator))
                #expect(page.range.contains(anchor) || (anchor == length && page.range.upperBound == length),
                        "anchor \(anchor) not on the page shown (\(page.range)) under \(session.settings)")
                #expect(session.anchor.position.offset == anchor)
                checks += 1
            }
            let back = try session.setTypography(first)
            #expect(back.range == shown.range, "returning to the first settings showed \(back.range), not \(shown.range)")
        }
        if full { print("drift: \(anchors) anchors × \(changes) changes = \(checks) relayouts, \(publication.text.sectionStarts.count) sections, no drift") }
    }

    /// Page numbers are estimates until every section is laid out, then exact; the count of an estimate is
    /// never below the number of the page shown.
    @Test func pageCountsBecomeExact() throws {
        let text = try Self.sectionedText(sections: 12, paragraphs: 20)
        let session = try Self.session(Publication(text: text, href: "book.txt"), at: text.length / 2)
        let page = try session.currentPage()
        #expect(!page.pageCount.isExact)
        #expect(page.pageCount.value > page.number)
        #expect(session.sectionsLaidOut == 1)
        try session.completeLayout()
        let exact = try session.currentPage()
        #expect(exact.pageCount.isExact)
        #expect(exact.range == page.range)
    }

    /// A session that completes in the background reaches an exact count on its own.
    @Test func backgroundCompletion() async throws {
        let text = try Self.sectionedText(sections: 10, paragraphs: 15)
        let session = try ReadingSession(publication: Publication(text: text, href: "book.txt"),
                                         typesetter: Typesetter(fonts: try Fixtures.bundledFonts()),
                                         settings: ReaderSettings(typography: Fixtures.settings))
        _ = try session.currentPage()
        var waited = 0
        while !session.pageCount.isExact && waited < 600 {
            try await Task.sleep(nanoseconds: 50_000_000)
            waited += 1
        }
        #expect(session.pageCount.isExact)
        #expect(session.sectionsLaidOut == 10)
    }

    /// In scroll mode the page is the section's scroll column, the anchor's line is at `scrollOffset` (its top at
    /// the top margin), and settings changes keep the anchor's line there.
    @Test func scrollModeKeepsTheAnchorLineAtTheTop() throws {
        let text = try Self.sectionedText(sections: 3, paragraphs: 30)
        let session = try ReadingSession(publication: Publication(text: text, href: "book.txt"),
                                         typesetter: Typesetter(fonts: try Fixtures.bundledFonts()),
                                         settings: ReaderSettings(typography: Fixtures.settings, mode: .scroll),
                                         completesInBackground: false)
        let start = try session.currentPage()
        let scrolled = session.scroll(toY: 900, inSectionOf: start)
        let anchor = session.anchor.position.offset
        #expect(anchor > 0)
        var generator = SplitMix64(seed: 9)
        for _ in 0..<8 {
            let page = try session.setTypography(Fixtures.randomSettings(using: &generator))
            let caret = try #require(page.layout.caretRect(for: TextPosition(offset: anchor)))
            let line = try #require(page.layout.lines(onPage: page.pageIndex).first { $0.range.contains(anchor) })
            #expect(abs(page.scrollOffset - (line.rect.minY - session.settings.typography.margins.top)) < 0.01)
            #expect(caret.rect.minY >= line.rect.minY)
            #expect(session.anchor.position.offset == anchor)
        }
        #expect(try session.setTypography(Fixtures.settings).scrollOffset == scrolled.scrollOffset)
    }

    @Test func badOffsetsAreReported() throws {
        let text = try Self.sectionedText(sections: 2, paragraphs: 3)
        let session = try Self.session(Publication(text: text, href: "book.txt"))
        #expect(throws: ReadingError.offsetOutOfRange(text.length + 1, length: text.length)) { try session.go(to: text.length + 1) }
        #expect(throws: ReadingError.offsetOutOfRange(-1, length: text.length)) { try session.go(to: -1) }
        #expect(session.anchor.position.offset == 0)
        var bad = Fixtures.settings
        bad.fontSize = .nan
        #expect(throws: InvalidSetting.self) { try session.setTypography(bad) }
        #expect(session.settings.typography == Fixtures.settings)
    }
}
