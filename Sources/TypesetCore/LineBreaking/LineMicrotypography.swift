/// What microtypography (issue 24) did to one line: font expansion and protrusion. Kept in a table beside the lines
/// of a batch (``LineList``), made only when one of its lines has any: every line of a book pays for what a line
/// box holds, and both features are off by default.
struct LineMicrotypography: Sendable, Equatable {
    /// The horizontal scale of the line's glyphs other than its justifiable spaces and its hyphen (font
    /// expansion: 1.01 draws them, and advances them, 1 % wider); 1 on a line not expanded.
    var glyphScale: Float = 1
    /// What the scale adds to the line's width (negative when it narrows it), in points, and on a tracked line its
    /// letter-spacing too (``LineBox/clusterStretch`` times ``LineBox/gapCount``). Stored, not derived from the
    /// scale: that needs the line's space width, a pass over its glyphs, and the line's width is asked for often.
    var expansionWidth: Float = 0
    /// How far the line's first and last characters hang into the margins together, in points (protrusion):
    /// the line is that much wider than its column, and ``LineBox/x`` starts that much before its start edge.
    var protrusion: Float = 0

    /// A line set without microtypography.
    static let none = LineMicrotypography()
}
