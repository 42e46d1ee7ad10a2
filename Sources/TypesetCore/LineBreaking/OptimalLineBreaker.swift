/// Knuth–Plass "total fit" line breaking (Knuth and Plass, "Breaking Paragraphs into Lines", 1981; TeX's
/// `\linebreak`), written here for this engine's prefix sums: it chooses the breaks of a whole paragraph that
/// minimise the sum of the lines' demerits, where a line's demerits grow with the cube of how far its spaces are
/// stretched or shrunk, and extra demerits go to hyphenated lines, to two hyphenated lines in a row, to a
/// hyphen on the second-to-last line and to a loose line next to a tight one (fitness classes).
///
/// Every candidate line costs O(1): its natural width is a difference of the paragraph's x prefix sums, its
/// stretch and shrink a difference of the running sums of its justifiable spaces' widths (minikin's
/// `OptimalLineBreaker` does the same with `preBreak`/`postBreak`). Inter-word spaces may shrink to
/// ``shrinkFactor`` of their width less and stretch by ``stretchFactor`` at an adjustment ratio of 1; a line
/// stretched further is allowed but counts as loose. The gaps beside Chinese and Japanese characters in a paragraph
/// that mixes them with spaced text stretch too (``wideGapStretch``), as ``LineSetter`` justifies them: without
/// them every line of Japanese between two English phrases was rated as unjustifiable, and one was left short.
///
/// One pass admits every line that is not overfull (TeX's first pass at `\tolerance=200` failed for most
/// paragraphs of a phone-width column and so doubled the work; the cubic badness already makes loose lines
/// expensive, and the result is the true minimum of the model). No more than
/// ``LineBreak/maximumConsecutiveHyphens`` lines in a row end with a hyphen. Bounds: the active list is capped at
/// ``maximumActiveNodes`` (the worst are dropped), so a pathological paragraph costs O(candidates × cap). When no
/// set of breaks exists (a word wider than the line) or the paragraph has nothing to stretch (no inter-word space
/// and no wide character), or is mostly Chinese or Japanese text (broken greedily, as browsers and JLReq's line
/// adjustment do: a line of it breaks between almost any two characters and so is always nearly full),
/// `breakLines` returns nil and the caller breaks greedily.
struct OptimalLineBreaker {
    /// Whether lines may be set with shrunk spaces (justified text); otherwise a line must fit at natural width.
    var allowsShrinking = true
    /// How far a line's glyphs (all but its justifiable spaces and its hyphen) may widen or narrow, as a fraction
    /// of their width (0.02 for ±2 %; 0 off): font expansion, which takes a share of the line's slack beside
    /// the spaces (``adjustmentRatio(natural:spaceWidth:available:tolerance:shrinkFactor:glyphWidth:expansion:)``).
    var expansion: Float = 0

    /// Space may stretch by half its width at an adjustment ratio of 1, and shrink by a third at most: Knuth and
    /// Plass's values (and Computer Modern's). A fifth, InDesign's limit, left a third more lines loose at a phone's
    /// measure: a line that cannot shrink enough to take its last word leaves the next one to stretch.
    static let stretchFactor: Float = 0.5
    static let shrinkFactor: Float = 1.0 / 3
    /// How far a gap beside a wide character stretches at an adjustment ratio of 1, in ems of the paragraph's text:
    /// as far as a quarter-em space does at ``stretchFactor``. Such gaps never shrink (JLReq 3.8 compresses only
    /// punctuation's blank, which this engine sets apart).
    static let wideGapStretch: Float = 0.125
    /// TeX's defaults: `\linepenalty=10`, `\hyphenpenalty=50`, `\adjdemerits=10000`,
    /// `\doublehyphendemerits=10000`, `\finalhyphendemerits=5000`.
    static let linePenalty: Double = 10
    static let hyphenPenalty: Double = 50
    static let adjacentFitnessDemerits: Double = 10_000
    static let doubleHyphenDemerits: Double = 10_000
    static let finalHyphenDemerits: Double = 5_000
    static let maximumActiveNodes = 400

    /// A line-end candidate with where its line would start and end, in x and in justifiable-space width
    /// (trailing spaces hang; a hyphen's width is in `endX`), from the paragraph's start (`Double`: positions far
    /// into a long paragraph); `endHyphen` is the part of `endX` that is neither glyphs nor spaces (the drawn
    /// hyphen, less what hangs into the margin): a line's natural width less its spaces and this is the width of
    /// the glyphs expansion may scale (less what hangs at its start, a point or two that only makes it cautious).
    struct Candidate {
        var offset: Int32
        var flags: UInt8  // 1 mandatory, 2 hyphenated
        var startX: Double
        var endX: Double
        var startSpace: Double
        var endSpace: Double
        var endHyphen: Double
    }

