import Foundation
import Testing
@testable import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// Microtypography (issue 24): font expansion by the optimal breaker and character protrusion in both breakers,
/// checked on the drawn glyphs (``BookLayout/glyphRuns(onPage:)``, the renderer's source), not on the layout's
/// own accounting.
@Suite struct MicrotypographyTests {
    static func settings(expansion: Double = 0, protrusion: Bool = false, breaking: LineBreaking = .optimal,
                         alignment: TextAlignment = .justified, width: Double = 390) -> TypographySettings {
        var settings = JustificationTests.justified(breaking)
        settings.alignment = alignment
        settings.expansion = expansion
        settings.protrusion = protrusion
        settings.pageSize.width = width
        return settings
    }

    /// The ink of one line: the left edge of its first drawn glyph and the right edge of its last (spaces and
    /// the spaces hanging at its end left out; the drawn hyphen in), and the characters there.
    struct Ink { var minX: Double; var maxX: Double; var first: UInt16; var last: UInt16 }

    /// The ink of every line of page `page`, by the line's top.
    static func ink(_ layout: BookLayout, page: Int) -> [Double: Ink] {
        var result: [Double: Ink] = [:]
        for run in layout.glyphRuns(onPage: page) {
            let isHyphen = run.range.isEmpty
            for i in run.glyphs.indices {
                let unit: UInt16 = isHyphen ? 0x2010 : layout.text.units(in: run.clusters[i]..<(run.clusters[i] + 1)).first ?? 0x20
                if unit == 0x20 || unit == 0x0A || unit == 0xA0 { continue }
                let minX = run.positions[i].x, maxX = run.positions[i].x + run.advances[i]
                var ink = result[run.lineTop] ?? Ink(minX: minX, maxX: maxX, first: unit, last: unit)
                if minX <= ink.minX { ink.minX = minX; ink.first = unit }
                if maxX >= ink.maxX { ink.maxX = maxX; ink.last = unit }
                result[run.lineTop] = ink
            }
        }
        return result
    }

