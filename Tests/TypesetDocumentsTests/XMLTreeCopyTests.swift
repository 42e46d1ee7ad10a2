import Testing
@testable import TypesetDocuments
import TypesetTestSupport

/// The copy of libxml2's tree into ``XMLElement`` values (``LibXMLReader``): over random documents whose elements
/// change namespace from one to the next (XHTML, SVG, MathML, none), hold runs of text broken by comments and
/// character references, and carry `class` values with every kind of XML white space, each element has the name,
/// namespace, classes and children the document was written with.
@Suite struct XMLTreeCopyTests {
    /// What an element was written as: its name, namespace, class value, and its children (text, or an element).
    final class Written {
        let name: String, namespace: String?, classValue: String?
        var children: [Child] = []
        init(name: String, namespace: String?, classValue: String?) {
            self.name = name; self.namespace = namespace; self.classValue = classValue
        }
    }
    enum Child { case text(String), element(Written) }

    static let spaces: [String] = [" ", "\t", "\n", "  ", " \t\n "]
    static let words: [String] = ["note", "a", "é-b", "文", "x\u{301}", "frame", "c1"]

    @Test func elementsKeepTheirNamesNamespacesClassesAndChildren() throws {
        var rng = SplitMix64(seed: 3314)
        func pick<T>(_ items: [T]) -> T { items[Int(rng.next() % UInt64(items.count))] }
        let kinds: [(prefix: String, namespace: String?)] = [("", XMLNamespace.xhtml), ("s:", XMLNamespace.svg),
                                                            ("m:", XMLNamespace.mathml), ("n:", nil)]
        func element(_ depth: Int) -> (xml: String, written: Written) {
            let kind = pick(kinds)
            let local = pick(["p", "g", "mi", "span"])
            var classValue: String?
            if rng.next() % 3 != 0 {
                var value = rng.next() % 2 == 0 ? pick(Self.spaces) : ""
                for k in 0..<(1 + rng.next() % 4) { value += (k > 0 ? pick(Self.spaces) : "") + pick(Self.words) }
                if rng.next() % 2 == 0 { value += pick(Self.spaces) }
                classValue = value
            }
            let written = Written(name: local, namespace: kind.namespace, classValue: classValue)
            // Unprefixed elements say their default namespace (none for `n:`), whatever their parent's was.
            let name = kind.prefix == "n:" || kind.prefix.isEmpty ? local : kind.prefix + local
            var xml = "<\(name)" + (kind.prefix == "n:" ? " xmlns=\"\"" : kind.prefix.isEmpty ? " xmlns=\"\(XMLNamespace.xhtml)\"" : "")
            if let classValue {
                let escaped = classValue.replacingOccurrences(of: "\t", with: "&#9;").replacingOccurrences(of: "\n", with: "&#10;")
                xml += " class=\"\(escaped)\""
            }
            xml += ">"
            var pendingText = ""
            for _ in 0..<(rng.next() % (depth < 4 ? 6 : 2)) {
                switch rng.next() % 4 {
                case 0:
                    xml += "t&#233;"; pendingText += "té"
                case 1:
                    xml += "<!-- c -->u"; pendingText += "u"
                default:
                    guard depth < 4 else { xml += "v"; pendingText += "v"; continue }
                    if !pendingText.isEmpty { written.children.append(.text(pendingText)); pendingText = "" }
                    let child = element(depth + 1)
                    xml += child.xml
                    written.children.append(.element(child.written))
                }
            }
            if !pendingText.isEmpty { written.children.append(.text(pendingText)) }
            return (xml + "</\(name)>", written)
        }
        func check(_ element: XMLElement, _ written: Written, count: inout Int) {
            count += 1
            #expect(element.name == written.name)
            #expect(element.namespace == written.namespace)
            // HTML's "split on ASCII whitespace", by code points (a combining mark after a space starts a name).
            let expected = written.classValue.map { value in
                value.unicodeScalars.split(whereSeparator: { " \t\n\r".unicodeScalars.contains($0) }).map { String($0) }
            } ?? []
            #expect(element.classNames.map(String.init) == expected)
            #expect(element.children.count == written.children.count)
            for (node, child) in zip(element.children, written.children) {
                switch (node, child) {
                case (.text(let text), .text(let expectedText)): #expect(text == expectedText)
                case (.element(let inner), .element(let expectedInner)): check(inner, expectedInner, count: &count)
                default: Issue.record("a text where an element was written, or the reverse")
                }
            }
        }
        var checked = 0
        for _ in 0..<60 {
            let body = (0..<3).map { _ in element(0) }
            let xml = "<html xmlns=\"http://www.w3.org/1999/xhtml\" xmlns:s=\"http://www.w3.org/2000/svg\" "
                + "xmlns:m=\"http://www.w3.org/1998/Math/MathML\"><body>" + body.map(\.xml).joined() + "</body></html>"
            let root = try LibXMLReader.parse(Array(xml.utf8), entry: "t.xhtml", book: "t").root
            guard let bodyElement = root.firstElement(named: "body") else { Issue.record("no body"); continue }
            #expect(bodyElement.elements.count == body.count)
            for (element, written) in zip(bodyElement.elements, body) { check(element, written.written, count: &checked) }
        }
        #expect(checked > 500)
    }

