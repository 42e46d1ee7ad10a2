import TypesetCore

/// The plain-text projection of one spine item, with its paragraphs, styles, anchors and images, in offsets
/// local to the item (UTF-16 units from the item's start).
struct SpineItemText: Sendable {
    /// One paragraph: its units are `units[start..<start + length]`, content first, then the `\n` that ends it.
    struct ParagraphDraft: Sendable {
        var start: Int
        var length: Int
        var contentLength: Int
        /// Runs relative to the paragraph's start.
        var runs: [AttributeRun]
        var style: ParagraphStyle
    }

    /// An image's placeholder (U+FFFC) and what is known of the image.
    struct ImageDraft: Sendable {
        var offset: Int
        /// The image's entry path inside the book, nil for an external or unresolvable source.
        var path: String?
        var altText: String?
    }

    /// Every unit of the item: blocks, each ended by `\n`.
    var units: [UInt16] = []
    var paragraphs: [ParagraphDraft] = []
    /// Local offsets of element ids (the first unit of content at or after the element's start).
    var anchors: [String: Int] = [:]
    var images: [ImageDraft] = []
}

/// Turns one XHTML document into a ``SpineItemText``.
///
/// **The projection depends only on the XHTML.** Which units exist, where paragraphs break and where every id
/// lands is decided by elements and text alone, never by CSS or reader settings, so positions stay valid
/// whatever the styles. CSS changes only how units look: `display: none` keeps the text in the projection
/// as hidden units (``TextStyle/isHidden``: no width, no caret stop), `list-style-type: none` does the same for
/// the list marker,
/// and `display: block` on an inline element does not split a paragraph.
///
/// The text is what a browser would show: white space collapsed (CSS `white-space: normal`), kept in `<pre>`;
/// each block (paragraph, heading, list item, table row, ...) is a paragraph ended by `\n`; `<br>` is
/// U+2028 in a paragraph whose inner line breaks are preserved; an image is U+FFFC; `<hr>` is a centred
/// `———`; list items start with their marker (`•`, `3.`); table cells are joined by ` | `.
struct XHTMLConverter {
    /// The item's entry path, against which links and image sources resolve.
    let path: String
    /// The publisher's style sheets (linked and `<style>`), in document order.
    let sheet: CSSStyleSheet
    /// Whether publisher styles apply (`sheet` and `style` attributes); the built-in sheet always does.
    let publisherStyles: Bool
    /// The book's language: paragraphs in it carry no language of their own.
    let bookLanguage: String?

    private var output = SpineItemText()
    // The paragraph being built.
    private var line: [UInt16] = []
    private var runs: [AttributeRun] = []
    private var paragraphBlock: BlockContext?
    private var pendingSpace = false
    private var pendingSpaceHasNewline = false
    private var lineHasContent = false
    /// Whether the line holds only a list item's marker: a block that starts the item's content continues the
    /// marker's paragraph rather than leaving the marker on a line of its own (a hidden one, with
    /// `list-style: none`, made a line of no size).
    private var lineHoldsOnlyMarker = false
    private var hasLineBreak = false
    private var pendingAnchors: [String] = []
    private var onlyImages = true
    // Between blocks.
    private var pendingMargin = 0.0
    private var pendingMarginFromPublisher = false
    private var pendingBreakBefore = false
    private var rowIndexInTable: [Int] = []
    private var cellIndexInRow = 0
    private var preStartsHere = false

    /// Block-level state passed down the tree.
    struct BlockContext {
        var role: ParagraphRole = .body
        var blockIndent = 0.0
        var direction: WritingDirection?
        var language: String?
        /// The nearest block element's style (alignment, indent).
        var style = ComputedStyle()
        var preformatted = false
        var inTableCell = false
        var listDepth = 0
        var continuesBlock = false
    }

    /// Character-level state passed down the tree.
    struct InlineContext {
        var style = ComputedStyle()
        var language: String?
        var link: String?
    }

    init(path: String, sheet: CSSStyleSheet, publisherStyles: Bool, bookLanguage: String?) {
        self.path = path; self.sheet = sheet; self.publisherStyles = publisherStyles; self.bookLanguage = bookLanguage
    }

