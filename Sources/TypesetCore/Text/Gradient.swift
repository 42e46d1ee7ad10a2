/// A CSS gradient image (CSS Images 3 §3): `linear-gradient()`, `radial-gradient()` and their `repeating-` forms,
/// as a background layer draws it. A gradient has no size of its own: it fills the copy `background-size` gives
/// (the positioning area by default), its geometry and stop positions resolved against that size by
/// `shader(width:height:emSize:text:)`.
public struct Gradient: Hashable, Sendable {
    /// Which gradient.
    public enum Shape: Hashable, Sendable {
        /// Colours change along a line through the centre of the box.
        case linear(Direction)
        /// Colours change outward from a centre along rays to an ellipse (or circle).
        case radial(Radial)
    }

    /// The direction of a linear gradient.
    public enum Direction: Hashable, Sendable {
        /// An angle in degrees, clockwise from up: `0deg` is `to top`, `90deg` is `to right`.
        case degrees(Double)
        /// `to <corner>`: towards the right or left, downward or upward. Its angle depends on the box: the line
        /// through the centre perpendicular to it meets the two other corners (the "magic corners" rule).
        case corner(right: Bool, down: Bool)
    }

    /// The ending shape of a radial gradient, its size and its centre.
    public struct Radial: Hashable, Sendable {
        /// A circle rather than an ellipse.
        public var isCircle: Bool
        /// How large the ending shape is.
        public var extent: Extent
        /// The centre, as `background-position` measures (a percentage of the box's width or height).
        public var x: BackgroundLayer.Position
        public var y: BackgroundLayer.Position

        /// Creates an ending shape (initially an ellipse to the farthest corner, centred).
        public init(isCircle: Bool = false, extent: Extent = .farthestCorner, x: BackgroundLayer.Position = .center,
                    y: BackgroundLayer.Position = .center) {
            self.isCircle = isCircle; self.extent = extent; self.x = x; self.y = y
        }
    }

    /// The size of a radial gradient's ending shape.
    public enum Extent: Hashable, Sendable {
        /// To the side of the box nearest the centre (an ellipse: the nearest in each direction).
        case closestSide
        /// To the side farthest from the centre.
        case farthestSide
        /// Through the corner nearest the centre (an ellipse keeps the ratio `closestSide` gives it).
        case closestCorner
        /// Through the corner farthest from the centre.
        case farthestCorner
        /// Explicit horizontal and vertical radii (a circle's are equal); a percentage is of the box's width or height.
        case radii(BackgroundLayer.Length, BackgroundLayer.Length)
    }

    /// A colour stop or a transition hint, in order along the gradient line (or ray).
    public enum Item: Hashable, Sendable {
        /// A colour (nil: `currentColor`, the text colour) at a position (nil: placed by the fix-up rules).
        case stop(Color?, BackgroundLayer.Length?)
        /// A transition hint: where between its two stops the colour is half way.
        case hint(BackgroundLayer.Length)
    }

    /// Linear or radial, with its geometry.
    public var shape: Shape
    /// Two colour stops at least, hints only between stops.
    public var items: [Item]
    /// `repeating-linear-gradient()` or `repeating-radial-gradient()`: the stops repeat both ways.
    public var isRepeating: Bool

    /// Creates a gradient.
    public init(shape: Shape, items: [Item], isRepeating: Bool = false) {
        self.shape = shape; self.items = items; self.isRepeating = isRepeating
    }
}

extension BackgroundLayer.Position {
    /// `50%`: the middle.
    public static let center = BackgroundLayer.Position(offset: .percent(50))
}
