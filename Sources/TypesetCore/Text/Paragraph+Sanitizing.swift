/// Style values that cannot be laid out, replaced where they enter the text model.
///
/// A ``TextStyle`` or ``ParagraphStyle`` comes from an API caller or a book's CSS, and a NaN, infinite or negative
/// size would otherwise turn into NaN geometry (lines nowhere, carets at NaN, selection rectangles of infinite
/// width) or lines outside their column, all found by the layout fuzzer. As CSS ignores an invalid declaration,
/// a value that means nothing falls back to its default, and a finite one is clamped to a range that layout
/// arithmetic handles; the text and its offsets are never touched.
extension TextStyle {
    /// The largest font scale kept (100 × the reader's size; `ParagraphFormat` caps the resulting points too).
    public static let maximumFontScale: Double = 100

    /// This style with `fontScale` finite and in `0...maximumFontScale` (NaN, infinite and negative scales
    /// become 1; 0 stays: zero-size text is valid) and `weight` in OpenType's `1...1000`.
    public var sanitized: TextStyle {
        var style = self
        style.fontScale = fontScale.isFinite && fontScale >= 0 ? min(fontScale, Self.maximumFontScale) : 1
        style.weight = min(max(weight, 1), 1000)
        return style
    }
}

extension ParagraphStyle {
    /// The largest space before and block indent kept, in ems (as ``TypographySettings``' paragraph spacing).
    public static let maximumEms: Double = 100

    /// This style with `spaceBefore` and `blockIndent` finite and in `0...maximumEms` (NaN, infinite and negative
    /// values become 0), and `firstLineIndent` finite and in `-blockIndent...maximumEms` (a non-finite indent
    /// becomes nil: the reader's). Indents wider than the column are limited later, when the width is known.
    public var sanitized: ParagraphStyle {
        func ems(_ value: Double) -> Double { value.isFinite && value >= 0 ? min(value, Self.maximumEms) : 0 }
        var style = self
        style.spaceBefore = ems(spaceBefore)
        style.blockIndent = ems(blockIndent)
        style.firstLineIndent = firstLineIndent.flatMap { $0.isFinite ? min(max($0, -style.blockIndent), Self.maximumEms) : nil }
        return style
    }
}
