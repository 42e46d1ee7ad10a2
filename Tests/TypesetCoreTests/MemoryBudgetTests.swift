import Testing
@testable import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// What one short paragraph costs in each stage (issue 22: a line of one letter cost about 900 bytes, so memory
/// grew with the line count, not the text). Sizes, not timings: the peak per line is the benchmark's
/// `memory.lines.short` row; these are the structures behind it.
@Suite struct MemoryBudgetTests {
    /// A file of blank lines reserves no room for paragraphs it does not have (issue 31: 100 MB of blank lines
    /// reserved a paragraph per line, 6.4 GB in one allocation, never used).
    @Test func blankLinesReserveNoParagraphs() throws {
        let document = try PlainTextReader().read(bytes: [UInt8]("a\n".utf8) + [UInt8](repeating: 0x0A, count: 100_000), name: "blank.txt")
        #expect(document.text.paragraphs.count == 1)
        #expect(document.text.paragraphs.capacity < 100, "room for \(document.text.paragraphs.capacity) paragraphs")
    }

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
        // Microtypography's values live beside the lines (LineMicrotypography), its gap count and the flags in
        // one word: a line is as small as before microtypography (issue 24).
        #expect(MemoryLayout<LineBox>.size <= 48, "\(MemoryLayout<LineBox>.size)")
        #expect(MemoryLayout<LineBox>.stride <= 48, "\(MemoryLayout<LineBox>.stride)")
        #expect(MemoryLayout<PlacedLine>.stride <= 24, "\(MemoryLayout<PlacedLine>.stride)")
    }

    /// A book set without microtypography keeps no table of it beside its lines; with expansion and protrusion
    /// on, the lines' values come back from the table.
    @Test func linesWithoutMicrotypographyKeepNoTableOfIt() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let text = try JustificationTests.sampleBook()
        let plain = try typesetter.layout(text, settings: MicrotypographyTests.settings(breaking: .optimal))
        let paragraphs = plain.shaped.paragraphRange
        #expect(paragraphs.count > 10)
        #expect(paragraphs.allSatisfy { !plain.paragraphLayout($0).lines.hasMicrotypographyTable })
        #expect(paragraphs.allSatisfy { p in
            let lines = plain.paragraphLayout(p).lines
            return lines.indices.allSatisfy { lines.microtypography(ofLine: $0) == .none }
        })
        let micro = try typesetter.layout(text, settings: MicrotypographyTests.settings(expansion: 2, protrusion: true))
        #expect(paragraphs.contains { micro.paragraphLayout($0).lines.hasMicrotypographyTable })
        let values = paragraphs.flatMap { p in
            let lines = micro.paragraphLayout(p).lines
            return lines.indices.map { lines.microtypography(ofLine: $0) }
        }
        #expect(values.contains { $0.glyphScale != 1 && $0.expansionWidth != 0 })
        #expect(values.contains { $0.protrusion > 0 })
    }

    /// A batch's block is handed over whole (see LineScratch.makeStorage): the lines of a batch stay as they were
    /// set while the scratch goes on to the next batches, whether it grew for them or not, and a batch may be empty.
    @Test func aBatchsLinesStayWhileTheScratchGoesOn() {
        let scratch = LineScratch(capacity: 2)
        func line(_ i: Int) -> LineBox {
            LineBox(start: Int32(i), end: Int32(i + 1), width: Float(i), x: 0, top: Float(i) * 12, height: 12, ascent: 9,
                    descent: 3, spaceStretch: 0, endsParagraphOrHardBreak: false)
        }
        var batches: [(list: LineList, starts: [Int32])] = []
        for (first, count) in [(0, 5), (100, 1), (200, 0), (300, 9), (400, 3)] {
            for i in first..<(first + count) { scratch.append(line(i)) }
            batches.append((LineList(scratch.makeStorage(), range: 0..<count), (first..<(first + count)).map { Int32($0) }))
            #expect(scratch.count == 0)
        }
        for batch in batches {
            #expect(batch.list.map(\.start) == batch.starts)
            #expect(batch.list.map(\.width) == batch.starts.map(Float.init))
            // The buffer the paginator reads them through (LineList.unsafeLines) holds the same lines.
            #expect(batch.list.unsafeLines.map(\.start) == batch.starts)
        }
        #expect(LineList.empty.unsafeLines.isEmpty)
    }

    /// A batch's lines keep their flags, counts and microtypography: lines before the first that has any read
    /// as none, and so do those after it that have none.
    @Test func aBatchKeepsEachLinesValues() {
        let scratch = LineScratch(capacity: 2)
        func line(_ i: Int, gaps: Int = 0, ends: Bool = false, hyphen: Bool = false) -> LineBox {
            LineBox(start: Int32(i), end: Int32(i + 1), width: 10, x: 0, top: Float(i) * 12, height: 12, ascent: 9, descent: 3,
                    spaceStretch: 0, clusterStretch: 1, stretchCount: 0, gapCount: gaps, endsParagraphOrHardBreak: ends,
                    hyphenated: hyphen)
        }
        scratch.append(line(0, gaps: 7, hyphen: true))
        scratch.append(line(1, ends: true))
        let plain = LineList(scratch.makeStorage(), range: 0..<2)
        #expect(!plain.hasMicrotypographyTable)
        #expect(plain[0].gapCount == 7 && plain[0].hyphenated && !plain[0].endsParagraphOrHardBreak)
        #expect(plain[1].gapCount == 0 && !plain[1].hyphenated && plain[1].endsParagraphOrHardBreak)
        scratch.removeAll()
        let expanded = LineMicrotypography(glyphScale: 1.005, expansionWidth: 1.5, protrusion: 2)
        scratch.append(line(0))
        scratch.append(line(1, gaps: (1 << 29) - 1, ends: true, hyphen: true), microtypography: expanded)
        scratch.append(line(2, gaps: Int.max))
        scratch.append(line(3), microtypography: LineMicrotypography(protrusion: 0.5))
        let storage = scratch.makeStorage()
        let first = LineList(storage, range: 0..<2), second = LineList(storage, range: 2..<4)
        #expect(first.hasMicrotypographyTable && second.hasMicrotypographyTable)
        #expect(first.microtypography(ofLine: 0) == .none && first.microtypography(ofLine: 1) == expanded)
        #expect(second.microtypography(ofLine: 0) == .none && second.microtypography(ofLine: 1).protrusion == 0.5)
        #expect(first[1].gapCount == (1 << 29) - 1 && first[1].hyphenated && first[1].endsParagraphOrHardBreak)
        // A count past what a line can hold is clamped, not let into the flags.
        #expect(second[0].gapCount == (1 << 29) - 1 && !second[0].hyphenated && !second[0].endsParagraphOrHardBreak)
        #expect(second[1].start == 3 && second[1].top == 36)
        // A list that does not start its block reads its own lines through its buffer.
        #expect(second.unsafeLines.map(\.start) == [2, 3] && first.unsafeLines.map(\.start) == [0, 1])
        // The line's set width counts what expansion added.
        #expect(first[1].justifiedWidth(expanded) == first[1].justifiedWidth(.none) + 1.5)
        // A batch whose first line has microtypography keeps it too.
        scratch.removeAll()
        scratch.append(line(0), microtypography: expanded)
        scratch.append(line(1), microtypography: .none)
        scratch.append(line(2))
        let opening = LineList(scratch.makeStorage(), range: 0..<3)
        #expect(opening.microtypography(ofLine: 0) == expanded)
        #expect(opening.microtypography(ofLine: 1) == .none && opening.microtypography(ofLine: 2) == .none)
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
