import Testing
@testable import TypesetDocuments

/// Chapter detection reads ASCII lines by their bytes (roman numerals, the key a list of contents is matched by):
/// each such path must give what the definition, or the Character path, gives.
@Suite struct HeadingASCIIPathTests {
    /// Every roman numeral up to 399 of at most nine letters, in capitals and in lower case, is its value; a letter
    /// changed in case, a non-canonical spelling or another letter is no numeral.
    @Test func romanNumeralsByTheirCanonicalSpelling() {
        let table: [(Int, String)] = [(100, "C"), (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
        func roman(_ value: Int) -> String {
            var rest = value, result = ""
            for (amount, letters) in table { while rest >= amount { result += letters; rest -= amount } }
            return result
        }
        for value in 1...399 {
            let upper = roman(value)
            // A numeral is at most nine letters (`CCCLXXXVIII`, 388, is none).
            let expected = upper.count <= 9 ? value : nil
            #expect(HeadingLine.romanValue(Substring(upper)) == expected)
            #expect(HeadingLine.romanValue(Substring(upper.lowercased())) == expected)
            if upper.count > 1 {
                // Mixed case, a letter added in front, a digit after.
                #expect(HeadingLine.romanValue(Substring(upper.prefix(1).lowercased() + upper.dropFirst())) == nil, "\(upper)")
                #expect(HeadingLine.romanValue(Substring("I" + upper)) != value, "\(upper)")
            }
            #expect(HeadingLine.romanValue(Substring(upper + "1")) == nil)
        }
        for word in ["IIII", "IC", "VX", "IL", "XM", "D", "M", "CD", "", "ABC", "XIIIIIIIII"] {
            #expect(HeadingLine.romanValue(Substring(word)) == nil, "\(word)")
        }
    }

    /// A list of contents is matched by keys made from its entries and from headings: for ASCII titles the key
    /// made from the bytes is the key made from the Characters, over a family of titles with page numbers,
    /// dot leaders, extra white space and end punctuation.
    @Test func contentsKeysByBytesAndByCharacters() {
        let titles = ["CHAPTER I. The Old House", "Chapter 12", "  BOOK ONE: 1805  ", "Epilogue", "PART II.-", "I", "", "_._"]
        let tails = ["", " . . . . 1", " ....... 23", "  7", " _ _ 104", "1", ".", " -- ", ":", " .", "\t\t9"]
        for title in titles {
            for tail in tails {
                for inner in ["", "  ", " . . ", "\t"] {
                    let text = title + inner + tail
                    #expect(ChapterDetector.asciiEntryKey(text) == ChapterDetector.characterEntryKey(text), "\(text)")
                }
            }
        }
        // Anything outside ASCII is left to the Character path.
        #expect(ChapterDetector.asciiEntryKey("Chapitre première") == nil && ChapterDetector.asciiEntryKey("PART II.—") == nil)
    }
}
