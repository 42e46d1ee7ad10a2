import Testing
@testable import TypesetCore
import TypesetTestSupport

/// Vertical writing (`writing-mode: vertical-rl`, the `vertical-text` setting): the same pipeline with the page
/// turned a quarter. Lines are columns read right to left, CJK stands upright with its vertical forms, other
/// scripts are turned, and every position API answers in page coordinates.
@Suite struct VerticalWritingTests {
    static let string = "吾輩は猫である。名前はまだ無い。「どこで生れたか」とんと見当がつかぬ。Natsume Sōseki 1905。"
        + String(repeating: "何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。", count: 6)

    static func layout(_ string: String = string, mode: WritingMode? = .verticalRightToLeft, reader: Bool? = nil,
                       page: Size = Size(width: 400, height: 300)) throws -> BookLayout {
        var text = StyledText(plain: string, language: "ja")
        text.writingMode = mode
        var settings = Fixtures.settings
        settings.pageSize = page
        if let reader { settings.verticalText = reader }
        return try Typesetter(fonts: try Fixtures.bundledFonts()).layout(text, settings: settings)
    }

    /// Columns run top to bottom, the first on the right, each further one to its left; the page keeps its size.
    @Test func linesAreColumnsFromRightToLeft() throws {
        let layout = try Self.layout()
        #expect(layout.writingMode == .verticalRightToLeft)
        #expect(layout.pages[0].size == Size(width: 400, height: 300))
        let lines = layout.lines(onPage: 0)
        #expect(lines.count > 3)
        for line in lines {
            #expect(line.rect.height > line.rect.width, "a column is taller than wide: \(line.rect)")
            #expect(line.rect.minY >= Fixtures.settings.margins.top - 0.001)
            #expect(line.rect.maxY <= 300 - Fixtures.settings.margins.bottom + 0.001)
        }
        for (a, b) in zip(lines, lines.dropFirst()) { #expect(b.rect.maxX <= a.rect.minX + 0.001, "\(a.rect) then \(b.rect)") }
        #expect(abs(lines[0].rect.maxX - (400 - Fixtures.settings.margins.right)) < 0.001)
        // vertical-lr stacks them the other way.
        let leftToRight = try Self.layout(mode: .verticalLeftToRight).lines(onPage: 0)
        for (a, b) in zip(leftToRight, leftToRight.dropFirst()) { #expect(b.rect.minX >= a.rect.maxX - 0.001) }
    }

    /// CJK is shaped top to bottom: glyphs go down the page one em apart, centred on the column, and punctuation
    /// takes its vertical form (`vert`): the glyph of 「 differs from the horizontal one. Latin is turned.
    @Test func cjkStandsUprightAndLatinIsTurned() throws {
        let vertical = try Self.layout()
        let horizontal = try Self.layout(mode: nil)
        let runs = vertical.glyphRuns(onPage: 0)
        let upright = try #require(runs.first { $0.orientation == .upright })
        #expect(zip(upright.positions, upright.positions.dropFirst()).allSatisfy { $1.y > $0.y && abs($1.x - $0.x) < 0.5 })
        #expect(runs.contains { $0.orientation == .rotated && $0.range.contains(Self.string.utf16Count(before: "Natsume")) })
        #expect(!horizontal.glyphRuns(onPage: 0).contains { $0.orientation != .horizontal })
        func glyph(of offset: Int, in runs: [GlyphRun]) -> UInt16? {
            for run in runs { if let i = run.clusters.firstIndex(of: offset) { return run.glyphs[i] } }
            return nil
        }
        let bracket = Self.string.utf16Count(before: "「")
        #expect(glyph(of: bracket, in: runs) != nil)
        #expect(glyph(of: bracket, in: runs) != glyph(of: bracket, in: horizontal.glyphRuns(onPage: 0)), "no vert form for 「")
    }

    /// The reader's setting wins over the book's writing mode both ways; unset, the book's applies.
    @Test func readerSettingOverridesTheBook() throws {
        #expect(try Self.layout(mode: .verticalRightToLeft, reader: false).writingMode == .horizontal)
        #expect(try Self.layout(mode: nil, reader: true).writingMode == .verticalRightToLeft)
        #expect(try Self.layout(mode: .verticalLeftToRight, reader: true).writingMode == .verticalLeftToRight)
        #expect(try Self.layout(mode: nil).writingMode == .horizontal)
        var settings = ReaderSettings()
        try settings.set("vertical-text", parsing: "on")
        #expect(settings.typography.verticalText && settings.typography.userSet.contains("vertical-text"))
        #expect(ShapingSettings(settings.typography).verticalText == true)
    }

    /// Carets are horizontal bars across the column; a point maps to the nearest column, then along it; down moves
    /// along the column, left to the next column.
    @Test func positionsAnswerInPageCoordinates() throws {
        let layout = try Self.layout()
        let lines = layout.lines(onPage: 0)
        let offset = lines[1].range.lowerBound + 3
        let caret = try #require(layout.caretRect(for: TextPosition(offset: offset)))
        #expect(caret.rect.width > caret.rect.height, "caret \(caret.rect) is not a horizontal bar")
        #expect(lines[1].rect.minX - 0.001 <= caret.rect.minX && caret.rect.maxX <= lines[1].rect.maxX + 0.001)
        #expect(layout.closestPosition(to: caret.rect.center, onPage: 0).offset == offset)
        // A point right of the first column's middle, a little below its top: the first column, near its start.
        let near = layout.closestPosition(to: Point(x: lines[0].rect.maxX + 50, y: lines[0].rect.minY + 1), onPage: 0)
        #expect(near.offset == lines[0].range.lowerBound)
        #expect(layout.position(from: TextPosition(offset: offset), in: .down, offset: 1)?.offset == offset + 1)
        #expect(layout.position(from: TextPosition(offset: offset), in: .up, offset: 1)?.offset == offset - 1)
        let left = try #require(layout.position(from: TextPosition(offset: offset), in: .left, offset: 1))
        #expect(lines[2].range.contains(left.offset))
        let right = try #require(layout.position(from: TextPosition(offset: offset), in: .right, offset: 1))
        #expect(lines[0].range.contains(right.offset))
        let strips = layout.selectionRects(for: lines[0].range.lowerBound..<lines[2].range.lowerBound + 2)
        #expect(strips.count == 3 && strips.allSatisfy(\.isVertical))
        #expect(strips.count == 3 && strips[1].rect.height > strips[1].rect.width, "\(strips.map(\.rect))")
        #expect(layout.characterRange(at: caret.rect.center.offset(dy: 2), onPage: 0)?.lowerBound == offset)
    }
}

extension VerticalWritingTests {
    /// Two digits between kanji stand across the column in one cell (tate-chū-yoko): one advance of the cell along the
    /// line, the two glyphs side by side and centred on the column; three digits stay one a cell; each digit keeps its
    /// caret stop.
    @Test func twoDigitsShareOneCell() throws {
        let string = "明治39年、1905年の春。"
        let layout = try Self.layout(string)
        let runs = layout.glyphRuns(onPage: 0)
        let two = string.utf16Count(before: "39")
        let run = try #require(runs.first { $0.clusters.contains(two) })
        #expect(run.orientation == .upright)
        let glyphs = run.clusters.indices.filter { run.clusters[$0] == two }
        #expect(glyphs.count == 2, "the two digits are one cluster")
        guard glyphs.count == 2 else { return }
        let (a, b) = (run.positions[glyphs[0]], run.positions[glyphs[1]])
        #expect(abs(a.y - b.y) < 0.01, "side by side: \(a) \(b)")
        #expect(b.x > a.x)
        #expect(abs(run.advances[glyphs[0]] + run.advances[glyphs[1]] - run.size) < 0.01, "one cell of 1 em")
        // Centred on the column's axis: the pair's middle is the axis.
        // The half-width digits (hwid) are half an em each: the first ends, and the second starts, on the axis.
        #expect(abs(a.x + run.size / 2 - run.baseline) < 0.5 && abs(b.x - run.baseline) < 0.5,
                "the pair straddles the axis: \(a.x) \(b.x) around \(run.baseline)")
        // Four digits: one a cell, each its own cluster.
        let four = string.utf16Count(before: "1905")
        let fourRun = try #require(runs.first { $0.clusters.contains(four) })
        #expect((0..<4).allSatisfy { k in fourRun.clusters.filter { $0 == four + k }.count == 1 })
        // Each digit of the pair keeps a caret stop of its own, half the cell each.
        let first = try #require(layout.caretRect(for: TextPosition(offset: two + 1)))
        let start = try #require(layout.caretRect(for: TextPosition(offset: two)))
        #expect(first.rect.minY > start.rect.minY)
        #expect(layout.closestPosition(to: first.rect.center, onPage: 0).offset == two + 1)
        // Horizontal text is untouched.
        let horizontal = try Self.layout(string, mode: nil).glyphRuns(onPage: 0)
        #expect(horizontal.flatMap(\.clusters).filter { $0 == two }.count == 1)
    }
}

extension VerticalWritingTests {
    /// Runs styled `combinesUpright` are one cell each (two pairs of digits side by side: two cells, not one of
    /// four digits nor four cells); four digits without it stay one a cell.
    @Test func styledRunsAreOneCellEach() throws {
        let units = Array("これは1011です".utf16)
        var combined = TextStyle()
        combined.combinesUpright = true
        let runs = [AttributeRun(range: 0..<3, style: TextStyle()), AttributeRun(range: 3..<5, style: combined),
                    AttributeRun(range: 5..<7, style: combined), AttributeRun(range: 7..<9, style: TextStyle())]
        let paragraph = Paragraph(start: 0, units: units, contentRange: 0..<units.count, runs: runs)
        var text = try StyledText(paragraphs: [paragraph])
        text.writingMode = .verticalRightToLeft
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(text, settings: Fixtures.settings)
        let clusters = layout.glyphRuns(onPage: 0).flatMap(\.clusters)
        #expect(clusters.filter { $0 == 3 }.count == 2 && clusters.filter { $0 == 5 }.count == 2, "\(clusters)")
    }
}

extension VerticalWritingTests {
    /// `text-orientation`: upright sets Latin one letter under the other; sideways turns CJK too.
    @Test(arguments: [(TextOrientation.upright, GlyphOrientation.upright, GlyphOrientation.upright),
                      (.sideways, .rotated, .rotated), (.mixed, .upright, .rotated)])
    func orientationFromTheStyle(_ orientation: TextOrientation, _ kana: GlyphOrientation, _ latin: GlyphOrientation) throws {
        let units = Array("これはtestです".utf16)
        var style = TextStyle()
        style.orientation = orientation
        let paragraph = Paragraph(start: 0, units: units, contentRange: 0..<units.count,
                                  runs: [AttributeRun(range: 0..<units.count, style: style)])
        var text = try StyledText(paragraphs: [paragraph])
        text.writingMode = .verticalRightToLeft
        let runs = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(text, settings: Fixtures.settings).glyphRuns(onPage: 0)
        #expect(runs.first { $0.clusters.contains(0) }?.orientation == kana)
        #expect(runs.first { $0.clusters.contains(3) }?.orientation == latin)
    }
}

extension VerticalWritingTests {
    /// A reading session keeps its anchor through a switch to vertical text and back: the page shown holds the
    /// anchor, its locator goes back to it, and the vertical layout's pages are vertical.
    @Test func readingSessionKeepsTheAnchorAcrossWritingModes() throws {
        var text = StyledText(plain: String(repeating: Self.string + "\n", count: 40), language: "ja")
        text.writingMode = nil
        var settings = Fixtures.settings
        settings.pageSize = Size(width: 400, height: 500)
        let session = try ReadingSession(publication: Publication(text: text, href: "book.txt"),
                                         typesetter: Typesetter(fonts: try Fixtures.bundledFonts()),
                                         settings: ReaderSettings(typography: settings), completesInBackground: false)
        let anchor = text.length / 2
        let horizontal = try session.go(to: anchor)
        #expect(!horizontal.layout.writingMode.isVertical)
        settings.verticalText = true
        let vertical = try session.setTypography(settings)
        #expect(vertical.layout.writingMode == .verticalRightToLeft)
        #expect(vertical.range.contains(session.anchor.position.offset))
        #expect(abs(session.anchor.position.offset - anchor) < 200)
        let locator = try session.locator(for: vertical)
        let (back, _) = try session.go(to: locator)
        #expect(back.pageIndex == vertical.pageIndex)
        let lines = vertical.layout.lines(onPage: vertical.pageIndex)
        #expect(lines.allSatisfy { $0.rect.height > $0.rect.width || $0.range.count < 4 })
        settings.verticalText = false
        let again = try session.setTypography(settings)
        #expect(!again.layout.writingMode.isVertical)
        #expect(again.range.contains(session.anchor.position.offset))
    }
}

extension VerticalWritingTests {
    /// An image in vertical text stands upright with its own proportions: its height runs along the column.
    @Test func imagesKeepTheirProportions() throws {
        var units = Array("これは".utf16)
        units.append(0xFFFC)
        units += Array("です".utf16)
        let image = TextStyle(attachment: TextAttachment(source: "a.png", intrinsicSize: Size(width: 60, height: 120)))
        let paragraph = Paragraph(start: 0, units: units, contentRange: 0..<units.count,
                                  runs: [AttributeRun(range: 0..<3, style: .body), AttributeRun(range: 3..<4, style: image),
                                         AttributeRun(range: 4..<6, style: .body)])
        var text = try StyledText(paragraphs: [paragraph])
        text.writingMode = .verticalRightToLeft
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(text, settings: Fixtures.settings)
        let placed = try #require(layout.attachments(onPage: 0).first)
        #expect(abs(placed.rect.height / placed.rect.width - 2) < 0.01, "\(placed.rect)")
    }
}

private extension String {
    func utf16Count(before marker: String) -> Int {
        guard let range = range(of: marker) else { return -1 }
        return self[..<range.lowerBound].utf16.count
    }
}

private extension Point {
    func offset(dy: Double) -> Point { Point(x: x, y: y + dy) }
}
