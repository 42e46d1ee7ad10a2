/// The sentence and word break iterators of an utterance walk, one pair per language, opened when first needed.
/// ICU iterators are not thread-safe: an iterator (and so this cache) belongs to one walk.
final class SpeechBreakIterators {
    private var sentenceIterators: [String: BreakIterator] = [:]
    private var wordIterators: [String: BreakIterator] = [:]

    /// The sentences of `units` (UAX #29), covering them.
    func sentences(of units: [UInt16], language: String?) -> [Range<Int>] {
        guard let iterator = iterator(.sentence, language: language) else { return [0..<units.count] }
        iterator.setText(units)
        var result: [Range<Int>] = []
        var previous = 0
        iterator.forEachBoundary { offset, _ in
            result.append(previous..<offset)
            previous = offset
        }
        if previous < units.count { result.append(previous..<units.count) }
        return result
    }

    /// The words of `units` (segments with letters, digits, kana or ideographs), relative to the slice's start.
    func words(of units: ArraySlice<UInt16>, language: String?) -> [Range<Int>] {
        guard let iterator = iterator(.word, language: language) else { return [] }
        iterator.setText(units)
        var result: [Range<Int>] = []
        var previous = 0
        iterator.forEachBoundary { offset, isWord in
            if isWord { result.append(previous..<offset) }
            previous = offset
        }
        return result
    }

    /// Every word boundary of `units` after 0, relative to the slice's start.
    func wordBoundaries(of units: ArraySlice<UInt16>, language: String?) -> [Int] {
        guard let iterator = iterator(.word, language: language) else { return [] }
        iterator.setText(units)
        return iterator.boundaries()
    }

    private func iterator(_ kind: BreakIterator.Kind, language: String?) -> BreakIterator? {
        let key = language ?? ""
        if kind == .sentence, let cached = sentenceIterators[key] { return cached }
        if kind == .word, let cached = wordIterators[key] { return cached }
        guard let opened = BreakIterator(kind, locale: language) else { return nil }
        if kind == .sentence { sentenceIterators[key] = opened } else { wordIterators[key] = opened }
        return opened
    }
}
