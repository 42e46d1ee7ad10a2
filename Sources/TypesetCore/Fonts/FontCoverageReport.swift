/// Which characters of a text no font of a ``FontContext`` can draw: they are drawn as the primary face's
/// `.notdef` glyph (an empty box, "tofu") and stay in the text, so a reader sees that something is there; this
/// report says what, how often and where first.
///
/// Made by ``FontContext/coverageReport(of:in:family:)``.
public struct FontCoverageReport: Sendable, Hashable {
    /// One character that no face of its font set covers.
    public struct MissingCharacter: Sendable, Hashable {
        /// The character.
        public var scalar: Unicode.Scalar
        /// How many times the text has it where it would be drawn.
        public var occurrences: Int
        /// The UTF-16 offset of its first occurrence in the text.
        public var firstOffset: UTF16Offset

        /// Creates an entry.
        public init(scalar: Unicode.Scalar, occurrences: Int, firstOffset: UTF16Offset) {
            self.scalar = scalar; self.occurrences = occurrences; self.firstOffset = firstOffset
        }

        /// `U+4E00 一` (a control or unassigned-looking scalar prints its code alone).
        public var label: String {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            return scalar.properties.generalCategory == .control ? code : code + " " + String(Character(scalar))
        }
    }

    /// The characters that were checked: every code point of the text that would be drawn (hidden markup,
    /// controls, joiners and selectors are not: they draw nothing in any font).
    public var checkedCharacters: Int
    /// The characters no face covers, most frequent first (ties by code point).
    public var missing: [MissingCharacter]

    /// A face that draws characters the primary face of their font set lacks (a stand-in for them: the CJK face
    /// under a Latin family), with how many characters it draws.
    public struct FallbackFace: Sendable, Hashable {
        /// The face's family and style, as fontconfig names them (`Noto Serif CJK JP`, `Regular`).
        public var family: String, styleName: String
        /// Its file.
        public var path: String
        /// How many characters of the text it draws.
        public var occurrences: Int

        /// Creates an entry.
        public init(family: String, styleName: String, path: String, occurrences: Int) {
            self.family = family; self.styleName = styleName; self.path = path; self.occurrences = occurrences
        }
    }

    /// The faces that draw characters their run's primary face lacks, most used first.
    public var fallbackFaces: [FallbackFace] = []

    /// Creates a report.
    public init(checkedCharacters: Int, missing: [MissingCharacter], fallbackFaces: [FallbackFace] = []) {
        self.checkedCharacters = checkedCharacters; self.missing = missing; self.fallbackFaces = fallbackFaces
    }

    /// How many times, in all, a character without a font occurs.
    public var missingOccurrences: Int { missing.reduce(0) { $0 + $1.occurrences } }

    /// Whether every drawn character has a face.
    public var isComplete: Bool { missing.isEmpty }

    /// One line for people: `3 characters (17 occurrences) have no font: U+20000 𠀀 ×12, U+2A6D6 𪛖 ×4, …`,
    /// naming at most `limit` characters; "every character has a font" when none is missing.
    public func summary(limit: Int = 10) -> String {
        guard !missing.isEmpty else { return "every character has a font (\(checkedCharacters) checked)" }
        let shown = missing.prefix(max(0, limit)).map { "\($0.label) ×\($0.occurrences)" }
        let more = missing.count > shown.count ? ", … \(missing.count - shown.count) more" : ""
        let count = missing.count == 1 ? "1 character" : "\(missing.count) characters"
        let times = missingOccurrences == 1 ? "1 occurrence" : "\(missingOccurrences) occurrences"
        return "\(count) (\(times)) \(missing.count == 1 ? "has" : "have") no font: " + shown.joined(separator: ", ") + more
    }
}

/// What a font set's fallback list answered per character (see ``FontContext/coverageReport(of:family:)``): the
/// index of the fallback face that draws it in the report's list, or -1 for none.
private struct Answers {
    /// 0 not asked yet, 1 no face, 2 + k the k-th face (the first 253 faces; a later one counts as "asked again").
    private var basic: [UInt8] = []
    private var supplementary: [UInt32: Int] = [:]

    subscript(codePoint: UInt32) -> Int? {
        get {
            guard codePoint < 0x10000 else { return supplementary[codePoint] }
            guard !basic.isEmpty else { return nil }
            let value = basic[Int(codePoint)]
            return value == 0 ? nil : Int(value) - 2
        }
        set {
            guard codePoint < 0x10000 else { supplementary[codePoint] = newValue; return }
            guard let newValue, newValue < 253 else { return }
            if basic.isEmpty { basic = [UInt8](repeating: 0, count: 0x10000) }
            basic[Int(codePoint)] = UInt8(newValue + 2)
        }
    }
}

