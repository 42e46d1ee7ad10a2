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
    /// Whether the units are markup rather than text (an Aozora Bunko `［＃…］` note, Project Gutenberg's `_`
    /// around italics, an EPUB element with `display: none`): they stay in the text, so offsets never move, but
    /// they have no width and no glyphs, no caret stop of their own and cannot be selected on their own. Every
    /// position API answers in source offsets and steps over them (see the README's "Hidden units").
    public var isHidden: Bool
    /// Marks the units as the annotation of a ruby base (an Aozora Bunko reading in `《》`): the base's range and
    /// the side the annotation goes on. Annotation units take no place in the line, as hidden units do, until
    /// ruby layout draws them over their base.
    public var ruby: RubyAnnotation?
    /// Emphasis marks beside the text (Japanese 傍点, CSS `text-emphasis`): carried as an attribute for the
    /// renderer; it does not change layout.
    public var emphasis: TextEmphasis?
    /// A line along the text on one side (Japanese 傍線): an attribute for the renderer, as ``emphasis``.
    public var sideLine: TextSideLine?
    /// Text drawn in place of these units, of the same UTF-16 length: a character that the source describes in
    /// markup (an Aozora Bunko gaiji note resolved to its Unicode character, an accent-decomposed letter).
    /// Offsets stay the source's; the run is one caret unit. A replacement of another length is ignored (the
    /// units are drawn as they are).
    public var replacement: String?

    /// Creates a style; every argument defaults to "inherit the reader's settings".
    public init(fontFamily: String? = nil, weight: Int = 400, isItalic: Bool = false, fontScale: Double = 1,
                color: Color? = nil, language: String? = nil, link: String? = nil, smallCaps: Bool = false,
                isHidden: Bool = false, ruby: RubyAnnotation? = nil, emphasis: TextEmphasis? = nil,
                sideLine: TextSideLine? = nil, replacement: String? = nil) {
        self.fontFamily = fontFamily; self.weight = weight; self.isItalic = isItalic; self.fontScale = fontScale
        self.color = color; self.language = language; self.link = link; self.smallCaps = smallCaps
        self.isHidden = isHidden; self.ruby = ruby; self.emphasis = emphasis; self.sideLine = sideLine
        self.replacement = replacement
    }

    /// Plain body text.
    public static let body = TextStyle()

    /// Hidden markup with otherwise default attributes.
    public static let hidden = TextStyle(isHidden: true)

    /// Whether the units take no place in the line: hidden markup, or a ruby annotation (set above its base,
    /// not in the line).
    @inline(__always)
    var isOutOfFlow: Bool { isHidden || ruby != nil }
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
