import Foundation
import Testing
import TypesetCore
@testable import TypesetDocuments
import TypesetTestSupport

/// Style sharing between siblings (XHTMLConverter+StyleSharing.swift), of whole styles or of matches beside the rules
/// that read an element's place: a converted document is the same with it as without it, whatever the selectors read
/// of an element (its classes, id, attributes, language, place).
@Suite struct SiblingStyleSharingTests {
    /// The document converted under `css`, its siblings sharing styles or not.
    static func convert(_ body: String, css: String, sharing: Bool) throws -> SpineItemText {
        let xhtml = "<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\"><body>\(body)</body></html>"
        let root = try LibXMLReader.parse(Array(xhtml.utf8), entry: "t.xhtml", book: "t").root
        var converter = XHTMLConverter(path: "t.xhtml", sheet: CSSStyleSheet(parsing: css), publisherStyles: true, bookLanguage: "en")
        if !sharing { converter.siblingsShareStyles = false; converter.siblingsShareMatches = false }
        return converter.convert(root)
    }

    /// What a reader sees of a conversion: the units, and each paragraph's style and runs.
    static func seen(_ text: SpineItemText) -> [String] {
        text.paragraphs.map { "\($0.start) \($0.length) \($0.style) \($0.runs)" }
    }

    /// Random runs of siblings alike and not (classes, ids, attributes, languages, `style`) under random sheets whose
    /// rules read each of those, and an element's place: the same paragraphs and styles with sharing as without.
    @Test func sharingChangesNothing() throws {
        var rng = SplitMix64(seed: 3333)
        func pick<T>(_ items: [T]) -> T { items[Int(rng.next() % UInt64(items.count))] }
        let tags = ["p", "p", "div", "span", "em"]
        let attributes = ["", "", " class=\"a\"", " class=\"a b\"", " id=\"x\"", " title=\"t\"", " title=\"u\"", " lang=\"fr\"",
                          " xml:lang=\"de\"", " style=\"color: red\"", " dir=\"rtl\"", " data-k=\"1\"", " href=\"#x\""]
        let compounds = ["p", "div", "span", "em", "*", ".a", ".b", "p.a", "#x", "[title]", "[title=u]", "[data-k]", ":lang(fr)",
                         "p:not(.b)", ":not([title])", "p:first-child", ":last-child", ":empty", "a:link", ":nth-child(2n)"]
        let combinators = [" ", " > ", " + ", " ~ "]
        let declarations = ["font-style: italic", "font-weight: bold", "text-indent: 2em", "color: blue", "margin-top: 1em",
                            "text-align: center", "font-size: 1.2em", "letter-spacing: 1px"]
        var compared = 0
        for _ in 0..<200 {
            func element(_ depth: Int) -> String {
                let tag = pick(tags), attribute = pick(attributes)
                var inner = pick(["x", "y z", ""])
                if depth < 3 { for _ in 0..<(rng.next() % 5) { inner += element(depth + 1) } }
                return "<\(tag)\(attribute)>\(inner)</\(tag)>"
            }
            var body = ""
            for _ in 0..<(3 + rng.next() % 8) { body += element(0) }
            var css = ""
            for _ in 0..<(1 + rng.next() % 5) {
                var selector = pick(compounds)
                if rng.next() % 3 == 0 { selector = pick(compounds) + pick(combinators) + selector }
                css += "\(selector) { \(pick(declarations)) }\n"
            }
            let shared = try Self.convert(body, css: css, sharing: true), alone = try Self.convert(body, css: css, sharing: false)
            #expect(shared.units == alone.units, "\(css) on \(body)")
            let (seenShared, seenAlone) = (Self.seen(shared), Self.seen(alone))
            let differing = seenShared.indices.first { !seenAlone.indices.contains($0) || seenAlone[$0] != seenShared[$0] }
            #expect(differing == nil && seenShared.count == seenAlone.count, "paragraph \(differing ?? -1): \(css) on \(body)")
            compared += shared.paragraphs.count
        }
        #expect(compared > 1_000)
    }

