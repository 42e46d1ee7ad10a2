/// A multi-column block (CSS Multi-column Layout 1): consecutive paragraphs set in columns side by side within the
/// page's column, their lines balanced across the columns, continuing on the next page when they do not fit.
public struct BlockColumns: Hashable, Sendable {
    /// `column-count`, nil for `auto`.
    public var count: Int?
    /// `column-width` in ems of the body size, nil for `auto`.
    public var width: Double?
    /// `column-gap` in ems of the body size (`normal` is 1 em).
    public var gap: Double
    /// Whether this paragraph starts a block (a multi-column block's later paragraphs continue the one before).
    public var startsBlock: Bool
    /// `column-rule`: the line drawn down the middle of each gap between two columns that both have content
    /// (Multi-column §4), its width in ems of the body size; none by default. It takes no room.
    public var rule = BorderEdge()

    /// The most columns a block is set in.
    public static let maximumCount = 16

    /// Creates a multi-column block.
    public init(count: Int? = nil, width: Double? = nil, gap: Double = 1, startsBlock: Bool = true) {
        self.count = count; self.width = width; self.gap = gap; self.startsBlock = startsBlock
    }

    /// The used number of columns and their width in points in `available` points (Multi-column §3.4's pseudo-
    /// algorithm): as many columns of at least `width` as fit, at most `count`; at least one.
    func used(available: Float, emSize: Float) -> (count: Int, width: Float, gap: Float) {
        let gap = Float(max(0, self.gap)) * emSize
        var count = max(1, min(self.count ?? Self.maximumCount, Self.maximumCount))
        if let width, width > 0 {
            let fitting = Int(((available + gap) / (Float(width) * emSize + gap)).rounded(.down))
            count = max(1, min(count, fitting))
        }
        let columnWidth = max(1, (available + gap) / Float(count) - gap)
        return (count, columnWidth, gap)
    }
}
