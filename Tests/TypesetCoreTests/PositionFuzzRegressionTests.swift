import Testing
@testable import TypesetCore
import TypesetTestSupport

/// Position-model findings of the fuzzer (Tests/Fuzz/Regressions/positions-*), as properties.
@Suite struct PositionFuzzRegressionTests {
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
