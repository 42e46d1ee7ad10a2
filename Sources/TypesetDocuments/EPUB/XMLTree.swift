/// An element of a parsed XML document, copied out of libxml2 by ``LibXMLReader`` so that no C pointer
/// outlives the parse.
///
/// Names are local names; namespaces are URIs. Text nodes keep their characters exactly (white space
/// included); comments and processing instructions are dropped.
final class XMLElement: Sendable {
    /// The local name (`p`, `rootfile`, `navPoint`).
    let name: String
    /// The namespace URI, or nil.
    let namespace: String?
    /// Attributes in document order.
    let attributes: [XMLAttribute]
    /// Child nodes in document order.
    let children: [XMLNode]
    /// The line of the start tag in the source (1-based), for messages.
    let line: Int
    /// The local name in lower case, and the `id` and class names: what style matching asks for every element
    /// and every rule, computed once.
    let lowercasedName: String
    let id: String?
    let classNames: [Substring]

    /// The element's name as the XHTML converter knows it (``HTMLElementName``), nil for another name.
    let htmlName: HTMLElementName?

    convenience init(name: String, namespace: String?, attributes: [XMLAttribute], children: [XMLNode], line: Int) {
        let lowercasedName = name.lowercased()
        self.init(name: name, lowercasedName: lowercasedName, htmlName: HTMLElementName(lowercasedName: lowercasedName),
                  namespace: namespace, attributes: attributes, children: children, line: line)
    }

    /// An element whose name in lower case and ``htmlName`` are known already (the parser works them out once a
    /// distinct name); `htmlName` must be `HTMLElementName(lowercasedName: lowercasedName)`.
    init(name: String, lowercasedName: String, htmlName: HTMLElementName?, namespace: String?, attributes: [XMLAttribute],
         children: [XMLNode], line: Int) {
        self.name = name; self.namespace = namespace; self.attributes = attributes; self.children = children
        self.line = line
        self.lowercasedName = lowercasedName
        self.htmlName = htmlName
        id = attributes.first { $0.name == "id" && ($0.namespace == nil || $0.namespace == XMLNamespace.xml) }?.value
        classNames = attributes.first { $0.name == "class" && $0.namespace == nil }.map { Self.classNames(of: $0.value) } ?? []
    }

    /// The class names in a `class` value: its runs between XML white space (space, tab, LF, CR). Read as UTF-8
    /// bytes, the separators being ASCII: the generic `split` over characters cost about 2,000 instructions an
    /// element with a class, as much as the rest of copying it out of libxml2.
    static func classNames(of value: String) -> [Substring] {
        var names: [Substring] = []
        let utf8 = value.utf8
        var start: String.Index?
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                if let first = start { names.append(value[first..<index]); start = nil }
            } else if start == nil {
                start = index
            }
            index = utf8.index(after: index)
        }
        if let first = start { names.append(value[first..<utf8.endIndex]) }
        return names
    }

    /// The element with `className` added to its classes (its children shared): a class the reading system gives
    /// it, as EPUB Media Overlays' playback-active class on a document's root.
    func addingClass(_ className: String) -> XMLElement {
        var attributes = self.attributes
        if let index = attributes.firstIndex(where: { $0.name == "class" && $0.namespace == nil }) {
            attributes[index] = XMLAttribute(name: "class", namespace: nil, value: attributes[index].value + " " + className)
        } else {
            attributes.append(XMLAttribute(name: "class", namespace: nil, value: className))
        }
        return XMLElement(name: name, namespace: namespace, attributes: attributes, children: children, line: line)
    }

    /// The value of the attribute with this local name and namespace (nil namespace: no namespace).
    func attribute(_ name: String, namespace: String? = nil) -> String? {
        attributes.first { $0.name == name && $0.namespace == namespace }?.value
    }

    /// The value of the first attribute with this local name, in any namespace.
    func attribute(anyNamespace name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// The child elements, in order.
    var elements: [XMLElement] {
        children.compactMap { if case .element(let element) = $0 { element } else { nil } }
    }

    /// Pushes the child elements onto `stack` last first, so that popping it walks them in document order; no
    /// array of the children made (``elements``), which a walk over every element of a chapter did per element.
    func pushChildElementsReversed(onto stack: inout [XMLElement]) {
        for child in children.reversed() {
            if case .element(let element) = child { stack.append(element) }
        }
    }

    /// The child elements with this local name.
    func elements(named name: String) -> [XMLElement] { elements.filter { $0.name == name } }

    /// The first child element with this local name.
    func firstElement(named name: String) -> XMLElement? {
        for child in children { if case .element(let element) = child, element.name == name { return element } }
        return nil
    }

    /// Every descendant element (depth first, document order) with this local name.
    func descendants(named name: String) -> [XMLElement] {
        var result: [XMLElement] = []
        var stack: [XMLElement] = [self]
        while let element = stack.popLast() {
            if element !== self, element.name == name { result.append(element) }
            element.pushChildElementsReversed(onto: &stack)
        }
        return result
    }

    /// All text below this element, concatenated.
    var textContent: String {
        var result = ""
        var stack = children.reversed() as [XMLNode]
        while let node = stack.popLast() {
            switch node {
            case .text(let text): result += text
            case .element(let element): stack.append(contentsOf: element.children.reversed())
            }
        }
        return result
    }

    /// ``textContent`` with runs of XML white space collapsed to one space and trimmed (labels, titles).
    var collapsedText: String { XMLElement.collapseWhiteSpace(textContent) }

    /// Collapses runs of XML white space (space, tab, CR, LF) to one space and trims both ends.
    static func collapseWhiteSpace(_ string: String) -> String {
        var result = ""
        var pendingSpace = false
        for scalar in string.unicodeScalars {
            if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.unicodeScalars.append(" "); pendingSpace = false }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// An attribute of an ``XMLElement``.
struct XMLAttribute: Sendable {
    /// The local name.
    let name: String
    /// The namespace URI (`http://www.w3.org/XML/1998/namespace` for `xml:lang`), or nil.
    let namespace: String?
    /// The value, with character references resolved.
    let value: String
}

/// A child of an ``XMLElement``.
enum XMLNode: Sendable {
    /// An element.
    case element(XMLElement)
    /// Character data (text or CDATA).
    case text(String)
}

/// Namespace URIs the EPUB readers compare against.
enum XMLNamespace {
    static let xml = "http://www.w3.org/XML/1998/namespace"
    static let xhtml = "http://www.w3.org/1999/xhtml"
    static let ops = "http://www.idpf.org/2007/ops"
    static let opf = "http://www.idpf.org/2007/opf"
    static let dc = "http://purl.org/dc/elements/1.1/"
    static let container = "urn:oasis:names:tc:opendocument:xmlns:container"
    static let ncx = "http://www.daisy.org/z3986/2005/ncx/"
    static let svg = "http://www.w3.org/2000/svg"
    static let mathml = "http://www.w3.org/1998/Math/MathML"
    static let xlink = "http://www.w3.org/1999/xlink"

    /// All of the above (the parser gives an element these strings themselves: see `LibXMLReader`).
    static let wellKnown = [xhtml, ops, svg, mathml, xlink, xml, opf, dc, container, ncx]
}
