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
    /// position API answers in source offsets and steps over them (see the manual's "Hidden units").
    public var isHidden: Bool
    /// Marks the units as the annotation of a ruby base (an Aozora Bunko reading in `《》`): the base's range and
    /// the side the annotation goes on. Annotation units take no place in the line, as hidden units do, until
    /// ruby layout draws them over their base.
    public var ruby: RubyAnnotation?
    /// Emphasis marks beside the text (Japanese 傍点, CSS `text-emphasis`): drawn by
    /// ``BookLayout/glyphRuns(onPage:)`` beside each character, the line grown to hold them; offsets and carets
    /// are unchanged.
    public var emphasis: TextEmphasis?
    /// A line along the text on one side (Japanese 傍線): an attribute for the renderer; it does not change layout.
    public var sideLine: TextSideLine?
    /// Text drawn in place of these units, of the same UTF-16 length: a character that the source describes in
    /// markup (an Aozora Bunko gaiji note resolved to its Unicode character, an accent-decomposed letter).
    /// Offsets stay the source's; the run is one caret unit. A replacement of another length is ignored (the
    /// units are drawn as they are).
    public var replacement: String?
    /// A colour behind the text, or nil for none. Like ``color``, drawn made readable on the theme's page (see
    /// `Appearance` and the renderer).
    public var backgroundColor: Color?
    /// The boxes of the inline elements the text is inside (``InlineBox``: border, padding, background), outermost
    /// first; empty for none. Runs of one element carry boxes of the same ids.
    public var inlineBoxes: [InlineBox] = []
    /// Lines drawn with the text (underline, line-through, overline).
    public var decoration: TextDecorationLines
    /// Case shown for the text, which never changes the text itself (see ``TextTransform``).
    public var textTransform: TextTransform
    /// Extra space after each character, in ems of this text's size (CSS `letter-spacing`); the reader's
    /// `letter-spacing` replaces it when they set one.
    public var letterSpacing: Double
    /// Extra space added to each space between words, in ems of this text's size (CSS `word-spacing`); the
    /// reader's `word-spacing` replaces it when they set one.
    public var wordSpacing: Double
    /// How far the text is raised above the baseline (lowered when negative), in ems of this text's size
    /// (CSS `vertical-align: super`, `sub` or a length).
    public var baselineShift: Double
    /// Whether the font's common ligatures (`liga`, `clig`) are used; false for CSS `font-variant-ligatures:
    /// none`. The reader's `ligatures` setting overrides it when they set it.
    public var ligatures: Bool
    /// The object this unit stands for (an image), when the run is one U+FFFC unit: laid out as a box of the
    /// object's size and drawn by the renderer (see ``TextAttachment``). On any other run it is dropped when
    /// the paragraph is made, as it is on hidden units.
    public var attachment: TextAttachment?
    /// Whether the run is set across a vertical line in one cell (縦中横, CSS `text-combine-upright: all`,
    /// `-epub-text-combine: horizontal`): up to four characters side by side in the space of one, each run its own
    /// cell (runs so styled are never merged). In horizontal text it changes nothing. Two-digit numbers in upright
    /// vertical text are combined without it.
    public var combinesUpright: Bool = false
    /// How the text stands in a vertical line (CSS `text-orientation`); nothing in horizontal text.
    public var orientation: TextOrientation = .mixed
    /// Whether the text is seen, and by whom (see ``TextVisibility``): visible; laid out in its place but not drawn
    /// (CSS `visibility: hidden`); or, with ``isHidden``, taken out of sight but read aloud (a book's text for screen
    /// readers).
    public var visibility: TextVisibility = .visible
    /// OpenType features asked for beyond small capitals and common ligatures (old-style or tabular figures,
    /// fractions, kerning off...: CSS `font-variant-numeric`, `font-feature-settings` and the like); empty for the
    /// font's defaults. Applied after ``smallCaps`` and ``ligatures``, so a tag here wins; the reader's `ligatures`
    /// setting still decides common ligatures (see ``FontFeatures``).
    public var fontFeatures = FontFeatures()
    /// Whether the units are generated text rather than the book's (a list item's marker, the quotation marks of
    /// `<q>`): drawn as text, but outside the position model. They have no caret stop of their own, join the
    /// grapheme beside them into one caret unit as hidden units do (see `CaretSpan`), take no hit test (a point
    /// on them answers no character, and the nearest position is the content's), and are not read by search,
    /// speech or word counts.
    public var isGenerated: Bool = false
    /// The directional embedding, isolate or override of the inline element the text is in (HTML `dir`, `<bdi>`,
    /// `<bdo>`, CSS `unicode-bidi`), nil for none: bidi resolution treats the run as inside the formatting
    /// characters UAX #9 has for it, without their being in the text. (An app making its own text puts those
    /// characters in it.)
    package var bidi: BidiEmbedding?
    /// How ``decoration``'s lines are drawn when not as solid lines of the text's colour and the face's thickness
    /// (CSS `text-decoration-style`, `-color`, `-thickness`); nil for that default.
    package var decorationLook: DecorationLook?

    /// Creates a style; every argument defaults to "inherit the reader's settings".
    public init(fontFamily: String? = nil, weight: Int = 400, isItalic: Bool = false, fontScale: Double = 1,
                color: Color? = nil, language: String? = nil, link: String? = nil, smallCaps: Bool = false,
                isHidden: Bool = false, ruby: RubyAnnotation? = nil, emphasis: TextEmphasis? = nil,
                sideLine: TextSideLine? = nil, replacement: String? = nil,
                backgroundColor: Color? = nil, decoration: TextDecorationLines = [], textTransform: TextTransform = .none,
                letterSpacing: Double = 0, wordSpacing: Double = 0, baselineShift: Double = 0,
                ligatures: Bool = true, attachment: TextAttachment? = nil) {
        self.fontFamily = fontFamily; self.weight = weight; self.isItalic = isItalic; self.fontScale = fontScale
        self.color = color; self.language = language; self.link = link; self.smallCaps = smallCaps
        self.isHidden = isHidden; self.ruby = ruby; self.emphasis = emphasis; self.sideLine = sideLine
        self.replacement = replacement
        self.backgroundColor = backgroundColor; self.decoration = decoration; self.textTransform = textTransform
        self.letterSpacing = letterSpacing; self.wordSpacing = wordSpacing; self.baselineShift = baselineShift
        self.ligatures = ligatures; self.attachment = attachment
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

/// Who perceives a run of text beyond what ``TextStyle/isHidden`` says.
public enum TextVisibility: Hashable, Sendable {
    /// Drawn and read (hidden units, with ``TextStyle/isHidden``, are neither).
    case visible
    /// Laid out in its place but neither drawn, read aloud nor found by search (CSS `visibility: hidden`).
    case invisible
    /// Hidden units (with ``TextStyle/isHidden``: no place, nothing drawn, not found by search) that read-aloud and
    /// accessibility still read: a book's text for screen readers, placed or clipped out of sight (Standard Ebooks'
    /// titles at `left: -999em`, the 1 px `.sr-only` box).
    case assistive
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

/// The lines CSS `text-decoration` draws with text.
public struct TextDecorationLines: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    /// Creates a set from its bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// A line under the baseline.
    public static let underline = TextDecorationLines(rawValue: 1)
    /// A line through the middle of lower-case letters.
    public static let lineThrough = TextDecorationLines(rawValue: 2)
    /// A line over the text.
    public static let overline = TextDecorationLines(rawValue: 4)
    /// Where the underline goes rather than a line of its own: with ``underline``, below the descenders instead of
    /// just under the baseline (CSS `text-underline-position: under`, which the text's descenders then never cross).
    public static let underlineBelowDescenders = TextDecorationLines(rawValue: 8)
    /// Where the underline goes in vertical text: with ``underline``, on the left of the column instead of its
    /// right (CSS `text-underline-position: left`); horizontal text ignores it.
    public static let underlineLeft = TextDecorationLines(rawValue: 16)
}

/// CSS `text-transform`: the case text is shown in. Shaping and line breaking see the transformed letters, but the
/// text and its offsets are never changed: each character is replaced by one of the same UTF-16 length (a
/// letter whose case mapping is longer keeps its simple mapping: `ß` is shown as `ẞ` in capitals, never as
/// `SS`, so that every offset still points at its source character).
public enum TextTransform: String, Hashable, Sendable {
    /// As written.
    case none
    /// All capitals.
    case uppercase
    /// All lower case.
    case lowercase
    /// The first letter of each word in capitals (title case).
    case capitalize
    /// ASCII letters, digits and punctuation shown as their full-width forms (`Ａ` for `A`; CSS `full-width`,
    /// EPUB's `-epub-fullwidth`), so that they sit in the grid of Chinese and Japanese text. Spaces stay spaces
    /// (they are what justification stretches and what hangs at a line's end).
    case fullWidth
}

/// How a run's decoration lines are drawn (CSS Text Decoration 3 §2.2–2.4, `text-decoration-thickness` of Level 4).
package struct DecorationLook: Hashable, Sendable {
    /// The line's shape.
    package enum Style: Hashable, Sendable {
        case solid, double, dotted, dashed, wavy
    }

    package var style: Style
    /// The lines' colour, nil for the text's (`currentColor`).
    package var color: Color?
    /// The thickness in ems of the text's size, nil for the face's own (`auto`, `from-font`); at most an em (a
    /// value that is not finite or not positive is the face's own).
    package var thickness: Double?

    package init(style: Style = .solid, color: Color? = nil, thickness: Double? = nil) {
        self.style = style; self.color = color
        self.thickness = thickness.flatMap { $0.isFinite && $0 > 0 ? min($0, 1) : nil }
    }

    /// The look, or nil when it is the default (solid, the text's colour, the face's thickness).
    package var nonDefault: DecorationLook? { style == .solid && color == nil && thickness == nil ? nil : self }
}