    /// Converts the document whose root element is `root` (`<html>`).
    mutating func convert(_ root: XMLElement) -> SpineItemText {
        let rootPath = ElementPath(root: root)
        var block = BlockContext()
        let rootStyle = resolveStyle(rootPath, parent: ComputedStyle())
        block.style = rootStyle
        block.language = language(of: root)
        block.direction = direction(of: root)
        var inline = InlineContext(style: rootStyle, language: block.language, link: nil)
        inline.style = rootStyle
        walkChildren(rootPath, block: block, inline: inline)
        flushParagraph()
        // Anchors after the last content point at the end of the item.
        for anchor in pendingAnchors where output.anchors[anchor] == nil { output.anchors[anchor] = output.units.count }
        pendingAnchors.removeAll()
        return output
    }

    // MARK: Walking

    private enum Category {
        case skip, block, inline, lineBreak, image, horizontalRule, table, tableRow, tableCell, svg, listContainer,
             listItem, switchElement
    }

    private static let skipped: Set<String> = ["head", "script", "style", "title", "template", "noscript", "param",
                                               "source", "track", "rp-hidden", "meta", "link", "base", "datalist"]
    private static let blocks: Set<String> = [
        "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "section", "article", "aside", "header",
        "footer", "nav", "main", "figure", "figcaption", "address", "body", "center", "hgroup", "details", "summary",
        "dl", "dt", "dd", "caption", "form", "fieldset", "legend", "thead", "tbody", "tfoot", "html",
    ]

    private func category(of element: XMLElement) -> Category {
        let namespace = element.namespace
        if namespace == XMLNamespace.svg { return element.name == "svg" ? .svg : .skip }
        if namespace == XMLNamespace.ops { return element.name == "switch" ? .switchElement : .inline }
        guard namespace == nil || namespace == XMLNamespace.xhtml else { return .inline }  // MathML and others: their text
        let name = element.lowercasedName
        if XHTMLConverter.skipped.contains(name) { return .skip }
        switch name {
        case "br": return .lineBreak
        case "img", "image": return .image
        case "hr": return .horizontalRule
        case "table": return .table
        case "tr": return .tableRow
        case "td", "th": return .tableCell
        case "svg": return .svg
        case "ul", "ol", "menu", "dir": return .listContainer
        case "li": return .listItem
        default: return XHTMLConverter.blocks.contains(name) ? .block : .inline
        }
    }

    private mutating func walkChildren(_ path: ElementPath, block: BlockContext, inline: InlineContext) {
        var elementIndex = 0
        var childPaths: [ElementPath]?
        for child in path.element.children {
            switch child {
            case .text(let text):
                appendText(text, block: block, inline: inline)
            case .element:
                if childPaths == nil { childPaths = path.childPaths() }
                guard let paths = childPaths, elementIndex < paths.count else { continue }
                handle(paths[elementIndex], block: block, inline: inline)
                elementIndex += 1
            }
        }
    }

    /// The inline context inside an element: its resolved style and language. Its id is recorded as an anchor at
    /// the current position.
    private mutating func enterInline(_ path: ElementPath, parent: InlineContext) -> InlineContext {
        if let id = path.element.id { pendingAnchors.append(id) }
        var inline = parent
        inline.style = resolveStyle(path, parent: parent.style)
        if let language = language(of: path.element) { inline.language = language }
        return inline
    }