    /// A candidate's wide gaps (``wideGapStretch``), for a paragraph that has any: their stretch before a line
    /// starting at it and in a line ending at it, in points (see ``WideGapCounter``). Kept beside the candidates,
    /// not in them, so that the candidates and nodes of a paragraph without any stay as small as they were.
    struct GapStretch {
        var start: Float
        var end: Float
    }

    /// A feasible break: the best way found to end a line at a candidate with a given fitness class and number
    /// of hyphenated lines just before it.
    struct Node {
        var candidate: Int32      // index into the candidates; -1 for the paragraph's start
        var previous: Int32       // index into `nodes`; -1 for none
    }

    /// A node that may still start a line, with what the inner loop needs of it kept together.
    struct Active {
        var x0: Double
        var s0: Double
        var available: Double
        var total: Double
        var node: Int32
        var fitness: UInt8        // 0 tight, 1 decent, 2 loose, 3 very loose; 255 for the paragraph's start
        var hyphenRun: UInt8      // hyphenated lines ending just before (and at) this break
    }

    /// Storage reused from paragraph to paragraph (one per worker thread).
    final class Scratch {
        var candidates: [Candidate] = []
        var nodes: [Node] = []
        var active: [Active] = []
        var wideGaps: [(before: Int32, after: Int32)] = []
        var gapStretches: [GapStretch] = []
    }

    init(allowsShrinking: Bool = true, expansion: Float = 0) {
        self.allowsShrinking = allowsShrinking
        self.expansion = expansion
    }

    /// The chosen breaks of `input`'s paragraph, or nil when this breaker cannot set it (see the type's comment).
    /// Lines are as wide as `input.widths` says (the first, then the others: lines beside a drop cap are left to
    /// the greedy breaker); a line's natural width is counted without what hangs into the margins (protrusion).
    func breakLines(_ input: LineBreakInput, scratch: Scratch) -> [LineBreak]? {
        let shaped = input.shaped, metrics = input.metrics, units = input.content, protrusion = input.protrusion
        let count = shaped.contentLength
        guard count > 0 else { return [LineBreak(end: 0, hard: true)] }
        // Chinese and Japanese text is justified between its characters, which this model of stretching spaces
        // does not describe: with a space or two in the paragraph it rated every line without one unjustifiable,
        // and broke lines of three characters to end others at a space.
        guard !CharacterClass.isMostlyWideUnspaced(units) else { return nil }
        var spaces = SpaceWidthCursor(shaped, content: units, sizes: input.sizes)
        shaped.wideGaps(content: units, into: &scratch.wideGaps)
        let gaps = WideGapCounter(scratch.wideGaps, stretch: Self.wideGapStretch * (input.sizes.first ?? 0))
        var candidates: [Candidate] = []
        swap(&candidates, &scratch.candidates)
        defer { swap(&candidates, &scratch.candidates) }
        candidates.removeAll(keepingCapacity: true)
        var gapStretches: [GapStretch] = []
        swap(&gapStretches, &scratch.gapStretches)
        defer { swap(&gapStretches, &scratch.gapStretches) }
        gapStretches.removeAll(keepingCapacity: true)
        for candidate in input.candidates {
            let offset = BreakCandidate.offset(candidate)
            let mandatory = BreakCandidate.isMandatory(candidate) || offset == count
            guard offset > 0, offset <= count, metrics.isClusterStart(offset) || mandatory else { continue }
            let hyphenated = BreakCandidate.isHyphenated(candidate) && !mandatory
            let visibleEnd = CharacterClass.visibleEnd(of: units, from: 0, to: offset, hyphenated: hyphenated)
            let endSpace = spaces.width(before: visibleEnd)
            let startSpace = spaces.width(before: offset)
            // A line starting here begins `startAdjustment` further left; one ending here, `endAdjustment` further
            // right (BreakAdjustment: an opportunity inside a stretch shaped as one).
            let endAdjustment = visibleEnd == offset && !hyphenated ? metrics.endAdjustment(offset) : 0
            let startX = metrics.position(offset) - metrics.startAdjustment(offset)
            var endX = metrics.position(visibleEnd) + (hyphenated ? Double(input.hyphenWidth(offset)) : endAdjustment)
            var protrudingStartX = startX
            if let protrusion {
                // What hangs into the margins takes no room on the line (the glyphs' widths stay as they are).
                protrudingStartX += protrusion.startProtrusion(content: units, metrics: metrics, start: offset, end: count)
                endX -= protrusion.endProtrusion(content: units, metrics: metrics, start: 0, end: visibleEnd, hyphenated: hyphenated,
                                                 hyphenWidth: hyphenated ? input.hyphenWidth(offset) : 0)
            }
            candidates.append(Candidate(
                offset: Int32(offset), flags: (mandatory ? 1 : 0) | (hyphenated ? 2 : 0),
                startX: protrudingStartX,
                endX: endX,
                startSpace: startSpace, endSpace: endSpace, endHyphen: endX - metrics.position(visibleEnd) - endAdjustment))
            if !gaps.gaps.isEmpty { gapStretches.append(GapStretch(start: gaps.stretch(before: offset), end: gaps.stretch(in: visibleEnd))) }
        }
        guard !candidates.isEmpty, spaces.width(before: count) > 0 || !scratch.wideGaps.isEmpty else { return nil }
        return run(candidates, gapStretches, scratch, widths: input.widths, grid: metrics.grid, tolerance: metrics.fitTolerance)
    }

