/// A paragraph's CSS `line-break` and `word-break`, applied to the opportunities UAX #14 gives: the strictness
/// picks ICU's rules (``ShapingContext/lineBreaker(language:strictness:)``); `break-all`, `keep-all` and
/// `anywhere` add or drop opportunities here, always on grapheme boundaries.
struct BreakRules {
    let strictness: LineBreakStrictness
    let wordBreak: WordBreakRule

    init(_ style: borrowing ParagraphStyle) {
        strictness = style.lineBreak
        wordBreak = style.wordBreak
    }

    /// `candidates` (encoded as in ``ShapedParagraph/breaks``, in order, the last at the end of `units`) with the
    /// opportunities the rules add or remove; mandatory breaks and soft-hyphen breaks are kept.
    func adjust(_ candidates: [UInt32], units: [UInt16], graphemes: BreakIterator?) -> [UInt32] {
        var result: [UInt32] = []
        result.reserveCapacity(candidates.count)
        var next = 0
        func keep(_ candidate: UInt32) -> Bool {
            guard wordBreak == .keepAll, !BreakCandidate.isMandatory(candidate), !BreakCandidate.isHyphenated(candidate) else { return true }
            let offset = BreakCandidate.offset(candidate)
            return !(Self.isLetter(before: offset, units) && Self.isLetter(after: offset, units))
        }
        if wordBreak == .breakAll || strictness == .anywhere, let graphemes {
            graphemes.setText(units)
            graphemes.forEachBoundary { offset, _ in
                while next < candidates.count && BreakCandidate.offset(candidates[next]) < offset {
                    if keep(candidates[next]) { result.append(candidates[next]) }
                    next += 1
                }
                if next < candidates.count && BreakCandidate.offset(candidates[next]) == offset { return }
                // `anywhere` breaks between any two graphemes; `break-all` between two letters or digits.
                if strictness == .anywhere || (Self.isLetter(before: offset, units) && Self.isLetter(after: offset, units)) {
                    result.append(BreakCandidate.encode(offset: offset, mandatory: false))
                }
            }
        }
        while next < candidates.count {
            if keep(candidates[next]) { result.append(candidates[next]) }
            next += 1
        }
        return result
    }

    /// Whether the character ending at `offset` is a letter or a digit (CSS's typographic letter units).
    static func isLetter(before offset: Int, _ units: [UInt16]) -> Bool {
        guard offset > 0, offset <= units.count else { return false }
        var start = offset - 1
        if UTF16.isTrailSurrogate(units[start]), start > 0, UTF16.isLeadSurrogate(units[start - 1]) { start -= 1 }
        return isLetter(CharacterClass.codePoint(units, at: start, end: offset).0)
    }

    /// Whether the character starting at `offset` is a letter or a digit.
    static func isLetter(after offset: Int, _ units: [UInt16]) -> Bool {
        guard offset >= 0, offset < units.count else { return false }
        return isLetter(CharacterClass.codePoint(units, at: offset, end: units.count).0)
    }

    private static func isLetter(_ codePoint: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(codePoint) else { return false }
        let properties = scalar.properties
        return properties.isAlphabetic || properties.numericType != nil
    }
}
