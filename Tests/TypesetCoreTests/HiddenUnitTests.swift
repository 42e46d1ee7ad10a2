import Testing
import TypesetCore
import TypesetTestSupport

/// Hidden units (``TextStyle/isHidden``, ruby annotations, replaced runs) in every position API: they have no
/// width, no glyphs and no caret stop of their own, and every answer is a source offset outside them.
@Suite struct HiddenUnitTests {
    /// A text of one paragraph per element of `paragraphs`, each made of styled pieces.
    static func text(_ paragraphs: [[(String, TextStyle)]], language: String? = nil) throws -> StyledText {
        try text(units: paragraphs.map { $0.map { (Array($0.0.utf16), $0.1) } }, language: language)
    }

    /// The same from UTF-16 units (lone surrogates included).
    static func text(units paragraphs: [[([UInt16], TextStyle)]], language: String? = nil) throws -> StyledText {
        var result: [Paragraph] = []
        var start = 0
        for (index, pieces) in paragraphs.enumerated() {
            var units: [UInt16] = []
            var runs: [AttributeRun] = []
            for (piece, style) in pieces {
                runs.append(AttributeRun(range: units.count..<(units.count + piece.count), style: style))
                units += piece
            }
            let contentLength = units.count
            if index < paragraphs.count - 1 { units.append(0x0A) }
            result.append(Paragraph(start: start, units: units, contentRange: 0..<contentLength, runs: runs))
            start += units.count
        }
        return try StyledText(paragraphs: result, language: language)
    }

    static let ruby = TextStyle(ruby: RubyAnnotation(base: 0..<2))

    /// `漢字《かんじ》です。` with the reading hidden as ruby and its brackets as markup; `said _very_ well.` with
    /// the underscores hidden; a line of markup only.
    static func sample() throws -> StyledText {
        try text([
            [("漢字", .body), ("《", .hidden), ("かんじ", ruby), ("》", .hidden), ("です。", .body)],
            [("said ", .body), ("_", .hidden), ("very", TextStyle(isItalic: true)), ("_", .hidden), (" well.", .body)],
            [("［＃改ページ］", .hidden)],
            [("End.", .body)],
        ])
    }

    static func layout(_ text: StyledText, width: Double = 390) throws -> BookLayout {
        var settings = Fixtures.settings
        settings.pageSize = Size(width: width, height: 844)
        return try Typesetter(fonts: try Fixtures.bundledFonts()).layout(text, settings: settings)
    }

    /// The hidden offsets of `text` where no caret may stop: inside a hidden range, and the end it shares with the
    /// visible grapheme it joins.
    static func forbiddenStops(_ text: StyledText) -> Set<Int> {
        var forbidden = Set<Int>()
        for paragraph in text.paragraphs {
            for range in paragraph.hiddenRanges where range.count > 0 {
                let start = paragraph.range.lowerBound + range.lowerBound, end = paragraph.range.lowerBound + range.upperBound
                for offset in (start + 1)..<end { forbidden.insert(offset) }
            }
        }
        return forbidden
    }

    @Test func hiddenUnitsHaveNoWidth() throws {
        let marked = try Self.layout(try Self.sample())
        let plain = try Self.layout(try Self.text([[("漢字です。", .body)], [("said ", .body), ("very", TextStyle(isItalic: true)), (" well.", .body)], [("End.", .body)]]))
        let markedLines = marked.lines(onPage: 0), plainLines = plain.lines(onPage: 0)
        #expect(abs(markedLines[0].rect.width - plainLines[0].rect.width) < 0.01)
        #expect(abs(markedLines[1].rect.width - plainLines[1].rect.width) < 0.01)
        // The paragraph of markup only takes no room: "End." sits where it sits without it.
        let end = try #require(markedLines.last), plainEnd = try #require(plainLines.last)
        #expect(abs(end.rect.minY - plainEnd.rect.minY) < 0.01)
        #expect(markedLines.first { $0.range.contains(30) }?.rect.size.height == 0)
        // No glyph is drawn for hidden units in the line; the ruby reading (3..<6) is drawn over its base, a run
        // of its own (RubyLayoutTests).
        let runs = marked.glyphRuns(onPage: 0)
        #expect(runs.contains { $0.range == 3..<6 })
        let drawn = runs.filter { $0.range != 3..<6 }.flatMap(\.clusters)
        let forbidden = Self.forbiddenStops(marked.text)
        #expect(!drawn.contains { forbidden.contains($0) })
        #expect(!drawn.contains(2) && !drawn.contains(6) && !drawn.contains(16) && !drawn.contains(21))
    }