    /// The adjustment ratio of a line of natural width `natural` with `spaceWidth` points of justifiable space
    /// on a line `available` wide: positive when its spaces stretch (1 = by ``stretchFactor`` of their width),
    /// negative when they shrink (-1 = by ``shrinkFactor``). Infinite when the line is short and has no space.
    /// Within `tolerance` of the width (rounding; ``ParagraphMetrics/fitTolerance``) a line is at its natural width.
    ///
    /// With font expansion (`expansion` > 0, the fraction of their width `glyphWidth` points of glyphs may
    /// widen or narrow), a line with spaces also stretches or shrinks its glyphs, in proportion (pdfTeX's
    /// model): at a ratio of 1 its spaces are half as wide again and its glyphs `expansion` wider. A line
    /// without spaces is not expanded: expansion spreads slack, it does not justify a lone word. `gapStretch` is
    /// what the line's wide gaps add to its stretch at a ratio of 1 (``wideGapStretch`` each; they never shrink).
    @inline(__always)
    static func adjustmentRatio(natural: Double, spaceWidth: Double, available: Double, tolerance: Double,
                                shrinkFactor: Float = shrinkFactor, glyphWidth: Double = 0, expansion: Float = 0,
                                gapStretch: Float = 0) -> Float {
        let slack = available - natural
        let glyphs = spaceWidth > 0 ? max(0, glyphWidth) * Double(expansion) : 0
        if slack >= 0 {
            let stretch = spaceWidth * Double(stretchFactor) + glyphs + Double(max(0, gapStretch))
            return stretch > 0 ? Float(slack / stretch) : (slack <= tolerance ? 0 : .infinity)
        }
        if slack >= -tolerance { return 0 }
        let shrink = spaceWidth * Double(shrinkFactor) + (shrinkFactor > 0 ? glyphs : 0)
        return shrink > 0 ? Float(slack / shrink) : -.infinity
    }

    /// The shrink this breaker allows.
    private var shrink: Float { allowsShrinking ? OptimalLineBreaker.shrinkFactor : 0 }

    /// TeX's fitness class of an adjustment ratio: 0 tight, 1 decent, 2 loose, 3 very loose.
    @inline(__always)
    static func fitnessClass(_ ratio: Float) -> UInt8 {
        ratio < -0.5 ? 0 : ratio <= 0.5 ? 1 : ratio <= 1 ? 2 : 3
    }

    /// TeX's badness, 100 |r|³ up to its "infinitely bad" 10 000 (r ≈ 4.64). Past the cap a line costs 10 000 and
    /// a slope (``badnessPerRatioPastCap``), less steep than the cube (tried here twice: more loose lines in the
    /// corpus books) and steep enough that no line is stretched far past it to spare two others. A line with no
    /// space to stretch at all, which justification cannot widen and so leaves short, costs 10⁷: more than any line
    /// whose spaces can fill it
    /// (TeX's cap would rate "Notwithstand-" alone on a line like any loose line). So does a line that only gaps
    /// beside wide characters stretch (`gapsOnly`: Japanese, no space), past the cap: such text breaks between
    /// almost any two characters, so a line of it is never loose but by choice, and the cap rated two characters
    /// spread across the column like any loose line of English. Past the cap a line still costs more the looser it
    /// is: breaks the cap rated alike were decided by which came first, the
    /// shortest line ("193 THE | EMPEROR'S NEW CLOTHES" in a narrow table of contents, two words at the column's
    /// edges, where "193 THE EMPEROR'S NEW | CLOTHES" was as cheap).
    @inline(__always)
    static func badness(_ ratio: Float, gapsOnly: Bool = false) -> Double {
        guard ratio.isFinite else { return 1e7 }
        let r = Double(abs(ratio))
        let badness = 100 * r * r * r
        guard badness > 10_000 else { return badness }
        return gapsOnly && ratio > 0 ? 1e7 : 10_000 + (min(r, 100) - capRatio) * badnessPerRatioPastCap
    }

