import TypesetCore

/// Blocks drawn as boxes (CSS 2.1 §8, Backgrounds and Borders 3): a block element with a background colour (with
/// publisher styles on), a background image (with them on or off: it is often the picture itself) or a visible
/// border becomes a ``BoxDecoration`` its paragraphs carry. Its border and padding take room as CSS's box model
/// gives it: the left and right ones indent its lines, the top ones are space above its first paragraph and the
/// bottom ones space after its last, added to the margins around them; and they keep the margins on either side
/// from collapsing together (CSS 2.1 §8.3.1; a block's top and bottom padding do so whether or not it is drawn).
/// Tables and their cells draw their own boxes (``TableCell``), so they are not decorated here; the blocks inside a
/// cell are, in the cell's content box (the table layout keeps the room of those at its top and bottom inside it). In vertical text the box is the style's turned into the line frame
/// (``ComputedStyle/inLineFrame(_:)``): its sides are the flow's, top the block start and left the inline start, and
/// the layout turns the box it draws back onto the page.
extension XHTMLConverter {
    /// The elements whose boxes the table layout draws.
    static let tableElements: Set<String> = ["table", "tr", "td", "th", "thead", "tbody", "tfoot", "caption", "colgroup", "col"]

    /// Whether the block `name` of `style` is drawn as a box. The same answer on entering and on leaving it: the
    /// tables open are the same then. Always inlined, as are ``hasBlockBox(_:style:)`` and
    /// ``boxSpace(_:style:top:)``: called from a mutating method, a method of the converter was given a copy of the
    /// whole converter (2 KB) for each of the four calls every block makes.
    @inline(__always)
    func drawsBox(_ name: HTMLElementName?, style: ComputedStyle) -> Bool {
        // What the style draws first: most blocks draw nothing, and then the name is never looked up.
        guard (publisherStyles && style.backgroundColor != nil) || style.borders.isVisible || style.background.hasImage else { return false }
        // An invisible box (`visibility: hidden`) is not painted (CSS 2.1 §11.2); its border then takes no room here.
        return style.textVisibility != .invisible && hasBlockBox(name, style: style)
    }

    /// Whether the block `name` of `style` has a box of its own here: seen, not the root or body, and not a table's
    /// part, whose boxes the table layout draws; outside tables, or inside a cell (drawn in the cell's content box:
    /// ``TypesetCore/BoxDecoration/inCell``). By the element's ``HTMLElementName``, a byte: the name looked up in
    /// ``tableElements`` hashed it, twice for each bordered cell (170 k instructions in the box chapter).
    @inline(__always)
    private func hasBlockBox(_ name: HTMLElementName?, style: ComputedStyle) -> Bool {
        inCellOrNoTable && style.isSeen && name?.isRoot != true && name?.isTablePart != true
    }

    /// Opens the box of a block entered with `block` (its indents already its margins and padding, within
    /// `parent`): its border widths indent the block's lines too, its top border and padding wait as space above
    /// the next paragraph, and its paragraphs carry it.
    mutating func openBox(_ name: HTMLElementName?, style: ComputedStyle, parent: BlockContext, block: inout BlockContext) {
        let draws = drawsBox(name, style: style)
        if draws { openedBoxes.append((boxCount, nil)); openBoxIDs.append(boxCount) }
        separateMargins(by: boxSpace(name, style: style, top: true))
        guard draws else { return }
        let borders = style.borders
        let rightToLeft = block.direction == .rightToLeft
        let (startBorder, endBorder) = rightToLeft ? (borders.right.usedWidth, borders.left.usedWidth)
            : (borders.left.usedWidth, borders.right.usedWidth)
        let outer = Self.borderEdgeIndents(style, parent: parent, rightToLeft: rightToLeft)
        block.startIndent = min(XHTMLConverter.maximumIndent, block.startIndent + startBorder)
        block.endIndent = min(XHTMLConverter.maximumIndent, block.endIndent + endBorder)
        let above = borders.top.usedWidth + style.padding.top
        let below = borders.bottom.usedWidth + style.padding.bottom
        let images = backgroundLayers(style)
        var box = BoxDecoration(id: boxCount, background: publisherStyles ? style.backgroundColor : nil, images: images, border: borders,
                                above: above, below: below)
        // Set after: the initializer keeps them at 0 or more, and with a percentage beside them they may be less.
        (box.left, box.right) = rightToLeft ? (outer.endIndent, outer.startIndent) : (outer.startIndent, outer.endIndent)
        (box.leftFraction, box.rightFraction) = rightToLeft ? (outer.endFraction, outer.startFraction) : (outer.startFraction, outer.endFraction)
        box.radii = BorderRadii(style.radii, fontScale: style.fontScale)
        box.backgroundClip = style.background.colorClip
        box.padding = EdgeInsets(top: style.padding.top, left: style.padding.left, bottom: style.padding.bottom, right: style.padding.right)
        box.inCell = !tables.isEmpty
        boxCount += 1
        block.boxes.append(box)
    }

