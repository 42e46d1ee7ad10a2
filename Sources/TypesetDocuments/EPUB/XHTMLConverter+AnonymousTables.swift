import TypesetCore

/// Anonymous tables (CSS 2.1 §17.2.1): rows and cells by their `display` (`<div>`s of `display: table-row` or
/// `table-cell`, a book's layout grid or parallel text) where no table holds them. A run of such siblings is one
/// table, opened at the first and closed at the first sibling that is no table part (text other than white space,
/// an element shown otherwise) or at their parent's end; cells without a row between them share an anonymous row.
/// The table is as wide as its content up to its container (§17.5.2.2) and stands where its container's lines
/// start; in a box of `display: table` (whose content the converter otherwise sets as one anonymous cell fitting its
/// content) it takes that box's auto margins and spacing, and the box fills its container, as a fitted box holding
/// a float does (``XHTMLConverter/fill(_:in:)``): its border and background, if any, are then as wide as the
/// container, not the table (a limit: books draw rules on cells).
extension XHTMLConverter {
    /// Opens an anonymous table for rows or cells whose parent's block is `block` and that no table holds.
    mutating func openAnonymousTable(in block: BlockContext) {
        flushParagraph()
        let owner = block.style
        // A `display: table` box is the table its rows make: its spacing and border model, its auto margins.
        let spacing = (owner.isTableBox ? owner.borderSpacing : nil) ?? (across: 0, down: 0)
        let frame = TableFrame(spacing: Size(width: spacing.across, height: spacing.down),
                               collapsesBorders: owner.isTableBox && owner.borderCollapse)
        var margins = BlockWidth.AutoMargins.none
        if owner.isTableBox {
            margins = block.widths.last(where: \.fitsContent)?.autoMargins
                ?? Self.autoMargins(owner, rightToLeft: block.direction == .rightToLeft)
        }
        pushAnonymousTable(frame: frame, width: owner.isTableBox ? Self.tableWidth(nil, style: owner) : nil,
                           autoMargins: margins, in: block)
    }

    /// Opens an anonymous table of `frame`, `width` and `autoMargins` among the children of the parent whose block
    /// is `block` (a table, or a row of inline-blocks: XHTMLConverter+InlineBlockRows), at the block's indents. A
    /// block fitting its content around it fills what it may, as around a float (``fill(_:in:)``).
    mutating func pushAnonymousTable(frame: TableFrame, width: TableCell.TableWidth?, autoMargins: BlockWidth.AutoMargins,
                                     in block: BlockContext) {
        for width in block.widths where width.fitsContent { fittedToFill.insert(width.serial) }
        var table = TableState(number: tableCount, frame: frame, cellBorder: 0, cellPadding: nil, indent: block.referenceStart,
                               width: width, autoMargins: autoMargins, endIndent: block.referenceEnd,
                               groupStart: output.paragraphs.count)
        table.anonymousOwnerDepth = elementDepth - 1
        tables.append(table)
        tableCount += 1
    }

    /// Closes the anonymous tables owned at `depth` or deeper (their owner's end, or `text` that is not white space
    /// after their parts).
    mutating func closeAnonymousTables(ownedBy depth: Int, before text: String? = nil) {
        guard let owner = tables.last?.anonymousOwnerDepth, owner >= depth else { return }
        if let text, text.utf8.allSatisfy({ CSSParser.isWhiteSpace($0) }) { return }
        while let owner = tables.last?.anonymousOwnerDepth, owner >= depth {
            flushParagraph()
            endRowGroup()
            tables.removeLast()
        }
    }

    /// Before an element of `kind` and `style` among an anonymous table's parts: a row ends the anonymous row of the
    /// cells before it, anything shown that is neither row nor cell ends the table.
    mutating func closeAnonymousTableParts(before kind: Category, style: ComputedStyle) {
        guard let last = tables.indices.last, tables[last].anonymousOwnerDepth == elementDepth - 1 else { return }
        switch kind {
        case .tableCell:
            // A cell by its `display` does not join a row of inline-blocks, nor an inline-block a table's row.
            if (tables[last].frame.flow != nil) != style.isAtomicInline { closeAnonymousTables(ownedBy: elementDepth - 1) }
        case .tableRow: tables[last].anonymousRowOpen = false
        default:
            guard style.isSeen else { return }
            closeAnonymousTables(ownedBy: elementDepth - 1)
        }
    }
}
