import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// CSS on MathML elements in a book (MathML Core §3.1: MathML elements are CSS boxes; §3.2.5.1: `mathbackground`
/// and `mathcolor` are presentational hints for `background-color` and `color`), as web-platform-tests'
/// mathml/relations/css-styling does: a formula styled by the book's CSS and the same formula saying it with
/// MathML's own attributes must draw the same pixels.
@Suite struct MathCSSReftests {
    static let m = "xmlns=\"http://www.w3.org/1998/Math/MathML\""

    static func render(_ math: String, css: String = "") throws -> Reftest.Rendering {
        try Reftest.render(Reftest.Book(documents: [("chapter.xhtml", Reftest.document(
            body: "<p>Let <math \(m)\(math)</math> hold.</p>", head: "<style type=\"text/css\">\(css)</style>"))]))
    }

    static let pairs: [(name: String, test: String, css: String, reference: String)] = [
        ("a background on the math element is its mathbackground",
         " class=\"basic\"><mi>x</mi><mo>+</mo><mn>1</mn>", ".basic { background-color: rgb(255, 255, 224) }",
         " mathbackground=\"#ffffe0\"><mi>x</mi><mo>+</mo><mn>1</mn>"),
        ("a background and colour by class on an mi are mathbackground and mathcolor",
         "><mn>2</mn><mi class=\"t\">x</mi>", ".t { background-color: green; color: white }",
         "><mn>2</mn><mi mathbackground=\"green\" mathcolor=\"white\">x</mi>"),
        ("a style attribute is CSS too", "><mrow style=\"background-color: #c0e0ff\"><mi>a</mi><mo>=</mo><mi>b</mi></mrow>", "",
         "><mrow mathbackground=\"#c0e0ff\"><mi>a</mi><mo>=</mo><mi>b</mi></mrow>"),
        ("a font-size on an mo is its mathsize", "><mn>2</mn><mo class=\"big\">+</mo><mn>3</mn>", ".big { font-size: 150% }",
         "><mn>2</mn><mo mathsize=\"150%\">+</mo><mn>3</mn>"),
        ("CSS wins over the attribute", "><mi class=\"t\" mathbackground=\"red\">x</mi>", ".t { background-color: green }",
         "><mi mathbackground=\"green\">x</mi>"),
        ("a book rule setting the parent's colour wins over mathcolor (a presentational hint)",
         "><mi class=\"t\" mathcolor=\"red\">x</mi><mi>y</mi>", "math, .t { color: #000080 }",
         " mathcolor=\"#000080\"><mi>x</mi><mi>y</mi>"),
        ("mathcolor on mstyle is inherited, and a rule setting the formula's colour on a child wins over it",
         "><mstyle mathcolor=\"red\"><mi class=\"t\">x</mi><mi>y</mi></mstyle>", "math, .t { color: #000080 }",
         "><mstyle mathcolor=\"red\"><mi mathcolor=\"#000080\">x</mi><mi>y</mi></mstyle>"),
        ("mathcolor on the math element colours the formula as its color does",
         " mathcolor=\"#008000\"><mi>x</mi><mo>+</mo><mn>1</mn>", "",
         " style=\"color: #008000\"><mi>x</mi><mo>+</mo><mn>1</mn>"),
        ("padding adds to the box on every side, as mpadded's lspace, width, height and depth",
         "><mi>a</mi><mrow class=\"p\"><mi>x</mi></mrow><mi>b</mi>", ".p { padding: 0.5em; background-color: #ffe000 }",
         "><mi>a</mi><mpadded lspace=\"0.5em\" width=\"+1em\" height=\"+0.5em\" depth=\"+0.5em\" mathbackground=\"#ffe000\"><mi>x</mi></mpadded><mi>b</mi>"),
        ("a border takes room as padding of its width does (a transparent one draws nothing)",
         "><mi>a</mi><mrow class=\"b\"><mi>x</mi></mrow><mi>b</mi>", ".b { border: 0.5em solid transparent }",
         "><mi>a</mi><mpadded lspace=\"0.5em\" width=\"+1em\" height=\"+0.5em\" depth=\"+0.5em\"><mi>x</mi></mpadded><mi>b</mi>"),
    ]

    @Test(arguments: 0..<pairs.count) func reftest(_ index: Int) throws {
        let pair = Self.pairs[index]
        let mismatch = Reftest.mismatch(try Self.render(pair.test, css: pair.css), try Self.render(pair.reference))
        #expect(mismatch == nil, "\(pair.name): \(mismatch ?? "")")
    }

    /// Mismatches: the styles do something (a dashed border differs from a solid one and from none; padding moves
    /// the text after the formula), and with publisher styles off, a background and a border are not drawn.
    @Test func mismatches() throws {
        let body = "><mi>a</mi><mrow class=\"b\"><mi>x</mi></mrow><mi>b</mi>"
        let none = try Self.render(body)
        let solid = try Self.render(body, css: ".b { border: 1px solid #c00000 }")
        let dashed = try Self.render(body, css: ".b { border: 1px dashed #c00000 }")
        #expect(Reftest.mismatch(none, solid) != nil && Reftest.mismatch(solid, dashed) != nil && Reftest.mismatch(none, dashed) != nil)
        let padded = try Self.render(body, css: ".b { padding: 0 0.5em }")
        #expect(Reftest.mismatch(none, padded) != nil)
    }

    /// The peer suite's mathml-021 (a class on the math element: a yellow background, a dashed red border and
    /// padding; classes inside: a larger +, white letters on green): every piece shows, as the same formula with
    /// MathML's attributes and mpadded draws it.
    @Test func theStyledFormulaOfMathML021() throws {
        let css = ".basic { border: 1px dashed rgb(190,0,0); background-color: rgb(255,255,224); padding: 0.2em }"
            + " .basic .test1 { font-size: 150% } .basic .test2 { background-color: green; color: white }"
        let styled = try Self.render(" class=\"basic\"><mrow><mn>2</mn><mo>&#x2061;</mo><mi class=\"test2\">x</mi></mrow>"
                                     + "<mrow><mo class=\"test1\">+</mo><mi class=\"test2\">y</mi></mrow>", css: css)
        let page = try #require(styled.pages.first)
        var yellow = 0, green = 0, red = 0
        for y in 0..<page.height {
            for x in 0..<page.width {
                let p = page[x: x, y: y]
                if p.red > 240 && p.green > 240 && p.blue > 200 && p.blue < 235 { yellow += 1 }
                if p.red < 20 && p.green > 100 && p.green < 140 && p.blue < 20 { green += 1 }
                if p.red > 150 && p.green < 40 && p.blue < 40 { red += 1 }
            }
        }
        #expect(yellow > 100 && green > 50 && red > 10, "\(yellow) yellow, \(green) green, \(red) red pixels")
    }
}
