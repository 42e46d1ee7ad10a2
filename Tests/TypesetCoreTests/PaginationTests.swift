import Testing
import TypesetCore
import TypesetTestSupport

/// Page breaking rules that a layout dump would not make obvious.
@Suite struct PaginationTests {
    /// A text of `bodyLines` one-line body paragraphs, then a heading, then a body paragraph.
    static func text(bodyLines: Int) throws -> StyledText {
        var paragraphs: [Paragraph] = []
        var start = 0
        func add(_ string: String, style: ParagraphStyle) {
            let units = Array((string + "\n").utf16)
            paragraphs.append(Paragraph(start: start, units: units, contentRange: 0..<(units.count - 1), style: style))
            start += units.count
        }
        for i in 0..<bodyLines { add("Line \(i)", style: .body) }
        add("A Heading", style: ParagraphStyle(role: .heading(level: 2)))
        add("The paragraph after the heading.", style: .body)
        return try StyledText(paragraphs: paragraphs)
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
}
