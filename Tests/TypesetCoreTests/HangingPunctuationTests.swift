import Testing
@testable import TypesetCore
import TypesetTestSupport

/// Hanging punctuation at line ends (burasage, CSS `hanging-punctuation: allow-end`): a line exactly full followed by
/// `。` keeps the mark, hanging past the column's end, where kinsoku would otherwise take the character before it to
/// the next line; the hanging mark's caret, selection and hit testing lie past the edge.
@Suite struct HangingPunctuationTests {
    /// Ten ideographs fill a column of exactly 10 em; `。` (which may not start a line) follows.
    static let string = "一二三四五六七八九十。一二三四五六七八"
    static let em = 19.0

    static func layout(hanging: Bool, vertical: Bool = false, justified: Bool = false) throws -> BookLayout {
        var text = StyledText(plain: string, language: "ja")
        text.writingMode = vertical ? .verticalRightToLeft : nil
        var settings = Fixtures.settings
        settings.fontSize = em
        settings.margins = EdgeInsets(all: 20)
        settings.pageSize = vertical ? Size(width: 300, height: 10 * em + 40) : Size(width: 10 * em + 40, height: 300)
        settings.hangingPunctuation = hanging
        if justified { settings.alignment = .justified }
        return try Typesetter(fonts: try Fixtures.bundledFonts()).layout(text, settings: settings)
    }

    static func check(vertical: Bool, justified: Bool) throws {
        let without = try layout(hanging: false, vertical: vertical, justified: justified)
        #expect(without.lines(onPage: 0).first?.range == 0..<9, "十 goes down with 。 without hanging")
        let with = try layout(hanging: true, vertical: vertical, justified: justified)
        let first = try #require(with.lines(onPage: 0).first)
        #expect(first.range == 0..<11, "the full line keeps 十 and 。 hangs")
        // The column's end edge: x = 20 + 10 em horizontally, y = 20 + 10 em vertically.
        let edge = 20 + 10 * em
        func along(_ rect: Rect) -> (Double, Double) { vertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX) }
        let before = try #require(with.caretRect(for: TextPosition(offset: 10))).rect
        let after = try #require(with.caretRect(for: TextPosition(offset: 11, affinity: .backward))).rect
        #expect(abs(along(before).0 - edge) < 1.5, "十 ends at the edge: \(before)")
        #expect(along(after).1 > edge + em * 0.9, "the caret after 。 lies an em past the edge: \(after)")
        let selection = with.selectionRects(for: 10..<11)
        #expect(!selection.isEmpty && selection.allSatisfy { along($0.rect).0 >= edge - 1.5 && along($0.rect).1 > edge + em * 0.9 },
                "\(selection.map(\.rect))")
        // A tap on the hanging mark's far half lands after it, on its near half before it.
        let across = vertical ? first.rect.minX + first.rect.width / 2 : first.rect.minY + first.rect.height / 2
        func point(_ distance: Double) -> Point { vertical ? Point(x: across, y: distance) : Point(x: distance, y: across) }
        #expect(with.closestPosition(to: point(edge + em * 0.8), onPage: 0).offset == 11)
        #expect(with.closestPosition(to: point(edge + em * 0.2), onPage: 0).offset == 10)
        #expect(with.characterRange(at: point(edge + em * 0.5), onPage: 0) == 10..<11)
    }

    @Test func horizontalStopHangs() throws { try Self.check(vertical: false, justified: false) }

    /// A book that asks for hanging stops (``StyledText/hangingPunctuation``, from its CSS) gets them unless the
    /// reader chose: the reader's setting, on or off, wins.
    @Test func theBookDecidesUnlessTheReaderDoes() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        func firstLine(book: Bool?, reader: Bool?) throws -> Range<Int>? {
            var text = StyledText(plain: Self.string, language: "ja")
            text.hangingPunctuation = book
            var settings = Fixtures.settings
            settings.fontSize = Self.em
            settings.margins = EdgeInsets(all: 20)
            settings.pageSize = Size(width: 10 * Self.em + 40, height: 300)
            if let reader { settings.hangingPunctuation = reader }
            return try typesetter.layout(text, settings: settings).lines(onPage: 0).first?.range
        }
        #expect(try firstLine(book: true, reader: nil) == 0..<11)
        #expect(try firstLine(book: false, reader: nil) == 0..<9)
        #expect(try firstLine(book: nil, reader: nil) == 0..<9)
        #expect(try firstLine(book: true, reader: false) == 0..<9)
        #expect(try firstLine(book: false, reader: true) == 0..<11)
    }
    @Test func justifiedStopHangs() throws { try Self.check(vertical: false, justified: true) }
    @Test func verticalStopHangs() throws { try Self.check(vertical: true, justified: true) }

    /// A line whose mark fits inside the column (nine ideographs and `。`, exactly 10 em) does not hang it
    /// (allow-end, not force-end): a justified line keeps it inside.
    @Test func onlyWhatDoesNotFitHangs() throws {
        var text = StyledText(plain: "一二三四五六七八九。一二三四五六七八九十一二三四五", language: "ja")
        text.writingMode = nil
        var settings = Fixtures.settings
        settings.fontSize = Self.em
        settings.margins = EdgeInsets(all: 20)
        settings.pageSize = Size(width: 10 * Self.em + 40, height: 300)
        settings.hangingPunctuation = true
        settings.alignment = .justified
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(text, settings: settings)
        let lines = layout.lines(onPage: 0)
        #expect(lines.first?.range == 0..<10)
        #expect(lines.first.map { $0.rect.maxX <= 20 + 10 * Self.em + 0.5 } == true, "\(lines.map(\.rect))")
        #expect(lines.first.map { layout.adjustment(of: $0).protrusion } == 0)
    }

    @Test func settingIsOffByDefault() throws {
        var settings = ReaderSettings()
        #expect(!settings.typography.hangingPunctuation)
        try settings.set("hanging-punctuation", parsing: "on")
        #expect(settings.typography.hangingPunctuation)
    }
}
