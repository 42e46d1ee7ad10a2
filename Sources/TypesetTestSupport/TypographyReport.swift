import TypesetCore
import TypesetRender

/// Typographic figures of a laid-out book, for the benchmark's `--report` and for the tests: how far justified
/// lines' spaces were stretched or shrunk (adjustment ratios, as ``LineAdjustment``), loose lines, hyphenated
/// lines and runs of them, widows and orphans, rivers (see ``Rivers``) and the spread of the columns' optical
/// edges (see ``OpticalEdge``). Works from line samples, so another engine's lines (Pango's, from the benchmark
/// peer) are measured exactly as Typeset's.
public struct TypographyReport: Sendable {
    /// One line: its adjustment ratio (nil when set at natural width), whether it ends with a hyphen, its
    /// paragraph, its index in the paragraph, the paragraph's line count, its page and column, its drawn
    /// inter-word gaps and its optical edges.
    public struct LineSample: Sendable {
        /// The adjustment ratio (``LineAdjustment/ratio``); nil for a line set at natural width.
        public var ratio: Double?
        /// Whether the line ends with a drawn hyphen.
        public var hyphenated: Bool
        /// The paragraph's index, the line's index in it and the paragraph's number of lines.
        public var paragraph: Int
        public var lineIndex: Int
        public var lineCount: Int
        /// The page the line is on, and its column on the page (0 for a page of one column).
        public var page: Int
        public var column: Int
        /// The drawn inter-word gaps, left to right: each the x interval (points, from the column's left edge) that
        /// the line's justifiable spaces occupy as set, justification, expansion and protrusion included; adjacent
        /// spaces make one gap, and spaces before the first or after the last visible glyph are left out.
        public var gaps: [Range<Double>]
        /// The line's optical edges (``OpticalEdge``): how far inside the column's left and right edges the ink
        /// begins and ends, in points (negative when it hangs into the margin); nil where not measured (or, on
        /// the left, an indented first line).
        public var leftEdge: Double?
        public var rightEdge: Double?
        /// A sample from its parts.
        public init(ratio: Double?, hyphenated: Bool, paragraph: Int, lineIndex: Int, lineCount: Int, page: Int,
                    column: Int = 0, gaps: [Range<Double>] = [], leftEdge: Double? = nil, rightEdge: Double? = nil) {
            self.ratio = ratio; self.hyphenated = hyphenated; self.paragraph = paragraph
            self.lineIndex = lineIndex; self.lineCount = lineCount; self.page = page; self.column = column
            self.gaps = gaps; self.leftEdge = leftEdge; self.rightEdge = rightEdge
        }
    }

    /// Upper bounds of the ratio histogram's buckets (the last bucket is everything above, infinity included).
    public static let bucketBounds: [Double] = [-0.5, 0, 0.5, 1, 2]

    /// Lines measured.
    public private(set) var lines = 0
    /// Lines whose spacing was adjusted (every line but a paragraph's last and lines ending at hard breaks).
    public private(set) var justifiedLines = 0
    /// Justified lines per ratio bucket (see ``bucketBounds``).
    public private(set) var buckets = [Int](repeating: 0, count: TypographyReport.bucketBounds.count + 1)
    /// Justified lines with a ratio above ``LineAdjustment/looseThreshold`` (∞ included: a line with no space).
    public private(set) var looseLines = 0
    /// Justified lines past TeX's badness cap (a ratio of the cube root of 100, about 4.64: spaces more than three
    /// times their width; ∞ included), the lines a reader sees as gaps ("to         make").
    public private(set) var veryLooseLines = 0
    /// The largest finite adjustment ratio of a justified line.
    public private(set) var maximumRatio = 0.0
    /// The median and 90th percentile of the finite ratios of justified lines.
    public private(set) var medianRatio = 0.0
    public private(set) var p90Ratio = 0.0
    /// Lines ending with a drawn hyphen.
    public private(set) var hyphenatedLines = 0
    /// Runs of consecutive hyphenated lines within a paragraph: how many of length 2, of 3 or more, and the longest.
    public private(set) var hyphenRunsOfTwo = 0
    public private(set) var hyphenRunsOfThreeOrMore = 0
    public private(set) var longestHyphenRun = 0
    /// Page breaks inside a paragraph that leave its first line alone at the bottom (orphans) or its last line
    /// alone at the top of the next page (widows).
    public private(set) var orphans = 0
    public private(set) var widows = 0
    /// Pages (one more than the highest page index seen).
    public private(set) var pages = 0
    /// Rivers (``Rivers``): chains of touching gaps down three or more consecutive lines, and the longest, in lines.
    public private(set) var rivers = 0
    public private(set) var longestRiver = 0
    /// The spread of the justified lines' optical edges (``OpticalEdge/spread(_:)``: mean absolute deviation from
    /// the median, points), left and right; nil when no line's edge was measured.
    public private(set) var leftEdgeSpread: Double?
    public private(set) var rightEdgeSpread: Double?

    /// Loose lines per 1,000 justified lines.
    public var loosePerThousand: Double { justifiedLines == 0 ? 0 : Double(looseLines) * 1000 / Double(justifiedLines) }
    /// ``veryLooseLines`` per 1,000 justified lines.
    public var veryLoosePerThousand: Double { justifiedLines == 0 ? 0 : Double(veryLooseLines) * 1000 / Double(justifiedLines) }
    /// Rivers per 1,000 lines.
    public var riversPerThousand: Double { lines == 0 ? 0 : Double(rivers) * 1000 / Double(lines) }
    /// Hyphenated lines per 1,000 lines.
    public var hyphenatedPerThousand: Double { lines == 0 ? 0 : Double(hyphenatedLines) * 1000 / Double(lines) }

