import Foundation
import Testing
@testable import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// Optimal line breaking, justification, and page breaking without widows and orphans, on the sample book
/// (Pride and Prejudice, chapters I–III) with the bundled fonts.
@Suite struct JustificationTests {
    static func sampleBook() throws -> StyledText {
        let path = Fixtures.repositoryRoot + "/Tests/Fixtures/sample-book.txt"
        let data = try #require(FileManager.default.contents(atPath: path))
        return try PlainTextReader().read(bytes: [UInt8](data), name: "sample-book.txt").text
    }

    static func justified(_ breaking: LineBreaking, hyphenation: Bool = true) -> TypographySettings {
        var settings = Fixtures.settings
        settings.alignment = .justified
        settings.lineBreaking = breaking
        settings.hyphenation = hyphenation
        settings.language = "en"
        settings.orphansAndWidows = 2
        return settings
    }

    /// On every paragraph of the sample book at three widths, the optimal breaker's total demerits are never
    /// above those of greedy breaking of the same candidates (hyphenation points included), by the optimal
    /// breaker's own model; and on most paragraphs of three lines or more they are strictly lower.
    @Test func optimalNeverWorseThanGreedyOnDemerits() throws {
        let fonts = try Fixtures.bundledFonts()
        let typesetter = Typesetter(fonts: fonts)
        let text = try Self.sampleBook()
        let shaped = try typesetter.shape(text, fontFamily: "Charis SIL", language: "en")
        let hyphenator = Hyphenator()
        var compared = 0, better = 0
        for columnWidth: Float in [240, 342, 500] {
            for (index, paragraph) in text.paragraphs.enumerated() {
                let shapedParagraph = shaped.paragraphs[index]
                guard shapedParagraph.contentLength > 0 else { continue }
                let format = ParagraphFormat(paragraph, settings: Self.justified(.optimal), columnWidth: columnWidth)
                var metrics = ParagraphMetrics()
                metrics.measure(shapedParagraph, sizes: format.sizes, scratch: ParagraphMetrics.MeasuredPrefix())
                let content = paragraph.units[paragraph.contentRange]
                var points: [UInt32] = []
                hyphenator.hyphenationPoints(content, language: "en", into: &points)
                var candidates: [UInt32] = []
                BreakCandidate.merge(shapedParagraph.breaks, hyphenationPoints: points, into: &candidates)
                let optimal = OptimalLineBreaker()
                let (greedy, chosen, greedyDemerits, optimalDemerits) = LineBreakInput.with(
                    shapedParagraph, breaks: candidates, metrics: metrics, units: content, sizes: format.sizes,
                    faces: shaped.faces, firstLineWidth: columnWidth, width: columnWidth
                ) { input -> ([LineBreak], [LineBreak]?, Double, Double) in
                    let greedy = GreedyLineBreaker().breakLines(input)
                    let chosen = optimal.breakLines(input, scratch: OptimalLineBreaker.Scratch())
                    return (greedy, chosen, optimal.totalDemerits(of: greedy, input: input),
                            chosen.map { optimal.totalDemerits(of: $0, input: input) } ?? .infinity)
                }
                guard greedy.count >= 3, let chosen else { continue }
                #expect(optimalDemerits <= greedyDemerits * (1 + 1e-9),
                        "paragraph \(index) at \(columnWidth) pt: optimal \(optimalDemerits) > greedy \(greedyDemerits)")
                #expect(chosen.last?.end == shapedParagraph.contentLength)
                compared += 1
                if optimalDemerits < greedyDemerits * (1 - 1e-9) { better += 1 }
            }
        }
        #expect(compared > 50)
        #expect(better * 2 > compared, "strictly better on \(better) of \(compared)")
    }

    /// Justified lines fill the column exactly (shrunk or stretched), never wider; other lines stay inside it;
    /// lines and pages partition the text; runs of hyphenated lines are at most two long.
    @Test func linesStayInTheColumnAndPartitionTheText() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let text = try Self.sampleBook()
        for breaking in [LineBreaking.greedy, .optimal] {
            for width in [300.0, 390, 600] {
                var settings = Self.justified(breaking)
                settings.pageSize.width = width
                let layout = try typesetter.layout(text, settings: settings)
                #expect(LayoutInvariants.violations(in: layout).isEmpty, "\(breaking) at \(width) pt")
                let column = settings.contentRect
                var justifiedCount = 0
                for page in layout.pages.indices {
                    for line in layout.lines(onPage: page) {
                        #expect(line.rect.minX >= column.minX - 0.01 && line.rect.maxX <= column.maxX + 0.01,
                                "\(breaking) at \(width): line \(line.range) at \(line.rect)")
                        if let ratio = layout.adjustment(of: line).ratio, ratio.isFinite, line.rect.width > column.width - 0.01 {
                            justifiedCount += 1
                            if breaking == .optimal { #expect(ratio >= -1 - 1e-3) }
                        }
                    }
                }
                #expect(justifiedCount > 100)
                #expect(TypographyReport(layout: layout).longestHyphenRun <= 2)
                // The text itself is untouched: the same units as the reader produced.
                #expect(layout.text.paragraphs.map(\.units) == text.paragraphs.map(\.units))
            }
        }
    }

    /// Optimal breaking of text that is not justified never shrinks spaces, so its lines fit at natural width
    /// (verse indented with spaces, as Project Gutenberg sets it, at many widths).
    @Test func optimalBreakingWithoutJustificationFitsAtNaturalWidth() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let text = StyledText(plain: "          _d'écus romains dans l'angle le plus él_ de la seconde ouverture, lequel déclare lui appartenir")
        for alignment in [TextAlignment.start, .center] {
            for width in stride(from: 200.0, through: 420, by: 11) {
                var settings = Self.justified(.optimal)
                settings.alignment = alignment
                settings.language = "fr"
                settings.pageSize.width = width
                let layout = try typesetter.layout(text, settings: settings)
                #expect(LayoutInvariants.violations(in: layout).isEmpty, "\(alignment) at \(width) pt")
            }
        }
    }

    /// The optimal breaker sets the sample book with fewer loose lines than greedy breaking.
    @Test func optimalHasFewerLooseLines() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let text = try Self.sampleBook()
        let greedy = TypographyReport(layout: try typesetter.layout(text, settings: Self.justified(.greedy, hyphenation: false)))
        let optimal = TypographyReport(layout: try typesetter.layout(text, settings: Self.justified(.optimal)))
        #expect(optimal.looseLines < greedy.looseLines, "optimal \(optimal.looseLines), greedy \(greedy.looseLines)")
        #expect(optimal.hyphenatedLines > 0)
    }

    /// The optimal breaker lets a line's spaces shrink by up to a third of their width (Knuth and Plass's limit)
    /// to take its last word, rather than leave the line short and stretched: a column narrower than the first
    /// five words by 30 % of their spaces still holds them (it did not when spaces could shrink by a fifth), and
    /// by 40 % it does not.
    @Test func spacesShrinkByUpToAThirdToTakeTheLastWord() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let text = StyledText(plain: "rather pleased with herself about others")
        let fiveWords = "rather pleased with herself about ".utf16.count
        func firstLine(column: Double) throws -> (range: Range<Int>, adjustment: LineAdjustment) {
            var settings = Self.justified(.optimal, hyphenation: false)
            settings.pageSize.width = column + settings.margins.left + settings.margins.right
            let layout = try typesetter.layout(text, settings: settings)
            #expect(LayoutInvariants.violations(in: layout).isEmpty)
            let line = try #require(layout.lines(onPage: 0).first)
            return (line.range, layout.adjustment(of: line))
        }
        // A column a little wider than the five words: their natural width and their spaces' width.
        let loose = try firstLine(column: 300)
        #expect(loose.range.upperBound == fiveWords)
        let natural = loose.adjustment.naturalWidth, spaces = loose.adjustment.spaceWidth
        for (shrink, fits) in [(0.3, true), (0.4, false)] {
            let line = try firstLine(column: natural - shrink * spaces)
            #expect((line.range.upperBound == fiveWords) == fits, "shrink \(shrink): first line \(line.range)")
            if fits {
                let ratio = try #require(line.adjustment.ratio)
                #expect(ratio < -0.85 && ratio >= -1, "ratio \(ratio)")
            }
        }
    }

    /// No page break leaves a paragraph's first line alone at a page's bottom or its last line alone at the top,
    /// at many page heights; with the control off (1) some do, so the check can fail.
    @Test func noWidowsOrOrphans() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let text = try Self.sampleBook()
        let shaped = try typesetter.shape(text, fontFamily: "Charis SIL", language: "en")
        var uncontrolled = 0
        for height in stride(from: 300.0, through: 900, by: 37) {
            var settings = Self.justified(.optimal)
            settings.pageSize.height = height
            let layout = try typesetter.layout(shaped, settings: settings)
            let report = TypographyReport(layout: layout)
            #expect(report.widows == 0 && report.orphans == 0, "height \(height): \(report.widows) widows, \(report.orphans) orphans")
            #expect(LayoutInvariants.violations(in: layout).isEmpty)
            settings.orphansAndWidows = 1
            let loose = TypographyReport(layout: try typesetter.layout(shaped, settings: settings))
            uncontrolled += loose.widows + loose.orphans
        }
        #expect(uncontrolled > 0)
    }

    /// A justified line of Chinese (no spaces) fills the column by spacing its characters evenly.
    @Test func chineseLinesAreJustifiedBetweenCharacters() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        var settings = Fixtures.settings
        settings.alignment = .justified
        settings.pageSize = Size(width: 250, height: 600)
        let text = StyledText(plain: String(repeating: "滿紙荒唐言，一把辛酸淚！都云作者痴，誰解其中味？", count: 3))
        let layout = try typesetter.layout(text, settings: settings)
        let lines = layout.lines(onPage: 0)
        #expect(lines.count > 2)
        for line in lines.dropLast() {
            #expect(abs(line.rect.width - settings.columnWidth) < 0.01, "\(line.rect)")
        }
        let runs = layout.glyphRuns(onPage: 0).filter { abs($0.positions[0].y - lines[0].baseline) < 0.01 }
        let xs = runs.flatMap(\.positions).map(\.x).sorted()
        let gaps = zip(xs.dropFirst(), xs).map { $0 - $1 }
        #expect((gaps.max() ?? 0) - (gaps.min() ?? 0) < 0.5, "\(gaps)")
    }

    /// A Latin word or a number inside a justified line of Japanese or Chinese (no spaces) keeps its letters'
    /// spacing: the slack goes only to the gaps beside wide characters (JLReq 3.8; browsers alike), never
    /// between `H`, `T`, `M`, `L` and `5`. A generated family: words of 2 to 24 letters at three places in the
    /// paragraph, in Japanese and Chinese, against the same text set ragged (the reference for each glyph's advance).
    @Test func latinWordsInCJKLinesKeepTheirSpacing() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let bodies = ["同時に指定のテストもおこないます。縦書き時の文字表示のテストである。", "滿紙荒唐言，一把辛酸淚！都云作者痴，誰解其中味？"]
        let words = ["JS", "HTML5", "upright", "text-orientation", "ABCDEFGHIJKLMNOPQRSTUVWX"]
        var letterGaps = 0, stretchedLines = 0
        for body in bodies {
            for word in words {
                for cut in [2, 9, 17] {
                    let index = body.index(body.startIndex, offsetBy: cut)
                    let text = StyledText(plain: String(repeating: body[..<index] + word + body[index...], count: 2))
                    var settings = Fixtures.settings
                    settings.pageSize = Size(width: 260, height: 900)
                    let ragged = try typesetter.layout(text, settings: settings)
                    settings.alignment = .justified
                    let justified = try typesetter.layout(text, settings: settings)
                    #expect(ragged.lines(onPage: 0).map(\.range) == justified.lines(onPage: 0).map(\.range))
                    let natural = Self.advancesByCluster(ragged)
                    let units = text.paragraphs[0].units
                    func isLetter(_ cluster: Int) -> Bool { cluster < units.count && units[cluster] < 0x80 && units[cluster] > 0x20 }
                    for line in justified.lines(onPage: 0).dropLast() {
                        // A line of nothing but Latin letters (a piece of the long word) is set at the start.
                        let full = abs(line.rect.width - settings.columnWidth) < 0.01
                        #expect(full == units[line.range].contains { $0 >= 0x80 },
                                "\(word) at \(cut): \(line.rect) \(String(decoding: units[line.range], as: UTF16.self))")
                        let glyphs = Self.glyphs(of: line, in: justified)
                        if glyphs.contains(where: { abs($0.advance - (natural[$0.cluster] ?? 0)) > 0.01 }) { stretchedLines += 1 }
                        for (glyph, next) in zip(glyphs, glyphs.dropFirst()) where isLetter(glyph.cluster) && isLetter(next.cluster) {
                            #expect(abs(glyph.advance - (natural[glyph.cluster] ?? -1)) < 0.01, "\(word) at \(cut): letter at \(glyph.cluster) stretched")
                            letterGaps += 1
                        }
                    }
                }
            }
        }
        #expect(letterGaps > 100 && stretchedLines > 20, "\(letterGaps) letter gaps, \(stretchedLines) stretched lines")
    }

    /// Each glyph's advance on page 0 of `layout`, by its cluster (a cluster's last glyph's).
    static func advancesByCluster(_ layout: BookLayout) -> [Int: Float] {
        var advances: [Int: Float] = [:]
        for run in layout.glyphRuns(onPage: 0) { for i in run.clusters.indices { advances[run.clusters[i]] = Float(run.advances[i]) } }
        return advances
    }

    /// The glyphs of `line`, left to right: their clusters and advances as drawn.
    static func glyphs(of line: Line, in layout: BookLayout) -> [(cluster: Int, advance: Float)] {
        layout.glyphRuns(onPage: 0).filter { abs($0.positions[0].y - line.baseline) < 0.01 }
            .flatMap { run in run.positions.indices.map { (x: run.positions[$0].x, cluster: run.clusters[$0], advance: Float(run.advances[$0])) } }
            .sorted { $0.x < $1.x }.map { (cluster: $0.cluster, advance: $0.advance) }
    }

    /// Japanese phrases in a paragraph mostly of English (a test suite's instructions, a technical book): broken
    /// optimally, with the gaps beside the Japanese characters stretching as they are justified
    /// (``OptimalLineBreaker/wideGapStretch``). Every line but the last that has a space or a Japanese character fills
    /// the column, a line without spaces is never left loose (its slack spread between its characters, over half
    /// an em a gap, where one more character would have fitted), and a line with both spaces and gaps beside
    /// Japanese characters shares its slack between them. A generated family: 3 Japanese phrases × 3 English ones,
    /// Japanese first or in the middle, at 4 column widths, broken automatically (optimal) and greedily.
    @Test func japaneseInEnglishParagraphsIsJustifiedBetweenItsCharacters() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let japanese = ["→次の「表示」の内容が「期待される表示」と同様に、段落先頭行が突き出しインデントで表示されていれば合格。",
                        "テスト内容：縦書き", "縦書き時の文字表示のテストである。同時に指定のテストもおこないます。"]
        let english = ["If in Rendered text the line heads at the beginning of the paragraphs are displayed with an upward indent, then the test passes.",
                       "Tests whether text-orientation: sideways against full-width math symbols is supported in Japanese vertical writing.",
                       "The reading system must render the heading and the paragraph below it with the expected spacing."]
        var spacelessLines = 0, gapLines = 0, mixedLines = 0
        for (j, e) in japanese.flatMap({ j in english.map { (j, $0) } }) {
            for text in [j + " " + e + " " + e, e + " " + j + " " + e] {
                for width: Float in [200, 260, 342, 420] {
                    for breaking in [LineBreaking.automatic, .greedy] {
                        var settings = Fixtures.settings
                        settings.alignment = .justified
                        settings.lineBreaking = breaking
                        settings.pageSize = Size(width: Double(width) + 48, height: 1200)
                        let layout = try typesetter.layout(StyledText(plain: text), settings: settings)
                        var ragged = settings
                        ragged.alignment = .start
                        let natural = Self.advancesByCluster(try typesetter.layout(StyledText(plain: text), settings: ragged))
                        let em = Double(settings.fontSize)
                        let units = Array(text.utf16)
                        for line in layout.lines(onPage: 0).dropLast() {
                            let adjustment = layout.adjustment(of: line)
                            let slack = adjustment.availableWidth - adjustment.naturalWidth
                            let label = "\(breaking) at \(width): line \(line.range) of \(text.prefix(12))"
                            // A lone word (text-orientation:) has nothing to stretch and is set at the start.
                            let wide = units[line.range].contains { $0 >= 0x2E80 }
                            guard adjustment.spaceWidth > 0 || wide else { continue }
                            #expect(abs(line.rect.width - settings.columnWidth) < 0.01, "\(label) is \(line.rect.width) wide")
                            let pairs = zip(units[line.range], units[line.range].dropFirst())
                            let wideGap = pairs.contains { ($0 >= 0x2E80 || $1 >= 0x2E80) && $0 != 0x20 && $1 != 0x20 }
                            if adjustment.spaceWidth > 0 && wideGap && slack > 1 {
                                // Spaces and gaps share the slack: some wide character is wider than set ragged.
                                mixedLines += 1
                                let widened = Self.glyphs(of: line, in: layout).contains {
                                    units[$0.cluster] >= 0x2E80 && $0.advance > (natural[$0.cluster] ?? 0) + 0.01
                                }
                                #expect(widened, "\(label): its spaces took all \(slack) pt of slack")
                            }
                            guard adjustment.spaceWidth == 0 else { continue }
                            spacelessLines += 1
                            let gaps = max(1, line.range.count - 1)
                            if slack > 0.01 { gapLines += 1 }
                            #expect(slack / Double(gaps) < em / 2, "\(label): \(slack) pt of slack over \(gaps) gaps")
                        }
                    }
                }
            }
        }
        #expect(spacelessLines > 20 && gapLines > 10 && mixedLines > 20,
                "\(spacelessLines) lines without spaces, \(gapLines) stretched, \(mixedLines) with spaces and wide characters")
    }

    /// A Chinese or Japanese paragraph with a space or two in it (after a quotation mark, around a Latin word) is
    /// still broken as CJK text, every line but the last full: the optimal breaker, whose model stretches spaces,
    /// once broke such a paragraph after three characters so that a later line could end at its one space.
    @Test func cjkParagraphsWithAFewSpacesKeepFullLines() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let paragraphs = [
            "\u{3000}\u{3000}一語未了，只听后院中有人笑聲，說：“我來遲了，不曾迎接遠客！\" \u{3000}黛玉納罕道：“這些人個個皆斂聲屏气，恭肅嚴整如此，這來者系誰，這樣放誕無禮？",
            "吾輩は猫である。名前は Tama ではない。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。",
        ]
        for text in paragraphs {
            for breaking in [LineBreaking.automatic, .optimal] {
                var settings = Fixtures.settings
                settings.alignment = .justified
                settings.lineBreaking = breaking
                settings.pageSize = Size(width: 250, height: 800)
                let layout = try typesetter.layout(StyledText(plain: text), settings: settings)
                let lines = layout.lines(onPage: 0)
                #expect(lines.count > 2)
                // A full line holds about column / size characters; kinsoku may push one or two down.
                let fullLine = Int(settings.columnWidth / settings.fontSize)
                for line in lines.dropLast() {
                    #expect(line.range.count >= fullLine - 3, "\(breaking): line \(line.range) of \(fullLine)-character lines")
                }
                #expect(LayoutInvariants.violations(in: layout).isEmpty)
            }
        }
    }

    /// On justified lines the glyph runs say what is drawn: each glyph's advance (justification included) takes
    /// the pen to the next glyph, the visible glyphs end at the line's right edge, and the space hanging past that
    /// edge keeps its natural advance (it was given the stretch of the spaces inside the line).
    @Test func glyphAdvancesOfJustifiedLinesLeaveTheHangingSpaceAlone() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let settings = Self.justified(.greedy, hyphenation: false)
        let text = StyledText(plain: String(repeating: "Justified lines stretch their inner spaces to fill the column. ", count: 12))
        let layout = try typesetter.layout(text, settings: settings)
        let lines = layout.lines(onPage: 0)
        #expect(lines.count > 3)
        var checked = 0
        for line in lines.dropLast() {
            let glyphs = layout.glyphRuns(onPage: 0)
                .filter { abs($0.positions[0].y - line.baseline) < 0.01 }
                .flatMap { run in run.positions.indices.map { (x: run.positions[$0].x, advance: run.advances[$0], cluster: run.clusters[$0]) } }
                .sorted { $0.x < $1.x }
            for (glyph, next) in zip(glyphs, glyphs.dropFirst()) {
                #expect(abs(glyph.x + glyph.advance - next.x) < 0.01, "glyph at \(glyph.cluster) on \(line.range)")
            }
            // The line ends with a space that hangs: it starts at the line's right edge with its natural advance.
            guard let hanging = glyphs.last, hanging.cluster == line.range.upperBound - 1 else { continue }
            #expect(abs(hanging.x - line.rect.maxX) < 0.01, "\(hanging) on \(line.rect)")
            let spaces = glyphs.dropLast().filter { text.paragraphs[0].units[$0.cluster - text.paragraphs[0].range.lowerBound] == 0x20 }
            #expect(spaces.allSatisfy { $0.advance > hanging.advance + 0.01 }, "stretched spaces wider than the hanging one")
            checked += 1
        }
        #expect(checked > 2)
    }

    /// The whole of Pride and Prejudice and of Le Comte de Monte-Cristo, justified with the optimal breaker and
    /// hyphenation: no widows, no orphans, no run of three hyphens, every line inside its column; with protrusion
    /// and 2 % expansion, at most 100 loose lines per 1,000 (issue 24). Heavy: set
    /// TYPESET_TYPOGRAPHY_CORPUS=1 (and run it in a release build).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["TYPESET_TYPOGRAPHY_CORPUS"] == "1"))
    func wholeBooks() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        for (file, language) in [("austen-pride-and-prejudice.txt", "en"), ("dumas-le-comte-de-monte-cristo-tome-1.fr.txt", "fr")] {
            let text = try Fixtures.corpusText(file)
            var settings = Self.justified(.optimal)
            settings.language = language
            let layout = try typesetter.layout(text, settings: settings)
            let report = TypographyReport(layout: layout)
            print("\(file): \(report.lines) lines, \(report.pages) pages, \(report.widows) widows, \(report.orphans) orphans, longest hyphen run \(report.longestHyphenRun), loose/1000 \(report.loosePerThousand)")
            #expect(report.widows == 0 && report.orphans == 0 && report.longestHyphenRun <= 2)
            #expect(LayoutInvariants.violations(in: layout).isEmpty)
            // Issue 24's target: with protrusion and 2 % expansion, at most 100 loose lines per 1,000.
            settings.protrusion = true
            settings.expansion = 2
            let micro = try typesetter.layout(text, settings: settings)
            let microReport = TypographyReport(layout: micro)
            print("\(file) with protrusion and 2 % expansion: loose/1000 \(microReport.loosePerThousand), longest hyphen run \(microReport.longestHyphenRun)")
            #expect(microReport.loosePerThousand <= 100 && microReport.longestHyphenRun <= 2 && microReport.widows == 0)
            #expect(LayoutInvariants.violations(in: micro).isEmpty)
        }
    }
}