    @Test func classNamesSplitOnXMLWhiteSpaceOnly() {
        #expect(XMLElement.classNames(of: "").isEmpty)
        #expect(XMLElement.classNames(of: " \t\r\n ").isEmpty)
        #expect(XMLElement.classNames(of: "a").map(String.init) == ["a"])
        #expect(XMLElement.classNames(of: "\r\na\r\nb\u{A0}c ").map(String.init) == ["a", "b\u{A0}c"])
        #expect(XMLElement.classNames(of: "é \u{301}x").map(String.init) == ["é", "\u{301}x"])
    }

    /// Each element's name, lower-cased name and ``HTMLElementName`` as worked out for it alone, though the parser
    /// works them out once a distinct name (a slot per name, shared by names that collide): over documents of more
    /// distinct names than slots, every XHTML name the converter knows in any case among them.
    @Test func elementsKnowTheirNamesOnceANameAsEachAlone() throws {
        var rng = SplitMix64(seed: 3315)
        let known = HTMLElementName.allCases.map(\.name)
        let others = (0..<150).map { "x\($0)" } + ["é", "Svg", "P", "TD", "Rp-Hidden", "DIV", "h7", "pp"]
        var checked = 0
        for _ in 0..<20 {
            var names: [String] = []
            for _ in 0..<300 {
                let name = rng.next() % 2 == 0 ? known[Int(rng.next() % UInt64(known.count))] : others[Int(rng.next() % UInt64(others.count))]
                names.append(rng.next() % 4 == 0 ? name.uppercased() : name)
            }
            let xml = "<html xmlns=\"http://www.w3.org/1999/xhtml\">" + names.map { "<\($0)>t</\($0)>" }.joined() + "</html>"
            let root = try LibXMLReader.parse(Array(xml.utf8), entry: "t.xhtml", book: "t").root
            let children = root.elements
            #expect(children.map(\.name) == names)
            for child in children {
                #expect(child.lowercasedName == child.name.lowercased())
                #expect(child.htmlName == HTMLElementName(lowercasedName: child.name.lowercased()), "\(child.name)")
                checked += 1
            }
        }
        #expect(checked == 6_000)
    }

    /// The converter's names: each name it gives a category is known, and known with that category; the blocks spaced
    /// as paragraphs and the headings are those HTML's rendering rules space and level.
    @Test func theConvertersNamesAreKnown() {
        for (name, category) in XHTMLConverter.categories {
            let known = HTMLElementName(lowercasedName: name)
            #expect(known?.name == name)
            #expect(known.map { XHTMLConverter.categoryByName[Int($0.rawValue)] } == category, "\(name)")
        }
        #expect(Set(HTMLElementName.allCases.map(\.name)).count == HTMLElementName.allCases.count)
        let spaced = Set(HTMLElementName.allCases.filter(\.isSpacedBlock).map(\.name))
        #expect(spaced == ["p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "dl", "menu", "dir", "blockquote", "pre", "table",
                           "figure", "hr", "address", "center", "details"])
        #expect(HTMLElementName.allCases.compactMap(\.headingLevel) == [1, 2, 3, 4, 5, 6])
        #expect(HTMLElementName.allCases.filter(\.isRoot) == [.html, .body])
        // The table parts, whose boxes the table layout draws, are the names the width rules leave to it too.
        #expect(Set(HTMLElementName.allCases.filter(\.isTablePart).map(\.name)) == XHTMLConverter.tableElements)
        #expect(HTMLElementName(lowercasedName: "span") == nil && HTMLElementName(lowercasedName: "P") == nil)
    }
}
