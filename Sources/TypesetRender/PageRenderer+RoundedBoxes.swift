import TypesetCore

extension PageRenderer {
    /// Fills the rounded rectangle `rect` with `radii` (page points) row by row, each pixel row the span the
    /// curves leave at its middle (no antialiasing: the edges of a square box are whole pixels too). Its sides are
    /// at the nearest device pixels first, as a square box's and a border's are (``snapped(_:rect:scale:)``), so
    /// that its curves meet its border's.
    func fillRounded(_ rect: Rect, radii: CornerRadii, color: Color, scale: Double, origin: (x: Int, y: Int),
                     into canvas: inout some GlyphCanvas) {
        let rect = Self.snapped(BorderEdges(), rect: rect, scale: scale).1
        for row in pixelRows(rect.minY, rect.maxY, scale: scale) {
            let y = (Double(row) + 0.5) / scale
            guard let span = radii.span(of: rect, atY: y) else { continue }
            fill(Rect(x: span.minX, y: Double(row) / scale, width: span.maxX - span.minX, height: 1 / scale), color: color,
                 scale: scale, origin: origin, into: &canvas)
        }
    }

    /// The pixel rows a band from `top` to `bottom` (points) covers, as ``fill(_:color:scale:origin:into:)`` rounds
    /// them; at most a bitmap's height.
    func pixelRows(_ top: Double, _ bottom: Double, scale: Double) -> Range<Int> {
        func pixel(_ value: Double) -> Int {
            let v = (value * scale).rounded()
            return v.isFinite ? Int(max(-1e7, min(1e7, v))) : 0
        }
        let first = pixel(top), last = max(pixel(bottom), first)
        return first..<last
    }

    /// Draws a rounded box's border: its straight parts in their styles between the corners (as
    /// ``drawEdges(_:rect:scale:origin:colors:into:)`` does), each corner as the ring between the outer curve and
    /// the inner one (CSS Backgrounds 3 §5.2), solid, in the colour of the edge whose band the row is in.
    /// A dotted, dashed or double edge's corners are drawn solid. Its sides and widths are snapped to device pixels
    /// as a square box's are (``snapped(_:rect:scale:)``), so its edges are as wide as theirs.
    func drawRoundedEdges(_ edges: BorderEdges, rect: Rect, radii: CornerRadii, ground: Color? = nil, scale: Double,
                          origin: (x: Int, y: Int), colors: inout ReadableColors, into canvas: inout some GlyphCanvas) {
        let (edges, rect) = Self.snapped(edges, rect: rect, scale: scale)
        let top = edges.top.usedWidth, right = edges.right.usedWidth, bottom = edges.bottom.usedWidth, left = edges.left.usedWidth
        func color(_ edge: BorderEdge) -> Color { colors.border(edge.color, on: ground) }
        // Each corner's zone: its curve, and the border's width at least, so that straight parts start after it.
        let tl = Size(width: max(radii.topLeft.width, left), height: max(radii.topLeft.height, top))
        let tr = Size(width: max(radii.topRight.width, right), height: max(radii.topRight.height, top))
        let br = Size(width: max(radii.bottomRight.width, right), height: max(radii.bottomRight.height, bottom))
        let bl = Size(width: max(radii.bottomLeft.width, left), height: max(radii.bottomLeft.height, bottom))
        drawStraightEdges(edges, rect: rect, corners: CornerRadii(topLeft: tl, topRight: tr, bottomRight: br, bottomLeft: bl),
                          adjacent: false, ground: ground, scale: scale, origin: origin, colors: &colors, into: &canvas)
        let inner = Rect(x: rect.minX + left, y: rect.minY + top, width: max(0, rect.width - left - right),
                         height: max(0, rect.height - top - bottom))
        let innerRadii = radii.inner(top: top, right: right, bottom: bottom, left: left)
        let corners: [(x: Range<Double>, y: Range<Double>, side: BorderEdge, band: BorderEdge, inBand: (Double) -> Bool)] = [
            (rect.minX..<(rect.minX + tl.width), rect.minY..<(rect.minY + tl.height), edges.left, edges.top, { $0 < inner.minY }),
            ((rect.maxX - tr.width)..<rect.maxX, rect.minY..<(rect.minY + tr.height), edges.right, edges.top, { $0 < inner.minY }),
            ((rect.maxX - br.width)..<rect.maxX, (rect.maxY - br.height)..<rect.maxY, edges.right, edges.bottom, { $0 > inner.maxY }),
            (rect.minX..<(rect.minX + bl.width), (rect.maxY - bl.height)..<rect.maxY, edges.left, edges.bottom, { $0 > inner.maxY }),
        ]
        for corner in corners where corner.side.usedWidth > 0 || corner.band.usedWidth > 0 {
            for row in pixelRows(corner.y.lowerBound, corner.y.upperBound, scale: scale) {
                let y = (Double(row) + 0.5) / scale
                guard let outer = radii.span(of: rect, atY: y) else { continue }
                let edge = corner.inBand(y) ? corner.band : corner.side
                guard edge.usedWidth > 0 else { continue }
                var pieces = [(outer.minX, outer.maxX)]
                if let hole = innerRadii.span(of: inner, atY: y) { pieces = [(outer.minX, hole.minX), (hole.maxX, outer.maxX)] }
                for (start, end) in pieces {
                    let from = max(start, corner.x.lowerBound), to = min(end, corner.x.upperBound)
                    // Whole pixels only: a sliver thinner than half a pixel is not widened to one.
                    guard (to * scale).rounded() > (from * scale).rounded() else { continue }
                    fill(Rect(x: from, y: Double(row) / scale, width: to - from, height: 1 / scale), color: color(edge),
                         scale: scale, origin: origin, into: &canvas)
                }
            }
        }
    }
}
