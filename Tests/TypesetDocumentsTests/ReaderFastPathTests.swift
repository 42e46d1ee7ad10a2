import Testing
import TypesetCore
@testable import TypesetDocuments
import TypesetTestSupport

/// The fast paths of plain-text reading against the plain statements they replace, over generated families:
/// chapter detection's collapsed line text and ASCII character properties, the number-word prefilter, the wrap
/// width by histogram, and the `_italics_` scan that skips four units at a time.
@Suite struct ReaderFastPathTests {
    /// Units drawn from ASCII letters, every ASCII white space, controls that are not white space, and, unless
    /// `asciiOnly`, no-break and ideographic spaces, U+2028, an accented letter and a combining accent.
    static func units(_ count: Int, asciiOnly: Bool, using random: inout SplitMix64) -> [UInt16] {
        let ascii: [UInt16] = [0x41, 0x62, 0x7A, 0x5A, 0x31, 0x2E, 0x5F, 0x20, 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1C, 0x00, 0x7F]
        let other: [UInt16] = [0xA0, 0x3000, 0x2028, 0xE9, 0x301, 0x85]
        let alphabet = asciiOnly ? ascii : ascii + other
        return (0..<count).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
    }

    @Test func collapsedTextIsSplitAndJoined() {
        var random = SplitMix64(seed: 32)
        for round in 0..<400 {
            let units = Self.units(Int(random.next() % 40), asciiOnly: round % 2 == 0, using: &random)
            let expected = String(decoding: units, as: UTF16.self).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(CollapsedText.of(units[...]) == expected, "\(units)")
        }
    }

    @Test func fastPropertiesAreTheStandardOnes() {
        let characters = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }
            + ["\r\n", "é", "É", "ß", "Σ", "ж", "Ж", "一", "\u{A0}", "\u{3000}", "\u{2028}", "e\u{301}", "E\u{301}", "٣", "Ⅻ"]
        for c in characters {
            #expect(c.fastIsLetter == c.isLetter && c.fastIsNumber == c.isNumber, "\(c.unicodeScalars.map(\.value))")
            #expect(c.fastIsUppercase == c.isUppercase && c.fastIsLowercase == c.isLowercase, "\(c.unicodeScalars.map(\.value))")
            #expect(c.fastIsWhitespace == c.isWhitespace, "\(c.unicodeScalars.map(\.value))")
        }
    }

    /// Every number word the rules make passes the prefilter, written precomposed or decomposed; a word with a letter
    /// no number word has does not.
    @Test func numberWordPrefilterKeepsEveryNumberWord() {
        let words = ["first", "twenty-second", "fourth", "eleventh", "twentieth", "erste", "zwölfte", "fünfzehnte",
                     "dreißigste", "einundzwanzigsten", "deuxième", "dix-septième", "vingt-et-unième", "quatrième",
                     "première", "dernière", "séptimo", "décimo", "первая", "четвёртая", "двадцатый", "последняя",
                     "one", "vingt-deux", "fünf", "zwölf", "пять", "четыре"]
        for word in words {
            let value = NumberWords.value(word)
            #expect(value != nil && NumberWords.mayBeNumberWord(word), "\(word)")
            // Swift compares strings by canonical equivalence: a decomposed accent is the same word.
            let decomposed = word.replacingOccurrences(["ö": "o\u{308}", "ü": "u\u{308}", "è": "e\u{300}", "é": "e\u{301}",
                                                        "ё": "е\u{308}"])
            #expect(NumberWords.value(decomposed) == value, "\(decomposed.unicodeScalars.map(\.value))")
        }
        for name in ["natásha", "pávlovna", "dólokhov", "bezúkhov"] {
            #expect(!NumberWords.mayBeNumberWord(name) && NumberWords.value(name) == nil)
        }
    }

    @Test func wrapWidthIsThePercentileOfTheSortedWidths() {
        var random = SplitMix64(seed: 41)
        for round in 0..<200 {
            var start = 0
            let lines = (0..<Int(random.next() % 60)).map { _ -> SourceLine in
                let length = Int(random.next() % 130)
                // Now and then more columns than the histogram holds (a table made by hand): the sorted path.
                let columns = round % 10 == 0 && random.next() % 8 == 0 ? 500 : Int(random.next() % UInt64(2 * length + 1))
                let line = SourceLine(start: start, contentEnd: start + length, end: start + length + 1,
                                      isBlank: random.next() % 5 == 0, indent: 0, columns: columns)
                start += length + 1
                return line
            }
            let widths = lines.filter { !$0.isBlank && $0.length <= PlainTextReader.maximumWrappedLineLength }.map(\.columns).sorted()
            let expected = widths.isEmpty ? 72 : widths[min(widths.count - 1, widths.count * 9 / 10)]
            #expect(PlainTextReader.estimatedWrapWidth(lines) == expected)
        }
    }

    /// `_word_` at every alignment to the four-unit words of the scan, in lines of every short length, at a
    /// block's start and end: each is found, with its underscores hidden.
    @Test func italicsAreFoundAtEveryAlignment() throws {
        for lead in 0..<9 {
            for word in ["a", "ab", "abcd", "abcdefg"] {
                let text = String(repeating: "x", count: lead) + (lead > 0 ? " " : "") + "_\(word)_" + (lead % 2 == 0 ? "" : " end")
                let document = try PlainTextReader().read(bytes: Array("Begin.\n\n\(text)\n\nMore.\n".utf8), name: "book.txt")
                let whole = document.text.string(in: 0..<document.text.length)
                let start = try #require(whole.utf16.firstIndex(of: 0x5F)).utf16Offset(in: whole)
                let styles = (start..<(start + word.utf16.count + 2)).map { offset -> TextStyle in
                    let paragraph = document.text.paragraphs[document.text.paragraphIndex(containing: offset)!]
                    return paragraph.runs.first { $0.range.contains(offset - paragraph.range.lowerBound) }?.style ?? .body
                }
                #expect(styles.first?.isHidden == true && styles.last?.isHidden == true, "\(text)")
                #expect(styles.dropFirst().dropLast().allSatisfy { $0.isItalic && !$0.isHidden }, "\(text)")
            }
        }
    }
}

private extension String {
    func replacingOccurrences(_ pairs: [Character: String]) -> String {
        var result = ""
        for character in self { result += pairs[character] ?? String(character) }
        return result
    }
}
