/// A face's vertical metrics in ems: what a line's height (their sum), its baseline (half-leading) and a caret's
/// height come from.
package struct LineMetrics: Hashable, Sendable {
    /// Ascent above the baseline, in ems.
    package var ascent: Double
    /// Descent below the baseline, in ems (positive).
    package var descent: Double
    /// Line gap, in ems.
    package var lineGap: Double

    /// Creates metrics.
    package init(ascent: Double, descent: Double, lineGap: Double) {
        self.ascent = ascent; self.descent = descent; self.lineGap = lineGap
    }

    /// The natural line height: ascent, descent and line gap.
    package var naturalLineHeight: Double { ascent + descent + lineGap }

    /// The metrics a face standing in for `family` (a family that is not installed) lays lines out with, so that
    /// the page keeps the requested family's look: the family's own metrics when they are known (the faces reading
    /// apps ask for most: `hhea` ascender, descender and line gap of the fonts Apple and Microsoft ship), else those
    /// of a typical text face (Times New Roman's). Charis SIL, the bundled serif that stands in for Georgia,
    /// declares a 1.64 em line (room for stacked diacritics) against Georgia's 1.14: set with the reader's line
    /// height of 1.45, every default page looked double-spaced.
    package static func standIn(for family: String) -> LineMetrics {
        known[family.lowercased()] ?? typical
    }

    /// A typical text face's metrics (Times New Roman's).
    package static let typical = LineMetrics(units: 1825, 443, 87, of: 2048)

    private static let known: [String: LineMetrics] = [
        "georgia": LineMetrics(units: 1878, 449, 0, of: 2048),
        "times new roman": typical,
        "times": typical,
        "arial": LineMetrics(units: 1854, 434, 67, of: 2048),
        "helvetica": LineMetrics(units: 1577, 471, 0, of: 2048),
        "helvetica neue": LineMetrics(units: 952, 213, 28, of: 1000),
        "verdana": LineMetrics(units: 2059, 430, 0, of: 2048),
        "segoe ui": LineMetrics(units: 2210, 514, 0, of: 2048),
        "courier new": LineMetrics(units: 1705, 615, 0, of: 2048),
    ]

    private init(units ascent: Double, _ descent: Double, _ lineGap: Double, of unitsPerEm: Double) {
        self.init(ascent: ascent / unitsPerEm, descent: descent / unitsPerEm, lineGap: lineGap / unitsPerEm)
    }
}
