import Foundation
import Testing
@testable import TypesetCore
import TypesetTestSupport

/// The library's side of the bad-input catalogue (manual, "Bad input"): what an API caller gets for values that
/// cannot be laid out, offsets and points that are out of range, and hostile text. Each test asserts the
/// documented answer, never just "no crash".
@Suite struct BadInputTests {
    static let shared = Result { Typesetter(fonts: try Fixtures.bundledFonts()) }
    static var typesetter: Typesetter { get throws { try shared.get() } }

    static func layout(_ text: StyledText, _ configure: (inout TypographySettings) -> Void = { _ in }) throws -> BookLayout {
        var settings = Fixtures.settings
        configure(&settings)
        return try typesetter.layout(text, settings: settings)
    }

    static func expectInvariants(_ layout: BookLayout, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        let problems = LayoutInvariants.violations(in: layout)
        #expect(problems.isEmpty, "\(comment.map { "\($0): " } ?? "")\(problems)", sourceLocation: sourceLocation)
    }

    static func finite(_ rect: Rect) -> Bool {
        rect.minX.isFinite && rect.minY.isFinite && rect.size.width.isFinite && rect.size.height.isFinite
    }

    // MARK: Points and offsets

    @Test func nanAndInfinitePointsHaveDocumentedAnswers() throws {
        let layout = try Self.layout(StyledText(plain: "First line of text.\nSecond line."))
        let lines = layout.lines(onPage: 0)
        // NaN counts as 0: the same answer as the page's origin.
        #expect(layout.closestPosition(to: Point(x: .nan, y: .nan), onPage: 0) == layout.closestPosition(to: .zero, onPage: 0))
        #expect(layout.closestPosition(to: Point(x: .nan, y: .nan), onPage: 0).offset == 0)
        // Infinite coordinates are far off that edge: below and right is the end of the last line.
        #expect(layout.closestPosition(to: Point(x: .infinity, y: .infinity), onPage: 0).offset == layout.text.length)
        #expect(layout.closestPosition(to: Point(x: -.infinity, y: -.infinity), onPage: 0).offset == 0)
        let secondLine = try #require(lines.last)
        #expect(layout.closestPosition(to: Point(x: -.infinity, y: secondLine.rect.center.y), onPage: 0).offset == secondLine.range.lowerBound)
        // Nothing is under a point that is nowhere.
        for point in [Point(x: .nan, y: 30), Point(x: 30, y: .nan), Point(x: .infinity, y: 30), Point(x: 30, y: -.infinity)] {
            #expect(layout.characterRange(at: point, onPage: 0) == nil)
        }
        #expect(layout.closestPosition(to: Point(x: .nan, y: .infinity), onPage: 0, within: 3..<8)?.offset == 8)
        // A page index out of range is clamped for closestPosition, nil for characterRange, empty for lines.
        #expect(layout.closestPosition(to: .zero, onPage: -5).offset == 0)
        #expect(layout.closestPosition(to: Point(x: 1e9, y: 1e9), onPage: Int.max).offset == layout.text.length)
        #expect(layout.characterRange(at: lines[0].rect.center, onPage: 7) == nil)
        #expect(layout.lines(onPage: -1).isEmpty && layout.lines(onPage: 99).isEmpty)
    }

