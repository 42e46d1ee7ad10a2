import TypesetCore

/// Rows of `inline-block`s (CSS 2.1 §9.2.2, §9.4.2, §10.3.9): sibling elements of `display: inline-block` that hold
/// blocks, with nothing but white space between them (a gallery of figures and captions, a parallel text, a row of
/// boxes), stand side by side as the atomic inline boxes of a line, each at its own width, and wrap as words do
/// (``TypesetCore/CellFlow``). The run is carried as an anonymous table of one row whose frame flows: opened at its
/// first box when the next sibling is one too, joined by each box after, and closed as an anonymous table is
/// (XHTMLConverter+AnonymousTables) at the first sibling that is no box, at text other than white space, at the
/// parent's end. A lone box is a block that fits its content, as before (``effectiveCategory(_:style:path:)``).
extension XHTMLConverter {
    /// Whether an atomic inline `path` of `style` is a box of a row: one is open among its siblings, or it would be
    /// a block of its own (it holds blocks or stands alone) and its next sibling, after white space only, is an
    /// atomic inline too. Never inside a table (no row opens in a cell) or when a table of another kind is open.
    func isInlineBlockOfRow(_ path: ElementPath, style: ComputedStyle, standsAsBlock: Bool) -> Bool {
        guard style.isAtomicInline, !style.isTableBox else { return false }
        if let table = tables.last {
            return table.frame.flow != nil && table.anonymousOwnerDepth == elementDepth - 1
        }
        guard standsAsBlock, let next = path.nextSiblingAfterSpace()?.element else { return false }
        return Self.styleAttributeSaysAtomic(next) ?? (Self.styleAttributeSaysAtomic(path.element) == nil
            && next.namespace == path.element.namespace && next.lowercasedName == path.element.lowercasedName
            && matchedAlike(path.element, next))
    }

    /// What an element's `style` attribute says of `display`: whether it makes an atomic inline, nil when it does
    /// not say (then the sheets decide, and two siblings they match alike have one `display`).
    private static func styleAttributeSaysAtomic(_ element: XMLElement) -> Bool? {
        guard let attribute = element.attribute("style"), attribute.utf8.count < 4096 else { return nil }
        var says: Bool?
        for declaration in CSSParser.parseDeclarations(attribute) {
            if case .atomicInline(let atomic) = declaration { says = atomic }
        }
        return says
    }

    /// Opens the anonymous table of a row of boxes whose first box is `path`, of `style`, in the parent's `block`:
    /// its boxes' margins are the first's, a word space of the parent's font between two when white space stands
    /// between the first two in the source (none when they touch); its lines are placed by the parent's `text-align`.
    mutating func openInlineBlockRow(_ path: ElementPath, in block: BlockContext, first style: ComputedStyle) {
        flushParagraph()
        let margins = EdgeInsets(top: style.marginTop ?? 0, left: style.marginLeft ?? 0, bottom: style.marginBottom ?? 0,
                                 right: style.marginRight ?? 0)
        var frame = TableFrame()
        let spaced = path.nextSiblingAfterSpace()?.spaced ?? true
        frame.flow = CellFlow(margins: margins, spacing: spaced ? Self.wordSpaceEms * block.style.fontScale : 0)
        pushAnonymousTable(frame: frame, width: nil, autoMargins: Self.lineAutoMargins(block.style, direction: block.direction),
                           in: block)
    }

    /// The width of the white space between two boxes, in ems of the parent's font: a word space, as most text
    /// faces draw it (0.25 em; the font's own is not known before layout).
    static let wordSpaceEms = 0.25
}