extension FontContext {
    /// Which characters of `text` no face can draw, with `family` (the reader's font family) where a run's style
    /// names none: for each run's font set, the primary face and then fontconfig's fallback list, as shaping
    /// chooses them. Text shown in place of its units (``TextStyle/replacement``) is checked rather than the
    /// units; hidden markup is skipped. Linear in the text checked; each distinct character is looked up once per
    /// font set.
    ///
    /// - Parameter range: Only the characters there are checked (the pages a run draws, say, so that one page of a
    ///   long book costs its page); nil, the default, checks the whole text.
    /// - Parameter text: The text to check, with its runs' styles.
    /// - Parameter family: The reader's font family, for runs whose style names none.
    /// - Throws: ``FontError`` when a run's family has no font at all (as layout would).
    public func coverageReport(of text: StyledText, in range: Range<UTF16Offset>? = nil,
                               family: String) throws(FontError) -> FontCoverageReport {
        // Per font set, what the fallback list answered for each character the primary face lacks: a byte per
        // BMP character (0 not asked yet, 1 covered, 2 not), a dictionary beyond, since in a Chinese book set with a
        // Latin primary face nearly every character asks.
        var answers: [ObjectIdentifier: Answers] = [:]
        var coverages: [Int: FaceCoverage] = [:]
        var missing: [UInt32: (count: Int, first: UTF16Offset)] = [:]
        var checked = 0
        var faces: [FontCoverageReport.FallbackFace] = []
        var faceIndex: [Int: Int] = [:]
        let checkedRange = range ?? 0..<text.length
        let first = text.paragraphIndex(containing: checkedRange.lowerBound) ?? text.paragraphs.count
        for paragraph in text.paragraphs[first...] {
            guard paragraph.range.lowerBound < checkedRange.upperBound else { break }
            guard !paragraph.isEmpty else { continue }
            let units = LayoutText(paragraph).units
            let contentStart = paragraph.contentRange.lowerBound
            // The checked range in the content's units.
            let base = paragraph.range.lowerBound + contentStart
            let window = max(0, checkedRange.lowerBound - base)..<max(0, checkedRange.upperBound - base)
            for run in paragraph.runs where !run.style.isOutOfFlow {
                var i = max(0, run.range.lowerBound - contentStart, window.lowerBound)
                let end = min(units.count, run.range.upperBound - contentStart, window.upperBound)
                guard i < end else { continue }
                let style = run.style
                let descriptor = FontDescriptor(family: style.fontFamily ?? family, weight: style.weight, isItalic: style.isItalic)
                // A family the document brings (an EPUB's @font-face) is its own face, backed by the reader's family.
                let set = try fontSet(for: descriptor, in: text.fonts,
                                      fallback: FontDescriptor(family: family, weight: style.weight, isItalic: style.isItalic))
                let primary = set.primary
                let coverage = coverages[primary.id] ?? FaceCoverage(font: primary.harfBuzz)
                coverages[primary.id] = coverage
                var known = answers.removeValue(forKey: ObjectIdentifier(set)) ?? Answers()
                while i < end {
                    let (codePoint, width) = CharacterClass.codePoint(units, at: i, end: end)
                    defer { i += width }
                    // Joiners, selectors, controls and line separators draw nothing in any font.
                    if CharacterClass.followsNeighbourFont(codePoint) || codePoint == 0x2028 || codePoint == 0x2029 { continue }
                    checked += 1
                    if coverage.covers(codePoint) { continue }
                    let face: Int
                    if let answer = known[codePoint] {
                        face = answer
                    } else {
                        if let fallback = set.fallbackFace(for: codePoint) {
                            if let index = faceIndex[fallback.id] { face = index } else {
                                face = faces.count
                                faceIndex[fallback.id] = face
                                faces.append(FontCoverageReport.FallbackFace(family: fallback.family, styleName: fallback.styleName,
                                                                             path: fallback.path, occurrences: 0))
                            }
                        } else {
                            face = -1
                        }
                        known[codePoint] = face
                    }
                    if face >= 0 { faces[face].occurrences += 1; continue }
                    let offset = paragraph.range.lowerBound + contentStart + i
                    if let entry = missing[codePoint] {
                        missing[codePoint] = (entry.count + 1, entry.first)
                    } else {
                        missing[codePoint] = (1, offset)
                    }
                }
                answers[ObjectIdentifier(set)] = known
            }
        }
        let list = missing.compactMap { codePoint, entry -> FontCoverageReport.MissingCharacter? in
            // A lone surrogate is not a scalar; it is reported as the replacement character it reads as.
            let scalar = Unicode.Scalar(codePoint) ?? "\u{FFFD}"
            return FontCoverageReport.MissingCharacter(scalar: scalar, occurrences: entry.count, firstOffset: entry.first)
        }.sorted { ($0.occurrences, $1.scalar.value) > ($1.occurrences, $0.scalar.value) }
        return FontCoverageReport(checkedCharacters: checked, missing: list,
                                  fallbackFaces: faces.sorted { ($0.occurrences, $1.path) > ($1.occurrences, $0.path) })
    }
}
