/// How a book is set: font, sizes, spacing, page geometry, alignment, hyphenation and line breaking, as one value.
///
/// The defaults are those of a typical reading app: Georgia 19 pt (resolved to the closest installed or bundled
/// face), line height 1.45, 24 pt margins, paragraph spacing 0.6 em, on a 390 × 844 pt page. Colours and pixel
/// density are not here: they change no line (see ``Appearance``). Use ``validated()`` before laying out values
/// that come from a user.
public struct TypographySettings: Hashable, Sendable {
    /// The requested font family (`Georgia`, `serif`, `Charis SIL`...). Resolved through fontconfig.
    public var fontFamily: String = "Georgia" { didSet { userSet.insert("font") } }
    /// Body font size in points.
    public var fontSize: Double = 19 { didSet { userSet.insert("size") } }
    /// Line height as a multiple of the font's natural line height (ascent + descent + line gap).
    public var lineHeightMultiple: Double = 1.45 { didSet { userSet.insert("line-height") } }
    /// Page margins in points.
    public var margins: EdgeInsets = EdgeInsets(all: 24) { didSet { userSet.insert("margins") } }
    /// Space between paragraphs, in ems of the body font size.
    public var paragraphSpacing: Double = 0.6 { didSet { userSet.insert("paragraph-spacing") } }
    /// Indent of a body paragraph's first line, in ems.
    public var firstLineIndent: Double = 0 { didSet { userSet.insert("indent") } }
    /// Alignment of body paragraphs.
    public var alignment: TextAlignment = .start { didSet { userSet.insert("align") } }
    /// Page size in points.
    public var pageSize: Size = Size(width: 390, height: 844)
    /// Text columns per page (1, or 2 for a spread).
    public var columns: Int = 1
    /// Space between columns, in points.
    public var columnGap: Double = 24
    /// The document language to assume when the document does not say (BCP 47). It also chooses the
    /// hyphenation patterns.
    public var language: String? = nil
    /// Whether words are hyphenated automatically at line ends, with the patterns of the paragraph's language
    /// (``TypographySettings/language`` when the document names none). Soft hyphens (U+00AD) are honoured
    /// either way; headings and preformatted text are never hyphenated automatically.
    public var hyphenation: Bool = false { didSet { userSet.insert("hyphenate") } }
    /// How lines are broken: ``LineBreaking/automatic`` (the default) sets justified paragraphs with the optimal
    /// breaker and the others greedily.
    public var lineBreaking: LineBreaking = .automatic
    /// How far the optimal breaker may widen or narrow a justified line's glyphs, in per cent of their width
    /// (font expansion, as pdfTeX's): 0, the default, turns it off; 2 lets a line's letters take up to ±2 % of
    /// its slack besides its spaces, in steps of a quarter of the limit. Only lines with inter-word spaces, in
    /// paragraphs without attached objects, are expanded.
    public var expansion: Double = 0 { didSet { userSet.insert("expansion") } }
    /// Whether punctuation (and a few letters) at a line's start or end hangs partly into the margin, so that
    /// the text's edges look straight (character protrusion, optical margin alignment; pdfTeX's `microtype`
    /// factors): a line's end may then take a little more text. In every alignment but centred; not beside a
    /// drop cap.
    public var protrusion: Bool = false { didSet { userSet.insert("protrusion") } }
    /// The fewest lines of a paragraph left at the bottom of a page or column (orphans) and carried to the top of
    /// the next (widows), as CSS `orphans`/`widows`; 1 turns the control off. A paragraph that would break with
    /// fewer moves whole, or carries one more line to the next page, and the page ends up to a line short (two
    /// when a three-line paragraph must move whole). The default is 2, CSS's default and what a book wants: no
    /// widows or orphans.
    public var orphansAndWidows: Int = 2
    /// Extra space added to each space between words, in ems (Readium's `wordSpacing`).
    public var wordSpacing: Double = 0 { didSet { userSet.insert("word-spacing") } }
    /// Extra space after each character, in ems (Readium's `letterSpacing`).
    public var letterSpacing: Double = 0 { didSet { userSet.insert("letter-spacing") } }
    /// The weight of body text (400 regular); other weights scale with it, so bold stays bolder (Readium's
    /// `fontWeight`).
    public var fontWeight: Int = 400 { didSet { userSet.insert("font-weight") } }
    /// The ratio between a size and the next in the book's type scale (Readium's `typeScale`): 1.2, the default,
    /// keeps the book's sizes; 1 sets headings and small print at the body size; above 1.2 they differ more.
    public var typeScale: Double = 1.2 { didSet { userSet.insert("type-scale") } }
    /// Whether the fonts' common ligatures (fi, fl) are used.
    public var ligatures: Bool = true { didSet { userSet.insert("ligatures") } }
    /// Whether text is normalised for legibility (Readium's `textNormalization`): no bold, italic or small caps
    /// in running text, and no underlines, whatever the book asks.
    public var textNormalization: Bool = false { didSet { userSet.insert("text-normalization") } }
    /// Whether lines run top to bottom, stacked right to left (Readium's `verticalText`). It applies only when the
    /// reader set it (``userSet`` holds `vertical-text`), and then to every document of the book alike (true turns
    /// horizontal documents to `vertical-rl` and keeps `vertical-lr` ones; false sets everything horizontally);
    /// otherwise each section is set in its own mode (``StyledText/writingMode(ofSection:)``).
    public var verticalText: Bool = false { didSet { userSet.insert("vertical-text") } }
    /// Whether adjacent full-width CJK punctuation (`」「`, `。」`, `、「`, `）（`) is set with the blank between the two
    /// halved, as JLReq 3.1.4 and CLReq say and as Japanese and Chinese books are set: with the font's `chws`
    /// (`vchw`) where it has them, else its `halt` (`vhal`) on the one mark JLReq names. On by default; off, every
    /// mark keeps its full em, as in a browser without `text-spacing-trim`.
    public var punctuationSpacing: Bool = true { didSet { userSet.insert("punctuation-spacing") } }
    /// Whether an ideographic full stop or comma (`。` `、` `，` `．` and their half-width forms) that does not fit at
    /// the end of a full line hangs past the line's end (JLReq's burasage, CSS `hanging-punctuation: allow-end`)
    /// instead of taking the character before it to the next line, as kinsoku otherwise must. Unless the reader
    /// sets it, the book's CSS decides (``StyledText/hangingPunctuation``); off when neither says, as in CSS and
    /// most Japanese books set by computer. In lines broken greedily (mostly CJK text always is) and not in
    /// centred lines.
    public var hangingPunctuation: Bool = false { didSet { userSet.insert("hanging-punctuation") } }

