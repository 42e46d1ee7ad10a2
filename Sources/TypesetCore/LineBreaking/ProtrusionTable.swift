/// Character protrusion (optical margin alignment): how far a character at the start or end of a line hangs into
/// the margin, as a fraction of its own advance, per class of characters. A period or a hyphen at a line's end
/// carries little ink for its width, so a column whose lines end in them looks ragged when the boxes align; hung
/// partly into the margin, the edge looks straight. The factors are those of pdfTeX's `microtype` package
/// (its `default` set, in thousandths there), and the classes also hold full-width CJK and Arabic punctuation, so
/// that hanging punctuation elsewhere can reuse them.
///
/// "Start" and "end" are the line's logical start and end: in a right-to-left paragraph the end hangs into the
/// left margin.
struct ProtrusionTable: Sendable {
    /// Classes of characters that protrude alike.
    enum CharacterClass: Int, CaseIterable, Sendable {
        case none
        /// `.` `…` `۔`
        case fullStop
        /// `,` `،`
        case comma
        /// `:`
        case colon
        /// `;` `؛`
        case semicolon
        /// `!`
        case exclamation
        /// `?` `؟`
        case question
        /// `-` `‐` `‑`, and the hyphen drawn at a hyphenated line's end.
        case hyphen
        /// `–`
        case enDash
        /// `—`
        case emDash
        /// `‘` `’` `‚` `'`
        case singleQuote
        /// `“` `”` `„` `"`
        case doubleQuote
        /// `«` `»` `‹` `›`
        case guillemet
        /// Full-width stops and commas (`。` `、` `，` `．`): their ink is in the left half of the em.
        case cjkStopOrComma
        /// Full-width opening brackets and quotes (`「` `『` `（`): ink in the right half.
        case cjkOpening
        /// Full-width closing brackets and quotes (`」` `』` `）`): ink in the left half.
        case cjkClosing
        /// Capitals and lower-case letters with open diagonal sides (`A` `T` `V` `W` `X` `Y` `v` `w` `x` `y`).
        case diagonalLetter
        /// Letters open on their right side only (`F` `K` `L` `k` `r` `t`).
        case openEndLetter
    }

    /// Protrusion at a line's start and end, as fractions of the character's advance.
    struct Factors: Sendable, Equatable {
        var start: Float
        var end: Float
    }

    /// Factors per ``CharacterClass`` (by raw value).
    let factors: [Factors]

    /// A table from factors per class; classes missing from `factors` do not protrude.
    init(_ factors: [CharacterClass: Factors]) {
        self.factors = CharacterClass.allCases.map { factors[$0] ?? Factors(start: 0, end: 0) }
    }

    /// microtype's defaults for text fonts.
    static let standard = ProtrusionTable([
        .fullStop: Factors(start: 0, end: 0.7), .comma: Factors(start: 0, end: 0.5), .colon: Factors(start: 0, end: 0.5),
        .semicolon: Factors(start: 0, end: 0.3), .exclamation: Factors(start: 0, end: 0.1), .question: Factors(start: 0, end: 0.2),
        .hyphen: Factors(start: 0.5, end: 0.5), .enDash: Factors(start: 0.2, end: 0.2), .emDash: Factors(start: 0.15, end: 0.15),
        .singleQuote: Factors(start: 0.3, end: 0.4), .doubleQuote: Factors(start: 0.3, end: 0.3),
        .guillemet: Factors(start: 0.3, end: 0.3), .cjkStopOrComma: Factors(start: 0, end: 0.5),
        .cjkOpening: Factors(start: 0.5, end: 0), .cjkClosing: Factors(start: 0, end: 0.5),
        .diagonalLetter: Factors(start: 0.05, end: 0.05), .openEndLetter: Factors(start: 0, end: 0.05),
    ])

    /// The class of UTF-16 unit `unit` (surrogates and everything not listed: ``CharacterClass/none``).
    static func characterClass(of unit: UInt16) -> CharacterClass {
        switch unit {
        case 0x2E, 0x2026, 0x06D4: .fullStop
        case 0x2C, 0x060C: .comma
        case 0x3A: .colon
        case 0x3B, 0x061B: .semicolon
        case 0x21: .exclamation
        case 0x3F, 0x061F: .question
        case 0x2D, 0x2010, 0x2011: .hyphen
        case 0x2013: .enDash
        case 0x2014: .emDash
        case 0x27, 0x2018, 0x2019, 0x201A: .singleQuote
        case 0x22, 0x201C, 0x201D, 0x201E: .doubleQuote
        case 0xAB, 0xBB, 0x2039, 0x203A: .guillemet
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E: .cjkStopOrComma
        case 0x300C, 0x300E, 0xFF08, 0x3008, 0x300A, 0x3010, 0x3014: .cjkOpening
        case 0x300D, 0x300F, 0xFF09, 0x3009, 0x300B, 0x3011, 0x3015: .cjkClosing
        case 0x41, 0x54, 0x56, 0x57, 0x58, 0x59, 0x76, 0x77, 0x78, 0x79: .diagonalLetter
        case 0x46, 0x4B, 0x4C, 0x6B, 0x72, 0x74: .openEndLetter
        default: .none
        }
    }

    /// The factors of `unit`.
    @inline(__always)
    func factors(of unit: UInt16) -> Factors {
        factors[ProtrusionTable.characterClass(of: unit).rawValue]
    }

    /// How far a line starting at `start` (a cluster start before the line's visible end `end`) hangs into the
    /// start margin, in points: its first character's factor times its first cluster's advance.
    func startProtrusion(content: ArraySlice<UInt16>, metrics: ParagraphMetrics, start: Int, end: Int) -> Double {
        guard start < end, start < content.count else { return 0 }
        let factor = factors(of: content[content.startIndex + start]).start
        guard factor != 0 else { return 0 }
        var next = start + 1
        while next < end, !metrics.isClusterStart(next) { next += 1 }
        return Double(factor) * max(0, metrics.width(start, next))
    }

    /// How far a line from `start` whose visible text ends at `end` hangs into the end margin, in points: the
    /// drawn hyphen's share of `hyphenWidth` on a hyphenated line, else its last character's factor times its
    /// last cluster's advance.
    func endProtrusion(content: ArraySlice<UInt16>, metrics: ParagraphMetrics, start: Int, end: Int,
                       hyphenated: Bool, hyphenWidth: Float) -> Double {
        if hyphenated { return Double(factors[CharacterClass.hyphen.rawValue].end * max(0, hyphenWidth)) }
        guard start < end, end <= content.count else { return 0 }
        let factor = factors(of: content[content.startIndex + end - 1]).end
        guard factor != 0 else { return 0 }
        var first = end - 1
        while first > start, !metrics.isClusterStart(first) { first -= 1 }
        return Double(factor) * max(0, metrics.width(first, end))
    }
}
