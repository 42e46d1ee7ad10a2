import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// CSS math functions (CSS Values 4 §10) against the same page with the value they compute to written out: each
/// property that takes a length, a percentage or a number, in a family of calculations of one value (sums,
/// products, quotients, nesting, `min()`, `max()`, `clamp()`), and sums of units resolved part by part (an `em`
/// of the element's own font, a `px` of the body's 16, a percentage of the block's width).
@Suite struct CSSMathReftests {
    static let body = "<div class='outer'><p class='x'>Some words of a paragraph long enough to run onto a second and a third line of the page.</p></div>"
    static let base = "p { text-indent: 0; margin: 0 } .outer { border: 1px solid black } "

    /// (property, a calculation, the value it stands for).
    static let cases: [(String, String, String)] = [
        ("margin-left", "calc(1em + 2em)", "3em"),
        ("margin-left", "calc(3em * 2 / 3)", "2em"),
        ("margin-left", "calc((1em + 1em) * 1.5)", "3em"),
        ("margin-left", "calc(1em + 16px)", "2em"),           // px of the body's 16
        ("margin-left", "calc(36pt - 1em)", "2em"),
        ("margin-right", "max(2em, 1em)", "2em"),
        ("padding-left", "clamp(1em, 5em, 2em)", "2em"),
        ("padding-left", "calc(2 * min(1em, 3em))", "2em"),
        ("text-indent", "calc(100% / 4)", "25%"),
        ("text-indent", "calc(-1em - 1em)", "-2em"),
        ("letter-spacing", "calc(0.05em * 2)", "0.1em"),
        ("word-spacing", "calc(0.5em + 4px)", "0.75em"),
        ("font-size", "calc(1em * 1.25)", "1.25em"),
        ("font-size", "max(80%, 120%)", "120%"),
        ("line-height", "calc(1.2 * 1.25)", "1.5"),
        ("line-height", "calc(1em + 8px)", "1.5em"),
        ("font-weight", "calc(300 + 400)", "700"),
    ]

    @Test(arguments: cases) func computesAsWrittenOut(_ example: (String, String, String)) throws {
        let (property, calculation, value) = example
        let mismatch = try Reftest.mismatch(body: Self.body, css: Self.base + "p.x { \(property): \(calculation) }",
                                            referenceBody: Self.body, referenceCSS: Self.base + "p.x { \(property): \(value) }")
        #expect(mismatch == nil, "\(property): \(calculation): \(mismatch ?? "")")
    }

    /// An element of another font size resolves a sum's `em` part with its own size and its `px` part with the
    /// body's: `calc(1em + 16px)` at `font-size: 2em` is 2 + 1 = 3 body ems, 1.5 of its own.
    @Test func emsAreTheElementsOwn() throws {
        let css = Self.base + "p.x { font-size: 2em; margin-left: calc(1em + 16px) }"
        let reference = Self.base + "p.x { font-size: 2em; margin-left: 1.5em }"
        let mismatch = try Reftest.mismatch(body: Self.body, css: css, referenceBody: Self.body, referenceCSS: reference)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    /// A block's width (and `max-width`) of a percentage plus a length is resolved in its column at layout: on
    /// pages of two widths it equals the width written out in ems for that column (Charis at 14 pt, 16 pt margins).
    @Test(arguments: [240.0, 300.0], [("width", 50.0, 2.0), ("width", 100.0, -4.0), ("max-width", 100.0, -3.0)])
    func aWidthOfPercentPlusEms(_ pageWidth: Double, _ example: (String, Double, Double)) throws {
        let (property, percent, ems) = example
        let body = "<div class='w'>Some words in a box of its own width, running onto more than one line at either width.</div>"
        var settings = Reftest.settings
        settings.typography.pageSize = Size(width: pageWidth, height: 320)
        let column = pageWidth - 32, fontSize = settings.typography.fontSize
        let sign = ems < 0 ? "-" : "+"
        let css = "div.w { \(property): calc(\(percent)% \(sign) \(abs(ems))em); border: 1px solid black }"
        let written = (percent / 100 * column + ems * fontSize) / fontSize
        let reference = "div.w { \(property): \(written)em; border: 1px solid black }"
        let mismatch = Reftest.mismatch(try Reftest.render(Reftest.Book(body: body, css: css), settings: settings),
                                        try Reftest.render(Reftest.Book(body: body, css: reference), settings: settings))
        #expect(mismatch == nil, "\(css) against \(reference): \(mismatch ?? "")")
    }

    /// The calculations change the page: each computed value differs from the property's initial one.
    @Test func theValuesWouldDiffer() throws {
        #expect(try Reftest.mismatch(body: Self.body, css: Self.base + "p.x { margin-left: calc(1em + 16px) }",
                                     referenceBody: Self.body, referenceCSS: Self.base) != nil)
    }

    /// An invalid calculation drops its declaration, leaving the earlier one in force.
    @Test func anInvalidCalculationIsDropped() throws {
        let css = Self.base + "p.x { margin-left: 3em } p.x { margin-left: calc(1em -2px) }"
        let mismatch = try Reftest.mismatch(body: Self.body, css: css, referenceBody: Self.body,
                                            referenceCSS: Self.base + "p.x { margin-left: 3em }")
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }
}