    /// Siblings that share: a run of alike paragraphs takes one style (and each its own text), under a rule that
    /// styles them by class and one that styles their parent.
    @Test func alikeSiblingsShareAStyle() throws {
        let body = "<div class=\"n\">" + (0..<6).map { "<p class=\"a\">w\($0)</p>" }.joined() + "</div>"
        let css = ".a { font-style: italic; text-indent: 2em } .n { text-align: center }"
        let text = try Self.convert(body, css: css, sharing: true)
        #expect(text.paragraphs.count == 6)
        #expect(Set(text.paragraphs.map(\.style)).count == 1)
        #expect(text.paragraphs.allSatisfy { $0.runs.count == 1 && $0.runs[0].style.isItalic })
        #expect(Self.seen(text) == Self.seen(try Self.convert(body, css: css, sharing: false)))
    }

    /// Siblings alike but for what a rule reads (an id, an attribute, a language) or for a `style` attribute: each styled
    /// as its own rules say.
    @Test func siblingsDifferingInWhatRulesReadDoNotShare() throws {
        let cases = [("#x { font-style: italic }", "<p>a</p><p id=\"x\">b</p><p>c</p>"),
                     ("[title=u] { font-style: italic }", "<p title=\"t\">a</p><p title=\"u\">b</p><p title=\"t\">c</p>"),
                     (":lang(fr) { font-style: italic }", "<p>a</p><p lang=\"fr\">b</p><p>c</p>"),
                     ("a:link { font-style: italic }", "<div><a>a</a> <a href=\"#x\">b</a> <a>c</a></div>"),
                     // A `style` attribute is no rule's: its element neither takes a sibling's style nor gives its own.
                     ("p { color: blue }", "<p>a</p><p style=\"font-style: italic\">b</p><p>c</p>"),
                     ("p { color: blue }", "<p style=\"font-style: italic\">b</p><p>a</p><p>c</p>")]
        for (css, body) in cases {
            let text = try Self.convert(body, css: css, sharing: true)
            let italic = text.paragraphs.flatMap { paragraph in
                paragraph.runs.filter(\.style.isItalic).flatMap { text.units[(paragraph.start + $0.range.lowerBound)..<(paragraph.start + $0.range.upperBound)] }
            }
            #expect(String(decoding: italic, as: UTF16.self).trimmingCharacters(in: .whitespaces) == "b", "\(css) on \(body)")
            #expect(Self.seen(text) == Self.seen(try Self.convert(body, css: css, sharing: false)), "\(css) on \(body)")
        }
    }

    /// A sheet with rules on an element's place (`p + p`, `:first-child`, `:nth-child()`): siblings take each
    /// other's matches of the other rules, and each is matched against these alone.
    @Test func rulesOnPlaceAreMatchedPerElement() throws {
        let body = "<div class=\"x\">" + (0..<5).map { "<p>w\($0)</p>" }.joined() + "</div>"
        let css = "p + p { text-indent: 2em } p:first-child { text-align: center } p:nth-child(2n) { font-weight: bold } "
            + ".x p { font-style: italic }"
        let text = try Self.convert(body, css: css, sharing: true)
        #expect(text.paragraphs.map { $0.style.firstLineIndent ?? 0 } == [0, 2, 2, 2, 2])
        #expect(text.paragraphs.map { $0.style.alignment == .center } == [true, false, false, false, false])
        #expect(text.paragraphs.map { $0.runs[0].style.weight } == [400, 700, 400, 700, 400])
        #expect(text.paragraphs.allSatisfy { $0.runs[0].style.isItalic })
        #expect(Self.seen(text) == Self.seen(try Self.convert(body, css: css, sharing: false)))
    }

    /// Counters: each element's changes are read from its own matched rules, so a sheet that changes counters
    /// shares nothing (each item below is numbered by its `::before`; the `<em>` in it is styled after it).
    @Test func countersAreCountedPerElement() throws {
        let body = (0..<4).map { "<p class=\"c\">item <em>\($0)</em></p>" }.joined()
        let css = "body { counter-reset: n } .c { counter-increment: n } .c::before { content: counter(n) \". \" }"
        let text = try Self.convert(body, css: css, sharing: true)
        let paragraphs = text.paragraphs.map { String(decoding: text.units[$0.start..<($0.start + $0.contentLength)], as: UTF16.self) }
        #expect(paragraphs == ["1. item 0", "2. item 1", "3. item 2", "4. item 3"])
    }
}
