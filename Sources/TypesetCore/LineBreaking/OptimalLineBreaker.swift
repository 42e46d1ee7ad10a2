/// Knuth–Plass "total fit" line breaking (Knuth and Plass, "Breaking Paragraphs into Lines", 1981; TeX's
/// `\linebreak`), written here for this engine's prefix sums: it chooses the breaks of a whole paragraph that
/// minimise the sum of the lines' demerits, where a line's demerits grow with the cube of how far its spaces are
/// stretched or shrunk, and extra demerits go to hyphenated lines, to two hyphenated lines in a row, to a
/// hyphen on the second-to-last line and to a loose line next to a tight one (fitness classes).
///
/// Every candidate line costs O(1): its natural width is a difference of the paragraph's x prefix sums, its
/// stretch and shrink a difference of the prefix sums of its justifiable spaces' widths (minikin's
/// `OptimalLineBreaker` does the same with `preBreak`/`postBreak`). Inter-word spaces may shrink to
/// ``shrinkFactor`` of their width less and stretch by ``stretchFactor`` at an adjustment ratio of 1; a line
/// stretched further is allowed but counts as loose.
///
/// Bounds: a first pass admits only lines of badness ≤ ``tolerance``; when no such set of breaks exists, a
/// second pass admits any line that is not overfull. The active list is capped at ``maximumActiveNodes`` (the
/// worst are dropped). When even the second pass fails (a word wider than the line) or the paragraph has no
/// inter-word space at all (Chinese or Japanese text, where stretching is inter-character), the caller falls
/// back to the greedy breaker: `breakLines` returns nil.
struct OptimalLineBreaker {
    /// The widths in points of the first line and of the following lines.
    let firstLineWidth: Float
    let width: Float

    /// Space may stretch by half its width at an adjustment ratio of 1, and shrink by a fifth at most.
    static let stretchFactor: Float = 0.5
    static let shrinkFactor: Float = 0.2
    /// TeX's defaults: `\tolerance=200`, `\linepenalty=10`, `\hyphenpenalty=50`, `\adjdemerits=10000`,
    /// `\doublehyphendemerits=10000`, `\finalhyphendemerits=5000`.
    static let tolerance: Double = 200
    static let linePenalty: Double = 10
    static let hyphenPenalty: Double = 50
    static let adjacentFitnessDemerits: Double = 10_000
    static let doubleHyphenDemerits: Double = 10_000
    static let finalHyphenDemerits: Double = 5_000
    static let maximumActiveNodes = 400

    /// A feasible break: the best way found to end a line at a candidate with a given fitness class and number
    /// of hyphenated lines just before it.
    private struct Node {
        var candidate: Int32      // index into the candidate arrays; -1 for the paragraph's start
        var previous: Int32       // index into `nodes`; -1 for none
        var total: Double         // demerits of the lines up to here
        var fitness: UInt8        // 0 tight, 1 decent, 2 loose, 3 very loose
        var hyphenRun: UInt8      // hyphenated lines ending just before (and at) this break
        var lineIndex: Int32
    }

    /// The chosen breaks, or nil when this breaker cannot set the paragraph (see the type's comment).
    ///
    /// - Parameters:
    ///   - breaks: ``BreakCandidate``s, ascending (the paragraph's opportunities, possibly merged with
    ///     hyphenation points); the last is the end of the content.
    ///   - metrics: per-unit x prefix sums of the paragraph, in points through ``ParagraphMetrics/width(_:_:)``.
    ///   - spaceWidths: the width in points of the justifiable spaces of the paragraph, by cluster offset
    ///     (``JustifiableSpaces``).
    ///   - hyphenWidth: the width of the hyphen drawn when a line ends at hyphenation point `end`.
    func breakLines(_ shaped: ShapedParagraph, breaks: [UInt32], metrics: ParagraphMetrics, units: ArraySlice<UInt16>,
                    spaces: JustifiableSpaces, hyphenWidth: (Int) -> Float) -> [LineBreak]? {
        let count = shaped.contentLength
        guard count > 0 else { return [LineBreak(end: 0, hard: true)] }
        guard spaces.total > 0 else { return nil }
        // Per candidate: where its line would start and end (trailing spaces hang) in x and in space widths.
        var offsets: [Int32] = [], startX: [Float] = [], endX: [Float] = [], startSpace: [Float] = [], endSpace: [Float] = []
        var flags: [UInt8] = []
        offsets.reserveCapacity(breaks.count); startX.reserveCapacity(breaks.count); endX.reserveCapacity(breaks.count)
        startSpace.reserveCapacity(breaks.count); endSpace.reserveCapacity(breaks.count); flags.reserveCapacity(breaks.count)
        let base = units.startIndex
        for candidate in breaks {
            let offset = BreakCandidate.offset(candidate)
            let mandatory = BreakCandidate.isMandatory(candidate) || offset == count
            guard offset > 0, offset <= count, metrics.isClusterStart(offset) || mandatory else { continue }
            let hyphenated = BreakCandidate.isHyphenated(candidate) && !mandatory
            var visibleEnd = offset
            if !hyphenated {
                while visibleEnd > 0, CharacterClass.isHangingSpace(units[base + visibleEnd - 1]) { visibleEnd -= 1 }
            }
            offsets.append(Int32(offset))
            startX.append(metrics.width(0, offset))
            endX.append(metrics.width(0, visibleEnd) + (hyphenated ? hyphenWidth(offset) : 0))
            startSpace.append(spaces.width(before: offset))
            endSpace.append(spaces.width(before: visibleEnd))
            flags.append((mandatory ? 1 : 0) | (hyphenated ? 2 : 0))
        }
        guard !offsets.isEmpty else { return nil }
        for threshold in [OptimalLineBreaker.tolerance, .infinity] {
            if let result = run(threshold: threshold, offsets: offsets, startX: startX, endX: endX,
                                startSpace: startSpace, endSpace: endSpace, flags: flags) {
                return result
            }
        }
        return nil
    }

