import TypesetCore

extension ComputedStyle {
    /// This style's box (margins, padding, borders, corner radii) turned into the line frame of `mode`, where
    /// vertical text is laid out as horizontal text on the page turned a quarter (the layout's `LineFrame`): its
    /// top the block-start side (the right of `vertical-rl`, the left of `vertical-lr`), its left the inline-start
    /// side (the top), its right the inline end (the bottom), its bottom the block end. So a block in vertical text
    /// gets the same insets, in the flow's terms, as the same block in horizontal text (CSS Writing Modes 4 §6.4):
    /// its top margin and padding push its lines down the column (a line-head indent), its right ones (in
    /// `vertical-rl`) space it from the block before. Whether the publisher set a margin follows its side (the
    /// built-in sheet's block margins stay the reader's); a block margin the publisher set (``bookMarginTop``) is
    /// the margin itself. The style
    /// itself for horizontal text (or no mode).
    func inLineFrame(_ mode: WritingMode?) -> ComputedStyle {
        guard let mode, mode.isVertical else { return self }
        let rightToLeft = mode == .verticalRightToLeft
        var turned = self
        // The percentages of a turned box stay taken of the reference measure (its inline sides are the page's top
        // and bottom, whose percentages the layout does not resolve).
        turned.inlinePercents = InlinePercents()
        // The page side each line-frame side is: top (block start), bottom (block end); left and right are the
        // page's top and bottom in both modes.
        let (blockStart, blockEnd) = rightToLeft ? (self.marginRight, self.marginLeft) : (self.marginLeft, self.marginRight)
        turned.marginTop = blockStart
        turned.marginBottom = blockEnd
        turned.marginLeft = self.marginTop
        turned.marginRight = self.marginBottom
        let (startFromPublisher, endFromPublisher) = rightToLeft ? (self.marginRightFromPublisher, self.marginLeftFromPublisher)
            : (self.marginLeftFromPublisher, self.marginRightFromPublisher)
        turned.marginTopFromPublisher = blockStart != nil && startFromPublisher
        turned.marginBottomFromPublisher = blockEnd != nil && endFromPublisher
        turned.marginLeftFromPublisher = self.marginTopFromPublisher
        turned.marginRightFromPublisher = self.marginBottomFromPublisher
        turned.bookMarginTop = startFromPublisher ? blockStart : nil
        turned.bookMarginBottom = endFromPublisher ? blockEnd : nil
        let p = self.padding
        turned.padding = Insets(top: rightToLeft ? p.right : p.left, right: p.bottom, bottom: rightToLeft ? p.left : p.right, left: p.top)
        let b = self.borders
        turned.borders = BorderEdges(top: rightToLeft ? b.right : b.left, right: b.bottom, bottom: rightToLeft ? b.left : b.right,
                                     left: b.top)
        // Corners: the line frame's top-left corner is the page's top-right in vertical-rl, its top-left in
        // vertical-lr (and so round); a corner's horizontal radius runs along the line, the page's vertical one.
        let corners: [CSSBorderRadius.Corner: CSSBorderRadius.Corner] = rightToLeft
            ? [.topLeft: .topRight, .topRight: .bottomRight, .bottomRight: .bottomLeft, .bottomLeft: .topLeft]
            : [.topLeft: .topLeft, .topRight: .bottomLeft, .bottomRight: .bottomRight, .bottomLeft: .topRight]
        turned.radii = [:]
        for (lineCorner, pageCorner) in corners {
            if let (horizontal, vertical) = self.radii[pageCorner] { turned.radii[lineCorner] = (vertical, horizontal) }
        }
        return turned
    }
}
