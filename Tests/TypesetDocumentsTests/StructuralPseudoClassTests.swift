import Testing
@testable import TypesetDocuments
import TypesetTestSupport

/// Selectors 3's structural pseudo-classes, `:empty`, `:link` and `:not()`: the matcher's answers against the
/// definition (positions counted here from the tree itself) on random documents; `an+b` as CSS Syntax reads it;
/// what is dropped; and specificity.
@Suite struct StructuralPseudoClassTests {
    /// An element's place among its parent's child elements and among those of its name (from 1), and the counts.
    struct Place { var index: Int, count: Int, typeIndex: Int, typeCount: Int }

    static func place(of path: ElementPath) -> Place {
        guard let parent = path.parent else { return Place(index: 1, count: 1, typeIndex: 1, typeCount: 1) }
        let siblings = parent.element.children.compactMap { if case .element(let child) = $0 { child } else { nil } }
        let index = (siblings.firstIndex { $0 === path.element } ?? 0) + 1
        let sameType = siblings.filter { $0.lowercasedName == path.element.lowercasedName }
        let typeIndex = (sameType.firstIndex { $0 === path.element } ?? 0) + 1
        return Place(index: index, count: siblings.count, typeIndex: typeIndex, typeCount: sameType.count)
    }

    /// (selector, the definition).
    static let cases: [(String, @Sendable (ElementPath, Place) -> Bool)] = [
        (":nth-child(2n+1)", { _, p in p.index % 2 == 1 }),
        (":nth-child(even)", { _, p in p.index % 2 == 0 }),
        (":nth-child(-n+3)", { _, p in p.index <= 3 }),
        (":nth-child(3)", { _, p in p.index == 3 }),
        (":nth-child(n)", { _, _ in true }),
        (":nth-child(3n-1)", { _, p in p.index % 3 == 2 }),
        (":nth-last-child(2)", { _, p in p.count - p.index + 1 == 2 }),
        ("p:nth-of-type(2n)", { e, p in e.element.lowercasedName == "p" && p.typeIndex % 2 == 0 }),
        (":nth-last-of-type(1)", { _, p in p.typeIndex == p.typeCount }),
        (":first-of-type", { _, p in p.typeIndex == 1 }),
        (":last-of-type", { _, p in p.typeIndex == p.typeCount }),
        (":only-of-type", { _, p in p.typeCount == 1 }),
        (":only-child", { _, p in p.count == 1 }),
        (":first-child", { _, p in p.index == 1 }),
        (":last-child", { _, p in p.index == p.count }),
        (":empty", { e, _ in e.element.children.isEmpty }),
        ("p:not(.a)", { e, _ in e.element.lowercasedName == "p" && !e.element.classNames.contains("a") }),
        (":not(:first-child)", { _, p in p.index != 1 }),
        (":not(p):nth-child(odd)", { e, p in e.element.lowercasedName != "p" && p.index % 2 == 1 }),
        ("div > :nth-child(2)", { e, p in e.parent?.element.lowercasedName == "div" && p.index == 2 }),
        ("a:link", { e, _ in e.element.lowercasedName == "a" && e.element.attribute("href") != nil }),
    ]

    /// Random documents of `p`, `div`, `span`, `a` (some with `href`, some empty) and each case: the rule matches
    /// exactly the elements the definition picks.
    @Test func answersAsTheDefinitionDoes() throws {
        var rng = SplitMix64(seed: 0x5E1E)
        let tags = ["p", "div", "span", "a"], attributes = ["", " class=\"a\"", " href=\"#x\"", " class=\"a b\""]
        func pick<T>(_ items: [T]) -> T { items[Int(rng.next() % UInt64(items.count))] }
        var matched = 0, checked = 0
        for _ in 0..<30 {
            func element(_ depth: Int) -> String {
                let tag = pick(tags)
                var inner = rng.next() % 3 == 0 ? "" : "x"
                if depth < 4 { for _ in 0..<(rng.next() % 6) { inner += element(depth + 1) } }
                return "<\(tag)\(pick(attributes))>\(inner)</\(tag)>"
            }
            var body = ""
            for _ in 0..<(1 + rng.next() % 6) { body += element(0) }
            let paths = try SelectorMatchingTests.paths("<html xmlns=\"http://www.w3.org/1999/xhtml\"><body>\(body)</body></html>")
            for (selector, definition) in Self.cases {
                let sheet = CSSStyleSheet(parsing: "\(selector) { font-style: italic }")
                try #require(sheet.rules.count == 1, "\(selector) is read")
                for path in paths {
                    let expected = definition(path, Self.place(of: path))
                    #expect(!sheet.matchingRules(path).isEmpty == expected, "\(selector) on <\(path.element.name)> in \(body)")
                    matched += expected ? 1 : 0
                    checked += 1
                }
            }
        }
        #expect(matched > 1000 && checked - matched > 1000, "both answers are tried: \(matched) of \(checked)")
    }

    @Test func anPlusBAsCSSSyntaxReadsIt() {
        let read: [(String, CSSNth?)] = [
            ("odd", CSSNth(a: 2, b: 1)), ("even", CSSNth(a: 2, b: 0)), ("EVEN", CSSNth(a: 2, b: 0)), ("3", CSSNth(a: 0, b: 3)),
            ("-n+3", CSSNth(a: -1, b: 3)), ("2n + 1", CSSNth(a: 2, b: 1)), ("n", CSSNth(a: 1, b: 0)), ("+n", CSSNth(a: 1, b: 0)),
            ("-2n-1", CSSNth(a: -2, b: -1)), ("0n+5", CSSNth(a: 0, b: 5)), ("99999999999999n", CSSNth(a: CSSNth.limit, b: 0)),
            ("2n+", nil), ("n2", nil), ("abc", nil), ("", nil), ("2n+1 of p", nil), ("1.5n", nil), ("--n", nil),
        ]
        for (text, expected) in read { #expect(CSSNth(text) == expected, "\(text)") }
    }

    /// Selectors the matcher cannot evaluate drop their rule, as a page never matches them.
    @Test func whatIsDropped() {
        for selector in [":not(:not(p))", ":nth-child(2n+1 of p)", "a:hover", "p::first-line", "p::marker", ":nth-child()",
                         ":nth-child", ":not(p q)", ":not(p > q)", ":not(::first-letter)", ":lang()", ":not(", "p:nth-child(2"] {
            #expect(CSSStyleSheet(parsing: "\(selector) { font-style: italic }").rules.isEmpty, "\(selector)")
        }
    }

    /// A pseudo-class counts as a class; `:not()` as its argument (Selectors 3 §9).
    @Test func specificity() throws {
        let parser = CSSParser("")
        let expected: [(String, Int)] = [("p:nth-child(2)", 1_001), ("p:not(.a)", 1_001), (":not(#x)", 1_000_000),
                                         ("li:first-of-type:not(p)", 1_002), ("a:link", 1_001)]
        for (selector, specificity) in expected {
            #expect(try #require(parser.parseSelector(selector)).specificity == specificity, "\(selector)")
        }
    }
}
