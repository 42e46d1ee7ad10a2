import Testing
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// A float shortens the line boxes beside it, not the boxes of the blocks beside it (CSS 2.1 §9.5): a block whose
/// margin already clears the float's edge sets its lines where it would without the float, and one whose margin
/// does not starts them at the float's edge, never at the margin and the float's width added (a glossary's `<dd>`
/// beside its floated `<dt>`).
@Suite struct FloatBesideMarginTests {
    static let text = "Words beside the float run on for several lines, so that more than one of them lies beside it here."

    /// The lines of a paragraph with `margin` ems on `side`, beside a float of `floatWidth` ems on that side (its
    /// rect), or alone.
    static func lines(floatWidth: Double?, margin: Double, side: String) throws -> (lines: [Rect], float: Rect?) {
        let css = ".f { float: \(side); width: \(floatWidth ?? 0)em; background: #dde8f4 } .m { margin-\(side): \(margin)em }"
        let float = floatWidth == nil ? "" : "<div class='f'><p>F</p><p>F</p><p>F</p></div>"
        let geometry = try FloatStackingReftests.geometry(float + "<p class='m'>\(Self.text)</p>", css: css)
        return (geometry.flow, geometry.floats.first)
    }

    /// Left floats 3 and 6 em wide beside paragraphs with margins from none to past the float: each line beside
    /// the float starts at the float's edge or where the margin alone starts it, whichever is further in.
    @Test(arguments: [3.0, 6.0], [0.0, 1.5, 4.5, 8.0]) func linesStartAtTheFloatOrTheMargin(_ floatWidth: Double, _ margin: Double) throws {
        let (lines, float) = try Self.lines(floatWidth: floatWidth, margin: margin, side: "left")
        let box = try #require(float)
        let alone = try #require(try Self.lines(floatWidth: nil, margin: margin, side: "left").lines.map(\.minX).min())
        let beside = lines.filter { $0.minY < box.maxY - 0.01 && $0.maxY > box.minY + 0.01 }
        #expect(beside.count >= 2)
        for line in beside {
            #expect(abs(line.minX - max(box.maxX, alone)) < 0.5, "float \(floatWidth) em, margin \(margin) em: a line at \(line.minX)")
        }
    }

    /// The same on the right: lines end before the float's left edge or the margin, whichever is further in; with a
    /// margin wider than the float, as far right as without it.
    @Test(arguments: [0.0, 1.5, 8.0]) func onTheRightLinesEndBeforeTheFloatOrTheMargin(_ margin: Double) throws {
        let (lines, float) = try Self.lines(floatWidth: 5, margin: margin, side: "right")
        let box = try #require(float)
        let alone = try #require(try Self.lines(floatWidth: nil, margin: margin, side: "right").lines.map(\.maxX).max())
        let beside = lines.filter { $0.minY < box.maxY - 0.01 && $0.maxY > box.minY + 0.01 }
        #expect(beside.count >= 2)
        for line in beside { #expect(line.maxX <= min(box.minX, alone) + 0.5, "margin \(margin) em: a line ending at \(line.maxX)") }
        if margin > 5 { #expect(beside.contains { $0.maxX > alone - 30 }, "margin \(margin) em: lines as far right as without the float") }
    }
}
