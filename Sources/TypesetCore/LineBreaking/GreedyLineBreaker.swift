/// Greedy (first-fit) line breaking of a shaped paragraph at UAX #14 opportunities. A stretch without an opportunity
/// that is wider than the line (`Untersuchungsrichter?“ „Natürlich,`: no opportunity at that space) is cut where a
/// reader would cut it: after a space inside it, else at a hyphenation point of its language (a hyphen is drawn),
/// and only then between graphemes. Only slices the shaping result: no reshaping.
///
/// Hyphenation points among the candidates are taken like any other break, with the hyphen's width added to the
/// line; no more than ``LineBreak/maximumConsecutiveHyphens`` lines in a row end with a hyphen.
struct GreedyLineBreaker {
    /// The widths in points of the first line and of the following lines.
    let firstLineWidth: Float
    let width: Float
    /// Whether a paragraph whose widths allow it is broken by searching for each line's last fitting
    /// opportunity (the default) rather than walking to it; the two give the same lines (`GreedyBreakingTests`).
    var mayGallop = true
    /// Lines after the first that are narrower (beside a drop cap): lines 2...`narrowLines.count` get
    /// `narrowLines.width`.
    var narrowLines: (count: Int, width: Float) = (0, 0)
    /// The factors by which a line's first and last characters hang into the margins (nil: none); what hangs
    /// takes no room on the line.
    var protrusion: ProtrusionTable?
    /// Whether an ideographic stop or comma ending a line may hang past its end (``HangingPunctuation``): a line
    /// then fits when its text before the mark does.
    var hangsStops = false
    /// Where the units the emergency cuts looked at are added up, when given (tests count work with it).
    var work: WorkCounter?

    init(firstLineWidth: Float, width: Float, mayGallop: Bool = true, narrowLines: (count: Int, width: Float) = (0, 0),
         protrusion: ProtrusionTable? = nil, hangsStops: Bool = false) {
        self.firstLineWidth = firstLineWidth
        self.width = width
        self.mayGallop = mayGallop
        self.narrowLines = narrowLines
        self.protrusion = protrusion
        self.hangsStops = hangsStops
    }

    /// Breaks `shaped` at `breaks` (``BreakCandidate``s, ascending; the shaped paragraph's own opportunities or
    /// those merged with hyphenation points, kept alive by the caller for the call), measuring with `metrics` (per-unit x prefix, in points); `units`
    /// are the content's source units and `hyphenWidth(end)` the width of the hyphen shown when a line ends at
    /// a hyphenation point `end`.
    /// `hyphenationPoints(range)` gives the hyphenation points inside `range` (content offsets, ascending) for an
    /// emergency cut, whether or not the paragraph is hyphenated: a slice of the paragraph's, since only those up to
    /// the first that does not fit are read.
    func breakLines(_ shaped: ShapedParagraph, breaks: UnsafeBufferPointer<UInt32>, metrics: ParagraphMetrics, units: ArraySlice<UInt16>,
                    hyphenWidth: (Int) -> Float, graphemes: () -> BreakIterator?,
                    hyphenationPoints: (Range<Int>) -> ArraySlice<Int> = { _ in [] }) -> [LineBreak] {
        var result: [LineBreak] = []
        breakLines(shaped, breaks: breaks, metrics: metrics, units: units, hyphenWidth: hyphenWidth, graphemes: graphemes,
                   hyphenationPoints: hyphenationPoints, into: &result)
        return result
    }