    private mutating func handle(_ path: ElementPath, block parentBlock: BlockContext, inline parentInline: InlineContext) {
        let element = path.element
        let kind = category(of: element)
        if kind == .skip || element.attribute("hidden") != nil { return }
        var inline = enterInline(path, parent: parentInline)
        let style = inline.style
        let name = element.lowercasedName
        if name == "a", let href = element.attribute("href") ?? element.attribute("href", namespace: XMLNamespace.xlink) {
            inline.link = resolveLink(href)
        }

        switch kind {
        case .skip:
            return
        case .inline:
            if let alt = element.attribute("alttext"), name == "math" {
                appendText(alt, block: parentBlock, inline: inline)
            } else {
                walkChildren(path, block: parentBlock, inline: inline)
            }
        case .lineBreak:
            appendLineBreak(block: parentBlock, inline: inline)
        case .image:
            let source = element.attribute("src") ?? element.attribute("href", namespace: XMLNamespace.xlink)
                ?? element.attribute("href")
            appendImage(source: source, alt: element.attribute("alt"), block: parentBlock, inline: inline)
        case .svg:
            // An SVG's pictures are images; its text and shapes are not reading text.
            let title = element.firstElement(named: "title")?.collapsedText
            var found = false
            for image in element.descendants(named: "image") {
                let source = image.attribute("href", namespace: XMLNamespace.xlink) ?? image.attribute("href")
                appendImage(source: source, alt: element.attribute("aria-label") ?? title, block: parentBlock, inline: inline)
                found = true
            }
            if !found, let title, !title.isEmpty {
                appendImage(source: nil, alt: title, block: parentBlock, inline: inline)
            }
        case .switchElement:
            // epub:switch: only the fallback (epub:default) is content a reader without the extension shows.
            for child in path.childPaths() where child.element.name == "default" {
                walkChildren(child, block: parentBlock, inline: inline)
            }
        case .horizontalRule:
            flushParagraph()
            var block = enterBlock(path, style: style, parent: parentBlock)
            block.style.alignment = .center
            block.style.textIndent = 0
            appendUnits(Array("———".utf16), block: block, inline: inline)
            onlyImages = false
            flushParagraph()
            leaveBlock(style)
        case .block, .listContainer, .listItem, .table, .tableRow:
            if parentBlock.inTableCell {
                // Blocks inside a table cell run on in the row's paragraph, separated by a space.
                markSpace()
                walkChildren(path, block: parentBlock, inline: inline)
                markSpace()
                return
            }
            if lineHoldsOnlyMarker {
                // The item's first block takes the marker into its paragraph, with the block's own style.
                paragraphBlock = nil
            } else {
                flushParagraph()
            }
            var block = enterBlock(path, style: style, parent: parentBlock)
            switch kind {
            case .listContainer:
                block.listDepth += 1
                walkList(path, block: block, inline: inline)
            case .listItem:
                walkListItem(path, marker: "•", block: block, inline: inline)
            case .table:
                rowIndexInTable.append(0)
                walkChildren(path, block: block, inline: inline)
                rowIndexInTable.removeLast()
            case .tableRow:
                let rowIndex = rowIndexInTable.last ?? 0
                if rowIndex > 0 { block.continuesBlock = true }
                if !rowIndexInTable.isEmpty { rowIndexInTable[rowIndexInTable.count - 1] += 1 }
                block.style.textIndent = 0
                cellIndexInRow = 0
                walkChildren(path, block: block, inline: inline)
            default:
                if name == "pre" { preStartsHere = true }
                walkChildren(path, block: block, inline: inline)
                preStartsHere = false
            }
            flushParagraph()
            leaveBlock(style)
        case .tableCell:
            if cellIndexInRow > 0 {
                pendingSpace = false
                appendUnits(Array(" | ".utf16), block: parentBlock, inline: parentInline)
                lineHasContent = false  // the cell's leading white space is dropped
            }
            cellIndexInRow += 1
            var block = parentBlock
            block.inTableCell = true
            walkChildren(path, block: block, inline: inline)
            pendingSpace = false
        }
    }

