import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// EPUB text through the layout core (bundled fonts only): what `typeset info` relies on, and the styles the
/// reader emits that only layout can check (hidden text, line breaks, sections).
@Suite struct EPUBLayoutTests {
    static func layout(_ text: StyledText) throws -> BookLayout {
        try Typesetter(fonts: try Fixtures.bundledFonts()).layout(text, settings: Fixtures.settings)
    }

    /// `typeset info` on Leaves of Grass: every TOC entry's page is the page that shows its heading, whole.
    @Test
    func tableOfContentsPagesShowTheirHeadings() throws {
        let book = try EPUBReader().read(path: Fixtures.corpusPath(EPUBCorpusTests.leavesOfGrass))
        let layout = try Self.layout(book.text)
        var checked = 0
        var previousPage = 0
        var split: [String] = []
        func check(_ entries: [EPUBTOCEntry]) {
            for entry in entries {
                guard let offset = entry.offset, let pageIndex = layout.pageIndex(containing: offset) else {
                    Issue.record("\(entry.title) has no page"); continue
                }
                let page = layout.pages[pageIndex]
                // TOC order is reading order: pages never go back.
                #expect(pageIndex >= previousPage, "\(entry.title)")
                previousPage = pageIndex
                if entry.href?.contains("#") == true {
                    // The heading's first line is drawn on that page.
                    #expect(page.range.contains(offset))
                    #expect(layout.lines(onPage: pageIndex).contains { $0.range.contains(offset) })
                    let end = offset + entry.title.utf16.count
                    if end > page.range.upperBound { split.append(entry.title) }
                    checked += 1
                }
                check(entry.children)
            }
        }
        check(book.tableOfContents)
        #expect(checked > 600)
        // The core's paginator does not keep a heading's lines together yet (CSS `break-inside: avoid`), so a
        // two-line heading can straddle a page break (9 of 674 at these settings).
        #expect(split.isEmpty, "\(split.count) headings straddle a page break: \(split.prefix(3))")
        // Every spine item starts a page.
        for item in book.spine {
            guard let range = item.range, !range.isEmpty else { continue }
            #expect(layout.pages.contains { $0.range.lowerBound == range.lowerBound }, "\(item.href)")
        }
    }

    /// Text hidden by `display: none` stays in the text (positions are stable) but takes no room.
    @Test func hiddenTextTakesNoRoom() throws {
        let css = ".gone { display: none }"
        let body = "<p>Visible one.</p><p class=\"gone\">Hidden paragraph that would take a line or two of room.</p><p>Visible two.</p>"
        let book = try XHTMLConversionTests.read(body, css: css)
        #expect(EPUBTestReading.paragraphs(book).count == 3)
        let layout = try Self.layout(book.text)
        let lines = layout.lines(onPage: 0)
        let hidden = lines.filter { $0.paragraphIndex == 1 }
        #expect(!hidden.isEmpty && hidden.allSatisfy { $0.rect.height == 0 })
        let visible = try #require(lines.first { $0.paragraphIndex == 2 })
        let first = try #require(lines.first { $0.paragraphIndex == 0 })
        // The second visible paragraph sits where it would with no hidden one between (one paragraph gap).
        let plain = try Self.layout(try XHTMLConversionTests.read("<p>Visible one.</p><p>Visible two.</p>", css: css).text)
        let plainLines = plain.lines(onPage: 0)
        #expect(abs((visible.rect.minY - first.rect.minY) - (plainLines[1].rect.minY - plainLines[0].rect.minY)) < 0.5)
    }

    /// `<br>` breaks lines; a block's final `<br>` adds no empty line; `<p><br/></p>` is one empty line.
    @Test func lineBreaksBreakLines() throws {
        let book = try XHTMLConversionTests.read("<p>one<br/>two<br/></p><p><br/></p><p>three</p>")
        let layout = try Self.layout(book.text)
        let lines = layout.lines(onPage: 0)
        #expect(lines.filter { $0.paragraphIndex == 0 }.count == 2)
        #expect(lines.filter { $0.paragraphIndex == 1 }.count == 1)
        #expect(lines.filter { $0.paragraphIndex == 2 }.count == 1)
    }

    /// Each spine item starts a new page, and a CSS page break does too.
    @Test func chaptersStartPages() throws {
        let archive = EPUBTestArchive.book(chapters: [
            ("one.xhtml", EPUBTestArchive.xhtml("<p>First chapter.</p><h2 class=\"break\">Part two</h2><p>More.</p>", stylesheet: true)),
            ("two.xhtml", EPUBTestArchive.xhtml("<p>Second chapter.</p>")),
        ], css: ".break { page-break-before: always }")
        let book = try EPUBTestReading.read(archive)
        let layout = try Self.layout(book.text)
        #expect(layout.pages.count == 3)
        #expect(layout.pages.map { book.text.string(in: $0.range).prefix(6) } == ["First ", "Part t", "Second"])
    }
}
