import Testing
@testable import TypesetCore
import TypesetTestSupport

/// `GraphemeSegmenter.boundary(_:in:forward:)`, the snap that caret geometry and decoration ranges share, walks
/// from the offset with ICU instead of listing all of the paragraph's boundaries; its answers must be those of
/// the full list filtered by the paragraph's caret spans.
@Suite struct CaretSnapTests {
    /// The stop at or before `local` and the one at or after it, from every grapheme boundary of the paragraph
    /// filtered by its caret spans (the list the snap computed per call before).
    static func expected(_ local: Int, in paragraph: Paragraph, segmenter: GraphemeSegmenter) -> (Int, Int) {
        let base = -paragraph.contentRange.lowerBound
        let stops = segmenter.boundaries(of: paragraph.units[...]).filter {
            CaretSpan.allowsStop(at: $0 + base, in: paragraph.caretSpans)
        }
        return (stops.last { $0 <= local } ?? 0, stops.first { $0 >= local } ?? paragraph.units.count)
    }

    @Test func snapsAgreeWithTheParagraphsFullListOfStops() throws {
        let pieces: [[UInt16]] = [Array("a".utf16), Array(" ".utf16), Array("e\u{301}".utf16), [0x301], [0xD83D, 0xDE00],
                                  Array("漢字".utf16), Array("\u{1F1EB}\u{1F1F7}".utf16), Array("ab".utf16)]
        var generator = SystemRandomNumberGenerator()
        let segmenter = GraphemeSegmenter()
        var checked = 0
        for round in 0..<300 {
            var paragraphs: [[([UInt16], TextStyle)]] = []
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                var paragraph: [([UInt16], TextStyle)] = []
                for _ in 0..<Int.random(in: 1...6, using: &generator) {
                    let piece = try #require(pieces.randomElement(using: &generator))
                    let style: TextStyle = switch Int.random(in: 0..<4, using: &generator) {
                    case 0: .hidden
                    case 1: TextStyle(replacement: String(repeating: "x", count: piece.count))
                    default: .body
                    }
                    paragraph.append((piece, style))
                }
                paragraphs.append(paragraph)
            }
            let text = try HiddenUnitTests.text(units: paragraphs)
            for offset in 1..<max(1, text.length) {
                let p = try #require(text.paragraphIndex(containing: offset))
                let paragraph = text.paragraphs[p]
                let local = offset - paragraph.range.lowerBound
                let (before, after) = Self.expected(local, in: paragraph, segmenter: segmenter)
                let start = paragraph.range.lowerBound
                #expect(segmenter.boundary(offset, in: text) == start + before, "round \(round), offset \(offset) of \(paragraphs)")
                #expect(segmenter.boundary(offset, in: text, forward: true) == start + after, "round \(round), offset \(offset) forward of \(paragraphs)")
                checked += 1
            }
        }
        #expect(checked > 1000)
    }
}
