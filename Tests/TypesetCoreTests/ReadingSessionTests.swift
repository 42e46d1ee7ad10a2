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

    /// A text of one long section (no chapters): `paragraphs` prose paragraphs of various lengths.
    static func chapterlessText(paragraphs: Int) throws -> StyledText {
        let words = ["the", "reader", "turned", "a", "page", "while", "long", "sentences", "wrapped", "over", "lines", "of",
                     "text", "and", "dialogue", "between", "them"]
        var generator = SplitMix64(seed: 21)
        var string = ""
        for p in 0..<paragraphs {
            let count = 5 + Int(generator.next() % 90)
            string += "Paragraph \(p): " + (0..<count).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: " ") + ".\n"
        }
        return StyledText(plain: string)
    }

    /// A chapterless book is one section: after a new family, only its paragraphs up to a little past the anchor's
    /// page are shaped before the page is shown, and that page (and those before it) are the whole book's; the
    /// rest follows, and page turns past what was shaped shape more. Sizes laid out again reuse every shaped
    /// paragraph and lay the whole section out.
    @Test func aLongSectionShowsTheAnchorsFinalPageBeforeItIsAllShaped() throws {
        let text = try Self.chapterlessText(paragraphs: 700)
        #expect(text.sectionStarts == [0])
        let publication = Publication(text: text, href: "book.txt")
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        var settings = Fixtures.settings
        settings.pageSize = Size(width: 320, height: 480)
        let anchor = text.length * 2 / 3
        let session = try ReadingSession(publication: publication, typesetter: typesetter, settings: ReaderSettings(typography: settings),
                                         at: anchor, completesInBackground: false)
        var sans = settings
        sans.fontFamily = "Noto Sans"
        for typography in [settings, sans] {
            let whole = try typesetter.layout(text, settings: typography)
            let page = try session.setTypography(typography)
            let expected = try #require(whole.pageIndex(containing: anchor))
            #expect(page.range == whole.pages[expected].range)
            #expect(page.layout.textRange.upperBound < text.length, "the whole section was shaped before the page")
            #expect(!page.pageCount.isExact)
            // Turning pages walks the whole book's pages, shaping further as it goes.
            var turned = page
            for index in (expected + 1)..<min(whole.pages.count, expected + 12) {
                turned = try #require(try session.nextPage())
                #expect(turned.range == whole.pages[index].range)
            }
            try session.go(to: anchor)
            #expect(try session.previousPage()?.range == whole.pages[expected - 1].range)
            try session.completeLayout()
            #expect(session.pageCount == PageCount(value: whole.pages.count, isExact: true))
            #expect(try session.go(to: anchor).range == whole.pages[expected].range)
        }
        // Back to the first family at another size: shaped already, the whole section is laid out at once.
        settings.fontSize = 23
        let whole = try typesetter.layout(text, settings: settings)
        let page = try session.setTypography(settings)
        #expect(page.layout.textRange == 0..<text.length)
        #expect(page.range.contains(session.anchor.position.offset))
        #expect(page.range == whole.pages[try #require(whole.pageIndex(containing: session.anchor.position.offset))].range)
    }

    /// The page count an app sees: updates as sections are laid out, the last one exact and equal to the whole
    /// book's; after a settings change, the new settings' exact count.
    @Test func pageCountUpdatesEndWithTheExactCount() async throws {
        let text = try Self.sectionedText(sections: 9, paragraphs: 20)
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let session = try ReadingSession(publication: Publication(text: text, href: "book.txt"), typesetter: typesetter,
                                         settings: ReaderSettings(typography: Fixtures.settings), at: text.length / 2)
        let updates = session.pageCountUpdates()
        _ = try session.currentPage()
        var last: PageCount?
        for await count in updates {
            last = count
            if count.isExact { break }
        }
        let whole = try typesetter.layout(text, settings: Fixtures.settings)
        #expect(last == PageCount(value: whole.pages.count, isExact: true))

        var bigger = Fixtures.settings
        bigger.fontSize = 26
        let again = session.pageCountUpdates()
        _ = try session.setTypography(bigger)
        var exact: PageCount?
        for await count in again where count.isExact && count.value != whole.pages.count {
            exact = count
            break
        }
        #expect(exact == PageCount(value: try typesetter.layout(text, settings: bigger).pages.count, isExact: true))
    }

    /// A book that opens with a title page and a table of contents (short lines) is estimated from its body, not
    /// from its first page's looks: within 10 % of the exact count on the first page shown.
    @Test func aBookOpeningWithATitlePageIsEstimatedWithinTenPercent() throws {
        var paragraphs: [Paragraph] = []
        var start = 0
        func add(_ string: String, _ style: ParagraphStyle) {
            let units = Array((string + "\n").utf16)
            paragraphs.append(Paragraph(start: start, units: units, contentRange: 0..<(units.count - 1), style: style))
            start += units.count
        }
        var heading = ParagraphStyle(role: .heading(level: 1))
        add("A Book", heading)
        for chapter in 1...40 { add("Chapter \(chapter)", ParagraphStyle(continuesBlock: true)) }
        let prose = try Self.chapterlessText(paragraphs: 40).paragraphs.map(\.contentString)
        for chapter in 1...40 {
            heading.startsSection = true
            add("Chapter \(chapter)", heading)
            for line in prose.dropFirst(chapter % 7) { add(line, .body) }
        }
        try Self.expectFirstEstimateWithinTenPercent(StyledText(paragraphs: paragraphs))
    }

    /// A book that opens with its cover (an image filling a page: Moby-Dick's EPUB, estimated at 2,720 pages for
    /// 1,150 when the cover's line was taken for a line of text, and so every line for a page tall), and the same
    /// with an illustration set as a block in every chapter: within 10 % of the exact count on the first page.
    @Test func aBookOpeningWithACoverImageIsEstimatedWithinTenPercent() throws {
        // Long paragraphs, as a novel's: few first lines to average the cover's height away.
        let lines = try Self.chapterlessText(paragraphs: 120).paragraphs.map(\.contentString)
        let prose = stride(from: 0, to: lines.count, by: 8).map { lines[$0..<min(lines.count, $0 + 8)].joined(separator: " ") }
        for illustrated in [false, true] {
            var paragraphs: [Paragraph] = []
            var start = 0
            func add(_ units: [UInt16], _ style: ParagraphStyle, runs: [AttributeRun]? = nil) {
                let units = units + [0x0A]
                paragraphs.append(Paragraph(start: start, units: units, contentRange: 0..<(units.count - 1),
                                            runs: runs ?? [AttributeRun(range: 0..<(units.count - 1), style: TextStyle())], style: style))
                start += units.count
            }
            func image(_ presentation: TextAttachment.Presentation, startsSection: Bool) {
                var style = ParagraphStyle.body
                style.startsSection = startsSection
                let attachment = TextAttachment(source: "cover.png", intrinsicSize: Size(width: 600, height: 900), presentation: presentation)
                add([0xFFFC], style, runs: [AttributeRun(range: 0..<1, style: TextStyle(attachment: attachment))])
            }
            image(.page, startsSection: true)
            for chapter in 1...30 {
                var heading = ParagraphStyle(role: .heading(level: 1))
                heading.startsSection = true
                add(Array("Chapter \(chapter)".utf16), heading)
                if illustrated { image(.block, startsSection: false) }
                for line in prose.dropFirst(chapter % 4) { add(Array(line.utf16), .body) }
            }
            try Self.expectFirstEstimateWithinTenPercent(StyledText(paragraphs: paragraphs))
        }
    }

    /// Books whose later sections are set narrower than the first (block quotes, indented verse, Aozora Bunko's
    /// indented blocks): the sections not laid out yet are estimated for the width their lines really have.
    @Test func indentedSectionsAreEstimatedForTheirWidth() throws {
        let prose = try Self.chapterlessText(paragraphs: 40).paragraphs.map(\.contentString)
        var paragraphs: [Paragraph] = []
        var start = 0
        for section in 0..<6 {
            for (index, line) in prose.enumerated() {
                var style = ParagraphStyle.body
                style.startsSection = index == 0
                if section > 0 { style.blockIndent = 6; style.endIndent = 3 }
                let units = Array((line + "\n").utf16)
                paragraphs.append(Paragraph(start: start, units: units, contentRange: 0..<(units.count - 1), style: style))
                start += units.count
            }
        }
        try Self.expectFirstEstimateWithinTenPercent(StyledText(paragraphs: paragraphs))
    }

    /// The page count shown with the first page of `text` is an estimate within 10 % of the exact count.
    static func expectFirstEstimateWithinTenPercent(_ text: StyledText, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let session = try Self.session(Publication(text: text, href: "book.txt"))
        let page = try session.currentPage()
        try session.completeLayout()
        let exact = Double(session.pageCount.value)
        #expect(!page.pageCount.isExact, sourceLocation: sourceLocation)
        #expect(abs(Double(page.pageCount.value) - exact) / exact < 0.1, "estimated \(page.pageCount), exactly \(exact)",
                sourceLocation: sourceLocation)
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
