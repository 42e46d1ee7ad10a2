import Testing
@testable import TypesetCore
import TypesetTestSupport

/// Emphasis marks (CSS `text-emphasis`, 傍点) drawn by `glyphRuns(onPage:)`: one mark at half size centred beside each
/// typographic character unit (not spaces, punctuation or controls), over or under horizontal text, right or left of
/// vertical columns, outside ruby on the same side; lines grow only where marks are; no position moves.
@Suite struct EmphasisMarkTests {
    static func emphasis(_ mark: TextEmphasis.Mark, side: TextEmphasis.Side = .over,
                         vertical: TextEmphasis.VerticalSide? = nil, color: Color? = nil) -> TextStyle {
        TextStyle(emphasis: TextEmphasis(mark: mark, side: side, verticalSide: vertical, color: color))
    }

    static func layout(_ text: StyledText, mode: WritingMode? = nil, width: Double = 390, height: Double = 844,
                       lineHeight: Double = 1.45) throws -> BookLayout {
        var text = text
        text.writingMode = mode
        var settings = Fixtures.settings
        settings.fontFamily = "Noto Serif CJK TC"
        settings.pageSize = Size(width: width, height: height)
        settings.lineHeightMultiple = lineHeight
        return try Typesetter(fonts: try Fixtures.bundledFonts()).layout(text, settings: settings)
    }

    /// The glyph drawing `cluster` in the text (not marks, not ruby): its run and index.
    static func textGlyph(_ cluster: Int, in runs: [GlyphRun]) -> (run: GlyphRun, index: Int)? {
        for run in runs where !run.isEmphasis && !run.isRuby {
            if let index = run.clusters.firstIndex(of: cluster) { return (run, index) }
        }
        return nil
    }

    @Test func oneMarkCentredOverEachCharacterButNotSpacesOrPunctuation() throws {
        // 彼は|日本語の、文章 です。|終: marks over the eight characters of the middle run, none over 、, the space, 。.
        let text = try HiddenUnitTests.text([[("彼は", .body), ("日本語の、文章 です。", Self.emphasis(.filled(.sesame))), ("終", .body)]])
        let runs = try Self.layout(text).glyphRuns(onPage: 0)
        let marks = try #require(runs.first { $0.isEmphasis }, "no marks drawn")
        #expect(runs.filter(\.isEmphasis).count == 1)
        #expect(marks.clusters == [2, 3, 4, 5, 7, 8, 10, 11])
        #expect(marks.range == 2..<12)
        let sesame = try #require(marks.face.harfBuzz.glyph(for: 0xFE45))
        #expect(marks.glyphs.allSatisfy { UInt32($0) == sesame })
        for (index, cluster) in marks.clusters.enumerated() {
            let (run, glyph) = try #require(Self.textGlyph(cluster, in: runs))
            #expect(abs(marks.size - run.size / 2) < 0.001)
            let centre = run.positions[glyph].x + run.advances[glyph] / 2
            #expect(abs(marks.positions[index].x + marks.advances[index] / 2 - centre) < 0.01, "mark \(index) is not centred")
            // Above the text's em box (0.88 em above its baseline), on the line's baseline side of nothing else.
            #expect(marks.positions[index].y <= run.positions[glyph].y - 0.88 * run.size - 0.1 * marks.size)
        }
        #expect(marks.color == nil, "marks without a colour of their own take the text's")
    }

    @Test func marksGoOnGraphemesOfAnyScript() throws {
        // "Cafe\u{301} au lait!": one mark over the decomposed é (a grapheme of two units), none over the spaces or `!`.
        let text = try HiddenUnitTests.text([[("Cafe\u{301} au lait!", Self.emphasis(.filled(.dot)))]])
        var settings = Fixtures.settings
        settings.pageSize = Size(width: 390, height: 844)
        let runs = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(text, settings: settings).glyphRuns(onPage: 0)
        let marks = try #require(runs.first { $0.isEmphasis })
        #expect(marks.clusters == [0, 1, 2, 3, 6, 7, 9, 10, 11, 12])
        let bullet = try #require(marks.face.harfBuzz.glyph(for: 0x2022))
        #expect(marks.glyphs.allSatisfy { UInt32($0) == bullet })
        // The é's mark is centred on the e and its accent together.
        let (run, glyph) = try #require(Self.textGlyph(3, in: runs))
        #expect(abs(marks.positions[3].x + marks.advances[3] / 2 - (run.positions[glyph].x + run.advances[glyph] / 2)) < 0.5)
    }

