import Testing
@testable import TypesetCore
import TypesetTestSupport

/// ``LineBreakMemo`` gives exactly ICU's line-break opportunities over a whole paragraph: the same offsets and the
/// same mandatory flags, in every `line-break` strictness, whichever chunks it remembered before and in what context.
@Suite struct LineBreakMemoTests {
    /// The ICU locales the shaper asks for: root, strictness keywords, and a language ICU tailors.
    static let locales = ["", "@lb=strict", "@lb=loose", "@lb=normal", "ja@lb=strict", "en"]

    /// Every boundary (offset << 1 | mandatory) of `units`, from ICU over the whole text.
    static func whole(_ iterator: BreakIterator, _ units: [UInt16]) -> [Int] {
        iterator.setText(units)
        var result: [Int] = []
        iterator.forEachBoundary { offset, mandatory in result.append(offset << 1 | (mandatory ? 1 : 0)) }
        return result
    }

    /// Every boundary of `units`, from the memo.
    static func memoized(_ memo: LineBreakMemo, _ units: [UInt16]) -> [Int] {
        var result: [Int] = []
        memo.forEachBoundary(units) { offset, mandatory in result.append(offset << 1 | (mandatory ? 1 : 0)) }
        return result
    }

    /// Compares memo and ICU on `texts` for every locale, with a memo of the default capacity and one of 8 chunks
    /// (emptied over and over); returns the number of differing texts.
    static func differences(_ texts: [[UInt16]], label: String) throws -> Int {
        var differing = 0
        for locale in locales {
            let reference = try #require(BreakIterator(.line, locale: locale))
            let memo = LineBreakMemo(iterator: try #require(BreakIterator(.line, locale: locale)))
            let small = LineBreakMemo(iterator: try #require(BreakIterator(.line, locale: locale)), capacity: 8)
            for units in texts {
                let expected = whole(reference, units)
                let got = memoized(memo, units), gotSmall = memoized(small, units)
                if got != expected || gotSmall != expected {
                    differing += 1
                    if differing <= 5 {
                        Issue.record("\(label) \(locale): \(String(decoding: units.prefix(80), as: UTF16.self)) memo \(got) small \(gotSmall) ICU \(expected)")
                    }
                }
            }
        }
        return differing
    }

    /// Every string of Unicode's `LineBreakTest.txt` (each class before and after spaces, and after a letter)
    /// between words and repeated, so that its chunks are remembered in one place and met again in another.
    @Test func everyClassOfTheConformanceFileAroundWords() throws {
        let file = try LineBreakConformanceTests.loadTestFile()
        let words = Array("ab ".utf16), middle = Array(" cd ".utf16), end = Array(" ef".utf16)
        var texts: [[UInt16]] = []
        for test in file.cases {
            texts.append(words + test.units + middle + test.units + end)
            texts.append(test.units + middle + test.units)
        }
        #expect(try Self.differences(texts, label: "LineBreakTest") == 0)
        #expect(texts.count > 10_000)
    }

    /// A seeded family of short texts over letters, spaces and the classes that act across spaces (opening and
    /// closing brackets, quotes, ZW, GL, NS, B2, CM, BK) or around words (hyphens, numbers, CJK, soft hyphens).
    @Test func generatedTexts() throws {
        let pieces = ["a", "Bc", "word", " ", "  ", "(", "[", "{", ")", "]", "\"", "'", ",", ".", "-", "—", "/", "!",
                      "?", "1", "2.5", "$", "%", "\u{200B}", "\u{00A0}", "\u{2060}", "\u{301}", "\u{00AD}", "\n",
                      "„", "“", "”", "«", "»", "。", "、", "漢", "ー", "ぁ", "\u{3000}", "⁠", "‐", "\u{2014}\u{2014}",
                      "ي", "\u{0E01}\u{0E32}", "😀", "\u{1F1EB}\u{1F1F7}", "\t", "\u{2028}", ":", ";", "&", "#", "*"]
        #expect(try Self.differences(Self.generated(from: pieces, seed: 32), label: "generated") == 0)
    }

    /// 4,000 texts of 1 to 24 of `pieces` each, drawn by a generator seeded with `seed`, as UTF-16.
    static func generated(from pieces: [String], seed: UInt64) -> [[UInt16]] {
        var generator = SplitMix64(seed: seed)
        var texts: [[UInt16]] = []
        for _ in 0..<4_000 {
            var text = ""
            for _ in 0..<Int(generator.next() % 24 + 1) { text += pieces[Int(generator.next() % UInt64(pieces.count))] }
            texts.append(Array(text.utf16))
        }
        return texts
    }

    /// Texts over what makes War and Peace's chunks plain and ends them (accented Latin letters, ’, “ and ”) beside
    /// their look-alikes of other classes (× and ÷ are AI, ‘ and „ QU or OP, combining marks, dashes, brackets).
    @Test func latinLettersAndCurlyQuotes() throws {
        let pieces = ["a", "Bc", "word", " ", "  ", "é", "Ná", "ÿ", "\u{17F}", "\u{100}", "×", "÷", "’", "“", "”", "‘", "„",
                      "'", "\"", ",", ".", "!", "(", "[", ")", "\u{2014}", "-", "\u{301}", "\u{200B}", "\u{00A0}", "漢", "1",
                      "ª", "\u{180}", "?", ";"]
        #expect(try Self.differences(Self.generated(from: pieces, seed: 83), label: "Latin and quotes") == 0)
    }

    /// Dialogue with accented names cuts into plain chunks: one soft boundary each, no lookup.
    @Test func dialogueCutsIntoPlainChunks() {
        let units = Array("“Natásha’s war,” said Pierre. “Oui, Pétya” and".utf16)
        var chunks: [(String, Bool)] = []
        units.withUnsafeBufferPointer { text in
            var start = 0
            while start < text.count {
                let (end, plain) = LineBreakMemo.chunkEnd(text, from: start)
                chunks.append((String(decoding: units[start..<end], as: UTF16.self), plain))
                start = end
            }
        }
        #expect(chunks.map(\.0) == ["“Natásha’s ", "war,” ", "said ", "Pierre. ", "“Oui, ", "Pétya” ", "and"])
        #expect(chunks.map(\.1) == [true, true, true, true, true, true, true])
    }

    /// The paragraphs of every corpus text book (as the shaper sees them: ``LayoutText``).
    @Test func corpusParagraphs() throws {
        var texts: [[UInt16]] = []
        for book in Fixtures.corpusTextBooks {
            let text = try Fixtures.corpusText(book)
            for paragraph in text.paragraphs.prefix(1_500) { texts.append(LayoutText(paragraph).units) }
        }
        #expect(texts.count > 10_000)
        #expect(try Self.differences(texts, label: "corpus") == 0)
    }
}
