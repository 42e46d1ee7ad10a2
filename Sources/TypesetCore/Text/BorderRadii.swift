/// A block's rounded corners (CSS Backgrounds 3 §5: `border-radius`), each an ellipse's horizontal and vertical
/// radii as ``BackgroundLayer/Length``s: a percentage of the box's width (horizontal) or height (vertical).
public struct BorderRadii: Hashable, Sendable {
    /// One corner's radii; zero for a square corner.
    public struct Corner: Hashable, Sendable {
        /// The radius along the top or bottom edge (a percentage: of the box's width).
        public var horizontal: BackgroundLayer.Length
        /// The radius along the left or right edge (a percentage: of the box's height).
        public var vertical: BackgroundLayer.Length

        /// Creates a corner.
        public init(horizontal: BackgroundLayer.Length, vertical: BackgroundLayer.Length) {
            self.horizontal = horizontal; self.vertical = vertical
        }

        /// A square corner.
        public static let square = Corner(horizontal: .ems(0), vertical: .ems(0))
    }

    /// The corners, clockwise from the top left.
    public var topLeft: Corner
    public var topRight: Corner
    public var bottomRight: Corner
    public var bottomLeft: Corner

    /// Creates the corners (square by default).
    public init(topLeft: Corner = .square, topRight: Corner = .square, bottomRight: Corner = .square, bottomLeft: Corner = .square) {
        self.topLeft = topLeft; self.topRight = topRight; self.bottomRight = bottomRight; self.bottomLeft = bottomLeft
    }

    /// Whether every corner is square.
    public var isSquare: Bool { self == BorderRadii() }

    /// The radii in points for a border box of `size`, scaled down together where two corners' radii on a side
    /// would overlap (§5.5: every radius times the least ratio of a side's length to its two radii's sum).
    public func resolved(size: Size, emSize: Double) -> CornerRadii {
        func corner(_ corner: Corner) -> Size {
            Size(width: max(0, corner.horizontal.points(emSize: emSize, reference: size.width)),
                 height: max(0, corner.vertical.points(emSize: emSize, reference: size.height)))
        }
        var radii = CornerRadii(topLeft: corner(topLeft), topRight: corner(topRight), bottomRight: corner(bottomRight),
                                bottomLeft: corner(bottomLeft))
        let sides = [(size.width, radii.topLeft.width + radii.topRight.width),
                     (size.width, radii.bottomLeft.width + radii.bottomRight.width),
                     (size.height, radii.topLeft.height + radii.bottomLeft.height),
                     (size.height, radii.topRight.height + radii.bottomRight.height)]
        let factor = sides.reduce(1.0) { least, side in side.1 > 0 ? min(least, max(0, side.0) / side.1) : least }
        if factor < 1 { radii.scale(by: factor) }
        return radii
    }
}

/// A box's corner radii in points (each a `Size`: its horizontal radius as the width, its vertical one as the
/// height), as drawn.
public struct CornerRadii: Hashable, Sendable {
    /// The corners, clockwise from the top left.
    public var topLeft: Size
    public var topRight: Size
    public var bottomRight: Size
    public var bottomLeft: Size

    /// Creates radii (square by default).
    public init(topLeft: Size = Size(width: 0, height: 0), topRight: Size = Size(width: 0, height: 0),
                bottomRight: Size = Size(width: 0, height: 0), bottomLeft: Size = Size(width: 0, height: 0)) {
        self.topLeft = topLeft; self.topRight = topRight; self.bottomRight = bottomRight; self.bottomLeft = bottomLeft
    }

    /// Whether every corner is square.
    public var isSquare: Bool {
        [topLeft, topRight, bottomRight, bottomLeft].allSatisfy { $0.width <= 0 || $0.height <= 0 }
    }

    mutating func scale(by factor: Double) {
        func scaled(_ size: Size) -> Size { Size(width: size.width * factor, height: size.height * factor) }
        topLeft = scaled(topLeft); topRight = scaled(topRight); bottomRight = scaled(bottomRight); bottomLeft = scaled(bottomLeft)
    }

    /// The radii of the curve inside a border of these widths (§5.2: each radius less the border's width on its
    /// side, at least 0).
    public func inner(top: Double, right: Double, bottom: Double, left: Double) -> CornerRadii {
        func inset(_ size: Size, _ horizontal: Double, _ vertical: Double) -> Size {
            Size(width: max(0, size.width - horizontal), height: max(0, size.height - vertical))
        }
        return CornerRadii(topLeft: inset(topLeft, left, top), topRight: inset(topRight, right, top),
                           bottomRight: inset(bottomRight, right, bottom), bottomLeft: inset(bottomLeft, left, bottom))
    }

    /// The span of the rounded rectangle `rect` with these radii across the horizontal line at `y`; nil outside it.
    public func span(of rect: Rect, atY y: Double) -> (minX: Double, maxX: Double)? {
        guard y >= rect.minY, y <= rect.maxY, rect.width > 0 else { return nil }
        func inset(_ corner: Size, distance: Double) -> Double {
            // Within the corner's ellipse band: how far in the curve is at this distance from the top (bottom).
            guard corner.width > 0, corner.height > 0, distance < corner.height else { return 0 }
            let t = (corner.height - distance) / corner.height
            return corner.width * (1 - (max(0, 1 - t * t)).squareRoot())
        }
        let fromTop = y - rect.minY, fromBottom = rect.maxY - y
        let left = max(inset(topLeft, distance: fromTop), inset(bottomLeft, distance: fromBottom))
        let right = max(inset(topRight, distance: fromTop), inset(bottomRight, distance: fromBottom))
        guard rect.minX + left < rect.maxX - right else { return nil }
        return (rect.minX + left, rect.maxX - right)
    }
}
