import TypesetCore

extension PageRenderer {
    /// Draws a block's border edges inside `rect` (its border box, page points), each in its style and colour (nil:
    /// the theme's text colour; see ``ReadableColors/border(_:on:)`` for a book's, the box standing on `ground`,
    /// nil for the page). Top and bottom edges run the box's whole width; left and right ones between them. A
    /// double edge is two lines a third of its width each: the outer one along the box's edge, the inner one inside
    /// the adjacent edges' inner lines, as two nested solid borders would be drawn.
    func drawEdges(_ edges: BorderEdges, rect: Rect, ground: Color? = nil, scale: Double, origin: (x: Int, y: Int),
                   colors: inout ReadableColors, into canvas: inout some GlyphCanvas) {
        let (edges, rect) = Self.snapped(edges, rect: rect, scale: scale)
        // Square corners: the top and bottom edges take them, the sides run between.
        let top = Size(width: 0, height: edges.top.usedWidth), bottom = Size(width: 0, height: edges.bottom.usedWidth)
        drawStraightEdges(edges, rect: rect, corners: CornerRadii(topLeft: top, topRight: top, bottomRight: bottom, bottomLeft: bottom),
                          adjacent: true, ground: ground, scale: scale, origin: origin, colors: &colors, into: &canvas)
    }

    /// `edges` and `rect` on device pixels, as browsers draw borders: the box's sides at the nearest pixel (where
    /// its background is filled), each width *snapped as a line width* (CSS Values 4; WPT's
    /// css-backgrounds/border-width-pixel-snapping: less than a pixel is one pixel, more is floored to whole pixels,
    /// so 2.1 px is 2 and 1.9 px is 1). An edge's width in points is rarely whole pixels (1 px of CSS is
    /// 1/16 em: 1.75 pixels at 14 pt and scale 2), and rounding each side of its band apart drew edges of one width
    /// one or two pixels wide by where they fell: a table's rules unequal. The layout keeps its exact widths, so a
    /// child's background that touches a border may show up to a pixel beside it where a browser's would not.
    static func snapped(_ edges: BorderEdges, rect: Rect, scale: Double) -> (BorderEdges, Rect) {
        guard scale > 0, scale.isFinite else { return (edges, rect) }
        func side(_ value: Double) -> Double { (value * scale).rounded() / scale }
        func width(_ edge: BorderEdge) -> BorderEdge {
            guard edge.usedWidth > 0, edge.width.isFinite else { return edge }
            var snapped = edge
            snapped.width = max(1, (edge.width * scale + 1e-6).rounded(.down)) / scale
            return snapped
        }
        let minX = side(rect.minX), minY = side(rect.minY)
        let box = Rect(x: minX, y: minY, width: side(rect.maxX) - minX, height: side(rect.maxY) - minY)
        return (BorderEdges(top: width(edges.top), right: width(edges.right), bottom: width(edges.bottom), left: width(edges.left)), box)
    }

