import Testing
@testable import TypesetCore
import TypesetTestSupport

/// Position-model findings of the fuzzer (Tests/Fuzz/Regressions/positions-*), as properties.
@Suite struct PositionFuzzRegressionTests {
    /// A range of line breaks only (blank lines between paragraphs) gets one zero-width rectangle at its start,
    /// like an empty range, instead of none (fuzz finding positions-selection-over-empty-lines-has-no-rects).
    @Test func aRangeOfBlankLinesHasARectangle() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let text = StyledText(plain: "First paragraph.\n\n\n\nSecond paragraph.\r\n\u{2028}\nEnd")
        let layout = try typesetter.layout(text, settings: Fixtures.settings)
        let units = Array("First paragraph.\n\n\n\nSecond paragraph.\r\n\u{2028}\nEnd".utf16)
        var checked = 0
        for start in 0..<units.count {
            for end in (start + 1)...units.count where units[start..<end].allSatisfy({ [0x0A, 0x0D, 0x2028].contains($0) }) {
                let rects = layout.selectionRects(for: start..<end)
                #expect(!rects.isEmpty, "\(start)..<\(end) gave no rectangle")
                #expect(rects.allSatisfy { $0.rect.height > 0 && $0.rect.width >= 0 })
                // Blank lines (LF only) have nothing drawn: the rectangle is the zero-width one at the start.
                if units[start..<end].allSatisfy({ $0 == 0x0A }), let rect = rects.first, rects.count == 1, rect.rect.width == 0 {
                    #expect(rect.containsStart && rect.containsEnd)
                }
                checked += 1
            }
        }
        #expect(checked >= 10)
        // A range holding text still gets the rectangles of its graphemes only.
        #expect(layout.selectionRects(for: 0..<5).allSatisfy { $0.rect.width > 0 })
    }

    /// A point just inside a grapheme, next to one of its edges, gives a position whose caret is drawn at that
    /// edge. The fuzzer found "|3|" in an Arabic line: the point at the left edge of the first "|" gave offset
    /// 132 downstream, whose caret is drawn on the far side of the LTR "3"; upstream is drawn where the point is.
    @Test func aPointNextToAnEdgeGetsACaretOnThatEdge() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let string = "2|3|ٱلَّذِينَ يُؤْمِنُونَ بِٱلْغَيْبِ 12 و 345 وَيُقِيمُونَ (ABC def) ٱلصَّلَوٰةَ 6|7|\nRead שלום 42 עולם here, 7 ימים."
        var checked = 0
        for width in [120.0, 180, 260, 390] {
            var settings = Fixtures.settings
            settings.pageSize = Size(width: width, height: 900)
            settings.fontSize = 24
            let layout = try typesetter.layout(StyledText(plain: string), settings: settings)
            for page in layout.pages.indices {
                for index in layout.pages[page].placements.indices {
                    let carets = layout.carets(page: page, placementIndex: index)
                    let y = carets.box.center.y
                    for g in carets.graphemes where g.maxX - g.minX > 2 && g.maxX <= carets.contentMaxX && g.minX >= carets.contentMinX {
                        for edge in [g.minX, g.maxX] {
                            let inside = edge == g.minX ? edge + 0.4 : edge - 0.4
                            let position = layout.closestPosition(to: Point(x: inside, y: y), onPage: page)
                            let caret = try #require(layout.caretRect(for: position))
                            #expect(abs(caret.rect.center.x - edge) < 1.01,
                                    "width \(width): x \(inside) next to the edge \(edge) of \(g.start)..<\(g.end) gave \(position), drawn at \(caret.rect.center.x)")
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked > 200)
    }

    /// Every caret of the layout, both affinities, round-trips: the position closest to the caret's centre has its
    /// caret drawn at the same place (what a reader checks by tapping on a caret). Carets of hidden text (no
    /// height) are skipped: no point lies on them. Returns the failures.
    static func caretRoundTripFailures(_ layout: BookLayout) -> [String] {
        var failures: [String] = []
        for offset in 0...layout.text.length {
            for affinity in [TextAffinity.forward, .backward] {
                let position = TextPosition(offset: offset, affinity: affinity)
                guard let caret = layout.caretRect(for: position), caret.rect.height > 0 else { continue }
                let back = layout.closestPosition(to: caret.rect.center, onPage: caret.page)
                guard let again = layout.caretRect(for: back) else { failures.append("\(position): no caret for \(back)"); continue }
                if again.page != caret.page || abs(again.rect.center.x - caret.rect.center.x) > 0.01 || abs(again.rect.minY - caret.rect.minY) > 0.01 {
                    failures.append("caret of \(position) at \(caret) maps back to \(back), drawn at \(again)")
                }
            }
        }
        return failures
    }

    /// A point on (or beyond) a line's left or right edge gives the position whose caret is drawn on that edge,
    /// also where the line begins or ends with text of the other direction: an LTR letter or number alone at the
    /// edge of a line of an Arabic or Hebrew paragraph, an Arabic word at the edge of an English line. The fuzzer
    /// found the left edge of such an RTL line giving the line's end, drawn on its right edge, some 100 pt away
    /// (Tests/Fuzz/Regressions/positions-line-edge-of-the-other-direction*).
    @Test func aPointOnALineEdgeGetsTheCaretDrawnOnThatEdge() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let string = "مرحبا F بالعالم 42 كتاب ABC قلم x\nשלום K עולם 7 ימים Zq\nRead كتاب then مرحبا and قلم\n\u{FFFD} مرحبا \u{FFFD} W بالعالم g"
        var lines = 0
        for width in [90.0, 130, 170, 240] {
            for alignment in [TextAlignment.start, .center, .justified] {
                var settings = Fixtures.settings
                settings.pageSize = Size(width: width, height: 2000)
                settings.margins = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
                settings.fontSize = 24
                settings.alignment = alignment
                let layout = try typesetter.layout(StyledText(plain: string), settings: settings)
                #expect(Self.caretRoundTripFailures(layout) == [], "width \(width), \(alignment)")
                for page in layout.pages.indices {
                    for line in layout.lines(onPage: page) where line.rect.size.width > 0 {
                        for (x, edge) in [(line.rect.minX - 5, line.rect.minX), (line.rect.maxX + 5, line.rect.maxX)] {
                            let position = layout.closestPosition(to: Point(x: x, y: line.rect.center.y), onPage: page)
                            let caret = try #require(layout.caretRect(for: position))
                            // Within 1 pt: a caret on the column's edge is kept inside the column.
                            #expect(abs(caret.rect.center.x - edge) < 1.01 && abs(caret.rect.center.y - line.rect.center.y) < line.rect.size.height,
                                    "width \(width), \(alignment): x \(x) beside line \(line.range) gave \(position), drawn at \(caret.rect.center.x)")
                        }
                        lines += 1
                    }
                }
            }
        }
        #expect(lines > 100)
    }

    /// A line can stick out of its column: a glyph pushed past the column's edge by a large first-line indent, or
    /// one far wider than the column. Its carets stay on the glyph's edges (not inside the glyph at the column's
    /// edge), and a point on the glyph belongs to its line even when it lies over the gap or another column. The
    /// fuzzer found the caret after an indented "�" drawn over the "�" and mapping back to the offset before it
    /// (positions-caret-after-a-glyph-indented-past-the-column), then, once drawn at the glyph's edge, mapping to
    /// the next column (…-sticking-into-the-next-column) or to a giant glyph of another column
    /// (positions-point-on-a-giant-glyph-over-other-columns).
    @Test func caretsOfALineStickingOutOfItsColumnStayOnItsGlyphs() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        var checked = 0
        for columns in [1, 2, 3] {
            for alignment in [TextAlignment.start, .center] {
                var settings = Fixtures.settings
                settings.pageSize = Size(width: 495, height: 860)
                settings.margins = EdgeInsets(top: 40, left: 45, bottom: 40, right: 40)
                settings.fontSize = 70
                settings.firstLineIndent = columns == 1 ? 5.5 : 2.4
                settings.columns = columns
                // A gap wider than the W, so that it sticks into the gap, not over the next column's text (where
                // two lines overlap, one point serves both and no round trip can hold).
                settings.columnGap = 80
                settings.alignment = alignment
                let text = StyledText(plain: "W\u{8}W成$ h wide\nM and more words here to fill the columns of the page")
                let layout = try typesetter.layout(text, settings: settings)
                let lines = layout.lines(onPage: 0)
                let first = try #require(lines.first)
                try #require(!lines.contains { a in lines.contains { b in a.range != b.range && a.rect.minX < b.rect.maxX && b.rect.minX < a.rect.maxX && a.rect.minY < b.rect.maxY && b.rect.minY < a.rect.maxY } })
                let columnRight = settings.margins.left + settings.columnWidth
                try #require(first.rect.maxX > columnRight + 1, "\(columns) columns: the first line \(first.rect) fits its column")
                // The caret after the "W" is drawn at the W's right edge, where the W ends, outside the column.
                let caret = try #require(layout.caretRect(for: TextPosition(offset: 1, affinity: .backward)))
                #expect(abs(caret.rect.center.x - first.rect.maxX) < 1.01, "\(columns) columns: caret after W at \(caret.rect.center.x), the W ends at \(first.rect.maxX)")
                #expect(layout.closestPosition(to: caret.rect.center, onPage: 0).offset == 1)
                #expect(Self.caretRoundTripFailures(layout) == [], "\(columns) columns, \(alignment)")
                checked += 1
            }
        }
        // A glyph 40 times the text size in one of eight columns spreads over the others.
        var settings = Fixtures.settings
        settings.pageSize = Size(width: 872, height: 460)
        settings.fontSize = 20
        settings.columns = 8
        settings.columnGap = 12
        var giant = TextStyle(); giant.fontScale = 40
        let units = Array("One two three four five six seven eight nine ten eleven twelve thirteen WW fourteen fifteen sixteen seventeen eighteen nineteen twenty.".utf16)
        let big = Array("One two three four five six seven eight nine ten eleven twelve thirteen ".utf16).count
        let paragraph = Paragraph(start: 0, units: units, contentRange: 0..<units.count,
                                  runs: [AttributeRun(range: 0..<big, style: TextStyle()), AttributeRun(range: big..<(big + 2), style: giant),
                                         AttributeRun(range: (big + 2)..<units.count, style: TextStyle())])
        let layout = try typesetter.layout(try StyledText(paragraphs: [paragraph]), settings: settings, mode: .scroll)
        try #require(layout.pages.indices.contains { page in layout.lines(onPage: page).contains { $0.rect.size.width > 3 * settings.columnWidth } })
        #expect(Self.caretRoundTripFailures(layout) == [])
        #expect(checked == 6)
    }

    /// A line's graphemes are kept in visual order for hit testing, also where zero-width controls (NULs, shift
    /// out) inside an Arabic run sit in a piece of their own whose x equals a neighbour's edge only up to
    /// rounding. The fuzzer found them after the "�" to their right in 1.77 pt text, and a point between two
    /// glyphs went one glyph too far (positions-zero-width-controls-out-of-visual-order).
    @Test func zeroWidthControlsInsideAnArabicRunKeepVisualOrder() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let string = "\u{FFFD}\u{FFFD}\0Альтернатива Пушкин\nКАПИТАН\u{FFFD}\0\0\0АЯ ДОЧКА\n\0\0\0\0Берегите честь смолоду.\n"
            + "Посл\u{650}\u{645}\u{652} \u{6DA} \u{625}\u{650}\u{646}\u{651}\u{64E}\u{647}\u{64F}\u{6E5} \u{628}\u{650}\u{647}\u{650}\u{645}\u{652} "
            + "\u{631}\u{64E}\u{621}\u{64F}\u{648}\u{641}\u{64C}\u{FFFD}\0\0\0\0\0\0\0\u{E}\u{FFFD} \u{631}\u{651}\u{64E}\u{62D}\u{650}\u{64A}\u{645}\u{64C}\u{6ED}\n"
            + "رَءُوفٌ\0 \0 \0 رَّحِيمٌ"
        var checked = 0
        for size in [1.7717250324254215, 3, 11, 24] {
            var settings = Fixtures.settings
            settings.fontFamily = "Noto Naskh Arabic"
            settings.fontSize = size
            settings.lineHeightMultiple = 3.359551384756237
            settings.margins = EdgeInsets(top: 21.603112840466927, left: 37.719386587319754, bottom: 3.299610894941634, right: 0.661020828564889)
            settings.paragraphSpacing = 1.0828107118333714
            settings.firstLineIndent = 2.942610818646525
            settings.alignment = .center
            settings.pageSize = Size(width: 603.71, height: 1048.09)
            settings.columns = 2
            settings.columnGap = 25.034561684596017
            settings.language = "zh-Hant"
            let layout = try typesetter.layout(StyledText(plain: string), settings: settings)
            for page in layout.pages.indices {
                for index in layout.pages[page].placements.indices {
                    let graphemes = layout.carets(page: page, placementIndex: index).graphemes
                    #expect(zip(graphemes, graphemes.dropFirst()).allSatisfy { $0.maxX <= $1.maxX + 0.001 },
                            "size \(size): graphemes out of visual order: \(graphemes.map { ($0.start, $0.minX, $0.maxX) })")
                    checked += 1
                }
            }
            #expect(Self.caretRoundTripFailures(layout) == [], "size \(size)")
        }
        #expect(checked > 8)
    }

    /// A caret on the column's edge is drawn with its centre 1 pt inside the column, so where a justified line
    /// ends in a glyph narrower than 2 pt (a full stop in small text, a format character) that centre lies over
    /// the glyph's left half; tapping it still gives the line's end, not the offset before the glyph. The fuzzer
    /// found it 0.8 pt off after a U+202C (positions-end-caret-over-a-narrow-last-glyph).
    @Test func theEndCaretOfAFullLineMapsBackOverANarrowLastGlyph() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let string = String(repeating: "Sed ut perspiciatis, unde omnis iste natus. Error sit voluptatem; accusantium. ", count: 12)
        var narrowEnds = 0
        for size in [3.0, 4, 5.5] {
            for columns in [1, 3] {
                var settings = Fixtures.settings
                settings.pageSize = Size(width: 300, height: 2000)
                settings.margins = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
                settings.fontSize = size
                settings.alignment = .justified
                settings.columns = columns
                let layout = try typesetter.layout(StyledText(plain: string), settings: settings)
                #expect(Self.caretRoundTripFailures(layout) == [], "size \(size), \(columns) columns")
                for page in layout.pages.indices {
                    for index in layout.pages[page].placements.indices {
                        let carets = layout.carets(page: page, placementIndex: index)
                        if let last = carets.graphemes.last(where: { $0.maxX <= carets.contentMaxX + 0.01 && $0.maxX > $0.minX }),
                           last.maxX - last.minX < 2, carets.contentMaxX > layout.caretEdges(carets).right - 0.01 {
                            narrowEnds += 1
                        }
                    }
                }
            }
        }
        // The case happens: full lines ending in a glyph narrower than the caret.
        #expect(narrowEnds > 5)
    }

    /// Spaces hanging at the end of a justified line get no stretch, in hit testing as in drawing, so the caret at
    /// a soft wrap's end is drawn on the line's end edge, also where the hanging space belongs to a run of the
    /// other direction (English words in an Arabic paragraph, Arabic words in an English one). The fuzzer found a
    /// stretched hanging space laid over the text of the line, putting the end caret mid-line
    /// (positions-stretched-hanging-space-over-the-line*).
    @Test func aSpaceHangingAtAJustifiedLineEndKeepsTheEndCaretOnTheEdge() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let strings = ["مرحبا why we are here and there where the words run on كتاب قلم and more words again بالعالم",
                       "Read إِنَّ كتاب قلم مرحبا بالعالم then more words كتاب قلم مرحبا and so on بالعالم كتاب end"]
        var checked = 0
        for string in strings {
            for width in [120.0, 160, 220] {
                var settings = Fixtures.settings
                settings.pageSize = Size(width: width, height: 3000)
                settings.margins = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
                settings.fontSize = 18
                settings.alignment = .justified
                let text = StyledText(plain: string)
                let layout = try typesetter.layout(text, settings: settings)
                #expect(Self.caretRoundTripFailures(layout) == [], "width \(width): \(string)")
                let lines = layout.lines(onPage: 0)
                for line in lines.dropLast() where text.units(in: line.range).last == 0x20 {
                    let caret = try #require(layout.caretRect(for: TextPosition(offset: line.range.upperBound, affinity: .backward)))
                    let edge = line.direction == .rightToLeft ? line.rect.minX : line.rect.maxX
                    #expect(abs(caret.rect.center.x - edge) < 1.01 && abs(caret.rect.center.y - line.rect.center.y) < line.rect.size.height,
                            "width \(width): the end caret of line \(line.range) at \(caret.rect.center.x), its end edge at \(edge)")
                    checked += 1
                }
            }
        }
        #expect(checked > 20)
    }

    /// The spaces of a justified line that the optimal breaker set tight shrink in proportion to their widths,
    /// as the breaker's model has it (each by at most a third of its own width): a space in much smaller text than
    /// the others, shrunk by the line's mean shrink, got a negative advance, so the text after it was drawn back
    /// over the text before it and its carets ran out of visual order. The fuzzer found it in a justified Arabic
    /// line whose spaces were set in a near-zero font scale beside spaces at 3.4 times the size: the caret at 408,
    /// drawn over the "/" that the shrunk spaces overlapped, mapped back to 412
    /// (positions-tight-line-shrinking-a-tiny-space-below-zero).
    @Test func spacesOfATightLineShrinkInProportionToTheirWidths() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let strings = ["Sed ut perspiciatis unde omnis iste natus error sit voluptatem accusantium doloremque laudantium, totam rem aperiam eaque ipsa quae ab illo inventore veritatis et quasi architecto beatae vitae dicta sunt explicabo.",
                       "إِنَّ ٱلَّذِينَ كَفَرُوا۟ سَوَآءٌ عَلَيْهِمْ ءَأَنذَرْتَهُمْ أَمْ لَمْ تُنذِرْهُمْ لَا يُؤْمِنُونَ خَتَمَ ٱللَّهُ عَلَىٰ قُلُوبِهِمْ وَعَلَىٰ سَمْعِهِمْ وَعَلَىٰٓ أَبْصَـٰرِهِمْ غِشَـٰوَةٌ وَلَهُمْ عَذَابٌ عَظِيمٌ"]
        var tinySpaces = 0
        for string in strings {
            // Every third space is set in text a hundredth of the size of the rest.
            let units = Array(string.utf16)
            var tiny = TextStyle(); tiny.fontScale = 0.01
            let spaces = units.indices.filter { units[$0] == 0x20 }.enumerated().filter { $0.offset % 3 == 1 }.map(\.element)
            var runs: [AttributeRun] = []
            var cursor = 0
            for space in spaces {
                runs.append(AttributeRun(range: cursor..<space, style: TextStyle()))
                runs.append(AttributeRun(range: space..<(space + 1), style: tiny))
                cursor = space + 1
            }
            runs.append(AttributeRun(range: cursor..<units.count, style: TextStyle()))
            let text = try StyledText(paragraphs: [Paragraph(start: 0, units: units, contentRange: 0..<units.count, runs: runs)])
            for width in stride(from: 150.0, through: 330, by: 6) {
                var settings = Fixtures.settings
                settings.pageSize = Size(width: width, height: 3000)
                settings.margins = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
                settings.fontSize = 24
                settings.alignment = .justified
                let layout = try typesetter.layout(text, settings: settings)
                #expect(Self.caretRoundTripFailures(layout) == [], "width \(width): \(string.prefix(12))")
                for page in layout.pages.indices {
                    // No glyph is drawn with a negative advance, nor a grapheme measured with a negative width.
                    for run in layout.glyphRuns(onPage: page) {
                        #expect(run.advances.allSatisfy { $0 >= 0 }, "width \(width): advances \(run.advances) of \(run.range)")
                    }
                    for index in layout.pages[page].placements.indices {
                        let carets = layout.carets(page: page, placementIndex: index)
                        #expect(carets.graphemes.allSatisfy { $0.minX <= $0.maxX },
                                "width \(width): \(carets.graphemes.filter { $0.minX > $0.maxX }.map { ($0.start, $0.minX, $0.maxX) })")
                        let placement = layout.pages[page].placements[index]
                        let box = layout.paragraphLayout(Int(placement.paragraph)).lines[Int(placement.line)]
                        if box.spaceStretch < 0 {
                            tinySpaces += spaces.filter { box.range.contains($0) && $0 + 1 < Int(box.end) }.count
                        }
                    }
                }
            }
        }
        // The case happens: tight lines holding spaces of the small text.
        #expect(tinySpaces > 10)
    }

    /// A ruby annotation is out of flow: its units join the grapheme of its base's last character but take no
    /// place on the line. Where the bidi order put their (empty) piece away from that character, at the far edge of
    /// an LTR line holding an Arabic base, the grapheme's extent became the union of both, so the caret after the
    /// base's last letter mapped back to the line's end (Tests/Fuzz/Regressions/positions-caret-round-trip-to-
    /// another-offset-on-its-line). The family: bases of either direction, annotations of either direction, in
    /// paragraphs of either direction, at nine widths; every caret round-trips.
    @Test func aRubyAnnotationTakesNoPlaceOnItsBasesLine() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        // Annotations ending in a space too: at a line's end, trailing white space takes the paragraph's level
        // (UAX #9 L1), which put the annotation's piece on the far side of an RTL base in an LTR line.
        let pairs = [("\u{64A}\u{64E}\u{640}\u{670}\u{62A}\u{650}", "\u{647}\u{650}\u{6E6}\u{653} \u{623}\u{64E}\u{646}\u{652} "),
                     ("كتاب", "قلم"), ("كتاب", "قلم "), ("שלום", "ab "), ("word", "كتاب "), ("漢字", "かんじ")]
        var checked = 0
        for (base, annotation) in pairs {
            for direction in [WritingDirection.leftToRight, .rightToLeft] {
                let before = Array("x ".utf16), baseUnits = Array(base.utf16), rubyUnits = Array(annotation.utf16)
                let after = Array(" y z".utf16)
                let units = before + baseUnits + rubyUnits + after
                let baseRange = before.count..<(before.count + baseUnits.count)
                var ruby = TextStyle()
                ruby.ruby = RubyAnnotation(base: baseRange)
                let runs = [AttributeRun(range: 0..<baseRange.upperBound, style: TextStyle()),
                            AttributeRun(range: baseRange.upperBound..<(baseRange.upperBound + rubyUnits.count), style: ruby),
                            AttributeRun(range: (baseRange.upperBound + rubyUnits.count)..<units.count, style: TextStyle())]
                var style = ParagraphStyle.body
                style.baseDirection = direction
                let text = try StyledText(paragraphs: [Paragraph(start: 0, units: units, contentRange: 0..<units.count,
                                                                 runs: runs, style: style)])
                for width in stride(from: 40.0, through: 240, by: 25) {
                    var settings = Fixtures.settings
                    settings.pageSize = Size(width: width + 40, height: 400)
                    settings.margins = EdgeInsets(top: 20, left: 20, bottom: 20, right: 20)
                    let layout = try typesetter.layout(text, settings: settings)
                    #expect(Self.caretRoundTripFailures(layout) == [], "\(base) \(annotation) \(direction) \(width)")
                    checked += 1
                }
            }
        }
        #expect(checked == 108)
    }

    /// The fuzzer's input itself: the caret after the Arabic base's last letter (103, upstream) maps back to it.
    @Test func theFindingOfARubyAnnotationAfterAnArabicBase() throws {
        let layout = try FuzzReplayTests.positionsLayout("positions-caret-round-trip-to-another-offset-on-its-line")
        let position = TextPosition(offset: 103, affinity: .backward)
        let caret = try #require(layout.caretRect(for: position))
        let back = layout.closestPosition(to: caret.rect.center, onPage: caret.page)
        #expect(back.offset == 103)
        let again = try #require(layout.caretRect(for: back))
        #expect(abs(again.rect.center.x - caret.rect.center.x) < 0.01)
    }

    /// A line ending in a hard break whose terminators are partly hidden (form feeds inside a run the book hides,
    /// then a visible one) had its end caret placed before the first of them, inside the hidden units, where no
    /// caret may stop: closestPosition answered that offset (Tests/Fuzz/Regressions/positions-line-end-inside-hidden-
    /// hard-breaks). The family: hidden runs of form feeds or line feeds, before a visible one, after text or alone,
    /// in both kinds of inner line breaks; every caret's point maps back to a caret stop.
    @Test func aLineEndNeverFallsInsideHiddenHardBreaks() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let segmenter = GraphemeSegmenter()
        var checked = 0
        for terminator in ["\u{0C}", "\u{0B}", "\u{2028}"] {
            for (before, hiddenCount) in [("ab", 3), ("ab ", 1), ("", 2)] {
                for breaks in [InnerLineBreaks.preserve, .collapse] {
                    let hidden = String(repeating: terminator, count: hiddenCount)
                    let string = before + hidden + terminator + "cd ef"
                    let units = Array(string.utf16)
                    let hiddenStart = before.utf16.count, hiddenEnd = hiddenStart + hidden.utf16.count
                    var hiddenStyle = TextStyle()
                    hiddenStyle.isHidden = true
                    let runs = [AttributeRun(range: 0..<hiddenStart, style: TextStyle()),
                                AttributeRun(range: hiddenStart..<hiddenEnd, style: hiddenStyle),
                                AttributeRun(range: hiddenEnd..<units.count, style: TextStyle())].filter { !$0.range.isEmpty }
                    var style = ParagraphStyle.body
                    style.innerLineBreaks = breaks
                    let text = try StyledText(paragraphs: [Paragraph(start: 0, units: units, contentRange: 0..<units.count,
                                                                     runs: runs, style: style)])
                    let layout = try typesetter.layout(text, settings: Fixtures.settings)
                    for offset in 0...text.length {
                        for affinity in [TextAffinity.forward, .backward] {
                            guard let caret = layout.caretRect(for: TextPosition(offset: offset, affinity: affinity)) else { continue }
                            let back = layout.closestPosition(to: caret.rect.center, onPage: caret.page)
                            #expect(segmenter.isCaretStop(back.offset, in: text), "\(string.debugDescription) \(breaks): caret of \(offset) maps back to \(back.offset)")
                        }
                    }
                    checked += 1
                }
            }
        }
        #expect(checked == 18)
    }

    /// The fuzzer's input itself: the caret of 165 maps back to a caret stop.
    @Test func theFindingOfALineEndInsideHiddenHardBreaks() throws {
        let layout = try FuzzReplayTests.positionsLayout("positions-line-end-inside-hidden-hard-breaks")
        let caret = try #require(layout.caretRect(for: TextPosition(offset: 165)))
        let back = layout.closestPosition(to: caret.rect.center, onPage: caret.page)
        #expect(GraphemeSegmenter().isCaretStop(back.offset, in: layout.text), "maps back to \(back.offset)")
    }
}
