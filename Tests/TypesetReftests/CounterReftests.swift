import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// CSS counters (CSS Lists 3 §4, CSS 2.1 §12.4): `counter-reset`, `counter-increment` and `counter-set` on elements
/// and pseudo-elements, and `counter()` and `counters()` in `content`, as css/css-lists writes its reftests: the
/// numbers generated against the same numbers written in the document.
@Suite struct CounterReftests {
    /// (test body, test CSS, reference body).
    static let pairs: [(String, String, String)] = [
        // Numbered chapters: a reset on the body, an increment on each heading.
        ("<h2>Rain</h2><h2>Snow</h2><h2>Hail</h2>",
         "body { counter-reset: ch } h2 { counter-increment: ch } h2::before { content: \"Chapter \" counter(ch) \". \" }",
         "<h2>Chapter 1. Rain</h2><h2>Chapter 2. Snow</h2><h2>Chapter 3. Hail</h2>"),
        // A counter style, and a reset's and an increment's own values.
        ("<h2>Rain</h2><h2>Snow</h2>",
         "body { counter-reset: ch 3 } h2 { counter-increment: ch 2 } h2::before { content: counter(ch, upper-roman) \" \" }",
         "<h2>V Rain</h2><h2>VII Snow</h2>"),
        ("<h2>Rain</h2><h2>Snow</h2>", "h2 { counter-increment: ch } h2::before { content: counter(ch, lower-alpha) \") \" }",
         "<h2>a) Rain</h2><h2>b) Snow</h2>"),
        // The increment on the pseudo-element itself, and no counter at all (0).
        ("<p>One</p><p>Two</p>", "body { counter-reset: n } p::before { counter-increment: n; content: counter(n) \" \" }",
         "<p>1 One</p><p>2 Two</p>"),
        ("<p>One</p>", "p::before { content: counter(nothing) \" \" }", "<p>0 One</p>"),
        // `counter-set`, after the increment.
        ("<h2>Rain</h2><h2 class='j'>Snow</h2><h2>Hail</h2>",
         "h2 { counter-increment: ch } h2.j { counter-set: ch 10 } h2::before { content: counter(ch) \" \" }",
         "<h2>1 Rain</h2><h2>10 Snow</h2><h2>11 Hail</h2>"),
        // An element without a box changes nothing.
        ("<h2>Rain</h2><h2 class='x'>Gone</h2><h2>Snow</h2>",
         "h2 { counter-increment: ch } .x { display: none } h2::before { content: counter(ch) \" \" }",
         "<h2>1 Rain</h2><h2>2 Snow</h2>"),
        // Nested scopes: a reset in a section nests a new counter, seen inside the section and after it among its
        // siblings (D), but not after its parent (E).
        ("<div class='s'><h3>A</h3><div class='s'><h3>B</h3><h3>C</h3></div><h3>D</h3></div><h3>E</h3>",
         ".s { counter-reset: s } h3 { counter-increment: s } h3::before { content: counters(s, \".\") \" \" }",
         "<div><h3>1 A</h3><div><h3>1.1 B</h3><h3>1.2 C</h3></div><h3>1.3 D</h3></div><h3>2 E</h3>"),
        // A reset on a sibling replaces its sibling's counter (its scope ends), as CSS 2.1 §12.4.1 has it.
        ("<p class='r'>A</p><p>B</p><p class='r'>C</p><p>D</p>",
         "p { counter-increment: k } p.r { counter-reset: k } p::before { content: counter(k) \" \" }",
         "<p>1 A</p><p>2 B</p><p>1 C</p><p>2 D</p>"),
    ]

