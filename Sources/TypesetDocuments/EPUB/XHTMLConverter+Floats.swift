import TypesetCore

extension XHTMLConverter {
    /// Whether an element of `kind` and `style` is set as a float (CSS 2.1 §9.5): with the book's styles on, a
    /// block, inline element or image whose `float` is a side, outside other floats (a table cell's float floats in
    /// the cell, its containing block: its paragraphs keep the cell's ``TableCell``), and not a short enlarged letter
    /// (a drop cap, XHTMLConverter+FirstLetter.swift) nor an element the reader does not see. Always inlined: asked
    /// for every element from mutating code, a call copied the whole converter (2,000 bytes) to pass it as `self`.
    @inline(__always)
    func floats(_ kind: Category, style: ComputedStyle, block: BlockContext) -> Bool {
        guard publisherStyles, style.float, style.isSeen, !style.hidden, block.floatIndex < 0 else { return false }
        switch kind {
        case .inline:
            return XHTMLConverter.dropLines(style, textScale: block.style.fontScale) == nil && style.initialLetter == nil
        case .block, .listContainer, .image, .svg:
            return true
        default:
            return false
        }
    }

    /// A floated element: its own paragraphs, marked with its float, between the text before and after it. Text it
    /// interrupts goes on after it as the same block's text, unindented, and is joined to the text before it into
    /// one paragraph again, after the float, when the walk is done (``SpineItemText/joinParagraphsAcrossFloats(cfi:)``);
    /// the margins waiting for the next paragraph wait past the float (a float's own margins are its indents, and
    /// the space above it is the line's it starts at). Never inlined: `handle` recurses once per element level,
    /// and this step's locals would grow every level's frame (a deep document overflowed the stack).
    @inline(never)
    mutating func handleFloat(_ path: ElementPath, kind: Category, style: ComputedStyle, block parentBlock: BlockContext,
                              inline: InlineContext, noteRole: NoteRole) {
        let followsLine = paragraphBlock != nil && lineHasContent
        let interrupted = paragraphBlock
        // A float right after another in a paragraph's text: the text after both joins the text before them.
        let spaceBefore = pendingSpace, pendingJoin = followsLine ? nil : joinAfterFloat
        flushParagraph()
        joinAfterFloat = nil
        let waiting = (pendingMargins.positive, pendingMarginFromPublisher, pendingReaderSpacing, pendingBookMargin,
                       pendingBookMarginSaid, pendingBreakBefore, pendingFirstLetter, paragraphClear)
        // The room of boxes closed just before (a framed note's bottom padding, border and the margins inside
        // it) waits past the float too: the float's paragraphs are set beside the text, not below the box.
        let waitingBoxRoom = (pendingMargins.settled, pendingBoxSpace, spaceAfterBreak)
        clearPendingSpace()
        pendingBoxSpace = 0
        pendingFirstLetter = nil
        paragraphClear = []
        var (block, float) = enterFloat(path, style: style, parent: parentBlock, width: floatWidth(kind, style: style))
        float.followsLine = followsLine
        float.isObject = kind == .image || kind == .svg
        floatBoxes.append(float)
        block.floatIndex = Int32(floatBoxes.count - 1)
        // A block fitting its content that holds a float fills what it may (``fill(_:in:)``).
        for width in parentBlock.widths where width.fitsContent { fittedToFill.insert(width.serial) }
        block.widths = []  // A float is as wide as it is, whatever the blocks around it.
        floatStartsBox = true
        switch kind {
        case .image, .svg:
            drawFloatedObject(path, kind: kind, style: style, block: block, inline: inline, noteRole: noteRole)
        default:
            walkChildren(path, block: block, inline: inline)
        }
        flushParagraph()
        leaveBlock(path, style: style)
        floatStartsBox = false
        (pendingMargins.positive, pendingMarginFromPublisher, pendingReaderSpacing, pendingBookMargin,
         pendingBookMarginSaid, pendingBreakBefore, pendingFirstLetter, paragraphClear) = waiting
        (pendingMargins.settled, pendingBoxSpace, spaceAfterBreak) = waitingBoxRoom
        // The interrupted block's text after the float continues it (unindented); an inline float ended its line.
        pendingContinuation = interrupted != nil
        afterInlineFloat = followsLine
        let separator = SpineItemText.ParagraphDraft.noSeparator
        joinAfterFloat = followsLine ? (spaceBefore ? 0x20 : separator) : pendingJoin.map { $0 == separator && spaceBefore ? 0x20 : $0 }
    }

    /// A floated image or SVG drawn as in the flow, inside its float's block (which floats nothing more), and what
    /// ``handle(_:block:inline:)`` notes when such an element is done (where its id's content ends, the note it may
    /// be). The element was entered once, by `handle`: its style, counters and CFI step are not taken again.
    mutating func drawFloatedObject(_ path: ElementPath, kind: Category, style: ComputedStyle, block: BlockContext,
                                    inline: InlineContext, noteRole: NoteRole) {
        var inline = inline
        openInlineBox(kind: kind, inline: &inline)
        walkElement(path, kind: kind, style: style, block: block, inline: inline)
        recordLinkAndNote(path.element, linkStart: nil, inline: inline, noteRole: noteRole)
        // Its content ends with its drawing, before the float's paragraph ends (as an image's in the flow).
        if let id = path.element.id, output.anchorEnds[id] == nil { output.anchorEnds[id] = currentOffset }
    }

    /// The physical side of a `float` value in a block of `direction`.
    func side(_ value: CSSDeclaration.FloatSide?, direction: WritingDirection?) -> BlockFloat.Side {
        let rightToLeft = direction == .rightToLeft
        switch value {
        case .right?: return .right
        case .inlineStart?: return rightToLeft ? .right : .left
        case .inlineEnd?: return rightToLeft ? .left : .right
        case .left?, nil: return .left
        }
    }

