/// An object of the text, such as an image: one U+FFFC unit of the text (as an `NSTextAttachment` is), laid out
/// as a box of its own size and drawn by the renderer from its ``source``.
///
/// Every position API treats the unit as one character: a caret stands before or after it, a selection covers it,
/// hit testing over it answers its offset (and ``BookLayout/attachment(at:onPage:)`` the attachment). Its size
/// depends on the page (``laidOutSize(in:)``), so it is worked out at layout time, never at shaping.
///
/// The attachment's values live in one shared object, so that a ``TextStyle`` grows by one reference rather
/// than by every field here (styles are copied with every attribute run).
public struct TextAttachment: Hashable, Sendable {
    /// How the attachment sits in the text.
    public enum Presentation: String, Hashable, Sendable {
        /// On the baseline among the text, raising its line when it is taller than the text.
        case inline
        /// A paragraph of its own (an illustration): scaled down to the column and the page, never split.
        case block
        /// A page of its own (a cover, an image that is a whole spine item): scaled to fill the page's content
        /// area, up or down, and centred on it.
        case page
    }

    /// A length from a book's styles (CSS `width`, `height`, `max-width`, `max-height`).
    public enum Length: Hashable, Sendable {
        /// Points (a CSS pixel is a point, as on Apple's screens).
        case points(Double)
        /// Ems of the text's size around the attachment.
        case ems(Double)
        /// A percentage of the column's width (for widths) or of the page's content height (for heights).
        case percent(Double)
    }

    /// The values, shared by the copies of the attachment.
    private final class Storage: Hashable, Sendable {
        let source: String?
        let altText: String?
        let intrinsicSize: Size?
        let presentation: Presentation
        let width: Length?
        let height: Length?
        let maxWidth: Length?
        let maxHeight: Length?
        let formula: MathFormula?
        let sizing: ReplacedSizing
        let isEmptyBlock: Bool

        init(source: String?, altText: String?, intrinsicSize: Size?, presentation: Presentation, width: Length?,
             height: Length?, maxWidth: Length?, maxHeight: Length?, formula: MathFormula? = nil,
             sizing: ReplacedSizing = ReplacedSizing(), isEmptyBlock: Bool = false) {
            self.source = source; self.altText = altText; self.intrinsicSize = intrinsicSize
            self.presentation = presentation; self.width = width; self.height = height
            self.maxWidth = maxWidth; self.maxHeight = maxHeight; self.formula = formula; self.sizing = sizing
            self.isEmptyBlock = isEmptyBlock
        }

        static func == (a: Storage, b: Storage) -> Bool {
            a === b || (a.source == b.source && a.altText == b.altText && a.intrinsicSize == b.intrinsicSize
                && a.presentation == b.presentation && a.width == b.width && a.height == b.height
                && a.maxWidth == b.maxWidth && a.maxHeight == b.maxHeight && a.formula == b.formula
                && a.sizing == b.sizing && a.isEmptyBlock == b.isEmptyBlock)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(source); hasher.combine(altText); hasher.combine(intrinsicSize); hasher.combine(presentation)
            hasher.combine(width); hasher.combine(height); hasher.combine(maxWidth); hasher.combine(maxHeight)
            hasher.combine(formula); hasher.combine(sizing); hasher.combine(isEmptyBlock)
        }
    }

    private let storage: Storage

    /// Creates an attachment.
    ///
    /// - Parameters:
    ///   - source: What to draw: the resource's href in its publication (`OEBPS/images/whale.jpg`), which the
    ///     renderer reads through the publication's ``ResourceLoader``; nil when there is nothing to draw.
    ///   - altText: The text that stands for the object (HTML `alt`), for accessibility, hit testing and
    ///     placeholders.
    ///   - intrinsicSize: The object's own size in points (an image's pixels as CSS pixels: 1 px = 1 pt), read
    ///     from its header. Nil when it is unknown: the object is then a placeholder, never loaded (a missing
    ///     file, a header no decoder reads).
    ///   - presentation: Inline, a block of its own, or a page of its own.
    ///   - width: The book's width for it (CSS `width`, or HTML's `width`).
    ///   - height: The book's height for it (CSS `height`, or HTML's `height`).
    ///   - maxWidth: The book's CSS `max-width` for it.
    ///   - maxHeight: The book's CSS `max-height` for it.
    ///   - sizing: Its minimums, and its natural dimensions when it has only some of them (an SVG in percentages).
    public init(source: String?, altText: String? = nil, intrinsicSize: Size?, presentation: Presentation = .inline,
                width: Length? = nil, height: Length? = nil, maxWidth: Length? = nil, maxHeight: Length? = nil,
                sizing: ReplacedSizing = ReplacedSizing()) {
        storage = Storage(source: source, altText: altText, intrinsicSize: intrinsicSize, presentation: presentation,
                          width: width, height: height, maxWidth: maxWidth, maxHeight: maxHeight, sizing: sizing)
    }

