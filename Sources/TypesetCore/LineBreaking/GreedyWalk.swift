/// One paragraph's greedy breaking under way (see ``GreedyLineBreaker``): the line being filled, the candidate
/// being examined, and the lines so far. Its steps are methods rather than one loop: measuring (`fits`), the
/// galloping search for the usual line, the walk over every candidate, and the emergency cut of a stretch wider
/// than the line.
struct GreedyWalk {
    /// The break pass's input, borrowed for the walk (a copy retained its ten references per paragraph).
    let input: UnsafePointer<LineBreakInput>
    let content: UnsafeBufferPointer<UInt16>
    let candidates: UnsafeBufferPointer<UInt32>
    // `input.metrics` keeps these alive for the walk; the caller keeps `candidates` alive.
    let prefix: UnsafeBufferPointer<Float>
    let base: UnsafeBufferPointer<Double>
    let clusterStarts: UnsafeBufferPointer<UInt8>
    let scale: Double
    let count: Int
    /// The lines so far: the caller's buffer, which it keeps alive for the walk (a pointer: a reference to its owner
    /// held here was retained and released at every line).
    let lines: UnsafeMutablePointer<LineBreakBuffer>
    var lineStart = 0
    /// Where the current line starts, in the metrics' units, and what its start gains or hangs (points).
    var lineStartPosition = 0.0
    var startAdjustment = 0.0
    /// The last opportunity that fits on the current line.
    var lastFit: (end: Int, hyphenated: Bool)? = nil
    /// The widest measure that fits the current line (``ParagraphMetrics/fitLimit(_:)``: its width, made exact).
    var available: Double
    /// Lines in a row ending with a hyphen.
    var hyphenRun = 0
    /// The candidate being examined, the first examined for the current line, and the previous line's count of
    /// candidates (the gallop's first step).
    var index = 0
    var lineFirstIndex = 0
    var previousLineCount = 8
    /// Whether the grapheme iterator holds this paragraph's text.
    var graphemesReady = false
    /// Where emergency cuts may follow a space, found by one scan of the paragraph (``SpaceCutScan``).
    var spaceCuts = SpaceCutScan()
    /// The paragraph's hyphenation points for emergency cuts, found at the first cut and kept for the others (found
    /// again per cut, a long word cut into many lines was looked through once per line: quadratic).
    var emergencyPoints: [Int]?
    /// The fit limits (``ParagraphMetrics/fitLimit(_:)``) of the paragraph's first, narrow and other lines, worked
    /// out once per paragraph rather than at each line (``LineWidths`` has three widths).
    let firstLimit: Double, narrowLimit: Double, otherLimit: Double
    let narrowCount: Int, narrowFrom: Int
    /// Whether a line's start may gain or hang anything (break adjustments, protrusion), and whether its end may
    /// (those, or a hanging stop): asked once per paragraph, so that a plain paragraph's lines and probes (most)
    /// skip the lookups, which add nothing to them.
    let adjustsStarts: Bool
    let adjustsEnds: Bool
    /// Whether every candidate but the last lies at a cluster start (the paragraph's own opportunities, plain:
    /// ``ShapedParagraph/hasMonotoneWidthsAndPlainBreaks``), so that no line end needs the cluster starts read.
    let candidatesStartClusters: Bool

