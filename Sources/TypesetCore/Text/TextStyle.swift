/// Character-level attributes of a span of text.
///
/// Values left `nil` inherit the reader's typography settings, so a document that carries no styling of its own
/// follows every settings change.
public struct TextStyle: Hashable, Sendable {
    /// A font family requested by the document, or nil for the reader's family.
    public var fontFamily: String?
    /// CSS-style weight, 100–900 (400 regular, 700 bold).
    public var weight: Int
    /// Whether an italic (or oblique) face is wanted.
    public var isItalic: Bool
    /// Font size as a multiple of the reader's font size (1 = body text, 1.5 for a large heading).
    public var fontScale: Double
    /// Text colour, or nil for the theme's text colour.
    public var color: Color?
    /// BCP 47 language tag (`en`, `fr`, `ar`), or nil for the document's language.
    public var language: String?
    /// Link target (an EPUB href or URL) carried as an attribute; it does not change layout.
    public var link: String?
    /// Whether small capitals are wanted (the `smcp` OpenType feature, where the font has it).
    public var smallCaps: Bool

    /// Creates a style; every argument defaults to "inherit the reader's settings".
    public init(fontFamily: String? = nil, weight: Int = 400, isItalic: Bool = false, fontScale: Double = 1,
                color: Color? = nil, language: String? = nil, link: String? = nil, smallCaps: Bool = false) {
        self.fontFamily = fontFamily; self.weight = weight; self.isItalic = isItalic; self.fontScale = fontScale
        self.color = color; self.language = language; self.link = link; self.smallCaps = smallCaps
    }

    /// Plain body text.
    public static let body = TextStyle()
}

/// A style applied to a range of one paragraph's UTF-16 units.
public struct AttributeRun: Hashable, Sendable {
    /// The range, in UTF-16 units relative to the start of the paragraph.
    public var range: Range<Int>
    /// The style of that range.
    public var style: TextStyle

    /// Creates a run over a paragraph-relative range.
    public init(range: Range<Int>, style: TextStyle) { self.range = range; self.style = style }
}