    /// The settings the reader chose, by their names in ``ReaderSettings/table`` (`align`, `font`...): these
    /// override the book's own styles for the same property (its CSS `text-align`, its fonts...), while a
    /// setting left at its default gives way to them, as in Readium.
    ///
    /// Writing a property marks it (an app's value is a value its reader chose; the defaults are not), as do
    /// ``ReaderSettings/set(_:parsing:)`` and the command line's options; remove a name to give the property
    /// back to the book. Which value wins where is decided at layout (``ParagraphStyle``), so a change never
    /// reads the book again.
    public var userSet: Set<String> = []
    /// Set on the settings a vertical text's lines are made with (``lineFrame(_:)``): the page is turned a quarter,
    /// so that an object's laid-out width runs across the lines and its height along them.
    var linesRunVertically = false

    /// The default settings.
    public init() {}

    /// The smallest line-height multiple accepted: lines a tenth of their natural height already overlap, and
    /// much less leaves them without height.
    public static let minimumLineHeightMultiple: Double = 0.1

    /// The smallest font size accepted, in points: smaller text is not legible at any scale, and sizes far below
    /// it vanish in the layout's single-precision arithmetic.
    public static let minimumFontSize: Double = 1

    /// The largest font size, page dimension and margin accepted, in points; far beyond any screen, small
    /// enough that layout arithmetic stays exact.
    public static let maximumDimension: Double = 100_000

    /// The largest ``expansion`` accepted, in per cent: beyond it letters visibly change shape (pdfTeX's
    /// `microtype` users rarely go past 3 %).
    public static let maximumExpansion: Double = 5

    /// Checks every value against its range in ``ReaderSettings/table`` (non-finite or non-positive sizes,
    /// more than 8 columns...) and the values against each other (margins that leave no room), and returns the
    /// settings unchanged.
    ///
    /// - Throws: ``InvalidSetting`` naming the first problem found.
    public func validated() throws(InvalidSetting) -> TypographySettings {
        try ReaderSettings(typography: self).validated().typography
    }

    /// The writing mode `text` is laid out in under these settings: the reader's ``verticalText`` when they set it,
    /// else the book's (its main mode: a section may have its own, see ``writingMode(for:section:)``).
    public func writingMode(for text: StyledText) -> WritingMode {
        WritingMode.resolve(book: text.writingMode, reader: readerChose(.verticalText) ? verticalText : nil)
    }

    /// The writing mode section `section` of `text` is laid out in under these settings: the reader's
    /// ``verticalText`` when they set it, else the section's own (``StyledText/writingMode(ofSection:)``).
    public func writingMode(for text: StyledText, section: Int) -> WritingMode {
        WritingMode.resolve(book: text.writingMode(ofSection: section), reader: readerChose(.verticalText) ? verticalText : nil)
    }

    /// The text area of a page, in page coordinates.
    public var contentRect: Rect {
        Rect(x: margins.left, y: margins.top,
             width: pageSize.width - margins.left - margins.right,
             height: pageSize.height - margins.top - margins.bottom)
    }

    /// The width of one column in points.
    public var columnWidth: Double {
        (contentRect.width - columnGap * (Double(columns) - 1)) / Double(columns)
    }
}

/// How paragraphs are broken into lines.
public enum LineBreaking: String, Hashable, Sendable, CaseIterable {
    /// Optimal for justified paragraphs, greedy for the others.
    case automatic
    /// First fit: each line takes as many words as fit (what browsers, Pango and TextKit do).
    case greedy
    /// Knuth–Plass total fit: the breaks of the whole paragraph that make its spacing most even, with as few
    /// hyphens in a row as possible.
    case optimal
}
