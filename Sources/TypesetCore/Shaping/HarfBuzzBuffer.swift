internal import CHarfBuzz

/// Owner of one reusable `hb_buffer_t`. Buffers are never shared between threads.
final class HarfBuzzBuffer {
    let raw: OpaquePointer
    /// UTF-16 units shaped with this buffer so far: a count of work, so that tests can check that a paragraph is
    /// not shaped over and over in pieces (no test times anything).
    private(set) var unitsShaped = 0

    init() {
        // hb_buffer_create never returns NULL: on allocation failure it returns the inert empty buffer,
        // whose shaping produces no glyphs (which the shaper then treats as invisible text).
        raw = hb_buffer_create()
    }

    deinit { hb_buffer_destroy(raw) }

    /// One glyph of HarfBuzz's output, copied out of the buffer.
    struct Glyph {
        var id: UInt32
        var cluster: UInt32
        var advance: Int32
        var xOffset: Int32
        var yOffset: Int32
        /// Whether breaking the text before this glyph's cluster could change the shaping on either side
        /// (`HB_GLYPH_FLAG_UNSAFE_TO_BREAK`).
        var unsafeToBreak: Bool = false
    }

    /// Shapes `length` units of `text` starting at `start`, with the rest of `text` as context.
    ///
    /// - Returns: Glyphs in HarfBuzz's (visual) order; clusters are offsets into `text`.
    func shape(text: UnsafeBufferPointer<UInt16>, start: Int, length: Int, font: HarfBuzzFont,
               script: UInt32, rightToLeft: Bool, topToBottom: Bool = false, language: OpaquePointer?, features: [hb_feature_t],
               into output: inout [Glyph]) {
        unitsShaped &+= length
        hb_buffer_clear_contents(raw)
        hb_buffer_set_cluster_level(raw, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
        hb_buffer_add_utf16(raw, text.baseAddress, Int32(text.count), UInt32(start), Int32(length))
        hb_buffer_set_direction(raw, topToBottom ? HB_DIRECTION_TTB : rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(raw, hb_script_t(rawValue: script))
        if let language { hb_buffer_set_language(raw, language) }
        var flags = HB_BUFFER_FLAG_DEFAULT.rawValue
        if start == 0 { flags |= HB_BUFFER_FLAG_BOT.rawValue }
        if start + length == text.count { flags |= HB_BUFFER_FLAG_EOT.rawValue }
        hb_buffer_set_flags(raw, hb_buffer_flags_t(rawValue: flags))
        features.withUnsafeBufferPointer { f in
            hb_shape(font.raw, raw, f.baseAddress, UInt32(f.count))
        }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(raw, &count),
              let positions = hb_buffer_get_glyph_positions(raw, &count) else { return }
        output.reserveCapacity(output.count + Int(count))
        for i in 0..<Int(count) {
            output.append(Glyph(id: infos[i].codepoint, cluster: infos[i].cluster,
                                // Top to bottom, HarfBuzz advances down the y axis (negative): the advance
                                // along the line is its length.
                                advance: topToBottom ? 0 &- positions[i].y_advance : positions[i].x_advance,
                                xOffset: positions[i].x_offset,
                                yOffset: positions[i].y_offset,
                                unsafeToBreak: infos[i].mask & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0))
        }
    }
}

/// Script and language helpers over HarfBuzz's Unicode data.
enum HarfBuzzUnicode {
    static let common = HB_SCRIPT_COMMON.rawValue
    static let inherited = HB_SCRIPT_INHERITED.rawValue
    static let unknown = HB_SCRIPT_UNKNOWN.rawValue
    static let latin = HB_SCRIPT_LATIN.rawValue
    static let han = HB_SCRIPT_HAN.rawValue
    static let arabic = HB_SCRIPT_ARABIC.rawValue
    static let syriac = HB_SCRIPT_SYRIAC.rawValue
    static let nko = HB_SCRIPT_NKO.rawValue
    static let mongolian = HB_SCRIPT_MONGOLIAN.rawValue

    /// Whether `script` is one of the East Asian scripts written upright in vertical lines (their characters are
    /// mostly `Vertical_Orientation=U` in UAX #50): Han, kana, Hangul, Bopomofo, Yi and the others. Which characters
    /// of a vertical line stand upright is decided per character (``ParagraphShaper/orient(_:paragraph:units:)``);
    /// this class groups kana with kanji for fallback faces, and says where CJK punctuation spacing and two-digit
    /// tate-chū-yoko apply.
    static func isUpright(script: UInt32) -> Bool {
        switch hb_script_t(rawValue: script) {
        case HB_SCRIPT_HAN, HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA, HB_SCRIPT_HANGUL, HB_SCRIPT_BOPOMOFO, HB_SCRIPT_YI,
             HB_SCRIPT_TANGUT, HB_SCRIPT_NUSHU, HB_SCRIPT_KHITAN_SMALL_SCRIPT, HB_SCRIPT_EGYPTIAN_HIEROGLYPHS:
            return true
        default:
            return false
        }
    }

    /// The Unicode script of a code point (ASCII answered without a call).
    @inline(__always)
    static func script(of codePoint: UInt32) -> UInt32 {
        if codePoint < 0x80 {
            let c = UInt8(codePoint)
            return (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) ? latin : common
        }
        return hb_unicode_script(hb_unicode_funcs_get_default(), codePoint).rawValue
    }

    /// Whether a code point is a combining mark (Mn, Mc, Me), which stays with its base character's font.
    static func isMark(_ codePoint: UInt32) -> Bool {
        if codePoint < 0x300 { return false }
        let category = hb_unicode_general_category(hb_unicode_funcs_get_default(), codePoint)
        return category == HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK
            || category == HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK
            || category == HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK
    }

    /// HarfBuzz's interned language for a BCP 47 tag.
    static func language(_ tag: String) -> OpaquePointer? {
        hb_language_from_string(tag, -1)
    }

    /// The `smcp` feature over the whole buffer.
    static let smallCaps: [hb_feature_t] = [
        hb_feature_t(tag: hb_tag_from_string("smcp", -1), value: 1, start: 0, end: CHarfBuzz_featureGlobalEnd)
    ]
    /// Common and contextual ligatures off over the whole buffer.
    static let noLigatures: [hb_feature_t] = [
        hb_feature_t(tag: hb_tag_from_string("liga", -1), value: 0, start: 0, end: CHarfBuzz_featureGlobalEnd),
        hb_feature_t(tag: hb_tag_from_string("clig", -1), value: 0, start: 0, end: CHarfBuzz_featureGlobalEnd),
    ]

    /// The features a run of `key` is shaped with: small capitals and ligatures as the style and the reader's
    /// settings weigh them, the face's contextual punctuation spacing, then the text's own `features` (HarfBuzz
    /// takes the last value of a tag, so the text's win: CSS Fonts 4 §7.2).
    static func features(_ key: ShapeCache.Style, _ features: FontFeatures) -> [hb_feature_t] {
        var list = Self.features(smallCaps: key.smallCaps, ligatures: !key.noLigatures)
        if key.contextualPunctuation { list.append(PunctuationSpacingFeatures.contextualFeature(vertical: key.topToBottom)) }
        for setting in features.settings {
            list.append(hb_feature_t(tag: setting.tag, value: setting.value, start: 0, end: CHarfBuzz_featureGlobalEnd))
        }
        return list
    }

    /// The small capitals and ligature features a run asks for.
    static func features(smallCaps: Bool, ligatures: Bool) -> [hb_feature_t] {
        switch (smallCaps, ligatures) {
        case (false, true): []
        case (true, true): Self.smallCaps
        case (false, false): noLigatures
        case (true, false): Self.smallCaps + noLigatures
        }
    }
}
