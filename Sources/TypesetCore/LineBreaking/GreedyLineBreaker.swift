/// Greedy (first-fit) line breaking of a shaped paragraph at UAX #14 opportunities, with emergency breaks at
/// grapheme-cluster boundaries for a word wider than the line. Only slices the shaping result: no reshaping.
struct GreedyLineBreaker {
    /// The widths in points of the first line and of the following lines.
    let firstLineWidth: Float
    let width: Float

    /// A break chosen by the breaker: content offset and whether it was a mandatory break.
    struct Break { var end: Int; var hard: Bool }

    /// Breaks `shaped` whose per-unit x prefix (in points, `metrics.prefix[i]` = advance of units `0..<i` when
    /// `i` starts a cluster) and source units are given.
    func breakLines(_ shaped: ShapedParagraph, metrics: ParagraphMetrics, units: ArraySlice<UInt16>,
                    graphemes: () -> BreakIterator?) -> [Break] {
        let count = shaped.contentLength
        guard count > 0 else { return [Break(end: 0, hard: true)] }
        var result: [Break] = []
        var lineStart = 0
        var lastFit: Int? = nil  // last opportunity that fits on the current line
        var available = firstLineWidth
        let base = units.startIndex
        func visibleEnd(_ end: Int) -> Int {
            var e = end
            while e > lineStart, CharacterClass.isHangingSpace(units[base + e - 1]) { e -= 1 }
            return e
        }
        func fits(_ end: Int) -> Bool {
            metrics.width(lineStart, visibleEnd(end)) <= available + 0.001
        }
        func emit(_ end: Int, hard: Bool) {
            result.append(Break(end: end, hard: hard))
            lineStart = end
            lastFit = nil
            available = width
        }
        var index = 0
        let breaks = shaped.breaks
        while index < breaks.count {
            let opportunity = Int(breaks[index] >> 1)
            let mandatory = breaks[index] & 1 == 1
            if opportunity <= lineStart { index += 1; continue }
            // Breaks must fall between clusters; an opportunity inside a ligature is skipped.
            if !metrics.isClusterStart(opportunity) && opportunity < count && !mandatory { index += 1; continue }
            if fits(opportunity) {
                if mandatory { emit(opportunity, hard: true) } else { lastFit = opportunity }
                index += 1
                continue
            }
            if let fit = lastFit {
                emit(fit, hard: false)
                continue  // re-examine this opportunity on the new line
            }
            // Nothing fits: the word from lineStart is wider than the line. Break it at grapheme boundaries.
            let end = graphemes().map {
                emergencyBreak(from: lineStart, limit: opportunity, available: available, metrics: metrics, iterator: $0)
            } ?? opportunity
            if end >= opportunity {
                if mandatory { emit(opportunity, hard: true) } else { emit(opportunity, hard: false) }
                index += 1
            } else {
                emit(end, hard: false)
            }
        }
        if lineStart < count || result.isEmpty { result.append(Break(end: count, hard: true)) }
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
