/// What shaping reads from the reader's settings: the family and language, and the settings that change which
/// glyphs are drawn or how wide they are (weight, normalisation, ligatures, letter and word spacing).
///
/// A ``ShapedText`` holds for one value: a change of any of these shapes again (with the word cache warm, which
/// makes it cheap); a change of anything else in ``TypographySettings`` only breaks lines again. Where a
/// setting competes with the book's own styles, the reader's value wins only when they set it
/// (``TypographySettings/userSet``): the optional fields are nil when the book's value applies.
public struct ShapingSettings: Hashable, Sendable {
    /// The reader's font family, used wherever the text names none.
    public var fontFamily: String
    /// The language assumed where the text does not say.
    public var language: String?
    /// Whether the reader chose ``fontFamily``: it then replaces the book's fonts too (its embedded fonts and the
    /// families its CSS names), except a monospace family, which carries meaning (code).
    public var replacesBookFonts: Bool
    /// The weight of body text, 400 for the book's weights (``TypographySettings/fontWeight``).
    public var fontWeight: Int
    /// Running text without bold, italic or small caps (``TypographySettings/textNormalization``).
    public var textNormalization: Bool
    /// The reader's ligatures setting when they set it, else nil (the book's, on by default).
    public var ligatures: Bool?
    /// The reader's letter spacing in ems when they set it (it replaces the book's), else nil.
    public var letterSpacing: Double?
    /// The reader's word spacing in ems when they set it (it replaces the book's), else nil.
    public var wordSpacing: Double?
    /// The reader's vertical-text setting when they set it, else nil (the book's `writing-mode` applies). Vertical
    /// text is shaped top to bottom (vertical advances and glyph forms), so it keys shaping too.
    public var verticalText: Bool?
    /// Whether adjacent full-width punctuation is spaced as JLReq and CLReq say
    /// (``TypographySettings/punctuationSpacing``): it changes glyph advances, so it keys shaping.
    public var punctuationSpacing: Bool = true

    /// The shaping part of `settings`.
    public init(_ settings: TypographySettings) {
        fontFamily = settings.fontFamily
        language = settings.language
        replacesBookFonts = settings.readerChose(.font)
        fontWeight = settings.fontWeight
        textNormalization = settings.textNormalization
        ligatures = settings.readerChose(.ligatures) ? settings.ligatures : nil
        letterSpacing = settings.readerChose(.letterSpacing) ? settings.letterSpacing : nil
        wordSpacing = settings.readerChose(.wordSpacing) ? settings.wordSpacing : nil
        verticalText = settings.readerChose(.verticalText) ? settings.verticalText : nil
        punctuationSpacing = settings.punctuationSpacing
    }

    /// A family and language with everything else as the book has it.
    public init(fontFamily: String, language: String? = nil) {
        self.fontFamily = fontFamily
        self.language = language
        replacesBookFonts = false
        fontWeight = 400
        textNormalization = false
    }

    /// How a run of `style` in a paragraph of `role` is shaped under these settings: the family, weight, slant,
    /// small caps, ligatures and spacing that apply once the reader's choices and the book's are weighed. A generic
    /// family carries `language` (the run's, BCP 47) so that fontconfig maps it per script.
    func resolve(_ style: TextStyle, role: ParagraphRole, readerFamily: String, language: String?) -> ResolvedShapingStyle {
        var family = readerFamily
        if let requested = style.fontFamily, !replacesBookFonts || requested == "monospace" { family = requested }
        // Normalisation is for running text: a heading keeps its weight.
        let normalized: Bool
        if case .heading = role { normalized = false } else { normalized = textNormalization }
        var weight = normalized ? 400 : style.weight
        if fontWeight != 400 { weight = min(1000, max(1, weight * fontWeight / 400)) }
        let letterSpacing = self.letterSpacing ?? style.letterSpacing
        var descriptor = FontDescriptor(family: family, weight: weight, isItalic: style.isItalic && !normalized)
        if descriptor.isGeneric, let language { descriptor.language = FontDescriptor.fontconfigLanguage(language) }
        return ResolvedShapingStyle(
            descriptor: descriptor,
            smallCaps: style.smallCaps && !normalized,
            // CSS: letter spacing turns optional ligatures off, or the spacing would fall inside them.
            ligatures: (ligatures ?? style.ligatures) && letterSpacing == 0,
            features: style.fontFeatures.isEmpty ? style.fontFeatures
                : features(style.fontFeatures, letterSpacing: letterSpacing, normalized: normalized),
            letterSpacing: Float(letterSpacing), wordSpacing: Float(wordSpacing ?? style.wordSpacing))
    }

    /// The text's own features as these settings let them apply: the reader's `ligatures` setting, when they
    /// set it, decides common ligatures over the book's; letter spacing turns optional ligatures off whatever the
    /// book asks (CSS Text 3 §8.2); normalised text has no capitals features, as it has no small capitals.
    private func features(_ features: FontFeatures, letterSpacing: Double, normalized: Bool) -> FontFeatures {
        var removed: [UInt32] = []
        if ligatures != nil { removed += Self.commonLigatureTags }
        if letterSpacing != 0 { removed += Self.optionalLigatureTags }
        if normalized { removed += Self.capitalsTags }
        return removed.isEmpty ? features : features.removing(removed)
    }

    private static let commonLigatureTags = ["liga", "clig"].compactMap(FontFeatures.tag)
    private static let optionalLigatureTags = ["liga", "clig", "dlig", "hlig"].compactMap(FontFeatures.tag)
    private static let capitalsTags = ["smcp", "c2sc", "pcap", "c2pc", "unic", "titl"].compactMap(FontFeatures.tag)
}

/// A text style as shaping applies it (see ``ShapingSettings/resolve(_:role:readerFamily:language:)``).
struct ResolvedShapingStyle {
    var descriptor: FontDescriptor
    var smallCaps: Bool
    var ligatures: Bool
    /// The text's own features, after ``smallCaps`` and ``ligatures`` (see `features(_:letterSpacing:normalized:)`).
    var features: FontFeatures
    /// Ems of the run's size added after each character, and to each space between words.
    var letterSpacing: Float
    var wordSpacing: Float
}
