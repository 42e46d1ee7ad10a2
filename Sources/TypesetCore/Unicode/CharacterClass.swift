/// The character predicates of the engine, each defined once: itemization, shaping, line breaking, layout and the
/// document readers (``TypesetDocuments`` reaches them with `package` access) ask these rather than keep copies,
/// so that a character's class is the same at every stage. Each works on UTF-16 units (a supplementary character's
/// lead surrogate stands for its plane where a plane decides the answer).
package enum CharacterClass {
    /// Hard line terminators (UAX #14 classes BK, CR, LF, NL) that may occur inside a paragraph.
    @inline(__always)
    package static func isLineTerminator(_ unit: UInt16) -> Bool {
        unit == 0x0A || unit == 0x0D || unit == 0x0B || unit == 0x0C || unit == 0x85 || unit == 0x2028 || unit == 0x2029
    }

    /// Control characters that are never drawn and take no space (C0 and C1 controls other than tab).
    @inline(__always)
    package static func isInvisibleControl(_ unit: UInt16) -> Bool {
        // Printable ASCII first: shaping asks this of every unit.
        if unit >= 0x20 && unit < 0x7F { return false }
        return (unit < 0x20 && unit != 0x09) || (unit >= 0x7F && unit <= 0x9F) || unit == 0x2028 || unit == 0x2029
    }

    /// White space that hangs at the end of a line (it does not count towards the line's width).
    @inline(__always)
    package static func isHangingSpace(_ unit: UInt16) -> Bool {
        // Printable ASCII other than the space first: the breakers ask this of the last letter of every word.
        if unit > 0x20 && unit < 0x7F { return false }
        return unit == 0x20 || unit == 0x09 || unit == 0x3000 || unit == 0x200B || unit == 0x1680
            || (unit >= 0x2000 && unit <= 0x200A && unit != 0x2007) || unit == 0x205F || isInvisibleControl(unit)
    }

    /// Where the text `start..<end` of `content` (offsets from its start index) ends without the white space that
    /// hangs at its end: what a line's width and its justifiable spaces count. A hyphenated line ends inside a
    /// word and keeps its end.
    @inline(__always)
    package static func visibleEnd<Units: RandomAccessCollection<UInt16>>(of content: Units, from start: Int, to end: Int,
                                                                   hyphenated: Bool = false) -> Int where Units.Index == Int {
        guard !hyphenated else { return end }
        var visibleEnd = end
        while visibleEnd > start, isHangingSpace(content[content.startIndex + visibleEnd - 1]) { visibleEnd -= 1 }
        return visibleEnd
    }

    /// Spaces that justification stretches: U+0020, and the tabs and soft line ends that read as one.
    @inline(__always)
    package static func isJustifiableSpace(_ unit: UInt16) -> Bool { unit == 0x20 || unit == 0x0A || unit == 0x09 }

    /// Code points that never choose a font of their own: they stay with the font of the text around them
    /// (combining marks are handled separately; these are joiners, selectors and other default ignorables).
    @inline(__always)
    package static func followsNeighbourFont(_ codePoint: UInt32) -> Bool {
        switch codePoint {
        case 0x00AD, 0x034F, 0x061C, 0x180B...0x180F, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x206F,
             0xFE00...0xFE0F, 0xFEFF, 0xE0000...0xE0FFF:
            return true
        default:
            return codePoint < 0x20 || (codePoint >= 0x7F && codePoint <= 0x9F)
        }
    }

    /// Breakable white space, where an emergency cut may end a line whose stretch has no break opportunity: the
    /// space, the ideographic and Ogham spaces, the en quad to hair space but the figure space, the medium
    /// mathematical space (not the no-break spaces, not the zero-width space, which is an opportunity already).
    @inline(__always)
    package static func isBreakableSpace(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x3000 || unit == 0x1680 || unit == 0x205F || (unit >= 0x2000 && unit <= 0x200A && unit != 0x2007)
    }

    /// White space and other separators between words (hyphenation's tokens, speech's trimmed ends, plain-text
    /// markup's word edges): what hangs at a line's end, line terminators and the no-break spaces.
    @inline(__always)
    package static func isSeparator(_ unit: UInt16) -> Bool {
        isHangingSpace(unit) || isLineTerminator(unit) || unit == 0xA0 || unit == 0x202F || unit == 0x2007
    }

    /// East Asian Wide and Fullwidth characters (UAX #11 W and F), which take two columns of a plain-text file:
    /// Hangul Jamo and syllables, CJK radicals to Yi, compatibility ideographs, CJK compatibility forms,
    /// fullwidth forms, and the lead surrogates of planes 2 and 3 (the CJK extensions).
    @inline(__always)
    package static func isWide(_ unit: UInt16) -> Bool {
        (unit >= 0x1100 && unit <= 0x115F) || (unit >= 0x2E80 && unit <= 0xA4CF) || (unit >= 0xAC00 && unit <= 0xD7A3)
            || (unit >= 0xF900 && unit <= 0xFAFF) || (unit >= 0xFE30 && unit <= 0xFE4F) || (unit >= 0xFF00 && unit <= 0xFF60)
            || (unit >= 0xFFE0 && unit <= 0xFFE6) || (unit >= 0xD840 && unit <= 0xD87F)
    }

    /// Hangul: Jamo and syllables (wide, but written with spaces between words).
    @inline(__always)
    package static func isHangul(_ unit: UInt16) -> Bool {
        (unit >= 0x1100 && unit <= 0x11FF) || (unit >= 0xAC00 && unit <= 0xD7AF) || (unit >= 0x3130 && unit <= 0x318F)
    }

    /// Wide characters other than Hangul: the text written without spaces between words (Chinese, Japanese, Yi).
    /// CSS Text 3's segment-break transformation drops a source line end between two of them rather than read it
    /// as a space, and such a line is justified between its characters.
    @inline(__always)
    package static func isWideUnspaced(_ unit: UInt16) -> Bool { isWide(unit) && !isHangul(unit) }

    /// Whether any of `units` is ``isWideUnspaced(_:)``: one compare per unit for text without (all of it below
    /// U+2E80, where the first such range starts), as the justification of every Latin paragraph asks.
    @inline(__always)
    package static func containsWideUnspaced(_ units: ArraySlice<UInt16>) -> Bool {
        for unit in units where unit >= 0x2E80 { if isWideUnspaced(unit) { return true } }
        return false
    }

    /// Whether most of `content`'s visible units (spaces, controls and trailing surrogates aside) are
    /// ``isWideUnspaced(_:)``: Chinese or Japanese text, which is justified between its characters, even when a
    /// quoted word or a space after a quotation mark gives it a few inter-word spaces.
    package static func isMostlyWideUnspaced(_ content: ArraySlice<UInt16>) -> Bool {
        var wide = 0, other = 0
        for unit in content where unit > 0x20 && !UTF16.isTrailSurrogate(unit) {
            if isWideUnspaced(unit) { wide += 1 } else { other += 1 }
        }
        return wide > other
    }

    /// Hiragana and katakana (U+3041–U+30FF, the iteration marks and the prolonged sound mark included).
    @inline(__always)
    package static func isKana(_ unit: UInt16) -> Bool { unit >= 0x3041 && unit <= 0x30FF }

    /// Whether `codePoint` is an ASCII letter or digit.
    @inline(__always)
    package static func isASCIIAlphanumeric(_ codePoint: UInt32) -> Bool {
        (codePoint >= 0x30 && codePoint <= 0x39) || ((codePoint | 0x20) >= 0x61 && (codePoint | 0x20) <= 0x7A)
    }

    /// The code point at `i` of `units` and its length in units (2 for a surrogate pair ending before `end`; a
    /// lone surrogate is its own code point, which no font covers, so it shows as a missing glyph, never a crash).
    @inline(__always)
    package static func codePoint<Units: RandomAccessCollection<UInt16>>(_ units: Units, at i: Units.Index,
                                                                          end: Units.Index) -> (UInt32, Int) {
        let unit = units[i]
        let next = units.index(after: i)
        if UTF16.isLeadSurrogate(unit), next < end, UTF16.isTrailSurrogate(units[next]) {
            return (0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(units[next]) - 0xDC00), 2)
        }
        return (UInt32(unit), 1)
    }

    /// Whether a unit may continue the grapheme before it (a combining mark, joiner, variation selector, emoji
    /// modifier or other extender, or a low surrogate), so that a break before it needs checking.
    @inline(__always)
    package static func mayContinueGrapheme(_ unit: UInt16) -> Bool {
        guard unit >= 0x0300 else { return false }
        if UTF16.isTrailSurrogate(unit) || UTF16.isLeadSurrogate(unit) { return true }  // emoji modifiers, tags, SMP marks
        if unit == 0x200C || unit == 0x200D || (unit >= 0xFE00 && unit <= 0xFE0F) { return true }
        // Grapheme extenders that are not marks by category: halfwidth voiced marks (Extend, Lm), Thai/Lao AM (SpacingMark, Lo).
        if unit == 0xFF9E || unit == 0xFF9F || unit == 0x0E33 || unit == 0x0EB3 { return true }
        return HarfBuzzUnicode.isMark(UInt32(unit))
    }

    /// Whether a unit may end a Prepend character (UAX #29 GB9b), which joins the grapheme after it: U+0600–0605,
    /// 06DD, 070F, 0890–0891, 08E2, 0D4E, or a low surrogate (the supplementary Prepend characters: 110BD, 110CD…).
    @inline(__always)
    package static func mayEndPrepend(_ unit: UInt16) -> Bool {
        (unit >= 0x0600 && unit <= 0x0605) || unit == 0x06DD || unit == 0x070F || unit == 0x0890 || unit == 0x0891
            || unit == 0x08E2 || unit == 0x0D4E || UTF16.isTrailSurrogate(unit)
    }
}
