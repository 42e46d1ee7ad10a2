/// A range of a ``StyledText`` as a reader reads it: what search matches and speech speaks, with a map from every
/// unit back to its source offset.
///
/// Search (``Search``) and read-aloud (``SpeechUtterances``) are both built on it, so they agree on what is text:
/// - hidden units are left out (``TextStyle/isHidden`` markup: Aozora Bunko notes, Gutenberg's underscores, an EPUB
///   element with `display: none`; and ruby annotations, the readings set above their base), and a replaced run is
///   read as its replacement (a gaiji note read as the character it describes), so that what is matched and spoken
///   is what the page shows;
/// - a soft line end inside a hard-wrapped paragraph reads as a space, or as nothing between two East Asian wide
///   characters, and the indentation after it as nothing (the substitutions layout makes); a tab reads as a space;
/// - a run of spaces reads as one space;
/// - paragraphs are joined by one U+2029 (PARAGRAPH SEPARATOR) standing for the hard break between them, so that
///   word boundaries fall between paragraphs; nothing is matched or spoken across one (``paragraphs`` gives each
///   paragraph's read range).
///
/// Every read unit is one source unit, kept or substituted, so a read range maps to the source range from its first
/// unit to just after its last (``sourceRange(ofReadRange:)``); source offsets never move. A formula
/// (``TextAttachment/formula``) is the exception: its one unit reads as its text (``MathFormula/readableText``, its
/// alttext or its tokens), every unit of which maps back to it, so that a match inside a formula selects the formula
/// whole. Costs are linear: six bytes per unit read (the unit and its source offset).
public struct ReadableText: Sendable {
    /// The source range read (clamped to the text).
    public let sourceRange: Range<UTF16Offset>
    /// The units read, in order.
    public let units: [UInt16]
    /// For each read unit, its source offset minus `sourceRange.lowerBound`.
    private let sources: [Int32]
    /// The paragraphs read, in order: each paragraph's index in the text and the read range of its content (the
    /// separators between them belong to none).
    public let paragraphs: [ParagraphSpan]

    /// One paragraph's part of a ``ReadableText``.
    public struct ParagraphSpan: Hashable, Sendable {
        /// The paragraph's index in ``StyledText/paragraphs``.
        public let paragraphIndex: Int
        /// Its read units: `units[readRange]`.
        public let readRange: Range<Int>
    }

    /// The separator read between two paragraphs.
    public static let paragraphSeparator: UInt16 = 0x2029

    /// The readable part of `range` of `text` (clamped to the text). Ranges longer than `Int32.max` units are read
    /// up to that length.
    ///
    /// - Parameter includingAssistiveText: Whether text for screen readers (``TextVisibility/assistive``: out of
    ///   sight, taking no place) is read: what read-aloud speaks, while search matches only what a page shows.
    /// - Parameter text: The styled text to read.
    /// - Parameter range: The UTF-16 range to read.
    public init(text: StyledText, range: Range<UTF16Offset>, includingAssistiveText: Bool = false) {
        let range = range.clamped(to: 0..<text.length)
        let base = range.lowerBound
        let upperBound = base + min(range.count, Int(Int32.max) - 1)
        var units: [UInt16] = []
        var sources: [Int32] = []
        var spans: [ParagraphSpan] = []
        units.reserveCapacity(range.count)
        sources.reserveCapacity(range.count)
        if base < upperBound, var index = text.paragraphIndex(containing: base) {
            while index < text.paragraphs.count, text.paragraphs[index].range.lowerBound < upperBound {
                let paragraph = text.paragraphs[index]
                let content = paragraph.contentDocumentRange
                let lower = max(base, content.lowerBound), upper = min(upperBound, content.upperBound)
                if lower < upper {
                    if let previous = spans.last, previous.readRange.upperBound == units.count, !previous.readRange.isEmpty {
                        // The separator stands for the hard break that ended the previous paragraph.
                        let previousContentEnd = text.paragraphs[previous.paragraphIndex].contentDocumentRange.upperBound
                        units.append(Self.paragraphSeparator)
                        sources.append(Int32(min(previousContentEnd, lower) - base))
                    }
                    let start = units.count
                    Self.appendReadUnits(of: paragraph, from: lower, to: upper, base: base, assistive: includingAssistiveText,
                                         units: &units, sources: &sources)
                    if units.count > start { spans.append(ParagraphSpan(paragraphIndex: index, readRange: start..<units.count)) }
                }
                index += 1
            }
        }
        self.sourceRange = base..<upperBound
        self.units = units
        self.sources = sources
        self.paragraphs = spans
    }

    /// The read units as a string.
    public var string: String { String(decodingUTF16: units) }

