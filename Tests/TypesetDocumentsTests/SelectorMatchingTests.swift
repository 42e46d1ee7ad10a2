import Foundation
import Testing
@testable import TypesetDocuments
import TypesetTestSupport

/// Selector matching: the same answers as the definition (a naive matcher written here), on random documents and
/// selectors, and work that grows linearly with the document whatever the selectors.
@Suite struct SelectorMatchingTests {
    /// Every element's path, in document order.
    static func paths(_ xhtml: String) throws -> [ElementPath] {
        let root = try LibXMLReader.parse(Array(xhtml.utf8), entry: "t.xhtml", book: "t").root
        var result: [ElementPath] = []
        func walk(_ path: ElementPath) {
            result.append(path)
            for child in path.childPaths() { walk(child) }
        }
        walk(ElementPath(root: root))
        return result
    }

    /// The definition, tried naively: right to left, every ancestor or earlier sibling tried in turn.
    static func naive(_ selector: CSSSelector, _ index: Int, _ path: ElementPath) -> Bool {
        guard selector.compounds[index].matches(path) else { return false }
        if index == 0 { return true }
        switch selector.combinators[index - 1] {
        case .child: return path.parent.map { naive(selector, index - 1, $0) } ?? false
        case .adjacentSibling: return path.previousSibling.map { naive(selector, index - 1, $0) } ?? false
        case .descendant:
            var current = path.parent
            while let ancestor = current { if naive(selector, index - 1, ancestor) { return true }; current = ancestor.parent }
            return false
        case .generalSibling:
            var current = path.previousSibling
            while let sibling = current { if naive(selector, index - 1, sibling) { return true }; current = sibling.previousSibling }
            return false
        }
    }

    /// Random documents and selectors: the memoised matcher answers as the definition does, element by element.
    @Test func answersAsTheDefinitionDoes() throws {
        var rng = SplitMix64(seed: 1818)
        let tags = ["p", "div", "span", "em"], classes = ["", " class=\"a\"", " class=\"b\"", " class=\"a b\""]
        let compounds = ["p", "div", "span", "em", "*", ".a", ".b", "p.a", "div.b", "span:first-child", ":last-child", "em.a.b"]
        let combinators = [" ", " > ", " + ", " ~ "]
        func pick<T>(_ items: [T]) -> T { items[Int(rng.next() % UInt64(items.count))] }
        for _ in 0..<40 {
            func element(_ depth: Int) -> String {
                let tag = pick(tags)
                var inner = "x"
                if depth < 5 { for _ in 0..<(rng.next() % 4) { inner += element(depth + 1) } }
                return "<\(tag)\(pick(classes))>\(inner)</\(tag)>"
            }
            var body = ""
            for _ in 0..<(2 + rng.next() % 5) { body += element(0) }
            var css = ""
            for _ in 0..<12 {
                var selector = pick(compounds)
                for _ in 0..<(rng.next() % 4) { selector += pick(combinators) + pick(compounds) }
                css += "\(selector) { font-style: italic }\n"
            }
            let sheet = CSSStyleSheet(parsing: css)
            #expect(sheet.rules.count == 12)
            for path in try Self.paths("<html xmlns=\"http://www.w3.org/1999/xhtml\"><body>\(body)</body></html>") {
                let matched = Set(sheet.matchingRules(path).map(\.order))
                let expected = Set(sheet.rules.filter { Self.naive($0.selector, $0.selector.compounds.count - 1, path) }.map(\.order))
                #expect(matched == expected, "\(css) on <\(path.element.name)> of \(body)")
            }
        }
    }

