extension BackgroundLayer {
    /// Where a layer's copies go: their size, and the left (top) edges of the columns (rows) of copies that reach
    /// the painting area, in page points.
    public struct Tiling: Hashable, Sendable {
        /// A copy's size, in points.
        public var tileWidth: Double
        public var tileHeight: Double
        /// The copies' left edges and top edges, in page points: a copy at every pair.
        public var xs: [Double]
        public var ys: [Double]
    }

    /// The most copies along one axis (a 1-point image repeated over a long scroll page); past it the copies stop.
    public static let maximumTilesPerAxis = 4096

    /// The layer's copies in a box whose positioning area (its ``origin`` box) is `area` and painting area (the
    /// part of its ``clip`` box on this page) `clip`, for an image of `natural` size in points (nil, or a side 0: an image
    /// without that size, as an SVG without width and height), as CSS Backgrounds 3 §3.6–3.9 place them. Empty
    /// when the copies would have no area.
    public func tiling(area: Rect, clip: Rect, natural: Size?, emSize: Double) -> Tiling {
        var (width, height) = tileSize(area: area, natural: natural, emSize: emSize)
        // `round`: the copy scaled so a whole number of them fills the area; an `auto` other side keeps the ratio.
        let autoOther: (x: Bool, y: Bool)
        switch size {
        case .explicit(let w, let h): autoOther = (h == nil, w == nil)
        case .contain, .cover: autoOther = (false, false)
        }
        let (oldWidth, oldHeight) = (width, height)
        if repeatX == .round, width > 0, area.width > 0 { width = area.width / max(1, (area.width / width).rounded()) }
        if repeatY == .round, height > 0, area.height > 0 { height = area.height / max(1, (area.height / height).rounded()) }
        if repeatX == .round, repeatY != .round, autoOther.x, oldWidth > 0 { height = oldHeight * width / oldWidth }
        if repeatY == .round, repeatX != .round, autoOther.y, oldHeight > 0 { width = oldWidth * height / oldHeight }
        guard width.isFinite, height.isFinite, width > 0, height > 0 else { return Tiling(tileWidth: 0, tileHeight: 0, xs: [], ys: []) }
        let xs = Self.starts(repeatX, position: x, tile: width, areaStart: area.minX, areaLength: area.width,
                             clip: clip.minX..<clip.maxX, emSize: emSize)
        let ys = Self.starts(repeatY, position: y, tile: height, areaStart: area.minY, areaLength: area.height,
                             clip: clip.minY..<clip.maxY, emSize: emSize)
        return Tiling(tileWidth: width, tileHeight: height, xs: xs, ys: ys)
    }

    /// `background-size` resolved (§3.9): the copy's width and height in points before `round`.
    private func tileSize(area: Rect, natural: Size?, emSize: Double) -> (Double, Double) {
        let nw = natural.map(\.width).flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        let nh = natural.map(\.height).flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        let ratio: Double? = if let nw, let nh { nw / nh } else { nil }
        switch size {
        case .contain, .cover:
            guard let ratio, area.height > 0 else { return (area.width, area.height) }
            let byWidth = (area.width, area.width / ratio)
            let fitsByWidth = byWidth.1 <= area.height
            // contain: the larger copy that fits; cover: the smaller copy that covers.
            return (size == .contain) == fitsByWidth ? byWidth : (area.height * ratio, area.height)
        case .explicit(let w, let h):
            let width = w.map { max(0, $0.points(emSize: emSize, reference: area.width)) }
            let height = h.map { max(0, $0.points(emSize: emSize, reference: area.height)) }
            switch (width, height) {
            case let (width?, height?): return (width, height)
            case let (width?, nil): return (width, ratio.map { width / $0 } ?? nh ?? area.height)
            case let (nil, height?): return (ratio.map { height * $0 } ?? nw ?? area.width, height)
            case (nil, nil): return (nw ?? area.width, nh ?? area.height)
            }
        }
    }

    /// The starts of the copies along one axis that reach `clip`.
    private static func starts(_ mode: Repeat, position: Position, tile: Double, areaStart: Double, areaLength: Double,
                               clip: Range<Double>, emSize: Double) -> [Double] {
        var period = tile
        var first: Double
        if mode == .space, areaLength >= 2 * tile {
            // Whole copies touching both edges of the area, evenly apart; the position does not apply.
            let count = (areaLength / tile).rounded(.down)
            period = tile + (areaLength - count * tile) / (count - 1)
            first = areaStart
        } else {
            let offset = position.offset.points(emSize: emSize, reference: areaLength - tile)
            first = areaStart + (position.fromEnd ? areaLength - tile - offset : offset)
            if mode == .space || mode == .noRepeat { return first < clip.upperBound && first + tile > clip.lowerBound ? [first] : [] }
        }
        guard first.isFinite, period.isFinite, period > 0 else { return [] }
        // Back to the first copy that reaches the clip's start, then on to its end.
        first -= ((first - clip.lowerBound) / period).rounded(.up) * period
        var result: [Double] = []
        var start = first
        while start < clip.upperBound, result.count < maximumTilesPerAxis {
            if start + tile > clip.lowerBound { result.append(start) }
            start += period
        }
        return result
    }
}
