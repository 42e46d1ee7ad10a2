import Testing
import TypesetCore
import TypesetRender
import TypesetTestSupport

/// The typographic report's rivers and optical edges (issue 24): detection on hand-made line samples, and the
/// measures taken from a real layout's drawn glyphs and ink.
@Suite struct TypographyReportTests {
    typealias Sample = TypographyReport.LineSample

    /// A justified line of paragraph 0 with `gaps`, on `page`.
    static func line(_ index: Int, _ gaps: [Range<Double>], page: Int = 0, column: Int = 0) -> Sample {
        Sample(ratio: 0.5, hyphenated: false, paragraph: 0, lineIndex: index, lineCount: 10, page: page, column: column, gaps: gaps)
    }

    /// Gaps that touch on three consecutive lines, drifting right as rivers do, make one river of 3; on two lines
    /// they make none; a chain of five is one river of 5.
    @Test func riversOfThreeOrMoreLinesAreFound() {
        let three = [Self.line(0, [20..<26, 100..<106]), Self.line(1, [60..<66, 103..<109]), Self.line(2, [105..<111, 200..<206])]
        let found = TypographyReport(samples: three)
        #expect(found.rivers == 1)
        #expect(found.longestRiver == 3)
        #expect(found.riversPerThousand == 1000.0 / 3)
        let two = TypographyReport(samples: Array(three.prefix(2)))
        #expect(two.rivers == 0)
        #expect(two.longestRiver == 0)
        let five = (0..<5).map { Self.line($0, [Double(100 + 2 * $0)..<Double(106 + 2 * $0)]) }
        let long = TypographyReport(samples: five)
        #expect(long.rivers == 1)
        #expect(long.longestRiver == 5)
        // Two separate rivers on the same lines count twice.
        let pair = (0..<3).map { Self.line($0, [10..<16, 200..<206]) }
        #expect(TypographyReport(samples: pair).rivers == 2)
    }

    /// Gaps that only meet at a point, or miss each other, make no river; nor do aligned gaps across a page or
    /// column break (they are not on consecutive lines of one column).
    @Test func gapsThatDoNotTouchMakeNoRiver() {
        let meeting = [Self.line(0, [100..<106]), Self.line(1, [106..<112]), Self.line(2, [112..<118])]
        #expect(TypographyReport(samples: meeting).rivers == 0)
        let apart = [Self.line(0, [100..<106]), Self.line(1, [120..<126]), Self.line(2, [100..<106])]
        #expect(TypographyReport(samples: apart).rivers == 0)
        let broken = [Self.line(0, [100..<106]), Self.line(1, [100..<106]), Self.line(2, [100..<106], page: 1)]
        #expect(TypographyReport(samples: broken).rivers == 0)
        let columns = [Self.line(0, [100..<106]), Self.line(1, [100..<106], column: 1), Self.line(2, [100..<106], column: 1)]
        #expect(TypographyReport(samples: columns).rivers == 0)
        #expect(TypographyReport(samples: columns).longestRiver == 0)
    }

    /// The edge is where the running sum of ink reaches the threshold, interpolated; the spread is the mean
    /// absolute deviation from the median, and only justified lines count.
    @Test func opticalEdgeReachAndSpread() throws {
        #expect(OpticalEdge.reach([0, 0, 1, 1, 1], threshold: 1.5) == 3.5)
        #expect(OpticalEdge.reach([0, 0.25, 0.25, 0, 4], threshold: 1) == 4.125)
        #expect(OpticalEdge.reach([0.5, 0.5], threshold: 2) == nil)
        #expect(OpticalEdge.spread([0, 0, 0, 3]) == 0.75)
        #expect(OpticalEdge.spread([]) == nil)
        var samples = [1.0, 1, 1, 5].enumerated().map { i, edge in
            Sample(ratio: 0, hyphenated: false, paragraph: 0, lineIndex: i, lineCount: 5, page: 0, leftEdge: edge, rightEdge: -edge)
        }
        samples.append(Sample(ratio: nil, hyphenated: false, paragraph: 0, lineIndex: 4, lineCount: 5, page: 0,
                              leftEdge: 40, rightEdge: 40))
        let report = TypographyReport(samples: samples)
        #expect(report.leftEdgeSpread == 1)
        #expect(report.rightEdgeSpread == 1)
    }