    @Test func caretsNeverStopInsideHiddenUnits() throws {
        let text = try Self.sample()
        let layout = try Self.layout(text)
        let forbidden = Self.forbiddenStops(text)
        let lines = layout.lines(onPage: 0)
        // closestPosition and characterRange over a grid of points.
        for line in lines where line.rect.size.height > 0 {
            var x = line.rect.minX - 10
            while x < line.rect.maxX + 10 {
                let point = Point(x: x, y: line.rect.center.y)
                let position = layout.closestPosition(to: point, onPage: 0)
                #expect(!forbidden.contains(position.offset), "closestPosition(\(point)) = \(position.offset)")
                #expect(position.offset != 2 && position.offset != 17 && position.offset != 21 && position.offset != 36)
                if let range = layout.characterRange(at: point, onPage: 0) {
                    #expect(!forbidden.contains(range.lowerBound) && !forbidden.contains(range.upperBound))
                }
                x += 1
            }
        }
        // 字 and its annotation are one caret unit; "_v" is one too (the markup joins the word after a space).
        let overJi = try #require(layout.firstRect(for: 1..<2)).rect.center
        #expect(layout.characterRange(at: overJi, onPage: 0) == 1..<7)
        let overV = try #require(layout.firstRect(for: 17..<18)).rect.center
        #expect(layout.characterRange(at: overV, onPage: 0) == 16..<18)
        // Carets: inside the annotation snaps to its unit's start; after it, where です starts.
        let caretAtJi = try #require(layout.caretRect(for: TextPosition(offset: 1)))
        for offset in 2..<7 {
            #expect(layout.caretRect(for: TextPosition(offset: offset)) == caretAtJi, "caret \(offset)")
        }
        let afterAnnotation = try #require(layout.caretRect(for: TextPosition(offset: 7))).rect.center.x
        let deStart = try #require(layout.firstRect(for: 7..<8)).rect.minX
        #expect(abs(afterAnnotation - deStart) < 1.01)
        // Stepping right from the start visits only caret stops.
        var position = TextPosition(offset: 0)
        var visited: [Int] = [0]
        while let next = layout.position(from: position, in: .right, offset: 1), next.offset != position.offset {
            visited.append(next.offset)
            position = next
        }
        #expect(Array(visited.prefix(6)) == [0, 1, 7, 8, 9, 10])
        #expect(!visited.contains { forbidden.contains($0) })
        #expect(visited.contains(16) && !visited.contains(17) && !visited.contains(21) && visited.contains(22))
        // The line of markup only has one stop, where it starts (as an empty line).
        #expect(visited.contains(29) && !visited.contains(36) && visited.contains(37))
        // Stepping left comes back the same way.
        var back: [Int] = [position.offset]
        while let previous = layout.position(from: position, in: .left, offset: 1), previous.offset != position.offset {
            back.append(previous.offset)
            position = previous
        }
        #expect(!back.contains { forbidden.contains($0) })
        #expect(Set(back) == Set(visited))
        // position(from:offset:) stays arithmetic (UITextInput's contract), as for a surrogate pair.
        #expect(layout.position(from: TextPosition(offset: 1), offset: 2)?.offset == 3)
    }

    @Test func selectionCoversWholeCaretUnits() throws {
        let layout = try Self.layout(try Self.sample())
        // Selecting the annotation alone selects the unit it belongs to: 字 (and nothing wider).
        let annotation = layout.selectionRects(for: 3..<6)
        let ji = layout.selectionRects(for: 1..<7)
        #expect(annotation.map(\.rect) == ji.map(\.rect))
        let jiAlone = try #require(layout.firstRect(for: 1..<2)).rect
        #expect(abs((try #require(ji.first)).rect.width - jiAlone.width) < 0.01)
        // A selection across the note paragraph covers the lines around it and nothing of the note.
        let across = layout.selectionRects(for: 24..<34)
        #expect(!across.isEmpty && across.allSatisfy { $0.rect.size.width.isFinite })
    }