    /// Inlined into the breaker: called, the walk was made in a temporary and copied into place (a memcpy per paragraph).
    @inline(__always)
    init(_ input: UnsafePointer<LineBreakInput>, content: UnsafeBufferPointer<UInt16>, lines: UnsafeMutablePointer<LineBreakBuffer>,
         candidatesStartClusters: Bool) {
        self.input = input
        self.candidatesStartClusters = candidatesStartClusters
        self.content = content
        candidates = input.pointee.candidates
        prefix = input.pointee.metrics.prefix
        base = input.pointee.metrics.base
        clusterStarts = input.pointee.metrics.clusterStarts
        scale = input.pointee.metrics.scale
        count = input.pointee.count
        self.lines = lines
        let widths = input.pointee.widths
        // Worked out only for widths that differ (nearly every paragraph has no narrow lines, and many no first-line
        // indent): each is a libm call. A limit of equal widths is the same number; one never read may be any.
        otherLimit = input.pointee.metrics.fitLimit(Double(widths.other))
        firstLimit = widths.first == widths.other ? otherLimit : input.pointee.metrics.fitLimit(Double(widths.first))
        narrowLimit = widths.narrowCount == 0 ? otherLimit : input.pointee.metrics.fitLimit(Double(widths.narrow))
        narrowCount = widths.narrowCount
        narrowFrom = widths.narrowFrom
        adjustsStarts = input.pointee.metrics.hasAdjustments || input.pointee.protrusion != nil
        adjustsEnds = adjustsStarts || input.pointee.hangsStops
        available = firstLimit
        startAdjustment = startAdjustmentAndHang(at: 0)
    }

    /// The fit limit of line `index` (from 0), as ``LineWidths/width(ofLine:)`` picks its width.
    @inline(__always) func fitLimit(ofLine index: Int) -> Double {
        index == 0 ? firstLimit : index < narrowCount && index >= narrowFrom ? narrowLimit : otherLimit
    }

    // MARK: Measuring

    /// The position of unit `offset` in the metrics' units (see ``ParagraphMetrics``).
    @inline(__always) func position(_ offset: Int) -> Double {
        base[offset >> ParagraphMetrics.blockShift] + Double(prefix[offset])
    }

    /// The width from the line's start to `end`, in points.
    @inline(__always) func advance(to end: Int) -> Double { (position(end) - lineStartPosition) * scale }

    /// The content offset of candidate `k` (at most the content's end).
    @inline(__always) func offset(_ k: Int) -> Int { min(BreakCandidate.offset(candidates[k]), count) }

    /// What a line starting at `start` gains at an opportunity inside a stretch shaped as one (``BreakAdjustment``),
    /// less what its first character hangs into the margin (protrusion).
    @inline(__always) func startAdjustmentAndHang(at start: Int) -> Double {
        guard adjustsStarts else { return 0 }
        return input.pointee.metrics.startAdjustment(start)
            - (input.pointee.protrusion?.startProtrusion(content: input.pointee.content, metrics: input.pointee.metrics, start: start, end: count) ?? 0)
    }

    /// Whether the line from ``lineStart`` ending at `end` fits: without its hanging white space, with the hyphen a
    /// hyphenated end draws, less what hangs into the margin.
    @inline(__always) func fits(_ end: Int, hyphenated: Bool) -> Bool {
        if hyphenated {
            let hyphen = input.pointee.hyphenWidth(end)
            let hanging = input.pointee.protrusion?.endProtrusion(content: input.pointee.content, metrics: input.pointee.metrics, start: lineStart, end: end,
                                                          hyphenated: true, hyphenWidth: hyphen) ?? 0
            return advance(to: end) + Double(hyphen) - hanging + startAdjustment <= available
        }
        let visibleEnd = CharacterClass.visibleEnd(of: content, from: lineStart, to: end)
        // Nothing to add or take away (the sum below with zeros is the same number).
        guard adjustsEnds else { return advance(to: visibleEnd) + startAdjustment <= available }
        let adjustment = visibleEnd == end ? input.pointee.metrics.endAdjustment(end) : 0
        var hanging = input.pointee.protrusion?.endProtrusion(content: input.pointee.content, metrics: input.pointee.metrics, start: lineStart, end: visibleEnd,
                                                      hyphenated: false, hyphenWidth: 0) ?? 0
        if input.pointee.hangsStops {
            hanging = max(hanging, HangingPunctuation.endHang(content: input.pointee.content, metrics: input.pointee.metrics,
                                                              start: lineStart, end: visibleEnd))
        }
        return advance(to: visibleEnd) + adjustment - hanging + startAdjustment <= available
    }

    /// Whether everything from the line start to candidate `k` fits, trailing spaces included (when it does, the
    /// line ending there fits too: hanging spaces only make it narrower).
    @inline(__always) func fitsWhole(_ k: Int) -> Bool { advance(to: offset(k)) <= available }

