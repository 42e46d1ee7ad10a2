import Testing
import TypesetCore
import TypesetTestSupport

/// No tofu: the bundled fonts draw every character East Asian books are made of, and what no font has is
/// counted and reported (``FontCoverageReport``), never dropped.
@Suite struct FontCoverageTests {
    /// A one-paragraph text of every scalar in `ranges`, each followed by nothing (CJK needs no spaces).
    static func text(of ranges: [ClosedRange<UInt32>]) -> StyledText {
        var string = ""
        for range in ranges { for value in range { if let scalar = Unicode.Scalar(value) { string.unicodeScalars.append(scalar) } } }
        return StyledText(plain: string)
    }

    /// Every assigned character of the blocks a Chinese or Japanese book is set in has a bundled face: the whole
    /// CJK Unified Ideographs block, the compatibility ideographs, kana, CJK punctuation, vertical, small and
    /// fullwidth forms, bopomofo, the radicals and the enclosed and squared compatibility characters (but U+332C
    /// ㌬, which no Debian font has).
    @Test func bundledFontsCoverTheCJKBlocks() throws {
        let fonts = try Fixtures.bundledFonts()
        let blocks: [ClosedRange<UInt32>] = [
            0x3000...0x303F, 0x3041...0x3096, 0x3099...0x30FF, 0x3105...0x312F, 0x31F0...0x31FF,
            0x4E00...0x9FFF, 0xFE10...0xFE19, 0xFE30...0xFE4F, 0xFF01...0xFF60, 0xFF61...0xFF9F, 0xFFE0...0xFFE6,
            0x2E80...0x2E99, 0x2E9B...0x2EF3, 0x2F00...0x2FD5, 0x3200...0x321E, 0x3220...0x32FF, 0x3300...0x332B, 0x332D...0x33FF,
        ]
        let report = try fonts.coverageReport(of: Self.text(of: blocks), family: "Charis SIL")
        #expect(report.checkedCharacters > 22_000)
        #expect(report.missingOccurrences == 0, "\(report.summary(limit: 40))")
        // The compatibility ideographs Unicode assigns (U+FA6E, U+FA6F and U+FADA… are not).
        let compatibility = try fonts.coverageReport(of: Self.text(of: [0xF900...0xFA6D, 0xFA70...0xFAD9]), family: "Charis SIL")
        #expect(compatibility.missingOccurrences == 0, "\(compatibility.summary(limit: 40))")
    }

    /// Characters no face has are counted per character, most frequent first, with their first offset; hidden
    /// markup is not drawn and not counted, and a replaced run is checked as the text drawn in its place.
    @Test func missingCharactersAreCountedAndPlaced() throws {
        let fonts = try Fixtures.bundledFonts()
        // U+20000 and U+2A6D6 (CJK Extension B) and U+E000 (private use) are in no bundled face.
        let text = try HiddenUnitTests.text([
            [("漢字\u{20000}と\u{2A6D6}", .body), ("\u{20000}", .hidden), ("a\u{20000}", .body)],
            [("x", TextStyle(replacement: "\u{E000}")), ("b", .body)],
        ])
        let report = try fonts.coverageReport(of: text, family: "Charis SIL")
        #expect(report.missing.map(\.scalar) == ["\u{20000}", "\u{E000}", "\u{2A6D6}"])
        #expect(report.missing.map(\.occurrences) == [2, 1, 1])
        let units = Array("漢字\u{20000}と\u{2A6D6}\u{20000}a\u{20000}\n".utf16)
        #expect(report.missing.map(\.firstOffset) == [2, units.count, 5])
        #expect(report.missingOccurrences == 4)
        #expect(report.summary().hasPrefix("3 characters (4 occurrences) have no font: U+20000 \u{20000} ×2, "))

        let complete = try fonts.coverageReport(of: StyledText(plain: "Plain words, 漢字, かな, カナ。"), family: "Charis SIL")
        #expect(complete.isComplete)
        #expect(complete.summary() == "every character has a font (24 checked)")
    }

    /// A report over a range checks that range only, in every paragraph it touches and no other: what one page of
    /// a long book costs, and what it says about that page (issue 32).
    @Test func aRangeChecksItsCharactersOnly() throws {
        let fonts = try Fixtures.bundledFonts()
        // Paragraphs at 0..<5 ("ab\u{20000}c\n", U+20000 at 2...3), 5..<10 ("de\u{E000}f\n", U+E000 at 7) and
        // 10..<15 ("gh\u{20000}" + "\n", U+20000 at 12...13).
        let text = StyledText(plain: "ab\u{20000}\nde\u{E000}f\ngh\u{20000}\n")
        let whole = try fonts.coverageReport(of: text, family: "Charis SIL")
        #expect(whole.missing.map(\.occurrences) == [2, 1])
        #expect(try fonts.coverageReport(of: text, in: 0..<text.length, family: "Charis SIL") == whole)

        let second = try fonts.coverageReport(of: text, in: 5..<10, family: "Charis SIL")
        #expect(second.missing.map(\.scalar) == ["\u{E000}"])
        #expect(second.missing.map(\.firstOffset) == [7])
        #expect(second.checkedCharacters == 4)
        // Across a paragraph end, from inside a paragraph: the third paragraph's U+20000 (at 12), not the first's.
        let across = try fonts.coverageReport(of: text, in: 8..<14, family: "Charis SIL")
        #expect(across.missing.map(\.scalar) == ["\u{20000}"])
        #expect(across.missing.map(\.firstOffset) == [12])
        #expect(across.checkedCharacters == 4)
        #expect(try fonts.coverageReport(of: text, in: 0..<2, family: "Charis SIL").isComplete)
        #expect(try fonts.coverageReport(of: text, in: 4..<4, family: "Charis SIL").checkedCharacters == 0)
    }
}