    /// A formula (MathML): laid out as mathematics when its paragraph is shaped and drawn with a math font, its
    /// size that of its laid-out box (scaled down to the column when it is wider). Its alternative text is
    /// ``altText``; it reads as ``MathFormula/readableText`` (search, read-aloud).
    ///
    /// - Parameters:
    ///   - formula: The formula.
    ///   - presentation: `.inline` in running text, `.block` displayed (the reader sets it in a paragraph of its
    ///     own, centred).
    public init(formula: MathFormula, presentation: Presentation = .inline) {
        storage = Storage(source: nil, altText: formula.altText, intrinsicSize: nil, presentation: presentation,
                          width: nil, height: nil, maxWidth: nil, maxHeight: nil, formula: formula)
    }

    /// The room of an empty block that CSS gives a height (an empty `<div>` drawn as its background or border):
    /// a block across the column, `height` tall, that draws nothing itself (``isEmptyBlock``); its paragraph
    /// carries the block's box, which is drawn around it, and it moves to the next page as an image block does.
    public init(emptyBlockHeight height: Length) {
        storage = Storage(source: nil, altText: nil, intrinsicSize: nil, presentation: .block, width: .percent(100),
                          height: height, maxWidth: nil, maxHeight: nil, isEmptyBlock: true)
    }

    /// Whether the attachment is an empty block's room (``init(emptyBlockHeight:)``): laid out, never drawn.
    public var isEmptyBlock: Bool { storage.isEmptyBlock }

    /// The formula the attachment is, if it is one (see ``init(formula:presentation:)``).
    public var formula: MathFormula? { storage.formula }

    /// The resource to draw (an href in the publication), nil when there is nothing to draw.
    public var source: String? { storage.source }
    /// The text that stands for the object (HTML `alt`; an SVG's `<title>`).
    public var altText: String? { storage.altText }
    /// The object's own size in points, nil when unknown (then it is drawn as a placeholder).
    public var intrinsicSize: Size? { storage.intrinsicSize }
    /// Inline, block or page.
    public var presentation: Presentation { storage.presentation }
    /// The book's width for it, if any.
    public var width: Length? { storage.width }
    /// The book's height for it, if any.
    public var height: Length? { storage.height }
    /// The book's largest width for it, if any.
    public var maxWidth: Length? { storage.maxWidth }
    /// The book's largest height for it, if any.
    public var maxHeight: Length? { storage.maxHeight }
    /// Its minimums and partial natural dimensions.
    public var sizing: ReplacedSizing { storage.sizing }

    /// Whether the renderer draws the object itself (a source and a size are known, or it is sized without one: an
    /// SVG with only some natural dimensions), rather than a placeholder.
    public var isDrawable: Bool { source != nil && (intrinsicSize != nil || sizing.isPartial) }

    /// The attachment with another source, size and presentation (the book's lengths and the alt text kept): what
    /// a reader learns once it has read the object's header; `natural` replaces its natural dimensions when it has
    /// only some (nil keeps them).
    public func with(source: String?, intrinsicSize: Size?, presentation: Presentation,
                     natural: ReplacedSizing? = nil) -> TextAttachment {
        if let formula { return TextAttachment(formula: formula, presentation: presentation) }
        if isEmptyBlock { return self }
        var sizing = self.sizing
        if let natural {
            sizing.naturalWidth = natural.naturalWidth; sizing.naturalHeight = natural.naturalHeight
            sizing.naturalRatio = natural.naturalRatio; sizing.isPartial = natural.isPartial
        }
        return TextAttachment(source: source, altText: altText, intrinsicSize: intrinsicSize, presentation: presentation,
                              width: width, height: height, maxWidth: maxWidth, maxHeight: maxHeight, sizing: sizing)
    }

    public static func == (a: TextAttachment, b: TextAttachment) -> Bool { a.storage == b.storage }
    public func hash(into hasher: inout Hasher) { hasher.combine(storage) }
}

extension TextAttachment {
    /// What the size of an attachment depends on: the column it is set in and the text around it.
    public struct Frame: Hashable, Sendable {
        /// The column's width, in points (indents already taken off).
        public var width: Double
        /// The page's content height (the page without its margins), in points.
        public var height: Double
        /// The size of the text around the attachment, in points (what `em` lengths are relative to).
        public var emSize: Double

        /// Creates a frame.
        public init(width: Double, height: Double, emSize: Double) {
            self.width = width; self.height = height; self.emSize = emSize
        }
    }

    /// The size of a placeholder for an object whose own size is unknown and that the book gives no size:
    /// a square of 1.2 em inline (the text around it stays readable), 6 × 4 em as a block or page.
    func placeholderSize(emSize: Double) -> Size {
        presentation == .inline ? Size(width: 1.2 * emSize, height: 1.2 * emSize) : Size(width: 6 * emSize, height: 4 * emSize)
    }

