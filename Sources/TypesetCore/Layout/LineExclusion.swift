/// The room floats take beside some of a paragraph's lines (CSS 2.1 §9.5: line boxes next to a float are
/// shortened): lines `first..<first + lines` lose `left` points on the column's left and `right` on its right (the
/// first lines for floats above the paragraph; later ones for a float anchored in its text, ``BlockFloat/anchor``).
/// Like a drop cap's indent it only narrows lines; the paragraph is shaped once whatever its widths.
struct LineExclusion: Hashable, Sendable {
    /// The first line beside the floats, and how many lines from it are.
    var first = 0
    var lines: Int
    /// The width taken on the column's left and right, in points.
    var left: Float
    var right: Float

    /// No float beside the paragraph.
    static let none = LineExclusion(lines: 0, left: 0, right: 0)

    /// The line after the last one beside the floats (saturating: a count from a caller never traps).
    var end: Int { first.addingReportingOverflow(lines).overflow ? Int.max : first + lines }

    /// This exclusion as it narrows the lines of a block indented `left` and `right` points from the column's (or
    /// cell's) edges: a float shortens the line boxes beside it, not the block's box (CSS 2.1 §9.5), so a line
    /// starts at the float's edge or at its block's, whichever lies further in, never the two added (a `<dd>`'s
    /// margin beside a floated `<dt>`, a quotation's beside a floated picture).
    func within(left: Float, right: Float) -> LineExclusion {
        guard lines > 0 else { return self }
        var exclusion = self
        exclusion.left = max(0, self.left - max(0, left))
        exclusion.right = max(0, self.right - max(0, right))
        return exclusion
    }

    /// This exclusion within the block of a paragraph formatted as `format` and set in `direction`
    /// (``within(left:right:)``): its start indent on the left, or on the right in right-to-left text.
    func within(format: ParagraphFormat, direction: WritingDirection) -> LineExclusion {
        direction == .rightToLeft ? within(left: format.endIndent, right: format.blockIndent)
            : within(left: format.blockIndent, right: format.endIndent)
    }

    /// How far line `index` moves right and how much narrower it is, in points.
    @inline(__always)
    func narrowing(ofLine index: Int) -> (shift: Float, width: Float) {
        index >= first && index < end ? (left, left + right) : (0, 0)
    }

    /// The lines beside either exclusion, narrowed by the most either takes on each side (several floats shorten
    /// the lines beside them together, from the highest to the lowest).
    func union(_ other: LineExclusion) -> LineExclusion {
        guard lines > 0 else { return other }
        guard other.lines > 0 else { return self }
        let first = min(self.first, other.first)
        return LineExclusion(first: first, lines: max(end, other.end) - first, left: max(left, other.left),
                             right: max(right, other.right))
    }
}
