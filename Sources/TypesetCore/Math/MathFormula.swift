/// A MathML formula (a `<math>` element) as the text model holds it: one object of the text, attached to its one
/// U+FFFC unit (``TextAttachment/formula``), laid out as mathematics by MathML Core's rules when the text is shaped
/// and drawn with a math font (OpenType MATH).
///
/// The element tree is stored flat, in document order (a node, then its subtree): each node knows where its subtree
/// ends, so that every pass over the tree is a loop over an array and none recurses, whatever the depth of the
/// markup. A document reader builds it with ``Builder``; only what layout needs is kept: presentation elements,
/// their attributes, and the text of token elements (annotations and the other children of `semantics` and
/// `maction` are left out by the reader, as MathML Core does not display them).
public final class MathFormula: Sendable, Hashable, CustomStringConvertible {
    /// A presentation element (MathML Core's, and the legacy ones books still use).
    public enum Element: UInt8, Sendable, CaseIterable {
        case math, mrow, mi, mn, mo, mtext, ms, mspace, mfrac, msqrt, mroot, msub, msup, msubsup, munder, mover,
             munderover, mmultiscripts, mprescripts, none, mtable, mtr, mtd, mpadded, mphantom, mstyle, menclose,
             merror
        /// Any other element (`maction`, `semantics` after the reader kept its first child, an unknown name): laid out
        /// as an `mrow`.
        case other

        /// The element for a local name (lower-cased), ``other`` for an unknown one.
        public init(name: String) {
            switch name {
            case "math": self = .math
            case "mrow", "a": self = .mrow
            case "mi": self = .mi
            case "mn": self = .mn
            case "mo": self = .mo
            case "mtext": self = .mtext
            case "ms": self = .ms
            case "mspace": self = .mspace
            case "mfrac": self = .mfrac
            case "msqrt": self = .msqrt
            case "mroot": self = .mroot
            case "msub": self = .msub
            case "msup": self = .msup
            case "msubsup": self = .msubsup
            case "munder": self = .munder
            case "mover": self = .mover
            case "munderover": self = .munderover
            case "mmultiscripts": self = .mmultiscripts
            case "mprescripts": self = .mprescripts
            case "none": self = .none
            case "mtable": self = .mtable
            case "mtr", "mlabeledtr": self = .mtr
            case "mtd": self = .mtd
            case "mpadded": self = .mpadded
            case "mphantom": self = .mphantom
            case "mstyle": self = .mstyle
            case "menclose": self = .menclose
            case "merror": self = .merror
            default: self = .other
            }
        }

        /// Whether the element's content is text (a token element).
        public var isToken: Bool {
            switch self {
            case .mi, .mn, .mo, .mtext, .ms: true
            default: false
            }
        }
    }

    /// One element of the tree.
    struct Node: Sendable {
        var element: Element
        /// The index of the parent (-1 for the root).
        var parent: Int32
        /// The index just past the node's subtree (its descendants are the nodes between it and here).
        var end: Int32
        /// Its attributes: `attributes[attributeRange]`.
        var attributeRange: Range<Int32>
        /// Its text (token elements): `text[textRange]`, white space already collapsed and trimmed.
        var textRange: Range<Int32>
    }

    let nodes: [Node]
    /// Attribute names (lower-cased) and values of every node, node after node.
    let attributes: [(name: String, value: String)]
    /// The text of every token element, one after the other (UTF-16).
    let text: [UInt16]
    /// The formula's alternative text (MathML's `alttext`), if it gives one.
    public let altText: String?
    /// Whether the formula is displayed (`display="block"`): a block of its own, in display style.
    public let isDisplay: Bool
    /// The families the book's styles ask for the formula (CSS `font-family` of the `math` element), in order: the
    /// first that has an OpenType MATH table sets it; the bundled math font otherwise.
    public let fontFamilies: [String]
    /// The CSS padding and borders of the elements that have any (``BoxStyle``), by node.
    let boxStyles: [Int32: BoxStyle]

    /// The number of elements in the tree.
    public var elementCount: Int { nodes.count }

    private init(nodes: [Node], attributes: [(name: String, value: String)], text: [UInt16], altText: String?,
                 isDisplay: Bool, fontFamilies: [String], boxStyles: [Int32: BoxStyle]) {
        self.nodes = nodes; self.attributes = attributes; self.text = text
        self.altText = altText; self.isDisplay = isDisplay; self.fontFamilies = fontFamilies; self.boxStyles = boxStyles
    }

    /// The value of attribute `name` (lower-case) of node `index`, if it has it.
    func attribute(_ name: String, of index: Int) -> String? {
        let range = nodes[index].attributeRange
        for i in Int(range.lowerBound)..<Int(range.upperBound) where attributes[i].name == name { return attributes[i].value }
        return nil
    }

    /// The text of node `index` (empty for elements that are not tokens).
    func text(of index: Int) -> ArraySlice<UInt16> {
        let range = nodes[index].textRange
        return text[Int(range.lowerBound)..<Int(range.upperBound)]
    }

    /// The children of node `index`, in order.
    func children(of index: Int) -> [Int] {
        var result: [Int] = []
        var child = index + 1
        let end = Int(nodes[index].end)
        while child < end {
            result.append(child)
            child = Int(nodes[child].end)
        }
        return result
    }

