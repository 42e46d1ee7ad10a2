/// Greedy (first-fit) line breaking of a shaped paragraph at UAX #14 opportunities. A stretch without an opportunity
/// that is wider than the line (`Untersuchungsrichter?“ „Natürlich,`: no opportunity at that space) is cut where a
/// reader would cut it: after a space inside it (a soft line end of the source counts as one: layout reads it as a
/// space), else at a hyphenation point of its language (a hyphen is drawn), and only then between graphemes. Only
/// slices the shaping result: no reshaping.
///
/// Hyphenation points among the candidates are taken like any other break, with the hyphen's width added to the
/// line; no more than ``LineBreak/maximumConsecutiveHyphens`` lines in a row end with a hyphen.
struct GreedyLineBreaker {
    /// Whether a paragraph whose widths allow it is broken by searching for each line's last fitting
    /// opportunity (the default) rather than walking to it; the two give the same lines (`GreedyBreakingTests`).
    var mayGallop = true
    /// Where the units the emergency cuts looked at are added up, when given (tests count work with it).
    var work: WorkCounter?

    init(mayGallop: Bool = true) {
        self.mayGallop = mayGallop
    }

    /// The breaks of `input`'s paragraph.
    func breakLines(_ input: LineBreakInput) -> [LineBreak] {
        var input = input
        let breaks = LineBreakScratch(capacity: 16)
        withUnsafePointer(to: &input) { breakLines($0, into: breaks.buffer) }
        return breaks.array
    }

    /// The same from an input the caller keeps (the layouter's: borrowed through a pointer, not copied, a copy
    /// retaining its ten references), into `result` (emptied first: a layout worker's, reused across paragraphs).
    func breakLines(_ input: UnsafePointer<LineBreakInput>, into result: UnsafeMutablePointer<LineBreakBuffer>) {
        result.pointee.removeAll()
        let count = input.pointee.count
        guard count > 0 else { result.pointee.append(LineBreak(end: 0, hard: true)); return }
        // The walk reads through buffer pointers (it runs once per break opportunity of every relayout, and
        // bounds checks and array retains were most of its cost); these are the bounds that make that safe. The
        // metrics are read in place (a copy retained their storage).
        guard input.pointee.metrics.prefix.count > count,
              input.pointee.metrics.base.count > count >> ParagraphMetrics.blockShift,
              input.pointee.metrics.clusterStarts.count > count, input.pointee.units.count >= count else {
            result.pointee.append(LineBreak(end: count, hard: true))
            return
        }
        // With monotone widths and only plain opportunities (the usual paragraph), every opportunity up to some
        // point fits and none after it: each line's last fitting one is found by a galloping search.
        let gallops = mayGallop && ShapedParagraph.hasMonotoneWidthsAndPlainBreaks(at: input.pointee.shapedPointer)
            && input.pointee.candidates.count == ShapedParagraph.breakBuffer(at: input.pointee.shapedPointer).count  // no retain
            && input.pointee.metrics.scale.isFinite && input.pointee.metrics.scale >= 0
        var lineStart = 0
        // The walk in a closure, as over the content slice's buffer before: written straight in this function, its
        // steps were no longer inlined and the walk was copied per paragraph (callgrind: 1.9 M instructions more).
        input.pointee.units.withSelf { content in
            // A search reads no cluster starts: its candidates are the paragraph's plain ones, each at a cluster start.
            var walk = GreedyWalk(input, content: content, lines: result, candidatesStartClusters: gallops)
            if gallops { walk.gallopLines() }
            walk.walk(gallops: gallops)
            lineStart = walk.lineStart
            work?.count += walk.spaceCuts.unitsExamined
        }
        if lineStart < count || result.pointee.isEmpty { result.pointee.append(LineBreak(end: count, hard: true)) }
    }
}