    /// Attribute selectors (Selectors 4 §6): each operator, quoted and bare values, spaces, a case flag and a
    /// namespace prefix, against attribute values, as the definitions say (written here as a model).
    @Test func attributeSelectorsMatchTheirDefinitions() throws {
        let operators: [(String, (String, String) -> Bool)] = [
            ("=", { $0 == $1 }),
            ("~=", { value, word in !word.isEmpty && value.split(separator: " ").contains(Substring(word)) }),
            ("|=", { $0 == $1 || $0.hasPrefix($1 + "-") }),
            ("^=", { !$1.isEmpty && $0.hasPrefix($1) }),
            ("$=", { !$1.isEmpty && $0.hasSuffix($1) }),
            ("*=", { !$1.isEmpty && $0.contains($1) }),
        ]
        let values = ["en", "en-GB", "fr", "x en y", "glossary z3998:poem", "a=b", "ébène"]
        let arguments = ["en", "z3998:poem", "a=b", "ébène", "b", "e"]
        var body = ""
        for (index, value) in values.enumerated() { body += "<p id=\"p\(index)\" data-x=\"\(value)\">t</p>" }
        body += "<p id=\"none\">t</p>"
        let paths = try Self.paths("<html xmlns=\"http://www.w3.org/1999/xhtml\"><body>\(body)</body></html>")
            .filter { $0.element.name == "p" }
        for (symbol, holds) in operators {
            for argument in arguments {
                for written in ["[data-x\(symbol)\"\(argument)\"]", "[ data-x \(symbol) '\(argument)' ]", "[*|data-x\(symbol)\"\(argument)\" s]"] {
                    let sheet = CSSStyleSheet(parsing: "p\(written) { font-style: italic }")
                    #expect(sheet.rules.count == 1, "\(written)")
                    for path in paths {
                        let expected = path.element.attribute("data-x").map { holds($0, argument) } ?? false
                        #expect(!sheet.matchingRules(path).isEmpty == expected, "\(written) on \(path.element.attribute("id") ?? "")")
                    }
                }
            }
        }
        // Presence alone, and a name that is not there.
        let present = CSSStyleSheet(parsing: "p[data-x] { font-style: italic } p[data-y] { font-weight: bold }")
        for path in paths {
            #expect(present.matchingRules(path).count == (path.element.attribute("data-x") == nil ? 0 : 1))
        }
    }

