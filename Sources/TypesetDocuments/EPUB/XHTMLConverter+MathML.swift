import TypesetCore

/// MathML: each `<math>` element becomes one object of the text, a ``MathFormula`` attached to one U+FFFC unit, which
/// the layout sets as mathematics (MathML Core) with a math font. A displayed formula (`display="block"`, or CSS
/// `display: block`) is a centred paragraph of its own. What the formula reads as (search, read-aloud) is its
/// `alttext`, else the text of its tokens.
///
/// The element tree is copied into the formula's flat form with an explicit stack (no recursion on the markup's
/// depth). What MathML Core does not display is left out: `annotation` and `annotation-xml`, the other children of
/// `semantics` and `maction`, the label of `mlabeledtr`; the legacy `mfenced` becomes the row of fences and
/// separators it stands for.
extension XHTMLConverter {
    /// Handles an element of the MathML namespace: a `math` element is a formula; another one outside any (stray
    /// markup) gives its text.
    mutating func walkMath(_ path: ElementPath, name: String, block: BlockContext, inline: InlineContext) {
        guard name == "math" else {
            walkChildren(path, block: block, inline: inline)
            return
        }
        let element = path.element
        let display = element.attribute("display")?.lowercased() == "block" || inline.style.display == .block
        let formula = Self.formula(element, isDisplay: display, fontFamilies: inline.style.fontFamilies ?? [])
        let attachment = TextAttachment(formula: formula, presentation: display ? .block : .inline)
        guard display else {
            appendUnits([0xFFFC], block: block, inline: inline, attachment: attachment)
            recordElementUnits(count: 1)
            onlyImages = false
            return
        }
        // A displayed formula: a centred paragraph of its own, between the text before and after it, half a line
        // above and below (TeX's display skips are about that).
        flushParagraph()
        noteSpace(Self.displayMathSpace, fromPublisher: false, book: nil, spaced: false)
        var displayBlock = block
        displayBlock.style.alignment = .center
        displayBlock.style.textIndent = 0
        displayBlock.style.alignmentFromRoot = false
        appendUnits([0xFFFC], block: displayBlock, inline: inline, attachment: attachment)
        recordElementUnits(count: 1)
        onlyImages = false
        flushParagraph()
        noteSpace(Self.displayMathSpace, fromPublisher: false, book: nil, spaced: false)
        // The words after it go on with the paragraph (CSS's anonymous block after a block-level child).
        pendingContinuation = true
    }

    /// The space above and below a displayed formula, in ems.
    static let displayMathSpace = 0.5

    /// One thing to add to a formula: an element and its subtree, or an operator `mfenced` stands for.
    private enum MathItem {
        case element(XMLElement)
        case fence(String, attributes: [(name: String, value: String)])
    }

    /// The formula of a `math` element: its subtree copied with an explicit stack.
    static func formula(_ math: XMLElement, isDisplay: Bool, fontFamilies: [String]) -> MathFormula {
        var builder = MathFormula.Builder()
        // Each open element and the items of it still to add.
        var stack: [(items: [MathItem], next: Int)] = []
        func enter(_ element: XMLElement) {
            let isMathML = element.namespace == XMLNamespace.mathml
            let name = isMathML ? element.lowercasedName : "mtext"
            if isMathML && name == "mfenced" {
                builder.open("mrow")
                stack.append((fencedItems(element), 0))
                return
            }
            builder.open(name, attributes: mathAttributes(element))
            if MathFormula.Element(name: name).isToken || !isMathML {
                builder.appendText(tokenText(element))
                stack.append(([], 0))
            } else {
                stack.append((displayedChildren(element).map { .element($0) }, 0))
            }
        }
        enter(math)
        while !stack.isEmpty {
            let top = stack.count - 1
            guard stack[top].next < stack[top].items.count else {
                stack.removeLast()
                builder.close()
                continue
            }
            let item = stack[top].items[stack[top].next]
            stack[top].next += 1
            guard !builder.isFull else { continue }
            switch item {
            case .element(let child): enter(child)
            case .fence(let text, let attributes):
                builder.open("mo", attributes: attributes)
                builder.appendText(text)
                builder.close()
            }
        }
        return builder.build(altText: math.attribute("alttext").map(XMLElement.collapseWhiteSpace),
                             isDisplay: isDisplay, fontFamilies: fontFamilies)
    }

    /// The children of an element that MathML Core displays.
    private static func displayedChildren(_ element: XMLElement) -> [XMLElement] {
        let children = element.elements.filter { child in
            let name = child.lowercasedName
            return !(child.namespace == XMLNamespace.mathml && (name == "annotation" || name == "annotation-xml"))
        }
        switch element.lowercasedName {
        case "semantics": return Array(children.prefix(1))
        case "maction":
            let selection = element.attribute("selection").flatMap { Int($0.trimmingWhiteSpace()) } ?? 1
            return children.indices.contains(selection - 1) ? [children[selection - 1]] : Array(children.prefix(1))
        case "mlabeledtr": return Array(children.dropFirst())
        default: return children
        }
    }

    /// What `mfenced open="(" close=")" separators=","` stands for (MathML 3): its fences around its children,
    /// separators between them (the last one repeated).
    private static func fencedItems(_ element: XMLElement) -> [MathItem] {
        let open = element.attribute("open") ?? "(", close = element.attribute("close") ?? ")"
        let separators = (element.attribute("separators") ?? ",").unicodeScalars
            .filter { !$0.properties.isWhitespace }.map { String(Character($0)) }
        var items: [MathItem] = []
        if !open.isEmpty { items.append(.fence(open, attributes: [("fence", "true"), ("form", "prefix")])) }
        for (index, child) in displayedChildren(element).enumerated() {
            if index > 0, !separators.isEmpty {
                items.append(.fence(separators[min(index - 1, separators.count - 1)], attributes: [("separator", "true")]))
            }
            items.append(.element(child))
        }
        if !close.isEmpty { items.append(.fence(close, attributes: [("fence", "true"), ("form", "postfix")])) }
        return items
    }

    /// The attributes layout reads, colours normalised to `#rrggbbaa` (CSS colour syntax, as MathML's are).
    private static func mathAttributes(_ element: XMLElement) -> [(name: String, value: String)] {
        element.attributes.compactMap { attribute in
            guard attribute.namespace == nil else { return nil }
            let name = attribute.name.lowercased()
            if name == "mathcolor" || name == "color" {
                guard let color = CSSColor.parse(attribute.value.trimmingWhiteSpace().lowercased()) else { return nil }
                return (name, color.hexString)
            }
            return (name, attribute.value)
        }
    }

    /// The text of a token element and everything inside it (HTML in `mtext`; an `mglyph`'s `alt`), in order,
    /// walked with a stack.
    static func tokenText(_ element: XMLElement) -> String {
        var result = ""
        var stack: [(nodes: [XMLNode], next: Int)] = [(element.children, 0)]
        while !stack.isEmpty {
            let top = stack.count - 1
            guard stack[top].next < stack[top].nodes.count else { stack.removeLast(); continue }
            let node = stack[top].nodes[stack[top].next]
            stack[top].next += 1
            switch node {
            case .text(let text): result += text
            case .element(let child):
                if child.lowercasedName == "mglyph" { result += child.attribute("alt") ?? "" }
                else { stack.append((child.children, 0)) }
            }
        }
        return result
    }
}

extension Color {
    /// `#rrggbbaa`.
    var hexString: String {
        func hex(_ value: UInt8) -> String { (value < 16 ? "0" : "") + String(value, radix: 16) }
        return "#" + hex(red) + hex(green) + hex(blue) + hex(alpha)
    }
}
