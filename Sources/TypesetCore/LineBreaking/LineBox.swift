/// One line of a laid-out paragraph, in the paragraph's own coordinates (x from the column's left edge,
/// y from the paragraph's first line top). Values are points stored as `Float` to keep lines small.
struct LineBox: Sendable {
    /// Content-relative UTF-16 range, trailing spaces and a terminating hard break included.
    var start: Int32
    var end: Int32
    /// Width of the line's visible content (hanging trailing spaces excluded), before justification.
    var width: Float
    /// Left edge of the line's content, from the column's left edge (alignment and indents applied).
    var x: Float
    /// Top of the line box, from the top of the paragraph's first line.
    var top: Float
    /// Height of the line box (the line-height multiple applied).
    var height: Float
    /// Baseline, from the line box's top.
    var baseline: Float
    /// Ascent and descent (positive) of the line's fonts at their sizes: the caret's extent.
    var ascent: Float
    var descent: Float
    /// Extra width added to each justifiable space.
    var spaceStretch: Float
    /// Whether the line ends at a mandatory break (or the end of the paragraph).
    var endsParagraphOrHardBreak: Bool

    var range: Range<Int> { Int(start)..<Int(end) }
}
