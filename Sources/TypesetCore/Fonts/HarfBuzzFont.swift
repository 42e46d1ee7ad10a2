internal import CHarfBuzz
import Synchronization

/// Owner of one HarfBuzz font chain (blob → face → font) for one face of one font file.
///
/// The chain is created together, made immutable, and destroyed together in `deinit`. An immutable `hb_face_t`
/// and an `hb_font_t` using HarfBuzz's built-in OpenType functions may be used from several threads at once
/// (HarfBuzz's object-model documentation), hence `@unchecked Sendable`.
final class HarfBuzzFont: @unchecked Sendable {
    /// The `hb_font_t`, scaled to font units (scale = units per em) so shaping results do not depend on size.
    let raw: OpaquePointer
    let face: OpaquePointer
    private let blob: OpaquePointer
    /// Design units per em.
    let unitsPerEm: Int32
    /// The bytes of a font loaded from memory, which the blob reads in place (kept alive here).
    private let bytes: FontBytes?
    /// The code points the face may serve (a book's `unicode-range`); nil for all it maps.
    private let served: UnicodeRanges?
    /// The glyphs of the word edges a word may be joined at without shaping (``joinableGlyph(for:)``), found at
    /// first use.
    let joinable = Mutex<WordJoinGlyphs?>(nil)

    /// Loads face `index` of the font file at `path`; nil when the file cannot be read or holds no such face.
    convenience init?(path: String, index: Int32) {
        guard let blob = hb_blob_create_from_file_or_fail(path) else { return nil }
        self.init(blob: blob, index: index, bytes: nil, served: nil)
    }

    /// Loads face `index` of a font in memory (plain OpenType or TrueType); nil when it is not a usable font. With
    /// `served`, the face maps only the code points those ranges hold (``glyph(for:)``).
    convenience init?(bytes: FontBytes, index: Int32, served: UnicodeRanges? = nil) {
        guard let count = UInt32(exactly: bytes.count),
              let blob = hb_blob_create(bytes.base.assumingMemoryBound(to: CChar.self), count, HB_MEMORY_MODE_READONLY, nil, nil)
        else { return nil }
        self.init(blob: blob, index: index, bytes: bytes, served: served.flatMap { $0.isAll ? nil : $0 })
    }

    /// Takes over `blob` (destroyed here when the face is not usable).
    private init?(blob: OpaquePointer, index: Int32, bytes: FontBytes?, served: UnicodeRanges?) {
        guard hb_blob_get_length(blob) > 0 else { hb_blob_destroy(blob); return nil }
        let faceCount = hb_face_count(blob)
        guard index >= 0, UInt32(index) < faceCount, let face = hb_face_create(blob, UInt32(index)) else {
            hb_blob_destroy(blob); return nil
        }
        let upem = Int32(hb_face_get_upem(face))
        // A face with no glyphs is what HarfBuzz hands back for a corrupt file: refuse it.
        guard upem > 0, hb_face_get_glyph_count(face) > 0 else { hb_face_destroy(face); hb_blob_destroy(blob); return nil }
        hb_face_make_immutable(face)
        guard let font = hb_font_create(face) else { hb_face_destroy(face); hb_blob_destroy(blob); return nil }
        hb_font_set_scale(font, upem, upem)
        hb_font_make_immutable(font)
        self.blob = blob
        self.face = face
        self.raw = font
        self.unitsPerEm = upem
        self.bytes = bytes
        self.served = served
    }

    deinit {
        hb_font_destroy(raw)
        hb_face_destroy(face)
        hb_blob_destroy(blob)
    }

    /// The glyph for a code point, or nil when the face does not cover it (or its ranges leave it out: coverage,
    /// fallback and itemisation all ask here, so a range-limited face is one that lacks the rest).
    @inline(__always)
    func glyph(for codePoint: UInt32) -> UInt32? {
        if let served, !served.contains(codePoint) { return nil }
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(raw, codePoint, &glyph) != 0 ? glyph : nil
    }

    /// Horizontal advance of a glyph, in font units.
    func advance(of glyph: UInt32) -> Int32 { hb_font_get_glyph_h_advance(raw, glyph) }

    /// Ascender, descender (negative below the baseline) and line gap in font units.
    func verticalExtents() -> (ascender: Int32, descender: Int32, lineGap: Int32) {
        var extents = hb_font_extents_t()
        _ = hb_font_get_h_extents(raw, &extents)
        return (extents.ascender, extents.descender, extents.line_gap)
    }

    /// The height of capital letters in font units (OS/2 `sCapHeight`, else HarfBuzz's estimate from the glyphs).
    func capHeight() -> Int32 {
        var position: hb_position_t = 0
        hb_ot_metrics_get_position_with_fallback(raw, HB_OT_METRICS_TAG_CAP_HEIGHT, &position)
        return position
    }

    /// Whether the face has a GSUB feature with this tag in any script (used for `smcp`).
    func hasSubstitutionFeature(_ tag: String) -> Bool { hasFeature(tag, table: "GSUB") }

    /// Whether the face has a GPOS feature with this tag in any script (`halt`, `chws`...).
    func hasPositioningFeature(_ tag: String) -> Bool { hasFeature(tag, table: "GPOS") }

    func hasFeature(_ tag: String, table: String) -> Bool {
        let wanted = hb_tag_from_string(tag, -1)
        var count: UInt32 = 32
        var tags = [hb_tag_t](repeating: 0, count: 32)
        var start: UInt32 = 0
        let tableTag = hb_tag_from_string(table, -1)
        while true {
            count = 32
            let total = hb_ot_layout_table_get_feature_tags(face, tableTag, start, &count, &tags)
            if tags[0..<Int(count)].contains(wanted) { return true }
            start += count
            if count == 0 || start >= total { return false }
        }
    }
}
