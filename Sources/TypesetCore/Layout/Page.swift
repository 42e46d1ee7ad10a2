/// One page of a laid-out book.
public struct Page: Sendable {
    /// Zero-based page number.
    public let index: Int
    /// The UTF-16 range of the text on the page. Pages partition the document.
    public let range: Range<UTF16Offset>
    /// The page's size in points (for a scroll layout: the page width and the whole text's height).
    public let size: Size
    /// The index of the section (chapter) the page belongs to.
    public let section: Int
    /// How the page's lines run: its section's writing mode, or its block's for a block in a mode of its own
    /// (``StyledText/paragraphWritingModes``, which stands on pages of its own), the reader's vertical-text setting
    /// applied. A page holds one mode; in a book whose documents differ, an app turns or scrolls each page as its
    /// mode says (a vertical page's lines stack right to left for `vertical-rl`), while pages follow one another as
    /// the book's page progression says (``BookLayout/inferredPageProgression`` when the book gives none).
    public let writingMode: WritingMode
    /// Boxes drawn behind the page's text: decorated blocks (their backgrounds and borders, see
    /// ``BoxDecoration``), table cells and tables' outer borders, in drawing order.
    public let boxes: [BlockBox]
    let placements: [PlacedLine]
    /// The placements that form table rows (cells side by side), in order; every other placement is a line of
    /// its column, below the one before it.
    let tableRows: [TableRowPlacement]

    init(index: Int, range: Range<UTF16Offset>, size: Size, section: Int, writingMode: WritingMode = .horizontal,
         placements: [PlacedLine], boxes: [BlockBox] = [], tableRows: [TableRowPlacement] = []) {
        self.index = index; self.range = range; self.size = size; self.section = section; self.writingMode = writingMode
        self.placements = placements; self.boxes = boxes; self.tableRows = tableRows
    }

    /// The page as page `index` of the layout, set in `writingMode`, its size and boxes replaced.
    func placed(index: Int, writingMode: WritingMode, size: Size, boxes: [BlockBox]) -> Page {
        Page(index: index, range: range, size: size, section: section, writingMode: writingMode, placements: placements,
             boxes: boxes, tableRows: tableRows)
    }

    /// Number of lines on the page.
    public var lineCount: Int { placements.count }
}

/// A box drawn on a page with its text: a decorated block's background and border, a table cell's, or a table's
/// outer border.
public struct BlockBox: Hashable, Sendable {
    /// The box in page coordinates (points): a block's border box (``edges`` drawn inside it), or a table's box
    /// (``border`` drawn centred on its edges).
    public var rect: Rect
    /// The fill, or nil for none. Drawn made readable on the theme's page, as text colours are.
    public var background: Color?
    /// The border's width in points (0: no border).
    public var border: Double
    /// The border's colour, or nil for the theme's text colour.
    public var borderColor: Color?

    /// A block's border edges, their widths in points, drawn inside ``rect`` in their styles; nil for a table's
    /// box.
    public var edges: BorderEdges?

    /// A block's background image layers (first on top), drawn over ``background`` inside ``rect``.
    public var images: [BackgroundLayer] = []
    /// The padding box of the whole block in page points, from which its other boxes are found (``area(_:)``):
    /// where the layers are placed and cut. For a block sliced across pages or columns it reaches beyond ``rect``
    /// (the part here), as though the block were drawn unbroken. Nil for a table's box and for a block drawn
    /// in its border box alone.
    public var imageArea: Rect?
    /// The whole block's border widths and padding in points, by page side (not cut at a slice): with
    /// ``imageArea`` they give its border and content boxes (``area(_:)``).
    public var borderWidths = EdgeInsets(all: 0)
    public var padding = EdgeInsets(all: 0)
    /// The box ``background`` is cut to (`background-clip` of the bottom image layer).
    public var backgroundClip = BackgroundLayer.Area.borderBox
    /// A block's rounded corners in points, nil for square ones: its background, images and border follow them.
    /// A block sliced across pages has its top corners rounded only where it starts, its bottom ones where it
    /// ends.
    public var radii: CornerRadii?
    /// Points per em of the layers' lengths (the body size).
    public var emSize = 0.0

    /// Creates a table's box.
    public init(rect: Rect, background: Color? = nil, border: Double = 0, borderColor: Color? = nil) {
        self.rect = rect; self.background = background; self.border = border; self.borderColor = borderColor
    }

    /// Creates a block's box, its edges' widths given in ems of `emSize` points.
    init(rect: Rect, background: Color?, edges: BorderEdges, emSize: Double) {
        self.init(rect: rect, background: background, edgesInPoints: edges.scaled(by: emSize))
    }

    /// Creates a block's box, its edges' widths given in points (a table's and its cells' boxes).
    init(rect: Rect, background: Color?, edgesInPoints edges: BorderEdges) {
        self.init(rect: rect, background: background)
        self.edges = edges
    }
}

/// A table row on a page: its placements, and each cell's placements with the cell's horizontal extent (page
/// coordinates), for hit testing.
struct TableRowPlacement: Sendable {
    var placements: Range<Int>
    var cells: [(placements: Range<Int>, minX: Float, maxX: Float)]
    /// Each cell's vertical extent (page coordinates), for rows joined by cells spanning rows; empty when every
    /// cell spans the whole band (one table row, a float's band, a multi-column block's columns).
    var cellExtents: [(minY: Double, maxY: Double)] = []
}
