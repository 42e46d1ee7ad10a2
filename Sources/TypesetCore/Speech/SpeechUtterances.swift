/// The sentences of a book to read aloud, in order, from a place: what a text-to-speech navigator iterates.
///
/// ```swift
/// for utterance in try publication.utterances(from: session.anchor.position.offset).prefix(3) {
///     speak(utterance.text, language: utterance.language)       // then light utterance.words one by one
/// }
/// ```
///
/// Each paragraph is read as ``ReadableText`` reads it (hidden markup left out) and cut into sentences by ICU's
/// sentence break iterator in the paragraph's language (UAX #29). What is not read is skipped: white space between
/// sentences, hidden markup, and stretches without a letter or digit (`* * *`, a rule of dashes). Text outside
/// the text model, such as running heads and page numbers, is never in it. A sentence longer than
/// ``maximumUtteranceLength`` units is spoken in parts cut at word boundaries.
///
/// The first utterance is the sentence holding the start offset (or the first one after it, when the offset is
/// between sentences), whole: reading resumes at the start of a sentence, as readers expect.
public struct SpeechUtterances: Sequence, Sendable {
    /// The book.
    public let publication: Publication
    /// Where reading starts.
    public let start: UTF16Offset

    /// The longest utterance, in UTF-16 units of its text: longer sentences (a paragraph without a full stop) are
    /// cut at the last word boundary before it, so that an engine is never handed a whole chapter.
    public static let maximumUtteranceLength = 1000

    /// The sentences of `publication` from the one holding `offset`.
    ///
    /// - Throws: ``ReadingError/offsetOutOfRange(_:length:)`` for an offset outside `0...length`.
    public init(publication: Publication, from offset: UTF16Offset = 0) throws(ReadingError) {
        guard offset >= 0, offset <= publication.text.length else {
            throw ReadingError.offsetOutOfRange(offset, length: publication.text.length)
        }
        self.publication = publication
        self.start = offset
    }

    /// An iterator from ``start``.
    public func makeIterator() -> Iterator { Iterator(publication: publication, start: start) }

    /// Walks the paragraphs, cutting each into utterances when it is reached.
    public struct Iterator: IteratorProtocol {
        private let publication: Publication
        private let start: UTF16Offset
        private var paragraphIndex: Int
        private var pending: [Utterance] = []
        private var pendingIndex = 0
        private let iterators = SpeechBreakIterators()

        init(publication: Publication, start: UTF16Offset) {
            self.publication = publication
            self.start = start
            paragraphIndex = publication.text.paragraphIndex(containing: start) ?? publication.text.paragraphs.count
        }

        /// The next utterance, or nil at the end of the book.
        public mutating func next() -> Utterance? {
            let text = publication.text
            while pendingIndex >= pending.count {
                guard paragraphIndex < text.paragraphs.count else { return nil }
                pending = utterances(ofParagraph: paragraphIndex).filter { $0.range.upperBound > start }
                pendingIndex = 0
                paragraphIndex += 1
            }
            defer { pendingIndex += 1 }
            return pending[pendingIndex]
        }

        /// The utterances of one paragraph.
        private func utterances(ofParagraph index: Int) -> [Utterance] {
            let text = publication.text
            let paragraph = text.paragraphs[index]
            guard !paragraph.isEmpty else { return [] }
            let readable = ReadableText(text: text, range: paragraph.contentDocumentRange, includingAssistiveText: true)
            let units = readable.units
            guard !units.isEmpty else { return [] }
            let language = paragraph.style.language ?? text.language
            let rubies = Self.rubies(of: paragraph, in: readable)
            var result: [Utterance] = []
            for sentence in iterators.sentences(of: units, language: language) {
                for piece in Self.pieces(of: sentence, in: units, words: iterators, language: language) {
                    guard let trimmed = Self.trimmed(piece, in: units), Self.hasLetterOrDigit(units[trimmed]) else { continue }
                    let source = readable.sourceRange(ofReadRange: trimmed)
                    guard let locator = publication.locator(for: source) else { continue }
                    let sources = trimmed.map { Int32(readable.sourceOffset(ofReadOffset: $0) - source.lowerBound) }
                    let words = iterators.words(of: units[trimmed], language: language).map {
                        readable.sourceRange(ofReadRange: (trimmed.lowerBound + $0.lowerBound)..<(trimmed.lowerBound + $0.upperBound))
                    }
                    let readings = rubies.filter { trimmed.contains($0.base.lowerBound) }.map {
                        Utterance.Reading(textRange: ($0.base.lowerBound - trimmed.lowerBound)..<(Swift.min($0.base.upperBound, trimmed.upperBound) - trimmed.lowerBound),
                                          reading: $0.reading)
                    }
                    result.append(Utterance(range: source, units: units[trimmed], sources: sources, language: language,
                                            locator: locator, words: words, readings: readings))
                }
            }
            return result
        }