    /// A floated image or SVG counts once (its float was once handled as a float and again as the image inside it).
    @Test func aFloatedImageCountsOnce() throws {
        let svg = "<svg xmlns='http://www.w3.org/2000/svg' class='f' width='20' height='20'><rect width='20' height='20'/></svg>"
        let body = "\(svg)<p>A</p>\(svg)<p>B</p>"
        let mismatch = try Reftest.mismatch(body: body, css: ".f { float: left; counter-increment: pic } p::before { content: counter(pic) \" \" }",
                                            referenceBody: "\(svg)<p>1 A</p>\(svg)<p>2 B</p>", referenceCSS: ".f { float: left }")
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    @Test(arguments: pairs) func countersAreNumberedAsWritten(_ test: String, _ css: String, _ reference: String) throws {
        let mismatch = try Reftest.mismatch(body: test, css: css, referenceBody: reference, referenceCSS: "")
        #expect(mismatch == nil, "\(css): \(mismatch ?? "")")
    }

    /// A generated family: random trees of sections (each resetting `s`) and headings (each incrementing it), numbered
    /// with `counters(s, ".")`, against the numbers a model of CSS 2.1's scopes gives (a counter made by an element
    /// is seen by its descendants and its following siblings; a reset on a sibling's counter replaces it), written
    /// in the document.
    @Test(arguments: 0..<6) func aFamilyOfNestedSections(_ seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &* 6_151 &+ 3)
        var test = "", reference = "", level = 0, heading = 0
        // The counters in scope, outermost first: each one's value and the level of the element that made it.
        var scope: [(value: Int, level: Int)] = []
        for _ in 0..<14 {
            let roll = random.next() % 4
            if roll == 0 && level < 3 {
                // A section at `level` resets: replacing a counter its sibling made, else nesting a new one.
                if let last = scope.last, last.level == level { scope[scope.count - 1].value = 0 } else { scope.append((0, level)) }
                test += "<div class='s'>"; reference += "<div>"; level += 1
            } else if roll == 1 && level > 0 {
                test += "</div>"; reference += "</div>"; level -= 1
                // The counters its children made end with it.
                scope.removeAll { $0.level > level }
            } else {
                heading += 1
                if scope.isEmpty { scope.append((0, level)) }
                scope[scope.count - 1].value += 1
                test += "<h4>H\(heading)</h4>"
                reference += "<h4>\(scope.map { String($0.value) }.joined(separator: ".")) H\(heading)</h4>"
            }
        }
        while level > 0 { test += "</div>"; reference += "</div>"; level -= 1 }
        let css = ".s { counter-reset: s } h4 { counter-increment: s } h4::before { content: counters(s, \".\") \" \" }"
        let mismatch = try Reftest.mismatch(body: test, css: css, referenceBody: reference, referenceCSS: "")
        #expect(mismatch == nil, "\(test): \(mismatch ?? "")")
    }
}

/// Counters and columns a crafted book pushes past their limits: values saturate, declarations and live counters
/// are bounded, a column's `span` is bounded, and nothing traps.
@Suite struct CraftedCounterTests {
    static func text(_ body: String, css: String) throws -> String {
        let book = try EPUBReader().read(bytes: try Reftest.archive(Reftest.Book(body: body, css: css)), name: "crafted.epub")
        return book.text.string(in: 0..<book.text.length)
    }

    @Test func countersSaturateAndAreBounded() throws {
        // Int.max incremented twice stays Int.max; a value past Int is read as Int's largest.
        let saturated = try Self.text("<p>A</p><p>B</p>",
                                      css: "body { counter-reset: n 9223372036854775806 } p { counter-increment: n 1 } p::before { content: counter(n) \" \" }")
        #expect(saturated.contains("9223372036854775807 A") && saturated.contains("9223372036854775807 B"), "\(saturated)")
        let unread = try Self.text("<p>A</p>", css: "p { counter-reset: n 99999999999999999999 } p::before { content: counter(n) \" \" }")
        #expect(unread.contains("9223372036854775807 A"), "\(unread)")
        // 100 names in one declaration keep the first 32; 2,000 sibling elements each incrementing 40 counters
        // (the first 32 kept) share the first one's 32 instances.
        let names = (0..<100).map { "c\($0) 5" }.joined(separator: " ")
        let many = try Self.text("<p>A</p>", css: "p { counter-reset: \(names) } p::before { content: counter(c31) counter(c32) \" \" }")
        #expect(many.contains("50 A"), "\(many)")
        let body = String(repeating: "<div><p>x</p></div>", count: 2_000)
        let wide = (0..<40).map { "w\($0)" }.joined(separator: " ")
        let crowded = try Self.text(body, css: "div { counter-increment: \(wide) } p::before { content: counters(w31, \".\") counter(w32) \" \" }")
        #expect(crowded.contains("20000 x") && !crowded.contains("20001"), "\(crowded.suffix(40))")
    }

    @Test func aColumnSpanIsBounded() throws {
        let text = try Self.text("<table><col span='2000000000' style='width: 5em'/><colgroup span='99999'></colgroup><tr><td>a</td><td>b</td></tr></table>",
                                 css: "")
        #expect(text.contains("a") && text.contains("b"))
    }
}
