/// What CSS says of a replaced element's size beyond `width`, `height`, `max-width` and `max-height` (which
/// ``TextAttachment`` holds): `min-width`, `min-height`, and which natural dimensions the object has.
///
/// CSS Images 3 gives an object up to three natural dimensions: a width, a height and a ratio. A raster image has
/// all three; an SVG has a width and a height only when its root gives them in absolute units, and a ratio when it
/// has a `viewBox` (or both sizes); an `<svg width="100%" height="100">` without a `viewBox` has none, and is sized
/// by its CSS alone, the default object size (300 × 150 CSS px) filling in what CSS leaves `auto`.
public struct ReplacedSizing: Hashable, Sendable {
    /// The object's natural width and height in points, each nil when it has none; and its natural ratio (width
    /// over height), nil when it has none.
    public var naturalWidth: Double?
    public var naturalHeight: Double?
    public var naturalRatio: Double?
    /// Whether these natural dimensions stand in for ``TextAttachment/intrinsicSize`` (an object known to have
    /// fewer than all three): the object is drawn even without an intrinsic size.
    public var isPartial = false
    /// `min-width` and `min-height`.
    public var minWidth: TextAttachment.Length?
    public var minHeight: TextAttachment.Length?
    /// `object-fit`: how the object's content is drawn in its box (``contentRect(in:natural:)``).
    public var objectFit = ObjectFit.fill
    /// CSS `filter`: how the object's colours are changed when it is drawn (the book's; a reader's
    /// ``Appearance/imageFilter`` other than `none` replaces it).
    package var colorFilter: ColorFilter?

    /// No partial dimensions: the attachment's ``TextAttachment/intrinsicSize`` says it all.
    public init(minWidth: TextAttachment.Length? = nil, minHeight: TextAttachment.Length? = nil, objectFit: ObjectFit = .fill) {
        self.minWidth = minWidth; self.minHeight = minHeight; self.objectFit = objectFit
    }

    /// An object with only the natural dimensions given (an SVG sized in percentages, or without a `viewBox`).
    public init(naturalWidth: Double?, naturalHeight: Double?, naturalRatio: Double?) {
        self.naturalWidth = naturalWidth; self.naturalHeight = naturalHeight; self.naturalRatio = naturalRatio
        isPartial = true
    }

    /// Where the object's content is drawn in `box` (CSS Images 3 `object-fit`, centred as `object-position`'s
    /// initial `50% 50%`): the whole box for `fill` or an object without a natural ratio; the largest rectangle of its
    /// ratio inside the box for `contain`, the smallest covering it for `cover` (clipped to the box when drawn), its
    /// natural size for `none`, and the smaller of `none` and `contain` for `scale-down`.
    public func contentRect(in box: Rect, natural: Size?) -> Rect {
        let naturalSize = natural ?? Size(width: naturalWidth ?? 0, height: naturalHeight ?? 0)
        let ratio = natural.map { $0.width / max($0.height, .leastNormalMagnitude) } ?? naturalRatio
        guard objectFit != .fill, let ratio, ratio.isFinite, ratio > 0, box.width > 0, box.height > 0 else { return box }
        let contain = box.width / box.height > ratio ? Size(width: box.height * ratio, height: box.height)
            : Size(width: box.width, height: box.width / ratio)
        let size: Size
        switch objectFit {
        case .fill: size = Size(width: box.width, height: box.height)
        case .contain: size = contain
        case .cover:
            size = box.width / box.height > ratio ? Size(width: box.width, height: box.width / ratio)
                : Size(width: box.height * ratio, height: box.height)
        case .none: size = naturalSize.width > 0 && naturalSize.height > 0 ? naturalSize : contain
        case .scaleDown:
            size = naturalSize.width > 0 && naturalSize.width < contain.width ? naturalSize : contain
        }
        return Rect(x: box.minX + (box.width - size.width) / 2, y: box.minY + (box.height - size.height) / 2,
                    width: size.width, height: size.height)
    }

    /// CSS Images 3's default object size for a replaced element: 300 × 150 CSS px.
    public static let defaultObjectSize = Size(width: 300, height: 150)

    /// CSS Images 3 §5.2 (the default sizing algorithm): the size from the `specified` width and height (nil:
    /// `auto`) and the natural dimensions, with `defaultSize` where neither says.
    static func concreteSize(width specifiedWidth: Double?, height specifiedHeight: Double?, naturalWidth: Double?,
                             naturalHeight: Double?, ratio: Double?, defaultSize: Size) -> Size {
        switch (specifiedWidth, specifiedHeight) {
        case let (w?, h?):
            return Size(width: w, height: h)
        case let (w?, nil):
            return Size(width: w, height: ratio.map { w / $0 } ?? naturalHeight ?? defaultSize.height)
        case let (nil, h?):
            return Size(width: ratio.map { h * $0 } ?? naturalWidth ?? defaultSize.width, height: h)
        case (nil, nil):
            if let w = naturalWidth, let h = naturalHeight { return Size(width: w, height: h) }
            if let w = naturalWidth { return Size(width: w, height: ratio.map { w / $0 } ?? defaultSize.height) }
            if let h = naturalHeight { return Size(width: ratio.map { h * $0 } ?? defaultSize.width, height: h) }
            if let ratio {
                // A contain fit of the ratio in the default size.
                let width = min(defaultSize.width, defaultSize.height * ratio)
                return Size(width: width, height: width / ratio)
            }
            return defaultSize
        }
    }

    /// CSS 2.1 §10.4's table: `width` × `height` brought within the minimums and maximums, keeping the ratio where
    /// both were `auto` and the object has one (the table's cases), else each side on its own.
    static func constrained(_ size: Size, keepsRatio: Bool, minWidth: Double, maxWidth: Double, minHeight: Double,
                            maxHeight: Double) -> Size {
        let maxWidth = max(minWidth, maxWidth), maxHeight = max(minHeight, maxHeight)
        let w = size.width, h = size.height
        guard keepsRatio, w > 0, h > 0 else {
            return Size(width: min(max(w, minWidth), maxWidth), height: min(max(h, minHeight), maxHeight))
        }
        if w > maxWidth && h > maxHeight {
            return maxWidth / w <= maxHeight / h
                ? Size(width: maxWidth, height: max(minHeight, maxWidth * h / w))
                : Size(width: max(minWidth, maxHeight * w / h), height: maxHeight)
        }
        if w < minWidth && h < minHeight {
            return minWidth / w <= minHeight / h
                ? Size(width: min(maxWidth, minHeight * w / h), height: minHeight)
                : Size(width: minWidth, height: min(maxHeight, minWidth * h / w))
        }
        if w < minWidth && h > maxHeight { return Size(width: minWidth, height: maxHeight) }
        if w > maxWidth && h < minHeight { return Size(width: maxWidth, height: minHeight) }
        if w > maxWidth { return Size(width: maxWidth, height: max(maxWidth * h / w, minHeight)) }
        if w < minWidth { return Size(width: minWidth, height: min(minWidth * h / w, maxHeight)) }
        if h > maxHeight { return Size(width: max(maxHeight * w / h, minWidth), height: maxHeight) }
        if h < minHeight { return Size(width: min(minHeight * w / h, maxWidth), height: minHeight) }
        return size
    }
}

/// CSS `object-fit`.
public enum ObjectFit: String, Hashable, Sendable {
    case fill, contain, cover, none
    case scaleDown = "scale-down"
}
