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
    /// How far the block's content box (where its columns stand) is from the page column's left and right edges,
    /// in ems of the body size: the block's own margins, borders and padding and those of the blocks around it
    /// (Multi-column §2: they are outside the columns). Its paragraphs' indents are from the content box's edges,
    /// within their column.
    public var left = 0.0
    public var right = 0.0
    /// How many of its paragraphs' ``ParagraphStyle/boxes`` (the first ones) are the block's own box and the boxes
    /// around it, drawn across the whole block; the rest are boxes inside a column, drawn in their column.
    public var outerBoxes = 0
    /// `column-fill` (§7.1).
    public var fill = Fill.balance
    /// `height` on the block (CSS 2.1 §10.5), nil for `auto`: its columns are that tall at most (less when the page
    /// has less room left), and the block takes that height on its page.
    public var height: TextAttachment.Length?
    /// The block's own width and those of the blocks around it (``BlockWidth``), outermost first: its content box
    /// ends where its used width does, and stands where auto margins put it (left-to-right text only: a
    /// right-to-left block's columns keep their room).
    package var widths: [BlockWidth] = []

    /// How a block's lines are spread over its columns (`column-fill`, Multi-column §7.1).
    public enum Fill: String, Hashable, Sendable {
        /// Balanced on the block's last page; the pages before it have their columns filled in order.
        case balance
        /// Balanced on every page the block is on.
        case balanceAll
        /// Filled in order, each column to the bottom of the room (the page's, or the block's height) first.
        case auto
    }

    /// The most columns a block is set in.
    public static let maximumCount = 16

    /// The narrowest column a block is set in, in ems of the body size: about eight letters of prose. CSS sets
    /// `column-count` columns however narrow the page (Multi-column §3.4); a reader's page is often too narrow for
    /// the book's count at the reader's type size (three columns at 30 pt on a phone held three letters a line),
    /// so the count is lowered until the columns are this wide, as `column-width` would have it. A floor, not a
    /// comfortable measure: a 390 pt phone at 19 pt keeps three columns inside a bordered test box (IDPF's
    /// style-110 asks for them), and a book's two-column glossary keeps its two.
    public static let minimumWidth = 4.0

    /// Creates a multi-column block.
    public init(count: Int? = nil, width: Double? = nil, gap: Double = 1, startsBlock: Bool = true) {
        self.count = count; self.width = width; self.gap = gap; self.startsBlock = startsBlock
    }

    /// The used number of columns, their width and the gap in points, and the content box's left edge from the page
    /// column's (``left``), in a page column `available` points wide (Multi-column §3.4's pseudo-algorithm in the
    /// content box): as many columns of at least `width` as fit, at most `count`, and none narrower than
    /// ``minimumWidth``; at least one. The insets are limited as a paragraph's indents are, each to less than half
    /// the page column.
    func used(available: Float, emSize: Float) -> (count: Int, width: Float, gap: Float, left: Float) {
        let limit = max(0, (available - 1) / 2)
        var left = min(Float(max(0, self.left)) * emSize, limit)
        var right = min(Float(max(0, self.right)) * emSize, limit)
        if !widths.isEmpty {
            // A used width may leave the columns less than half the room, a point at least; auto margins move them.
            let resolved = widths.indents(end: self.right, columnWidth: Double(available), emSize: Double(emSize))
            left = min(left + Float(resolved.shift), max(left, available - right - 1))
            right = min(Float(resolved.end), max(right, available - left - 1))
        }
        let available = max(1, available - left - right)
        let gap = Float(max(0, self.gap)) * emSize
        var count = max(1, min(self.count ?? Self.maximumCount, Self.maximumCount))
        let narrowest = Float(max(width ?? 0, Self.minimumWidth)) * emSize
        if narrowest > 0, narrowest.isFinite {
            let fitting = ((available + gap) / (narrowest + gap)).rounded(.down)
            count = max(1, min(count, fitting < Float(Self.maximumCount) ? Int(fitting) : Self.maximumCount))
        }
        let columnWidth = max(1, (available + gap) / Float(count) - gap)
        return (count, columnWidth, gap, left)
    }
}
