/// Small character predicates used by itemization, shaping and line breaking.
enum CharacterClass {
    /// Hard line terminators (UAX #14 classes BK, CR, LF, NL) that may occur inside a paragraph.
    @inline(__always)
    static func isLineTerminator(_ unit: UInt16) -> Bool {
        unit == 0x0A || unit == 0x0D || unit == 0x0B || unit == 0x0C || unit == 0x85 || unit == 0x2028 || unit == 0x2029
    }

    /// Control characters that are never drawn and take no space (C0 and C1 controls other than tab).
    @inline(__always)
    static func isInvisibleControl(_ unit: UInt16) -> Bool {
        // Printable ASCII first: shaping asks this of every unit.
        if unit >= 0x20 && unit < 0x7F { return false }
        return (unit < 0x20 && unit != 0x09) || (unit >= 0x7F && unit <= 0x9F) || unit == 0x2028 || unit == 0x2029
    }

    /// White space that hangs at the end of a line (it does not count towards the line's width).
    @inline(__always)
    static func isHangingSpace(_ unit: UInt16) -> Bool {
        // Printable ASCII other than the space first: the breakers ask this of the last letter of every word.
        if unit > 0x20 && unit < 0x7F { return false }
        return unit == 0x20 || unit == 0x09 || unit == 0x3000 || unit == 0x200B || unit == 0x1680
            || (unit >= 0x2000 && unit <= 0x200A && unit != 0x2007) || unit == 0x205F || isInvisibleControl(unit)
    }

    /// Where the text `start..<end` of `content` (offsets from its start index) ends without the white space that
    /// hangs at its end: what a line's width and its justifiable spaces count. A hyphenated line ends inside a
    /// word and keeps its end.
    @inline(__always)
    static func visibleEnd<Units: RandomAccessCollection<UInt16>>(of content: Units, from start: Int, to end: Int,
                                                                   hyphenated: Bool = false) -> Int where Units.Index == Int {
        guard !hyphenated else { return end }
        var visibleEnd = end
        while visibleEnd > start, isHangingSpace(content[content.startIndex + visibleEnd - 1]) { visibleEnd -= 1 }
        return visibleEnd
    }

    /// Spaces that justification stretches: U+0020, and the tabs and soft line ends that read as one.
    @inline(__always)
    static func isJustifiableSpace(_ unit: UInt16) -> Bool { unit == 0x20 || unit == 0x0A || unit == 0x09 }

    /// Code points that never choose a font of their own: they stay with the font of the text around them
    /// (combining marks are handled separately; these are joiners, selectors and other default ignorables).
    @inline(__always)
    static func followsNeighbourFont(_ codePoint: UInt32) -> Bool {
        switch codePoint {
        case 0x00AD, 0x034F, 0x061C, 0x180B...0x180F, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x206F,
             0xFE00...0xFE0F, 0xFEFF, 0xE0000...0xE0FFF:
            return true
        default:
            return codePoint < 0x20 || (codePoint >= 0x7F && codePoint <= 0x9F)
        }
    }
}
