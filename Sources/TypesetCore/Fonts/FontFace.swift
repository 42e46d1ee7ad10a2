/// One face of one font file, loaded for shaping and measuring.
///
/// Faces are made by a ``FontContext`` and live as long as it does. They are immutable and may be shared
/// between threads. All metrics are per em: multiply by a size in points to get points.
public final class FontFace: Sendable, CustomStringConvertible {
    /// A small number identifying the face within its ``FontContext`` (stable for the context's lifetime).
    public let id: Int
    /// The font file.
    public let path: String
    /// The face's index within a collection file (0 for plain font files).
    public let index: Int
    /// The family name as the font declares it.
    public let family: String
    /// The style name as the font declares it (`Regular`, `Bold Italic`...).
    public let styleName: String
    /// Ascent above the baseline, in ems.
    public let ascent: Double
    /// Descent below the baseline, in ems (positive).
    public let descent: Double
    /// Line gap, in ems.
    public let lineGap: Double
    /// The height of capital letters above the baseline, in ems.
    public let capHeight: Double
    /// Design units per em.
    public let unitsPerEm: Int
    /// Whether the face has small capitals (`smcp`).
    public let hasSmallCaps: Bool
    /// The face's features for spacing CJK punctuation (`chws`/`vchw`, `halt`/`vhal`).
    let punctuationSpacing: PunctuationSpacingFeatures
    /// The family whose line metrics the face lays lines out with, when it stands in for a family that is not
    /// installed (`LineMetrics.standIn(for:)`); nil for the face's own.
    public let lineMetricsFamily: String?
    let harfBuzz: HarfBuzzFont
    /// The font's bytes when it was loaded from memory (a book's embedded font: ``path`` then only names it);
    /// nil for a font file.
    package let bytes: FontBytes?
    /// The glyph drawn for a hyphen added at a line break: U+2010 HYPHEN, else U+002D HYPHEN-MINUS (nil when the
    /// face has neither), and its advance in ems. Looked up once; a lone hyphen shapes to its nominal glyph.
    let hyphenGlyph: UInt16?
    let hyphenAdvance: Float

    convenience init?(id: Int, path: String, index: Int, family: String, styleName: String) {
        guard let font = HarfBuzzFont(path: path, index: Int32(index)) else { return nil }
        self.init(id: id, font: font, path: path, index: index, family: family, styleName: styleName, bytes: nil)
    }

    /// A face of a font in memory; its ``path`` is `embedded:` and the bytes' name. It serves only the code points
    /// of `served` (a book's `unicode-range`).
    convenience init?(id: Int, bytes: FontBytes, family: String, styleName: String, served: UnicodeRanges = .all) {
        guard let font = HarfBuzzFont(bytes: bytes, index: 0, served: served) else { return nil }
        self.init(id: id, font: font, path: "embedded:" + bytes.name, index: 0, family: family, styleName: styleName, bytes: bytes)
    }

    private init(id: Int, font: HarfBuzzFont, path: String, index: Int, family: String, styleName: String, bytes: FontBytes?) {
        self.bytes = bytes
        self.id = id
        self.path = path
        self.index = index
        self.family = family
        self.styleName = styleName
        self.harfBuzz = font
        let upem = Double(font.unitsPerEm)
        let extents = font.verticalExtents()
        self.unitsPerEm = Int(font.unitsPerEm)
        // Some fonts leave hhea empty; fall back to a conventional 0.8/0.2 split rather than a zero-height line.
        let a = Double(extents.ascender) / upem, d = Double(-extents.descender) / upem
        self.ascent = a > 0 ? a : 0.8
        self.descent = d >= 0 && a > 0 ? d : 0.2
        self.lineGap = max(0, Double(extents.lineGap) / upem)
        let cap = Double(font.capHeight()) / upem
        self.capHeight = cap > 0 && cap < 2 ? cap : 0.7 * self.ascent
        self.hasSmallCaps = font.hasSubstitutionFeature("smcp")
        self.punctuationSpacing = PunctuationSpacingFeatures(font)
        if let glyph = font.glyph(for: 0x2010) ?? font.glyph(for: 0x2D), glyph <= 0xFFFE {
            self.hyphenGlyph = UInt16(glyph)
            self.hyphenAdvance = Float(font.advance(of: glyph)) / Float(upem)
        } else {
            self.hyphenGlyph = nil
            self.hyphenAdvance = 0
        }
        self.lineMetricsFamily = nil
    }

    /// `face` standing in for `family`: the same glyphs (its HarfBuzz font shared), laid out with `metrics`.
    init(id: Int, standingIn face: FontFace, for family: String, metrics: LineMetrics) {
        self.id = id
        path = face.path
        index = face.index
        self.family = face.family
        styleName = face.styleName
        harfBuzz = face.harfBuzz
        unitsPerEm = face.unitsPerEm
        ascent = metrics.ascent
        descent = metrics.descent
        lineGap = metrics.lineGap
        capHeight = face.capHeight
        hasSmallCaps = face.hasSmallCaps
        punctuationSpacing = face.punctuationSpacing
        bytes = face.bytes
        hyphenGlyph = face.hyphenGlyph
        hyphenAdvance = face.hyphenAdvance
        lineMetricsFamily = family
    }

    /// The natural line height (ascent + descent + line gap), in ems.
    public var naturalLineHeight: Double { ascent + descent + lineGap }

    /// Whether the face has a glyph for `scalar`.
    public func covers(_ scalar: Unicode.Scalar) -> Bool { harfBuzz.glyph(for: scalar.value) != nil }

    /// `Family Style (file#index)`.
    public var description: String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return "\(family) \(styleName) (\(file)\(index == 0 ? "" : "#\(index)"))"
    }
}