    /// The adjustment ratio of a line of natural width `natural` with `spaceWidth` points of justifiable space
    /// on a line `available` wide: positive when its spaces stretch (1 = by ``stretchFactor`` of their width),
    /// negative when they shrink (-1 = by ``shrinkFactor``). Infinite when the line is short and has no space.
    @inline(__always)
    static func adjustmentRatio(natural: Float, spaceWidth: Float, available: Float) -> Float {
        let slack = available - natural
        if slack >= 0 {
            let stretch = spaceWidth * stretchFactor
            return stretch > 0 ? slack / stretch : (slack < 0.001 ? 0 : .infinity)
        }
        let shrink = spaceWidth * shrinkFactor
        return shrink > 0 ? slack / shrink : -.infinity
    }

    /// TeX's fitness class of an adjustment ratio: 0 tight, 1 decent, 2 loose, 3 very loose.
    @inline(__always)
    static func fitnessClass(_ ratio: Float) -> UInt8 {
        ratio < -0.5 ? 0 : ratio <= 0.5 ? 1 : ratio <= 1 ? 2 : 3
    }

    /// TeX's badness, 100 |r|³, at most 10 000 ("infinitely bad").
    @inline(__always)
    static func badness(_ ratio: Float) -> Double {
        let r = Double(abs(ratio))
        return r >= 4.65 ? 10_000 : min(10_000, 100 * r * r * r)
    }

    /// The demerits of one line: TeX's `(linepenalty + badness)²`, plus the hyphen penalty squared for a
    /// hyphenated line, plus extra demerits for a second hyphen in a row, for a hyphen on the second-to-last line
    /// and for a fitness class more than one away from the previous line's.
    static func demerits(badness: Double, hyphenated: Bool, afterHyphen: Bool, isLast: Bool, fitness: UInt8,
                         previousFitness: UInt8?) -> Double {
        var demerits = (linePenalty + badness) * (linePenalty + badness)
        if hyphenated { demerits += hyphenPenalty * hyphenPenalty }
        if hyphenated && afterHyphen { demerits += doubleHyphenDemerits }
        if isLast && afterHyphen { demerits += finalHyphenDemerits }
        if let previousFitness, abs(Int(fitness) - Int(previousFitness)) > 1 { demerits += adjacentFitnessDemerits }
        return demerits
    }

    /// The total demerits of a paragraph broken at `lines` (by any breaker), by the model this breaker minimises;
    /// +∞ when a line is overfull beyond the shrink limit or a paragraph's last line does not fit.
    func totalDemerits(of lines: [LineBreak], metrics: ParagraphMetrics, units: ArraySlice<UInt16>,
                       spaces: JustifiableSpaces, hyphenWidth: (Int) -> Float) -> Double {
        var total = 0.0
        var start = 0
        var previousFitness: UInt8? = nil
        var afterHyphen = false
        for (index, line) in lines.enumerated() {
            var visibleEnd = line.end
            if !line.hyphenated {
                while visibleEnd > start, CharacterClass.isHangingSpace(units[units.startIndex + visibleEnd - 1]) { visibleEnd -= 1 }
            }
            let natural = metrics.width(start, visibleEnd) + (line.hyphenated ? hyphenWidth(line.end) : 0)
            let isLast = index == lines.count - 1
            var ratio = OptimalLineBreaker.adjustmentRatio(natural: natural,
                                                           spaceWidth: spaces.width(before: visibleEnd) - spaces.width(before: start),
                                                           available: index == 0 ? firstLineWidth : width)
            if ratio < -1 { return .infinity }
            if line.hard || isLast {
                if ratio < 0 { return .infinity }
                ratio = 0
            }
            let fitness = OptimalLineBreaker.fitnessClass(ratio)
            total += OptimalLineBreaker.demerits(badness: OptimalLineBreaker.badness(ratio), hyphenated: line.hyphenated,
                                                 afterHyphen: afterHyphen, isLast: isLast, fitness: fitness,
                                                 previousFitness: previousFitness)
            previousFitness = fitness
            afterHyphen = line.hyphenated
            start = line.end
        }
        return total
    }

