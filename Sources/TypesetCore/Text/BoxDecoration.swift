/// How one edge of a box's border is drawn (CSS Backgrounds 3 `border-style`); `groove`, `ridge`, `inset` and
/// `outset` are drawn solid (their shading is a matter of taste books do not rely on).
public enum BorderStyle: String, Hashable, Sendable, CaseIterable {
    /// No border: the edge takes no room.
    case none
    case solid
    /// Square dots as long as the border is wide, a dot's length apart.
    case dotted
    /// Dashes three times as long as the border is wide, twice its width apart.
    case dashed
    /// Two lines, each a third of the width, a third apart.
    case double
}

/// One edge of a border: its width in ems of the body text, its style and its colour (nil: the text's).
public struct BorderEdge: Hashable, Sendable {
    public var width: Double
    public var style: BorderStyle
    public var color: Color?

    /// Creates an edge; a width that is not finite or below 0 is none.
    public init(width: Double = 0, style: BorderStyle = .none, color: Color? = nil) {
        self.width = width.isFinite ? max(0, width) : 0; self.style = style; self.color = color
    }

    /// The room the edge takes, in ems: its width when it is drawn, else 0 (CSS: `border-style: none` computes the
    /// width to 0).
    public var usedWidth: Double { style == .none ? 0 : width }
}

/// The four edges of a border, in the page's physical directions.
public struct BorderEdges: Hashable, Sendable {
    public var top: BorderEdge
    public var right: BorderEdge
    public var bottom: BorderEdge
    public var left: BorderEdge

    /// Creates the edges (none by default).
    public init(top: BorderEdge = BorderEdge(), right: BorderEdge = BorderEdge(), bottom: BorderEdge = BorderEdge(),
                left: BorderEdge = BorderEdge()) {
        self.top = top; self.right = right; self.bottom = bottom; self.left = left
    }

    /// Whether any edge is drawn.
    public var isVisible: Bool { top.usedWidth > 0 || right.usedWidth > 0 || bottom.usedWidth > 0 || left.usedWidth > 0 }
}

/// The box of a block element drawn with its lines (CSS 2.1 §8 and Backgrounds 3): its background and border
/// around the lines of the paragraphs inside it. A paragraph carries the boxes of every decorated block it is in
/// (``ParagraphStyle/boxes``, outermost first); paragraphs in a row with the same ``id`` share one box.
///
/// Lengths are in ems of the body text, as indents are. The block's padding and border take room as its
/// paragraphs' indents (left and right) and as space above its first paragraph and below its last (the reader's
/// document sets them); the box only says where to draw. Across a page or column break the box is sliced
/// (`box-decoration-break: slice`): each part is drawn with its sides, the top edge only where the block starts
/// and the bottom edge only where it ends.
public struct BoxDecoration: Hashable, Sendable {
    /// Tells the paragraphs of one box from those of another with the same look (any value unique in the text).
    public var id: Int
    /// The background, or nil for none; drawn made readable on the theme's page, as text colours are.
    public var background: Color?
    /// The box the background colour is cut to: the `background-clip` of the bottom image layer (CSS
    /// Backgrounds 3 §3.2), the border box unless it says.
    public var backgroundClip = BackgroundLayer.Area.borderBox
    /// The background image's layers, the first drawn on top (CSS order), over ``background``.
    public var images: [BackgroundLayer]
    public var border: BorderEdges
    /// Its rounded corners (`border-radius`), which clip its background and images and round its border.
    public var radii = BorderRadii()
    /// Its padding in ems (its lines are already indented by it): where its content box is, for a background
    /// placed in it or cut to it.
    public var padding = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    /// Room from the column's left and right edges to the box's outer (border) edges, in ems.
    public var left: Double
    public var right: Double
    /// The parts of that room that are fractions of the column's width (percentage margins, resolved at layout as
    /// a paragraph's are: ``IndentFractions``): added to ``left`` and ``right``; 0 but for a book's percentages.
    package var leftFraction = 0.0
    package var rightFraction = 0.0
    /// The widths of its block and the blocks around it (``ParagraphStyle/widths``), outermost first: its end edge
    /// (right, or left in right-to-left text) is where its block's used width puts it.
    package var widths: [BlockWidth] = []
    /// Whether its block's end is its left side (right-to-left text), where ``widths`` narrow it.
    package var endsLeft = false
    /// Whether its block is inside a table's cell (or a box of a row of inline-blocks, `CellFlow`): `left` and
    /// `right` are then from the cell's content box, and it is drawn there.
    package var inCell = false
    /// Room from the box's top edge to its first line, and from its last line to its bottom edge, in ems: its
    /// border and padding, those of the boxes inside it that start (end) with it, and the margins they keep inside
    /// it (CSS 2.1 §8.3.1).
    public var above: Double
    public var below: Double

    /// The most boxes a paragraph is drawn inside (nested decorated blocks); a paragraph deeper keeps its innermost.
    public static let maximumNesting = 8

    /// Creates a box.
    public init(id: Int, background: Color? = nil, images: [BackgroundLayer] = [], border: BorderEdges = BorderEdges(),
                left: Double = 0, right: Double = 0, above: Double = 0, below: Double = 0) {
        self.id = id; self.background = background; self.images = images; self.border = border
        func clean(_ value: Double) -> Double { value.isFinite ? max(0, value) : 0 }
        self.left = clean(left); self.right = clean(right); self.above = clean(above); self.below = clean(below)
    }
}
