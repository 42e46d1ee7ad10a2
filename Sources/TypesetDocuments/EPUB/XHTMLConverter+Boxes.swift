import TypesetCore

/// Blocks drawn as boxes (CSS 2.1 §8, Backgrounds and Borders 3): a block element with a background colour (with
/// publisher styles on) or a visible border becomes a ``BoxDecoration`` its paragraphs carry. Its border and
/// padding take room as CSS's box model gives it: the left and right ones indent its lines, the top ones are space
/// above its first paragraph and the bottom ones space after its last, added to (never collapsed with) the
/// margins around them. Tables and their cells draw their own boxes (``TableCell``), so neither they nor blocks
/// inside them are decorated here; nor is a rule (`hr`, drawn as dashes) or vertical text, whose boxes the layout
/// does not yet turn.
extension XHTMLConverter {
    /// The elements whose boxes the table layout draws.
    static let tableElements: Set<String> = ["table", "tr", "td", "th", "thead", "tbody", "tfoot", "caption", "colgroup", "col"]

    /// Whether the block `name` of `style` is drawn as a box. The same answer on entering and on leaving it: the
    /// tables open are the same then.
    func drawsBox(_ name: String, style: ComputedStyle) -> Bool {
        // A rule (`hr`) is drawn as its dashes whatever its border says (books give it `border-top` to draw the line).
        guard tables.isEmpty, style.isSeen, name != "html", name != "body", name != "hr", !Self.tableElements.contains(name),
              output.writingMode?.isVertical != true else { return false }
        return (publisherStyles && style.backgroundColor != nil) || style.borders.isVisible
    }

    /// Opens the box of a block entered with `block` (its indents already its margins and padding, within
    /// `parent`): its border widths indent the block's lines too, its top border and padding wait as space above
    /// the next paragraph, and its paragraphs carry it.
    mutating func openBox(_ name: String, style: ComputedStyle, parent: BlockContext, block: inout BlockContext) {
        guard drawsBox(name, style: style) else { return }
        let borders = style.borders
        let rightToLeft = block.direction == .rightToLeft
        let (startBorder, endBorder) = rightToLeft ? (borders.right.usedWidth, borders.left.usedWidth)
            : (borders.left.usedWidth, borders.right.usedWidth)
        // The box's outer edges: the parent's indents and this block's margins (before its padding).
        let margins = rightToLeft ? (style.marginRight ?? 0, style.marginLeft ?? 0) : (style.marginLeft ?? 0, style.marginRight ?? 0)
        let outerStart = min(XHTMLConverter.maximumIndent, max(0, parent.startIndent + margins.0))
        let outerEnd = min(XHTMLConverter.maximumIndent, max(0, parent.endIndent + margins.1))
        block.startIndent = min(XHTMLConverter.maximumIndent, block.startIndent + startBorder)
        block.endIndent = min(XHTMLConverter.maximumIndent, block.endIndent + endBorder)
        let above = borders.top.usedWidth + style.padding.top
        let below = borders.bottom.usedWidth + style.padding.bottom
        let box = BoxDecoration(id: boxCount, background: publisherStyles ? style.backgroundColor : nil, border: borders,
                                left: rightToLeft ? outerEnd : outerStart, right: rightToLeft ? outerStart : outerEnd,
                                above: above, below: below)
        boxCount += 1
        block.boxes.append(box)
        pendingBoxSpace += above
    }

    /// Closes the box of a block left: its bottom border and padding wait as space above the next paragraph.
    mutating func closeBox(_ name: String, style: ComputedStyle) {
        guard drawsBox(name, style: style) else { return }
        pendingBoxSpace += style.borders.bottom.usedWidth + style.padding.bottom
    }
}