    @Test func offsetsOutsideTheTextAreRefused() throws {
        let layout = try Self.layout(StyledText(plain: "Short text."))
        let length = layout.text.length
        for offset in [-1, length + 1, Int.min, Int.max] {
            let position = TextPosition(offset: offset)
            #expect(layout.caretRect(for: position) == nil, "caretRect(\(offset))")
            #expect(layout.pageIndex(containing: offset) == nil)
            #expect(layout.textRange(from: position, to: TextPosition(offset: 0)) == nil)
            #expect(layout.position(from: position, in: .right, offset: 1) == nil)
            let tokenizer = TextTokenizer(layout: layout)
            for granularity in TextGranularity.allCases {
                #expect(tokenizer.rangeEnclosingPosition(position, with: granularity, inDirection: .forward) == nil)
            }
        }
        #expect(layout.selectionRects(for: -3..<2).isEmpty)
        #expect(layout.selectionRects(for: 2..<(length + 1)).isEmpty)
        #expect(layout.firstRect(for: Int.min..<0) == nil)
        #expect(layout.closestPosition(to: .zero, onPage: 0, within: -1..<4) == nil)
        // Arithmetic that would overflow is nil, not a trap.
        #expect(layout.position(from: TextPosition(offset: 5), offset: Int.max) == nil)
        #expect(layout.position(from: TextPosition(offset: 5), offset: Int.min) == nil)
        #expect(layout.position(from: TextPosition(offset: 5), in: .left, offset: Int.min) == nil)
        #expect(layout.position(from: TextPosition(offset: 5), offset: -5) == TextPosition(offset: 0))
    }

    @Test func offsetsInsideSurrogatePairsSnapToTheirGrapheme() throws {
        // "a😀b": the emoji is units 1..<3; offset 2 is between its surrogates.
        let layout = try Self.layout(StyledText(plain: "a\u{1F600}b"))
        let inside = try #require(layout.caretRect(for: TextPosition(offset: 2)))
        #expect(inside == layout.caretRect(for: TextPosition(offset: 1)), "moved back to the grapheme's start")
        // A selection that starts or ends inside the pair covers the whole emoji.
        #expect(layout.selectionRects(for: 2..<3).map(\.rect) == layout.selectionRects(for: 1..<3).map(\.rect))
        #expect(layout.firstRect(for: 0..<2)?.rect == layout.firstRect(for: 0..<3)?.rect)
        // Arithmetic stays pure (UITextInput's position(from:offset:) may land inside a pair)...
        #expect(layout.position(from: TextPosition(offset: 1), offset: 1)?.offset == 2)
        // ...but moving by characters steps over the pair.
        #expect(layout.position(from: TextPosition(offset: 1), in: .right, offset: 1)?.offset == 3)
        #expect(layout.position(from: TextPosition(offset: 2), in: .right, offset: 1)?.offset == 3)
    }

    @Test func rangesAreOrderedBeforeTheyReachTheEngine() throws {
        // A reversed Swift `Range` cannot be built (it traps in the caller), so the engine never sees one;
        // textRange(from:to:) orders its ends, as UITextInput does, and the query CLI reports a negative length.
        let layout = try Self.layout(StyledText(plain: "Some words here."))
        let range = try #require(layout.textRange(from: TextPosition(offset: 9), to: TextPosition(offset: 2)))
        #expect(range == 2..<9)
    }

    // MARK: Hostile text

    /// Every C0 and C1 control, DEL, noncharacters, unpaired bidi controls, a BOM inside the text, and lone
    /// surrogates (only an API caller can send those: no decoder produces them) lay out, render as invisible or
    /// missing glyphs, and keep every position answer on a grapheme boundary.
    @Test func controlCharactersAndLoneSurrogatesLayOut() throws {
        var units: [UInt16] = Array("Start ".utf16)
        for c in UInt16(0)..<0x20 where c != 0x0A { units += [c, 0x61] }
        for c in UInt16(0x7F)...0x9F { units += [c, 0x62] }
        units += [0xFFFE, 0xFFFF, 0xFEFF, 0x202E, 0x2067, 0x200D, 0x0301]
        units += [0xD800, 0x41, 0xDC00, 0xDBFF, 0xDFFF, 0xDC00, 0xD83D]  // lone high, lone low, a pair, a high at the end
        let paragraph = Paragraph(start: 0, units: units, contentRange: 0..<units.count)
        let text = try StyledText(paragraphs: [paragraph])
        let segmenter = GraphemeSegmenter()
        let boundaries = Set(segmenter.boundaries(of: units[...]))
        for width in [390.0, 60] {
            let layout = try Self.layout(text) { $0.pageSize = Size(width: width, height: 400) }
            Self.expectInvariants(layout, "width \(width)")
            for page in layout.pages.indices {
                for line in layout.lines(onPage: page) {
                    for step in -1...21 {
                        let point = Point(x: line.rect.minX + line.rect.size.width * Double(step) / 20, y: line.rect.center.y)
                        let offset = layout.closestPosition(to: point, onPage: page).offset
                        #expect(boundaries.contains(offset), "offset \(offset) inside a grapheme")
                    }
                }
            }
            for offset in 0...units.count {
                let caret = try #require(layout.caretRect(for: TextPosition(offset: offset)))
                #expect(Self.finite(caret.rect))
            }
        }
    }