    /// The badness a line past the cap adds per unit of its adjustment ratio beyond the cap's (``capRatio``), up to a
    /// ratio of 100: a fifth of the cap a unit, so that a line of two words stretched across the column (ratio 20 to
    /// 100) costs more than two lines just past the cap, and the breaker spreads an unavoidable looseness rather
    /// than gather it in one line. With a slope of 1 (a tie-break between lines the cap rated alike, which this slope
    /// still is) Pride and Prejudice's "…had been insufficient / to make / his wife understand…" at 342 pt set
    /// "to make" alone across the column, and 80 lines of 20 characters or fewer were stretched so in the book
    /// (none now, and none in greedy breaking); `typeset-bench --report pride`, optimal without hyphens: loose lines
    /// 485 a thousand then, 504 now (a fifth of them a little looser), lines past the cap 20.5 and 20.7 a thousand,
    /// the loosest 105.5 and 97.8 (a line greedy breaking sets as loose, an unbreakable word after one space),
    /// rivers 265 and 263 a thousand; with hyphens unchanged (265 loose lines a thousand). The cube not capped
    /// (tried in earlier sessions) gave about as many loose lines. `VeryLooseLineTests` holds it.
    static let badnessPerRatioPastCap = 2000.0
    /// The adjustment ratio at which 100 r³ reaches the cap: the cube root of 100.
    static let capRatio = LineAdjustment.veryLooseThreshold

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
    func totalDemerits(of lines: [LineBreak], input: LineBreakInput) -> Double {
        let shaped = input.shaped, metrics = input.metrics, units = input.content, protrusion = input.protrusion
        var spaces = SpaceWidthCursor(shaped, content: units, sizes: input.sizes)
        var wideGaps: [(before: Int32, after: Int32)] = []
        shaped.wideGaps(content: units, into: &wideGaps)
        let gaps = WideGapCounter(wideGaps, stretch: Self.wideGapStretch * (input.sizes.first ?? 0))
        let expansion = allowsShrinking ? self.expansion : 0
        var total = 0.0
        var start = 0
        var previousFitness: UInt8? = nil
        var afterHyphen = false
        for (index, line) in lines.enumerated() {
            let visibleEnd = CharacterClass.visibleEnd(of: units, from: start, to: line.end, hyphenated: line.hyphenated)
            var natural = metrics.width(start, visibleEnd) + (line.hyphenated ? Double(input.hyphenWidth(line.end)) : 0)
            natural += metrics.startAdjustment(start) + (visibleEnd == line.end && !line.hyphenated ? metrics.endAdjustment(line.end) : 0)
            let isLast = index == lines.count - 1
            let spaceWidth = spaces.width(before: visibleEnd) - spaces.width(before: start)
            let glyphWidth = natural - spaceWidth - (line.hyphenated ? Double(input.hyphenWidth(line.end)) : 0)
            if let protrusion {
                natural -= protrusion.startProtrusion(content: units, metrics: metrics, start: start, end: units.count)
                    + protrusion.endProtrusion(content: units, metrics: metrics, start: 0, end: visibleEnd, hyphenated: line.hyphenated,
                                               hyphenWidth: line.hyphenated ? input.hyphenWidth(line.end) : 0)
            }
            var ratio = OptimalLineBreaker.adjustmentRatio(natural: metrics.exact(natural), spaceWidth: spaceWidth,
                                                           available: Double(input.widths.width(ofLine: index)),
                                                           tolerance: metrics.fitTolerance, shrinkFactor: shrink,
                                                           glyphWidth: glyphWidth, expansion: expansion,
                                                           gapStretch: gaps.stretch(in: visibleEnd) - gaps.stretch(before: start))
            if ratio < -1 { return .infinity }
            if line.hard || isLast {
                if ratio < 0 { return .infinity }
                ratio = 0
            }
            let fitness = OptimalLineBreaker.fitnessClass(ratio)
            total += OptimalLineBreaker.demerits(badness: OptimalLineBreaker.badness(ratio, gapsOnly: spaceWidth <= 0),
                                                 hyphenated: line.hyphenated,
                                                 afterHyphen: afterHyphen, isLast: isLast, fitness: fitness,
                                                 previousFitness: previousFitness)
            previousFitness = fitness
            afterHyphen = line.hyphenated
            start = line.end
        }
        return total
    }