    private func run(threshold: Double, offsets: [Int32], startX: [Float], endX: [Float], startSpace: [Float],
                     endSpace: [Float], flags: [UInt8]) -> [LineBreak]? {
        var nodes: [Node] = [Node(candidate: -1, previous: -1, total: 0, fitness: 1, hyphenRun: 0, lineIndex: 0)]
        var active: [Int32] = [0]
        var survivors: [Int32] = []
        // The best new node per (fitness class, hyphen run 0...2) at the current candidate.
        var best = [Int32](repeating: -1, count: 12)
        let last = offsets.count - 1
        for k in 0...last {
            let mandatory = flags[k] & 1 != 0
            let hyphenated = flags[k] & 2 != 0
            for i in best.indices { best[i] = -1 }
            survivors.removeAll(keepingCapacity: true)
            for a in active {
                let node = nodes[Int(a)]
                let from = Int(node.candidate)
                let x0 = from < 0 ? 0 : startX[from]
                let s0 = from < 0 ? 0 : startSpace[from]
                let available = node.lineIndex == 0 ? firstLineWidth : width
                let natural = endX[k] - x0
                var ratio = OptimalLineBreaker.adjustmentRatio(natural: natural, spaceWidth: endSpace[k] - s0, available: available)
                if ratio < -1 {
                    // Overfull: every later candidate is longer still, so this node can end no more lines.
                    continue
                }
                if mandatory {
                    // The last line of a paragraph (or before a hard break) is set at its natural width: it may
                    // be short, never shrunk.
                    if ratio < 0 { continue }
                    ratio = 0
                }
                if !mandatory { survivors.append(a) }
                let badness = OptimalLineBreaker.badness(ratio)
                guard badness <= threshold else { continue }
                if hyphenated && Int(node.hyphenRun) >= LineBreak.maximumConsecutiveHyphens { continue }
                let fitness = OptimalLineBreaker.fitnessClass(ratio)
                let total = node.total + OptimalLineBreaker.demerits(
                    badness: badness, hyphenated: hyphenated, afterHyphen: node.hyphenRun > 0, isLast: k == last,
                    fitness: fitness, previousFitness: from >= 0 ? node.fitness : nil)
                let run = hyphenated ? min(Int(node.hyphenRun) + 1, 2) : 0
                let slot = Int(fitness) * 3 + run
                if best[slot] < 0 || total < nodes[Int(best[slot])].total {
                    let made = Node(candidate: Int32(k), previous: a, total: total, fitness: fitness,
                                    hyphenRun: UInt8(run), lineIndex: node.lineIndex + 1)
                    if best[slot] >= 0 && Int(best[slot]) == nodes.count - 1 && nodes[nodes.count - 1].candidate == Int32(k) {
                        nodes[Int(best[slot])] = made  // replace the node made for this slot just now
                    } else {
                        best[slot] = Int32(nodes.count)
                        nodes.append(made)
                    }
                }
            }
            swap(&active, &survivors)
            for slot in best where slot >= 0 { active.append(slot) }
            if active.isEmpty { return nil }
            if active.count > OptimalLineBreaker.maximumActiveNodes {
                // Pathological paragraphs (very narrow columns, huge tolerance): keep the most promising nodes.
                active.sort { nodes[Int($0)].total < nodes[Int($1)].total }
                active.removeLast(active.count - OptimalLineBreaker.maximumActiveNodes)
            }
        }
        // The best node at the last candidate.
        var chosen: Int32 = -1
        for a in active where Int(nodes[Int(a)].candidate) == last {
            if chosen < 0 || nodes[Int(a)].total < nodes[Int(chosen)].total { chosen = a }
        }
        guard chosen >= 0 else { return nil }
        var result: [LineBreak] = []
        var n = chosen
        while n >= 0, nodes[Int(n)].candidate >= 0 {
            let k = Int(nodes[Int(n)].candidate)
            result.append(LineBreak(end: Int(offsets[k]), hard: flags[k] & 1 != 0, hyphenated: flags[k] & 2 != 0))
            n = nodes[Int(n)].previous
        }
        result.reverse()
        return result
    }
}