    /// The figures of a Typeset layout (lines in page order), without optical edges (nothing is drawn).
    public init(layout: BookLayout) {
        self.init(samples: Self.samples(of: layout))
    }

    /// The figures of a Typeset layout with its lines' optical edges, found by drawing every page's edges with
    /// `renderer` (``OpticalEdge/measure(_:renderer:into:)``).
    public init(layout: BookLayout, opticalEdgesWith renderer: PageRenderer) throws {
        var samples = Self.samples(of: layout)
        try OpticalEdge.measure(layout, renderer: renderer, into: &samples)
        self.init(samples: samples)
    }

    /// The figures of any sequence of lines in reading order.
    public init(samples: [LineSample]) {
        var ratios: [Double] = []
        var run = 0
        var previous: LineSample?
        func endRun() {
            if run == 2 { hyphenRunsOfTwo += 1 } else if run >= 3 { hyphenRunsOfThreeOrMore += 1 }
            longestHyphenRun = max(longestHyphenRun, run)
            run = 0
        }
        for sample in samples {
            lines += 1
            pages = max(pages, sample.page + 1)
            if let ratio = sample.ratio {
                justifiedLines += 1
                let bucket = TypographyReport.bucketBounds.firstIndex(where: { ratio < $0 }) ?? TypographyReport.bucketBounds.count
                buckets[bucket] += 1
                if ratio > LineAdjustment.looseThreshold { looseLines += 1 }
                if ratio > LineAdjustment.veryLooseThreshold { veryLooseLines += 1 }
                if ratio.isFinite { ratios.append(ratio) }
            }
            if let previous, previous.paragraph != sample.paragraph { endRun() }
            if sample.hyphenated { hyphenatedLines += 1; run += 1 } else { endRun() }
            // A page break inside a paragraph: the first line of the new page is not the paragraph's first.
            if let previous, previous.paragraph == sample.paragraph, previous.page != sample.page {
                if sample.lineIndex == 1 { orphans += 1 }
                if sample.lineCount - sample.lineIndex == 1 { widows += 1 }
            }
            previous = sample
        }
        endRun()
        (rivers, longestRiver) = Rivers.find(in: samples)
        let justified = samples.filter { $0.ratio != nil }
        leftEdgeSpread = OpticalEdge.spread(justified.compactMap(\.leftEdge))
        rightEdgeSpread = OpticalEdge.spread(justified.compactMap(\.rightEdge))
        ratios.sort()
        if !ratios.isEmpty {
            medianRatio = ratios[ratios.count / 2]
            p90Ratio = ratios[min(ratios.count - 1, ratios.count * 9 / 10)]
            maximumRatio = ratios[ratios.count - 1]
        }
    }

    /// Column headings matching ``row(_:)``.
    public static var header: String {
        let buckets = ["<-0.5", "-0.5..0", "0..0.5", "0.5..1", "1..2", ">=2"].map { pad($0, 8) }.joined()
        return pad("engine", 22) + pad("lines", 8) + pad("just.", 8) + buckets + pad("median", 8) + pad("p90", 8)
            + pad("loose/1k", 10) + pad(">4.6/1k", 9) + pad("max r", 8) + pad("hyph", 7) + pad("hyph/1k", 9) + pad("runs2", 7) + pad("runs3+", 8)
            + pad("orphans", 9) + pad("widows", 8) + pad("pages", 7) + pad("rivers/1k", 11) + pad("longest", 9)
            + pad("edge L", 8) + "edge R"
    }

    /// One table row for `name`; ratio buckets as per cent of justified lines.
    public func row(_ name: String) -> String {
        func percent(_ n: Int) -> String { justifiedLines == 0 ? "-" : format(Double(n) * 100 / Double(justifiedLines)) + "%" }
        return TypographyReport.pad(name, 22) + TypographyReport.pad("\(lines)", 8) + TypographyReport.pad("\(justifiedLines)", 8)
            + buckets.map { TypographyReport.pad(percent($0), 8) }.joined()
            + TypographyReport.pad(format(medianRatio), 8) + TypographyReport.pad(format(p90Ratio), 8)
            + TypographyReport.pad(format(loosePerThousand), 10) + TypographyReport.pad(format(veryLoosePerThousand), 9)
            + TypographyReport.pad(format(maximumRatio), 8) + TypographyReport.pad("\(hyphenatedLines)", 7)
            + TypographyReport.pad(format(hyphenatedPerThousand), 9) + TypographyReport.pad("\(hyphenRunsOfTwo)", 7)
            + TypographyReport.pad("\(hyphenRunsOfThreeOrMore)", 8) + TypographyReport.pad("\(orphans)", 9)
            + TypographyReport.pad("\(widows)", 8) + TypographyReport.pad("\(pages)", 7)
            + TypographyReport.pad(format(riversPerThousand), 11) + TypographyReport.pad("\(longestRiver)", 9)
            + TypographyReport.pad(leftEdgeSpread.map(format) ?? "-", 8) + (rightEdgeSpread.map(format) ?? "-")
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    private func format(_ value: Double) -> String {
        guard value.isFinite else { return "inf" }
        let rounded = (value * 100).rounded() / 100
        return "\(rounded)"
    }
}
