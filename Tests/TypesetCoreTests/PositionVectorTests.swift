import Testing
import TypesetCore
import TypesetTestSupport

/// The acceptance vectors of the position spec (§1.13 of positions-and-locators.md), plus right-to-left versions.
@Suite struct PositionVectorTests {
    static let text = "The quick\u{00A0}brown fox jumps over the lazy dog.\nSecond 👍🏽 e\u{0301}x"

    /// A layout whose column is exactly wide enough for line 1 = "The quick brown fox " (0..<20),
    /// line 2 = "jumps over the lazy dog.\n" (20..<45), line 3 = "Second 👍🏽 éx" (45..<60).
    static func vectorLayout() throws -> BookLayout {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        var wide = Fixtures.settings
        wide.fontSize = 16
        wide.pageSize = Size(width: 2000, height: 400)
        func width(_ s: String) throws -> Double {
            try typesetter.layout(StyledText(plain: s), settings: wide).lines(onPage: 0)[0].rect.width
        }
        let column = max(try width("The quick\u{00A0}brown fox"), try width("jumps over the lazy dog.")) + 1
        #expect(column < (try width("The quick\u{00A0}brown fox jumps")))
        var settings = wide
        settings.pageSize = Size(width: column + 48, height: 400)
        let layout = try typesetter.layout(StyledText(plain: text), settings: settings)
        let ranges = layout.lines(onPage: 0).map(\.range)
        try #require(ranges == [0..<20, 20..<45, 45..<60], "unexpected wrap: \(ranges)")
        return layout
    }

    /// A range that starts or ends in a line break (the hard break after "dog.") has no grapheme drawn at that end:
    /// the rectangle nearest it still holds it, so a selection always shows both handles.
    @Test func selectionsStartingOrEndingInALineBreakHaveBothEnds() throws {
        let layout = try Self.vectorLayout()
        for range in [44..<52, 44..<45, 30..<45, 40..<45, 44..<60] {
            let rects = layout.selectionRects(for: range)
            #expect(!rects.isEmpty, "\(range)")
            #expect(rects.filter(\.containsStart).count == 1, "\(range): \(rects)")
            #expect(rects.filter(\.containsEnd).count == 1, "\(range): \(rects)")
            #expect(rects.first?.containsStart == true && rects.last?.containsEnd == true, "\(range)")
        }
    }

    @Test func vector1SoftWrapEnds() throws {
        let layout = try Self.vectorLayout()
        let lines = layout.lines(onPage: 0)
        let leftOfLine2 = layout.closestPosition(to: Point(x: 2, y: lines[1].rect.center.y), onPage: 0)
        #expect(leftOfLine2.offset == 20 && leftOfLine2.affinity == .forward)
        let rightOfLine1 = layout.closestPosition(to: Point(x: lines[0].rect.maxX + 30, y: lines[0].rect.center.y), onPage: 0)
        #expect(rightOfLine1.offset == 20 && rightOfLine1.affinity == .backward)
        let caret = try #require(layout.caretRect(for: rightOfLine1))
        #expect(caret.rect.minY >= lines[0].rect.minY && caret.rect.maxY <= lines[0].rect.maxY)
        #expect(caret.rect.center.x >= lines[0].rect.maxX - 0.01)
        #expect(caret.rect.width == 2)
        let forwardCaret = try #require(layout.caretRect(for: TextPosition(offset: 20, affinity: .forward)))
        #expect(forwardCaret.rect.minY >= lines[1].rect.minY)
        // Centred on the line's start edge, then kept inside the column (so its left side is the column edge).
        #expect(abs(forwardCaret.rect.minX - lines[1].rect.minX) < 0.01)
    }

    @Test func vector2HardEndBelowAndAbove() throws {
        let layout = try Self.vectorLayout()
        let lines = layout.lines(onPage: 0)
        let rightOfLine2 = layout.closestPosition(to: Point(x: lines[1].rect.maxX + 20, y: lines[1].rect.center.y), onPage: 0)
        #expect(rightOfLine2.offset == 44)
        let below = layout.closestPosition(to: Point(x: 30, y: lines[2].rect.maxY + 100), onPage: 0)
        #expect(below.offset == layout.text.length)
        // Above line 1, x over "quick" (offsets 4..<9): projected onto line 1, not 0.
        let quick = try #require(layout.firstRect(for: 4..<9))
        let above = layout.closestPosition(to: Point(x: quick.rect.center.x, y: 2), onPage: 0)
        #expect((4...9).contains(above.offset))
    }

