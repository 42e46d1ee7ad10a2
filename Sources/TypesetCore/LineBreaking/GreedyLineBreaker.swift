/// Greedy (first-fit) line breaking of a shaped paragraph at UAX #14 opportunities, with emergency breaks at
/// grapheme-cluster boundaries for a word wider than the line. Only slices the shaping result: no reshaping.
///
/// Hyphenation points among the candidates are taken like any other break, with the hyphen's width added to the
/// line; no more than ``LineBreak/maximumConsecutiveHyphens`` lines in a row end with a hyphen.
struct GreedyLineBreaker {
    /// The widths in points of the first line and of the following lines.
    let firstLineWidth: Float
    let width: Float

    /// Breaks `shaped` at `breaks` (``BreakCandidate``s, ascending; the shaped paragraph's own opportunities or
    /// those merged with hyphenation points), measuring with `metrics` (per-unit x prefix, in points); `units`
    /// are the content's source units and `hyphenWidth(end)` the width of the hyphen shown when a line ends at
    /// a hyphenation point `end`.
    func breakLines(_ shaped: ShapedParagraph, breaks: [UInt32], metrics: ParagraphMetrics, units: ArraySlice<UInt16>,
                    hyphenWidth: (Int) -> Float, graphemes: () -> BreakIterator?) -> [LineBreak] {
        let count = shaped.contentLength
        guard count > 0 else { return [LineBreak(end: 0, hard: true)] }
        var result: [LineBreak] = []
        var lineStart = 0
        var lastFit: (end: Int, hyphenated: Bool)? = nil  // last opportunity that fits on the current line
        var available = firstLineWidth
        var hyphenRun = 0  // lines in a row ending with a hyphen
        let base = units.startIndex
        func visibleEnd(_ end: Int) -> Int {
            var e = end
            while e > lineStart, CharacterClass.isHangingSpace(units[base + e - 1]) { e -= 1 }
            return e
        }
        func fits(_ end: Int, hyphenated: Bool) -> Bool {
            if hyphenated { return metrics.width(lineStart, end) + hyphenWidth(end) <= available + 0.001 }
            return metrics.width(lineStart, visibleEnd(end)) <= available + 0.001
        }
        func emit(_ end: Int, hard: Bool, hyphenated: Bool = false) {
            result.append(LineBreak(end: end, hard: hard, hyphenated: hyphenated))
            lineStart = end
            lastFit = nil
            available = width
            hyphenRun = hyphenated ? hyphenRun + 1 : 0
        }
        var index = 0
        while index < breaks.count {
            let opportunity = BreakCandidate.offset(breaks[index])
            let mandatory = BreakCandidate.isMandatory(breaks[index])
            let hyphenated = BreakCandidate.isHyphenated(breaks[index])
            if opportunity <= lineStart { index += 1; continue }
            // Breaks must fall between clusters; an opportunity inside a ligature is skipped.
            if !metrics.isClusterStart(opportunity) && opportunity < count && !mandatory { index += 1; continue }
            if hyphenated && hyphenRun >= LineBreak.maximumConsecutiveHyphens { index += 1; continue }
            if fits(opportunity, hyphenated: hyphenated) {
                if mandatory { emit(opportunity, hard: true) } else { lastFit = (opportunity, hyphenated) }
                index += 1
                continue
            }
            if let fit = lastFit {
                emit(fit.end, hard: false, hyphenated: fit.hyphenated)
                continue  // re-examine this opportunity on the new line
            }
            // Nothing fits: the word from lineStart is wider than the line. Break it at grapheme boundaries.
            let end = graphemes().map {
                emergencyBreak(from: lineStart, limit: opportunity, available: available, metrics: metrics, iterator: $0)
            } ?? opportunity
            if end >= opportunity {
                emit(opportunity, hard: mandatory, hyphenated: hyphenated && !mandatory)
                index += 1
            } else {
                emit(end, hard: false)
            }
        }
        if lineStart < count || result.isEmpty { result.append(LineBreak(end: count, hard: true)) }
        return result
    }

    /// The furthest grapheme boundary (that is also a cluster boundary) after `start` and up to `limit` whose
    /// text fits in `available`; at least one grapheme, so that every line makes progress.
    private func emergencyBreak(from start: Int, limit: Int, available: Float, metrics: ParagraphMetrics,
                                iterator: BreakIterator) -> Int {
        var best: Int? = nil
        var boundary = start
        while let next = iterator.following(boundary), next <= limit {
            boundary = next
            guard metrics.isClusterStart(next) || next == limit else { continue }
            let fitsHere = metrics.width(start, next) <= available + 0.001
            if best == nil {
                best = next
                if !fitsHere { break }
            } else if fitsHere {
                best = next
            } else {
                break
            }
        }
        return best ?? limit
    }
}
