import Testing
@testable import TypesetCore
import TypesetTestSupport

/// A typesetter keeps each paragraph's width-independent work between layouts (``LayoutBasisCache``): a relayout
/// must give exactly the lines of a fresh layout, after any change of settings, and every setting that feeds the
/// kept work must make the typesetter work it out again.
@Suite struct LayoutBasisCacheTests {
    static let words = ["the", "reader", "typography", "hyphenation", "a", "of", "extraordinarily", "page", "column",
                        "justification", "and", "in", "characteristically", "line", "Silbentrennung", "width", "to"]

    /// A generated family of paragraphs: body text with runs of other sizes and raised text, headings, block
    /// quotes and list items with indents, the book's alignments, line heights, hyphenation and languages.
    static func text(seed: UInt64) throws -> StyledText {
        var random = SplitMix64(seed: seed)
        var paragraphs: [Paragraph] = []
        var start = 0
        for index in 0..<14 {
            let count = 4 + Int(random.next() % 60)
            let string = (0..<count).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined(separator: " ")
            let units = Array((string + "\n").utf16)
            var runs: [AttributeRun] = []
            if random.next() % 3 == 0, units.count > 12 {
                let cut = 4 + Int(random.next() % UInt64(units.count - 8))
                let scale = [0.8, 1.25, 1.5][Int(random.next() % 3)]
                runs = [AttributeRun(range: 0..<cut, style: TextStyle()),
                        AttributeRun(range: cut..<(units.count - 1),
                                     style: TextStyle(fontScale: scale, baselineShift: random.next() % 2 == 0 ? 0.3 : 0))]
            }
            let roles: [ParagraphRole] = [.body, .body, .heading(level: 2), .blockQuote, .listItem]
            let alignments: [TextAlignment?] = [nil, .center, .justified, .end]
            let style = ParagraphStyle(role: roles[index % roles.count], firstLineIndent: random.next() % 2 == 0 ? nil : 1.5,
                                       spaceBefore: Double(random.next() % 3) * 0.5, blockIndent: Double(random.next() % 3),
                                       language: [nil, "en", "de"][Int(random.next() % 3)],
                                       bookAlignment: alignments[Int(random.next() % 4)], endIndent: Double(random.next() % 2),
                                       publisherSpacing: random.next() % 2 == 0,
                                       lineHeight: random.next() % 3 == 0 ? 1.8 : nil,
                                       hyphenation: [nil, true, false][Int(random.next() % 3)])
            paragraphs.append(Paragraph(start: start, units: units, contentRange: 0..<(units.count - 1), runs: runs, style: style))
            start += units.count
        }
        return try StyledText(paragraphs: paragraphs)
    }

    /// Every line of every page, to the last bit: its range, box, baseline and hyphen.
    static func lines(_ layout: BookLayout) -> [String] {
        layout.pages.indices.flatMap { page in
            ["page \(page) \(layout.pages[page].range)"] + layout.lines(onPage: page).map {
                "\($0.range) \($0.rect.minX) \($0.rect.minY) \($0.rect.width) \($0.rect.height) \($0.baseline) \($0.isHyphenated)"
            }
        }
    }

    /// One random change of the settings that relayout sees: width (page, margins, columns), font size, line
    /// height, hyphenation, justification and alignment, indent, spacing, type scale, language, expansion.
    static func change(_ settings: inout TypographySettings, _ random: inout SplitMix64) {
        switch random.next() % 11 {
        case 0: settings.pageSize.width = 200 + Double(random.next() % 400)
        case 1: settings.margins = EdgeInsets(all: Double(random.next() % 60))
        case 2: settings.columns = settings.columns == 1 ? 2 : 1
        case 3: settings.fontSize = 12 + Double(random.next() % 14)
        case 4: settings.lineHeightMultiple = 1 + Double(random.next() % 10) / 10
        case 5: settings.hyphenation.toggle()
        case 6: settings.alignment = [.start, .justified, .center, .end][Int(random.next() % 4)]
        case 7: settings.firstLineIndent = Double(random.next() % 3)
        case 8: settings.paragraphSpacing = Double(random.next() % 3) / 2
        case 9: settings.typeScale = [1.2, 1.1, 1.33][Int(random.next() % 3)]
        default: settings.language = [nil, "en", "de"][Int(random.next() % 3)]
        }
    }