    /// The size the attachment is laid out at in `frame`, in points.
    ///
    /// CSS's rules for a replaced element (CSS 2.1 §10.3.2, §10.4, §10.6.2, CSS Images 3 §5.2): its natural width,
    /// height and ratio (``intrinsicSize``; or the partial ones of ``sizing``, the default object size of 300 × 150
    /// filling what neither says; else the placeholder's); `width` and `height` (one of them keeps the ratio, and the
    /// side left `auto` follows the other's used value after its `min-` and `max-`); with both `auto`, CSS 2.1's
    /// table of minimums and maximums, which keeps the ratio; then, for blocks and pages, no larger than the column
    /// and the page, keeping the aspect ratio (an image is never split across pages, so it must fit one), and inline
    /// ones likewise (a line cannot be taller than a page either). An image is never enlarged past its own size unless
    /// the book asks for it, except a page, which fills the page's content area. Every answer is finite, at least 0
    /// and at most the frame (a hostile size cannot make a line wider than its column or taller than its page).
    public func laidOutSize(in frame: Frame) -> Size {
        let frameWidth = Self.finite(frame.width), frameHeight = Self.finite(frame.height)
        let em = Self.finite(frame.emSize)
        func resolve(_ length: Length?, along extent: Double) -> Double? {
            guard let length else { return nil }
            let value: Double
            switch length {
            case .points(let points): value = points
            case .ems(let ems): value = ems * em
            case .percent(let percent): value = percent / 100 * extent
            }
            return value.isFinite && value >= 0 ? value : nil
        }
        let natural = naturalDimensions(emSize: em)
        let cssWidth = resolve(self.width, along: frameWidth), cssHeight = resolve(self.height, along: frameHeight)
        let minWidth = resolve(sizing.minWidth, along: frameWidth) ?? 0, minHeight = resolve(sizing.minHeight, along: frameHeight) ?? 0
        let maxWidth = resolve(self.maxWidth, along: frameWidth) ?? .infinity
        let maxHeight = resolve(self.maxHeight, along: frameHeight) ?? .infinity
        func clampWidth(_ w: Double) -> Double { min(max(w, minWidth), max(minWidth, maxWidth)) }
        func clampHeight(_ h: Double) -> Double { min(max(h, minHeight), max(minHeight, maxHeight)) }
        var width: Double, height: Double
        switch (cssWidth, cssHeight) {
        case let (w?, h?):
            width = clampWidth(w); height = clampHeight(h)
        case let (w?, nil):
            width = clampWidth(w)
            height = clampHeight(natural.ratio.map { width / $0 } ?? natural.height ?? ReplacedSizing.defaultObjectSize.height)
        case let (nil, h?):
            height = clampHeight(h)
            width = clampWidth(natural.ratio.map { height * $0 } ?? natural.width ?? ReplacedSizing.defaultObjectSize.width)
        case (nil, nil):
            let concrete = ReplacedSizing.concreteSize(width: nil, height: nil, naturalWidth: natural.width, naturalHeight: natural.height,
                                                       ratio: natural.ratio, defaultSize: ReplacedSizing.defaultObjectSize)
            let constrained = ReplacedSizing.constrained(concrete, keepsRatio: natural.ratio != nil, minWidth: minWidth, maxWidth: maxWidth,
                                                         minHeight: minHeight, maxHeight: maxHeight)
            width = constrained.width; height = constrained.height
        }
        if presentation == .page && cssWidth == nil && cssHeight == nil {
            // A page fills the content area, keeping its proportions.
            let fill = min(frameWidth / max(width, .leastNormalMagnitude), frameHeight / max(height, .leastNormalMagnitude))
            width *= fill
            height *= fill
        }
        // Never wider than the column nor taller than the page: scaled down as a whole.
        let fit = min(1, frameWidth / max(width, .leastNormalMagnitude), frameHeight / max(height, .leastNormalMagnitude))
        width = min(frameWidth, width * fit)
        height = min(frameHeight, height * fit)
        return Size(width: Self.finite(width), height: Self.finite(height))
    }

    /// The natural width, height and ratio: the intrinsic size's, the partial ones, or the placeholder's.
    private func naturalDimensions(emSize: Double) -> (width: Double?, height: Double?, ratio: Double?) {
        func valid(_ value: Double?) -> Double? { value.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } }
        if let own = intrinsicSize, let w = valid(own.width), let h = valid(own.height) { return (w, h, w / h) }
        if sizing.isPartial {
            let w = valid(sizing.naturalWidth), h = valid(sizing.naturalHeight)
            return (w, h, valid(sizing.naturalRatio) ?? ((w != nil && h != nil) ? w.map { $0 / (h ?? 1) } : nil))
        }
        let placeholder = placeholderSize(emSize: emSize)
        return (placeholder.width, placeholder.height, placeholder.height > 0 ? placeholder.width / placeholder.height : nil)
    }

    private static func finite(_ value: Double) -> Double { value.isFinite && value > 0 ? value : 0 }
}
