import Testing
@testable import TypesetDocuments

/// CSS math functions (CSS Values 4 §10) computed as a declaration is parsed: the value each stands for, the
/// calculations the specification makes invalid, and the declarations they make.
@Suite struct CSSMathTests {
    /// (as written, what it computes to).
    static let computed: [(String, String)] = [
        ("calc(1em + 2em)", "3em"),
        ("calc(100% / 3)", "33.33333333333333%"),
        ("calc(100%/4)", "25%"),
        ("calc(2 * (1em + 0.5em))", "3em"),
        ("calc((1em + 2em) * 2 / 3)", "2em"),
        ("calc(calc(1px * 2) + 1pt)", "3.333333333333333px"),
        ("calc(1in - 1pt)", "94.66666666666667px"),
        ("calc(98vh - 3em)", "calc(-3em+98vh)"),
        ("calc(100% - 2em - 10px)", "calc(-2em+100%+-10px)"),
        ("calc(1.5 * 2)", "3"),
        ("calc(10 / 4)", "2.5"),
        ("calc(-1em)", "-1em"),
        ("calc(.5em + +.5em)", "1em"),
        ("calc(1e1px)", "10px"),
        ("CALC(1EM + 1EM)", "2em"),
        ("-webkit-calc(1em + 1em)", "2em"),
        ("calc(1em - 1em)", "0px"),
        ("min(10px, 1in)", "10px"),
        ("max(1em, 2em, 0.5em)", "2em"),
        ("min(0px, 2em)", "0px"),
        ("max(1, 2 * 3)", "6"),
        ("clamp(1em, 3em, 2em)", "2em"),
        ("clamp(1em, 0.5em, 2em)", "1em"),
        ("clamp(10%, 50%, 90%)", "50%"),
        ("min(calc(100% / 2), 40%)", "40%"),
        ("1em calc(2px * 3) auto", "1em 6px auto"),
        ("rgb(calc(100 + 28), 0, 0)", "rgb(calc(100 + 28), 0, 0)"),
        ("url(calc(1em).png)", "url(calc(1em).png)"),
        ("\"calc(1em)\"", "\"calc(1em)\""),
        ("xcalc(1em)", "xcalc(1em)"),
        ("no math at all", "no math at all"),
    ]

    @Test(arguments: computed) func computesTheValue(_ example: (String, String)) {
        #expect(CSSMath.substitute(Substring(example.0)).map(String.init) == example.1, "\(example.0)")
    }

    /// What CSS Values 4 makes invalid (§10.1, §10.7), and what Typeset cannot compare before layout.
    static let invalid: [String] = [
        "calc(1em -2px)",        // the operator needs white space on both sides
        "calc(1em+2px)",
        "calc(1em +)",
        "calc(1 + 1em)",         // a number added to a length
        "calc(1em * 2em)",       // a product of two lengths
        "calc(1em / 2em)",
        "calc(1em / 0)",         // division by zero
        "calc(2 / (1 - 1))",
        "calc(1em",              // not closed
        "calc()",
        "calc(1em, 2em)",
        "calc(1foo)",            // an unknown unit
        "calc(var(--x) + 1em)",  // custom properties are not read
        "calc(infinity * 1px)",
        "min(100%, 30em)",       // units only the layout can compare
        "max(1em, 10px)",
        "clamp(1em, 2em)",
        "calc(1e300px * 1e300)", // not finite
    ]

    @Test(arguments: invalid) func dropsAnInvalidCalculation(_ written: String) {
        #expect(CSSMath.substitute(Substring(written)) == nil, "\(written)")
    }

    /// Nesting is bounded: a calculation deeper than the limit is invalid, one within it is read.
    @Test func nestingIsBounded() {
        func nested(_ depth: Int) -> String { "calc(" + String(repeating: "(", count: depth) + "1em" + String(repeating: ")", count: depth) + ")" }
        #expect(CSSMath.substitute(Substring(nested(CSSMath.maximumDepth - 2))) == "1em")
        #expect(CSSMath.substitute(Substring(nested(CSSMath.maximumDepth + 1))) == nil)
        #expect(CSSMath.substitute(Substring(nested(100_000))) == nil)
    }

    /// A sum of several units is kept as one, and each part resolved by its own rule: em of the element's font,
    /// px of the body's 16.
    @Test func aSumOfUnitsResolvesEachPart() throws {
        let declarations = CSSDeclaration.parse(property: "margin-left", value: "calc(1em + 16px)")
        guard case .margin(.left, let length)? = declarations.first else {
            Issue.record("no margin: \(declarations)")
            return
        }
        #expect(length == .sum(CSSLinearLength(values: [1, 0, 0, 16, 0, 0, 0, 0])))
        #expect(length.ems(fontScale: 2) == 3)
        #expect(length.layerLength(fontScale: 2) == .ems(3))
        #expect(CSSLength("calc(50%+-1em)")?.layerLength(fontScale: 2) == .sum(percent: 50, ems: -2))
    }

    /// An invalid calculation drops its declaration; a valid one in a shorthand expands with it.
    @Test func declarations() {
        #expect(CSSDeclaration.parse(property: "width", value: "calc(10px +)").isEmpty)
        #expect(CSSDeclaration.parse(property: "margin", value: "calc(1em + 1em) 0").count == 4)
        #expect(CSSDeclaration.parse(property: "font-weight", value: "calc(300 + 400)") == [.weight(.absolute(700))])
    }
}
