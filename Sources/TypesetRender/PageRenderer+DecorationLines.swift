import TypesetCore

extension PageRenderer {
    /// One decoration line of a run (CSS Text Decoration 3 §2.3): `band` is where a solid line would lie across the
    /// line's direction (its start and its thickness), `along` where it runs. Solid, dotted and dashed lines are
    /// drawn as border edges of that width are; a double line is two lines of the thickness, one thickness apart,
    /// the first where the solid one would be; a wavy line zigzags a thickness and a half either side of it, one
    /// wave every four thicknesses, stepped a pixel at a time (at most ``maximumSegments`` steps).
    func drawDecorationLine(_ style: DecorationLook.Style, band: (start: Double, width: Double), along: (start: Double, end: Double),
                            horizontal: Bool, color: Color, scale: Double, origin: (x: Int, y: Int), into canvas: inout some GlyphCanvas) {
        guard along.end > along.start, band.width > 0 else { return }
        func edge(_ borderStyle: BorderStyle, width: Double) {
            drawEdge(BorderEdge(width: width, style: borderStyle), band: (band.start, width), along: along, horizontal: horizontal,
                     outward: -1, adjacent: (0, 0), color: color, scale: scale, origin: origin, into: &canvas)
        }
        switch style {
        case .solid: edge(.solid, width: band.width)
        case .dotted: edge(.dotted, width: band.width)
        case .dashed: edge(.dashed, width: band.width)
        case .double: edge(.double, width: band.width * 3)
        case .wavy:
            let amplitude = band.width * 1.5, wavelength = band.width * 4
            let step = max(1 / scale, (along.end - along.start) / Double(Self.maximumSegments))
            var position = along.start
            while position < along.end {
                // A zigzag (a triangle wave), close to the curve browsers draw at these sizes.
                let phase = ((position - along.start) / wavelength).truncatingRemainder(dividingBy: 1)
                let swing = amplitude * (4 * abs(phase - 0.5) - 1)
                let length = min(step, along.end - position)
                let rect = horizontal
                    ? Rect(x: position, y: band.start + swing, width: length, height: band.width)
                    : Rect(x: band.start + swing, y: position, width: band.width, height: length)
                fill(rect, color: color, scale: scale, origin: origin, into: &canvas)
                position += step
            }
        }
    }
}
