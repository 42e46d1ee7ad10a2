import Testing
@testable import TypesetDocuments
import TypesetTestSupport

/// CSS math functions (CSS Values 4 §10) computed as a declaration is parsed: the value each stands for, the
/// calculations the specification makes invalid, and the declarations they make.
@Suite struct CSSMathTests {
    /// (as written, what it computes to).
    static let computed: [(String, String)] = [
        ("calc(1em + 2em)", "3em"),
        ("calc(100% / 3)", "33.333333333333336%"),
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
        // A function the value leaves open is closed by its end (CSS Syntax 3).
        ("calc(1em + 1em", "2em"),
        ("url(a.png", "url(a.png"),
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

    /// A generated family: random typed trees of sums, products and quotients of numbers and lengths (em, px,
    /// min/max of one unit), printed with random white space and parentheses, and their values computed from the
    /// tree, not read back: the parser must agree to within rounding on every one.
    @Test(arguments: 0..<8) func randomCalculationsComputeAsTheirTrees(_ seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &* 7_919 &+ 3)
        for _ in 0..<200 {
            let unit = random.next() % 2 == 0 ? "em" : "px"
            let tree = CalculationTree.random(depth: 4, length: true, unit: unit, using: &random)
            let written = "calc(" + tree.text(unit: unit, using: &random) + ")"
            let expected = tree.value
            guard let result = CSSMath.substitute(Substring(written)) else {
                // Only a quotient by zero (or a value too large to write) makes it invalid.
                #expect(tree.dividesByZero || !expected.isFinite || abs(expected) >= 1e15, "\(written) was refused")
                continue
            }
            guard let length = CSSLength(result) else {
                Issue.record("\(written) gave \(result), not a length")
                continue
            }
            let got = unit == "em" ? length.ems(fontScale: 1) : length.ems(fontScale: 1) * 16
            #expect(got == expected || abs(got - expected) <= 1e-12 * max(1, abs(expected)), "\(written) = \(result), expected \(expected)")
        }
    }

    /// Random bytes from the calculation's alphabet never trap, and answer nil or a value with no math left in it.
    @Test func randomBytesNeverTrap() {
        var random = SplitMix64(seed: 41)
        let alphabet = Array("calc(min(max(clamp( ) 1 2.5 -3 e em px % + - * / , pi .".split(separator: " ").map(String.init)) + [" ", "(", ")"]
        for _ in 0..<3_000 {
            let count = 1 + Int(random.next() % 24)
            let text = (0..<count).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }.joined()
            if let result = CSSMath.substitute(Substring(text)), result != Substring(text) {
                #expect(!result.contains("min(") && !result.contains("max("), "\(text) → \(result)")
            }
        }
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

/// A calculation as a tree, for the generated family: its value is computed from the tree itself.
private indirect enum CalculationTree {
    case number(Double)
    case length(Double)
    case sum(CalculationTree, CalculationTree, negate: Bool)
    case product(CalculationTree, CalculationTree)
    case quotient(CalculationTree, CalculationTree)
    case extreme([CalculationTree], smallest: Bool)

    /// A tree of a length (or a number) of `unit`, at most `depth` deep.
    static func random(depth: Int, length: Bool, unit: String, using random: inout SplitMix64) -> CalculationTree {
        func leaf() -> Double { Double(Int(random.next() % 2_000) - 1_000) / 8 }
        guard depth > 0, random.next() % 4 != 0 else { return length ? .length(leaf()) : .number(leaf()) }
        switch random.next() % 4 {
        case 0:
            return .sum(Self.random(depth: depth - 1, length: length, unit: unit, using: &random),
                        Self.random(depth: depth - 1, length: length, unit: unit, using: &random), negate: random.next() % 2 == 0)
        case 1:
            // A length times a number, either way round; or two numbers.
            let numberFirst = random.next() % 2 == 0
            let a = Self.random(depth: depth - 1, length: length && !numberFirst, unit: unit, using: &random)
            let b = Self.random(depth: depth - 1, length: length && numberFirst, unit: unit, using: &random)
            return .product(a, b)
        case 2:
            return .quotient(Self.random(depth: depth - 1, length: length, unit: unit, using: &random),
                             Self.random(depth: depth - 1, length: false, unit: unit, using: &random))
        default:
            let count = 1 + Int(random.next() % 3)
            return .extreme((0..<count).map { _ in Self.random(depth: depth - 1, length: length, unit: unit, using: &random) },
                            smallest: random.next() % 2 == 0)
        }
    }

    var value: Double {
        switch self {
        case .number(let v), .length(let v): v
        case .sum(let a, let b, let negate): a.value + (negate ? -b.value : b.value)
        case .product(let a, let b): a.value * b.value
        case .quotient(let a, let b): a.value / b.value
        case .extreme(let values, let smallest): smallest ? values.map(\.value).min() ?? 0 : values.map(\.value).max() ?? 0
        }
    }

    var dividesByZero: Bool {
        switch self {
        case .number, .length: false
        case .sum(let a, let b, _), .product(let a, let b): a.dividesByZero || b.dividesByZero
        case .quotient(let a, let b): a.dividesByZero || b.dividesByZero || b.value == 0
        case .extreme(let values, _): values.contains(where: \.dividesByZero)
        }
    }

    /// The tree as CSS writes it, `unit` for its lengths, with random white space where CSS allows it.
    func text(unit: String = "", using random: inout SplitMix64) -> String {
        func space() -> String { ["", " ", "  "][Int(random.next() % 3)] }
        func number(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
        switch self {
        case .number(let v): return number(v)
        case .length(let v): return number(v) + (unit.isEmpty ? "em" : unit)
        case .sum(let a, let b, let negate):
            return "(" + a.text(unit: unit, using: &random) + " " + (negate ? "-" : "+") + " " + b.text(unit: unit, using: &random) + ")"
        // Operands in parentheses: the parser then computes in the tree's order, and its value is the tree's exactly.
        case .product(let a, let b):
            return "(" + a.text(unit: unit, using: &random) + ")" + space() + "*" + space() + "(" + b.text(unit: unit, using: &random) + ")"
        case .quotient(let a, let b):
            return "(" + a.text(unit: unit, using: &random) + ")" + space() + "/" + space() + "(" + b.text(unit: unit, using: &random) + ")"
        case .extreme(let values, let smallest):
            return (smallest ? "min(" : "max(") + values.map { $0.text(unit: unit, using: &random) }.joined(separator: "," + space()) + ")"
        }
    }
}