    /// `:lang()` (Selectors 4 §7.2): an element's language is its own `xml:lang` or `lang`, its nearest ancestor's,
    /// or the book's; a range matches it equal or as a prefix before a hyphen, ignoring case; `*` matches any
    /// language; a list matches any of its ranges. Against a model of the definition, on random trees.
    @Test func langMatchesTheElementsLanguage() throws {
        var rng = SplitMix64(seed: 77)
        let languages = ["en", "en-GB", "EN-us", "fr", "fr-CA", "de-CH-1996", "zh-Hant-TW", "", "english"]
        let ranges = ["en", "EN-gb", "fr", "de-ch", "zh-hant", "\"fr-CA\"", "*", "en, fr", "'de'", "e", "english"]
        func pick<T>(_ items: [T]) -> T { items[Int(rng.next() % UInt64(items.count))] }
        for round in 0..<30 {
            func element(_ depth: Int) -> String {
                let attribute: String
                switch rng.next() % 4 {
                case 0: attribute = " lang=\"\(pick(languages))\""
                case 1: attribute = " xml:lang=\"\(pick(languages))\""
                default: attribute = ""
                }
                var inner = "x"
                if depth < 4 { for _ in 0..<(rng.next() % 3) { inner += element(depth + 1) } }
                return "<span\(attribute)>\(inner)</span>"
            }
            var body = ""
            for _ in 0..<(1 + rng.next() % 3) { body += element(0) }
            let book = round % 2 == 0 ? "fr-FR" : nil
            let paths = try Self.paths("<html xmlns=\"http://www.w3.org/1999/xhtml\"><body>\(body)</body></html>")
            paths.first?.bookLanguage = book
            // The model: the nearest own non-empty xml:lang or lang up the tree, else the book's.
            func model(_ path: ElementPath) -> String? {
                var current: ElementPath? = path
                while let p = current {
                    let own = p.element.attribute("lang", namespace: XMLNamespace.xml) ?? p.element.attribute("lang")
                    if let own, !own.isEmpty { return own }
                    current = p.parent
                }
                return book
            }
            for range in ranges {
                let sheet = CSSStyleSheet(parsing: "span:lang(\(range)) { font-style: italic }")
                #expect(sheet.rules.count == 1, "\(range)")
                let wanted = range.split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "'\"")).lowercased()
                }
                for path in paths where path.element.name == "span" {
                    let language = model(path)?.lowercased()
                    let expected = language.map { l in wanted.contains { $0 == "*" || l == $0 || l.hasPrefix($0 + "-") } } ?? false
                    #expect(!sheet.matchingRules(path).isEmpty == expected, "\(range) on \(language ?? "none") in \(body)")
                }
            }
        }
        #expect(CSSStyleSheet(parsing: "p:lang() { color: red }").rules.isEmpty)
    }

    /// The work matching does per element stays the same whether a chapter has 50 paragraphs or 400, for
    /// selectors that match on the right and fail only at their far left, which a naive matcher retries from every
    /// earlier sibling or ancestor (cubic here: right to left, each `.x` tried, each searching back for a `.y`).
    @Test func workGrowsLinearly() throws {
        let css = """
            .y ~ .x ~ .x { font-style: italic }
            .y ~ p ~ p span { font-weight: bold }
            .none div div p span { text-decoration: underline }
            .y + * ~ * ~ span { letter-spacing: 0.1em }
            """
        func work(_ count: Int) throws -> Double {
            var body = "<div><div><div>"
            for i in 0..<count { body += "<p class=\"x\">Paragraph \(i) <span>s</span> <em>e</em></p>" }
            body += "</div></div></div>"
            let sheet = CSSStyleSheet(parsing: css)
            let paths = try Self.paths("<html xmlns=\"http://www.w3.org/1999/xhtml\"><body>\(body)</body></html>")
            for path in paths { _ = sheet.matchingRules(path) }
            return Double(paths.reduce(0) { $0 + $1.compoundTests }) / Double(paths.count)
        }
        let small = try work(50), large = try work(400)
        #expect(large < small * 1.5, "compound tests per element: \(small) for 50 paragraphs, \(large) for 400")
    }

    /// An XHTML document whose body holds a random tree of `div`s up to 5 deep, with text between them.
    static func randomDocument(_ rng: inout SplitMix64) -> String {
        func element(_ depth: Int) -> String {
            var inner = rng.next() % 2 == 0 ? "x" : ""
            if depth < 4 { for _ in 0..<(rng.next() % 5) { inner += element(depth + 1) + (rng.next() % 2 == 0 ? " y " : "") } }
            return "<div>\(inner)</div>"
        }
        return "<html xmlns=\"http://www.w3.org/1999/xhtml\"><body>\(element(0))</body></html>"
    }

    /// Random trees with text between the elements: each element's child paths are its child elements in order,
    /// each linked to the one before it, and only the last without a next sibling (what `+`, `~`, `:first-child`
    /// and `:last-child` read; the matcher test above builds its definition on these links, so they are checked
    /// against the tree itself here).
    @Test func childPathsFollowTheTree() throws {
        var rng = SplitMix64(seed: 3307)
        var checked = 0
        for _ in 0..<30 {
            for path in try Self.paths(Self.randomDocument(&rng)) {
                let expected = path.element.children.compactMap { if case .element(let child) = $0 { child } else { nil } }
                let children = path.childPaths()
                #expect(children.map { ObjectIdentifier($0.element) } == expected.map { ObjectIdentifier($0) })
                for (index, child) in children.enumerated() {
                    #expect(child.parent === path)
                    #expect(child.previousSibling === (index > 0 ? children[index - 1] : nil))
                    #expect(child.hasNextSibling == (index + 1 < children.count))
                    checked += 1
                }
            }
        }
        #expect(checked > 500)
    }

    /// An element naming a rule's key more than once (a class written twice, two classes of one rule) gets the
    /// rule once, in cascade order (specificity, then source order).
    @Test func matchesEachRuleOnce() throws {
        let sheet = CSSStyleSheet(parsing: ".a { color: red } p.a.b { color: blue } .b { color: green } * { color: black } .a.a { color: gray }")
        let classes = ["a", "a a", "a b", "b a a", "a b b a"]
        for list in classes {
            let path = try #require(Self.paths("<html xmlns=\"http://www.w3.org/1999/xhtml\"><body><p class=\"\(list)\">x</p></body></html>").last)
            #expect(path.element.name == "p")
            let matched = sheet.matchingRules(path)
            let expected = sheet.rules.filter { Self.naive($0.selector, $0.selector.compounds.count - 1, path) }
                .sorted { ($0.selector.specificity, $0.order) < ($1.selector.specificity, $1.order) }
            #expect(matched.map(\.order) == expected.map(\.order), "class=\"\(list)\"")
        }
    }
}
