import Testing
@testable import TypesetCore
import TypesetTestSupport

/// Floats anchored in the middle of a paragraph's text (``BlockFloat/anchor``, CSS 2.1 §9.5 and §9.5.1 rule 6): a
/// generated family (side × anchor position in the paragraph × float width × text length) checked for what the
/// rules say: the float's top is the top of the line holding its anchor, or that line's bottom when it does not fit
/// beside the text before the anchor; the lines above it are not shortened; no line overlaps it; the paragraph
/// stays one paragraph whose lines partition its text; carets round-trip.
@Suite struct AnchoredFloatTests {
    /// A paragraph, the float (`floatText`, `width`, `side`) anchored at `anchor` in the paragraph after it, of
    /// `sentences` sentences, then a last paragraph.
    static func text(side: BlockFloat.Side, width: TextAttachment.Length?, floatText: String, sentences: Int,
                     anchor: Int) throws -> StyledText {
        var floated = ParagraphStyle.body
        floated.float = BlockFloat(side: side, width: width, anchor: anchor)
        floated.continuesBlock = true
        return try PaginationTests.text([("Before the float.", .body), (floatText, floated),
                                         (String(repeating: FloatLayoutTests.words, count: sentences), .body),
                                         ("After the text.", .body)])
    }

    static let floats: [(TextAttachment.Length?, String)] = [
        (nil, "10"), (.points(70), "A floated note over a few lines."), (.points(150), "A wide note."),
    ]

    @Test(arguments: [BlockFloat.Side.left, .right], [1, 3])
    func anAnchoredFloatSitsAtItsLine(side: BlockFloat.Side, sentences: Int) throws {
        let length = FloatLayoutTests.words.utf16.count * sentences
        // Anchors near the ends of the second and third lines too, where a wide float does not fit beside the text
        // before them (the lines as set without the float).
        let plain = try FloatLayoutTests.layout(try Self.text(side: side, width: .points(1), floatText: "", sentences: sentences,
                                                              anchor: 0), pageWidth: 300)
        let lineEnds = plain.lines(onPage: 0).filter { $0.paragraphIndex == 2 && $0.lineIndex > 0 }.prefix(2).map {
            $0.range.upperBound - plain.text.paragraphs[2].range.lowerBound - 3
        }
        var checked = 0, belowItsLine = 0
        for (width, floatText) in Self.floats {
            for anchor in [0, 7, length / 3, length / 2 + 3, length - 1, length] + lineEnds {
                let text = try Self.text(side: side, width: width, floatText: floatText, sentences: sentences, anchor: anchor)
                let layout = try FloatLayoutTests.layout(text, pageWidth: 300)
                let label = "\(side) \(String(describing: width)) anchor \(anchor) of \(length)"
                #expect(LayoutInvariants.violations(in: layout).isEmpty, "\(label): \(LayoutInvariants.violations(in: layout))")
                let lines = layout.lines(onPage: 0)
                let float = try #require(lines.filter { $0.paragraphIndex == 1 }.map(\.rect).reduce(nil) { ($0 ?? $1).union($1) })
                let host = lines.filter { $0.paragraphIndex == 2 }
                let content = text.paragraphs[2].contentDocumentRange
                // The line holding the anchor (the one after a break at it).
                let offset = content.lowerBound + anchor
                let anchorLine = try #require(host.first { $0.range.upperBound > offset && $0.range.lowerBound <= offset } ?? host.last, "\(label)")
                let atTop = abs(float.minY - anchorLine.rect.minY) < 0.5
                let below = abs(float.minY - anchorLine.rect.maxY) < 0.5
                // A float that would not fit in the column from its line is placed where its paragraph starts (its
                // text comes before the paragraph's, so it cannot go to the next page without the paragraph).
                let column = layout.settings.contentRect
                let before = try #require(lines.last { $0.paragraphIndex == 0 })
                let atParagraph = anchorLine.rect.maxY + float.height > column.maxY - 0.5
                    && float.minY >= before.rect.maxY - 0.5 && host.first.map { float.minY <= $0.rect.minY + 0.5 } == true
                #expect(atTop || below || atParagraph, "\(label): the float at \(float.minY), its line \(anchorLine.lineIndex) from \(anchorLine.rect.minY) to \(anchorLine.rect.maxY)")
                if below { belowItsLine += 1 }
                for line in lines where line.paragraphIndex != 1 {
                    #expect(!FloatLayoutTests.overlaps(line.rect, float), "\(label): line \(line.paragraphIndex).\(line.lineIndex) \(line.rect) over \(float)")
                }
                // The paragraph's lines above the float keep the column's width: not moved right (its first line
                // aside, which its indent moves).
                for line in host where line.lineIndex > 0 && line.rect.maxY <= float.minY + 0.5 {
                    #expect(abs(line.rect.minX - column.minX) < 0.5, "\(label): line \(line.lineIndex) moved to \(line.rect.minX)")
                }
                // Beside the float, a line of the paragraph (when it has one there) is shortened: it ends at the float.
                if let beside = host.first(where: { $0.rect.minY >= float.minY - 0.5 && $0.rect.minY < float.maxY - 0.5 && $0.lineIndex + 1 < host.count }) {
                    if side == .left { #expect(beside.rect.minX >= float.maxX - 0.5, "\(label)") }
                    else { #expect(beside.rect.maxX <= float.minX + 0.5, "\(label)") }
                }
                _ = MixedWritingModeTests.checkPositions(layout)
                checked += 1
            }
        }
        #expect(checked == 24)
        // The wide note does not fit beside the text before a mid-line anchor: some go below their line.
        #expect(belowItsLine > 0)
    }
}
