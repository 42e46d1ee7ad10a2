/// Text units for ``TextTokenizer``, as `UITextGranularity`.
public enum TextGranularity: String, Hashable, Sendable, CaseIterable {
    /// Extended grapheme clusters (UAX #29).
    case character
    /// Words (UAX #29 word boundaries from ICU; spaces and punctuation between words are not words).
    case word
    /// Sentences (UAX #29 sentence boundaries from ICU, within a paragraph).
    case sentence
    /// Paragraphs (their content, without the hard breaks that end them).
    case paragraph
    /// Laid-out lines (soft wraps included), from the layout.
    case line
    /// The whole document.
    case document
}

/// A direction in the text, as `UITextStorageDirection` (layout directions map onto it: right and down are
/// forward, left and up backward).
public enum TextStorageDirection: String, Hashable, Sendable {
    /// Towards the end of the text.
    case forward
    /// Towards the start of the text.
    case backward
}

/// Finds text units around positions, as `UITextInputTokenizer`. Character, word and sentence units come from
/// the text (Unicode segmentation); line units from the layout, so they follow soft wraps.
public struct TextTokenizer: Sendable {
    /// The layout whose text and lines are tokenized.
    public let layout: BookLayout

    /// Creates a tokenizer over a layout.
    public init(layout: BookLayout) { self.layout = layout }

    /// The unit enclosing `position`: the unit that contains it strictly inside, or, when the position is at a
    /// unit boundary, the unit that starts there (`.forward`) or ends there (`.backward`); nil when there is none
    /// (between words, at the end of the text going forward, outside `0...length`).
    public func rangeEnclosingPosition(_ position: TextPosition, with granularity: TextGranularity,
                                       inDirection direction: TextStorageDirection) -> Range<UTF16Offset>? {
        let offset = position.offset
        guard offset >= 0, offset <= layout.text.length else { return nil }
        let units = self.units(granularity, near: offset, affinity: position.affinity)
        if let inside = units.first(where: { $0.lowerBound < offset && offset < $0.upperBound }) { return inside }
        switch direction {
        case .forward: return units.first(where: { $0.lowerBound == offset && !$0.isEmpty })
        case .backward: return units.last(where: { $0.upperBound == offset && !$0.isEmpty })
        }
    }

    /// Whether `position` is at a boundary of a unit in `direction`: going forward, a unit starts here; going
    /// backward, a unit ends here.
    public func isPosition(_ position: TextPosition, atBoundary granularity: TextGranularity,
                           inDirection direction: TextStorageDirection) -> Bool {
        let offset = position.offset
        guard offset >= 0, offset <= layout.text.length else { return false }
        let units = self.units(granularity, near: offset, affinity: position.affinity)
        switch direction {
        case .forward: return units.contains { $0.lowerBound == offset && !$0.isEmpty }
        case .backward: return units.contains { $0.upperBound == offset && !$0.isEmpty }
        }
    }

    /// Whether `position` lies within a unit, in the sense of ``rangeEnclosingPosition(_:with:inDirection:)``.
    public func isPosition(_ position: TextPosition, withinTextUnit granularity: TextGranularity,
                           inDirection direction: TextStorageDirection) -> Bool {
        rangeEnclosingPosition(position, with: granularity, inDirection: direction) != nil
    }

