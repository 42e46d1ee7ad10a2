import Testing
@testable import TypesetCore
import TypesetTestSupport

/// ASCII letters and digits next to kana and Han take the paragraph's own (Latin) face when it covers them, as
/// browsers' per-cluster font fallback with the primary font first gives them (「第3章」 and 「2024年」 in a
/// Charis SIL paragraph have Charis digits); the CJK characters and the punctuation joined to them keep the CJK
/// face; in vertical text a two-digit number set in one upright cell (tate-chū-yoko) keeps the CJK face, whose
/// half-width forms make the cell. Checked over a generated family: CJK words (Han, hiragana, katakana) around
/// numbers of 1 to 4 digits and Latin letters, followed by full-width or ASCII punctuation, horizontal and
/// vertical, with the bundled fonts (Charis SIL first, Noto Serif CJK as fallback).
@Suite struct DigitFaceTests {
    static let before = ["第", "西暦", "ページ", "約"]
    static let numbers = ["3", "12", "2024", "7A", "X1", "999"]
    static let after = ["章", "年", "かい", "メートル"]
    static let punctuation = ["、", "。", ",", "，", ""]

    /// Every combination, a few words to a paragraph: (text, vertical).
    static let cases: [(text: String, vertical: Bool)] = {
        var texts: [String] = []
        for (k, prefix) in before.enumerated() {
            var words: [String] = []
            for (n, number) in numbers.enumerated() {
                for (a, suffix) in after.enumerated() {
                    words.append(prefix + number + suffix + punctuation[(k + n + a) % punctuation.count])
                }
            }
            texts.append(words.joined())
        }
        return texts.flatMap { [($0, false), ($0, true)] }
    }()

    /// The family name of the face drawing each unit of `text`'s first page.
    static func families(_ text: String, vertical: Bool) throws -> [String?] {
        var styled = StyledText(plain: text, language: "ja")
        styled.writingMode = vertical ? .verticalRightToLeft : nil
        var settings = Fixtures.settings
        settings.pageSize = Size(width: 2000, height: 2000)
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(styled, settings: settings)
        var families = [String?](repeating: nil, count: text.utf16.count)
        for page in layout.pages.indices {
            for run in layout.glyphRuns(onPage: page) {
                for cluster in run.clusters where cluster < families.count { families[cluster] = run.face.family }
                // A combined cell is one cluster: its second digit is drawn by the same face.
                for offset in run.range where offset < families.count && families[offset] == nil { families[offset] = run.face.family }
            }
        }
        return families
    }

    @Test(arguments: cases.indices)
    func asciiNextToKanaTakesTheLatinFace(_ index: Int) throws {
        let (text, vertical) = Self.cases[index]
        let units = Array(text.utf16)
        let families = try Self.families(text, vertical: vertical)
        func isDigit(_ i: Int) -> Bool { i >= 0 && i < units.count && units[i] >= 0x30 && units[i] <= 0x39 }
        for (i, unit) in units.enumerated() {
            let family = families[i] ?? "none"
            let alphanumeric = (0x30...0x39).contains(unit) || (0x41...0x5A).contains(unit) || (0x61...0x7A).contains(unit)
            // Two digits alone between CJK characters: one tate-chū-yoko cell in vertical text.
            let combined = vertical && isDigit(i) && (isDigit(i + 1) && !isDigit(i - 1) && !isDigit(i + 2)
                || isDigit(i - 1) && !isDigit(i - 2) && !isDigit(i + 1))
            if alphanumeric && !combined {
                #expect(family == "Charis SIL", "\(vertical ? "vertical" : "horizontal") \(text): unit \(i) in \(family)")
            } else if unit >= 0x3000 || unit == 0x2C || combined {
                #expect(family.contains("CJK"), "\(vertical ? "vertical" : "horizontal") \(text): unit \(i) in \(family)")
            }
        }
    }
}