    @Test func crLfFromAnAPIStringIsOneBreak() throws {
        // StyledText(plain:) splits at LF; the CR before it is part of the break, not content, so no caret sits
        // between the two (found by the position fuzzer).
        let text = StyledText(plain: "one\r\ntwo\r\n")
        #expect(text.paragraphs[0].contentRange == 0..<3)
        let layout = try Self.layout(text)
        let end = layout.closestPosition(to: Point(x: 1e6, y: layout.lines(onPage: 0)[0].rect.center.y), onPage: 0)
        #expect(end.offset == 3)
    }

    /// A base letter with 200,000 combining marks is one grapheme. HarfBuzz's mark attachment is quadratic in the
    /// number of stacked marks (100,000 took 21 s in a debug build, a million minutes); shaping now stops
    /// stacking after 32.
    @Test func aHugeStackOfCombiningMarksIsShapedInBoundedTime() throws {
        let string = "x a" + String(repeating: "\u{0301}", count: 200_000) + " y"
        let start = ContinuousClock.now
        let layout = try Self.layout(StyledText(plain: string))
        #expect(ContinuousClock.now - start < .seconds(10), "took \(ContinuousClock.now - start)")
        Self.expectInvariants(layout)
        // The stack is one grapheme: the caret can only be before or after it.
        let line = try #require(layout.lines(onPage: 0).first(where: { $0.range.contains(2) }))
        for step in 0...10 {
            let point = Point(x: line.rect.minX + line.rect.size.width * Double(step) / 10, y: line.rect.center.y)
            let offset = layout.closestPosition(to: point, onPage: 0).offset
            #expect(offset <= 2 || offset >= 200_003, "offset \(offset) inside the stack")
        }
    }

    /// One paragraph of a million characters (no line break in the whole book) lays out as one paragraph whose
    /// lines partition it, on as many pages as it needs.
    @Test func aMillionCharacterParagraph() throws {
        var generator = SplitMix64(seed: 7)
        let words = ["lorem", "ipsum", "dolor", "sit", "amet,", "consectetur", "adipiscing", "elit."]
        var string = ""
        string.reserveCapacity(1_000_010)
        while string.utf16.count < 1_000_000 { string += words[Int(generator.next() % UInt64(words.count))] + " " }
        let text = StyledText(plain: string)
        #expect(text.paragraphs.count == 1 && text.length >= 1_000_000)
        let layout = try Self.layout(text)
        #expect(layout.pages.count > 1000)
        #expect(layout.pages.first?.range.lowerBound == 0 && layout.pages.last?.range.upperBound == text.length)
        for (a, b) in zip(layout.pages, layout.pages.dropFirst()) where a.range.upperBound != b.range.lowerBound {
            Issue.record("pages \(a.index) and \(b.index) do not touch")
            break
        }
        // Positions deep inside the paragraph answer as fast as anywhere (the caret of the last page's line).
        let last = layout.pages.count - 1
        let line = try #require(layout.lines(onPage: last).first)
        #expect(layout.closestPosition(to: line.rect.center, onPage: last).offset >= line.range.lowerBound)
    }