    /// Relayout after each of a series of random changes gives the lines of a fresh typesetter's layout.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func relayoutMatchesAFreshLayout(seed: UInt64) throws {
        let fonts = try Fixtures.bundledFonts()
        let text = try Self.text(seed: seed)
        let typesetter = Typesetter(fonts: fonts, threads: 2)
        let shaped = try typesetter.shape(text, fontFamily: "Charis SIL")
        var settings = Fixtures.settings
        settings.pageSize = Size(width: 320, height: 500)
        var random = SplitMix64(seed: seed &* 7919)
        _ = try typesetter.layout(shaped, settings: settings)
        for step in 0..<24 {
            Self.change(&settings, &random)
            let relayout = try typesetter.layout(shaped, settings: settings)
            let fresh = try Typesetter(fonts: fonts, threads: 1).layout(shaped, settings: settings)
            #expect(Self.lines(relayout) == Self.lines(fresh), "seed \(seed), step \(step): \(settings)")
        }
        #expect(typesetter.layoutBases.count > 0)
    }

    /// Whether `typesetter` keeps bases for `shaped` under `settings`.
    static func kept(_ typesetter: Typesetter, _ shaped: ShapedText, _ settings: TypographySettings) -> Bool {
        let layouter = ParagraphLayouter(settings: settings, faces: shaped.faces, columnWidth: Float(settings.columnWidth),
                                         documentLanguage: shaped.language ?? settings.language)
        return typesetter.layoutBases.entry(for: shaped, settings: LayoutBasisCache.key(settings),
                                            documentLanguage: layouter.documentLanguage) != nil
    }

    /// The page geometry only moves the column: a new page size, margins or columns find the bases kept.
    @Test func pageGeometryKeepsTheBases() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let shaped = try typesetter.shape(try Self.text(seed: 9), fontFamily: "Charis SIL")
        var settings = Fixtures.settings
        _ = try typesetter.layout(shaped, settings: settings)
        settings.pageSize = Size(width: 600, height: 300)
        settings.margins = EdgeInsets(all: 5)
        settings.columns = 2
        settings.columnGap = 40
        #expect(Self.kept(typesetter, shaped, settings))
        _ = try typesetter.layout(shaped, settings: settings)
        #expect(typesetter.layoutBases.count == 1)
    }

    /// Each setting that feeds a paragraph's basis (sizes, alignment, indent, spacing, the book's line height
    /// against the reader's, hyphenation, type scale, language) makes a new one, and the layout is a fresh one's.
    @Test(arguments: Array(0..<9))
    func eachSettingThatFeedsTheBasisRenewsIt(setting: Int) throws {
        let fonts = try Fixtures.bundledFonts()
        let typesetter = Typesetter(fonts: fonts)
        let shaped = try typesetter.shape(try Self.text(seed: 11), fontFamily: "Charis SIL")
        var settings = Fixtures.settings
        settings.pageSize = Size(width: 300, height: 600)
        _ = try typesetter.layout(shaped, settings: settings)
        switch setting {
        case 0: settings.fontSize = 23
        case 1: settings.alignment = .justified
        case 2: settings.firstLineIndent = 2
        case 3: settings.paragraphSpacing = 1.5
        case 4: settings.lineHeightMultiple = 1.45   // the same value, but now the reader's: the book's gives way
        case 5: settings.hyphenation = true
        case 6: settings.typeScale = 1.5
        case 7: settings.language = "de"
        default: settings.userSet.insert("align")    // the reader's alignment (the same) now overrides the book's
        }
        #expect(!Self.kept(typesetter, shaped, settings), "setting \(setting)")
        let relayout = try typesetter.layout(shaped, settings: settings)
        #expect(Self.kept(typesetter, shaped, settings))
        let fresh = try Typesetter(fonts: fonts).layout(shaped, settings: settings)
        #expect(Self.lines(relayout) == Self.lines(fresh), "setting \(setting)")
    }

    /// A basis keeps the metrics of a paragraph in one size without a reference to its shaped paragraph, so they are
    /// read only for the shaped paragraph they point into: the same text shaped again under the same settings finds
    /// the kept entry, and its paragraphs, in storage of their own, are measured again (and set as a fresh layout
    /// sets them).
    @Test func keptMetricsAreReadOnlyForTheShapedParagraphTheyPointInto() throws {
        let fonts = try Fixtures.bundledFonts()
        let typesetter = Typesetter(fonts: fonts)
        let text = try Self.text(seed: 21)
        let settings = Fixtures.settings
        let first = try typesetter.shape(text, fontFamily: "Charis SIL")
        _ = try typesetter.layout(first, settings: settings)
        let again = try typesetter.shape(text, fontFamily: "Charis SIL")
        #expect(Self.kept(typesetter, again, settings), "the same text and shaping settings find the kept entry")
        let layouter = ParagraphLayouter(settings: settings, faces: again.faces, columnWidth: Float(settings.columnWidth),
                                         documentLanguage: again.language ?? settings.language)
        let bases = typesetter.layoutBases.entry(for: again, settings: LayoutBasisCache.key(settings),
                                                 documentLanguage: layouter.documentLanguage)?.bases ?? []
        #expect(bases.count == text.paragraphs.count)
        var kept = 0
        for (index, basis) in bases.enumerated() where basis.hasMetrics {
            kept += 1
            withUnsafePointer(to: basis.metrics) { metrics in
                #expect(ParagraphMetrics.readOwnPrefixSums(metrics, of: first.paragraphs[index]), "paragraph \(index)")
                #expect(!ParagraphMetrics.readOwnPrefixSums(metrics, of: again.paragraphs[index]), "paragraph \(index)")
            }
        }
        #expect(kept > text.paragraphs.count / 2, "most of the family's paragraphs are in one size")
        for width in [180.0, 260.0, 333.0] {
            var narrower = settings
            narrower.pageSize.width = width
            let relayout = try typesetter.layout(again, settings: narrower)
            #expect(Self.lines(relayout) == Self.lines(try Typesetter(fonts: fonts).layout(again, settings: narrower)), "width \(width)")
        }
    }

    /// Another shaping of the text, another text or another range of it makes new
    /// bases; a typesetter keeps the last four.
    @Test func anotherTextOrShapingRenewsTheBases() throws {
        let fonts = try Fixtures.bundledFonts()
        let typesetter = Typesetter(fonts: fonts)
        let text = try Self.text(seed: 12)
        let shaped = try typesetter.shape(text, fontFamily: "Charis SIL")
        let settings = Fixtures.settings
        _ = try typesetter.layout(shaped, settings: settings)
        #expect(Self.kept(typesetter, shaped, settings))
        let otherFamily = try typesetter.shape(text, fontFamily: "Noto Sans")
        #expect(!Self.kept(typesetter, otherFamily, settings))
        // Another text, whose storage is not the kept one's (equal or not: it is not compared unit by unit).
        let otherText = try typesetter.shape(try Self.text(seed: 13), fontFamily: "Charis SIL")
        #expect(!Self.kept(typesetter, otherText, settings))
        let section = try typesetter.shape(text, settings: ShapingSettings(fontFamily: "Charis SIL"), paragraphRange: 2..<5)
        #expect(!Self.kept(typesetter, section, settings))
        for other in [otherFamily, otherText, section] {
            let relayout = try typesetter.layout(other, settings: settings)
            #expect(Self.lines(relayout) == Self.lines(try Typesetter(fonts: fonts).layout(other, settings: settings)))
        }
        #expect(typesetter.layoutBases.count == 4)
        _ = try typesetter.layout(try typesetter.shape(text, fontFamily: "Georgia"), settings: settings)
        #expect(typesetter.layoutBases.count == LayoutBasisCache.capacity)
        #expect(!Self.kept(typesetter, shaped, settings), "the least recently used entry is forgotten")
    }
}
