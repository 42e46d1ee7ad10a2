import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// `::before` and `::after` generate text (CSS 2.1 §12), as css/CSS2/generated-content writes its reftests: the
/// rule against the same text written in the document, styled the same; what generates nothing against no rule;
/// and the text the same whether the book's styles apply or not.
@Suite struct GeneratedContentReftests {
    static let heading = "<h2>The Title</h2><p>Body text of the section.</p>"

    /// (test body, test CSS, reference body, reference CSS).
    static let pairs: [(String, String, String, String)] = [
        (heading, "h2::before { content: \"◆ \"; color: #a00 }",
         "<h2><span style='color: #a00'>◆</span> The Title</h2><p>Body text of the section.</p>", ""),
        (heading, "h2:before { content: '\\25C6\\0020'; color: #a00 }",
         "<h2><span style='color: #a00'>◆</span> The Title</h2><p>Body text of the section.</p>", ""),
        ("<p>See <em>this</em> and <em>that</em>.</p>", "em::before { content: \"[\" } em::after { content: \"]\" }",
         "<p>See <em>[this]</em> and <em>[that]</em>.</p>", ""),
        ("<p title='Ada'>Written by</p>", "p::after { content: \" \" attr(title) \".\"; font-weight: bold }",
         "<p title='Ada'>Written by <b>Ada.</b></p>", ""),
        ("<ul><li><p>One</p></li><li><p>Two</p></li></ul>", "li p::before { content: \"\\2014 \\0020\" }",
         "<ul><li><p>— One</p></li><li><p>— Two</p></li></ul>", ""),
    ]

    @Test(arguments: pairs) func generatedTextIsDrawnAsWritten(_ test: String, _ css: String, _ reference: String, _ referenceCSS: String) throws {
        let mismatch = try Reftest.mismatch(body: test, css: css, referenceBody: reference, referenceCSS: referenceCSS)
        #expect(mismatch == nil, "\(css): \(mismatch ?? "")")
    }

    /// Rules that generate nothing here: `none`, an empty string, `display: none`, a block or positioned
    /// pseudo-element (not done: they would need boxes of their own); counters are in CounterReftests.
    static let nothing = [
        "h2::before { content: none }", "h2::before { content: \"\" }", "h2::before { content: \"X\"; display: none }",
        "h2::after { content: \"#\"; position: absolute; right: 0 }", "h2::after { content: \"X\"; display: block }",
        "h2::before { color: red }",
    ]

    @Test(arguments: nothing) func whatGeneratesNothing(_ css: String) throws {
        let mismatch = try Reftest.mismatch(body: Self.heading, css: css, referenceBody: Self.heading)
        #expect(mismatch == nil, "\(css): \(mismatch ?? "")")
    }

    /// A search finds text right after generated text (where the caret does not stop: the mark goes with the
    /// character after it), in scripts whose characters the search checks with ICU (a heading's `◆` before Japanese
    /// or before `The`), and never matches the generated text itself.
    @Test(arguments: [("<h2>この文書について</h2><p>この文書は短い。</p>", "この文書", 2), ("<h2>The Title</h2><p>The end.</p>", "The", 2),
                      ("<h2>The Title</h2>", "◆", 0)])
    func aSearchFindsTextAfterGeneratedText(_ body: String, _ query: String, _ expected: Int) throws {
        let bytes = try Reftest.archive(Reftest.Book(body: body, css: "h2::before { content: \"◆\" }"))
        let publication = try EPUBReader().read(bytes: bytes, name: "g.epub").publication
        #expect(try publication.search(query).results().count == expected, "\(query) in \(body)")
    }

    /// The generated text is the book's text, marked generated, the same with the book's styles off (offsets never
    /// depend on a setting), and its units map to their element.
    @Test func theTextIsTheSameUnderEverySetting() throws {
        let bytes = try Reftest.archive(Reftest.Book(body: Self.heading, css: "h2::before { content: \"◆ \" }"))
        var options = EPUBReader.Options()
        let styled = try EPUBReader(options: options).read(bytes: bytes, name: "g.epub").publication.text
        options.publisherStyles = false
        let plain = try EPUBReader(options: options).read(bytes: bytes, name: "g.epub").publication.text
        let units = styled.paragraphs.flatMap { $0.units }
        #expect(String(decoding: units, as: UTF16.self).contains("◆ The Title"))
        #expect(units == plain.paragraphs.flatMap { $0.units })
        let marked = styled.paragraphs.flatMap { $0.runs }.filter { $0.style.isGenerated }
        // "◆" and the space after it, which the content generates too.
        #expect(marked.count == 1 && marked.first?.range.count == 2, "\(marked.map(\.range))")
    }
}