    private func run(_ candidates: [Candidate], _ gaps: [GapStretch], _ scratch: Scratch, widths: LineWidths, grid: HalfUnitGrid,
                     tolerance: Double) -> [LineBreak]? {
        // Four copies of the loop: without expansion (the default) the glyph terms fold away, and without wide gaps
        // (most paragraphs) the gap terms.
        switch (allowsShrinking && expansion > 0, !gaps.isEmpty) {
        case (true, true): run(candidates, gaps, scratch, widths: widths, grid: grid, tolerance: tolerance, expands: true, gapped: true)
        case (true, false): run(candidates, gaps, scratch, widths: widths, grid: grid, tolerance: tolerance, expands: true, gapped: false)
        case (false, true): run(candidates, gaps, scratch, widths: widths, grid: grid, tolerance: tolerance, expands: false, gapped: true)
        case (false, false): run(candidates, gaps, scratch, widths: widths, grid: grid, tolerance: tolerance, expands: false, gapped: false)
        }
    }

    @inline(__always)
    private func run(_ candidates: [Candidate], _ gaps: [GapStretch], _ scratch: Scratch, widths: LineWidths, grid: HalfUnitGrid,
                     tolerance: Double, expands: Bool, gapped: Bool) -> [LineBreak]? {
        let firstLineWidth = widths.first, width = widths.other
        let expansion = expands ? self.expansion : 0
        // The arrays are moved out of the scratch object for the loop (no exclusivity checks on class storage
        // per access) and moved back at the end.
        var nodes: [Node] = [], active: [Active] = []
        swap(&nodes, &scratch.nodes)
        swap(&active, &scratch.active)
        defer {
            swap(&nodes, &scratch.nodes)
            swap(&active, &scratch.active)
            }
        nodes.removeAll(keepingCapacity: true)
        nodes.append(Node(candidate: -1, previous: -1))
        active.removeAll(keepingCapacity: true)
        active.append(Active(x0: 0, s0: 0, available: Double(firstLineWidth), total: 0, node: 0, fitness: 255, hyphenRun: 0))
        // The best new node per (fitness class, hyphen run 0...2) at the current candidate.
        var best = [Active](repeating: Active(x0: 0, s0: 0, available: 0, total: .infinity, node: -1, fitness: 0, hyphenRun: 0),
                            count: 12)
        var previousOfBest = [Int32](repeating: -1, count: 12)
        let last = candidates.count - 1
        for k in 0...last {
            let candidate = candidates[k]
            let mandatory = candidate.flags & 1 != 0
            let hyphenated = candidate.flags & 2 != 0
            for i in 0..<12 { best[i].total = .infinity }
            // The nodes that can still end a line are kept in place, in order (compacted as they are read).
            var kept = 0
            for index in active.indices {
                let node = active[index]
                let natural = grid.exact(candidate.endX - node.x0)
                // The gaps' stretch before the node's line starts: at its candidate's (none at the paragraph's start).
                let lineStart = gapped ? Int(nodes[Int(node.node)].candidate) : -1
                let gapStretch = gapped ? gaps[k].end - (lineStart < 0 ? 0 : gaps[lineStart].start) : 0
                var ratio = OptimalLineBreaker.adjustmentRatio(natural: natural, spaceWidth: candidate.endSpace - node.s0,
                                                               available: node.available, tolerance: tolerance, shrinkFactor: shrink,
                                                               glyphWidth: expands ? natural - (candidate.endSpace - node.s0) - candidate.endHyphen : 0,
                                                               expansion: expansion, gapStretch: gapStretch)
                // Overfull: every later candidate is longer still, so this node can end no more lines.
                if ratio < -1 { continue }
                if !mandatory { active[kept] = node; kept += 1 }
                if mandatory {
                    // The last line of a paragraph (or before a hard break) is set at its natural width: it may
                    // be short, never shrunk.
                    if ratio < 0 { continue }
                    ratio = 0
                }
                if hyphenated && Int(node.hyphenRun) >= LineBreak.maximumConsecutiveHyphens { continue }
                let fitness = OptimalLineBreaker.fitnessClass(ratio)
                let total = node.total + OptimalLineBreaker.demerits(
                    badness: OptimalLineBreaker.badness(ratio, gapsOnly: candidate.endSpace - node.s0 <= 0), hyphenated: hyphenated,
                    afterHyphen: node.hyphenRun > 0,
                    isLast: k == last, fitness: fitness, previousFitness: node.fitness == 255 ? nil : node.fitness)
                let run = hyphenated ? min(Int(node.hyphenRun) + 1, 2) : 0
                let slot = Int(fitness) * 3 + run
                if total < best[slot].total {
                    best[slot] = Active(x0: candidate.startX, s0: candidate.startSpace, available: Double(width), total: total,
                                        node: -1, fitness: fitness, hyphenRun: UInt8(run))
                    previousOfBest[slot] = node.node
                }
            }
            active.removeLast(active.count - kept)
            Self.dropDominated(&best)
            for slot in 0..<12 where best[slot].total < .infinity {
                var made = best[slot]
                made.node = Int32(nodes.count)
                nodes.append(Node(candidate: Int32(k), previous: previousOfBest[slot]))
                active.append(made)
            }
            if active.isEmpty { return nil }
            if active.count > OptimalLineBreaker.maximumActiveNodes {
                // Pathological paragraphs (very narrow columns, many candidates per line): keep the best nodes.
                active.sort { $0.total < $1.total }
                active.removeLast(active.count - OptimalLineBreaker.maximumActiveNodes)
            }
        }
        // The best node at the last candidate (the only ones left: the last candidate is mandatory).
        guard let chosen = active.min(by: { $0.total < $1.total }) else { return nil }
        return Self.breaks(endingAt: Int(chosen.node), nodes: nodes, candidates: candidates)
    }