    /// The next unit boundary (a unit's start or end) after `position` going forward, or before it going
    /// backward; nil when there is none.
    public func position(from position: TextPosition, toBoundary granularity: TextGranularity,
                         inDirection direction: TextStorageDirection) -> TextPosition? {
        var offset = position.offset
        guard offset >= 0, offset <= layout.text.length else { return nil }
        // Units are found paragraph by paragraph; keep looking in the next paragraph when this one has no more.
        for _ in 0..<4 {
            let units = self.units(granularity, near: offset, affinity: position.affinity)
            let boundaries = Set(units.flatMap { [$0.lowerBound, $0.upperBound] }).sorted()
            switch direction {
            case .forward:
                if let next = boundaries.first(where: { $0 > position.offset }) { return TextPosition(offset: next) }
                guard let p = layout.text.paragraphIndex(containing: offset), p + 1 < layout.text.paragraphs.count else { return nil }
                offset = layout.text.paragraphs[p + 1].range.lowerBound
            case .backward:
                if let previous = boundaries.last(where: { $0 < position.offset }) { return TextPosition(offset: previous) }
                guard let p = layout.text.paragraphIndex(containing: offset), p > 0 else { return nil }
                offset = layout.text.paragraphs[p - 1].range.lowerBound
            }
        }
        return nil
    }

    /// The units of `granularity` in the neighbourhood of `offset` (its paragraph, the paragraphs around it, or
    /// its line and the lines around it), sorted.
    func units(_ granularity: TextGranularity, near offset: UTF16Offset, affinity: TextAffinity) -> [Range<UTF16Offset>] {
        let text = layout.text
        switch granularity {
        case .document:
            return [0..<text.length]
        case .line:
            guard let location = layout.placement(for: offset, affinity: affinity) else { return [] }
            var result: [Range<UTF16Offset>] = []
            for candidate in [layout.previous(location), location, layout.next(location)] {
                guard let candidate else { continue }
                let carets = layout.carets(page: candidate.page, placementIndex: candidate.index)
                result.append(carets.startOffset..<max(carets.startOffset, carets.endOffset))
            }
            return result
        case .paragraph:
            guard let p = text.paragraphIndex(containing: offset) else { return [] }
            return (max(0, p - 1)...min(text.paragraphs.count - 1, p + 1)).map { text.paragraphs[$0].contentDocumentRange }
        case .character, .word, .sentence:
            guard let p = text.paragraphIndex(containing: offset) else { return [] }
            var result: [Range<UTF16Offset>] = []
            // The paragraph before too, so that an offset at a paragraph's start finds the unit ending there.
            for index in max(0, p - 1)...p {
                result.append(contentsOf: segments(granularity, paragraph: index))
            }
            return result
        }
    }

    /// Grapheme, word or sentence segments of one paragraph's content, in document offsets.
    private func segments(_ granularity: TextGranularity, paragraph index: Int) -> [Range<UTF16Offset>] {
        let paragraph = layout.text.paragraphs[index]
        let content = paragraph.units[paragraph.contentRange]
        let base = paragraph.contentDocumentRange.lowerBound
        guard !content.isEmpty else { return [] }
        if granularity == .character {
            // Caret units: graphemes, with hidden units joined to their neighbour.
            let boundaries = layout.segmenter.caretStops(of: paragraph, from: 0, to: content.count)
            return zip(boundaries, boundaries.dropFirst()).map { (base + $0)..<(base + $1) }
        }
        // ICU iterators are not thread-safe; a tokenizer query opens its own.
        guard let iterator = BreakIterator(granularity == .word ? .word : .sentence,
                                           locale: paragraph.style.language ?? layout.text.language) else { return [] }
        // Words and sentences of the visible text (as drawn, replaced runs included): markup neither makes words
        // nor splits them, and each boundary maps back to a caret stop.
        let visible = paragraph.hasHiddenUnits ? VisibleText(LayoutText(paragraph).units, spans: paragraph.caretSpans) : nil
        if let visible { iterator.setText(visible.units) } else { iterator.setText(content) }
        var result: [Range<UTF16Offset>] = []
        var previous = 0
        iterator.forEachBoundary { offset, isWord in
            if granularity == .sentence || isWord {
                let from = visible?.sourceOffset(ofBoundary: previous) ?? previous
                let to = visible?.sourceOffset(ofBoundary: offset) ?? offset
                if from < to { result.append((base + from)..<(base + to)) }
            }
            previous = offset
        }
        return result
    }
}
