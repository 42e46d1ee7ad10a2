/// A point in points (1/72 inch), origin at the top-left of its coordinate space, y growing downwards.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal coordinate in points.
    public var x: Double
    /// Vertical coordinate in points, growing downwards.
    public var y: Double

    /// Creates a point from coordinates in points.
    public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)

    /// `(x, y)` with two decimals.
    public var description: String { "(\(formatPoints(x)), \(formatPoints(y)))" }
}

/// A size in points.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    /// Creates a size from a width and a height in points.
    public init(width: Double, height: Double) { self.width = width; self.height = height }

    /// `W×H` with two decimals.
    public var description: String { "\(formatPoints(width))×\(formatPoints(height))" }
}

/// An axis-aligned rectangle in points, origin at its top-left corner.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The size; never negative for rectangles made by Typeset.
    public var size: Size

    /// Creates a rectangle from its top-left corner and size, in points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y)
        size = Size(width: width, height: height)
    }

    /// Creates a rectangle from its top-left corner and size.
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// Left edge.
    public var minX: Double { origin.x }
    /// Top edge.
    public var minY: Double { origin.y }
    /// Right edge.
    public var maxX: Double { origin.x + size.width }
    /// Bottom edge.
    public var maxY: Double { origin.y + size.height }
    /// Width in points.
    public var width: Double { size.width }
    /// Height in points.
    public var height: Double { size.height }
    /// The centre point.
    public var center: Point { Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }

    /// Whether `point` lies inside, counting the top and left edges but not the bottom and right ones.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The smallest rectangle containing both.
    public func union(_ other: Rect) -> Rect {
        let x0 = Swift.min(minX, other.minX), y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX), y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The rectangle moved by `dx`, `dy` points.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// `x,y WxH` with two decimals.
    public var description: String { "\(formatPoints(minX)),\(formatPoints(minY)) \(formatPoints(width))×\(formatPoints(height))" }
}

/// Insets from the four edges of a rectangle, in points.
public struct EdgeInsets: Hashable, Sendable {
    /// Inset from the top edge.
    public var top: Double
    /// Inset from the leading (left) edge.
    public var left: Double
    /// Inset from the bottom edge.
    public var bottom: Double
    /// Inset from the trailing (right) edge.
    public var right: Double

    /// Creates insets from four values in points.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    /// The same inset on every edge.
    public init(all value: Double) { self.init(top: value, left: value, bottom: value, right: value) }
}

/// A whole number in a message as its digits (`9223372036854775808`, not `9.223372036854776e+18`): a JSON number is a
/// `Double`, and the default description of a large one looked nothing like the integer a user wrote. Past 10²¹, as
/// in JavaScript, and for fractions, the shortest description (`1e+300`, `0.5`).
package func formatWholeNumber(_ value: Double) -> String {
    guard value.isFinite, value == value.rounded(), value.magnitude < 1e21 else { return String(describing: value) }
    return (value < 0 ? "-" : "") + String(UInt128(value.magnitude))
}

/// Formats a value in points with at most two decimals and no trailing zeros ("12", "12.5", "12.25").
/// Used by text dumps and descriptions so that goldens do not depend on floating-point noise.
package func formatPoints(_ value: Double) -> String {
    // Beyond 1e15 the hundredths no longer fit an Int exactly; such values are only ever reported, not laid out.
    guard value.isFinite, abs(value) < 1e15 else { return String(describing: value) }
    let hundredths = (value * 100).rounded()
    let negative = hundredths < 0
    let magnitude = Int(abs(hundredths))
    let whole = magnitude / 100, fraction = magnitude % 100
    var text = (negative && magnitude != 0 ? "-" : "") + String(whole)
    if fraction != 0 {
        text += fraction % 10 == 0 ? "." + String(fraction / 10) : (fraction < 10 ? ".0" : ".") + String(fraction)
    }
    return text
}
