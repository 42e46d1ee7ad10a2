import Testing
@testable import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// MathML's `mathbackground` (MathML Core §3.2.5.1: a presentational hint for CSS `background-color`, the
/// background of the element's own box, not inherited) and the dashed lines of `mtable`'s `frame`, `rowlines` and
/// `columnlines` (MathML 3 §3.5.1.2), as geometry.
@Suite struct MathBackgroundTests {
    typealias Frame = (x: Double, width: Double, top: Double, bottom: Double)

    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    /// The background rectangles of the drawing as frames.
    static func frames(_ drawing: MathDrawing) -> [Frame] {
        drawing.backgrounds.map { ($0.x, $0.width, $0.y + $0.height, $0.y) }
    }

    static func same(_ a: Frame, _ b: Frame) -> Bool {
        close(a.x, b.x) && close(a.width, b.width) && close(a.top, b.top) && close(a.bottom, b.bottom)
    }

    /// Elements of every layout family, each with a background: it covers exactly the element's box.
    static let elements = [
        "<mi id=\"e\" mathbackground=\"#ff0\">x</mi>",
        "<mn id=\"e\" mathbackground=\"#ff0\">42</mn>",
        "<mo id=\"e\" mathbackground=\"#ff0\">+</mo>",
        "<mrow id=\"e\" mathbackground=\"#ff0\"><mi>a</mi><mo>+</mo><mi>b</mi></mrow>",
        "<mstyle id=\"e\" mathbackground=\"green\" mathcolor=\"white\"><mi>y</mi></mstyle>",
        "<mfrac id=\"e\" mathbackground=\"#ff0\"><mi>a</mi><mn>2</mn></mfrac>",
        "<msqrt id=\"e\" mathbackground=\"#ff0\"><mi>x</mi></msqrt>",
        "<msup id=\"e\" mathbackground=\"#ff0\"><mi>x</mi><mn>2</mn></msup>",
        "<munderover id=\"e\" mathbackground=\"#ff0\"><mo>&#x2211;</mo><mi>i</mi><mi>n</mi></munderover>",
        "<mspace id=\"e\" width=\"2em\" height=\"1em\" depth=\"0.5em\" mathbackground=\"#ff0\"/>",
        "<mpadded id=\"e\" width=\"+0.2em\" height=\"+0.2em\" depth=\"+0.2em\" mathbackground=\"#ff0\"><mi>x</mi></mpadded>",
        "<menclose id=\"e\" notation=\"box\" mathbackground=\"#ff0\"><mi>x</mi></menclose>",
        "<mtable id=\"e\" mathbackground=\"#FFFFE0\" frame=\"dashed\"><mtr><mtd><mi>x</mi></mtd></mtr></mtable>",
        "<mrow id=\"e\" background=\"#ff0\"><mi>a</mi></mrow>",
    ]

    @Test(arguments: elements) func aBackgroundCoversItsElementsBox(_ body: String) throws {
        for wrapped in [body, "<mrow><mi>a</mi><msub><mrow>\(body)</mrow><mi>k</mi></msub></mrow>"] {
            let laid = try MathLayoutTests.lay(wrapped)
            let element = try #require(laid.frame("e"))
            let backgrounds = Self.frames(laid.drawing)
            #expect(backgrounds.count == 1, "\(wrapped)")
            #expect(backgrounds.first.map { Self.same($0, element) } == true, "\(wrapped): \(backgrounds) against \(element)")
            #expect(element.width > 0 && element.top > element.bottom, "\(wrapped)")
        }
    }

    @Test func withoutTheAttributeNothingIsPainted() throws {
        #expect(try MathLayoutTests.lay("<mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow>").drawing.backgrounds.isEmpty)
        // Not inherited: only the element that asks paints.
        let laid = try MathLayoutTests.lay("<mstyle mathbackground=\"#ff0\"><mi>a</mi><mi>b</mi></mstyle>")
        #expect(laid.drawing.backgrounds.count == 1)
        // Transparent, or not a colour: nothing.
        #expect(try MathLayoutTests.lay("<mi mathbackground=\"transparent\">a</mi>").drawing.backgrounds.isEmpty)
        #expect(try MathLayoutTests.lay("<mi mathbackground=\"nonsense\">a</mi>").drawing.backgrounds.isEmpty)
    }

