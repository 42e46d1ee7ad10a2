import Testing
@testable import TypesetCore
import TypesetTestSupport

/// Floats in vertical text (CSS Writing Modes 4 §7.2 with CSS 2.1 §9.5 in flow-relative terms): `left` is
/// line-left, the top of a column, in `vertical-rl` and `vertical-lr` alike, and the float stands where it occurs in
/// the block-flow direction. The float step works in the line frame, so a generated family of floats (sides,
/// widths, text lengths, both vertical modes) is laid out horizontal and vertical and compared there: every line
/// (the float's and those beside it) at the same line-frame place, no line over a float on the page, the float
/// at the page's top or bottom, and the position model round-tripping on every vertical page.
@Suite struct VerticalFloatTests {
    /// The line frame's size: lines `lineWidth` long plus 16 pt margins, `blockExtent` across lines.
    static func layout(_ text: StyledText, mode: WritingMode, lineWidth: Double = 260, blockExtent: Double = 300) throws -> BookLayout {
        var text = text
        text.writingMode = mode
        var settings = Fixtures.settings
        settings.margins = EdgeInsets(all: 16)
        let frame = Size(width: lineWidth, height: blockExtent)
        settings.pageSize = LineFrame.pageSize(frame, mode: mode)
        return try Typesetter(fonts: try Fixtures.bundledFonts()).layout(text, settings: settings)
    }

    /// The family: side, width, the float's text, sentences after it.
    static let family: [(BlockFloat.Side, TextAttachment.Length?, String, Int)] = [
        (.left, .points(90), "A floated note over a few lines of its own.", 3),
        (.right, .points(110), "A floated note over a few lines of its own.", 3),
        (.left, nil, "Note 4", 2), (.right, nil, "10", 2),
        (.right, .percent(45), "A floated note that wraps over several of its own lines, a longer one.", 5),
        (.left, .ems(30), "Wider than the column.", 2),
        (.left, .points(80), String(repeating: "A float taller than the room left on the page. ", count: 6), 4),
    ]

