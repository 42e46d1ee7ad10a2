import Testing
@testable import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// What one short paragraph costs in each stage (issue 22: a line of one letter cost about 900 bytes, so memory
/// grew with the line count, not the text). Sizes, not timings: the peak per line is the benchmark's
/// `memory.lines.short` row; these are the structures behind it.
@Suite struct MemoryBudgetTests {
    @Test func aShortParagraphIsSmallInTheTextModel() throws {
        #expect(MemoryLayout<Paragraph>.stride <= 64, "\(MemoryLayout<Paragraph>.stride)")
        #expect(MemoryLayout<ParagraphStyle>.size <= 16, "\(MemoryLayout<ParagraphStyle>.size)")
        // Paragraphs of one body run share the run array of their length: no allocation each.
        let text = try PlainTextReader().read(bytes: Array(String(repeating: "ab\n", count: 100).utf8), name: "lines.txt").text
        #expect(text.paragraphs.count == 100)
        let first = text.paragraphs[3].runs.withUnsafeBufferPointer { $0.baseAddress }
        let second = text.paragraphs[40].runs.withUnsafeBufferPointer { $0.baseAddress }
        #expect(first != nil && first == second)
        // A style with nothing but defaults (and flags) holds no object.
        #expect(ParagraphStyle(role: .preformatted, alignment: .start, continuesBlock: true) == ParagraphStyle(role: .preformatted, alignment: .start, continuesBlock: true))
    }

    @Test func aShortParagraphShapesIntoOneSmallBlock() throws {
        let text = StyledText(plain: String(repeating: "a\n", count: 10) + "\n\n\n")
        let shaped = try Typesetter(fonts: try Fixtures.bundledFonts()).shape(text, fontFamily: "Charis SIL")
        // One letter: the block's header and its arrays, 128 bytes (nine allocations and 486 bytes before).
        #expect(shaped.paragraphs[0].byteCount <= 128, "\(shaped.paragraphs[0].byteCount)")
        #expect(MemoryLayout<ShapedParagraph>.stride == 8)
        #expect(MemoryLayout<ShapedStorage.Header>.stride <= 40, "\(MemoryLayout<ShapedStorage.Header>.stride)")
    }

    @Test func aShortParagraphLaysOutSmall() {
        #expect(MemoryLayout<ParagraphLayout>.stride <= 48, "\(MemoryLayout<ParagraphLayout>.stride)")
        // 48 before microtypography (issue 24): a line's glyph scale, what expansion adds, its protrusion and the
        // count of its letter-spaced gaps take 16 bytes more.
        #expect(MemoryLayout<LineBox>.stride <= 64, "\(MemoryLayout<LineBox>.stride)")
        #expect(MemoryLayout<PlacedLine>.stride <= 24, "\(MemoryLayout<PlacedLine>.stride)")
    }

    /// Every field of a compact style reads back as written, copies share and then part on write.
    @Test func compactStylesKeepTheirValues() {
        var style = ParagraphStyle(role: .heading(level: 3), firstLineIndent: 1.5, spaceBefore: 2, blockIndent: 0.5, language: "fr")
        #expect(style.role == .heading(level: 3) && style.firstLineIndent == 1.5 && style.spaceBefore == 2)
        #expect(style.blockIndent == 0.5 && style.language == "fr" && style.isHeading)
        let copy = style
        style.spaceBefore = 0
        style.language = nil
        #expect(copy.spaceBefore == 2 && copy.language == "fr", "the copy keeps its values")
        #expect(style.spaceBefore == 0 && style.language == nil && style.firstLineIndent == 1.5)
        style.role = .body
        style.firstLineIndent = nil
        style.blockIndent = 0
        #expect(style == ParagraphStyle(), "back to the defaults")
        #expect(style.hashValue == ParagraphStyle().hashValue)
        #expect(ParagraphStyle(role: .heading(level: 2)) != ParagraphStyle(role: .heading(level: 1)))
    }
}