    @Test func anOuterBackgroundIsPaintedFirstAndAPhantomPaintsNone() throws {
        let laid = try MathLayoutTests.lay("<mrow id=\"outer\" mathbackground=\"#ff0\"><mi id=\"inner\" mathbackground=\"green\">x</mi>"
                                           + "<mphantom mathbackground=\"red\"><mi mathbackground=\"red\">y</mi></mphantom></mrow>")
        let backgrounds = laid.drawing.backgrounds
        #expect(backgrounds.map(\.color) == [Color(hex: "#ffff00ff"), Color(hex: "#008000ff")])
        let outer = try #require(laid.frame("outer")), inner = try #require(laid.frame("inner"))
        #expect(backgrounds.count == 2 && Self.same(Self.frames(laid.drawing)[0], outer) && Self.same(Self.frames(laid.drawing)[1], inner))
    }

    /// A cell's background covers its column and its row (CSS tables), a row's the table's width: in a table of
    /// one cell, both are the table's box; in a 2 × 2 table, a cell's is its column's width and its row's height.
    @Test func tableCellsAndRowsPaintTheirColumnAndRow() throws {
        let one = try MathLayoutTests.lay("<mtable id=\"t\"><mtr mathbackground=\"#ff0\"><mtd mathbackground=\"#0f0\"><mi>x</mi></mtd></mtr></mtable>")
        let table = try #require(one.frame("t"))
        #expect(Self.frames(one.drawing).count == 2)
        for frame in Self.frames(one.drawing) { #expect(Self.same(frame, table), "\(frame) against \(table)") }
        let grid = try MathLayoutTests.lay("<mtable id=\"t\"><mtr><mtd mathbackground=\"#0f0\"><mi>x</mi></mtd><mtd><mn>1000</mn></mtd></mtr>"
                                           + "<mtr><mtd><mfrac><mi>a</mi><mi>b</mi></mfrac></mtd><mtd><mn>1</mn></mtd></mtr></mtable>")
        let cell = try #require(Self.frames(grid.drawing).first)
        let whole = try #require(grid.frame("t"))
        // The cell starts the table at its top left; it is narrower (a narrow column) and shorter (a short row).
        #expect(Self.close(cell.x, whole.x) && Self.close(cell.top, whole.top))
        #expect(cell.width < whole.width / 2 && cell.top - cell.bottom < (whole.top - whole.bottom) / 2)
    }

    /// `frame`, `rowlines` and `columnlines` take `none`, `solid` and `dashed` (a list by line, its last value
    /// repeated): each line is one rule of its style, which the renderer draws as a border edge of that style.
    @Test func tableLinesTakeTheirStyles() throws {
        let cells = "<mtr><mtd><mi>a</mi></mtd><mtd><mi>b</mi></mtd><mtd><mi>c</mi></mtd></mtr>"
            + "<mtr><mtd><mi>d</mi></mtd><mtd><mi>e</mi></mtd><mtd><mi>f</mi></mtd></mtr>"
        func rules(_ attributes: String) throws -> [MathDrawing.Rule] {
            try MathLayoutTests.lay("<mtable id=\"t\" \(attributes)>\(cells)</mtable>").drawing.rules
        }
        #expect(try rules("frame=\"solid\"").map(\.style) == [.solid, .solid, .solid, .solid])
        #expect(try rules("frame=\"dashed\"").map(\.style) == [.dashed, .dashed, .dashed, .dashed])
        #expect(try rules("frame=\"dashed\"").map(\.isVertical) == [false, false, true, true])
        #expect(try rules("frame=\"none\"").isEmpty && rules("").isEmpty)
        let mixed = try rules("columnlines=\"dashed solid\" rowlines=\"none\"")
        #expect(mixed.map(\.style) == [.dashed, .solid] && mixed.allSatisfy(\.isVertical))
        let repeated = try rules("columnlines=\"dashed\" rowlines=\"dashed\"")
        #expect(repeated.map(\.style) == [.dashed, .dashed, .dashed] && repeated.map(\.isVertical) == [false, true, true])
        // Every line inside the table's box; a frame's sides between its top and bottom.
        let framed = try MathLayoutTests.lay("<mtable id=\"t\" frame=\"dashed\" rowlines=\"solid\">\(cells)</mtable>")
        let table = try #require(framed.frame("t"))
        for rule in framed.drawing.rules {
            #expect(rule.x >= table.x - 1e-9 && rule.x + rule.width <= table.x + table.width + 1e-9)
            #expect(rule.y >= table.bottom - 1e-9 && rule.y + rule.height <= table.top + 1e-9)
        }
    }

    /// A formula of one element (`name`, with a child token or text) whose element has the CSS box `style`.
    static func lay(_ name: String, style: MathFormula.BoxStyle?) throws -> MathLayoutTests.Laid {
        var builder = MathFormula.Builder()
        builder.open("math")
        builder.open(name, attributes: [("id", "e")])
        if let style { builder.setBoxStyle(style) }
        if MathFormula.Element(name: name).isToken {
            builder.appendText("x")
        } else {
            for child in ["mi", "mn"] { builder.open(child, attributes: [("id", child)]); builder.appendText(child == "mi" ? "x" : "2"); builder.close() }
        }
        let formula = builder.build()
        let face = try #require(try Fixtures.bundledFonts().defaultMathFace())
        let font = MathFont(face: face)
        var layout = MathLayout(formula: formula, font: font) { _ in nil }
        let drawing = layout.run()
        return MathLayoutTests.Laid(layout: layout, drawing: drawing, frames: layout.nodeFrames(), font: font)
    }

    /// CSS padding and borders on a MathML element (MathML Core §3.1.2): its box grows by them on each side, its
    /// content (children, its own glyphs) moves right by the left ones, and its edges are drawn on the box's edge
    /// in their styles, the top and bottom across the corners. A family of paddings × border widths × styles ×
    /// elements (a token, a row, a fraction, a radical).
    @Test(arguments: ["mi", "mrow", "mfrac", "msqrt"]) func paddingAndBordersAddToTheBox(_ name: String) throws {
        let plain = try Self.lay(name, style: nil)
        let before = try #require(plain.frame("e"))
        for padding in [0.0, 0.25, 1] {
            for width in [0.0, 0.05, 0.3] {
                for style in [BorderStyle.solid, .dashed, .none] {
                    let edge = BorderEdge(width: width, style: style, color: Color(red: 200, green: 0, blue: 0))
                    let box = MathFormula.BoxStyle(top: padding, right: padding * 2, bottom: padding / 2, left: padding * 3,
                                                   border: BorderEdges(top: edge, right: edge, bottom: edge, left: edge))
                    let laid = try Self.lay(name, style: box)
                    let after = try #require(laid.frame("e"))
                    let w = style == .none ? 0 : width
                    let label = "\(name) padding \(padding) border \(width) \(style)"
                    #expect(Self.close(after.width, before.width + padding * 5 + 2 * w), "\(label)")
                    #expect(Self.close(after.top, before.top + padding + w) && Self.close(after.bottom, before.bottom - padding / 2 - w), "\(label)")
                    // The content moved right by the left padding and border: the first glyph, the first child.
                    let shift = padding * 3 + w
                    #expect(Self.close(laid.drawing.glyphs[0].x, plain.drawing.glyphs[0].x + shift), "\(label)")
                    if name != "mi" {
                        #expect(Self.close(try #require(laid.frame("mi")).x, try #require(plain.frame("mi")).x + shift), "\(label)")
                    }
                    // The edges: four rules of the style on the box's edges (none without a width or style), after
                    // the element's own rules, which moved with its content.
                    let edges = laid.drawing.rules.suffix(w > 0 ? 4 : 0)
                    #expect(laid.drawing.rules.count == plain.drawing.rules.count + edges.count, "\(label)")
                    for (own, moved) in zip(plain.drawing.rules, laid.drawing.rules) { #expect(Self.close(moved.x, own.x + shift), "\(label)") }
                    guard w > 0 else { continue }
                    let e = Array(edges)
                    #expect(e.allSatisfy { $0.style == style && $0.color == edge.color }, "\(label)")
                    #expect(Self.close(e[0].y + e[0].height, after.top) && Self.close(e[0].width, after.width) && Self.close(e[0].height, w))
                    #expect(Self.close(e[1].y, after.bottom) && Self.close(e[1].width, after.width))
                    #expect(Self.close(e[2].x, after.x) && Self.close(e[2].width, w) && e[2].isVertical)
                    #expect(Self.close(e[3].x + e[3].width, after.x + after.width) && e[3].isVertical)
                    #expect(Self.close(e[2].y, after.bottom + w) && Self.close(e[2].y + e[2].height, after.top - w))
                }
            }
        }
    }

    /// Hostile lengths are held: negative padding is none, a huge one is 1,000 em, a non-finite one is none.
    @Test func hostileBoxLengthsAreHeld() throws {
        let box = MathFormula.BoxStyle(top: -5, right: .infinity, bottom: .nan, left: 1e300,
                                       border: BorderEdges(top: BorderEdge(width: 1e300, style: .solid)))
        #expect(box.top == 0 && box.right == 0 && box.bottom == 0 && box.left == MathLength.maximumEms)
        #expect(box.border.top.width == MathLength.maximumEms)
        let laid = try Self.lay("mrow", style: box)
        #expect(laid.drawing.width.isFinite && laid.drawing.width > 1000)
    }
}
