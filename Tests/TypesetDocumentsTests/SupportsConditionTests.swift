import Testing
@testable import TypesetDocuments

/// `@supports` conditions (CSS Conditional Rules 3 §6, Level 4's `selector()`), read against what Typeset applies.
/// The cases follow web-platform-tests' `css-conditional/js/CSS-supports.html` and the grammar's examples, then a
/// generated family of `not`/`and`/`or` combinations checked against Boolean arithmetic.
@Suite struct SupportsConditionTests {
    static func holds(_ condition: String) -> Bool {
        let parser = CSSParser("")
        return CSSSupportsCondition.holds(condition) { parser.parseSelector($0) != nil }
    }

    static let holding = [
        "(color: red)", "((color: red))", "(((color: red)))", "  (color: red)  ", "(color: red !important)",
        "(COLOR: Red)", "(color:red)", "(--foo: blah)", "(--foo: something-pointless(var(--x)))",
        "not (foobar)", "not (unknownproperty: blah)", "not (width: blah)", "NOT (display: grid)",
        "(color: red) and (display: block)", "(color: red) AND (display: block) and (text-align: center)",
        "(color: red) or (unknownproperty: x)", "(unknownproperty: x) or (color: red)", "(foobar) or (color: red)",
        "not ((color: red) and (display: flex))", "((color: red) or (foo: bar)) and (display: block)",
        "(font-variant-caps: all-small-caps)", "(font-variant-numeric: oldstyle-nums)", "(float: left)",
        "(break-before: page)", "(column-count: 2)", "(-webkit-column-count: 2)", "(display: inline-block)",
        "not (display: flex)", "not (display: inline-grid)", "selector(div)", "selector(div + .c)", "selector(p > em)",
        "selector(p:first-child)", "SELECTOR(a[href])", "not selector(p:hover)",
    ]

    static let failing = [
        "(unknownproperty: blah)", "(width: blah)", "(foobar)", "(1px)", "(@media)", "(~=)", "(|=)", "(:)", "(color:)",
        "(: red)", "(display: flex)", "(display: grid)", "(display: inline-flex)", "(DISPLAY: Flex)",
        "not (color: red)", "(color: red) and (unknownproperty: x)", "(foo: bar) or (bar: baz)",
        "url(foo.png)", "(url(foo.png))", "font-tech(color-COLRv1)", "font-format(woff2)", "not(color: red)",
        "selector(div, div)", "selector(p:hover)", "selector()", "color: red", "", "not", "(color: red",
        "(color: red) and (display: block) or (float: left)", "(color: red) or (display: block) and (float: left)",
        "(color: red) and(display: block)", "(color: red) (display: block)", "(color: red) garbage", "and (color: red)",
        "(color: red) and", "not not (color: red)",
    ]

    @Test func casesFromTheSpecificationAndWPT() {
        for condition in Self.holding { #expect(Self.holds(condition), "\(condition) holds") }
        for condition in Self.failing { #expect(!Self.holds(condition), "\(condition) does not hold") }
    }

    /// Every `a OP b OP c` and `not (a OP b)` over atoms that hold and that do not, against Boolean arithmetic;
    /// operators mixed on one level make the condition invalid, hence false, and parenthesised they are read.
    @Test func combinationsAreBooleanArithmetic() {
        let atoms = [("(color: red)", true), ("(text-indent: 1em)", true), ("(unknown: 1)", false), ("(display: grid)", false),
                     ("selector(em)", true), ("(nothing here)", false)]
        var checked = 0
        for (a, x) in atoms {
            for (b, y) in atoms {
                for (c, z) in atoms.prefix(4) {
                    #expect(Self.holds("\(a) and \(b) and \(c)") == (x && y && z), "\(a) and \(b) and \(c)")
                    #expect(Self.holds("\(a) or \(b) or \(c)") == (x || y || z), "\(a) or \(b) or \(c)")
                    #expect(!Self.holds("\(a) and \(b) or \(c)"), "mixed: \(a) and \(b) or \(c)")
                    #expect(Self.holds("(\(a) and \(b)) or \(c)") == ((x && y) || z), "(\(a) and \(b)) or \(c)")
                    #expect(Self.holds("\(a) and (\(b) or \(c))") == (x && (y || z)), "\(a) and (\(b) or \(c))")
                    checked += 5
                }
                #expect(Self.holds("not (\(a) or \(b))") == !(x || y), "not (\(a) or \(b))")
                #expect(Self.holds("not \(a)") == !x, "not \(a)")
            }
        }
        #expect(checked == 720)
    }

    /// Nesting past the limit does not hold (and costs no stack); within it, it is read.
    @Test func nestingIsBounded() {
        func nested(_ depth: Int) -> String { String(repeating: "(", count: depth) + "color: red" + String(repeating: ")", count: depth) }
        #expect(Self.holds(nested(CSSSupportsCondition.maximumNesting)))
        #expect(!Self.holds(nested(CSSSupportsCondition.maximumNesting + 1)))
        let deep = Self.holds(nested(200_000))
        #expect(!deep, "200,000 deep")
        // Past the limit inside `not`s: not held, whichever way the `not`s above it would turn the answer.
        for count in [CSSSupportsCondition.maximumNesting + 1, CSSSupportsCondition.maximumNesting + 2, 100_000] {
            let negated = Self.holds(String(repeating: "not (", count: count) + "(color: red)" + String(repeating: ")", count: count))
            #expect(!negated, "\(count) nots")
        }
        let withinLimit = Self.holds(String(repeating: "not (", count: 4) + "(color: red)" + String(repeating: ")", count: 4))
        #expect(withinLimit, "4 nots")
    }

    /// In a sheet: a block whose condition holds applies, one whose condition does not is skipped whole, nested
    /// groups and all, and the rules after it are read.
    @Test func aSheetKeepsTheBlocksThatHold() {
        let sheet = CSSStyleSheet(parsing: """
            @supports not (display: flex) { p { text-indent: 0 } }
            @supports (display: flex) { h1 { font-style: italic } @media screen { h2 { font-style: italic } } }
            @supports (font-variant-caps: small-caps) { em { font-variant: small-caps } }
            @supports not (font-variant-caps: small-caps) { em { text-transform: uppercase } }
            @supports selector(p:first-child) { h3 { font-weight: normal } }
            strong { font-style: italic }
            """)
        #expect(sheet.rules.map { $0.selector.compounds[0].type ?? "" } == ["p", "em", "h3", "strong"])
    }
}
