internal import CHarfBuzz

/// The punctuation a face lets a word meet without shaping the two together: for each unit of
/// ``ParagraphShaper/isJoinAffix(_:)``, its glyph when no lookup of the face but pair positioning can reach
/// across it to a neighbour, and the glyph is no mark.
///
/// Why: War and Peace's 41,992 distinct words between spaces are 22,399 words once the punctuation around them is
/// taken off (`Anna`, `Anna,`, `“Anna`...), so half of HarfBuzz's calls shape a known word again with a comma. A
/// word and its punctuation shape apart exactly as together when nothing in the face joins them: no substitution
/// touches the punctuation's glyph (no ligature or context can reach into it), no contextual or cursive
/// positioning either, so only pair kerning can act between the two glyphs that meet, and that is learnt pair by
/// pair from HarfBuzz's own unsafe-to-break flag (``ShapeCache/joins``). A face with a class-based context that
/// matches class 0 (every glyph its classes leave out: `collect_glyphs` cannot name them), an AAT table, a legacy
/// `kern` table in use, or no GPOS is never joined.
struct WordJoinGlyphs {
    /// Unit → glyph, for the units that may be joined.
    let glyphs: [UInt16: UInt32]

    /// The analysis of `font`'s face (once per font: ``HarfBuzzFont/joinableGlyph(for:)``).
    init(font: HarfBuzzFont) {
        let face = font.face
        guard Self.mayJoin(face, font: font), let touched = hb_set_create() else { glyphs = [:]; return }
        defer { hb_set_destroy(touched) }
        guard Self.collect(face, table: "GSUB", skipped: [], into: touched),
              Self.collect(face, table: "GPOS", skipped: [1, 2, 4, 5, 6], into: touched)
        else { glyphs = [:]; return }
        var glyphs: [UInt16: UInt32] = [:]
        for unit in ParagraphShaper.joinAffixUnits {
            guard let glyph = font.glyph(for: UInt32(unit)), hb_set_has(touched, glyph) == 0 else { continue }
            let glyphClass = hb_ot_layout_get_glyph_class(face, glyph)
            guard glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_UNCLASSIFIED || glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH
            else { continue }
            glyphs[unit] = glyph
        }
        self.glyphs = glyphs
    }

    /// Whether HarfBuzz shapes the face with OpenType layout alone: GPOS present, no AAT tables, and no legacy
    /// `kern` table that HarfBuzz would apply (it does when GPOS has no `kern` feature; its format 1 is contextual).
    private static func mayJoin(_ face: OpaquePointer, font: HarfBuzzFont) -> Bool {
        guard hb_ot_layout_has_positioning(face) != 0, hb_aat_layout_has_substitution(face) == 0,
              hb_aat_layout_has_positioning(face) == 0 else { return false }
        let kern = hb_face_reference_table(face, hb_tag_from_string("kern", -1))
        defer { hb_blob_destroy(kern) }
        return hb_blob_get_length(kern) == 0 || font.hasFeature("kern", table: "GPOS")
    }

    /// Adds to `touched` every glyph the lookups of `table` name, except lookups of a `skipped` type; false when a
    /// class-based context matches class 0 (glyphs no set names), or the table cannot be read.
    private static func collect(_ face: OpaquePointer, table: String, skipped: Set<UInt16>,
                                into touched: OpaquePointer) -> Bool {
        let tag = hb_tag_from_string(table, -1)
        let blob = hb_face_reference_table(face, tag)
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length) else { return length == 0 }
        let bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(data), count: Int(length))
        let isSubstitution = table == "GSUB"
        guard let lookups = LayoutLookups(bytes, extensionType: isSubstitution ? 7 : 9,
                                          context: isSubstitution ? (5, 6) : (7, 8)),
              lookups.count == Int(hb_ot_layout_table_get_lookup_count(face, tag)) else { return false }
        for index in 0..<lookups.count {
            guard let (type, matchesClassZero) = lookups.lookup(index), !matchesClassZero else { return false }
            if skipped.contains(type) { continue }
            hb_ot_layout_lookup_collect_glyphs(face, tag, UInt32(index), touched, touched, touched, touched)
        }
        return true
    }
}