    /// Drops each new node that is dominated: another at this candidate has no more hyphens just before it and a
    /// total lower by more than any difference the next line's demerits can make (the fitness demerits when their
    /// classes differ), so that every continuation of the other one is at least as good.
    @inline(__always)
    private static func dropDominated(_ best: inout [Active]) {
        for slot in 0..<12 where best[slot].total < .infinity {
            for other in 0..<12 where other != slot && best[other].total < .infinity
                && best[other].hyphenRun <= best[slot].hyphenRun {
                let margin = best[other].fitness == best[slot].fitness ? 0 : OptimalLineBreaker.adjacentFitnessDemerits
                if best[other].total + margin < best[slot].total
                    || (best[other].total + margin == best[slot].total && other < slot) {
                    best[slot].total = .infinity
                    break
                }
            }
        }
    }

    /// The breaks of the path of nodes ending at node `last`, in order.
    private static func breaks(endingAt last: Int, nodes: [Node], candidates: [Candidate]) -> [LineBreak] {
        var result: [LineBreak] = []
        var n = last
        while n >= 0, nodes[n].candidate >= 0 {
            let c = candidates[Int(nodes[n].candidate)]
            result.append(LineBreak(end: Int(c.offset), hard: c.flags & 1 != 0, hyphenated: c.flags & 2 != 0))
            n = Int(nodes[n].previous)
        }
        result.reverse()
        return result
    }
}

/// The stretch of a paragraph's wide gaps (``ShapedParagraph/wideGaps(content:into:)``) in a line, from two
/// counts per line end: the gaps that end before it (``stretch(in:)``, at the line's visible end) less the gaps
/// that start before the line (``stretch(before:)``, at its start). A gap reaching across a line start ends at the
/// line's first visible character, so it is counted by both and cancels. O(log gaps) per question.
struct WideGapCounter {
    let gaps: [(before: Int32, after: Int32)]
    /// Points per gap at an adjustment ratio of 1.
    let stretch: Float

    init(_ gaps: [(before: Int32, after: Int32)], stretch: Float) {
        self.gaps = gaps
        self.stretch = stretch
    }

    /// The stretch of the gaps whose visible character after them starts before `end`.
    @inline(__always)
    func stretch(in end: Int) -> Float {
        gaps.isEmpty ? 0 : Float(gaps.partitioningIndex { Int($0.after) >= end }) * stretch
    }

    /// The stretch of the gaps whose character before them starts before `start`.
    @inline(__always)
    func stretch(before start: Int) -> Float {
        gaps.isEmpty ? 0 : Float(gaps.partitioningIndex { Int($0.before) >= start }) * stretch
    }
}
