import Testing
@testable import TypesetCore
import TypesetTestSupport

/// A layout whose paragraphs' bases hold break records (``BreakRecord``: a typesetter's first layout makes them, and
/// every relayout reads them) sets the lines that the same layouter sets without a basis, from the candidates, prefix
/// sums, cluster starts and units: the same breaks, and the same widths and positions.
@Suite struct BreakRecordTests {
    /// Each line's range, width, position and height, per paragraph.
    static func lines(_ layout: ParagraphLayout) -> [String] {
        (0..<layout.lines.count).map {
            let line = layout.lines[$0]
            return "\(line.start)..<\(line.end) \(line.width) \(line.x) \(line.top) \(line.height) \(line.hyphenated)"
        }
    }

    /// A first layout (a book opened) keeps bases without records; its first relayout gives them records, kept.
    @Test func recordsAreMadeWhenKeptBasesAreLaidOutAgain() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts(), threads: 1)
        let shaped = try typesetter.shape(try LayoutBasisCacheTests.text(seed: 3), fontFamily: "Charis SIL")
        var settings = Fixtures.settings
        func kept() throws -> LayoutBasisCache.Entry? {
            let validated = try settings.validated()
            return typesetter.layoutBases.entry(for: shaped, settings: LayoutBasisCache.key(validated),
                                                documentLanguage: shaped.language ?? validated.language)
        }
        _ = try typesetter.layout(shaped, settings: settings)
        let first = try #require(try kept())
        #expect(!first.hasRecords && first.bases.allSatisfy { $0.records.isEmpty })
        settings.pageSize.width += 50
        _ = try typesetter.layout(shaped, settings: settings)
        let again = try #require(try kept())
        #expect(again.hasRecords && again.bases.contains { !$0.records.isEmpty })
        #expect(typesetter.layoutBases.count == 1)
    }

    @Test(arguments: [(180.0, TextAlignment.start), (333.0, .start), (420.0, .center), (260.0, .justified), (600.0, .end)])
    func recordsSetTheLinesSetWithoutThem(width: Double, alignment: TextAlignment) throws {
        let fonts = try Fixtures.bundledFonts()
        let typesetter = Typesetter(fonts: fonts, threads: 1)
        var source = ""
        for seed: UInt64 in [1, 2, 3, 4, 5] {
            let text = try LayoutBasisCacheTests.text(seed: seed)
            for paragraph in text.paragraphs { source += String(decoding: paragraph.units[paragraph.contentRange], as: UTF16.self) + "\n" }
        }
        // Runs of white space, a tab and an ideographic space, and more than a record measures back.
        source += "Wide  gaps   between    words\tand\t\ttabs \u{3000}here" + String(repeating: " ", count: 70) + "then more\n"
        let text = StyledText(plain: source, language: "en")
        let shaped = try typesetter.shape(text, fontFamily: "Charis SIL")
        var settings = Fixtures.settings
        settings.pageSize = Size(width: width, height: 500)
        settings.alignment = alignment
        settings.lineBreaking = .greedy
        _ = try typesetter.layout(shaped, settings: settings)
        settings.pageSize.width = width + 37
        // A relayout: the kept bases' records are read.
        let relayout = try typesetter.layout(shaped, settings: settings)
        let validated = try settings.validated()
        let layouter = ParagraphLayouter(settings: validated, faces: shaped.faces, columnWidth: Float(validated.columnWidth),
                                         documentLanguage: shaped.language ?? validated.language,
                                         bookHangsPunctuation: text.hangingPunctuation)
        let unbased = ParagraphRelayout(text: text, shaped: shaped, layouter: layouter, pool: ScratchPool { LayoutScratch() })
        var recorded = 0
        let bases = typesetter.layoutBases.entry(for: shaped, settings: LayoutBasisCache.key(validated),
                                                 documentLanguage: layouter.documentLanguage)?.bases ?? []
        for index in text.paragraphs.indices {
            #expect(Self.lines(relayout.paragraphs[index]) == Self.lines(unbased.layout(index)), "paragraph \(index)")
            if bases.indices.contains(index), !bases[index].records.isEmpty { recorded += 1 }
        }
        // Nearly every paragraph has records.
        #expect(recorded * 10 > text.paragraphs.count * 9, "\(recorded) of \(text.paragraphs.count)")
    }
}
