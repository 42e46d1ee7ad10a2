import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// `column-rule` (CSS Multi-column 1 §4): a line down the middle of each gap between two columns that both have
/// content, as tall as the columns, in its width, style and colour, taking no room. As css/css-multicol writes its
/// reftests: the shorthand against its longhands and prefixed forms, a rule of style `none` as no rule, and, on the
/// pixels, the rule's strip against the same block without it.
@Suite struct ColumnRuleReftests {
    static let red = Color(red: 0xcc, green: 0, blue: 0)

    static func render(_ css: String, text: String = MulticolumnReftests.text) throws -> Reftest.Rendering {
        try Reftest.render(MulticolumnReftests.book("<div class='m'>\(text)</div><p>After the columns.</p>",
                                                    css: ".m { column-count: 2; column-gap: 2em; \(css) }"))
    }

    @Test(arguments: [
        ("column-rule: 2px solid #cc0000", "column-rule-width: 2px; column-rule-style: solid; column-rule-color: #cc0000"),
        ("column-rule: #cc0000 solid 2px", "column-rule: 2px solid #cc0000"),
        ("-webkit-column-rule: 2px solid #cc0000", "column-rule: 2px solid #cc0000"),
        ("column-rule: solid #cc0000", "column-rule: medium solid #cc0000"),
        ("column-rule: 2px dotted #cc0000", "column-rule-style: dotted; column-rule-width: 2px; column-rule-color: #cc0000"),
        ("column-rule: 2px #cc0000", ""),
        ("column-rule: 2px solid #cc0000; column-rule-style: none", ""),
    ])
    func aShorthandIsItsLonghands(_ test: String, _ reference: String) throws {
        let mismatch = Reftest.mismatch(try Self.render(test), try Self.render(reference))
        #expect(mismatch == nil, "\(test) against \(reference): \(mismatch ?? "")")
    }

    /// The rule is drawn, and only it: against the block without a rule, every pixel that differs is in one
    /// vertical strip as wide as the rule, in the middle of the gap (between the columns' text), of the rule's
    /// colour, as tall as the columns.
    @Test(arguments: [1, 2, 4])
    func theRuleIsAStripInTheGap(_ width: Int) throws {
        let ruled = try Self.render("column-rule: \(width)px solid #cc0000")
        let plain = try Self.render("")
        let a = try #require(ruled.pages.first), b = try #require(plain.pages.first)
        var xs = Set<Int>(), ys: [Int] = []
        for y in 0..<a.height {
            for x in 0..<a.width where a[x: x, y: y] != b[x: x, y: y] {
                xs.insert(x); ys.append(y)
                #expect(a[x: x, y: y] == Self.red, "(\(x), \(y)) is \(a[x: x, y: y])")
            }
        }
        let low = try #require(xs.min(), "a rule is drawn"), high = try #require(xs.max())
        // The column's middle: 16 + 208 / 2 = 120; 1 px CSS is 0.875 pt at 14 pt (ems of 16 px).
        #expect(Double(low + high + 1) / 2 > 118 && Double(low + high + 1) / 2 < 122, "centred in the gap: \(low)...\(high)")
        #expect(high - low + 1 <= Int((Double(width) * 0.875).rounded(.up)) + 1, "as wide as the rule: \(low)...\(high)")
        // As tall as the columns: at least two lines, and no lower than the block (the paragraph after it is
        // below it).
        let top = try #require(ys.min()), bottom = try #require(ys.max())
        #expect(bottom - top > 40, "\(top)...\(bottom)")
    }

    /// No rule where one column is empty: a block whose text fits in its first column draws none (§4: only between
    /// two columns with content).
    @Test func noRuleBesideAnEmptyColumn() throws {
        let short = "<p>One.</p>"
        let ruled = try Self.render("column-rule: 2px solid #cc0000", text: short)
        #expect(Reftest.mismatch(ruled, try Self.render("", text: short)) == nil)
    }
}
