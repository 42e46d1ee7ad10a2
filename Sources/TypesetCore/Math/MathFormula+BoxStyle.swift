extension MathFormula {
    /// The CSS box of an element beyond what MathML's attributes say (MathML Core §3.1.2, "Box model": every MathML
    /// element is a CSS box, its padding and border added around its content box, which its layout algorithm
    /// computes): its padding and its border edges, in ems of the formula. A reader builds it from the book's
    /// styles; its background and colour travel as `mathbackground` and `mathcolor`.
    package struct BoxStyle: Hashable, Sendable {
        /// Padding on each side, ems of the formula (negative values are taken as 0, as CSS rejects them).
        package var top = 0.0, right = 0.0, bottom = 0.0, left = 0.0
        /// The border edges, their widths in ems of the formula.
        package var border = BorderEdges()

        package init(top: Double = 0, right: Double = 0, bottom: Double = 0, left: Double = 0, border: BorderEdges = BorderEdges()) {
            func length(_ value: Double) -> Double { value.isFinite ? min(max(0, value), MathLength.maximumEms) : 0 }
            self.top = length(top); self.right = length(right); self.bottom = length(bottom); self.left = length(left)
            self.border = border
            for side in [\BorderEdges.top, \.right, \.bottom, \.left] { self.border[keyPath: side].width = length(border[keyPath: side].width) }
        }

        /// The room the box takes around its content on each side: padding and the border's used width.
        var insets: (top: Double, right: Double, bottom: Double, left: Double) {
            (top + border.top.usedWidth, right + border.right.usedWidth, bottom + border.bottom.usedWidth, left + border.left.usedWidth)
        }

        /// Whether it takes no room and draws nothing.
        var isEmpty: Bool {
            let room = insets
            return room.top == 0 && room.right == 0 && room.bottom == 0 && room.left == 0
        }
    }
}

extension MathLayout {
    /// Adds a node's CSS padding and border around the box its layout algorithm gave it (MathML Core §3.1.2): its
    /// children, and what it draws itself (the items from `glyphsFrom` and `rulesFrom` on), move right by the
    /// left padding and border; its box (line and ink) grows on every side; its border edges are drawn in their
    /// styles, in its colour unless they give their own, the top and bottom edges across the corners.
    mutating func applyBoxStyle(_ node: Int, _ style: MathFormula.BoxStyle, children: [Int], glyphsFrom: Int, rulesFrom: Int) {
        let room = style.insets
        for child in children { offsets[child].x += room.left }
        for index in glyphsFrom..<glyphItems.count { glyphItems[index].glyph.x += room.left }
        for index in rulesFrom..<ruleItems.count { ruleItems[index].rule.x += room.left }
        var box = boxes[node]
        box.width += room.left + room.right
        box.ascent += room.top; box.descent += room.bottom
        box.inkAscent += room.top; box.inkDescent += room.bottom
        box.topAccent = box.topAccent.map { $0 + room.left }
        box.italic = 0
        boxes[node] = box
        let border = style.border, height = box.ascent + box.descent
        let top = border.top.usedWidth, bottom = border.bottom.usedWidth
        line(node, border.top.style, x: 0, y: box.ascent - top, width: box.width, height: top, vertical: false, color: border.top.color)
        line(node, border.bottom.style, x: 0, y: -box.descent, width: box.width, height: bottom, vertical: false,
             color: border.bottom.color)
        line(node, border.left.style, x: 0, y: -box.descent + bottom, width: border.left.usedWidth, height: height - top - bottom,
             vertical: true, color: border.left.color)
        line(node, border.right.style, x: box.width - border.right.usedWidth, y: -box.descent + bottom,
             width: border.right.usedWidth, height: height - top - bottom, vertical: true, color: border.right.color)
    }
}
