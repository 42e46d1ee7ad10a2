import Testing
import TypesetCore
import TypesetTestSupport

/// Right-to-left versions of the position vectors: an Arabic line, a Hebrew line, and a mixed line. Offsets are
/// logical, geometry is visual: left of a right-to-left line is its logical end, right of it its start.
@Suite struct PositionRightToLeftTests {
    static func layout(_ string: String, width: Double = 390) throws -> BookLayout {
        var settings = Fixtures.settings
        settings.pageSize = Size(width: width, height: 500)
        return try Typesetter(fonts: try Fixtures.bundledFonts()).layout(StyledText(plain: string), settings: settings)
    }

    @Test(arguments: ["السلام عليكم", "שלום עולם"])
    func rightToLeftLineEnds(_ string: String) throws {
        let layout = try Self.layout(string)
        let line = try #require(layout.lines(onPage: 0).first)
        #expect(line.direction == .rightToLeft)
        // Right-aligned: the line ends at the right margin.
        #expect(abs(line.rect.maxX - (390 - 24)) < 0.01)
        let y = line.rect.center.y
        #expect(layout.closestPosition(to: Point(x: line.rect.maxX + 10, y: y), onPage: 0).offset == 0)
        #expect(layout.closestPosition(to: Point(x: line.rect.minX - 10, y: y), onPage: 0).offset == string.utf16.count)
        // The right half of the rightmost (first) grapheme is its leading edge: offset 0; its left half: offset 1.
        let first = try #require(layout.firstRect(for: 0..<1))
        #expect(layout.closestPosition(to: Point(x: first.rect.maxX - 0.5, y: y), onPage: 0).offset == 0)
        #expect(layout.closestPosition(to: Point(x: first.rect.minX + 0.5, y: y), onPage: 0).offset == 1)
        // The caret at offset 0 is at the right edge; at the end, at the left edge.
        let startCaret = try #require(layout.caretRect(for: TextPosition(offset: 0)))
        let endCaret = try #require(layout.caretRect(for: TextPosition(offset: string.utf16.count)))
        #expect(startCaret.rect.center.x > endCaret.rect.center.x)
        // One selection rect, right to left.
        let rects = layout.selectionRects(for: 0..<string.utf16.count)
        #expect(rects.count == 1)
        #expect(rects.first?.writingDirection == .rightToLeft)
        // Moving right in right-to-left text goes to lower offsets.
        #expect(layout.position(from: TextPosition(offset: 3), in: .right, offset: 1)?.offset == 2)
        #expect(layout.position(from: TextPosition(offset: 3), in: .left, offset: 1)?.offset == 4)
    }

    /// A paragraph marked right to left (`dir="rtl"`) whose text is all Latin: the line sits at the right margin,
    /// but its letters keep their left-to-right order (they once were drawn reversed, "erehT").
    @Test func latinTextInARightToLeftParagraphKeepsItsOrder() throws {
        let string = "There was nothing"
        var style = ParagraphStyle.body
        style.baseDirection = .rightToLeft
        let units = Array(string.utf16)
        let text = try StyledText(paragraphs: [Paragraph(start: 0, units: units, contentRange: 0..<units.count, style: style)])
        var settings = Fixtures.settings
        settings.pageSize = Size(width: 390, height: 500)
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(text, settings: settings)
        let line = try #require(layout.lines(onPage: 0).first)
        #expect(abs(line.rect.maxX - (390 - 24)) < 0.01)
        let t = try #require(layout.firstRect(for: 0..<1)), e = try #require(layout.firstRect(for: 4..<5))
        #expect(t.rect.minX < e.rect.minX)
        // The words run left to right too: "There" is left of "nothing".
        let nothing = try #require(layout.firstRect(for: 10..<11))
        #expect(t.rect.minX < nothing.rect.minX)
    }

    @Test func mixedLineSplitsSelectionByDirection() throws {
        // "Read שלום here": an LTR paragraph with a Hebrew word (offsets 5..<9).
        let string = "Read שלום here"
        let layout = try Self.layout(string)
        let line = try #require(layout.lines(onPage: 0).first)
        #expect(line.direction == .leftToRight)
        let hebrew = layout.selectionRects(for: 5..<9)
        #expect(hebrew.count == 1)
        #expect(hebrew.first?.writingDirection == .rightToLeft)
        // "d שלום" crosses the direction boundary: two rects, one per run.
        let crossing = layout.selectionRects(for: 3..<9)
        #expect(crossing.count == 2)
        #expect(Set(crossing.map(\.writingDirection)) == [.leftToRight, .rightToLeft])
        #expect(crossing.filter(\.containsStart).count == 1 && crossing.filter(\.containsEnd).count == 1)
        // Inside the Hebrew word the first letter (offset 5) is drawn rightmost.
        let shin = try #require(layout.firstRect(for: 5..<6)), mem = try #require(layout.firstRect(for: 8..<9))
        #expect(shin.rect.minX > mem.rect.minX)
        // Every point along the line maps to a grapheme boundary of the line.
        for step in 0...100 {
            let x = line.rect.minX + line.rect.width * Double(step) / 100
            let offset = layout.closestPosition(to: Point(x: x, y: line.rect.center.y), onPage: 0).offset
            #expect((0...string.utf16.count).contains(offset))
        }
    }

    @Test func arabicLigaturesNeverSplitGraphemes() throws {
        let string = "لا إله إلا الله"
        let layout = try Self.layout(string)
        let boundaries = GraphemeBoundaries(layout.text)
        let line = try #require(layout.lines(onPage: 0).first)
        for step in 0...200 {
            let x = line.rect.minX - 5 + (line.rect.width + 10) * Double(step) / 200
            let offset = layout.closestPosition(to: Point(x: x, y: line.rect.center.y), onPage: 0).offset
            #expect(boundaries.contains(offset), "x \(x) gave \(offset)")
        }
    }
}
