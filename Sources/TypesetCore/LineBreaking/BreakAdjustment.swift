/// What the width of a line gains when it ends or starts at a break opportunity inside a stretch shaped as one
/// (no space between: `word—The`, `„Wie`) where HarfBuzz says breaking is unsafe (`HB_GLYPH_FLAG_UNSAFE_TO_BREAK`):
/// a kern between the glyphs on either side is in the advance of the first, so a line ending there was measured as
/// if the next glyph followed it. Each side is shaped again on its own at shaping time (as Pango reshapes a line's
/// ends), and the difference is kept here, in ems of the run's size: the kern then belongs to neither line.
struct BreakAdjustment: Sendable {
    /// The opportunity's content offset.
    var offset: UInt32
    /// The paragraph attribute run whose size the ems are in.
    var attributeIndex: Int32
    /// Ems to add to a line ending at ``offset``: its last glyphs shaped without the glyphs after them.
    var endEms: Float
    /// Ems to add to a line starting at ``offset``: its first glyphs shaped without the glyphs before them.
    var startEms: Float
}
