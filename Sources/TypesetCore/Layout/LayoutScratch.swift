/// What laying out paragraphs reuses from one paragraph to the next on one worker thread: the metrics of the
/// paragraph being set, the prefix sums of one measured in several sizes, hyphenation points and merged break
/// candidates, the chosen breaks, the optimal breaker's nodes, the lines of the batch being set, and a grapheme
/// iterator for emergency breaks.
///
/// Shaping keeps its own (``ShapingContext``: the HarfBuzz buffer, fonts, the word cache); a relayout needs none of
/// it. ``Typesetter`` keeps a pool of these and hands one to each layout worker; `@unchecked Sendable` because it
/// moves between threads through that pool, never being used by two at once.
final class LayoutScratch: @unchecked Sendable {
    /// The metrics of the paragraph being laid out (``ParagraphMetrics/measure(_:sizes:scratch:)`` refills it).
    var metrics = ParagraphMetrics()
    /// Where a paragraph of several sizes is measured.
    let measuredPrefix = ParagraphMetrics.MeasuredPrefix()
    /// Hyphenation points per word for this thread, and a paragraph's points.
    let hyphenator = Hyphenator()
    var hyphenationPoints: [UInt32] = []
    /// A paragraph's opportunities merged with its hyphenation points.
    let candidates = CandidateScratch()
    /// The breaks of the paragraph being laid out (cleared per paragraph, never freed).
    let lineBreaks = LineBreakScratch()
    /// The lines of the batch of paragraphs being laid out.
    let lines = LineScratch()
    let optimal = OptimalLineBreaker.Scratch()
    /// Grapheme boundaries for an emergency cut inside a stretch without an opportunity. Made with the scratch (a
    /// pool keeps one per layout worker) rather than on first use: a lazy property's getter, which every paragraph's
    /// break input read, cost 59 instructions a paragraph (216,364 of a corpus relayout's 32.5 M, callgrind).
    let graphemes: BreakIterator? = BreakIterator(.character)

    init() {}
}