    /// The indents of the border edges of a block of `style` within `parent`, as a block context's: the parent's
    /// indented by the block's margins (before its border and padding), their percentages apart
    /// (XHTMLConverter+PercentIndents.swift).
    static func borderEdgeIndents(_ style: ComputedStyle, parent: BlockContext, rightToLeft: Bool) -> BlockContext {
        let percents = style.inlinePercents
        let left = (style.marginLeft ?? 0, percents.marginLeft), right = (style.marginRight ?? 0, percents.marginRight)
        var edges = parent
        edges.indent(by: rightToLeft ? right : left, and: rightToLeft ? left : right, within: parent)
        return edges
    }

    /// An empty block drawn as a box (an empty `<div>` with a background or a border, a rule): a paragraph of its
    /// room alone (``TextAttachment/init(emptyBlockHeight:)``), carrying its box, so that the box is drawn as tall
    /// as CSS makes it; it takes room in the flow and moves to the next page whole, as an image block does. Its
    /// room is its `height` (CSS 2.1 §10.5: a length, or a percentage, here of the page's content height as an
    /// image's), 0 without one (§10.6.3: no content), inside its border and padding: a block with neither a height
    /// nor a border or padding along the flow has no lines and is not drawn.
    /// Horizontal text only (in vertical text the block's height is not its extent along the flow). Returns
    /// whether it was appended.
    @discardableResult
    mutating func appendEmptyBlock(_ name: HTMLElementName?, style: ComputedStyle, block: BlockContext, inline: InlineContext) -> Bool {
        guard output.writingMode?.isVertical != true, style.writingMode?.isVertical != true, !block.boxes.isEmpty,
              drawsBox(name, style: style) else { return false }
        let height = style.replacedSize.height.flatMap(Self.attachmentHeight) ?? .points(0)
        let isZero: Bool
        switch height {
        case .points(let value), .ems(let value), .percent(let value):
            guard value.isFinite, value >= 0 else { return false }
            isZero = value == 0
        }
        if isZero {
            // No height: its room is its border and padding along the flow, drawn when it has any.
            let borders = style.borders
            guard borders.top.usedWidth + borders.bottom.usedWidth + style.padding.top + style.padding.bottom > 0 else { return false }
        }
        appendUnits([0xFFFC], block: block, inline: inline, attachment: TextAttachment(emptyBlockHeight: height))
        recordElementUnits(count: 1)
        return true
    }

    /// A rule (`hr`, HTML's thematic break): an empty block drawn as its box, as a browser draws it. The built-in
    /// sheet gives it a 1 px top border in the text's colour (HTML draws a 2 px grey inset one) and HTML's margins
    /// (half an em above and below, auto inline ones: a width alone centres it), and it is spaced as a paragraph
    /// too (``HTMLElementName/isSpacedBlock``); a book's border, background, `height`, `width` and margins replace them, and
    /// `border: none` without a background leaves only its margins. It is one unit of the text (U+FFFC), a caret
    /// stop. Where an empty block is not laid out (vertical text, a table's part outside its cells) it is three
    /// em dashes, centred.
    mutating func handleRule(_ path: ElementPath, style: ComputedStyle, block parentBlock: BlockContext, inline: InlineContext) {
        flushParagraph()
        var block = enterBlock(path, style: style, parent: parentBlock)
        if !appendEmptyBlock(.hr, style: style, block: block, inline: inline) && drawsRuleAsDashes(style) {
            block.style.alignment = .center
            block.style.clearTextIndent()
            block.style.alignmentFromRoot = false
            appendUnits(Array("———".utf16), block: block, inline: inline)
            recordElementUnits(count: 3)
        }
        onlyImages = false
        flushParagraph()
        leaveBlock(path, style: style)
    }

