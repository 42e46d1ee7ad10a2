import TypesetCore

/// A float's box (CSS 2.1 §9.5, §10.3.5): its margin box is the frame its paragraphs and its own border are set in,
/// standing at its containing block's edge on its side.
///
/// The float's block is entered as if its containing block were the column (its parent's indents cleared), so its
/// indents are its own margins, borders and padding (its ``TypesetCore/BlockFloat/room``) and their percentages
/// fractions of its containing block; the parent's indents become the float's insets (how far its containing
/// block's edges are from the column's; their own percentages taken of the reference measure). The layout sets the
/// float's paragraphs in its box and resolves their fractions of the box's width, so a float with a `width` turns
/// its own fractions into fractions of its box (``XHTMLConverter/BlockContext/reframeFractions(share:ems:boxesFrom:)``):
/// the box is `ems + share × C` for a containing block `C` wide, so `C` is again a fraction of the box plus ems. A
/// float that shrinks to its content, or with a width in points (not ems, which the box's ems are), takes its own
/// percentages of the reference measure (``CSSLength/referenceMeasure``), and one that shrinks the percentages inside it too.
extension XHTMLConverter {
    /// Enters the floated element at `path` (of `style`, floated `width` wide, nil to shrink) in `parent`: its
    /// block, set in its box, and its float (its side, width, room and insets; the caller fills in the rest).
    mutating func enterFloat(_ path: ElementPath, style: ComputedStyle, parent: BlockContext,
                             width: TextAttachment.Length?) -> (BlockContext, BlockFloat) {
        var framed = parent
        framed.clearIndents()
        var block = enterBlock(path, style: style, parent: framed)
        let floatSide = side(style.floatSide, direction: parent.direction)
        let (left, right) = parent.direction == .rightToLeft ? (parent.referenceEnd, parent.referenceStart)
            : (parent.referenceStart, parent.referenceEnd)
        let own = parent.boxes.count
        var room = block.startIndent + block.endIndent, fraction = block.startFraction + block.endFraction
        switch width {
        case .percent(let percent)? where fraction > 0:
            block.reframeFractions(share: percent / 100, ems: room, boxesFrom: own)
        case .ems(let ems)? where fraction > 0:
            block.reframeFractions(share: 0, ems: ems + room, boxesFrom: own)
        case .percent?, .ems?:
            break
        case .points?, nil:
            block.fixFractions(boxesFrom: own)
            room = block.startIndent + block.endIndent
            fraction = 0
        }
        block.fractionsOfReference = width == nil
        let float = BlockFloat(side: floatSide, width: width, outerBoxes: own, room: room, roomFraction: fraction,
                               inset: floatSide == .left ? left : right, farInset: floatSide == .left ? right : left)
        return (block, float)
    }
}

extension XHTMLConverter.BlockContext {
    /// A float's own indents and box edges (from its boxes `first` on), fractions of its containing block `C`, made
    /// fractions of its box: the box is `ems + (share + f) × C` wide in ems and points, `f` the float's own
    /// fractions, so `x × C` is `x / (share + f)` of the box less `x × ems / (share + f)` ems. The ems part of an
    /// indent may then be below 0.
    mutating func reframeFractions(share: Double, ems: Double, boxesFrom first: Int) {
        let whole = share + startFraction + endFraction
        guard whole > 0, whole.isFinite else { return }
        func reframe(_ indent: Double, _ fraction: Double) -> (Double, Double) { (indent - fraction * ems / whole, fraction / whole) }
        (startIndent, startFraction) = reframe(startIndent, startFraction)
        (endIndent, endFraction) = reframe(endIndent, endFraction)
        for index in boxes.indices where index >= first {
            var box = boxes[index]
            (box.left, box.leftFraction) = reframe(box.left, box.leftFraction)
            (box.right, box.rightFraction) = reframe(box.right, box.rightFraction)
            boxes[index] = box
        }
    }
}