    /// A list: each `<li>` gets its marker, `•` in `<ul>` (`◦` nested), its number in `<ol>` (`start` and
    /// `value` honoured).
    private mutating func walkList(_ path: ElementPath, block: BlockContext, inline: InlineContext) {
        let element = path.element
        let ordered = element.lowercasedName == "ol"
        var counter = Int(element.attribute("start")?.trimmingWhiteSpace() ?? "") ?? 1
        let bullet = block.listDepth > 1 ? "◦" : "•"
        var elementIndex = 0
        let childPaths = path.childPaths()
        for child in element.children {
            switch child {
            case .text(let text):
                appendText(text, block: block, inline: inline)
            case .element(let childElement):
                guard elementIndex < childPaths.count else { continue }
                let childPath = childPaths[elementIndex]
                elementIndex += 1
                guard childElement.lowercasedName == "li", category(of: childElement) == .listItem,
                      childElement.attribute("hidden") == nil else {
                    handle(childPath, block: block, inline: inline)
                    continue
                }
                if let value = Int(childElement.attribute("value")?.trimmingWhiteSpace() ?? "") { counter = value }
                let marker = ordered ? "\(counter)." : bullet
                counter += 1
                let itemInline = enterInline(childPath, parent: inline)
                let style = itemInline.style
                flushParagraph()
                let itemBlock = enterBlock(childPath, style: style, parent: block)
                walkListItem(childPath, marker: marker, block: itemBlock, inline: itemInline)
                flushParagraph()
                leaveBlock(style)
            }
        }
    }

    private mutating func walkListItem(_ path: ElementPath, marker: String, block: BlockContext, inline: InlineContext) {
        var markerInline = inline
        markerInline.link = nil
        // The marker is content (positions do not depend on CSS); `list-style-type: none` only hides it.
        if inline.style.listMarkerHidden { markerInline.style.hidden = true }
        appendUnits(Array((marker + " ").utf16), block: block, inline: markerInline)
        onlyImages = false
        lineHasContent = false
        lineHoldsOnlyMarker = true
        walkChildren(path, block: block, inline: inline)
    }

    // MARK: Blocks

    private mutating func enterBlock(_ path: ElementPath, style: ComputedStyle, parent: BlockContext) -> BlockContext {
        let element = path.element
        let name = element.lowercasedName
        var block = parent
        block.style = style
        block.continuesBlock = false
        if let language = language(of: element) { block.language = language }
        if let direction = direction(of: element) { block.direction = direction }
        switch name {
        case "h1", "h2", "h3", "h4", "h5", "h6":
            block.role = .heading(level: Int(String(name.dropFirst())) ?? 1)
        case "blockquote": block.role = .blockQuote
        case "li":
            block.role = .listItem
            block.blockIndent += 1.2
        case "pre": block.role = .preformatted; block.preformatted = true
        default: break
        }
        let isRoot = name == "html" || name == "body"
        if !isRoot {
            let start = block.direction == .rightToLeft ? style.marginRight : style.marginLeft
            block.blockIndent += min(3, max(0, start ?? 0))
            block.blockIndent = min(block.blockIndent, 4.5)
            if let top = style.marginTop {
                pendingMargin = max(pendingMargin, top)
                if style.marginTopFromPublisher { pendingMarginFromPublisher = true }
            }
        }
        if style.breakBefore { pendingBreakBefore = true }
        return block
    }

    private mutating func leaveBlock(_ style: ComputedStyle) {
        if let bottom = style.marginBottom {
            pendingMargin = max(pendingMargin, bottom)
            if style.marginBottomFromPublisher { pendingMarginFromPublisher = true }
        }
    }

