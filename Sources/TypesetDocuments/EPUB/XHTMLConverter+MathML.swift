/// MathML laid out as far as text goes: token elements give their text (single-letter identifiers in italic, as
/// MathML draws them), scripts are raised or lowered and set smaller, as `<sup>` and `<sub>` are, fractions read
/// `a/b`, fences and roots get their characters, relations and binary operators a space on each side. White space
/// between elements is not text (MathML ignores it), and annotations are left out. Enough for inline formulas in
/// running text; two-dimensional layout (stacked fractions, matrices, stretched fences) is not attempted.
extension XHTMLConverter {
    /// Operators set with a space on each side when they stand between two operands.
    static let spacedOperators: Set<String> = ["=", "+", "-", "\u{2212}", "\u{00D7}", "\u{00B1}", "<", ">", "\u{2264}",
                                               "\u{2265}", "\u{2260}", "\u{2248}", "\u{2261}", "\u{2192}", "\u{21D2}",
                                               "\u{2208}", "\u{2282}", "\u{00F7}", "\u{22C5}", "\u{2223}"]

    /// Elements whose text is content (the rest hold only elements and white space).
    static let mathTokens: Set<String> = ["mi", "mn", "mo", "mtext", "ms", "mglyph"]

    /// Walks a MathML element (`inline` already resolved for it).
    mutating func walkMath(_ path: ElementPath, name: String, block: BlockContext, inline: InlineContext) {
        let element = path.element
        var inline = inline
        let children = path.childPaths()
        switch name {
        case "math":
            // A formula with no text of its own (images, empty) is read as its alternative text.
            if element.textContent.trimmingWhiteSpace().isEmpty, let alt = element.attribute("alttext") {
                appendText(alt, block: block, inline: inline)
            } else {
                walkMathChildren(path, block: block, inline: inline)
            }
        case "annotation", "annotation-xml", "none", "mprescripts":
            return
        case "semantics":
            if let first = children.first { handle(first, block: block, inline: inline) }
        case "mi":
            let variant = element.attribute("mathvariant")?.lowercased()
            if variant == nil, element.textContent.trimmingWhiteSpace().count == 1 { inline.style.italic = true }
            if let variant, variant.contains("italic") { inline.style.italic = true }
            if let variant, variant.contains("bold") { inline.style.weight = 700 }
            walkMathChildren(path, block: block, inline: inline)
        case "mo":
            let text = element.textContent.trimmingWhiteSpace()
            // A sign before its operand (the minus of `-x`) takes no space after it.
            let spaced = Self.spacedOperators.contains(text) && path.previousSibling != nil
            if spaced { pendingSpace = true }
            walkMathChildren(path, block: block, inline: inline)
            if spaced { pendingSpace = true }
        case "ms":
            appendMathText("\"", block: block, inline: inline)
            walkMathChildren(path, block: block, inline: inline)
            appendMathText("\"", block: block, inline: inline)
        case "mspace":
            pendingSpace = true
        case "mfenced":
            let open = element.attribute("open") ?? "(", close = element.attribute("close") ?? ")"
            let separators = Array((element.attribute("separators") ?? ",").filter { !$0.isWhitespace })
            appendMathText(open, block: block, inline: inline)
            for (index, child) in children.enumerated() {
                if index > 0, !separators.isEmpty {
                    appendMathText(String(separators[min(index - 1, separators.count - 1)]), block: block, inline: inline)
                }
                handle(child, block: block, inline: inline)
            }
            appendMathText(close, block: block, inline: inline)
        case "mfrac" where children.count == 2:
            walkGrouped(children[0], block: block, inline: inline)
            appendMathText("/", block: block, inline: inline)
            walkGrouped(children[1], block: block, inline: inline)
        case "msqrt":
            appendMathText("\u{221A}", block: block, inline: inline)
            let compound = children.count > 1 || children.first.map { Self.isCompound($0.element) } == true
            if compound { appendMathText("(", block: block, inline: inline) }
            for child in children { handle(child, block: block, inline: inline) }
            if compound { appendMathText(")", block: block, inline: inline) }
        case "mroot" where children.count == 2:
            handle(children[1], block: block, inline: Self.script(inline, raised: true))
            appendMathText("\u{221A}", block: block, inline: inline)
            walkGrouped(children[0], block: block, inline: inline)
        case "msup", "mover", "msub", "munder", "msubsup", "munderover", "mmultiscripts":
            // The base, then its scripts: below for msub/munder, above for msup/mover, below then above for
            // msubsup/munderover (mmultiscripts' pairs alike).
            let raisedFirst = name == "msup" || name == "mover"
            for (index, child) in children.enumerated() {
                if index == 0 { handle(child, block: block, inline: inline); continue }
                let raised = raisedFirst || (name != "msub" && name != "munder" && index % 2 == 0)
                handle(child, block: block, inline: Self.script(inline, raised: raised))
            }
        default:
            walkMathChildren(path, block: block, inline: inline)
        }
    }

    /// The children of a MathML element: text only in token elements, every element walked.
    private mutating func walkMathChildren(_ path: ElementPath, block: BlockContext, inline: InlineContext) {
        let isToken = Self.mathTokens.contains(path.element.lowercasedName)
        var elementIndex = 0
        var childPaths: [ElementPath]?
        for child in path.element.children {
            switch child {
            case .text(let text):
                let trimmed = text.trimmingWhiteSpace()
                if isToken, !trimmed.isEmpty { appendMathText(trimmed, block: block, inline: inline) }
            case .element:
                if childPaths == nil { childPaths = path.childPaths() }
                guard let paths = childPaths, elementIndex < paths.count else { continue }
                handle(paths[elementIndex], block: block, inline: inline)
                elementIndex += 1
            }
        }
    }

    /// A part of a fraction or root: in parentheses when it is more than one token, so that `a+b/c` is not read
    /// for `(a+b)/c`.
    private mutating func walkGrouped(_ path: ElementPath, block: BlockContext, inline: InlineContext) {
        let compound = Self.isCompound(path.element)
        if compound { appendMathText("(", block: block, inline: inline) }
        handle(path, block: block, inline: inline)
        if compound { appendMathText(")", block: block, inline: inline) }
    }

    private mutating func appendMathText(_ text: String, block: BlockContext, inline: InlineContext) {
        appendUnits(Array(text.utf16), block: block, inline: inline)
    }

    /// Whether an element reads as more than one token (a row of several elements).
    static func isCompound(_ element: XMLElement) -> Bool {
        let elements = element.elements.filter { !["annotation", "annotation-xml"].contains($0.lowercasedName) }
        if elements.count > 1 { return ["mrow", "mstyle", "mpadded", "mphantom", "semantics", "math"].contains(element.lowercasedName) }
        return elements.first.map(isCompound) ?? false
    }

    /// The context of a script: three quarters of the size, raised a third of an em or lowered a fifth, as
    /// `<sup>` and `<sub>` are.
    static func script(_ inline: InlineContext, raised: Bool) -> InlineContext {
        var script = inline
        script.style.baselineShift += (raised ? 1.0 / 3 : -0.2) * inline.style.fontScale
        script.style.fontScale = max(0.5, inline.style.fontScale * 0.75)
        return script
    }
}