        /// The ruby annotations of `paragraph`: each one's text and its base, as a range of `readable`'s units.
        private static func rubies(of paragraph: Paragraph, in readable: ReadableText) -> [(base: Range<Int>, reading: String)] {
            var result: [(base: Range<Int>, reading: String)] = []
            for run in paragraph.runs {
                guard let ruby = run.style.ruby, !ruby.base.isEmpty, !run.range.isEmpty, run.range.upperBound <= paragraph.units.count else { continue }
                let base = readable.readOffset(ofSourceOffset: paragraph.range.lowerBound + ruby.base.lowerBound)
                    ..< readable.readOffset(ofSourceOffset: paragraph.range.lowerBound + ruby.base.upperBound)
                guard !base.isEmpty else { continue }
                result.append((base, String(decodingUTF16: paragraph.units[run.range])))
            }
            return result
        }

        /// `sentence` itself, or, when longer than ``maximumUtteranceLength``, its parts cut at the last word
        /// boundary before each limit (at a unit that does not split a surrogate pair when there is none).
        private static func pieces(of sentence: Range<Int>, in units: [UInt16], words: SpeechBreakIterators,
                                   language: String?) -> [Range<Int>] {
            guard sentence.count > SpeechUtterances.maximumUtteranceLength else { return [sentence] }
            let boundaries = words.wordBoundaries(of: units[sentence], language: language).map { sentence.lowerBound + $0 }
            var result: [Range<Int>] = []
            var lower = sentence.lowerBound
            var next = 0
            while sentence.upperBound - lower > SpeechUtterances.maximumUtteranceLength {
                let limit = lower + SpeechUtterances.maximumUtteranceLength
                var cut = lower
                while next < boundaries.count, boundaries[next] <= limit {
                    if boundaries[next] > lower { cut = boundaries[next] }
                    next += 1
                }
                if cut == lower {
                    cut = limit
                    if UTF16.isTrailSurrogate(units[cut]) { cut -= 1 }
                }
                result.append(lower..<cut)
                lower = cut
            }
            result.append(lower..<sentence.upperBound)
            return result
        }

        /// `range` without the white space at its ends; nil when nothing is left.
        private static func trimmed(_ range: Range<Int>, in units: [UInt16]) -> Range<Int>? {
            var lower = range.lowerBound, upper = range.upperBound
            while lower < upper, CharacterClass.isSeparator(units[lower]) { lower += 1 }
            while upper > lower, CharacterClass.isSeparator(units[upper - 1]) { upper -= 1 }
            return lower < upper ? lower..<upper : nil
        }

        /// Whether the units hold something a voice reads: a letter (ideographs included) or a digit.
        private static func hasLetterOrDigit(_ units: ArraySlice<UInt16>) -> Bool {
            for scalar in String(decoding: units, as: UTF16.self).unicodeScalars {
                let properties = scalar.properties
                if properties.isAlphabetic || properties.numericType != nil { return true }
            }
            return false
        }
    }
}

extension Publication {
    /// The sentences to read aloud from the one holding `offset` (see ``SpeechUtterances``).
    ///
    /// - Throws: ``ReadingError/offsetOutOfRange(_:length:)`` for an offset outside the text.
    public func utterances(from offset: UTF16Offset = 0) throws(ReadingError) -> SpeechUtterances {
        try SpeechUtterances(publication: self, from: offset)
    }
}

extension SpeechUtterances {
    /// The utterances from `offset`, which the caller has checked.
    init(unchecked publication: Publication, from offset: UTF16Offset) {
        self.publication = publication
        self.start = offset
    }
}
