import Foundation

extension Gradient {
    /// The gradient resolved for a copy `width` × `height` points (lengths in ems of `emSize` points, `currentColor`
    /// as `text`): its line or ending shape, and its stops placed by the fix-up rules (CSS Images 3 §3.5.3).
    package func shader(width: Double, height: Double, emSize: Double, text: Color) -> GradientShader {
        let geometry: GradientShader.Geometry
        let lineLength: Double
        switch shape {
        case .linear(let direction):
            let (dx, dy) = Self.unitVector(direction, width: width, height: height)
            lineLength = abs(width * dx) + abs(height * dy)
            geometry = .linear(cx: width / 2, cy: height / 2, dx: dx, dy: dy, half: lineLength / 2)
        case .radial(let radial):
            let cx = Self.point(radial.x, length: width, emSize: emSize), cy = Self.point(radial.y, length: height, emSize: emSize)
            let (rx, ry) = Self.radii(radial, cx: cx, cy: cy, width: width, height: height, emSize: emSize)
            lineLength = rx
            geometry = rx > 0 && ry > 0 && rx.isFinite && ry.isFinite ? .radial(cx: cx, cy: cy, rx: rx, ry: ry) : .degenerate
        }
        let stops = resolvedStops(length: lineLength, emSize: emSize, text: text)
        return GradientShader(geometry: geometry, stops: stops, isRepeating: isRepeating)
    }

    /// The unit vector of a linear gradient's direction in a box, y downward.
    static func unitVector(_ direction: Direction, width: Double, height: Double) -> (Double, Double) {
        switch direction {
        case .degrees(let degrees):
            let radians = degrees.truncatingRemainder(dividingBy: 360) * .pi / 180
            return radians.isFinite ? (sin(radians), -cos(radians)) : (0, 1)
        case .corner(let right, let down):
            // Perpendicular to the diagonal between the two other corners, pointing into the named one.
            let norm = (width * width + height * height).squareRoot()
            guard norm > 0, norm.isFinite else { return (right ? 1 : -1, 0) }
            return ((right ? height : -height) / norm, (down ? width : -width) / norm)
        }
    }

    /// A centre coordinate in points from the start of a box `length` long.
    static func point(_ position: BackgroundLayer.Position, length: Double, emSize: Double) -> Double {
        let offset = position.offset.points(emSize: emSize, reference: length)
        return position.fromEnd ? length - offset : offset
    }

    /// The ending shape's horizontal and vertical radii (CSS Images 3 §3.2.2).
    static func radii(_ radial: Radial, cx: Double, cy: Double, width: Double, height: Double, emSize: Double) -> (Double, Double) {
        let sidesX = (abs(cx), abs(width - cx)), sidesY = (abs(cy), abs(height - cy))
        let corners = [(sidesX.0, sidesY.0), (sidesX.1, sidesY.0), (sidesX.0, sidesY.1), (sidesX.1, sidesY.1)]
        func distance(_ corner: (Double, Double)) -> Double { (corner.0 * corner.0 + corner.1 * corner.1).squareRoot() }
        switch radial.extent {
        case .radii(let x, let y):
            return (max(0, x.points(emSize: emSize, reference: width)), max(0, y.points(emSize: emSize, reference: height)))
        case .closestSide, .farthestSide:
            let closest = radial.extent == .closestSide
            func pick(_ a: Double, _ b: Double) -> Double { closest ? Swift.min(a, b) : Swift.max(a, b) }
            if radial.isCircle {
                let r = pick(pick(sidesX.0, sidesX.1), pick(sidesY.0, sidesY.1))
                return (r, r)
            }
            return (pick(sidesX.0, sidesX.1), pick(sidesY.0, sidesY.1))
        case .closestCorner, .farthestCorner:
            let sorted = corners.sorted { distance($0) < distance($1) }
            guard let corner = radial.extent == .closestCorner ? sorted.first : sorted.last else { return (0, 0) }
            if radial.isCircle { return (distance(corner), distance(corner)) }
            // An ellipse keeps the ratio closest-side gives it, and passes through the corner.
            let side = (min(sidesX.0, sidesX.1), min(sidesY.0, sidesY.1))
            guard side.0 > 0, side.1 > 0 else { return (0, 0) }
            let ratio = side.0 / side.1
            let ry = ((corner.0 / ratio) * (corner.0 / ratio) + corner.1 * corner.1).squareRoot()
            return (ratio * ry, ry)
        }
    }

    /// The colour stops in points along a line (or ray) `length` long, hints kept with the stop they follow.
    func resolvedStops(length: Double, emSize: Double, text: Color) -> [GradientShader.Stop] {
        var colors: [Color] = [], positions: [Double?] = [], hints: [Double?] = []
        for item in items {
            switch item {
            case .stop(let color, let position):
                colors.append(color ?? text)
                positions.append(position.map { $0.points(emSize: emSize, reference: length) })
                hints.append(nil)
            case .hint(let position):
                guard !hints.isEmpty else { continue }
                hints[hints.count - 1] = position.points(emSize: emSize, reference: length)
            }
        }
        guard !colors.isEmpty else { return [] }
        // The first stop at 0 %, the last at 100 %, unless placed.
        if positions[0] == nil { positions[0] = 0 }
        if positions[positions.count - 1] == nil { positions[positions.count - 1] = length }
        // No stop (or hint) before one placed earlier on the line.
        var largest = -Double.infinity
        for index in positions.indices {
            if let position = positions[index] { largest = max(largest, position); positions[index] = largest }
            if let hint = hints[index] { largest = max(largest, hint); hints[index] = largest }
        }
        // Stops without a position evenly between their placed neighbours.
        var index = 0
        while index < positions.count {
            guard positions[index] == nil, let before = positions[index - 1] else { index += 1; continue }
            var end = index
            while positions[end] == nil { end += 1 }
            let after = positions[end] ?? before, step = (after - before) / Double(end - index + 1)
            for run in index..<end { positions[run] = before + step * Double(run - index + 1) }
            index = end
        }
        return colors.indices.map { index in
            let position = positions[index] ?? 0
            return GradientShader.Stop(position: position.isFinite ? position : 0, color: .init(colors[index]),
                                       hint: hints[index].map { $0.isFinite ? $0 : position })
        }
    }
}

