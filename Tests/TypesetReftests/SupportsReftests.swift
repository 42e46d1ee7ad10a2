import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// `@supports` blocks, drawn (CSS Conditional Rules 3 §6; web-platform-tests' `css-conditional/at-supports-*`
/// reftests: a block whose condition holds styles the page as the same rule outside any block does, one whose
/// condition does not hold as no rule does).
@Suite struct SupportsReftests {
    static let text = "The sea was calm that evening, and the ship lay still."

    static func expectSame(_ test: Reftest.Book, _ reference: Reftest.Book, _ comment: String,
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        let mismatch = Reftest.mismatch(try Reftest.render(test), try Reftest.render(reference))
        #expect(mismatch == nil, "\(comment): \(mismatch ?? "")", sourceLocation: sourceLocation)
    }

    /// Conditions that hold and that do not, among them each kind of operand and operator.
    static let conditions: [(String, Bool)] = [
        ("(color: red)", true), ("(unknown-property: 1)", false), ("not (unknown-property: 1)", true),
        ("(display: flex)", false), ("not (display: flex)", true), ("(font-variant-caps: small-caps) and (float: left)", true),
        ("(font-variant-caps: small-caps) and (display: grid)", false), ("(display: grid) or (column-count: 2)", true),
        ("selector(p > i)", true), ("selector(p:hover)", false), ("(color: red) and (float: left) or (display: block)", false),
        ("((display: grid) or (color: red)) and (text-indent: 1em)", true), ("(foobar)", false),
    ]

    /// The rule in a block whose condition holds is the rule alone; in one whose condition does not, no rule.
    @Test func aBlockAppliesExactlyWhenItsConditionHolds() throws {
        let italic = Reftest.Book(body: "<p>\(Self.text)</p>", css: "p { font-style: italic }")
        let plain = Reftest.Book(body: "<p>\(Self.text)</p>")
        for (condition, holds) in Self.conditions {
            let test = Reftest.Book(body: "<p>\(Self.text)</p>", css: "@supports \(condition) { p { font-style: italic } }")
            try Self.expectSame(test, holds ? italic : plain, "@supports \(condition)")
        }
    }

    /// A publisher's fallback for readers without small capitals: skipped, so the small capitals stay (with the
    /// fallback applied as well, the text was capitals, smaller). And a flex title page's fallback applies.
    @Test func aBooksFallbacksApplyOnlyWhereTheyAreNeeded() throws {
        let body = "<p>It was <span class='sc'>Mr. Darcy</span> who spoke.</p><p class='t'>Title</p>"
        let css = ".sc { font-variant: small-caps }"
        let fallback = ".sc { text-transform: uppercase; font-size: 0.8em; font-variant: normal }"
        let flexTitle = "@supports (display: flex) { .t { margin-left: 50% } } @supports not (display: flex) { .t { text-align: center } }"
        let test = Reftest.Book(body: body, css: css + " @supports not (font-variant-caps: small-caps) { \(fallback) } " + flexTitle)
        try Self.expectSame(test, Reftest.Book(body: body, css: css + " .t { text-align: center }"), "small caps kept, title centred")
        let both = Reftest.Book(body: body, css: css + " " + fallback + " .t { text-align: center }")
        #expect(Reftest.mismatch(try Reftest.render(test), try Reftest.render(both)) != nil, "the fallback differs when applied")
    }
}