    // MARK: Settings

    /// Every numeric setting refuses NaN, infinities, negative values (and zero where it must be positive) and
    /// values past its maximum, naming itself (the CLI prints `typeset: --NAME: reason` and exits 2).
    @Test func hostileSettingsAreRefusedNamingTheSetting() throws {
        let fields: [(String, WritableKeyPath<TypographySettings, Double>, Bool)] = [
            ("size", \.fontSize, true), ("line-height", \.lineHeightMultiple, true),
            ("margins", \.margins.top, false), ("margins", \.margins.left, false),
            ("paragraph-spacing", \.paragraphSpacing, false), ("indent", \.firstLineIndent, false),
            ("width", \.pageSize.width, true), ("height", \.pageSize.height, true),
            ("column-gap", \.columnGap, false),
        ]
        for (name, setting, positive) in fields {
            var values: [Double] = [.nan, .infinity, -.infinity, -1, -1e-300, 1e300, .greatestFiniteMagnitude]
            if positive { values += [0, -0.0] }
            if name == "line-height" { values += [1e-300, 0.0999] }  // below the minimum multiple
            for value in values {
                var settings = Fixtures.settings
                settings[keyPath: setting] = value
                do {
                    _ = try Self.typesetter.layout(StyledText(plain: "Text."), settings: settings)
                    Issue.record("\(name) = \(value) was laid out")
                } catch let error as InvalidSetting {
                    #expect(error.name == name, "\(value): \(error)")
                    #expect(!error.reason.isEmpty && !error.reason.contains("\n"))
                }
            }
        }
    }

