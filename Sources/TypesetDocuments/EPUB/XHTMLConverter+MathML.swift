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
        let formula = styledFormula(path, isDisplay: display, style: inline.style)
        let attachment = TextAttachment(formula: formula, presentation: display ? .block : .inline)
        // The formula paints the math element's own background over its box (MathStyles); the unit's run does not
        // fill its line as well.
        var inline = inline
        if publisherStyles { inline.style.backgroundColor = nil }
        guard display else {
            appendUnits([0xFFFC], block: block, inline: inline, attachment: attachment)
            recordElementUnits(count: 1)
            onlyImages = false
            return
        }
        // A displayed formula: a centred paragraph of its own, between the text before and after it, half a line
        // above and below (TeX's display skips are about that).
        flushParagraph()
        noteSpace(Self.displayMathSpace, fromPublisher: false, book: nil, of: nil)
        var displayBlock = block
        displayBlock.style.alignment = .center
        displayBlock.style.clearTextIndent()
        displayBlock.style.alignmentFromRoot = false
        appendUnits([0xFFFC], block: displayBlock, inline: inline, attachment: attachment)
        recordElementUnits(count: 1)
        onlyImages = false
        flushParagraph()
        noteSpace(Self.displayMathSpace, fromPublisher: false, book: nil, of: nil)
        // The words after it go on with the paragraph (CSS's anonymous block after a block-level child).
        pendingContinuation = true
    }

    /// The space above and below a displayed formula, in ems.
    static let displayMathSpace = 0.5

    /// The formula of a book's `math` element, with what the book's CSS gives its elements. Not mutating: the
    /// cascade's closure holds a copy of the converter only until the formula is made (a copy still held when
    /// the converter next appends would copy its text).
    private func styledFormula(_ path: ElementPath, isDisplay: Bool, style: ComputedStyle) -> MathFormula {
        let styles = MathStyles(root: style, publisherStyles: publisherStyles) { path, parent in
            self.resolveStyle(path, parent: parent)
        }
        return Self.formula(path, isDisplay: isDisplay, fontFamilies: style.fontFamilies ?? [], styles: styles)
    }

    /// One thing to add to a formula: an element and its subtree, or an operator `mfenced` stands for.
    private enum MathItem {
        case element(ElementPath)
        case fence(String, attributes: [(name: String, value: String)])
    }

    /// The formula of a `math` element: its subtree copied with an explicit stack, with what the book's CSS gives
    /// each element when `styles` is given (see ``MathStyles``).
    static func formula(_ math: ElementPath, isDisplay: Bool, fontFamilies: [String], styles: MathStyles? = nil) -> MathFormula {
        var builder = MathFormula.Builder()
        // Each open element, the items of it still to add, and its computed style (with `styles`).
        var stack: [(items: [MathItem], next: Int, style: ComputedStyle?)] = []
        func enter(_ path: ElementPath) {
            let element = path.element
            let isMathML = element.namespace == XMLNamespace.mathml
            let name = isMathML ? element.lowercasedName : "mtext"
            let parentStyle = stack.last?.style
            let style = stack.isEmpty ? styles?.root : parentStyle.flatMap { parent in styles.map { $0.resolve(path, parent) } }
            if isMathML && name == "mfenced" {
                builder.open("mrow")
                stack.append((fencedItems(path), 0, style))
                return
            }
            let css = style.map { styles?.attributes(of: element, style: $0, parent: parentStyle) ?? [] } ?? []
            // With the cascade, an element's own colour is in its style already (a hint the book's CSS overrides).
            let own = mathAttributes(element).filter { own in
                !css.contains { $0.name == own.name } && !(style != nil && (own.name == "mathcolor" || own.name == "color"))
            }
            builder.open(name, attributes: css + own)
            if let style, let styles { builder.setBoxStyle(styles.boxStyle(style)) }
            if MathFormula.Element(name: name).isToken || !isMathML {
                builder.appendText(tokenText(element))
                stack.append(([], 0, style))
            } else {
                stack.append((displayedChildren(path).map { .element($0) }, 0, style))
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
        return builder.build(altText: math.element.attribute("alttext").map(XMLElement.collapseWhiteSpace),
                             isDisplay: isDisplay, fontFamilies: fontFamilies)
    }

    /// The children of an element that MathML Core displays.
    private static func displayedChildren(_ path: ElementPath) -> [ElementPath] {
        let element = path.element
        let children = path.childPaths().filter { childPath in
            let child = childPath.element, name = child.lowercasedName
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
    private static func fencedItems(_ path: ElementPath) -> [MathItem] {
        let element = path.element
        let open = element.attribute("open") ?? "(", close = element.attribute("close") ?? ")"
        let separators = (element.attribute("separators") ?? ",").unicodeScalars
            .filter { !$0.properties.isWhitespace }.map { String(Character($0)) }
        var items: [MathItem] = []
        if !open.isEmpty { items.append(.fence(open, attributes: [("fence", "true"), ("form", "prefix")])) }
        for (index, child) in displayedChildren(path).enumerated() {
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
            if name == "mathcolor" || name == "color" || name == "mathbackground" || name == "background" {
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