    /// A floated block's inline size, the width of its box in the line frame: its `width` in horizontal text, its
    /// `height` in vertical text (CSS Writing Modes 4 §7.1; an image's is its own: its float shrinks to it). Always
    /// inlined into its one caller, which is mutating: a call copied the whole converter to pass it as `self`.
    @inline(__always)
    func floatWidth(_ kind: Category, style: ComputedStyle) -> TextAttachment.Length? {
        let vertical = (style.writingMode ?? output.writingMode)?.isVertical == true
        guard kind != .image, kind != .svg,
              let size = vertical ? style.replacedSize.height : style.replacedSize.width else { return nil }
        return XHTMLConverter.attachmentLength(size, vertical: vertical)
    }

    /// A block with `column-count` or `column-width` (the book's styles on, outside tables and floats) sets its
    /// paragraphs in columns, filled as its `column-fill` says, at most its `height` tall; a block with `column-span: all` inside one leaves them, and the columns after it
    /// start a new multi-column block (Multi-column §6). Never inlined, as ``handleFloat``.
    @inline(never)
    mutating func enterColumns(_ style: ComputedStyle, block: inout BlockContext) {
        guard publisherStyles, style.isSeen else { return }
        if block.columnsIndex >= 0 && style.columnSpan {
            // Set across the columns: in the block's content box, as its columns are (Multi-column §6).
            let columns = columnBlocks[Int(block.columnsIndex)]
            block.columnsIndex = -1
            columnsStartBlock = true
            if columns.fill == .auto { balanceBeforeSpanner() }
            let (start, end) = block.direction == .rightToLeft ? (columns.right, columns.left) : (columns.left, columns.right)
            block.startIndent = min(XHTMLConverter.maximumIndent, block.startIndent + start)
            block.endIndent = min(XHTMLConverter.maximumIndent, block.endIndent + end)
            for index in block.boxes.indices.dropFirst(columns.outerBoxes) {
                block.boxes[index].left += columns.left
                block.boxes[index].right += columns.right
            }
            return
        }
        guard style.columnCount != nil || style.columnWidth != nil, block.columnsIndex < 0, block.cell == nil, block.floatIndex < 0,
              output.writingMode?.isVertical != true else { return }
        let count = style.columnCount
        let width = style.columnWidth.map { $0.ems(fontScale: style.fontScale) }
        guard (count ?? 2) > 1 || width != nil else { return }
        var columns = BlockColumns(count: count, width: width, gap: style.columnGap.map { $0.ems(fontScale: style.fontScale) } ?? 1)
        if let multicolumn = style.multicolumn, multicolumn.ruleStyle != .none {
            // `medium` is 3 px; the colour, when none is said, the text's (the theme's).
            columns.rule = BorderEdge(width: multicolumn.ruleWidth.map { max(0, $0.ems(fontScale: style.fontScale)) } ?? 3.0 / 16,
                                      style: multicolumn.ruleStyle, color: multicolumn.ruleColor)
        }
        // The block's margins, borders and padding (and those around it) are outside its columns (§2): its columns
        // stand in its content box, and the indents of the blocks inside are from the content box's edges.
        let rightToLeft = block.direction == .rightToLeft
        columns.left = rightToLeft ? block.referenceEnd : block.referenceStart
        columns.right = rightToLeft ? block.referenceStart : block.referenceEnd
        columns.outerBoxes = block.boxes.count
        // Its width and those around it narrow its content box; inside, a column is the frame.
        columns.widths = rightToLeft ? [] : block.widths
        block.clearIndents()
        block.widths = []
        columns.fill = style.multicolumn?.fill ?? .balance
        // A length in ems of the body, as the gap's; a percentage (or `vh`) of the page's content height, as an image's.
        columns.height = style.replacedSize.height.flatMap { css in
            switch css {
            case .percent, .viewport(_, .height): XHTMLConverter.attachmentHeight(css)
            case .auto: nil
            default: .ems(css.ems(fontScale: style.fontScale))
            }
        }
        columnBlocks.append(columns)
        block.columnsIndex = Int32(columnBlocks.count - 1)
        columnsStartBlock = true
    }

    /// The columns just before a spanner are balanced whatever their `column-fill` (Multi-column §7.1: it is for the
    /// content that does not precede a spanner): the paragraphs of the block part made since it last started. Each
    /// paragraph is looked at once (the part after the spanner starts anew).
    mutating func balanceBeforeSpanner() {
        for index in output.paragraphs.indices.reversed() {
            guard var columns = output.paragraphs[index].style.columns else { return }
            columns.fill = .balance
            output.paragraphs[index].style.columns = columns
            if columns.startsBlock { return }
        }
    }

    /// A paragraph's float, multi-column block and `clear`, as the blocks it is in give them: the first paragraph
    /// flushed in a float or a multi-column block starts it; a float's paragraphs clear nothing.
    mutating func placeInFloatAndColumns(_ style: inout ParagraphStyle, block: BlockContext) {
        style.clear = block.floatIndex < 0 ? paragraphClear : []
        paragraphClear = []
        if block.columnsIndex >= 0 {
            var columns = columnBlocks[Int(block.columnsIndex)]
            columns.startsBlock = columnsStartBlock
            columnsStartBlock = false
            style.columns = columns
        }
        if block.floatIndex >= 0 {
            var float = floatBoxes[Int(block.floatIndex)]
            float.startsBox = floatStartsBox
            float.followsLine = float.followsLine && floatStartsBox
            floatStartsBox = false
            style.float = float
        }
    }
}