    @Test func tokenizerStepsOverHiddenUnits() throws {
        let text = try Self.sample()
        let layout = try Self.layout(text)
        let tokenizer = TextTokenizer(layout: layout)
        let forbidden = Self.forbiddenStops(text)
        for offset in 0...text.length {
            for granularity in TextGranularity.allCases {
                for direction in [TextStorageDirection.forward, .backward] {
                    let position = TextPosition(offset: offset)
                    if let unit = tokenizer.rangeEnclosingPosition(position, with: granularity, inDirection: direction) {
                        #expect(!forbidden.contains(unit.lowerBound) && !forbidden.contains(unit.upperBound),
                                "\(granularity) unit \(unit) around \(offset)")
                    }
                    if let next = tokenizer.position(from: position, toBoundary: granularity, inDirection: direction) {
                        #expect(!forbidden.contains(next.offset), "\(granularity) boundary \(next.offset) from \(offset)")
                    }
                }
            }
        }
        #expect(tokenizer.rangeEnclosingPosition(TextPosition(offset: 4), with: .character, inDirection: .forward) == 1..<7)
        // The reading is not a word of the text; "very" is one, without its underscores.
        #expect(tokenizer.rangeEnclosingPosition(TextPosition(offset: 18), with: .word, inDirection: .forward) == 16..<22)
        #expect(!tokenizer.isPosition(TextPosition(offset: 3), atBoundary: .word, inDirection: .forward))
        #expect(!tokenizer.isPosition(TextPosition(offset: 4), atBoundary: .character, inDirection: .forward))
    }

    @Test func linesNeverStartInsideHiddenUnits() throws {
        // Narrow columns force breaks everywhere; no line may start inside markup or split a unit.
        let text = try Self.text([
            [("ab", .body), ("［＃注記］", .hidden), ("cd ", .body), ("_", .hidden), ("efghij", .body), ("_", .hidden),
             (" 漢字", .body), ("《かんじ》", TextStyle(isHidden: true, ruby: RubyAnnotation(base: 19..<21))), ("です。", .body)],
        ])
        let forbidden = Self.forbiddenStops(text)
        for width in stride(from: 52.0, through: 200, by: 3) {
            let layout = try Self.layout(text, width: width)
            for page in layout.pages {
                for line in layout.lines(onPage: page.index) {
                    #expect(!forbidden.contains(line.range.lowerBound) && !forbidden.contains(line.range.upperBound),
                            "width \(width): line \(line.range)")
                    // The note joins "ab", and the reading joins 字: neither starts a line.
                    #expect(line.range.lowerBound != 2 && line.range.lowerBound != 21, "width \(width): line \(line.range)")
                }
            }
        }
    }

    @Test func markupDoesNotChangeLineBreakingOrBidi() throws {
        // A break is allowed after "said " even though markup follows the space, and after " " past "very_".
        let text = try Self.text([[("said ", .body), ("_", .hidden), ("very", .body), ("_", .hidden), (" well", .body)]])
        let width = try Self.layout(try Self.text([[("said very", .body)]]), width: 1000).lines(onPage: 0)[0].rect.width
        let layout = try Self.layout(text, width: width + 48 - 5)
        #expect(layout.lines(onPage: 0).map(\.range.lowerBound) == [0, 5, 12])
        // Latin markup between two Arabic words in a left-to-right paragraph does not split them into two runs
        // (which would reverse their order): the glyphs come in the order they have without it.
        let arabic = try Self.text([[("Hi سلام ", .body), ("[note]", .hidden), ("عليكم", .body)]])
        let plainArabic = try Self.text([[("Hi سلام عليكم", .body)]])
        func order(_ text: StyledText) throws -> [Int] {
            let layout = try Self.layout(text)
            let glyphs = layout.glyphRuns(onPage: 0).flatMap { run in zip(run.positions, run.clusters) }
            return glyphs.sorted { $0.0.x < $1.0.x }.map(\.1).map { $0 >= 14 ? $0 - 6 : $0 }
        }
        #expect(try order(arabic) == order(plainArabic))
    }

    /// Hidden units joined to the last grapheme of a right-to-left run in a left-to-right paragraph sit beside it:
    /// they once got the paragraph's level, a place at the far end of the line, and the caret unit spanned the
    /// whole line (fuzz finding positions-hidden-units-after-a-right-to-left-run).
    @Test func caretsRoundTripAroundHiddenUnitsInMixedDirections() throws {
        let text = try Self.text([
            [("abc سَوَآءٌ عَ", .body), ("/x\u{FFFD}", .hidden), ("こちさ", .body)],
            [("שלום", .body), ("[n]", .hidden), (" world ", .body), ("_", .hidden), ("עולם", .body), ("》", .hidden)],
        ])
        for width in [140.0, 220, 390] {
            let layout = try Self.layout(text, width: width)
            for offset in 0...text.length where GraphemeSegmenter().isCaretStop(offset, in: text) {
                for affinity in [TextAffinity.forward, .backward] {
                    let position = TextPosition(offset: offset, affinity: affinity)
                    let caret = try #require(layout.caretRect(for: position))
                    let back = layout.closestPosition(to: caret.rect.center, onPage: caret.page)
                    let again = try #require(layout.caretRect(for: back))
                    #expect(again.page == caret.page && abs(again.rect.center.x - caret.rect.center.x) < 0.01
                            && abs(again.rect.minY - caret.rect.minY) < 0.01,
                            "width \(width): caret of \(position) at \(caret.rect) maps back to \(back), drawn at \(again.rect)")
                }
            }
            // A caret unit is never wider than the line's glyphs around it.
            for line in layout.lines(onPage: 0) {
                for offset in line.range where GraphemeSegmenter().isCaretStop(offset, in: text) {
                    guard let unit = TextTokenizer(layout: layout).rangeEnclosingPosition(TextPosition(offset: offset), with: .character, inDirection: .forward),
                          let rect = layout.firstRect(for: unit) else { continue }
                    #expect(rect.rect.width < line.rect.width / 2 + 1, "width \(width): unit \(unit) is \(rect.rect.width) wide")
                }
            }
        }
    }

    @Test func replacedRunsAreDrawnAsTheirReplacementAndAreOneUnit() throws {
        // An Aozora gaiji note resolved to its character: `※［` drawn as 𠀋 (two units), the rest hidden.
        let text = try Self.text([[("a", .body), ("※［", TextStyle(replacement: "\u{2000B}")), ("＃「木＋靈」、第3水準1-86-29］", .hidden), ("b", .body)]])
        let layout = try Self.layout(text)
        let runs = layout.glyphRuns(onPage: 0)
        #expect(runs.flatMap(\.clusters).sorted() == [0, 1, 22])
        let plain = try Self.layout(try Self.text([[("a\u{2000B}b", .body)]]))
        #expect(abs(layout.lines(onPage: 0)[0].rect.width - plain.lines(onPage: 0)[0].rect.width) < 0.01)
        let over = try #require(layout.firstRect(for: 1..<3)).rect.center
        #expect(layout.characterRange(at: over, onPage: 0) == 1..<22)
        #expect(GraphemeSegmenter().isCaretStop(1, in: text) && !GraphemeSegmenter().isCaretStop(2, in: text))
        // A replacement of another length is ignored: the units are drawn as they are.
        let wrong = try Self.text([[("ab", TextStyle(replacement: "xyz"))]])
        #expect(wrong.paragraphs[0].runs[0].style.replacement == nil)
        // So is one whose run starts or ends inside a grapheme of the source (fuzz findings
        // positions-replaced-run-starting-on-a-mark, layout-replaced-run-ending-inside-a-surrogate-pair): a line
        // could start there.
        let mark = try Self.text([[("aع", .body), ("\u{64E}bc", TextStyle(replacement: "xyz"))]])
        #expect(mark.paragraphs[0].runs.allSatisfy { $0.style.replacement == nil })
        let pair = try Self.text(units: [[([0x61, 0xD83D], TextStyle(replacement: "xy")), ([0xDE00, 0x62], .body)]])
        #expect(pair.paragraphs[0].runs.allSatisfy { $0.style.replacement == nil })
        for width in stride(from: 52.0, through: 120, by: 4) {
            let split = try Self.text(units: [[(Array("ab".utf16), .body), ([0x63, 0xD83D], TextStyle(replacement: "xy")),
                                               ([0xDE00] + Array("d ef\u{301}".utf16), .body)]])
            let layout = try Self.layout(split, width: width)
            #expect(LayoutInvariants.violations(in: layout).isEmpty, "width \(width)")
        }
    }

    @Test func readingFiguresLeaveOutHiddenUnits() throws {
        let marked = try Self.sample()
        let plain = try Self.text([[("漢字です。", .body)], [("said very well.", .body)], [("End.", .body)]])
        let a = ReadingFigures(text: marked, offset: marked.length)
        let b = ReadingFigures(text: plain, offset: plain.length)
        #expect(a.totalWords == b.totalWords)
        #expect(a.totalWords == 4 + 3 + 1)
        // Half way through the note paragraph, the words before are those of the paragraphs before it.
        #expect(ReadingFigures(text: marked, offset: 30).wordsRead == 7)
    }
}