    @Test func eachCharacterOfALigatureHasItsMark() throws {
        // "fit" in Charis SIL: f and i make one ligature glyph (liga), which draws two marked characters.
        let text = try HiddenUnitTests.text([[("fit", Self.emphasis(.filled(.dot)))]])
        var settings = Fixtures.settings
        settings.pageSize = Size(width: 390, height: 844)
        let runs = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(text, settings: settings).glyphRuns(onPage: 0)
        let textGlyphs = runs.filter { !$0.isEmphasis }.flatMap(\.clusters)
        #expect(textGlyphs == [0, 2], "no fi ligature in the fixture font: \(textGlyphs)")
        let marks = try #require(runs.first { $0.isEmphasis })
        #expect(marks.clusters == [0, 1, 2])
        let (ligature, glyph) = try #require(Self.textGlyph(0, in: runs))
        let left = ligature.positions[glyph].x, width = ligature.advances[glyph]
        for index in 0..<2 {
            let centre = marks.positions[index].x + marks.advances[index] / 2
            #expect(abs(centre - (left + width * (Double(index) + 0.5) / 2)) < 0.01, "mark \(index) is not centred on its half of the ligature")
        }
    }

    @Test func underTheTextInItsOwnColour() throws {
        let red = Color(red: 255, green: 0, blue: 0)
        let text = try HiddenUnitTests.text([[("日本語", Self.emphasis(.open(.sesame), side: .under, color: red))]])
        let runs = try Self.layout(text).glyphRuns(onPage: 0)
        let marks = try #require(runs.first { $0.isEmphasis })
        let (run, glyph) = try #require(Self.textGlyph(0, in: runs))
        #expect(marks.positions.allSatisfy { $0.y >= run.positions[glyph].y + 0.12 * run.size + 0.8 * marks.size })
        #expect(marks.color == red)
        #expect(marks.glyphs.allSatisfy { UInt32($0) == marks.face.harfBuzz.glyph(for: 0xFE46) })
    }

    @Test func aMarkNoFontHasIsABulletAndABooksCharacterIsItsFirstGrapheme() throws {
        // The bundled fonts have no ● (the horizontal default, `filled` alone): the mark falls back to •.
        let text = try HiddenUnitTests.text([[("日本", Self.emphasis(.filled(.automatic)))], [("語", Self.emphasis(.character("x")))]])
        let runs = try Self.layout(text).glyphRuns(onPage: 0).filter(\.isEmphasis)
        #expect(runs.count == 2)
        #expect(runs[0].glyphs.allSatisfy { UInt32($0) == runs[0].face.harfBuzz.glyph(for: 0x2022) })
        #expect(runs[1].glyphs.count == 1 && UInt32(runs[1].glyphs[0]) == runs[1].face.harfBuzz.glyph(for: 0x78))
        // An empty character draws nothing, a longer one its first grapheme.
        let odd = try HiddenUnitTests.text([[("日", Self.emphasis(.character("")))], [("本", Self.emphasis(.character("yz")))]])
        let oddRuns = try Self.layout(odd).glyphRuns(onPage: 0).filter(\.isEmphasis)
        #expect(oddRuns.count == 1 && oddRuns[0].glyphs.count == 1 && UInt32(oddRuns[0].glyphs[0]) == oddRuns[0].face.harfBuzz.glyph(for: 0x79))
        #expect(TextEmphasis.Mark.filled(.automatic).character(vertical: false) == "\u{25CF}")
        #expect(TextEmphasis.Mark.filled(.automatic).character(vertical: true) == "\u{FE45}")
        #expect(TextEmphasis.Mark.open(.dot).character(vertical: false) == "\u{25E6}")
    }

    @Test func verticalMarksStandRightOfTheColumnOrLeft() throws {
        let string = "吾輩は猫である。名前はまだ無い。"
        for side in [TextEmphasis.VerticalSide.right, .left] {
            // `filled` alone is sesame in vertical text.
            let text = try HiddenUnitTests.text([[(string, Self.emphasis(.filled(.automatic), vertical: side))]], language: "ja")
            let runs = try Self.layout(text, mode: .verticalRightToLeft, width: 400, height: 400).glyphRuns(onPage: 0)
            let marks = try #require(runs.first { $0.isEmphasis })
            #expect(marks.orientation == .upright)
            #expect(marks.glyphs.allSatisfy { UInt32($0) == marks.face.harfBuzz.glyph(for: 0xFE45) })
            #expect(marks.clusters == [0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14])
            for (index, cluster) in marks.clusters.enumerated() {
                let (run, glyph) = try #require(Self.textGlyph(cluster, in: runs))
                let textLeft = run.positions[glyph].x, size = run.size
                let markLeft = marks.positions[index].x, markRight = markLeft + marks.advances[index]
                switch side {
                case .right: #expect(markLeft >= textLeft + size - 0.5, "mark \(index) is not right of its character")
                case .left: #expect(markRight <= textLeft + 0.5, "mark \(index) is not left of its character")
                }
            }
            // One mark an em apart down the column, as its characters are.
            #expect(zip(marks.positions, marks.positions.dropFirst()).prefix(5).allSatisfy { abs($1.y - $0.y - marks.size * 2) < 0.01 })
        }
    }