    /// Draws each edge between the corner areas `corners` (the room each corner takes along the top or bottom edge
    /// as its width, along the sides as its height), in its style and colour. With `adjacent`, a double edge's
    /// lines reach the adjacent edges' lines, as at a square corner.
    func drawStraightEdges(_ edges: BorderEdges, rect: Rect, corners: CornerRadii, adjacent: Bool, ground: Color?, scale: Double,
                           origin: (x: Int, y: Int), colors: inout ReadableColors, into canvas: inout some GlyphCanvas) {
        let top = edges.top.usedWidth, right = edges.right.usedWidth, bottom = edges.bottom.usedWidth, left = edges.left.usedWidth
        func color(_ edge: BorderEdge) -> Color { colors.border(edge.color, on: ground) }
        let across = adjacent ? (left, right) : (0, 0), down = adjacent ? (top, bottom) : (0, 0)
        // Each edge as (its band across, its extent along, whether it runs across the page, the adjacent widths).
        let sides: [(BorderEdge, (Double, Double), (Double, Double), Bool, Double, (Double, Double))] = [
            (edges.top, (rect.minY, top), (rect.minX + corners.topLeft.width, rect.maxX - corners.topRight.width), true, -1, across),
            (edges.bottom, (rect.maxY - bottom, bottom), (rect.minX + corners.bottomLeft.width, rect.maxX - corners.bottomRight.width),
             true, 1, across),
            (edges.left, (rect.minX, left), (rect.minY + corners.topLeft.height, rect.maxY - corners.bottomLeft.height), false, -1, down),
            (edges.right, (rect.maxX - right, right), (rect.minY + corners.topRight.height, rect.maxY - corners.bottomRight.height),
             false, 1, down),
        ]
        for (edge, band, along, horizontal, outward, adjacent) in sides where band.1 > 0 {
            drawEdge(edge, band: band, along: along, horizontal: horizontal, outward: outward, adjacent: adjacent,
                     color: color(edge), scale: scale, origin: origin, into: &canvas)
        }
    }

    /// One edge: `band` is where it lies across (its start and width), `along` where it runs, `outward` which way
    /// (−1 toward smaller coordinates) the box's outside is.
    func drawEdge(_ edge: BorderEdge, band: (start: Double, width: Double), along: (start: Double, end: Double),
                  horizontal: Bool, outward: Double, adjacent: (Double, Double), color: Color, scale: Double,
                  origin: (x: Int, y: Int), into canvas: inout some GlyphCanvas) {
        func rect(across: (Double, Double), along: (Double, Double)) -> Rect {
            horizontal ? Rect(x: along.0, y: across.0, width: along.1 - along.0, height: across.1 - across.0)
                : Rect(x: across.0, y: along.0, width: across.1 - across.0, height: along.1 - along.0)
        }
        let w = band.width
        guard along.end > along.start else { return }
        switch edge.style {
        case .none: return
        case .solid:
            fill(rect(across: (band.start, band.start + w), along: (along.start, along.end)), color: color, scale: scale,
                 origin: origin, into: &canvas)
        case .double:
            let third = w / 3
            let outer = outward < 0 ? (band.start, band.start + third) : (band.start + w - third, band.start + w)
            let inner = outward < 0 ? (band.start + w - third, band.start + w) : (band.start, band.start + third)
            // Top and bottom run the box's width; the sides start below them: both lines reach the box's corners
            // as its outer and inner lines do.
            let outerAlong = horizontal ? (along.start, along.end) : (along.start - adjacent.0 * 2 / 3, along.end + adjacent.1 * 2 / 3)
            let innerAlong = horizontal ? (along.start + adjacent.0 * 2 / 3, along.end - adjacent.1 * 2 / 3) : (along.start, along.end)
            fill(rect(across: outer, along: outerAlong), color: color, scale: scale, origin: origin, into: &canvas)
            if innerAlong.1 > innerAlong.0 {
                fill(rect(across: inner, along: innerAlong), color: color, scale: scale, origin: origin, into: &canvas)
            }
        case .dotted, .dashed:
            // Segments from the edge's start, at most `maximumSegments` of them (a long edge of hairline dots is
            // drawn solid beyond that: the cost stays linear in the page).
            let length = edge.style == .dotted ? w : 3 * w, gap = edge.style == .dotted ? w : 2 * w
            let step = max(length + gap, 1 / scale)
            var start = along.start
            var count = 0
            while start < along.end, count < Self.maximumSegments {
                fill(rect(across: (band.start, band.start + w), along: (start, min(start + length, along.end))), color: color,
                     scale: scale, origin: origin, into: &canvas)
                start += step
                count += 1
            }
            if start < along.end {
                fill(rect(across: (band.start, band.start + w), along: (start, along.end)), color: color, scale: scale,
                     origin: origin, into: &canvas)
            }
        }
    }

    /// The most dots or dashes drawn along one edge.
    static let maximumSegments = 4096
}
