import Testing
import TypesetCore
@testable import TypesetDocuments

/// Documents and style sheets as deep or as wide as a file can make them (issue 31): nothing may recurse as deep as
/// the input, so none of them may overflow the stack. Each is generated here, small.
@Suite struct DeepDocumentTests {
    /// 30,000 nested `@media screen` blocks (a 2 KB sheet compressed) crashed the CSS parser, which recursed once per
    /// block; `@supports` the same. The rule inside still applies, and the rules after the groups close too.
    @Test func nestedConditionalGroupsAreParsedWithoutRecursion() {
        for group in ["@media screen {", "@supports (display: block) {", "@media all { @supports (color: red) {"] {
            let depth = 30_000
            let closing = String(repeating: "}", count: group.filter { $0 == "{" }.count)
            let css = String(repeating: group, count: depth) + "p { font-style: italic }"
                + String(repeating: closing, count: depth) + " h1 { font-weight: bold }"
            let sheet = CSSStyleSheet(parsing: css)
            #expect(sheet.rules.count == 2, "\(group)")
            #expect(sheet.rules.first?.selector.compounds.first?.type == "p")
            #expect(sheet.rules.last?.selector.compounds.first?.type == "h1")
        }
        // A group that does not apply is skipped whole, nested groups and all; a stray brace is ignored.
        for group in ["@media print {", "@supports (x: y) {"] {
            let skipped = CSSStyleSheet(parsing: group + " @media screen { p { color: red } } } } em { font-style: normal }")
            #expect(skipped.rules.map { $0.selector.compounds[0].type } == ["em"], "\(group)")
        }
    }

    /// A chapter of 200,000 sibling paragraphs (a 515 KB book) crashed every command: each element's path held the
    /// previous sibling's, and releasing the last freed the chain one deinit inside the next.
    @Test func a300000SiblingChainIsReleasedWithoutRecursion() {
        let children = (0..<300_000).map { _ in
            XMLNode.element(XMLElement(name: "p", namespace: nil, attributes: [], children: [], line: 1))
        }
        let root = XMLElement(name: "body", namespace: nil, attributes: [], children: children, line: 1)
        var paths: [ElementPath]? = ElementPath(root: root).childPaths()
        #expect(paths?.last?.previousSibling != nil)
        paths = nil
        #expect(paths == nil)
    }

    /// The same end to end: a chapter of 40,000 sibling paragraphs is read whole.
    @Test func aChapterOf40000ParagraphsIsRead() throws {
        let count = 40_000
        var body = ""
        body.reserveCapacity(count * 12)
        for index in 0..<count { body += "<p>w\(index % 997)</p>" }
        var options = EPUBReader.Options()
        options.limits.maximumCompressionRatio = 10_000
        let book = try EPUBTestReading.read(.book(chapters: [("c.xhtml", EPUBTestArchive.xhtml(body))]), options: options)
        let paragraphs = EPUBTestReading.paragraphs(book)
        #expect(paragraphs.count == count)
        #expect(paragraphs.last == "w\((count - 1) % 997)")
    }

    /// Elements nested as deep as libxml2 allows, of every kind the converter walks its own way: 150 nested `<div>`s
    /// overflowed the 8 MB stack of a debug build (the walk recursed three frames per level). Past
    /// `XHTMLConverter.maximumDepth` an element is read as its text: every letter is kept, ids still land, the text
    /// after it is converted as usual, and the book says so once.
    @Test(arguments: [
        ("<div id=\"i%d\">x", "</div>"), ("<span>x", "</span>"), ("<blockquote>x", "</blockquote>"),
        ("<ul><li>x", "</li></ul>"), ("<ol><li>x", "</li></ol>"), ("<table><tr><td>x", "</td></tr></table>"),
        ("<q>x", "</q>"), ("<ruby>x", "<rt>r</rt></ruby>"), ("<a href=\"#i0\">x", "</a>"), ("<em>x", "</em>"),
        ("<section><p>x", "</p></section>"),
        ("<math xmlns=\"http://www.w3.org/1998/Math/MathML\"><mrow><mi>x</mi>", "</mrow></math>"),
        ("<mrow><mi>x</mi>", "</mrow>"),
    ])
    func deepNestingIsReadAsTextPastTheLimit(open: String, close: String) throws {
        // As deep as libxml2 parses (256 elements, html and body included), whatever each level's element count.
        let startTags = open.components(separatedBy: "<").count - 1
        let isBareMath = open.hasPrefix("<mrow>")
        let levels = 248 / startTags
        var body = isBareMath ? "<math xmlns=\"http://www.w3.org/1998/Math/MathML\">" : ""
        for level in 0..<levels { body += open.replacingOccurrences(of: "%d", with: String(level)) }
        body += String(repeating: close, count: levels) + (isBareMath ? "</math>" : "") + "<p id=\"after\">after</p>"
        let book = try EPUBTestReading.read(.book(chapters: [("c.xhtml", EPUBTestArchive.xhtml(body))]))
        // Read as search and speech read it: a formula is one object that reads as its tokens.
        let text = ReadableText(text: book.text, range: 0..<book.text.length).string
        #expect(text.filter { $0 == "x" }.count == levels, "\(open): \(text.prefix(200))")
        #expect(EPUBTestReading.paragraphs(book).last == "after")
        let deep = book.warnings.filter { $0.contains("nested more than \(XHTMLConverter.maximumDepth) deep") }
        // A formula's tree is copied without recursion, whatever its depth (XHTMLConverter+MathML.swift): it is one
        // object, never flattened, so there is nothing to warn about.
        let isMath = open.contains("<math") || isBareMath
        #expect(deep.count == (isMath ? 0 : 1), "\(book.warnings)")
        if isMath { #expect(EPUBTestReading.paragraphs(book).first == "\u{FFFC}") }
        if open.hasPrefix("<div") {
            // The ids of flattened elements are anchors still: the deepest lands on its own letter.
            let deepest = try #require(book.offset(forHref: "OEBPS/c.xhtml#i\(levels - 1)"))
            #expect(book.text.string(in: deepest..<(deepest + 1)) == "x")
        }
    }

    /// Up to the limit nothing is flattened: 60 nested blockquotes indent as deep as they go, and no warning.
    @Test func nestingWithinTheLimitIsConvertedAsUsual() throws {
        let levels = XHTMLConverter.maximumDepth - 4  // html, body and the paragraph are levels too
        let body = String(repeating: "<div>", count: levels) + "<p>deep</p>" + String(repeating: "</div>", count: levels)
        let book = try EPUBTestReading.read(.book(chapters: [("c.xhtml", EPUBTestArchive.xhtml(body))]))
        #expect(EPUBTestReading.paragraphs(book) == ["deep"])
        #expect(!book.warnings.contains { $0.contains("nested more than") })
    }
}
