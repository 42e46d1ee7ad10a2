import Foundation
import Testing
import TypesetCore
import TypesetDocuments

/// Shared checks on what `PlainTextReader` produced.
enum ReaderChecks {
    /// Line terminators the reader splits at (manual: LF, CR LF, CR and U+2029).
    static let lineEnds: Set<UInt16> = [0x0A, 0x0D, 0x2029]
    /// White space a blank line may hold.
    static let blankUnits: Set<UInt16> = [0x20, 0x09, 0x3000, 0xA0, 0x0C, 0xFEFF]

    /// Reads `bytes` and checks that offsets never move: the paragraphs' units, concatenated, are exactly
    /// `expected` (the decoded source, without a byte-order mark), and the paragraph ranges partition
    /// `0..<length` in order. Also checks that each paragraph's content lies within it, does not start or end
    /// with a line end, and that every unit outside the contents is white space or a line end (separators).
    @discardableResult
    static func readAndCheckOffsets(_ bytes: [UInt8], expected: [UInt16], name: String = "test.txt",
                                    sourceLocation: SourceLocation = #_sourceLocation) throws -> PlainTextDocument {
        let document = try PlainTextReader().read(bytes: bytes, name: name)
        checkOffsets(document.text, expected: expected, sourceLocation: sourceLocation)
        return document
    }

    static func checkOffsets(_ text: StyledText, expected: [UInt16], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(text.length == expected.count, "length \(text.length), expected \(expected.count)", sourceLocation: sourceLocation)
        #expect(!text.paragraphs.isEmpty, "a text has at least one paragraph", sourceLocation: sourceLocation)
        var joined: [UInt16] = []
        joined.reserveCapacity(expected.count)
        var cursor = 0
        var firstBadParagraph: Int?
        var firstStrayUnit: Int?
        for (index, paragraph) in text.paragraphs.enumerated() {
            if paragraph.range.lowerBound != cursor || paragraph.units.count != paragraph.range.count
                || paragraph.contentRange.lowerBound < 0 || paragraph.contentRange.upperBound > paragraph.units.count {
                firstBadParagraph = firstBadParagraph ?? index
            }
            if let first = paragraph.units[paragraph.contentRange].first, lineEnds.contains(first) { firstBadParagraph = firstBadParagraph ?? index }
            if let last = paragraph.units[paragraph.contentRange].last, lineEnds.contains(last) { firstBadParagraph = firstBadParagraph ?? index }
            for (i, unit) in paragraph.units.enumerated() where !paragraph.contentRange.contains(i) {
                if !lineEnds.contains(unit) && !blankUnits.contains(unit) && !isInMarkupLine(paragraph.units, at: i) {
                    firstStrayUnit = firstStrayUnit ?? paragraph.range.lowerBound + i
                }
            }
            joined.append(contentsOf: paragraph.units)
            cursor = paragraph.range.upperBound
        }
        #expect(cursor == text.length, "the paragraphs end at \(cursor), the text at \(text.length)", sourceLocation: sourceLocation)
        #expect(firstBadParagraph == nil, "paragraph \(firstBadParagraph ?? -1) does not continue the partition or has a bad content range",
                sourceLocation: sourceLocation)
        #expect(firstStrayUnit == nil, "text at offset \(firstStrayUnit ?? -1) is outside every paragraph's content",
                sourceLocation: sourceLocation)
        if joined != expected {
            let mismatch = zip(joined, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(joined.count, expected.count)
            Issue.record("the paragraphs' units differ from the decoded source at offset \(mismatch) (\(joined.count) vs \(expected.count) units)",
                         sourceLocation: sourceLocation)
        }
    }

    /// Whether unit `i` of `units` is on a line of Aozora Bunko notes only (`［＃改ページ］`), which the reader takes
    /// for a blank line (a separator).
    static func isInMarkupLine(_ units: [UInt16], at i: Int) -> Bool {
        var start = i, end = i
        while start > 0, !lineEnds.contains(units[start - 1]) { start -= 1 }
        while end < units.count, !lineEnds.contains(units[end]) { end += 1 }
        let line = String(decoding: units[start..<end], as: UTF16.self).trimmingCharacters(in: .whitespaces)
        return line.hasPrefix("［＃") && line.hasSuffix("］")
    }

    /// The content of every paragraph, with its line ends normalized to LF (to compare LF, CR LF and CR files).
    static func normalizedContents(_ text: StyledText) -> [String] {
        text.paragraphs.map {
            $0.contentString.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
                .replacingOccurrences(of: "\u{2029}", with: "\n")
        }
    }

    /// A short description of each paragraph's style, to compare structures.
    static func styles(_ text: StyledText) -> [String] {
        text.paragraphs.map { "\($0.style.role) \($0.style.innerLineBreaks) continues:\($0.style.continuesBlock)" }
    }
}

extension String {
    /// The UTF-8 bytes.
    var bytes: [UInt8] { Array(utf8) }
    /// The UTF-16 units.
    var units: [UInt16] { Array(utf16) }
}