    @Test func onlyLinesWithMarksGrow() throws {
        let line = String(repeating: "漢", count: 30)
        let plain = try HiddenUnitTests.text([[(line + line, .body)], [(line, .body)], [(line, .body)]])
        let marked = try HiddenUnitTests.text([
            [(line + line, .body)], [("漢字", Self.emphasis(.filled(.sesame))), (String(line.dropFirst(2)), .body)],
            [("漢字", Self.emphasis(.filled(.sesame), side: .under)), (String(line.dropFirst(2)), .body)],
        ])
        let before = try Self.layout(plain, lineHeight: 1).lines(onPage: 0)
        let after = try Self.layout(marked, lineHeight: 1).lines(onPage: 0)
        #expect(before.count == after.count)
        let over = try #require(after.firstIndex { $0.paragraphIndex == 1 })
        let under = try #require(after.firstIndex { $0.paragraphIndex == 2 })
        for index in after.indices where index != over && index != under {
            #expect(abs(after[index].rect.height - before[index].rect.height) < 0.001)
        }
        #expect(after[over].rect.height > before[over].rect.height + 1)
        #expect(after[under].rect.height > before[under].rect.height + 1)
        // Marks over the text push its baseline down; marks under it leave the baseline where it was in the line.
        #expect(abs(after[over].baseline - after[over].rect.minY - (before[over].baseline - before[over].rect.minY)
                    - (after[over].rect.height - before[over].rect.height)) < 0.01)
        #expect(abs(after[under].baseline - after[under].rect.minY - (before[under].baseline - before[under].rect.minY)) < 0.01)
        // The marks fit in their lines.
        let runs = try Self.layout(marked, lineHeight: 1).glyphRuns(onPage: 0).filter(\.isEmphasis)
        #expect(runs.count == 2)
        #expect(runs[0].positions.allSatisfy { $0.y - 0.88 * runs[0].size >= after[over].rect.minY - 0.01 })
        #expect(runs[1].positions.allSatisfy { $0.y + 0.12 * runs[1].size <= after[under].rect.maxY + 0.01 })
    }

    @Test func marksMoveNoPosition() throws {
        let string = "日本語の、文章です。これは傍点の試験です。"
        let plain = try HiddenUnitTests.text([[(string, .body)]])
        let marked = try HiddenUnitTests.text([[(string, Self.emphasis(.filled(.sesame)))]])
        // With room in the leading, nothing moves at all: every caret and every hit is where it was.
        let (a, b) = (try Self.layout(plain, width: 200, lineHeight: 2.5), try Self.layout(marked, width: 200, lineHeight: 2.5))
        #expect(a.lines(onPage: 0).map(\.rect) == b.lines(onPage: 0).map(\.rect))
        for offset in 0...string.utf16.count {
            #expect(a.caretRect(for: TextPosition(offset: offset)) == b.caretRect(for: TextPosition(offset: offset)))
        }
        // Where the marks grow the line, a tap on a mark lands at its character's edge (marks are not text).
        let tight = try Self.layout(marked, width: 200, lineHeight: 1)
        let marks = tight.glyphRuns(onPage: 0).filter(\.isEmphasis)
        #expect(!marks.isEmpty)
        for run in marks {
            for (index, position) in run.positions.enumerated() {
                let point = Point(x: position.x + run.advances[index] / 2, y: position.y - run.size * 0.4)
                let offset = tight.closestPosition(to: point, onPage: 0).offset
                #expect(offset == run.clusters[index] || offset == run.clusters[index] + 1, "mark \(index) maps to \(offset)")
            }
        }
        #expect(LayoutInvariants.violations(in: tight).isEmpty)
    }

    @Test func marksOverRubyStandOutsideIt() throws {
        // 漢字《かんじ》 marked too: the marks over the base sit above the annotation; the line grows for both.
        let text = try HiddenUnitTests.text([[
            ("漢字", Self.emphasis(.filled(.sesame))), ("かんじ", TextStyle(ruby: RubyAnnotation(base: 0..<2))),
            ("です", Self.emphasis(.filled(.sesame))),
        ]])
        let layout = try Self.layout(text, lineHeight: 1)
        let runs = layout.glyphRuns(onPage: 0)
        let ruby = try #require(runs.first { $0.isRuby })
        let marks = runs.filter(\.isEmphasis).flatMap { zip($0.clusters, $0.positions).map { ($0, $1, $0 < 2) } }
        #expect(marks.count == 4)
        for (cluster, position, overRuby) in marks {
            if overRuby {
                #expect(position.y <= ruby.positions[0].y - ruby.size * 0.99, "mark over \(cluster) is not outside the ruby")
            } else {
                #expect(abs(position.y - ruby.positions[0].y) < 0.01, "mark over \(cluster) is not where ruby would be")
            }
        }
        let line = try #require(layout.lines(onPage: 0).first)
        #expect(marks.allSatisfy { $0.1.y - 0.88 * ruby.size >= line.rect.minY - 0.01 })
    }
}
