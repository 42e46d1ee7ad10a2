/// A table's own box (CSS 2.1 §17.5.1 and §17.6): its border and background, and how its cells' borders meet.
///
/// In the separated borders model (``collapsesBorders`` false) each cell draws its own border, ``spacing`` apart
/// from its neighbours and from the table's border, and the table's background shows between them. In the
/// collapsing model the cells touch: the border between two neighbours is one line, the winner of their edges
/// (CSS 2.1 §17.6.2.1: the wider, then by style, then the cell over the row over the table), and the table's own
/// edges take part in the outer cells' contests; ``spacing`` is then unused.
public struct TableFrame: Hashable, Sendable {
    /// The table's border edges, widths in ems of the body text.
    public var borders: BorderEdges
    /// The table's background, or nil for none; drawn made readable on the theme's page, as text colours are.
    public var background: Color?
    /// `border-spacing`, in ems of the body text: across between columns (and between the outer columns and the
    /// table's border) as its width, down between rows as its height.
    public var spacing: Size
    /// `border-collapse: collapse`.
    public var collapsesBorders: Bool
    /// Set when the cells are not a table's but a run of `inline-block` siblings (``CellFlow``): they then stand
    /// side by side at their own widths and wrap onto the next line as a line of words does; nil for a table.
    package var flow: CellFlow?

    /// Creates a table's box (by default none: no border, no background, cells touching).
    public init(borders: BorderEdges = BorderEdges(), background: Color? = nil, spacing: Size = Size(width: 0, height: 0),
                collapsesBorders: Bool = false) {
        self.borders = borders; self.background = background; self.spacing = spacing; self.collapsesBorders = collapsesBorders
        flow = nil
    }

    /// The most an edge or the spacing is, in ems (a crafted table must leave its cells room).
    public static let maximumEms = 1.0
}

extension BorderEdges {
    /// The four edges all solid, `width` ems wide, in `color` (nil: the text's); none for a width of 0.
    public static func solid(_ width: Double, color: Color? = nil) -> BorderEdges {
        let edge = BorderEdge(width: width, style: width > 0 ? .solid : .none, color: color)
        return BorderEdges(top: edge, right: edge, bottom: edge, left: edge)
    }

    /// Each edge's width limited to `maximum` (and made finite and non-negative).
    func limited(to maximum: Double) -> BorderEdges {
        func edge(_ edge: BorderEdge) -> BorderEdge { BorderEdge(width: min(edge.width, maximum), style: edge.style, color: edge.color) }
        return BorderEdges(top: edge(top), right: edge(right), bottom: edge(bottom), left: edge(left))
    }

    /// The edges with their widths multiplied by `factor` (ems to points).
    func scaled(by factor: Double) -> BorderEdges {
        func edge(_ edge: BorderEdge) -> BorderEdge { BorderEdge(width: edge.usedWidth * factor, style: edge.style, color: edge.color) }
        return BorderEdges(top: edge(top), right: edge(right), bottom: edge(bottom), left: edge(left))
    }
}

extension BorderEdge {
    /// The edge that wins among `edges` where borders collapse (CSS 2.1 §17.6.2.1): none loses to any drawn edge;
    /// the wider wins; at equal widths, by style (double, solid, dashed, dotted); at a tie, the first (`edges`
    /// come in order of precedence: the cell above or before the other, a cell before its row or its table).
    package static func winner(_ edges: [BorderEdge]) -> BorderEdge {
        var contest = BorderContest()
        for edge in edges { contest.enter(edge) }
        return contest.winner
    }

    /// A style's rank between two edges as wide (§17.6.2.1 rule 3; the styles drawn solid rank as solid).
    fileprivate static func rank(_ style: BorderStyle) -> Int {
        switch style {
        case .double: 4
        case .solid: 3
        case .dashed: 2
        case .dotted: 1
        case .none: 0
        }
    }
}

/// The contest of ``BorderEdge/winner(_:)`` run one edge at a time, with no array of the contestants: enter them in
/// order of precedence, then read ``winner``.
struct BorderContest {
    private(set) var winner = BorderEdge()

    mutating func enter(_ edge: BorderEdge) {
        if edge.usedWidth > 0 && (winner.usedWidth == 0 || edge.usedWidth > winner.usedWidth
            || (edge.usedWidth == winner.usedWidth && BorderEdge.rank(edge.style) > BorderEdge.rank(winner.style))) {
            winner = edge
        }
    }
}
