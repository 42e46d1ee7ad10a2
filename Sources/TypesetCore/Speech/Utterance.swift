/// One sentence to read aloud: its range in the book, the text a speech engine is given, its language, its
/// Locator, and its words, for lighting each word as it is spoken.
///
/// ``text`` is the sentence as ``ReadableText`` reads it (hidden markup left out, soft line ends read as
/// spaces), so it is not always the source text of ``range``; ``sourceRange(ofTextRange:)`` maps a range of
/// ``text`` (a speech engine's word event) back to the book.
public struct Utterance: Hashable, Sendable {
    /// The sentence's range in ``Publication/text``, from its first character read to its last (white space around
    /// it left out; hidden units inside it included).
    public let range: Range<UTF16Offset>
    /// The text to speak.
    public let text: String
    /// The language to speak it in (BCP 47): its paragraph's, else the book's; nil when neither says.
    public let language: String?
    /// The Locator of ``range`` (with the sentence quoted), to save or show the place being read.
    public let locator: Locator
    /// The words (letters, digits, ideographs; UAX #29 in the sentence's language), as ranges of
    /// ``Publication/text``, in order.
    public let words: [Range<UTF16Offset>]
    /// The readings the book gives for some of ``text`` (ruby: `吾輩《わがはい》`, an annotation over its base), in
    /// order: what a voice should say for the base. ``text`` holds the base, as the page shows it.
    public let readings: [Reading]
    /// For each UTF-16 unit of ``text``, its source offset minus `range.lowerBound`.
    private let sources: [Int32]

    /// What the book says is read for a stretch of an utterance's text.
    public struct Reading: Hashable, Sendable {
        /// The text read otherwise (a ruby base), as a UTF-16 range of ``Utterance/text``.
        public let textRange: Range<Int>
        /// What is read for it (the ruby annotation).
        public let reading: String

        /// Creates a reading.
        public init(textRange: Range<Int>, reading: String) { self.textRange = textRange; self.reading = reading }
    }

    init(range: Range<UTF16Offset>, units: ArraySlice<UInt16>, sources: [Int32], language: String?, locator: Locator,
         words: [Range<UTF16Offset>], readings: [Reading] = []) {
        self.range = range
        self.text = String(decodingUTF16: units)
        self.sources = sources
        self.language = language
        self.locator = locator
        self.words = words
        self.readings = readings
    }

    /// The UTF-16 range of ``text`` whose units come from the book's range `sourceRange` (clamped; empty where
    /// none does, at the first unit after it).
    public func textRange(ofSourceRange sourceRange: Range<UTF16Offset>) -> Range<Int> {
        let lower = sources.partitioningIndex { range.lowerBound + Int($0) >= sourceRange.lowerBound }
        let upper = sources.partitioningIndex { range.lowerBound + Int($0) >= sourceRange.upperBound }
        return lower..<max(lower, upper)
    }

    /// The number of UTF-16 units of ``text``.
    public var textLength: Int { sources.count }

    /// The book's range for the UTF-16 range `textRange` of ``text`` (clamped to it): from the first unit's source
    /// offset to just after the last's; an empty range maps to the offset of the unit it is before.
    public func sourceRange(ofTextRange textRange: Range<Int>) -> Range<UTF16Offset> {
        let clamped = textRange.clamped(to: 0..<sources.count)
        guard !clamped.isEmpty else {
            let offset = textRange.lowerBound >= sources.count ? range.upperBound
                : range.lowerBound + Int(sources[max(0, textRange.lowerBound)])
            return offset..<offset
        }
        return (range.lowerBound + Int(sources[clamped.lowerBound]))..<(range.lowerBound + Int(sources[clamped.upperBound - 1]) + 1)
    }

    /// The word of ``words`` that holds the book offset `offset`, if any.
    public func word(containing offset: UTF16Offset) -> Range<UTF16Offset>? {
        let low = words.partitioningIndex { $0.upperBound > offset }
        return low < words.count && words[low].contains(offset) ? words[low] : nil
    }
}
