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

        init(source: String?, altText: String?, intrinsicSize: Size?, presentation: Presentation, width: Length?,
             height: Length?, maxWidth: Length?, maxHeight: Length?, formula: MathFormula? = nil) {
            self.source = source; self.altText = altText; self.intrinsicSize = intrinsicSize
            self.presentation = presentation; self.width = width; self.height = height
            self.maxWidth = maxWidth; self.maxHeight = maxHeight; self.formula = formula
        }

        static func == (a: Storage, b: Storage) -> Bool {
            a === b || (a.source == b.source && a.altText == b.altText && a.intrinsicSize == b.intrinsicSize
                && a.presentation == b.presentation && a.width == b.width && a.height == b.height
                && a.maxWidth == b.maxWidth && a.maxHeight == b.maxHeight && a.formula == b.formula)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(source); hasher.combine(altText); hasher.combine(intrinsicSize); hasher.combine(presentation)
            hasher.combine(width); hasher.combine(height); hasher.combine(maxWidth); hasher.combine(maxHeight)
            hasher.combine(formula)
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
    ///   - width, height, maxWidth, maxHeight: The book's sizes for it (CSS, or HTML's `width` and `height`).
    public init(source: String?, altText: String? = nil, intrinsicSize: Size?, presentation: Presentation = .inline,
                width: Length? = nil, height: Length? = nil, maxWidth: Length? = nil, maxHeight: Length? = nil) {
        storage = Storage(source: source, altText: altText, intrinsicSize: intrinsicSize, presentation: presentation,
                          width: width, height: height, maxWidth: maxWidth, maxHeight: maxHeight)
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

    /// Whether the renderer draws the object itself (a source and a size are known), rather than a placeholder.
    public var isDrawable: Bool { source != nil && intrinsicSize != nil }

    /// The attachment with another source, size and presentation (the book's lengths and the alt text kept): what
    /// a reader learns once it has read the object's header.
    public func with(source: String?, intrinsicSize: Size?, presentation: Presentation) -> TextAttachment {
        if let formula { return TextAttachment(formula: formula, presentation: presentation) }
        return TextAttachment(source: source, altText: altText, intrinsicSize: intrinsicSize, presentation: presentation,
                              width: width, height: height, maxWidth: maxWidth, maxHeight: maxHeight)
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
    /// CSS's rules for a replaced element, in this order: its own size (``intrinsicSize``, else the placeholder's);
    /// `width` and `height` (one of them keeps the aspect ratio); `max-width` and `max-height` (scaling both sides
    /// when the other is not set); then, for blocks and pages, no larger than the column and the page, keeping the
    /// aspect ratio (an image is never split across pages, so it must fit one), and inline ones likewise (a line
    /// cannot be taller than a page either). An image is never enlarged past its own size unless the book asks for
    /// it, except a page, which fills the page's content area. Every answer is finite, at least 0 and at most the
    /// frame (a hostile size cannot make a line wider than its column or taller than its page).
    public func laidOutSize(in frame: Frame) -> Size {
        let frameWidth = Self.finite(frame.width), frameHeight = Self.finite(frame.height)
        let em = Self.finite(frame.emSize)
        let own = intrinsicSize.flatMap { $0.width.isFinite && $0.height.isFinite && $0.width > 0 && $0.height > 0 ? $0 : nil }
            ?? placeholderSize(emSize: em)
        let ratio = own.width / own.height
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
        var width = own.width, height = own.height
        let cssWidth = resolve(self.width, along: frameWidth), cssHeight = resolve(self.height, along: frameHeight)
        switch (cssWidth, cssHeight) {
        case let (w?, h?): width = w; height = h
        case let (w?, nil): width = w; height = w / ratio
        case let (nil, h?): height = h; width = h * ratio
        case (nil, nil): break
        }
        // max-width and max-height: when the other side is not set, it follows (the aspect ratio is kept).
        if let maximum = resolve(maxWidth, along: frameWidth), width > maximum {
            if cssHeight == nil { height *= maximum / max(width, .leastNormalMagnitude) }
            width = maximum
        }
        if let maximum = resolve(maxHeight, along: frameHeight), height > maximum {
            if cssWidth == nil { width *= maximum / max(height, .leastNormalMagnitude) }
            height = maximum
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

    private static func finite(_ value: Double) -> Double { value.isFinite && value > 0 ? value : 0 }
}
