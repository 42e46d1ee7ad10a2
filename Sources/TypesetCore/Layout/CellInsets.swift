/// Room on the four sides of a table's or cell's box, in points (padding, border, spacing).
struct CellInsets: Equatable {
    var top: Float = 0, right: Float = 0, bottom: Float = 0, left: Float = 0

    /// Padding given in ems, in points at `scale` points per em.
    init(_ insets: EdgeInsets, scale: Float) {
        self.init(top: Float(insets.top) * scale, right: Float(insets.right) * scale, bottom: Float(insets.bottom) * scale,
                  left: Float(insets.left) * scale)
    }

    init(top: Float = 0, right: Float = 0, bottom: Float = 0, left: Float = 0) {
        self.top = top; self.right = right; self.bottom = bottom; self.left = left
    }

    /// Each side multiplied by `factor`.
    func scaled(by factor: Float) -> CellInsets {
        CellInsets(top: top * factor, right: right * factor, bottom: bottom * factor, left: left * factor)
    }

    /// Each side at most `maximum`.
    func limited(to maximum: Float) -> CellInsets {
        CellInsets(top: min(top, maximum), right: min(right, maximum), bottom: min(bottom, maximum), left: min(left, maximum))
    }
}
