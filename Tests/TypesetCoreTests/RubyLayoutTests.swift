import Testing
import TypesetCore
import TypesetTestSupport

/// Ruby laid out: the annotation at half size centred over its base, the base spaced out when the annotation is
/// wider (less what it may overhang neighbouring kana), the line taller only where ruby is, no break inside a
/// base, and the annotation's place belonging to its base in hit testing.
@Suite struct RubyLayoutTests {
    static func ruby(_ base: Range<Int>, _ position: RubyPosition = .over) -> TextStyle {
        TextStyle(ruby: RubyAnnotation(base: base, position: position))
    }

    static func layout(_ text: StyledText, width: Double = 390, lineHeight: Double = 1.45) throws -> BookLayout {
        var settings = Fixtures.settings
        settings.fontFamily = "Noto Serif CJK TC"
        settings.pageSize = Size(width: width, height: 844)
        settings.lineHeightMultiple = lineHeight
        return try Typesetter(fonts: try Fixtures.bundledFonts()).layout(text, settings: settings)
    }

    /// The horizontal extent of the cells of the (full-width) glyphs drawing `range` (nil when none does): a
    /// glyph spaced out for its ruby is drawn centred in its widened cell.
    static func extent(of range: Range<Int>, in runs: [GlyphRun]) -> (min: Double, max: Double, baseline: Double, size: Double)? {
        var result: (min: Double, max: Double, baseline: Double, size: Double)?
        for run in runs {
            for (index, cluster) in run.clusters.enumerated() where range.contains(cluster) {
                let x = run.positions[index].x - (run.advances[index] - run.size) / 2
                let old = result ?? (x, x, run.positions[index].y, run.size)
                result = (min(old.min, x), max(old.max, x + run.advances[index]), old.baseline, old.size)
            }
        }
        return result
    }

    @Test func annotationIsHalfSizeAndCentredOverItsBase() throws {
        // 漢字《かんじ》です。: three ruby characters at half size (1.5 em) over a two-em base.
        let text = try HiddenUnitTests.text([
            [("漢字", .body), ("《", .hidden), ("かんじ", Self.ruby(0..<2)), ("》", .hidden), ("です。", .body)],
        ])
        let layout = try Self.layout(text)
        let runs = layout.glyphRuns(onPage: 0)
        let annotation = try #require(runs.first { $0.range == 3..<6 }, "no glyph run draws the annotation")
        #expect(annotation.glyphs.count == 3)
        let base = try #require(Self.extent(of: 0..<2, in: runs))
        #expect(abs(annotation.size - base.size / 2) < 0.001)
        let rubyExtent = try #require(Self.extent(of: 3..<6, in: runs))
        #expect(abs((rubyExtent.min + rubyExtent.max) / 2 - (base.min + base.max) / 2) < 0.01)
        #expect(abs(rubyExtent.max - rubyExtent.min - 1.5 * base.size) < 0.01)
        // Above the base's em box (0.88 em above its baseline), not over it.
        #expect(rubyExtent.baseline <= base.baseline - 0.88 * base.size - 0.1 * annotation.size)
        #expect(base.max - base.min - 2 * base.size < 0.01, "a narrower annotation leaves its base as it is")
    }

    @Test func aWiderAnnotationSpacesItsBaseOutLessWhatItOverhangsKana() throws {
        // 頗《すこぶ》: 1.5 em of ruby over a one-em base. Between kanji, the base takes the whole width; between
        // kana, the annotation overhangs each neighbour by a quarter em (half the excess, at most one ruby character).
        let betweenKanji = try HiddenUnitTests.text([[("理頗", .body), ("すこぶ", Self.ruby(1..<2)), ("論", .body)]])
        let betweenKana = try HiddenUnitTests.text([[("は頗", .body), ("すこぶ", Self.ruby(1..<2)), ("る", .body)]])
        for (text, expected) in [(betweenKanji, 1.5), (betweenKana, 1.0)] {
            let runs = try Self.layout(text).glyphRuns(onPage: 0)
            let base = try #require(Self.extent(of: 1..<2, in: runs))
            #expect(abs((base.max - base.min) / base.size - expected) < 0.01, "\(text.paragraphs[0].contentString)")
            let after = try #require(Self.extent(of: 5..<6, in: runs))
            #expect(abs(after.min - base.max) < 0.01)
            let rubyExtent = try #require(Self.extent(of: 2..<5, in: runs))
            #expect(abs((rubyExtent.min + rubyExtent.max) / 2 - (base.min + base.max) / 2) < 0.01)
        }
    }

    @Test func onlyLinesWithRubyGrow() throws {
        // Set solid (line-height 1): the ruby needs room above its line; the other lines keep their height.
        let line = String(repeating: "漢", count: 30)
        let plain = try HiddenUnitTests.text([[(line + line, .body)], [(line, .body)]])
        let annotated = try HiddenUnitTests.text([
            [(line + line, .body)],
            [("漢字", .body), ("かんじ", Self.ruby(0..<2)), (String(line.dropFirst(2)), .body)],
        ])
        let before = try Self.layout(plain, lineHeight: 1).lines(onPage: 0)
        let after = try Self.layout(annotated, lineHeight: 1).lines(onPage: 0)
        #expect(before.count == after.count)
        let rubyLine = try #require(after.firstIndex { $0.paragraphIndex == 1 })
        for index in after.indices where index != rubyLine {
            #expect(abs(after[index].rect.height - before[index].rect.height) < 0.001)
        }
        #expect(after[rubyLine].rect.height > before[rubyLine].rect.height + 1)
        // The text of the ruby line moves down by what the line gained; the annotation fits in the line.
        let gained = after[rubyLine].rect.height - before[rubyLine].rect.height
        #expect(abs(after[rubyLine].baseline - before[rubyLine].baseline - gained) < 0.01)
        let layout = try Self.layout(annotated, lineHeight: 1)
        let annotation = try #require(layout.glyphRuns(onPage: 0).first { $0.range.lowerBound == after[rubyLine].range.lowerBound + 2 })
        let rubyTop = annotation.positions[0].y - 0.88 * annotation.size
        #expect(rubyTop >= after[rubyLine].rect.minY - 0.01, "the annotation sticks out of its line")
    }