    // MARK: Lines

    /// Ends the current line at `end` and starts the next there.
    @inline(__always) mutating func emit(_ end: Int, reason: BreakReason) {
        lines.pointee.append(LineBreak(end: end, reason: reason))
        previousLineCount = max(1, index - lineFirstIndex)
        lineFirstIndex = index
        lineStart = end
        lineStartPosition = position(end)
        startAdjustment = startAdjustmentAndHang(at: end)
        lastFit = nil
        available = fitLimit(ofLine: lines.pointee.count)
        hyphenRun = reason == .hyphenation || reason == .emergencyHyphenation ? hyphenRun + 1 : 0
    }

    /// The last candidate from `index` whose text, trailing spaces included, fits the line (given that the one
    /// at `index` does); the paragraph's end is left to the walk. Lines of a paragraph hold about as many
    /// candidates as the line before: it probes there first, gallops away from that guess in the direction it
    /// points (the answer is usually a step or two from it), then bisects what is left.
    @inline(__always) func lastFittingWhole(from index: Int) -> Int {
        let last = candidates.count - 2
        var low = index, high = last + 1  // fitsWhole(low); everything at or past high is unknown or not
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

    /// The last of the candidates `index...low` that may end a line (not inside a cluster), or `index - 1` when
    /// none may.
    @inline(__always) func lastLineEnd(through low: Int, from index: Int) -> Int {
        if candidatesStartClusters { return low }
        var k = low
        while k >= index, clusterStarts[offset(k)] == 0 { k -= 1 }
        return k
    }

    /// The usual lines of the usual paragraph, in a loop of their own: the search above, then the one or two
    /// candidates after it (one may fit once its trailing spaces hang), then the break. Any other case (a word
    /// wider than the line, no opportunity but the paragraph's end) leaves the line to ``walk(gallops:)``, in the
    /// same state; both make the same lines (`GreedyBreakingTests`).
    mutating func gallopLines() {
        lines: while true {
            while index < candidates.count && offset(index) <= lineStart { index += 1 }
            guard index + 1 < candidates.count, fitsWhole(index) else { return }
            let low = lastFittingWhole(from: index)
            let k = lastLineEnd(through: low, from: index)
            guard k >= index else { index = low + 1; return }
            var fit = offset(k)
            index = low + 1
            while index < candidates.count {
                let candidate = candidates[index]
                let opportunity = offset(index)
                let mandatory = BreakCandidate.isMandatory(candidate)
                if !candidatesStartClusters && clusterStarts[opportunity] == 0 && opportunity < count && !mandatory { index += 1; continue }
                guard fits(opportunity, hyphenated: false) else { break }
                if mandatory {
                    emit(opportunity, reason: .mandatory)
                    index += 1
                    continue lines
                }
                fit = opportunity
                index += 1
            }
            emit(fit, reason: .opportunity)
        }
    }

    /// Walks the remaining candidates one by one: each that fits becomes the line's break so far; the first that
    /// does not ends the line at the last that did, or, when none did, calls for an emergency cut.
    mutating func walk(gallops: Bool) {
        while index < candidates.count {
            if gallops && lastFit == nil && index + 1 < candidates.count && offset(index) > lineStart && fitsWhole(index) {
                let low = lastFittingWhole(from: index)
                // The last of them that may end a line (not inside a cluster) is the line's break so far.
                let k = lastLineEnd(through: low, from: index)
                if k >= index { lastFit = (offset(k), false) }
                index = low + 1
                continue
            }
            let candidate = candidates[index]
            let opportunity = offset(index)
            let mandatory = BreakCandidate.isMandatory(candidate)
            let hyphenated = BreakCandidate.isHyphenated(candidate)
            if opportunity <= lineStart { index += 1; continue }
            // Breaks must fall between clusters; an opportunity inside a ligature is skipped.
            if !candidatesStartClusters && clusterStarts[opportunity] == 0 && opportunity < count && !mandatory { index += 1; continue }
            if hyphenated && hyphenRun >= LineBreak.maximumConsecutiveHyphens { index += 1; continue }
            if fits(opportunity, hyphenated: hyphenated) {
                if mandatory { emit(opportunity, reason: .mandatory) } else { lastFit = (opportunity, hyphenated) }
                index += 1
                continue
            }
            if let fit = lastFit {
                emit(fit.end, reason: fit.hyphenated ? .hyphenation : .opportunity)
                continue  // re-examine this opportunity on the new line
            }
            cutStretch(before: opportunity, mandatory: mandatory, hyphenated: hyphenated)
        }
    }

    // MARK: Emergencies

    /// Nothing fits: the stretch from the line's start to `opportunity` is wider than the line. Cuts it after the
    /// last space inside it that leaves a line that fits, else at the last hyphenation point that does (a hyphen
    /// drawn), else between graphemes.
    mutating func cutStretch(before opportunity: Int, mandatory: Bool, hyphenated: Bool) {
        if let cut = spaceCut(before: opportunity) {
            emit(cut, reason: .emergencySpace)
            return
        }
        if let cut = hyphenationCut(before: opportunity) {
            emit(cut, reason: .emergencyHyphenation)
            return
        }
        let end = graphemeCut(before: opportunity)
        if end >= opportunity {
            // One grapheme wider than the line: it overflows, up to its opportunity.
            emit(opportunity, reason: mandatory ? .mandatory : hyphenated ? .hyphenation : .opportunity)
            index += 1
        } else {
            emit(end, reason: .emergencyGrapheme)
        }
    }

    /// The last offset inside the stretch after a breakable space where a line fits, if any. A source line end
    /// inside the paragraph counts as one (layout reads a soft line end as a space: `Untersuchungsrichter?“` at the
    /// end of a source line and `„Natürlich,“` at the start of the next are cut there, not hyphenated; see
    /// ``SpaceCutScan``). The scan remembers where it stopped, so the lines of one long stretch look at each unit once.
    mutating func spaceCut(before opportunity: Int) -> Int? {
        var cut: Int?
        var from = lineStart + 1
        var scan = spaceCuts
        defer { spaceCuts = scan }
        while let k = scan.firstCut(from: from, before: opportunity, content: content, clusterStarts: clusterStarts,
                                    graphemes: { graphemes() }) {
            let visibleEnd = CharacterClass.visibleEnd(of: content, from: lineStart, to: k)
            guard visibleEnd > lineStart, advance(to: visibleEnd) + startAdjustment <= available else { break }
            cut = k
            from = k + 1
        }
        return cut
    }

    /// The last hyphenation point of the paragraph's language inside the stretch where a hyphenated line fits.
    /// Only the points up to the first that does not fit are read, from a slice of the paragraph's found by search.
    mutating func hyphenationCut(before opportunity: Int) -> Int? {
        let points = emergencyPoints ?? input.pointee.emergencyHyphenationPoints()
        emergencyPoints = points
        let low = points.partitioningIndex { $0 > lineStart }
        var cut: Int?
        for point in points[low...] {
            guard point < opportunity else { break }
            guard clusterStarts[point] != 0 else { continue }
            guard advance(to: point) + Double(input.pointee.hyphenWidth(point)) + startAdjustment <= available else { break }
            cut = point
        }
        return cut
    }

    /// The grapheme iterator over this paragraph's content, its text set on first use.
    mutating func graphemes() -> BreakIterator? {
        guard let iterator = input.pointee.graphemes else { return nil }
        if !graphemesReady { iterator.setText(input.pointee.content); graphemesReady = true }
        return iterator
    }

    /// The furthest grapheme boundary (that is also a cluster boundary) after the line's start and up to `limit`
    /// whose text fits; at least one grapheme, so that every line makes progress; `limit` without graphemes.
    mutating func graphemeCut(before limit: Int) -> Int {
        guard let iterator = graphemes() else { return limit }
        var best: Int? = nil
        var boundary = lineStart
        while let next = iterator.following(boundary), next <= limit {
            boundary = next
            guard input.pointee.metrics.isClusterStart(next) || next == limit else { continue }
            let fitsHere = input.pointee.metrics.width(lineStart, next) <= available
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