    private mutating func flushParagraph() {
        pendingSpace = false
        guard let block = paragraphBlock else { return }
        // A line break that ends a block makes no empty line after it (as in HTML).
        if hasLineBreak, line.last == 0x2028, line.count > 1 || !block.preformatted {
            line.removeLast()
            if let last = runs.last {
                if last.range.count <= 1 { runs.removeLast() } else { runs[runs.count - 1].range = last.range.lowerBound..<(last.range.upperBound - 1) }
            }
        }
        let hidden = !runs.isEmpty && runs.allSatisfy { $0.style.isHidden }
        var style = ParagraphStyle()
        style.role = block.role
        style.innerLineBreaks = hasLineBreak || block.preformatted ? .preserve : .collapse
        style.baseDirection = block.direction
        style.alignment = block.style.textAlignment(direction: block.direction)
        style.firstLineIndent = block.style.textIndent.map { min(4, max(-block.blockIndent, $0)) }
        if onlyImages && line.contains(0xFFFC) {
            style.alignment = .center
            style.firstLineIndent = 0
        }
        style.blockIndent = block.blockIndent
        style.language = block.language == bookLanguage ? nil : block.language
        if hidden {
            style.continuesBlock = true
            style.spaceBefore = 0
        } else {
            style.spaceBefore = min(4, max(0, pendingMargin))
            style.continuesBlock = pendingMarginFromPublisher || block.continuesBlock
            style.startsSection = pendingBreakBefore
            pendingMargin = 0
            pendingMarginFromPublisher = false
            pendingBreakBefore = false
        }
        let start = output.units.count
        output.paragraphs.append(SpineItemText.ParagraphDraft(start: start, length: line.count + 1, contentLength: line.count,
                                                              runs: runs, style: style))
        output.units.append(contentsOf: line)
        output.units.append(0x0A)
        line.removeAll(keepingCapacity: true)
        runs.removeAll(keepingCapacity: true)
        paragraphBlock = nil
        lineHasContent = false
        lineHoldsOnlyMarker = false
        hasLineBreak = false
        onlyImages = true
    }

    // MARK: Inline content

    private mutating func markSpace() {
        if lineHasContent { pendingSpace = true }
    }

    private mutating func appendText(_ text: String, block: BlockContext, inline: InlineContext) {
        if block.preformatted {
            var units: [UInt16] = []
            var previousWasCR = false
            for unit in text.utf16 {
                if preStartsHere && line.isEmpty && units.isEmpty && (unit == 0x0A || unit == 0x0D) {
                    // The newline right after <pre> is not content (HTML).
                    previousWasCR = unit == 0x0D
                    continue
                }
                preStartsHere = false
                if unit == 0x0A && previousWasCR { previousWasCR = false; continue }
                previousWasCR = unit == 0x0D
                units.append(unit == 0x0A || unit == 0x0D ? 0x2028 : unit)
                if unit == 0x0A || unit == 0x0D { hasLineBreak = true }
            }
            if !units.isEmpty {
                appendUnits(units, block: block, inline: inline)
                onlyImages = false
            }
            return
        }
        var units: [UInt16] = []
        units.reserveCapacity(text.utf16.count)
        // White space left pending by the text before (a previous node) carries into this one.
        var pending = pendingSpace && lineHasContent
        var pendingNewline = pendingSpaceHasNewline
        pendingSpace = false
        var leadingSpace = false
        for unit in text.utf16 {
            if unit == 0x20 || unit == 0x09 || unit == 0x0A || unit == 0x0D || unit == 0x0C {
                // Collapsible white space: one space at most, none at the start of a line.
                if lineHasContent || !units.isEmpty {
                    pending = true
                    if unit == 0x0A || unit == 0x0D { pendingNewline = true }
                }
                continue
            }
            if pending {
                // A line end between two East Asian wide characters disappears (CSS Text 3 segment breaks).
                let previous = units.last ?? line.last ?? 0x20
                if !(pendingNewline && XHTMLConverter.isWide(previous) && XHTMLConverter.isWide(unit)) {
                    if units.isEmpty { leadingSpace = true } else { units.append(0x20) }
                }
                pending = false
            }
            pendingNewline = false
            units.append(unit)
        }
        if !units.isEmpty {
            appendUnits(units, block: block, inline: inline, leadingSpace: leadingSpace)
            onlyImages = false
        }
        if pending {
            pendingSpace = true
            pendingSpaceHasNewline = pendingNewline
        }
    }

    private mutating func appendLineBreak(block: BlockContext, inline: InlineContext) {
        pendingSpace = false
        appendUnits([0x2028], block: block, inline: inline)
        hasLineBreak = true
        lineHasContent = false
    }

    private mutating func appendImage(source: String?, alt: String?, block: BlockContext, inline: InlineContext) {
        var resolved: String?
        if let source, case .inBook(let imagePath, _)? = EPUBPath.resolve(source, relativeTo: path) { resolved = imagePath }
        let space = pendingSpace && lineHasContent
        let offset = output.units.count + line.count + (space ? 1 : 0)
        appendUnits([0xFFFC], block: block, inline: inline)
        output.images.append(SpineItemText.ImageDraft(offset: offset, path: resolved,
                                                       altText: alt.map(XMLElement.collapseWhiteSpace)))
    }