    /// On a real layout, each justified line's gaps are its inter-word spaces as drawn: one per run of spaces
    /// between its words, inside the column, all as wide as each other on a justified line of one font, and
    /// wider than a space at its natural width when the line is stretched.
    @Test func gapsComeFromTheDrawnSpaces() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let text = StyledText(plain: String(repeating: "The quick brown fox jumps over the lazy dog and runs away. ", count: 12))
        let settings = JustificationTests.justified(.optimal, hyphenation: false)
        let layout = try typesetter.layout(text, settings: settings)
        let samples = TypographyReport.samples(of: layout)
        var checked = 0, stretched = 0
        for (line, sample) in zip(layout.pages.indices.flatMap { layout.lines(onPage: $0) }, samples) {
            let adjustment = layout.adjustment(of: line)
            guard let ratio = adjustment.ratio else { continue }
            let words = layout.text.string(in: line.range).split(separator: " ").count
            #expect(sample.gaps.count == words - 1, "line \(line.range): \(words) words, gaps \(sample.gaps)")
            let widths = sample.gaps.map { $0.upperBound - $0.lowerBound }
            for (gap, width) in zip(sample.gaps, widths) {
                #expect(gap.lowerBound > 0 && gap.upperBound < settings.columnWidth)
                #expect(abs(width - widths[0]) < 0.01, "line \(line.range): gaps \(sample.gaps)")
            }
            let natural = adjustment.spaceWidth / Double(max(1, words - 1))
            if ratio > 0.1, let width = widths.first {
                #expect(width > natural + 0.1, "line \(line.range): gap \(width), natural space \(natural)")
                stretched += 1
            }
            checked += 1
        }
        #expect(checked > 5 && stretched > 0)
        #expect(checked == TypographyReport(layout: layout).justifiedLines)
    }

    /// The optical edge is read from the ink: without protrusion a line ending in a hyphen ends visibly short
    /// of the lines ending in a letter (the hyphen's little ink reads as a dent), with protrusion much less so,
    /// and the right edge's spread over the justified lines falls.
    @Test func opticalEdgeSeesHyphensAndProtrusion() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let text = try JustificationTests.sampleBook()
        let renderer = try PageRenderer()
        func figures(protrusion: Bool) throws -> (dent: Double, spread: Double) {
            var settings = JustificationTests.justified(.optimal)
            settings.protrusion = protrusion
            let layout = try typesetter.layout(text, settings: settings)
            var samples = TypographyReport.samples(of: layout)
            let ends = layout.pages.indices.flatMap { layout.lines(onPage: $0) }.map { layout.text.string(in: $0.range).last { !$0.isWhitespace } }
            try OpticalEdge.measure(layout, renderer: renderer, into: &samples)
            func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
            let justified = zip(samples, ends).filter { $0.0.ratio != nil }
            let hyphens = justified.filter { $0.0.hyphenated }.compactMap(\.0.rightEdge)
            let letters = justified.filter { !$0.0.hyphenated && $0.1?.isLetter == true }.compactMap(\.0.rightEdge)
            try #require(hyphens.count > 5 && letters.count > 20, "\(hyphens.count) hyphens, \(letters.count) letters")
            return (median(hyphens) - median(letters), try #require(TypographyReport(samples: samples).rightEdgeSpread))
        }
        let plain = try figures(protrusion: false), protruded = try figures(protrusion: true)
        print("hyphen dent \(plain.dent) → \(protruded.dent) pt, right edge spread \(plain.spread) → \(protruded.spread) pt")
        #expect(plain.dent > 1.5, "a hyphen's dent without protrusion: \(plain.dent) pt")
        #expect(abs(protruded.dent) < plain.dent / 2, "with protrusion: \(protruded.dent) pt, without \(plain.dent) pt")
        #expect(protruded.spread < plain.spread, "right edge spread \(plain.spread) → \(protruded.spread) pt")
    }
}
