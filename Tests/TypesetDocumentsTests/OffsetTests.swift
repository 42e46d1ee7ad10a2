import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// Offsets never move: whatever the input, the paragraphs' units concatenated are the decoded source (its UTF-16,
/// without a byte-order mark), and the paragraph ranges partition `0..<length`.
@Suite struct OffsetTests {
    struct Sample: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let expected: [UInt16]
        var testDescription: String { name }

        /// UTF-8 bytes of `text`, optionally after a BOM.
        static func utf8(_ name: String, _ text: String, bom: Bool = false) -> Sample {
            Sample(name: name, bytes: (bom ? [0xEF, 0xBB, 0xBF] : []) + Array(text.utf8), expected: Array(text.utf16))
        }

        /// UTF-16LE bytes of `units`, after a BOM.
        static func utf16(_ name: String, _ units: [UInt16]) -> Sample {
            Sample(name: name, bytes: [0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, expected: units)
        }
    }

    static let samples: [Sample] = [
        .utf8("one word", "word"),
        .utf8("one line with LF", "A single line.\n"),
        .utf8("only line ends", "\n\n\n"),
        .utf8("only spaces", "   \t  "),
        .utf8("mixed line ends", "First line of text\r\nsecond line\rthird line\nfourth\u{2029}fifth\r\n\r\n\rlast"),
        .utf8("CR before CR LF", "a\r\r\nb\r\n\r\n"),
        .utf8("blank lines of odd white space", "Para one.\n \u{3000}\u{A0}\t\u{0C}\n\u{FEFF}\nPara two.\n"),
        .utf8("surrogate pairs and combining marks", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 😀👨‍👩‍👧\ne\u{301}\u{302}\n\n🇫🇷 end"),
        .utf8("right-to-left", "\u{5E9}\u{5DC}\u{5D5}\u{5DD} world\n\u{627}\u{644}\u{633}\u{644}\u{627}\u{645}\n"),
        .utf8("ideographic indents", "\u{3000}\u{3000}第一段．\n第一段續．\n\u{3000}\u{3000}第二段．\n"),
        .utf8("BOM then CR LF", "Title\r\n\r\nBody text.\r\n", bom: true),
        .utf8("BOM then a BOM-like ZWNBSP", "\u{FEFF}x", bom: true),
        .utf8("lines over 100 units", String(repeating: "long ", count: 30) + "\n" + String(repeating: "more ", count: 25) + "\n\nshort\n"),
        .utf8("no final newline", "Last line"),
        .utf16("UTF-16 with a lone surrogate", Array("ab".utf16) + [0xD800] + Array("c\nd".utf16)),
        .utf16("UTF-16 with CR LF", Array("One\r\nTwo\r\n\r\nThree".utf16)),
        Sample(name: "Latin-1 with CR LF", bytes: [0x43, 0x61, 0x66, 0xE9, 0x0D, 0x0A, 0x0D, 0x0A, 0xE0, 0x0D, 0x0A],
               expected: [0x43, 0x61, 0x66, 0xE9, 0x0D, 0x0A, 0x0D, 0x0A, 0xE0, 0x0D, 0x0A]),
        // Bytes in 0x80–0x9F are Windows-1252's printable characters (…, œ), the usual reading of such a file.
        Sample(name: "Windows-1252 C1 range", bytes: [0x41, 0x85, 0x0A, 0x9C, 0xFF], expected: [0x41, 0x2026, 0x0A, 0x153, 0xFF]),
    ]

    @Test(arguments: samples)
    func offsetsNeverMove(sample: Sample) throws {
        let document = try ReaderChecks.readAndCheckOffsets(sample.bytes, expected: sample.expected, name: sample.name)
        // Each paragraph's range and units agree, and the document's own lookup finds every paragraph.
        for (index, paragraph) in document.text.paragraphs.enumerated() where !paragraph.range.isEmpty {
            #expect(document.text.paragraphIndex(containing: paragraph.range.lowerBound) == index)
            #expect(document.text.units(in: paragraph.range) == paragraph.units)
        }
        #expect(document.text.units(in: 0..<document.text.length) == sample.expected)
    }

    @Test func generatedInputsKeepTheirOffsets() throws {
        // A deterministic mix of words, short and long lines, indents and every line end.
        var generator = SplitMix64(seed: 0x7E7_5E7)
        let pieces = ["word", "longer-word", "é", "世界", "😀", " ", "  ", "\u{3000}\u{3000}", "\n", "\r\n", "\r", "\n\n", "\u{2029}",
                      String(repeating: "x", count: 120), "It is a truth universally acknowledged, that a single man"]
        for _ in 0..<200 {
            let count = Int(generator.next() % 60)
            let text = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            try ReaderChecks.readAndCheckOffsets(text.bytes, expected: text.units)
        }
    }
}
