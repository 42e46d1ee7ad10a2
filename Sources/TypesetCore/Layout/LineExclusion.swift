/// The room floats take beside a paragraph's first lines (CSS 2.1 §9.5: line boxes next to a float are
/// shortened): lines `0..<lines` lose `left` points on the column's left and `right` on its right. Like a drop
/// cap's indent it only narrows lines; the paragraph is shaped once whatever its widths.
struct LineExclusion: Hashable, Sendable {
    /// How many lines from the paragraph's first are beside the floats.
    var lines: Int
    /// The width taken on the column's left and right, in points.
    var left: Float
    var right: Float

    /// No float beside the paragraph.
    static let none = LineExclusion(lines: 0, left: 0, right: 0)

    /// How far line `index` moves right and how much narrower it is, in points.
    @inline(__always)
    func narrowing(ofLine index: Int) -> (shift: Float, width: Float) {
        index < lines ? (left, left + right) : (0, 0)
    }
}