    /// What the formula reads as, for search and read-aloud: its ``altText`` when it has one, else the text of its
    /// tokens in order, a space between two tokens (`x = a + b 2` for x = a + b²).
    public var readableText: String {
        if let altText, !altText.allSatisfy(\.isWhitespace) { return altText }
        var units: [UInt16] = []
        for node in nodes where node.element.isToken && !node.textRange.isEmpty {
            if !units.isEmpty { units.append(0x20) }
            units.append(contentsOf: text[Int(node.textRange.lowerBound)..<Int(node.textRange.upperBound)])
        }
        return String(decoding: units, as: UTF16.self)
    }

    public var description: String { "MathFormula(\(nodes.count) elements: \(readableText.oneLine(limit: 60)))" }

    public static func == (a: MathFormula, b: MathFormula) -> Bool {
        a === b || (a.altText == b.altText && a.isDisplay == b.isDisplay && a.fontFamilies == b.fontFamilies
            && a.text == b.text && a.nodes.count == b.nodes.count
            && zip(a.nodes, b.nodes).allSatisfy { $0.element == $1.element && $0.end == $1.end && $0.textRange == $1.textRange }
            && a.boxStyles == b.boxStyles && a.attributes.count == b.attributes.count
            && zip(a.attributes, b.attributes).allSatisfy { $0.name == $1.name && $0.value == $1.value })
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(nodes.count); hasher.combine(text); hasher.combine(altText); hasher.combine(isDisplay)
    }
}

extension MathFormula {
    /// Builds a formula element by element, in document order: ``open(_:attributes:)`` an element, add its text
    /// and children, ``close()`` it. Elements left open are closed by ``build(altText:isDisplay:fontFamilies:)``.
    public struct Builder: Sendable {
        private var nodes: [Node] = []
        private var attributes: [(name: String, value: String)] = []
        private var text: [UInt16] = []
        /// The open elements, innermost last.
        private var open: [Int] = []

        /// The most elements a formula holds; a larger one is cut there (what is past it is dropped, the tree
        /// stays well formed). Layout is linear in the count; the limit keeps one formula from holding a book.
        public static let maximumElementCount = 100_000

        /// An empty builder.
        public init() {}

        /// Whether the formula has reached ``maximumElementCount``.
        public var isFull: Bool { nodes.count >= Self.maximumElementCount }

        /// The number of elements open.
        public var depth: Int { open.count }

        /// Opens an element: its `name` (a MathML local name, any case) and attributes (names any case). The first
        /// element opened is the root (a `math`); an element opened after the root was closed, or past the limit,
        /// is ignored, and so is its matching ``close()``: the builder counts it.
        public mutating func open(_ name: String, attributes list: [(name: String, value: String)] = []) {
            guard !isFull, nodes.isEmpty || !open.isEmpty else { ignored += 1; return }
            let start = Int32(attributes.count)
            for attribute in list { attributes.append((attribute.name.lowercased(), attribute.value)) }
            let index = nodes.count
            nodes.append(Node(element: Element(name: name.lowercased()), parent: Int32(open.last ?? -1),
                              end: Int32(index + 1), attributeRange: start..<Int32(attributes.count),
                              textRange: Int32(text.count)..<Int32(text.count)))
            open.append(index)
        }

        /// Elements opened but ignored (see ``open(_:attributes:)``), whose closes are ignored too.
        private var ignored = 0

        private var boxStyles: [Int32: BoxStyle] = [:]

        /// Gives the element just opened its CSS padding and borders (ignored when it was ignored, or when they
        /// take no room and draw nothing).
        package mutating func setBoxStyle(_ style: BoxStyle) {
            guard ignored == 0, let index = open.last, nodes.count == index + 1, !style.isEmpty else { return }
            boxStyles[Int32(index)] = style
        }

        /// Appends text to the innermost open element when it is a token element (`mi`, `mn`, `mo`, `mtext`,
        /// `ms`); other elements hold no text (MathML ignores the white space between elements). White space is
        /// collapsed to one space and trimmed at the token's ends, as MathML Core's text is.
        public mutating func appendText(_ string: String) {
            guard ignored == 0, let index = open.last, nodes[index].element.isToken, nodes.count == index + 1 else { return }
            let start = Int(nodes[index].textRange.lowerBound)
            for unit in string.utf16 {
                let isSpace = unit == 0x20 || unit == 0x09 || unit == 0x0A || unit == 0x0D
                if isSpace {
                    if text.count > start, text.last != 0x20 { text.append(0x20) }
                } else {
                    text.append(unit)
                }
            }
            nodes[index].textRange = Int32(start)..<Int32(text.count)
        }

        /// Closes the innermost open element.
        public mutating func close() {
            if ignored > 0 { ignored -= 1; return }
            guard let index = open.popLast() else { return }
            // A token's trailing space goes.
            let range = nodes[index].textRange
            if nodes[index].element.isToken, range.upperBound > range.lowerBound, text.last == 0x20,
               Int(range.upperBound) == text.count {
                text.removeLast()
                nodes[index].textRange = range.lowerBound..<(range.upperBound - 1)
            }
            nodes[index].end = Int32(nodes.count)
        }

        /// The formula. An empty builder makes a formula of one empty `math` element.
        public mutating func build(altText: String? = nil, isDisplay: Bool = false, fontFamilies: [String] = []) -> MathFormula {
            while !open.isEmpty { close() }
            ignored = 0
            if nodes.isEmpty {
                nodes.append(Node(element: .math, parent: -1, end: 1, attributeRange: 0..<0, textRange: 0..<0))
            }
            return MathFormula(nodes: nodes, attributes: attributes, text: text, altText: altText, isDisplay: isDisplay,
                               fontFamilies: fontFamilies, boxStyles: boxStyles)
        }
    }
}