    /// The source offset of read unit `readOffset`; for `units.count`, the offset just after the last unit read
    /// (the range's start when nothing is read). Clamped to `0...units.count`.
    public func sourceOffset(ofReadOffset readOffset: Int) -> UTF16Offset {
        guard !units.isEmpty else { return sourceRange.lowerBound }
        if readOffset >= units.count { return sourceRange.lowerBound + Int(sources[units.count - 1]) + 1 }
        return sourceRange.lowerBound + Int(sources[max(0, readOffset)])
    }

    /// The source range of the read units `readRange` (clamped to `0...units.count`): from the first one's offset
    /// to just after the last one, so that it holds every unit between them, hidden ones included; an empty read
    /// range is the empty range at its unit's offset.
    public func sourceRange(ofReadRange readRange: Range<Int>) -> Range<UTF16Offset> {
        let range = readRange.clamped(to: 0..<units.count)
        guard !range.isEmpty else {
            let offset = sourceOffset(ofReadOffset: readRange.lowerBound)
            return offset..<offset
        }
        return (sourceRange.lowerBound + Int(sources[range.lowerBound]))..<(sourceRange.lowerBound + Int(sources[range.upperBound - 1]) + 1)
    }

    /// The read offset of the first read unit at or after source offset `offset` (`units.count` when there is none).
    public func readOffset(ofSourceOffset offset: UTF16Offset) -> Int {
        let relative = offset - sourceRange.lowerBound
        return sources.partitioningIndex { Int($0) >= relative }
    }

    /// Whether units of this style are not read: hidden markup, a ruby annotation (a reading of the base it
    /// annotates, which is read itself), generated text (a list marker, as a browser's find never matches one), or
    /// invisible text; text for screen readers only when `assistive` is off.
    static func isHidden(_ style: TextStyle, assistive: Bool = false) -> Bool {
        if style.isGenerated { return true }
        switch style.visibility {
        case .visible: return style.isOutOfFlow
        case .invisible: return true
        case .assistive: return !assistive || style.ruby != nil
        }
    }

    /// Appends the read units of `paragraph`'s content between document offsets `lower` and `upper`.
    private static func appendReadUnits(of paragraph: Paragraph, from lower: UTF16Offset, to upper: UTF16Offset,
                                        base: UTF16Offset, assistive: Bool, units: inout [UInt16], sources: inout [Int32]) {
        let contentStart = paragraph.contentStart
        // Layout's substitutions (soft line ends, their indentation, tabs), so that search and speech read the
        // paragraph as it is set.
        let substituted = LayoutText(paragraph).units
        let contentBase = paragraph.contentRange.lowerBound
        var runIndex = -1
        let runs = paragraph.runs
        var replacement: [UInt16] = []
        var formula: [UInt16] = []
        var hidden = false
        var previousWasSpace = units.last == 0x20
        for documentOffset in lower..<upper {
            let local = documentOffset - contentStart
            let paragraphLocal = contentBase + local
            if runIndex < 0 || (runIndex < runs.count && runs[runIndex].range.upperBound <= paragraphLocal) {
                runIndex = max(0, runIndex)
                while runIndex < runs.count, runs[runIndex].range.upperBound <= paragraphLocal { runIndex += 1 }
                let style = runIndex < runs.count && runs[runIndex].range.contains(paragraphLocal) ? runs[runIndex].style : nil
                hidden = style.map { isHidden($0, assistive: assistive) } ?? false
                replacement = style?.replacement.map { Array($0.utf16) } ?? []
                formula = style?.attachment?.formula.map { Array($0.readableText.utf16) } ?? []
            }
            if hidden { continue }
            if !formula.isEmpty {
                // A formula (one U+FFFC) reads as its text, every unit of which stands for the formula's unit.
                for unit in formula {
                    units.append(unit)
                    sources.append(Int32(documentOffset - base))
                }
                previousWasSpace = formula.last == 0x20
                continue
            }
            var unit = substituted[local]
            if !replacement.isEmpty {
                // A replacement has its run's length (normalizedRuns drops any other), so each unit has its own.
                let index = paragraphLocal - runs[runIndex].range.lowerBound
                if index >= 0 && index < replacement.count { unit = replacement[index] }
            }
            // A zero-width space that layout put in place of a soft line end (or its indentation) is not read; one
            // written in the source is.
            if unit == 0x200B && paragraph.units[paragraphLocal] != 0x200B { continue }
            if unit == 0x20 {
                if previousWasSpace { continue }
                previousWasSpace = true
            } else {
                previousWasSpace = false
            }
            units.append(unit)
            sources.append(Int32(documentOffset - base))
        }
    }
}