    /// Whether a rule of `style` that is not an empty block is drawn as dashes: when seen, in vertical text or in a
    /// table outside its cells.
    private func drawsRuleAsDashes(_ style: ComputedStyle) -> Bool {
        style.isSeen && (!inCellOrNoTable || output.writingMode?.isVertical == true || style.writingMode?.isVertical == true)
    }

    /// Whether no table is open, or one of the innermost table's cells is being read: where blocks draw their boxes.
    /// Read in place (a copy of the table's state would retain its arrays, for every block).
    @inline(__always)
    var inCellOrNoTable: Bool { tables.isEmpty || tables[tables.count - 1].cellOpen }

    /// Closes the box of a block left: its bottom border and padding wait as space above the next paragraph.
    mutating func closeBox(_ name: HTMLElementName?, style: ComputedStyle) {
        separateMargins(by: boxSpace(name, style: style, top: false))
        guard drawsBox(name, style: style), let id = openBoxIDs.popLast(), let last = output.paragraphs.indices.last,
              let index = output.paragraphs[last].style.boxes.lastIndex(where: { $0.id == id }) else { return }
        // The box reaches down past its last line by all that is noted since: the margins settled inside it (its
        // last children's, kept in by its bottom border or padding), the borders and padding of boxes inside it
        // that end there, and its own. Set in place: a copy of the paragraph retained and released all it holds.
        output.paragraphs[last].style.boxes[index].below = min(Self.maximumIndent, pendingMargins.settled + pendingBoxSpace)
    }

    /// Sets, in each box opened since the last paragraph, the room from its top edge to the paragraph's first line:
    /// the space noted after its top edge (its border and padding, and the margins they keep inside it; nothing
    /// more for a box whose margins collapse through its top, as CSS puts them outside it).
    mutating func placeOpenedBoxes(_ style: inout ParagraphStyle) {
        guard !openedBoxes.isEmpty else { return }
        for (id, offset) in openedBoxes {
            guard let index = style.boxes.firstIndex(where: { $0.id == id }) else { continue }
            style.boxes[index].above = max(0, style.spaceBefore - (offset ?? style.spaceBefore))
        }
        openedBoxes.removeAll()
    }

    /// The room a block's top (bottom) border and padding take, in ems: its padding, and its border when it is
    /// drawn. Nothing for the blocks whose boxes are drawn by others or not at all (see ``drawsBox(_:style:)``).
    @inline(__always)
    func boxSpace(_ name: HTMLElementName?, style: ComputedStyle, top: Bool) -> Double {
        let padding = top ? style.padding.top : style.padding.bottom
        let edgeWidth = (top ? style.borders.top : style.borders.bottom).usedWidth
        // Neither padding nor border on that side (most blocks): no room, whatever the block is.
        guard padding != 0 || edgeWidth != 0 else { return 0 }
        guard hasBlockBox(name, style: style) else { return 0 }
        return (drawsBox(name, style: style) ? edgeWidth : 0) + padding
    }

    /// A border or padding of `space` ems between the margins noted so far and those after it: they no longer
    /// collapse together (CSS 2.1 §8.3.1). The run so far is settled, and the space waits above the next
    /// paragraph.
    mutating func separateMargins(by space: Double) {
        guard space > 0, space.isFinite else { return }
        pendingMargins.settle()
        // Boxes opened while the run was open have their top edges after it.
        for index in openedBoxes.indices where openedBoxes[index].offset == nil {
            openedBoxes[index].offset = pendingMargins.settled + pendingBoxSpace
        }
        pendingBoxSpace += space
        spaceAfterBreak.separate(by: space)
    }

    /// The space the margins noted since the last paragraph make, in ems: the settled runs and the run still open
    /// collapsed (its largest positive margin plus its most negative one), never below 0 (a page has no place
    /// above its lines for a negative margin to pull a block into).
    var collapsedMargin: Double { pendingMargins.total }
}
