/// The figures a reading app shows beside a page: time left, pages read, percentage read.
///
/// From the seed article on reading apps: a reading-time estimate at 250 words a minute, and "pages" measured in
/// nominal pages of 1,800 characters (UTF-16 units), which, unlike screen pages, do not change with the font.
public struct ReadingFigures: Hashable, Sendable {
    /// Reading speed for the estimates, in words per minute.
    public static let wordsPerMinute = 250
    /// Characters (UTF-16 units) in a nominal page.
    public static let charactersPerNominalPage = 1800

    /// Words in the whole text (or the range the figures were made for).
    public let totalWords: Int
    /// Words before the reading position.
    public let wordsRead: Int
    /// Nominal pages in the whole text (at least 1).
    public let nominalPages: Int
    /// Nominal pages before the reading position (whole pages).
    public let nominalPagesRead: Int
    /// The reading position's fraction of the text, 0...1 (1 at the end).
    public let fractionRead: Double

    /// Minutes to read the whole text, rounded (at least 1 for a text with words).
    public var totalMinutes: Int { Self.minutes(totalWords) }
    /// Minutes left from the reading position, rounded.
    public var minutesLeft: Int { Self.minutes(totalWords - wordsRead) }
    /// The percentage read, rounded down to a whole number (100 only at the very end).
    public var percentRead: Int { Int((fractionRead * 100).rounded(.down)) }

    /// The figures of `text` for a reader at `offset`, counting only `range` when given (a publication's
    /// ``Publication/bodyRange``, which leaves out a distributor's header and licence); the offset is clamped to
    /// it. Hidden units (markup) are neither words nor characters of a nominal page.
    public init(text: StyledText, offset: UTF16Offset, within range: Range<UTF16Offset>? = nil) {
        let range = (range ?? 0..<text.length).clamped(to: 0..<text.length)
        let offset = min(max(range.lowerBound, offset), range.upperBound)
        let counts = WordCounter.counts(text, in: range, before: offset)
        wordsRead = counts.wordsBefore
        totalWords = counts.words
        nominalPages = max(1, (counts.characters + Self.charactersPerNominalPage - 1) / Self.charactersPerNominalPage)
        nominalPagesRead = counts.charactersBefore / Self.charactersPerNominalPage
        fractionRead = range.isEmpty ? 1 : Double(offset - range.lowerBound) / Double(range.count)
    }

    private static func minutes(_ words: Int) -> Int {
        max(words > 0 ? 1 : 0, Int((Double(words) / Double(wordsPerMinute)).rounded()))
    }
}

/// Counts words the way readers count them for reading time.
package enum WordCounter {
    /// Words before `end`: runs of non-space characters holding a letter or digit; each Han, kana or Hangul
    /// character counts as a word of its own (those scripts do not separate words with spaces).
    ///
    /// Works on the UTF-16 units: ASCII is classified by table and only other characters ask for Unicode
    /// properties (asking for every character cost War and Peace 5 billion instructions).
    package static func count(_ text: StyledText, upTo end: UTF16Offset) -> Int {
        count(text, before: end).before
    }

    /// The words before `offset` and in the whole text, in one pass (paragraphs after the one holding the offset
    /// are counted once, for the total only).
    static func count(_ text: StyledText, before offset: UTF16Offset) -> (before: Int, total: Int) {
        let counts = counts(text, in: 0..<text.length, before: offset)
        return (counts.wordsBefore, counts.words)
    }

    /// Words and characters (UTF-16 units) of `range`, in all and before `offset`, leaving out hidden units.
    static func counts(_ text: StyledText, in range: Range<UTF16Offset>, before offset: UTF16Offset)
        -> (words: Int, wordsBefore: Int, characters: Int, charactersBefore: Int) {
        var words = 0, wordsBefore = 0
        var characters = range.count, charactersBefore = max(0, offset - range.lowerBound)
        guard !range.isEmpty, var index = text.paragraphIndex(containing: range.lowerBound) else { return (0, 0, 0, 0) }
        while index < text.paragraphs.count, text.paragraphs[index].range.lowerBound < range.upperBound {
            let paragraph = text.paragraphs[index]
            index += 1
            // The content's part inside the range, content-relative.
            let lower = max(0, paragraph.contentOffset(ofDocumentOffset: range.lowerBound))
            let upper = min(paragraph.contentRange.count, paragraph.contentOffset(ofDocumentOffset: range.upperBound))
            guard lower < upper else { continue }
            let cut = min(max(lower, paragraph.contentOffset(ofDocumentOffset: offset)), upper)
            if paragraph.hasHiddenUnits {
                // Markup is not read: only the visible text counts (Aozora Bunko's readings in 《》 doubled a
                // book's word count and its nominal pages).
                let content = paragraph.units[paragraph.contentRange]
                let visible = VisibleText(content, spans: paragraph.caretSpans)
                let from = visible.count(before: lower), through = visible.count(before: upper)
                let until = visible.count(before: cut)
                let all = Self.words(in: visible.units[from..<through])
                words += all
                wordsBefore += until == through ? all : Self.words(in: visible.units[from..<until])
                characters -= (upper - lower) - (through - from)
                charactersBefore -= (cut - lower) - (until - from)
                continue
            }
            let content = paragraph.units[paragraph.contentRange]
            let slice = content[(content.startIndex + lower)..<(content.startIndex + upper)]
            let all = Self.words(in: slice)
            words += all
            if cut == upper {
                wordsBefore += all
            } else if cut > lower {
                wordsBefore += Self.words(in: content[(content.startIndex + lower)..<(content.startIndex + cut)])
            }
        }
        return (words, wordsBefore, characters, min(characters, max(0, charactersBefore)))
    }

    private enum Class { case space, letter, other, wordOfItsOwn }

    static func words(in units: ArraySlice<UInt16>) -> Int {
        var count = 0
        var inWord = false
        var wordHasLetter = false
        func add(_ kind: Class) {
            switch kind {
            case .space:
                if inWord && wordHasLetter { count += 1 }
                inWord = false; wordHasLetter = false
            case .wordOfItsOwn:
                if inWord && wordHasLetter { count += 1 }
                inWord = false; wordHasLetter = false
                count += 1
            case .letter:
                inWord = true; wordHasLetter = true
            case .other:
                inWord = true
            }
        }
        var i = units.startIndex
        while i < units.endIndex {
            let unit = units[i]
            i += 1
            if unit < 0x80 {
                switch unit {
                case 0x09...0x0D, 0x20: add(.space)
                case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: add(.letter)
                default: add(.other)
                }
                continue
            }
            var value = UInt32(unit)
            if UTF16.isLeadSurrogate(unit), i < units.endIndex, UTF16.isTrailSurrogate(units[i]) {
                value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(units[i]) - 0xDC00)
                i += 1
            }
            guard let scalar = Unicode.Scalar(value) else { add(.other); continue }  // a lone surrogate
            let properties = scalar.properties
            if properties.isWhitespace || value == 0x2028 || value == 0xFFFC {
                add(.space)
            } else if properties.isIdeographic || (0x3040...0x30FF).contains(value) || (0xAC00...0xD7AF).contains(value) {
                add(.wordOfItsOwn)
            } else {
                add(properties.isAlphabetic || properties.numericType != nil ? .letter : .other)
            }
        }
        if inWord && wordHasLetter { count += 1 }
        return count
    }
}
