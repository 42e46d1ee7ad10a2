internal import CICU

/// A character's Unicode `Vertical_Orientation` (UAX #50, from ICU's data): how it stands in a vertical line by
/// default. CSS `text-orientation: mixed` sets `U` and `Tu` characters upright and `R` characters sideways (turned 90°
/// clockwise); `Tr` characters take a vertical alternate glyph upright (see ``ParagraphShaper/orient(_:paragraph:units:)``).
enum VerticalOrientation: UInt8, CaseIterable, Sendable {
    /// `R`: drawn sideways, turned 90° clockwise from the code charts (Latin, digits, most symbols).
    case rotated
    /// `Tr`: a different glyph in vertical text, else turned (brackets, the long vowel mark ー, dashes).
    case transformedRotated
    /// `Tu`: a different glyph in vertical text, else upright (the ideographic full stop and comma, small kana).
    case transformedUpright
    /// `U`: upright, as in the code charts (Han, kana, Hangul, full-width forms).
    case upright

    /// The property of `codePoint`; ASCII (all `R`) and the blocks of a vertical book's most frequent characters
    /// (the CJK ideographs and their Extension A, Hangul syllables: all `U`) answered without asking ICU
    /// (`TextOrientationTests.theShortcutsAgreeWithICU`).
    @inline(__always)
    init(of codePoint: UInt32) {
        if codePoint < 0x80 { self = .rotated; return }
        if (0x4E00...0x9FFF).contains(codePoint) || (0x3400...0x4DBF).contains(codePoint) || (0xAC00...0xD7A3).contains(codePoint) {
            self = .upright
            return
        }
        self = VerticalOrientation(icu: codePoint)
    }

    /// The property of `codePoint` as ICU gives it.
    init(icu codePoint: UInt32) {
        self = VerticalOrientation(rawValue: UInt8(truncatingIfNeeded: CICU_verticalOrientation(codePoint))) ?? .rotated
    }

    /// Whether a character of this class stands upright under `orientation` (CSS Writing Modes 4, 5.1): `mixed`
    /// keeps `U`, `Tu` and `Tr` upright (`Tr` with the font's vertical alternate, `vert`/`vrt2`, which HarfBuzz applies
    /// to text shaped top to bottom) and turns `R`; `upright` keeps everything upright; `sideways` turns everything.
    func isUpright(under orientation: TextOrientation) -> Bool {
        switch orientation {
        case .mixed: self != .rotated
        case .upright: true
        case .sideways: false
        }
    }
}
