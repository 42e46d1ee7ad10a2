import Testing
import TypesetCore
import TypesetTestSupport

/// Which edge is drawn where two meet in a table whose borders collapse (CSS 2.1 §17.6.2.1): the wider; at equal
/// widths the style that ranks higher (double, solid, dashed, dotted); at a tie the cell before (or above) the
/// other, and a cell before its table. Checked on the boxes a laid-out page draws.
@Suite struct TableCollapsedBorderTests {
    static let red = Color(hex: "#cc0000"), blue = Color(hex: "#0000cc"), green = Color(hex: "#008800")

    /// A one-row table of two cells whose borders collapse, the first with right edge `right`, the second with left
    /// edge `left`, the table with left edge `table`; the page's boxes.
    static func boxes(right: BorderEdge, left: BorderEdge, table: BorderEdge = BorderEdge()) throws -> (boxes: [BlockBox], size: Double) {
        var paragraphs: [(String, ParagraphStyle)] = [("Before the table.", .body)]
        for column in 0..<2 {
            var cell = TableCell(table: 0, row: 0, column: column)
            cell.borders = BorderEdges(right: column == 0 ? right : BorderEdge(), left: column == 0 ? BorderEdge(width: 1.0 / 16, style: .solid, color: Self.red) : left)
            cell.frame = TableFrame(borders: BorderEdges(left: table), collapsesBorders: true)
            paragraphs.append((column == 0 ? "Tea" : "Kettle", ParagraphStyle(tableCell: cell)))
        }
        paragraphs.append(("After the table.", .body))
        let layout = try TableLayoutTests.layout(try PaginationTests.text(paragraphs))
        return (layout.pages[0].boxes, layout.settings.fontSize)
    }

    /// (the first cell's right edge, the second's left edge, which is drawn between them).
    static let contests: [(BorderEdge, BorderEdge, BorderEdge)] = {
        let thinRed = BorderEdge(width: 1.0 / 16, style: .solid, color: Self.red), thickBlue = BorderEdge(width: 3.0 / 16, style: .solid, color: blue)
        let dottedRed = BorderEdge(width: 2.0 / 16, style: .dotted, color: Self.red), doubleBlue = BorderEdge(width: 2.0 / 16, style: .double, color: blue)
        let solidRed = BorderEdge(width: 2.0 / 16, style: .solid, color: Self.red), solidBlue = BorderEdge(width: 2.0 / 16, style: .solid, color: blue)
        return [
            (thinRed, thickBlue, thickBlue),        // the wider
            (thickBlue, thinRed, thickBlue),
            (dottedRed, doubleBlue, doubleBlue),    // double over dotted
            (doubleBlue, dottedRed, doubleBlue),
            (solidRed, solidBlue, solidRed),        // a tie: the cell before
            (BorderEdge(), solidBlue, solidBlue),   // none loses
            (solidRed, BorderEdge(width: 5.0 / 16, style: .none, color: blue), solidRed),
        ]
    }()

    @Test(arguments: contests) func theWinnerIsDrawnOnce(_ right: BorderEdge, _ left: BorderEdge, _ expected: BorderEdge) throws {
        let (boxes, size) = try Self.boxes(right: right, left: left)
        // The cells' boxes: the first draws its top and left edges, the second its top, left (the shared edge) and
        // right (the table's end); then their bottom edges.
        try #require(boxes.count >= 2)
        let first = try #require(boxes[0].edges), second = try #require(boxes[1].edges)
        #expect(first.right.usedWidth == 0, "the first cell leaves the shared edge to the second")
        #expect(second.left.usedWidth == expected.usedWidth * size && second.left.style == expected.style && second.left.color == expected.color,
                "drawn: \(second.left), expected \(expected)")
        // The shared edge lies centred on the line between the cells: the second box starts half of it before the
        // first box's end (which reaches half of it past the line).
        let overlap = boxes[0].rect.maxX - boxes[1].rect.minX
        #expect(abs(overlap - expected.usedWidth * size) < 0.001, "the boxes overlap by \(overlap)")
    }

    /// On the table's outside the table's edge takes part: a cell's edge wins a tie, a wider table edge wins.
    @Test func theTablesEdgeTakesPartOutside() throws {
        let cellEdge = BorderEdge(width: 1.0 / 16, style: .solid, color: Self.red)
        let (tie, size) = try Self.boxes(right: BorderEdge(), left: BorderEdge(), table: BorderEdge(width: 1.0 / 16, style: .solid, color: Self.green))
        #expect(tie[0].edges?.left == BorderEdge(width: cellEdge.width * size, style: .solid, color: Self.red))
        let (wider, _) = try Self.boxes(right: BorderEdge(), left: BorderEdge(), table: BorderEdge(width: 2.0 / 16, style: .solid, color: Self.green))
        #expect(wider[0].edges?.left == BorderEdge(width: 2.0 / 16 * size, style: .solid, color: Self.green))
    }
}