    /// The same, into `result` (emptied first; a scratch array reused across paragraphs saves an allocation each).
    func breakLines(_ shaped: ShapedParagraph, breaks: UnsafeBufferPointer<UInt32>, metrics: ParagraphMetrics, units: ArraySlice<UInt16>,
                    hyphenWidth: (Int) -> Float, graphemes: () -> BreakIterator?,
                    hyphenationPoints: (Range<Int>) -> ArraySlice<Int> = { _ in [] }, into result: inout [LineBreak]) {
        result.removeAll(keepingCapacity: true)
        let count = shaped.contentLength
        guard count > 0 else { result.append(LineBreak(end: 0, hard: true)); return }
        // The loop below reads through buffer pointers (it runs once per break opportunity of every relayout, and
        // bounds checks and array retains were most of its cost); these are the bounds that make that safe.
        guard metrics.prefix.count > count, metrics.base.count > count >> ParagraphMetrics.blockShift,
              metrics.clusterStarts.count > count, units.count >= count else {
            result.append(LineBreak(end: count, hard: true))
            return
        }
        var lineStart = 0
        var lastFit: (end: Int, hyphenated: Bool)? = nil  // last opportunity that fits on the current line
        var available = Double(firstLineWidth) + metrics.fitTolerance
        var hyphenRun = 0  // lines in a row ending with a hyphen
        let scale = metrics.scale
        // With monotone widths and only plain opportunities (the usual paragraph), every opportunity up to some
        // point fits and none after it: each line's last fitting one is found by a galloping search from the
        // line's start, guided by the previous line's count, instead of measuring every opportunity on the way.
        let gallops = mayGallop && shaped.hasMonotoneWidthsAndPlainBreaks && breaks.count == shaped.breaks.count
            && scale.isFinite && scale >= 0
        var previousLineCount = 8  // opportunities per line, the gallop's first step
        // `metrics`, borrowed for the call, keeps its buffers alive; the caller keeps `breaks` alive.
        let prefix = metrics.prefix, base = metrics.base, clusterStarts = metrics.clusterStarts
        units.withUnsafeBufferPointer { content in
            // Widths from the positions ParagraphMetrics keeps (`Double`, so exact far into a paragraph), the line
            // start's found once per line; `available` includes the fit tolerance.
            let shift = ParagraphMetrics.blockShift
            @inline(__always) func position(_ offset: Int) -> Double { base[offset >> shift] + Double(prefix[offset]) }
            var lineStartPosition = 0.0
            /// The width from the line's start to `end`, in points.
            @inline(__always) func advance(to end: Int) -> Double { (position(end) - lineStartPosition) * scale }
            // A line starting or ending at an opportunity inside a stretch shaped as one (BreakAdjustment), less
            // what its first character hangs into the margin (protrusion).
            @inline(__always) func startAdjustmentAndHang(at start: Int) -> Double {
                metrics.startAdjustment(start)
                    - (protrusion?.startProtrusion(content: units, metrics: metrics, start: start, end: count) ?? 0)
            }
            var startAdjustment = startAdjustmentAndHang(at: 0)
            @inline(__always) func fits(_ end: Int, hyphenated: Bool) -> Bool {
                if hyphenated {
                    let hyphen = hyphenWidth(end)
                    let hanging = protrusion?.endProtrusion(content: units, metrics: metrics, start: lineStart, end: end,
                                                            hyphenated: true, hyphenWidth: hyphen) ?? 0
                    return advance(to: end) + Double(hyphen) - hanging + startAdjustment <= available
                }
                let visibleEnd = CharacterClass.visibleEnd(of: content, from: lineStart, to: end)
                let adjustment = visibleEnd == end ? metrics.endAdjustment(end) : 0
                var hanging = protrusion?.endProtrusion(content: units, metrics: metrics, start: lineStart, end: visibleEnd,
                                                        hyphenated: false, hyphenWidth: 0) ?? 0
                if hangsStops {
                    hanging = max(hanging, HangingPunctuation.endHang(content: units, metrics: metrics, start: lineStart, end: visibleEnd))
                }
                return advance(to: visibleEnd) + adjustment - hanging + startAdjustment <= available
            }
            var spaceCuts = SpaceCutScan()  // where emergency cuts may follow a space
            defer { work?.count += spaceCuts.unitsExamined }
            var index = 0  // the opportunity being examined
            var lineFirstIndex = 0  // the first opportunity examined for the current line
            func emit(_ end: Int, hard: Bool, hyphenated: Bool = false) {
                result.append(LineBreak(end: end, hard: hard, hyphenated: hyphenated))
                previousLineCount = max(1, index - lineFirstIndex)
                lineFirstIndex = index
                lineStart = end
                lineStartPosition = position(end)
                startAdjustment = startAdjustmentAndHang(at: end)
                lastFit = nil
                available = Double(result.count < narrowLines.count ? narrowLines.width : width) + metrics.fitTolerance
                hyphenRun = hyphenated ? hyphenRun + 1 : 0
            }
            // Whether everything from the line start to opportunity `k` fits, trailing spaces included (when it
            // does, the line ending there fits too: hanging spaces only make it narrower).
            @inline(__always) func fitsWhole(_ k: Int) -> Bool {
                advance(to: min(BreakCandidate.offset(breaks[k]), count)) <= available
            }
            // The last opportunity from `index` whose text, trailing spaces included, fits the line (given that
            // the one at `index` does); the paragraph's end is left to the walk.
            @inline(__always) func lastFittingWhole(from index: Int) -> Int {
                let last = breaks.count - 2
                var low = index, high = last + 1  // fitsWhole(low); everything at or past high is unknown or not
                // Lines of a paragraph hold about as many opportunities as the line before: probe there first,
                // then gallop away from that guess in the direction it points (the answer is usually a step or
                // two from it), then bisect what is left.
                let guess = min(last, low + max(1, previousLineCount - 1))
                var step = 1
                if fitsWhole(guess) {
                    low = guess
                    while low + step <= last {
                        if fitsWhole(low + step) { low += step; step *= 2 } else { high = low + step; break }
                    }
                } else {
                    high = guess
                    while high - step > low {
                        if fitsWhole(high - step) { low = high - step; break } else { high -= step; step *= 2 }
                    }
                }
                while high - low > 1 {
                    let middle = (low + high) / 2
                    if fitsWhole(middle) { low = middle } else { high = middle }
                }
                return low
            }
            // The last of the opportunities `index...low` that may end a line (not inside a cluster), or
            // `index - 1` when none may.
            @inline(__always) func lastLineEnd(through low: Int, from index: Int) -> Int {
                var k = low
                while k >= index, clusterStarts[min(BreakCandidate.offset(breaks[k]), count)] == 0 { k -= 1 }
                return k
            }
            // The usual line of the usual paragraph, in a loop of its own: the search above, then the one or two
            // opportunities after it (one may fit once its trailing spaces hang), then the break. Any other case
            // (a word wider than the line, no opportunity but the paragraph's end) leaves the line to the walk
            // below, in the same state; both make the same lines (`GreedyBreakingTests`).
            lines: while gallops {
                while index < breaks.count && min(BreakCandidate.offset(breaks[index]), count) <= lineStart { index += 1 }
                guard index + 1 < breaks.count, fitsWhole(index) else { break }
                let low = lastFittingWhole(from: index)
                let k = lastLineEnd(through: low, from: index)
                guard k >= index else { index = low + 1; break }
                var fit = min(BreakCandidate.offset(breaks[k]), count)
                index = low + 1
                while index < breaks.count {
                    let candidate = breaks[index]
                    let opportunity = min(BreakCandidate.offset(candidate), count)
                    let mandatory = BreakCandidate.isMandatory(candidate)
                    if clusterStarts[opportunity] == 0 && opportunity < count && !mandatory { index += 1; continue }
                    guard fits(opportunity, hyphenated: false) else { break }
                    if mandatory {
                        emit(opportunity, hard: true)
                        index += 1
                        continue lines
                    }
                    fit = opportunity
                    index += 1
                }
                emit(fit, hard: false)
            }
            while index < breaks.count {
                if gallops && lastFit == nil && index + 1 < breaks.count
                    && BreakCandidate.offset(breaks[index]) > lineStart && fitsWhole(index) {
                    let low = lastFittingWhole(from: index)
                    // The last of them that may end a line (not inside a cluster) is the line's break so far.
                    let k = lastLineEnd(through: low, from: index)
                    if k >= index { lastFit = (min(BreakCandidate.offset(breaks[k]), count), false) }
                    index = low + 1
                    continue
                }
                let candidate = breaks[index]
                let opportunity = min(BreakCandidate.offset(candidate), count)
                let mandatory = BreakCandidate.isMandatory(candidate)
                let hyphenated = BreakCandidate.isHyphenated(candidate)
                if opportunity <= lineStart { index += 1; continue }
                // Breaks must fall between clusters; an opportunity inside a ligature is skipped.
                if clusterStarts[opportunity] == 0 && opportunity < count && !mandatory { index += 1; continue }
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
                // Nothing fits: the stretch from lineStart to the opportunity is wider than the line. Cut it after
                // the last space inside it that leaves a line that fits, else at the last hyphenation point that does
                // (a hyphen drawn), else between graphemes.
                var spaceCut: Int?
                var from = lineStart + 1
                while let k = spaceCuts.firstCut(from: from, before: opportunity, content: content, clusterStarts: clusterStarts,
                                                 graphemes: graphemes) {
                    let visibleEnd = CharacterClass.visibleEnd(of: content, from: lineStart, to: k)
                    guard visibleEnd > lineStart, advance(to: visibleEnd) + startAdjustment <= available else { break }
                    spaceCut = k
                    from = k + 1
                }
                if let spaceCut {
                    emit(spaceCut, hard: false)
                    continue
                }
                var pointCut: Int?
                for point in hyphenationPoints(lineStart..<opportunity) where point > lineStart && point < opportunity
                    && clusterStarts[point] != 0 {
                    guard advance(to: point) + Double(hyphenWidth(point)) + startAdjustment <= available else { break }
                    pointCut = point
                }
                if let pointCut {
                    emit(pointCut, hard: false, hyphenated: true)
                    continue
                }
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
        }
        if lineStart < count || result.isEmpty { result.append(LineBreak(end: count, hard: true)) }
    }

    /// The furthest grapheme boundary (that is also a cluster boundary) after `start` and up to `limit` whose
    /// text fits in `available`; at least one grapheme, so that every line makes progress.
    private func emergencyBreak(from start: Int, limit: Int, available: Double, metrics: ParagraphMetrics,
                                iterator: BreakIterator) -> Int {
        var best: Int? = nil
        var boundary = start
        while let next = iterator.following(boundary), next <= limit {
            boundary = next
            guard metrics.isClusterStart(next) || next == limit else { continue }
            let fitsHere = metrics.width(start, next) <= available
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