/// The lookup list of a GSUB or GPOS table, read for each lookup's type and whether a class-based context in it
/// matches class 0 (every glyph its class definitions leave out). Every read is bounds-checked: a font is input.
struct LayoutLookups {
    private let bytes: UnsafeRawBufferPointer
    private let list: Int
    private let extensionType: UInt16
    /// The context and chained context lookup types of the table.
    private let context: (plain: UInt16, chained: UInt16)
    let count: Int

    init?(_ bytes: UnsafeRawBufferPointer, extensionType: UInt16, context: (plain: UInt16, chained: UInt16)) {
        self.bytes = bytes
        self.extensionType = extensionType
        self.context = context
        guard let offset = Self.u16(bytes, 8), let count = Self.u16(bytes, Int(offset)) else { return nil }
        list = Int(offset)
        self.count = Int(count)
    }

    /// Lookup `index`'s type (an extension's, through it), and whether one of its class-based contexts matches
    /// class 0; nil when the table is cut short.
    func lookup(_ index: Int) -> (type: UInt16, matchesClassZero: Bool)? {
        guard let offset = u16(list + 2 + 2 * index) else { return nil }
        let lookup = list + Int(offset)
        guard let declared = u16(lookup), let subtables = u16(lookup + 4) else { return nil }
        var type = declared
        var classZero = false
        for s in 0..<Int(subtables) {
            guard let subOffset = u16(lookup + 6 + 2 * s) else { return nil }
            var subtable = lookup + Int(subOffset)
            if declared == extensionType {
                guard let inner = u16(subtable + 2), let high = u16(subtable + 4), let low = u16(subtable + 6) else { return nil }
                type = inner
                subtable += Int(high) << 16 | Int(low)
            }
            guard let format = u16(subtable) else { return nil }
            guard format == 2, type == context.plain || type == context.chained else { continue }
            guard let zero = classZeroInRules(subtable, chained: type == context.chained) else { return nil }
            classZero = classZero || zero
        }
        return (type, classZero)
    }

    /// Whether a rule of the class-based (format 2) context at `subtable` names class 0 after its first glyph
    /// (which its coverage names); nil when cut short.
    private func classZeroInRules(_ subtable: Int, chained: Bool) -> Bool? {
        let setsAt = subtable + (chained ? 10 : 6)
        guard let setCount = u16(setsAt) else { return nil }
        for set in 0..<Int(setCount) {
            guard let setOffset = u16(setsAt + 2 + 2 * set) else { return nil }
            guard setOffset != 0 else { continue }
            let ruleSet = subtable + Int(setOffset)
            guard let ruleCount = u16(ruleSet) else { return nil }
            for r in 0..<Int(ruleCount) {
                guard let ruleOffset = u16(ruleSet + 2 + 2 * r) else { return nil }
                var at = ruleSet + Int(ruleOffset)
                // Chained: backtrack, input (first glyph left out), lookahead. Plain: input count, lookup count, input.
                let sequences = chained ? [0, 1, 0] : [1]
                if !chained {
                    guard let glyphCount = u16(at), glyphCount > 0 else { return nil }
                    at += 4
                    guard let zero = zeroIn(at, count: Int(glyphCount) - 1) else { return nil }
                    if zero { return true }
                    continue
                }
                for skip in sequences {
                    guard let count = u16(at), Int(count) >= skip else { return nil }
                    at += 2
                    guard let zero = zeroIn(at, count: Int(count) - skip) else { return nil }
                    if zero { return true }
                    at += 2 * (Int(count) - skip)
                }
            }
        }
        return false
    }

    /// Whether one of `count` class values at `at` is 0; nil when cut short.
    private func zeroIn(_ at: Int, count: Int) -> Bool? {
        for i in 0..<count {
            guard let value = u16(at + 2 * i) else { return nil }
            if value == 0 { return true }
        }
        return false
    }

    private func u16(_ at: Int) -> UInt16? { Self.u16(bytes, at) }

    private static func u16(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> UInt16? {
        guard at >= 0, at + 2 <= bytes.count else { return nil }
        return UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
    }
}

extension HarfBuzzFont {
    /// The glyph of `unit` when a word may be joined to it without shaping (``WordJoinGlyphs``), else nil.
    func joinableGlyph(for unit: UInt16) -> UInt32? {
        joinable.withLock { analysis in
            if let analysis { return analysis.glyphs[unit] }
            let made = WordJoinGlyphs(font: self)
            analysis = made
            return made.glyphs[unit]
        }
    }
}
