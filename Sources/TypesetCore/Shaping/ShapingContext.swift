/// Scratch space and caches for shaping on one thread: a HarfBuzz buffer, ICU break iterators, per-face coverage
/// tables and the word cache (parley's `ShapeContext` is the model; laying lines out has ``LayoutScratch``).
///
/// A context is used by one thread at a time; ``Typesetter`` keeps a pool and hands one to each worker, so
/// caches stay warm across layouts. `@unchecked Sendable` because it moves between threads through that pool,
/// never being used by two at once.
final class ShapingContext: @unchecked Sendable {
    let fonts: FontContext
    let buffer = HarfBuzzBuffer()
    var cache = ShapeCache()

    /// The word cache, moved out (an empty placeholder is left); the caller puts it back into ``cache``.
    func takeCache() -> ShapeCache {
        var taken = ShapeCache.placeholder
        swap(&taken, &cache)
        return taken
    }
    private var coverage: [Int: FaceCoverage] = [:]
    private var fontSets = LastAnswerDictionary<FontDescriptor, FontSet>()
    private var fallbacks: [FallbackKey: FontFace] = [:]
    private var languages = LastAnswerDictionary<String, OpaquePointer?>()
    private var lineBreakers = LastAnswerDictionary<String, LineBreakMemo?>()
    private(set) lazy var characterIterator: BreakIterator? = BreakIterator(.character)
    /// Scratch arrays reused across paragraphs.
    var glyphScratch: [HarfBuzzBuffer.Glyph] = []
    var segmentScratch: [ParagraphShaper.Segment] = []
    let glyphBuffers = GlyphBuffers()
    /// Math fonts read for formulas, by face id (their MATH constants read once per thread).
    var mathFonts: [Int: MathFont] = [:]
    /// Runs, glyphs and bases the annotation passes (ruby, tate-chu-yoko) looked at: tests count work with it.
    let annotationWork = WorkCounter()

    private struct FallbackKey: Hashable { let set: ObjectIdentifier; let codePoint: UInt32 }
    private struct WordFallbackKey: Hashable { let set: ObjectIdentifier; let codePoints: [UInt32] }
    private var wordFallbacks: [WordFallbackKey: FontFace?] = [:]

    init(fonts: FontContext) { self.fonts = fonts }

    func coverage(of face: FontFace) -> FaceCoverage {
        if let known = coverage[face.id] { return known }
        let made = FaceCoverage(font: face.harfBuzz)
        coverage[face.id] = made
        return made
    }

    func fontSet(for descriptor: FontDescriptor) throws(FontError) -> FontSet {
        try fontSets.value(for: descriptor) { () throws(FontError) in try fonts.fontSet(for: descriptor) }
    }

    /// The font set for `descriptor` in a text that brings `documentFonts` (see
    /// ``FontContext/fontSet(for:in:fallback:)``); ``fontSet(for:)`` for a text without fonts of its own.
    func fontSet(for descriptor: FontDescriptor, in documentFonts: DocumentFonts?, readerFamily: String) throws(FontError) -> FontSet {
        guard let documentFonts, documentFonts.families.contains(descriptor.family.lowercased()) else {
            return try fontSet(for: descriptor)
        }
        let key = DocumentSetKey(serial: documentFonts.serial, descriptor: descriptor, readerFamily: readerFamily)
        if let known = documentSets[key] { return known }
        let fallback = FontDescriptor(family: readerFamily, weight: descriptor.weight, isItalic: descriptor.isItalic)
        let set = try fonts.fontSet(for: descriptor, in: documentFonts, fallback: fallback)
        documentSets[key] = set
        return set
    }
    private struct DocumentSetKey: Hashable { let serial: Int; let descriptor: FontDescriptor; let readerFamily: String }
    private var documentSets: [DocumentSetKey: FontSet] = [:]

    /// The face for a character the primary face of `set` lacks (the primary itself when nothing covers it).
    func fallbackFace(in set: FontSet, for codePoint: UInt32) -> FontFace {
        let key = FallbackKey(set: ObjectIdentifier(set), codePoint: codePoint)
        if let known = fallbacks[key] { return known }
        let face = set.fallbackFace(for: codePoint) ?? set.primary
        fallbacks[key] = face
        return face
    }

    /// The first fallback face of `set` that covers every code point of a word, if any (cached per word).
    func fallbackFace(in set: FontSet, coveringAll codePoints: [UInt32]) -> FontFace? {
        let key = WordFallbackKey(set: ObjectIdentifier(set), codePoints: codePoints)
        if let known = wordFallbacks[key] { return known }
        let face = set.fallbackFace(coveringAll: codePoints)
        wordFallbacks[key] = face
        return face
    }