    @Test func noLineBreaksInsideABase() throws {
        // Three-character bases across a narrow column, six visible characters a group and eight a line: without
        // ruby lines start inside bases, with ruby never.
        var pieces: [(String, TextStyle)] = []
        var offset = 0
        var bases: [Range<Int>] = []
        for _ in 0..<12 {
            pieces.append(("東京都", .body))
            bases.append(offset..<(offset + 3))
            pieces.append(("とうきょうと", Self.ruby(offset..<(offset + 3))))
            pieces.append(("へ行く", .body))
            offset += 12
        }
        let layout = try Self.layout(try HiddenUnitTests.text([pieces]), width: 200)
        let lines = layout.lines(onPage: 0)
        #expect(lines.count > 3)
        for line in lines {
            #expect(!bases.contains { $0.lowerBound < line.range.lowerBound && line.range.lowerBound < $0.upperBound },
                    "line \(line.range) starts inside a base")
        }
        #expect(LayoutInvariants.violations(in: layout).isEmpty)
    }

    @Test func theAnnotationsPlaceBelongsToItsBase() throws {
        let text = try HiddenUnitTests.text([
            [("彼の", .body), ("漢字", .body), ("《", .hidden), ("かんじ", Self.ruby(2..<4)), ("》", .hidden), ("です。", .body)],
        ])
        let layout = try Self.layout(text)
        let runs = layout.glyphRuns(onPage: 0)
        let annotation = try #require(runs.first { $0.range == 5..<8 })
        // A tap on each ruby glyph lands on the base (its start or end), never inside the annotation.
        for (index, position) in annotation.positions.enumerated() {
            let point = Point(x: position.x + annotation.advances[index] / 2, y: position.y - annotation.size * 0.4)
            let offset = layout.closestPosition(to: point, onPage: 0).offset
            #expect((2...4).contains(offset) || offset == 9, "ruby glyph \(index) maps to \(offset)")
        }
        // Selecting the base covers its annotation: the selection's rectangles hold the ruby glyphs.
        let rects = layout.selectionRects(for: 2..<9)
        let rubyExtent = try #require(Self.extent(of: 5..<8, in: runs))
        #expect(rects.contains { $0.rect.minX <= rubyExtent.min + 0.01 && $0.rect.maxX >= rubyExtent.max - 0.01 })
    }
}

extension RubyLayoutTests {
    /// Ruby that cannot be set (an empty base or annotation, a base outside the paragraph or overlapping its own
    /// annotation, ruby inside a base, a line separator inside a base) lays out without a trap: what has no base to
    /// go over stays hidden, and a hard line break stays one.
    @Test func badRubyIsLaidOutOrStaysHidden() throws {
        let text = try HiddenUnitTests.text([
            [("漢字", .body), ("かんじ", Self.ruby(2..<2)), ("です", .body)],
            [("漢字", .body), ("かんじ", Self.ruby(50..<90)), ("です", .body)],
            [("漢字", .body), ("かんじ", Self.ruby(-4..<4)), ("です", .body)],
            [("漢字", .body), ("か", Self.ruby(0..<1)), ("じ", Self.ruby(0..<3)), ("です", .body)],
            [("漢字", .body), ("", Self.ruby(0..<2)), ("です", .body)],
        ])
        let layout = try Self.layout(text, width: 120)
        #expect(LayoutInvariants.violations(in: layout).isEmpty)
        let drawn = layout.glyphRuns(onPage: 0).map(\.range)
        let starts = text.paragraphs.map(\.range.lowerBound)
        #expect(!drawn.contains { $0.lowerBound == starts[0] + 2 }, "an empty base has no ruby")
        #expect(!drawn.contains { $0.lowerBound == starts[1] + 2 }, "a base past the paragraph has no ruby")
        #expect(drawn.contains { $0 == (starts[2] + 2)..<(starts[2] + 5) }, "a base clamped to the content")
        #expect(drawn.contains { $0 == (starts[3] + 2)..<(starts[3] + 3) } && drawn.contains { $0 == (starts[3] + 3)..<(starts[3] + 4) })
        // A hard line break inside a base still breaks the line.
        let units = Array("東\u{2028}京とうきょうへ".utf16)
        let paragraph = Paragraph(start: 0, units: units, contentRange: 0..<units.count,
                                  runs: [AttributeRun(range: 0..<3, style: .body), AttributeRun(range: 3..<8, style: Self.ruby(0..<3)),
                                         AttributeRun(range: 8..<9, style: .body)],
                                  style: ParagraphStyle(innerLineBreaks: .preserve))
        #expect(try Self.layout(StyledText(paragraphs: [paragraph])).lines(onPage: 0).count == 2)
    }
}
