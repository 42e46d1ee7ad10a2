/// One layer of a block's background image (CSS Backgrounds 3 §3): the image (a picture or a ``Gradient``), how it is sized, where the first
/// copy goes and how it repeats, the box it is placed in (``origin``, `background-origin`: the padding box
/// unless it says) and the box it is cut to (``clip``, `background-clip`: the border box unless it says); a box
/// sliced across pages is painted as one box cut into its parts (`box-decoration-break: slice`).
public struct BackgroundLayer: Hashable, Sendable {
    /// A length along one axis of the positioning area: ems of the body text, or a percentage.
    public enum Length: Hashable, Sendable {
        /// Ems of the body text.
        case ems(Double)
        /// A percentage of the reference length (the area's width or height, less the image's for a position).
        case percent(Double)
        /// A percentage of the reference length plus ems (CSS `calc(100% - 2em)`).
        case sum(percent: Double, ems: Double)

        /// The length in points: a percentage of `reference`.
        public func points(emSize: Double, reference: Double) -> Double {
            let value: Double
            switch self {
            case .ems(let ems): value = ems * emSize
            case .percent(let percent): value = percent / 100 * reference
            case .sum(let percent, let ems): value = percent / 100 * reference + ems * emSize
            }
            return value.isFinite ? value : 0
        }
    }

    /// `background-size`.
    public enum Sizing: Hashable, Sendable {
        /// Each side a length or `auto` (nil: from the other side and the image's ratio, or its own size).
        case explicit(width: Length?, height: Length?)
        /// As large as fits the area, the ratio kept.
        case contain
        /// As small as covers the area, the ratio kept.
        case cover

        /// `auto auto`: the image's own size.
        public static let auto = Sizing.explicit(width: nil, height: nil)
    }

    /// `background-repeat` along one axis.
    public enum Repeat: String, Hashable, Sendable {
        /// Copies side by side from the positioned one, as far as the painting area reaches.
        case `repeat`
        /// One copy, where the position puts it.
        case noRepeat = "no-repeat"
        /// As many whole copies as fit, spread to touch both edges (one copy: placed as `no-repeat`).
        case space
        /// The copy scaled so a whole number fills the area.
        case round
    }

    /// `background-position` along one axis: an offset from the start (left, top) or end (right, bottom) edge of
    /// the positioning area. A percentage offset puts that point of the image on that point of the area.
    public struct Position: Hashable, Sendable {
        /// The distance from the edge.
        public var offset: Length
        /// Whether it is measured from the end edge (right, bottom) rather than the start (left, top).
        public var fromEnd: Bool

        /// Creates a position.
        public init(offset: Length, fromEnd: Bool = false) { self.offset = offset; self.fromEnd = fromEnd }

        /// `0%`: the start edge.
        public static let start = Position(offset: .percent(0))
    }

    /// One of a block's boxes (CSS Backgrounds 3 §3.7–3.8 `<box>`): its border box, its padding box (inside its
    /// border), or its content box (inside its padding too). Level 4's `background-clip: text` is not one: a
    /// declaration with it is ignored.
    public enum Area: String, Hashable, Sendable {
        case borderBox = "border-box"
        case paddingBox = "padding-box"
        case contentBox = "content-box"
    }

    /// What a layer draws.
    public enum Image: Hashable, Sendable {
        /// A picture: an entry of the book (resolved against the style sheet that named it), or a `data:` URL.
        case entry(String)
        /// A gradient, which has no size of its own: it fills each copy.
        case gradient(Gradient)
    }

    /// The image.
    public var image: Image
    /// The picture's entry; nil for a gradient.
    public var source: String? { if case .entry(let source) = image { source } else { nil } }
    /// `background-size`.
    public var size: Sizing
    /// `background-repeat` across and down.
    public var repeatX: Repeat
    public var repeatY: Repeat
    /// `background-position` across and down.
    public var x: Position
    public var y: Position
    /// `background-origin`: the box the position and size are measured in (its positioning area).
    public var origin = Area.paddingBox
    /// `background-clip`: the box the copies are cut to (its painting area).
    public var clip = Area.borderBox

    /// Creates a layer (initially: the image's own size, at the top left, repeated both ways, placed in the
    /// padding box and cut to the border box).
    public init(image: Image, size: Sizing = .auto, repeatX: Repeat = .repeat, repeatY: Repeat = .repeat,
                x: Position = .start, y: Position = .start) {
        self.image = image; self.size = size; self.repeatX = repeatX; self.repeatY = repeatY; self.x = x; self.y = y
    }

    /// Creates a layer of the picture `source`.
    public init(source: String, size: Sizing = .auto, repeatX: Repeat = .repeat, repeatY: Repeat = .repeat,
                x: Position = .start, y: Position = .start) {
        self.init(image: .entry(source), size: size, repeatX: repeatX, repeatY: repeatY, x: x, y: y)
    }
}
