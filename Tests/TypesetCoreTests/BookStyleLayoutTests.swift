import Testing
import TypesetCore
import TypesetTestSupport

/// The layout features books' styles need: list markers hung in the indent, drop caps, letter and word spacing,
/// case transforms that keep offsets, raised and lowered text, preformatted text.
@Suite struct BookStyleLayoutTests {
    /// One paragraph of `string`, with `runs` (ranges in the string, as UTF-16 offsets) over the body style.
    static func paragraph(_ string: String, style: ParagraphStyle = .body, runs: [(Range<Int>, TextStyle)] = [],
                          after: [String] = []) throws -> StyledText {
        var paragraphs: [Paragraph] = []
        let units = Array((string + "\n").utf16)
        paragraphs.append(Paragraph(start: 0, units: units, contentRange: 0..<(units.count - 1),
                                    runs: runs.map { AttributeRun(range: $0.0, style: $0.1) }, style: style))
        var start = units.count
        for next in after {
            let more = Array((next + "\n").utf16)
            paragraphs.append(Paragraph(start: start, units: more, contentRange: 0..<(more.count - 1)))
            start += more.count
        }
        return try StyledText(paragraphs: paragraphs)
    }

    static func layout(_ text: StyledText, _ adjust: (inout TypographySettings) -> Void = { _ in }) throws -> BookLayout {
        var settings = Fixtures.settings
        adjust(&settings)
        return try Typesetter(fonts: try Fixtures.bundledFonts()).layout(text, settings: settings)
    }

    static let long = "A list item long enough to wrap onto a second line and a third one in a phone's narrow column."