    @Test(arguments: Self.family.indices, [WritingMode.verticalRightToLeft, .verticalLeftToRight])
    func verticalFloatsAreTheHorizontalOnesTurned(_ member: Int, _ mode: WritingMode) throws {
        let (side, width, floatText, sentences) = Self.family[member]
        let text = try FloatLayoutTests.text(side: side, width: width, floatText: floatText, sentences: sentences)
        let horizontal = try Self.layout(text, mode: .horizontal)
        let vertical = try Self.layout(text, mode: mode)
        let label = "\(mode.rawValue) \(side) \(String(describing: width)) \(floatText.prefix(10))"
        #expect(LayoutInvariants.violations(in: vertical).isEmpty, "\(label): \(LayoutInvariants.violations(in: vertical))")
        #expect(horizontal.pages.count == vertical.pages.count, "\(label)")
        var floatsBeside = 0
        for page in vertical.pages.indices {
            #expect(vertical.pages[page].writingMode == mode)
            let frame = vertical.frame(page: page)
            let lines = vertical.lines(onPage: page), flat = horizontal.lines(onPage: page)
            #expect(lines.map(\.range) == flat.map(\.range), "\(label): page \(page)'s lines")
            // Each line's line-frame rectangle is the horizontal one: the float step is the same.
            for (line, reference) in zip(lines, flat) {
                let turned = Self.lineFrame(line.rect, frame)
                #expect(abs(turned.minX - reference.rect.minX) < 0.01 && abs(turned.minY - reference.rect.minY) < 0.01
                        && abs(turned.width - reference.rect.width) < 0.01,
                        "\(label): line \(line.paragraphIndex).\(line.lineIndex) at \(turned) in the line frame, horizontally \(reference.rect)")
            }
            let floated = lines.filter { $0.paragraphIndex == 1 }
            guard let float = floated.map(\.rect).reduce(nil, { ($0 ?? $1).union($1) }) else { continue }
            for line in lines where line.paragraphIndex != 1 {
                #expect(!FloatLayoutTests.overlaps(line.rect, float), "\(label): line \(line.paragraphIndex).\(line.lineIndex) \(line.rect) over the float's \(float)")
                if line.rect.maxX > float.minX && line.rect.minX < float.maxX { floatsBeside += 1 }
            }
            // Line-left is the top of the page in both vertical modes, line-right its bottom.
            let column = vertical.settings.contentRect
            if side == .left { #expect(abs(float.minY - column.minY) < 1, "\(label): a left float at the top, \(float)") }
            if side == .right { #expect(float.minY > column.center.y && float.maxY <= column.maxY + 0.5, "\(label): a right float at the bottom, \(float)") }
        }
        // A narrow float has text beside it (on the same columns of the page).
        if case .points = width, floatText.count < 60 { #expect(floatsBeside > 0, "\(label): no text beside the float") }
        _ = MixedWritingModeTests.checkPositions(horizontal)
        let checked = MixedWritingModeTests.checkPositions(vertical)
        #expect(checked.carets > 100)
    }

    /// A float in vertical text is not set in the flow: its page differs from the same text without the float.
    @Test(arguments: [WritingMode.verticalRightToLeft, .verticalLeftToRight])
    func aFloatChangesTheVerticalPage(_ mode: WritingMode) throws {
        let floated = try FloatLayoutTests.text(side: .left, width: .points(90), floatText: "A floated note.", sentences: 2)
        var inFlow = ParagraphStyle.body
        inFlow.continuesBlock = true
        let plain = try PaginationTests.text([("Before the float.", .body), ("A floated note.", inFlow),
                                              (String(repeating: FloatLayoutTests.words, count: 2), .body), ("After the text.", .body)])
        let withFloat = try Self.layout(floated, mode: mode), without = try Self.layout(plain, mode: mode)
        let note = try #require(withFloat.lines(onPage: 0).first { $0.paragraphIndex == 1 })
        let next = try #require(withFloat.lines(onPage: 0).first { $0.paragraphIndex == 2 })
        // The note's column is 90 pt long, and the text's first column starts below it, on the same columns.
        #expect(note.rect.height <= 90.5 && next.rect.minY >= note.rect.maxY - 0.5)
        #expect(next.rect.minX < note.rect.maxX && note.rect.minX < next.rect.maxX, "the text beside the note, \(next.rect) and \(note.rect)")
        #expect(withFloat.lines(onPage: 0).map(\.rect) != without.lines(onPage: 0).map(\.rect))
    }

    /// A float near the end of a page: the lines of the paragraph beside it that do not fit on the page go on at
    /// the next page's full width, not still shortened beside a float that is not there (in every mode: the float
    /// step is one). A family of floats moved down the page line by line.
    @Test(arguments: [WritingMode.horizontal, .verticalRightToLeft, .verticalLeftToRight])
    func linesBesideAFloatThatGoOnTheNextPageHaveTheFullWidth(_ mode: WritingMode) throws {
        var shortened: [String] = []
        for before in 0..<12 { for width in [60.0, 90.0] {
            var paragraphs: [(String, ParagraphStyle)] = (0..<before).map { ("Line \($0) of the text before.", .body) }
            var floated = ParagraphStyle.body
            floated.float = BlockFloat(side: .left, width: .points(width))
            // Off the text's line grid, so that a line may start beside the float and end below the page.
            floated.lineHeight = 2.1
            paragraphs.append(("A floated note over a few lines of its own, and more.", floated))
            paragraphs.append((String(repeating: FloatLayoutTests.words, count: 3), .body))
            let layout = try Self.layout(try PaginationTests.text(paragraphs), mode: mode)
            let left = 16.0
            for page in layout.pages.indices where !layout.lines(onPage: page).contains(where: { $0.paragraphIndex == before }) {
                let frame = layout.frame(page: page)
                for line in layout.lines(onPage: page) where line.paragraphIndex == before + 1 {
                    let x = Self.lineFrame(line.rect, frame).minX
                    if abs(x - left) > 0.01 { shortened.append("\(before) before, \(width): page \(page) line \(line.lineIndex) at \(x)") }
                }
            }
        } }
        #expect(shortened.isEmpty, "\(mode.rawValue): \(shortened)")
    }

    /// The line-frame rectangle of a page rectangle (`frame` turns the other way).
    static func lineFrame(_ rect: Rect, _ frame: LineFrame) -> Rect {
        let a = frame.line(Point(x: rect.minX, y: rect.minY)), b = frame.line(Point(x: rect.maxX, y: rect.maxY))
        return Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
    }
}