    /// Appends units to the paragraph being built (starting one in `block` if none is), with the style of
    /// `inline`, first emitting any pending collapsed space and placing pending anchors.
    private mutating func appendUnits(_ units: [UInt16], block: BlockContext, inline: InlineContext,
                                      leadingSpace: Bool = false) {
        guard !units.isEmpty else { return }
        if paragraphBlock == nil { paragraphBlock = block }
        let paragraphLanguage = paragraphBlock?.language
        let textStyle = inline.style.textStyle(language: inline.language == paragraphLanguage ? nil : inline.language,
                                               link: inline.link)
        // The space goes before the anchors: an element's id points at its first character, not at the space.
        // It belongs to the text before it (a hidden span after a space does not hide the space).
        if leadingSpace || (pendingSpace && lineHasContent) {
            append([0x20], style: runs.last?.style ?? textStyle)
        }
        pendingSpace = false
        lineHoldsOnlyMarker = false
        if !pendingAnchors.isEmpty {
            let offset = output.units.count + line.count
            for anchor in pendingAnchors where output.anchors[anchor] == nil { output.anchors[anchor] = offset }
            pendingAnchors.removeAll()
        }
        append(units, style: textStyle)
        lineHasContent = true
    }

    private mutating func append(_ units: [UInt16], style: TextStyle) {
        let start = line.count
        line.append(contentsOf: units)
        if let last = runs.last, last.style == style, last.range.upperBound == start {
            runs[runs.count - 1].range = last.range.lowerBound..<line.count
        } else {
            runs.append(AttributeRun(range: start..<line.count, style: style))
        }
    }

    // MARK: Attributes and styles

    private func resolveStyle(_ path: ElementPath, parent: ComputedStyle) -> ComputedStyle {
        var style = parent.inherited
        var declarations: [(declaration: CSSDeclaration, fromPublisher: Bool)] = []
        for rule in UserAgentStyleSheet.sheet.matchingRules(path) {
            for declaration in rule.declarations { declarations.append((declaration, false)) }
        }
        if publisherStyles {
            for rule in sheet.matchingRules(path) {
                for declaration in rule.declarations { declarations.append((declaration, true)) }
            }
            if let inline = path.element.attribute("style") {
                for declaration in CSSParser.parseDeclarations(inline) { declarations.append((declaration, true)) }
            }
        }
        if !declarations.isEmpty { style.apply(declarations, parent: parent) }
        return style
    }

    private func language(of element: XMLElement) -> String? {
        let value = element.attribute("lang", namespace: XMLNamespace.xml) ?? element.attribute("lang")
        guard let value = value?.trimmingWhiteSpace(), !value.isEmpty else { return nil }
        return value
    }

    private func direction(of element: XMLElement) -> WritingDirection? {
        switch element.attribute("dir")?.trimmingWhiteSpace().lowercased() {
        case "rtl": return .rightToLeft
        case "ltr": return .leftToRight
        default: return nil
        }
    }

    private func resolveLink(_ href: String) -> String? {
        switch EPUBPath.resolve(href, relativeTo: path) {
        case .inBook(let target, let fragment)?: return fragment.map { target + "#" + $0 } ?? target
        case .external(let url)?: return url
        case nil: return nil
        }
    }

    /// East Asian wide characters (as ``TypesetCore``'s segment-break rule has them).
    static func isWide(_ unit: UInt16) -> Bool {
        (unit >= 0x2E80 && unit <= 0x9FFF) || (unit >= 0xF900 && unit <= 0xFAFF) || (unit >= 0xFE30 && unit <= 0xFE4F)
            || (unit >= 0xFF00 && unit <= 0xFF60) || (unit >= 0xFFE0 && unit <= 0xFFE6)
            || (unit >= 0xD840 && unit <= 0xD87F)
    }
}