/// A gradient resolved for one copy's size: the colour at any point of it, in points from the copy's top left.
package struct GradientShader: Sendable {
    /// A colour with its channels premultiplied by its alpha, each 0–1: gradients interpolate in this space.
    package struct Premultiplied: Sendable, Equatable {
        package var red: Double, green: Double, blue: Double, alpha: Double

        init(red: Double, green: Double, blue: Double, alpha: Double) {
            self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
        }

        init(_ color: Color) {
            let a = Double(color.alpha) / 255
            self.init(red: Double(color.red) / 255 * a, green: Double(color.green) / 255 * a, blue: Double(color.blue) / 255 * a, alpha: a)
        }

        func mixed(with other: Premultiplied, _ weight: Double) -> Premultiplied {
            Premultiplied(red: red + (other.red - red) * weight, green: green + (other.green - green) * weight,
                          blue: blue + (other.blue - blue) * weight, alpha: alpha + (other.alpha - alpha) * weight)
        }

        /// The colour with straight alpha, each channel rounded to 8 bits.
        package var color: Color {
            func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, (value * 255).rounded()))) }
            guard alpha > 0 else { return Color(red: 0, green: 0, blue: 0, alpha: 0) }
            return Color(red: byte(red / alpha), green: byte(green / alpha), blue: byte(blue / alpha), alpha: byte(alpha))
        }
    }

    /// A colour stop: its position in points along the line (or ray), and the hint after it, if any.
    struct Stop: Sendable {
        var position: Double
        var color: Premultiplied
        var hint: Double?
    }

    /// Where a point falls along the gradient.
    enum Geometry: Sendable {
        /// Along a line through (`cx`, `cy`) in direction (`dx`, `dy`), `half` its length each way.
        case linear(cx: Double, cy: Double, dx: Double, dy: Double, half: Double)
        /// Along rays from (`cx`, `cy`) to an ellipse of radii `rx`, `ry`; positions are in points of `rx`.
        case radial(cx: Double, cy: Double, rx: Double, ry: Double)
        /// A radial gradient whose ending shape has no width or height: every point lies beyond it.
        case degenerate
    }

    let geometry: Geometry
    let stops: [Stop]
    let isRepeating: Bool

    /// Whether the colour is the same along every row (a vertical gradient) or every column (a horizontal one).
    package var isConstantAlongRows: Bool { if case .linear(_, _, let dx, _, _) = geometry { return dx == 0 } else { return false } }
    package var isConstantAlongColumns: Bool { if case .linear(_, _, _, let dy, _) = geometry { return dy == 0 } else { return false } }

    /// The colour at (`x`, `y`) points from the copy's top left.
    package func color(atX x: Double, y: Double) -> Premultiplied {
        switch geometry {
        case .linear(let cx, let cy, let dx, let dy, let half): return color(at: (x - cx) * dx + (y - cy) * dy + half)
        case .radial(let cx, let cy, let rx, let ry):
            let u = (x - cx) / rx, v = (y - cy) / ry
            return color(at: (u * u + v * v).squareRoot() * rx)
        case .degenerate: return color(at: .infinity)
        }
    }

    /// The colour at `position` points along the line.
    func color(at position: Double) -> Premultiplied {
        guard let first = stops.first, let last = stops.last else { return Premultiplied(red: 0, green: 0, blue: 0, alpha: 0) }
        var t = position
        if isRepeating {
            let period = last.position - first.position
            // Stops that do not spread out (or a ray that does not end) draw their average colour (§3.5.3).
            guard period > 0, period.isFinite, t.isFinite else { return average }
            t = first.position + (t - first.position).truncatingRemainder(dividingBy: period)
            if t < first.position { t += period }
        }
        guard t >= first.position else { return first.color }
        guard t < last.position else { return last.color }
        // The last stop at or before t: the one after it is past t, so their positions differ.
        var low = 0, high = stops.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if stops[middle].position <= t { low = middle } else { high = middle }
        }
        let from = stops[low], to = stops[low + 1]
        let span = to.position - from.position
        var weight = span > 0 ? (t - from.position) / span : 1
        if let hint = from.hint {
            let at = (hint - from.position) / span
            if at <= 0 { weight = 1 } else if at >= 1 { weight = 0 } else { weight = pow(weight, log(0.5) / log(at)) }
        }
        return from.color.mixed(with: to.color, max(0, min(1, weight)))
    }

    /// The mean colour of the stops spaced evenly.
    var average: Premultiplied {
        guard stops.count > 1 else { return stops.first?.color ?? Premultiplied(red: 0, green: 0, blue: 0, alpha: 0) }
        var sum = Premultiplied(red: 0, green: 0, blue: 0, alpha: 0)
        for (a, b) in zip(stops, stops.dropFirst()) {
            let middle = a.color.mixed(with: b.color, 0.5)
            sum = Premultiplied(red: sum.red + middle.red, green: sum.green + middle.green, blue: sum.blue + middle.blue,
                                alpha: sum.alpha + middle.alpha)
        }
        let n = Double(stops.count - 1)
        return Premultiplied(red: sum.red / n, green: sum.green / n, blue: sum.blue / n, alpha: sum.alpha / n)
    }
}