    @Test func vector3EmojiIsOneStop() throws {
        let layout = try Self.vectorLayout()
        let emojiStart = 52, emojiEnd = 56  // "👍🏽" is 4 UTF-16 units after "Second "
        let box = try #require(layout.firstRect(for: emojiStart..<emojiEnd))
        let y = box.rect.center.y
        let rightHalf = layout.closestPosition(to: Point(x: box.rect.maxX - 1, y: y), onPage: 0)
        #expect(rightHalf.offset == emojiEnd)
        for step in 0...20 {
            let x = box.rect.minX + box.rect.width * Double(step) / 20
            let offset = layout.closestPosition(to: Point(x: x, y: y), onPage: 0).offset
            #expect(offset == emojiStart || offset == emojiEnd, "x \(x) gave \(offset)")
        }
    }

    @Test func vector4CombiningMarkIsOneStop() throws {
        let layout = try Self.vectorLayout()
        let e = 57  // "Second 👍🏽 " is 45..<57, then "e\u{301}" at 57..<59 and "x" at 59
        let box = try #require(layout.firstRect(for: e..<(e + 2)))
        for step in 0...20 {
            let x = box.rect.minX + box.rect.width * Double(step) / 20
            let offset = layout.closestPosition(to: Point(x: x, y: box.rect.center.y), onPage: 0).offset
            #expect(offset == e || offset == e + 2, "x \(x) gave \(offset)")
        }
    }

    @Test func vector5ParagraphGapSplitsAtMidpoint() throws {
        let layout = try Self.vectorLayout()
        let lines = layout.lines(onPage: 0)
        let gapTop = lines[1].rect.maxY, gapBottom = lines[2].rect.minY
        #expect(gapBottom > gapTop)
        let upper = layout.closestPosition(to: Point(x: 30, y: gapTop + (gapBottom - gapTop) * 0.25), onPage: 0)
        let lower = layout.closestPosition(to: Point(x: 30, y: gapTop + (gapBottom - gapTop) * 0.75), onPage: 0)
        #expect(lines[1].range.contains(upper.offset))
        #expect(lines[2].range.contains(lower.offset))
    }

    @Test func vector6Arithmetic() throws {
        let layout = try Self.vectorLayout()
        #expect(layout.position(from: layout.endOfDocument, offset: 1) == nil)
        #expect(layout.position(from: layout.beginningOfDocument, offset: -1) == nil)
        let insideEmoji = try #require(layout.position(from: TextPosition(offset: 52), offset: 1))
        #expect(insideEmoji.offset == 53)
        #expect(layout.offset(from: TextPosition(offset: 3), to: TextPosition(offset: 10)) == 7)
        #expect(layout.compare(TextPosition(offset: 3), to: TextPosition(offset: 10)) == .ascending)
        #expect(layout.textRange(from: TextPosition(offset: 10), to: TextPosition(offset: 3)) == 3..<10)
        #expect(layout.textRange(from: TextPosition(offset: 0), to: TextPosition(offset: 999)) == nil)
        // closestPosition never returns the inside of the emoji, whatever the point.
        for x in stride(from: 0.0, through: 400, by: 0.5) {
            let offset = layout.closestPosition(to: Point(x: x, y: layout.lines(onPage: 0)[2].rect.center.y), onPage: 0).offset
            #expect(!(53...55).contains(offset))
        }
    }

    @Test func vector7CharacterRange() throws {
        let layout = try Self.vectorLayout()
        let lines = layout.lines(onPage: 0)
        #expect(layout.characterRange(at: Point(x: lines[0].rect.maxX + 5, y: lines[0].rect.center.y), onPage: 0) == nil)
        #expect(layout.characterRange(at: Point(x: 5, y: lines[0].rect.center.y), onPage: 0) == nil)  // left margin
        #expect(layout.characterRange(at: Point(x: 30, y: 5), onPage: 0) == nil)  // top margin
        let emoji = try #require(layout.firstRect(for: 52..<56))
        #expect(layout.characterRange(at: emoji.rect.center, onPage: 0) == 52..<56)
    }

    @Test func vector8SelectionAcrossAWrap() throws {
        let layout = try Self.vectorLayout()
        let rects = layout.selectionRects(for: 15..<25)
        #expect(rects.count == 2)
        #expect(rects.first?.containsStart == true && rects.first?.containsEnd == false)
        #expect(rects.last?.containsEnd == true && rects.last?.containsStart == false)
        // Consecutive lines of one paragraph touch.
        if rects.count == 2 { #expect(abs(rects[0].rect.maxY - rects[1].rect.minY) < 0.001) }
    }
}