    /// A small number standing for a language tag in word-cache keys (0 for none).
    func languageID(_ tag: String?) -> Int32 {
        guard let tag else { return 0 }
        return languageIDs.value(for: tag) { nextLanguageID() }
    }
    private var languageIDs = LastAnswerDictionary<String, Int32>()

    /// A small number standing for a language tag and the text's own font features in word-cache keys: the
    /// tag's own number when there are none, else one of the pair's (never a tag's), so that a run's features key
    /// the cache without a word more in its records.
    @inline(__always)
    func languageID(_ tag: String?, features: FontFeatures) -> Int32 {
        features.isEmpty ? languageID(tag) : featuredLanguageID(tag, features: features)
    }

    private func featuredLanguageID(_ tag: String?, features: FontFeatures) -> Int32 {
        featuredLanguageIDs.value(for: FeaturedLanguage(tag: tag, features: features)) { nextLanguageID() }
    }
    private struct FeaturedLanguage: Hashable { let tag: String?; let features: FontFeatures }
    private var featuredLanguageIDs = LastAnswerDictionary<FeaturedLanguage, Int32>()

    /// The next number for ``languageID(_:)`` and ``languageID(_:features:)``, which share them.
    private func nextLanguageID() -> Int32 {
        issuedLanguageIDs &+= 1
        return issuedLanguageIDs
    }
    private var issuedLanguageIDs: Int32 = 0

    /// HarfBuzz's language for `tag`: asked for every run, as the one before almost always (hashing the tag was
    /// 0.4 % of a cold layout of War and Peace, callgrind).
    func language(_ tag: String?) -> OpaquePointer? {
        guard let tag else { return nil }
        return languages.value(for: tag) { HarfBuzzUnicode.language(tag) }
    }

    /// The line-break opportunities of a language (ICU tailors line breaking for a few, such as Japanese) under a CSS
    /// `line-break` strictness (ICU's `@lb=` keyword; `anywhere` starts from the language's rules): its ICU iterator
    /// and the chunks it broke (``LineBreakMemo``).
    func lineBreaker(language: String?, strictness: LineBreakStrictness = .auto) -> LineBreakMemo? {
        // Every paragraph asks, almost always as the one before did: the ICU locale string is built only for a new
        // pair (building it per paragraph was 0.6 % of a cold layout of War and Peace, callgrind).
        if let last = lastLineBreaker, last.language == language, last.strictness == strictness { return last.memo }
        let memo = makeLineBreaker(language: language, strictness: strictness)
        lastLineBreaker = (language, strictness, memo)
        return memo
    }
    private var lastLineBreaker: (language: String?, strictness: LineBreakStrictness, memo: LineBreakMemo?)?

    /// The line breaker of ``lineBreaker(language:strictness:)``, found or made by its ICU locale string.
    private func makeLineBreaker(language: String?, strictness: LineBreakStrictness) -> LineBreakMemo? {
        let keyword: String
        switch strictness {
        case .auto where LineBreakStrictness.isStrictByDefault(language): keyword = "@lb=strict"
        case .auto, .anywhere: keyword = ""
        case .loose, .normal, .strict: keyword = "@lb=" + strictness.rawValue
        }
        let locale = (language ?? "") + keyword
        return lineBreakers.value(for: locale) {
            (BreakIterator(.line, locale: locale) ?? BreakIterator(.line, locale: keyword) ?? BreakIterator(.line))
                .map { LineBreakMemo(iterator: $0) }
        }
    }

    /// The shaped form of a paragraph without content at `level` whose primary face is `primaryFaceID`, one shared
    /// block per pair: a text of blank lines (one empty paragraph per line) costs a pointer per paragraph here.
    func emptyParagraph(level: UInt8, primaryFaceID: Int32) -> ShapedParagraph {
        let key = Int64(primaryFaceID) << 8 | Int64(level)
        if let known = emptyParagraphs[key] { return known }
        let made = ShapedParagraph.empty(paragraphLevel: level, primaryFaceID: primaryFaceID)
        emptyParagraphs[key] = made
        return made
    }
    private var emptyParagraphs: [Int64: ShapedParagraph] = [:]

    /// `[1, 1, …]`, at least `count` long: the sizes (in ems) with which shaping computes a paragraph's prefix
    /// sums, kept rather than allocated per paragraph.
    func ones(count: Int) -> [Float] {
        if onesScratch.count < count { onesScratch = [Float](repeating: 1, count: max(count, 2 * onesScratch.count, 8)) }
        return onesScratch
    }
    private var onesScratch: [Float] = []
}