    /// With 2 % expansion, the optimal breaker widens or narrows some lines' glyphs, never past the limit and in
    /// steps of a quarter of it; the drawn glyphs of every justified line still end exactly at the column's edge,
    /// each run is drawn at its line's scale, and the book has fewer loose lines than without expansion.
    @Test func expansionSpreadsSlackOverGlyphsWithinItsLimit() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let text = try JustificationTests.sampleBook()
        let plain = try typesetter.layout(text, settings: Self.settings())
        let settings = Self.settings(expansion: 2)
        let expanded = try typesetter.layout(text, settings: settings)
        #expect(LayoutInvariants.violations(in: expanded).isEmpty)
        let column = settings.contentRect
        var scaled = 0, justified = 0
        for page in expanded.pages.indices {
            let ink = Self.ink(expanded, page: page)
            for line in expanded.lines(onPage: page) {
                let adjustment = expanded.adjustment(of: line)
                let scale = adjustment.glyphScale
                #expect(abs(scale - 1) <= 0.02 + 1e-6, "line \(line.range): scale \(scale)")
                let steps = (scale - 1) / 0.005
                #expect(abs(steps - steps.rounded()) < 1e-3, "line \(line.range): scale \(scale) is not a step")
                if scale != 1 { scaled += 1 }
                guard let ratio = adjustment.ratio, ratio.isFinite, adjustment.spaceWidth > 0 else { continue }
                justified += 1
                let lineInk = try #require(ink[line.rect.minY])
                #expect(abs(lineInk.maxX - column.maxX) < 0.01, "line \(line.range) ends at \(lineInk.maxX), column at \(column.maxX)")
            }
            for run in expanded.glyphRuns(onPage: page) where !run.range.isEmpty {
                guard let line = expanded.lines(onPage: page).first(where: { $0.rect.minY == run.lineTop }) else { continue }
                let scale = expanded.adjustment(of: line).glyphScale
                #expect(run.horizontalScale == scale || run.glyphs.allSatisfy { _ in run.horizontalScale == 1 })
            }
        }
        #expect(scaled * 2 > justified, "\(scaled) of \(justified) justified lines expanded or compressed")
        let before = TypographyReport(layout: plain), after = TypographyReport(layout: expanded)
        #expect(after.looseLines * 2 < before.looseLines, "loose lines: \(before.looseLines) without expansion, \(after.looseLines) with")
        #expect(after.longestHyphenRun <= 2)
        // Off (0) changes nothing.
        #expect(try typesetter.layout(text, settings: Self.settings(expansion: 0)).lines(onPage: 3) == plain.lines(onPage: 3))
    }

    /// With protrusion, in justified text a line ending in a period, comma or hyphen draws it partly past the
    /// column's end edge, and no further than its factor allows, while a line ending in a plain letter ends at the
    /// edge; a line starting with an opening quote starts before the start edge. Left to right and right to left.
    @Test(arguments: ["latin", "hebrew"])
    func protrusionHangsPunctuationIntoTheMargins(_ script: String) throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let text: StyledText
        if script == "latin" {
            text = try JustificationTests.sampleBook()
        } else {
            let words = ["שלום", "עולם,", "ספר", "גדול.", "“מים”", "אור", "לילה-יום", "דרך", "בית,", "ילד", "עם", "כן."]
            var seed: UInt32 = 1
            text = StyledText(plain: (0..<600).map { _ in
                seed = seed &* 1_103_515_245 &+ 12_345
                return words[Int(seed >> 16) % words.count]
            }.joined(separator: " "))
        }
        let settings = Self.settings(protrusion: true)
        let layout = try typesetter.layout(text, settings: settings)
        #expect(LayoutInvariants.violations(in: layout).isEmpty)
        let column = settings.contentRect
        let rtl = script == "hebrew"
        var hanging = 0, flush = 0, hangingStarts = 0
        for page in layout.pages.indices.prefix(12) {
            let ink = Self.ink(layout, page: page)
            for line in layout.lines(onPage: page) {
                guard let adjustment = layout.adjustment(of: line).ratio, adjustment.isFinite, let lineInk = ink[line.rect.minY] else { continue }
                // The end edge is the right one left to right, the left one right to left.
                let endOverhang = rtl ? column.minX - lineInk.minX : lineInk.maxX - column.maxX
                let startOverhang = rtl ? lineInk.maxX - column.maxX : column.minX - lineInk.minX
                let lastUnit = rtl ? lineInk.first : lineInk.last, firstUnit = rtl ? lineInk.last : lineInk.first
                switch ProtrusionTable.characterClass(of: lastUnit) {
                case .fullStop, .comma, .hyphen:
                    #expect(endOverhang > 1 && endOverhang < 8, "line \(line.range) ends in \(lastUnit) overhanging \(endOverhang)")
                    hanging += 1
                case .none:
                    #expect(abs(endOverhang) < 0.01, "line \(line.range) ends in \(lastUnit) overhanging \(endOverhang)")
                    flush += 1
                default: break
                }
                if ProtrusionTable.characterClass(of: firstUnit) == .doubleQuote {
                    #expect(startOverhang > 0.5 && startOverhang < 6, "line \(line.range) starts overhanging \(startOverhang)")
                    hangingStarts += 1
                } else if ProtrusionTable.characterClass(of: firstUnit) == .none {
                    #expect(abs(startOverhang) < 0.01 || line.lineIndex == 0, "line \(line.range) starts overhanging \(startOverhang): \(layout.text.string(in: line.range))")
                }
            }
        }
        #expect(hanging > 10 && flush > 10, "\(hanging) lines hang at their end, \(flush) end flush")
        #expect(hangingStarts > 0)
    }

    /// Both breakers count what hangs: a line a little wider than the column that ends in a period fits once the
    /// period hangs (one line, not two), in ragged text (greedy, and optimal without justification) and
    /// justified; without protrusion it takes two lines.
    @Test(arguments: [LineBreaking.greedy, .optimal])
    func breakersCountTheProtrusion(_ breaking: LineBreaking) throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let text = StyledText(plain: "Elizabeth walked on.")
        let natural = try typesetter.layout(text, settings: Self.settings(breaking: breaking, alignment: .start, width: 2000))
        let width = try #require(natural.lines(onPage: 0).first).rect.width
        for alignment in [TextAlignment.start, .justified] {
            // Half a point narrower than the line: only the period's hang (0.7 of its advance) makes it fit.
            let page = width - 0.5 + Fixtures.settings.margins.left + Fixtures.settings.margins.right
            let without = try typesetter.layout(text, settings: Self.settings(breaking: breaking, alignment: alignment, width: page))
            let with = try typesetter.layout(text, settings: Self.settings(protrusion: true, breaking: breaking, alignment: alignment,
                                                                            width: page))
            #expect(without.lines(onPage: 0).count == 2, "\(breaking) \(alignment)")
            #expect(with.lines(onPage: 0).count == 1, "\(breaking) \(alignment)")
        }
    }

    /// Tracking, the last resort: with expansion on, a justified line of one or two spaces that would still
    /// stretch them by more than half is letter-spaced, by at most the expansion limit in ems per gap, and its
    /// drawn glyphs still end at the column's edge; lines with more spaces, and Arabic (a connected script), are
    /// never letter-spaced.
    @Test(arguments: ["latin", "arabic"])
    func trackingIsTheLastResortOfLinesWithFewSpaces(_ script: String) throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let words = script == "latin"
            ? ["incomprehensibly", "notwithstanding", "extraordinarily", "unquestionably", "of", "characteristically", "a"]
            : ["والمستشفيات", "بالمسؤوليات", "والاستثمارات", "في", "المتخصصين", "و"]
        var seed: UInt32 = 7
        let text = StyledText(plain: (0..<300).map { _ in
            seed = seed &* 1_103_515_245 &+ 12_345
            return words[Int(seed >> 16) % words.count]
        }.joined(separator: " "))
        var settings = Self.settings(expansion: 2, width: 260)
        settings.hyphenation = false
        let layout = try typesetter.layout(text, settings: settings)
        #expect(LayoutInvariants.violations(in: layout).isEmpty)
        let column = settings.contentRect
        var tracked = 0
        for page in layout.pages.indices {
            let ink = Self.ink(layout, page: page)
            for line in layout.lines(onPage: page) {
                let adjustment = layout.adjustment(of: line)
                guard adjustment.letterSpacing > 0 else { continue }
                tracked += 1
                #expect(script == "latin", "line \(line.range) letter-spaced")
                #expect(adjustment.letterSpacing <= 0.02 * settings.fontSize + 1e-4)
                #expect(adjustment.spaceWidth < 3 * 0.3 * settings.fontSize, "line \(line.range): more than two spaces")
                if let ratio = adjustment.ratio, adjustment.letterSpacing < 0.02 * settings.fontSize - 1e-3 {
                    #expect(abs(ratio - 1) < 1e-3, "line \(line.range): spaces at \(ratio) under the tracking limit")
                }
                let lineInk = try #require(ink[line.rect.minY])
                #expect(abs(lineInk.maxX - column.maxX) < 0.01, "line \(line.range) ends at \(lineInk.maxX)")
            }
        }
        if script == "latin" { #expect(tracked > 3, "\(tracked) lines letter-spaced") }
    }

    /// The settings: `--expansion` takes per cent from 0 to the documented limit, `--protrusion` is a flag, both
    /// off by default.
    @Test func settingsAreInTheTable() throws {
        var settings = ReaderSettings()
        #expect(settings.typography.expansion == 0 && !settings.typography.protrusion)
        try settings.set("expansion", parsing: "2")
        try settings.set("protrusion", parsing: "on")
        #expect(settings.typography.expansion == 2 && settings.typography.protrusion)
        for bad in ["-1", "6", "nan", "two"] {
            #expect(throws: InvalidSetting.self) { try settings.set("expansion", parsing: bad) }
        }
        #expect(settings.typography.expansion == 2)
    }
}
