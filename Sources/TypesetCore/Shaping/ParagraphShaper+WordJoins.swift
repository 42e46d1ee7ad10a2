/// A word the cache lacks, made from parts it holds: the word between its punctuation and the punctuation around
/// it (`“Anna,` from `“`, `Anna` and `,`), where the glyphs that meet are known to shape apart as together
/// (``WordJoinGlyphs``, ``ShapeCache/join(_:_:_:)``). War and Peace's 41,992 words between spaces are 22,399 without
/// their punctuation: HarfBuzz shaped each of the others only to add a comma or a quotation mark to a known word.
extension ParagraphShaper {
    /// The punctuation a word may be joined to: what stands before or after English words most.
    static let joinAffixUnits: [UInt16] = [0x21, 0x22, 0x27, 0x28, 0x29, 0x2C, 0x2E, 0x3A, 0x3B, 0x3F, 0x5B, 0x5D,
                                           0x2018, 0x2019, 0x201C, 0x201D]

    @inline(__always)
    static func isJoinAffix(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x21, 0x22, 0x27, 0x28, 0x29, 0x2C, 0x2E, 0x3A, 0x3B, 0x3F, 0x5B, 0x5D, 0x2018, 0x2019, 0x201C, 0x201D: true
        default: false
        }
    }

    /// A word's parts: the punctuation before it, the word, the punctuation after it (either may be empty).
    struct WordParts {
        var lead: Range<Int>
        var core: Range<Int>
        var trail: Range<Int>

        /// Part `i` (0, 1, 2) of the three.
        func part(_ i: Int) -> Range<Int> { i == 0 ? lead : i == 1 ? core : trail }
    }

    /// The parts of `text[range]` when it is a word with punctuation before or after it whose ends next to the
    /// punctuation are ASCII letters or digits (never a mark, so that the glyphs meeting are these two); else nil.
    static func wordParts(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>) -> WordParts? {
        var start = range.lowerBound, end = range.upperBound
        while start < end && isJoinAffix(text[start]) { start += 1 }
        while end > start && isJoinAffix(text[end - 1]) { end -= 1 }
        guard start < end, start > range.lowerBound || end < range.upperBound,
              isASCIIAlphanumeric(text[start]), isASCIIAlphanumeric(text[end - 1]) else { return nil }
        return WordParts(lead: range.lowerBound..<start, core: start..<end, trail: end..<range.upperBound)
    }

    @inline(__always)
    private static func isASCIIAlphanumeric(_ unit: UInt16) -> Bool {
        (unit >= 0x30 && unit <= 0x39) || (unit >= 0x41 && unit <= 0x5A) || (unit >= 0x61 && unit <= 0x7A)
    }

    /// Appends the word `text[range]` made of its `parts` from the cache, and caches it whole; false (nothing
    /// appended) when a part is missing or two glyphs that meet are not known to shape apart as together.
    func joinWord(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, parts: WordParts, face: FontFace,
                  key: ShapeCache.Style, hash: UInt64, cache: inout ShapeCache, into sink: inout GlyphSink) -> Bool {
        let start = sink.count, hadOffsets = sink.hasOffsets
        for i in 0..<3 {
            let part = parts.part(i)
            guard !part.isEmpty else { continue }
            let before = sink.count
            guard cache.append(key, text, part, hash: ShapeCache.hash(key, text, part), into: &sink), sink.count > before,
                  before == start || Self.joins(text, parts: parts, at: i, left: sink.id(before - 1),
                                                right: sink.id(before), face: face, key: key, cache: cache)
            else {
                sink.truncate(to: start, hadOffsets: hadOffsets)
                return false
            }
        }
        cache.insert(key, text, range, hash: hash, from: sink, first: start, count: sink.count - start)
        cache.countJoinedWord()
        return true
    }

    /// Whether glyphs `left` and `right`, meeting where part `i` starts, shape apart as together: the punctuation's
    /// glyph is one the face lets a word meet, and the two were seen meeting without HarfBuzz flagging the join.
    private static func joins(_ text: UnsafeBufferPointer<UInt16>, parts: WordParts, at i: Int, left: UInt16,
                              right: UInt16, face: FontFace, key: ShapeCache.Style, cache: ShapeCache) -> Bool {
        // The core after the punctuation before it, or the punctuation after the core.
        let affixUnit = i == 1 ? text[parts.core.lowerBound - 1] : text[parts.trail.lowerBound]
        let affixGlyph = i == 1 ? left : right
        guard let joinable = face.harfBuzz.joinableGlyph(for: affixUnit), joinable == UInt32(affixGlyph) else { return false }
        return cache.join(key, left, right) == true
    }

    /// After HarfBuzz shaped the word `text[range]` whole (its `glyphs`, in logical order, appended to `sink` from
    /// `first`): learns whether the glyphs meeting at each join shape apart as together (HarfBuzz's unsafe-to-break
    /// flag on the glyph after the join), and when every join does, caches the parts, which are then exactly
    /// what shaping each alone gives.
    func learnJoins(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, parts: WordParts, key: ShapeCache.Style,
                    glyphs: [HarfBuzzBuffer.Glyph], first: Int, sink: GlyphSink, cache: inout ShapeCache) {
        guard glyphs.count == sink.count - first else { return }
        var apart = true
        for i in 1..<3 {
            let part = parts.part(i)
            guard !part.isEmpty else { continue }
            guard let k = glyphs.firstIndex(where: { Int($0.cluster) >= part.lowerBound }), k > 0,
                  Int(glyphs[k].cluster) == part.lowerBound else { apart = false; continue }
            let safe = !glyphs[k].unsafeToBreak
            cache.learnJoin(key, sink.id(first + k - 1), sink.id(first + k), apart: safe)
            apart = apart && safe
        }
        guard apart else { return }
        var g = 0
        for i in 0..<3 {
            let part = parts.part(i)
            guard !part.isEmpty else { continue }
            let from = g
            while g < glyphs.count && Int(glyphs[g].cluster) < part.upperBound { g += 1 }
            let hash = ShapeCache.hash(key, text, part)
            if g > from && !cache.holds(key, text, part, hash: hash) {
                cache.insert(key, text, part, hash: hash, from: sink, first: first + from, count: g - from)
            }
        }
    }
}