    @Test func otherInvalidSettingsAreRefused() throws {
        for (configure, name) in [({ (s: inout TypographySettings) in s.columns = 0 }, "columns"),
                                  ({ $0.columns = -3 }, "columns"), ({ $0.columns = Int.max }, "columns"),
                                  ({ $0.fontFamily = "" }, "font"),
                                  ({ $0.margins = EdgeInsets(all: 200) }, "margins"),
                                  ({ $0.columns = 8; $0.columnGap = 60 }, "column-gap")]
                as [((inout TypographySettings) -> Void, String)] {
            var settings = Fixtures.settings
            configure(&settings)
            #expect(throws: InvalidSetting.self) { try settings.validated() }
            #expect((try? settings.validated()) == nil)
            do { _ = try settings.validated() } catch { #expect(error.name == name) }
        }
    }

    /// The largest values the settings accept still give a layout whose lines stay in their columns. A first-line
    /// indent of 100 em (the maximum) used to start the first line 1,900 pt right of a 342 pt column.
    @Test func enormousValidSettingsKeepLinesInTheirColumns() throws {
        let text = StyledText(plain: "A paragraph with several words in it.\nAnother one, also with words.\n\nThird.")
        let cases: [(String, (inout TypographySettings) -> Void)] = [
            ("indent 100 em", { $0.firstLineIndent = 100 }),
            ("indent 100 em, justified, 2 columns", { $0.firstLineIndent = 100; $0.alignment = .justified; $0.columns = 2 }),
            ("paragraph spacing 100 em", { $0.paragraphSpacing = 100 }),
            ("size 2000 pt", { $0.fontSize = 2000 }),
            ("line height 20", { $0.lineHeightMultiple = 20 }),
            ("8 columns", { $0.columns = 8; $0.columnGap = 1 }),
            ("page 100000 pt", { $0.pageSize = Size(width: 100_000, height: 100_000) }),
            ("margins leaving 0.5 pt", { $0.margins = EdgeInsets(top: 24, left: 194.75, bottom: 24, right: 194.75) }),
        ]
        for (name, configure) in cases {
            let layout = try Self.layout(text, configure)
            Self.expectInvariants(layout, Comment(rawValue: name))
        }
    }

    /// A page smaller than one glyph lays out one grapheme per line, never loops, and keeps lines in their
    /// columns: also with end alignment in columns narrower than 1 pt (found by the layout fuzzer: such a line
    /// started 1 pt into a 0.88 pt column).
    @Test func pagesSmallerThanOneGlyph() throws {
        let text = StyledText(plain: "Glyphs everywhere: ffi, 紅樓夢, مرحبا.")
        for (width, height, columns, alignment) in [(30.0, 30.0, 1, TextAlignment.start), (30, 30, 1, .end), (30, 30, 1, .center),
                                                    (141.2, 300, 5, .end), (60, 20, 2, .justified)] {
            let layout = try Self.layout(text) {
                $0.pageSize = Size(width: width, height: height)
                $0.margins = EdgeInsets(top: 2, left: 7.52, bottom: 2, right: 42.88 * width / 141.2)
                $0.columns = columns; $0.columnGap = 21.6 * (columns > 1 ? 1 : 0); $0.alignment = alignment
            }
            Self.expectInvariants(layout, "\(width)×\(height), \(columns) columns, \(alignment)")
            #expect(layout.lineCount >= 25, "one grapheme (or a ligature) per line")
        }
    }

    // MARK: Styles from an API caller or a book's CSS

    /// Style values that cannot be laid out fall back to their defaults (NaN, infinite or negative font scales,
    /// spacing and indents) or are clamped (huge ones, weights outside 1...1000), so geometry stays finite and in
    /// the column (found by the layout and position fuzzers: NaN selection rectangles, lines left of the page).
    @Test func styleValuesThatCannotBeLaidOutFallBack() throws {
        let hostile: [Double] = [.nan, .infinity, -.infinity, -1, 1e300, 0]
        var paragraphs: [Paragraph] = []
        var start = 0
        for (index, value) in hostile.enumerated() {
            let units = Array("Paragraph \(index) with some words.\n".utf16)
            let hostileCell = TableCell(table: 0, row: index, column: -3, columnSpan: -7, padding: value, border: value,
                                        tableBorder: value, tableIndent: value)
            let style = ParagraphStyle(role: .blockQuote, firstLineIndent: value, spaceBefore: value, blockIndent: value,
                                       endIndent: value, lineHeight: value, markerLength: index % 2 == 0 ? -4 : 1_000,
                                       dropCap: DropCap(length: 1, lines: index % 2 == 0 ? -1 : 99),
                                       tableCell: index >= 4 ? hostileCell : nil)
            let runs = [AttributeRun(range: 0..<1, style: TextStyle(fontScale: value)),
                        AttributeRun(range: 1..<9, style: TextStyle(weight: index % 2 == 0 ? -5 : 5000, fontScale: value,
                                                                     letterSpacing: value, wordSpacing: value, baselineShift: value)),
                        AttributeRun(range: 9..<units.count - 1, style: TextStyle(fontScale: hostile[(index + 1) % hostile.count]))]
            paragraphs.append(Paragraph(start: start, units: units, contentRange: 0..<(units.count - 1), runs: runs, style: style))
            start += units.count
        }
        let text = try StyledText(paragraphs: paragraphs)
        for paragraph in text.paragraphs {
            for run in paragraph.runs {
                #expect(run.style.fontScale.isFinite && run.style.fontScale >= 0 && run.style.fontScale <= TextStyle.maximumFontScale)
                #expect((1...1000).contains(run.style.weight))
            }
            for run in paragraph.runs {
                #expect(abs(run.style.letterSpacing) <= TextStyle.maximumSpacing && abs(run.style.wordSpacing) <= TextStyle.maximumSpacing)
                #expect(abs(run.style.baselineShift) <= 2)
            }
            let style = paragraph.style
            #expect(style.spaceBefore.isFinite && style.spaceBefore >= 0 && style.blockIndent.isFinite && style.blockIndent >= 0)
            #expect(style.endIndent.isFinite && style.endIndent >= 0)
            #expect(style.firstLineIndent.map { $0.isFinite && $0 >= -style.blockIndent } ?? true)
            #expect(style.lineHeight.map { (0.5...10).contains($0) } ?? true)
            #expect(style.markerLength >= 0 && style.markerLength <= paragraph.contentRange.count)
            #expect(style.dropCap.map { (2...DropCap.maximumLines).contains($0.lines) } ?? true)
            if let cell = style.tableCell {
                let sides = [cell.padding.top, cell.padding.left, cell.padding.bottom, cell.padding.right]
                let edges = [cell.borders.top, cell.borders.right, cell.borders.bottom, cell.borders.left, cell.frame.borders.top]
                #expect(cell.column >= 0 && cell.columnSpan >= 1 && sides.allSatisfy { $0.isFinite && $0 <= 4 }
                        && edges.allSatisfy { $0.width.isFinite && $0.width <= 1 }
                        && cell.frame.spacing.width.isFinite && cell.frame.spacing.height <= TableFrame.maximumEms)
            }
        }
        #expect(text.paragraphs[0].runs[1].style.fontScale == 1, "NaN falls back to 1")
        #expect(text.paragraphs[3].runs[1].style.fontScale == 1, "negative falls back to 1")
        #expect(text.paragraphs[5].runs[1].style.fontScale == 0, "0 stays: zero-size text")
        #expect(text.paragraphs[4].style.blockIndent == ParagraphStyle.maximumEms)
        for width in [390.0, 120] {
            let layout = try Self.layout(text) { $0.pageSize = Size(width: width, height: 844) }
            Self.expectInvariants(layout, "width \(width)")
            for page in layout.pages.indices {
                for line in layout.lines(onPage: page) { #expect(Self.finite(line.rect) && line.baseline.isFinite) }
            }
            for rect in layout.selectionRects(for: 0..<text.length) { #expect(Self.finite(rect.rect)) }
        }
    }

    // MARK: Fonts

    @Test func aFamilyThatDoesNotExistFallsBackToTheDefaultFace() throws {
        let fonts = try Fixtures.bundledFonts()
        let set = try fonts.fontSet(for: FontDescriptor(family: "No Such Family 42", weight: 400, isItalic: false))
        #expect(set.primary.path.hasPrefix(Fixtures.fontsDirectory), "\(set.primary.path)")
        let layout = try Self.layout(StyledText(plain: "Text in a family nobody has.")) { $0.fontFamily = "No Such Family 42" }
        Self.expectInvariants(layout)
        #expect(layout.lines(onPage: 0).first.map { $0.rect.size.width > 50 } == true, "the text has glyphs")
    }

    @Test func aFontDirectoryWithoutUsableFontsIsAnErrorNamingIt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("typeset-badfonts-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Random bytes with a TrueType signature, and a real font cut short: fontconfig skips both.
        var garbage: [UInt8] = [0, 1, 0, 0]
        var generator = SplitMix64(seed: 3)
        for _ in 0..<4096 { garbage.append(UInt8(truncatingIfNeeded: generator.next())) }
        try Data(garbage).write(to: URL(fileURLWithPath: directory + "/Garbage.ttf"))
        let charis = try Data(contentsOf: URL(fileURLWithPath: Fixtures.fontsDirectory + "/CharisSIL-Regular.ttf"))
        try charis.prefix(60_000).write(to: URL(fileURLWithPath: directory + "/CharisSIL-Regular.ttf"))
        let fonts = try FontContext(source: .bundledOnly(directory: directory))
        let error = #expect(throws: FontError.self) {
            try Typesetter(fonts: fonts).shape(StyledText(plain: "Hello."), fontFamily: "Charis SIL")
        }
        #expect(error?.code == .notFound)
        #expect(error?.message.contains(directory) == true, "\(error?.message ?? "")")
    }
}