    /// A list item's marker hangs in the start margin: the first line's text starts where the following lines do.
    @Test func aListMarkerHangsInTheIndent() throws {
        for marker in ["• ", "12. ", "xviii. "] {
            let text = try Self.paragraph(marker + Self.long, style: ParagraphStyle(role: .listItem, blockIndent: 3,
                                                                                   markerLength: marker.utf16.count))
            let layout = try Self.layout(text)
            let lines = layout.lines(onPage: 0)
            #expect(lines.count >= 2)
            let afterMarker = try #require(layout.caretRect(for: TextPosition(offset: marker.utf16.count)))
            let secondLine = try #require(layout.caretRect(for: TextPosition(offset: lines[1].range.lowerBound)))
            #expect(abs(afterMarker.rect.center.x - secondLine.rect.center.x) < 0.5,
                    "\(marker): text starts at \(afterMarker.rect.center.x) on the first line, \(secondLine.rect.center.x) on the second")
            #expect(lines[0].rect.minX < secondLine.rect.minX)
        }
    }

    /// A drop cap: as tall as its lines, its baseline on the last of them, those lines starting after it, the line
    /// it sits on no taller than the others, and its lines kept together on a page.
    @Test func aDropCapSpansItsLines() throws {
        let string = "The beginning of a chapter, long enough to run over the three lines of its drop cap and further on, well past them, to the end of a paragraph of several lines."
        let cap = TextStyle(fontScale: 3, color: Color(hex: "#8b0000"))
        for lines in [2, 3] {
            let text = try Self.paragraph(string, style: ParagraphStyle(dropCap: DropCap(length: 1, lines: lines)),
                                          runs: [(0..<1, cap)])
            let layout = try Self.layout(text)
            let placed = layout.lines(onPage: 0)
            #expect(placed.count > lines)
            let runs = layout.glyphRuns(onPage: 0)
            let capRun = try #require(runs.first { $0.range.lowerBound == 0 })
            let body = try #require(runs.first { $0.range.lowerBound > 0 })
            #expect(capRun.size > Double(lines) * body.size * 0.9, "a \(lines)-line cap of \(capRun.size) pt over \(body.size) pt text")
            #expect(abs(capRun.baseline - placed[lines - 1].baseline) < 0.01, "the cap sits on the baseline of line \(lines)")
            #expect(abs(placed[0].rect.height - placed[1].rect.height) < 0.01, "the cap's line is as tall as the others")
            let capRight = capRun.maxX
            for line in placed[1..<lines] { #expect(line.rect.minX >= capRight - 0.5) }
            #expect(placed[lines].rect.minX < capRun.minX + 1)
            // Its lines are never split by a page break (after a paragraph that may end the page before).
            let intro = "An opening paragraph of a few lines, set before the paragraph with the drop cap, so that a page break may fall anywhere near it."
            let twice = try Self.paragraph(intro, after: [string])
            var paragraphs = twice.paragraphs
            let second = paragraphs[1]
            paragraphs[1] = Paragraph(start: second.range.lowerBound, units: second.units, contentRange: second.contentRange,
                                      runs: [AttributeRun(range: 0..<1, style: cap)],
                                      style: ParagraphStyle(dropCap: DropCap(length: 1, lines: lines)))
            let withIntro = try StyledText(paragraphs: paragraphs)
            var split = 0
            for height in stride(from: 250.0, through: 600, by: 15) {
                let small = try Self.layout(withIntro) { $0.pageSize.height = height }
                let capLines = small.pages.indices.flatMap { small.lines(onPage: $0) }.filter { $0.paragraphIndex == 1 }
                let pages = Set(capLines.prefix(lines).compactMap { small.pageIndex(containing: $0.range.lowerBound) })
                #expect(pages.count == 1, "height \(height): the cap's lines are on pages \(pages.sorted())")
                if Set(capLines.compactMap { small.pageIndex(containing: $0.range.lowerBound) }).count > 1 { split += 1 }
            }
            #expect(split > 0, "some of these heights break the paragraph")
        }
        // A paragraph shorter than its cap leaves room for it: the next paragraph starts below the cap.
        let short = try Self.paragraph("Tiny.", style: ParagraphStyle(dropCap: DropCap(length: 1, lines: 3)), runs: [(0..<1, cap)],
                                       after: ["The next paragraph."])
        let layout = try Self.layout(short)
        let capRun = try #require(layout.glyphRuns(onPage: 0).first { $0.range.lowerBound == 0 })
        let next = try #require(layout.lines(onPage: 0).last)
        #expect(next.rect.minY > capRun.baseline)
    }

    /// Letter and word spacing widen the text by what they add: letter spacing after every character, word
    /// spacing on every space; the reader's values replace the book's when they set them.
    @Test func letterAndWordSpacingWidenTheText() throws {
        let string = "Spaced out words"
        func width(_ style: TextStyle, _ adjust: (inout TypographySettings) -> Void = { _ in }) throws -> Double {
            let layout = try Self.layout(try Self.paragraph(string, runs: [(0..<16, style)]), adjust)
            return try #require(layout.lines(onPage: 0).first).rect.width
        }
        let plain = try width(TextStyle())
        let size = Fixtures.settings.fontSize
        let letters = try width(TextStyle(letterSpacing: 0.1))
        // Sixteen characters, the last one's spacing included.
        #expect(abs(letters - plain - 16 * 0.1 * size) < 0.5, "\(letters) vs \(plain)")
        let words = try width(TextStyle(wordSpacing: 0.5))
        #expect(abs(words - plain - 2 * 0.5 * size) < 0.5, "\(words) vs \(plain)")
        // The reader's spacing, once set, replaces the book's (here: back to none).
        let overridden = try width(TextStyle(letterSpacing: 0.1)) { $0.letterSpacing = 0 }
        #expect(abs(overridden - plain) < 0.01)
        let readers = try width(TextStyle()) { $0.wordSpacing = 0.5 }
        #expect(abs(readers - words) < 0.01)
    }

    /// Upper case changes what is drawn, never the text: `ß` is drawn as `ẞ`, every offset keeps its character,
    /// and carets, lines and ranges are those of the source.
    @Test func textTransformKeepsEveryOffset() throws {
        let string = "Straße und Fluß"
        let plain = try Self.layout(try Self.paragraph(string))
        let upper = try Self.layout(try Self.paragraph(string, runs: [(0..<string.utf16.count, TextStyle(textTransform: .uppercase))]))
        #expect(upper.text.paragraphs[0].contentString == string)
        let plainRuns = plain.glyphRuns(onPage: 0), upperRuns = upper.glyphRuns(onPage: 0)
        #expect(plainRuns.flatMap(\.clusters) == upperRuns.flatMap(\.clusters), "one glyph per source character, at its offset")
        #expect(plainRuns.flatMap(\.glyphs) != upperRuns.flatMap(\.glyphs))
        // The glyph drawn for ß is the font's capital sharp s.
        let face = try #require(upperRuns.first?.face)
        #expect(face.covers("\u{1E9E}"))
        for offset in 0...string.utf16.count {
            #expect(upper.caretRect(for: TextPosition(offset: offset)) != nil)
        }
        let lower = try Self.layout(try Self.paragraph("ABC ÉTÉ", runs: [(0..<7, TextStyle(textTransform: .lowercase))]))
        let capitalized = try Self.layout(try Self.paragraph("the ways of the world", runs: [(0..<21, TextStyle(textTransform: .capitalize))]))
        #expect(lower.glyphRuns(onPage: 0).flatMap(\.clusters).count == 7)
        #expect(capitalized.glyphRuns(onPage: 0).flatMap(\.clusters).count == 21)
    }

    /// Superscripts and subscripts are drawn off the baseline, and their line makes room for them.
    @Test func raisedAndLoweredTextSitsOffTheBaseline() throws {
        let string = "E = mc2 and H2O"
        let text = try Self.paragraph(string, runs: [(6..<7, TextStyle(fontScale: 0.75, baselineShift: 0.4)),
                                                     (13..<14, TextStyle(fontScale: 0.75, baselineShift: -0.25))])
        let tall = try Self.paragraph(string, runs: [(6..<7, TextStyle(fontScale: 0.75, baselineShift: 1.2))])
        let layout = try Self.layout(text)
        let line = try #require(layout.lines(onPage: 0).first)
        let runs = layout.glyphRuns(onPage: 0)
        let raised = try #require(runs.first { $0.range == 6..<7 }), lowered = try #require(runs.first { $0.range == 13..<14 })
        #expect(raised.baseline < line.baseline - 1 && raised.positions.allSatisfy { $0.y == raised.baseline })
        #expect(lowered.baseline > line.baseline + 1)
        // A line makes room for text raised beyond its leading (CSS's line box).
        let flat = try Self.layout(try Self.paragraph(string))
        let flatLine = try #require(flat.lines(onPage: 0).first)
        let tallLine = try #require(try Self.layout(tall).lines(onPage: 0).first)
        #expect(tallLine.rect.height > flatLine.rect.height)
    }

    /// Preformatted text keeps its spaces: never justified, whatever the book or the reader say.
    @Test func preformattedTextIsNeverJustified() throws {
        let code = "let x = 1  // a comment long enough to wrap in a phone's column of text, and to be justified if allowed"
        let text = try Self.paragraph(code, style: ParagraphStyle(role: .preformatted, innerLineBreaks: .preserve, bookAlignment: .justified))
        let layout = try Self.layout(text) { $0.alignment = .justified }
        let lines = layout.lines(onPage: 0)
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { layout.adjustment(of: $0).ratio == nil })
    }
}
