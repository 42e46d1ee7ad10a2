/// Rivers: white channels running down a justified column through its inter-word gaps.
///
/// Two gaps on consecutive lines of the same column (same page and column, next in reading order) *touch* when
/// their x intervals intersect by more than nothing. That is the weakest condition under which the page shows a
/// white path from one gap into the other (the white between two words is wider than the space as set, by the
/// glyphs' side bearings), and it lets a river drift sideways as real ones do; a tolerance in ems would make the
/// count depend on the face. A river is a chain of touching gaps over three or more lines (two aligned gaps are
/// common by chance and not what a reader sees as a river); it is counted once, at its lowest gap, that is at a
/// gap reached by a chain of three or more that no gap on the next line touches (a river that forks downwards
/// counts once per branch). Its length is the longest chain, in lines.
public enum Rivers {
    /// The fewest lines a river runs down.
    public static let minimumLines = 3

    /// Whether two gaps touch (their intervals share more than a point).
    public static func touch(_ a: Range<Double>, _ b: Range<Double>) -> Bool {
        a.lowerBound < b.upperBound && b.lowerBound < a.upperBound
    }

    /// The rivers among `samples` (lines in reading order) and the longest one's length in lines (0 for none).
    /// Linear in the lines, and in each pair of consecutive lines the product of their gap counts.
    public static func find(in samples: [TypographyReport.LineSample]) -> (count: Int, longest: Int) {
        var count = 0, longest = 0
        var previous: TypographyReport.LineSample?
        var chains: [Int] = []   // for each gap of the previous line, the longest chain ending at it
        for sample in samples {
            let follows = previous.map { $0.page == sample.page && $0.column == sample.column } ?? false
            var next = [Int](repeating: 1, count: sample.gaps.count)
            var continued = [Bool](repeating: false, count: chains.count)
            if follows, let previous {
                for (i, gap) in sample.gaps.enumerated() {
                    for (j, above) in previous.gaps.enumerated() where touch(gap, above) {
                        next[i] = max(next[i], chains[j] + 1)
                        continued[j] = true
                    }
                }
            }
            for (j, chain) in chains.enumerated() where chain >= minimumLines && !continued[j] { count += 1 }
            for chain in next { longest = max(longest, chain) }
            chains = next
            previous = sample
        }
        for chain in chains where chain >= minimumLines { count += 1 }
        return (count, longest >= minimumLines ? longest : 0)
    }
}
