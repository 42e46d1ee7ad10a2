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
    /// Boxes drawn behind the page's text: table cells (their backgrounds and borders) and tables' outer borders,
    /// in drawing order.
    public let boxes: [BlockBox]
    let placements: [PlacedLine]
    /// The placements that form table rows (cells side by side), in order; every other placement is a line of
    /// its column, below the one before it.
    let tableRows: [TableRowPlacement]

    init(index: Int, range: Range<UTF16Offset>, size: Size, section: Int, placements: [PlacedLine],
         boxes: [BlockBox] = [], tableRows: [TableRowPlacement] = []) {
        self.index = index; self.range = range; self.size = size; self.section = section
        self.placements = placements; self.boxes = boxes; self.tableRows = tableRows
    }

    /// Number of lines on the page.
    public var lineCount: Int { placements.count }
}

/// A box drawn on a page with its text: a table cell's background and border, or a table's outer border.
public struct BlockBox: Hashable, Sendable {
    /// The box in page coordinates (points); borders are drawn centred on its edges.
    public var rect: Rect
    /// The fill, or nil for none. Drawn made readable on the theme's page, as text colours are.
    public var background: Color?
    /// The border's width in points (0: no border).
    public var border: Double
    /// The border's colour, or nil for the theme's text colour.
    public var borderColor: Color?

    /// Creates a box.
    public init(rect: Rect, background: Color? = nil, border: Double = 0, borderColor: Color? = nil) {
        self.rect = rect; self.background = background; self.border = border; self.borderColor = borderColor
    }
}

/// A table row on a page: its placements, and each cell's placements with the cell's horizontal extent (page
/// coordinates), for hit testing.
struct TableRowPlacement: Sendable {
    var placements: Range<Int>
    var cells: [(placements: Range<Int>, minX: Float, maxX: Float)]
}
