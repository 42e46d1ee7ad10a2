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
}
