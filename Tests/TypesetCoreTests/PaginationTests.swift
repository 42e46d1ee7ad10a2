import Testing
import TypesetCore
import TypesetTestSupport

/// Page breaking rules that a layout dump would not make obvious.
@Suite struct PaginationTests {
    /// A text of `bodyLines` one-line body paragraphs, then a heading, then a body paragraph.
    static func text(bodyLines: Int) throws -> StyledText {
        try text((0..<bodyLines).map { ("Line \($0)", ParagraphStyle.body) }
                 + [("A Heading", ParagraphStyle(role: .heading(level: 2))), ("The paragraph after the heading.", .body)])
    }

    /// A text of one paragraph per string, each ended by a newline.
    static func text(_ paragraphs: [(String, ParagraphStyle)]) throws -> StyledText {
        var list: [Paragraph] = []
        var start = 0
        for (string, style) in paragraphs {
            let units = Array((string + "\n").utf16)
            list.append(Paragraph(start: start, units: units, contentRange: 0..<(units.count - 1), style: style))
            start += units.count
        }
        return try StyledText(paragraphs: list)
    }

    /// Wherever the page break falls, a heading is never the last thing on a page: it moves to the page of the
    /// paragraph that follows it.
    @Test func aHeadingStaysWithTheParagraphAfterIt() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        var settings = Fixtures.settings
        settings.pageSize = Size(width: 390, height: 400)
        var moved = 0
        for bodyLines in 1...12 {
            let text = try Self.text(bodyLines: bodyLines)
            let layout = try typesetter.layout(text, settings: settings)
            let heading = text.paragraphs[bodyLines].range.lowerBound
            let after = text.paragraphs[bodyLines + 1].range.lowerBound
            #expect(layout.pageIndex(containing: heading) == layout.pageIndex(containing: after),
                    "\(bodyLines) body lines: the heading is on page \(layout.pageIndex(containing: heading) ?? -1), its paragraph on \(layout.pageIndex(containing: after) ?? -1)")
            if layout.pageIndex(containing: heading) == 1, layout.pages[0].range.upperBound == heading { moved += 1 }
        }
        // Some of these page lengths leave room for the heading but not for the line after it.
        #expect(moved > 0)
    }

    /// With `orphansAndWidows` 2, wherever the page break falls, a paragraph never leaves one line alone on either
    /// side of it, and a heading stays with at least two lines of the paragraph after it; with the control off
    /// (1), some of these page lengths do leave a line alone.
    @Test func orphansAndWidowsAcrossPageBreaks() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let long = String(repeating: "A paragraph long enough to take several lines on the page. ", count: 4)
        let text = try Self.text((0..<6).map { ("Paragraph \($0). " + long, ParagraphStyle.body) }
                                 + [("A Heading", ParagraphStyle(role: .heading(level: 2))), (long, .body)])
        var settings = Fixtures.settings
        var uncontrolled = 0
        for height in stride(from: 300.0, through: 700, by: 23) {
            settings.pageSize = Size(width: 390, height: height)
            for minimum in [2, 1] {
                settings.orphansAndWidows = minimum
                let layout = try typesetter.layout(text, settings: settings)
                #expect(LayoutInvariants.violations(in: layout).isEmpty)
                var lines: [Line] = []
                var pageOf: [Int] = []
                for page in layout.pages.indices {
                    for line in layout.lines(onPage: page) { lines.append(line); pageOf.append(page) }
                }
                var lonely = 0
                for i in 1..<lines.count where pageOf[i] != pageOf[i - 1] && lines[i].paragraphIndex == lines[i - 1].paragraphIndex {
                    let count = lines.filter { $0.paragraphIndex == lines[i].paragraphIndex }.count
                    if lines[i].lineIndex == 1 || count - lines[i].lineIndex == 1 { lonely += 1 }
                }
                let heading = lines.firstIndex { $0.paragraphIndex == 6 }!
                if minimum == 2 {
                    #expect(lonely == 0, "height \(height)")
                    #expect(pageOf[heading] == pageOf[heading + 2], "height \(height): the heading is parted from its paragraph's second line")
                } else {
                    uncontrolled += lonely
                }
            }
        }
        #expect(uncontrolled > 0)
    }
}
