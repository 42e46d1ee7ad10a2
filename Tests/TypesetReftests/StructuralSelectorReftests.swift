import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// Structural pseudo-classes and `:not()` as books use them, as css/selectors writes its reftests: the rule with the
/// pseudo-class against the same style given to the same elements by class or attribute.
@Suite struct StructuralSelectorReftests {
    static let rows = (1...6).map { "<tr><td>Row \($0)</td><td>\($0 * 7)</td></tr>" }.joined()
    static let classedRows = (1...6).map { "<tr\($0 % 2 == 0 ? " class='z'" : "")><td>Row \($0)</td><td>\($0 * 7)</td></tr>" }.joined()
    static let paragraphs = "<h2>Title</h2><p>First paragraph of the section.</p><p>Second one.</p><p class='x'>Third one.</p>"

    /// (test body, test CSS, reference body, reference CSS).
    static let pairs: [(String, String, String, String)] = [
        ("<table>\(rows)</table>", "tr:nth-child(even) td { background: #ccd }",
         "<table>\(classedRows)</table>", "tr.z td { background: #ccd }"),
        ("<table>\(rows)</table>", "tr:nth-child(2n) td { background: #ccd }",
         "<table>\(classedRows)</table>", "tr.z td { background: #ccd }"),
        (paragraphs, "p { text-indent: 2em } p:first-of-type { text-indent: 0 }",
         paragraphs.replacing("<p>First", with: "<p style='text-indent: 0'>First"), "p { text-indent: 2em }"),
        (paragraphs, "p:not(.x) { color: #a00 }",
         paragraphs.replacing("<p>", with: "<p style='color: #a00'>"), ""),
        (paragraphs, "p:last-of-type { font-weight: bold } h2:only-of-type { color: #00a }",
         paragraphs.replacing("<p class='x'>", with: "<p class='x' style='font-weight: bold'>").replacing("<h2>", with: "<h2 style='color: #00a'>"), ""),
        ("<p>Text <a href='#t'>with a link</a> and <a>an anchor</a>.</p>", "a:link { color: #0a0 }",
         "<p>Text <a href='#t' style='color: #0a0'>with a link</a> and <a>an anchor</a>.</p>", ""),
    ]

    @Test(arguments: pairs) func aPseudoClassStylesWhatItNames(_ test: String, _ css: String, _ reference: String, _ referenceCSS: String) throws {
        let mismatch = try Reftest.mismatch(body: test, css: css, referenceBody: reference, referenceCSS: referenceCSS)
        #expect(mismatch == nil, "\(css): \(mismatch ?? "")")
    }

    /// The test differs from the page without the rule (so the pairs above do test something).
    @Test func theRulesChangeThePage() throws {
        for (test, css, _, _) in Self.pairs {
            let mismatch = try Reftest.mismatch(body: test, css: css, referenceBody: test)
            #expect(mismatch != nil, "\(css) changes nothing")
        }
    }
}
