/// The margins and box space a converter notes after a forced break (`break-before: page` and the like), collapsed
/// as the space before a paragraph is (CSS 2.1 §8.3.1): what the paragraph that opens the page after the break keeps
/// above it, where the space noted before the break is dropped (CSS Fragmentation 3 §5.2). In ems.
struct SpaceAfterBreak {
    /// Runs of margins ended by a border or padding, and the box space between them.
    private var settled = 0.0
    /// The run still open: its largest positive margin and its most negative one.
    private var positive = 0.0
    private var negative = 0.0

    /// Collapses `margin` into the open run.
    mutating func note(_ margin: Double) {
        guard margin.isFinite else { return }
        if margin < 0 { negative = min(negative, margin) } else { positive = max(positive, margin) }
    }

    /// A border or padding of `space` ems ends the open run (margins on each side no longer collapse together).
    mutating func separate(by space: Double) {
        guard space.isFinite, space > 0 else { return }
        settled += max(0, positive + negative) + space
        positive = 0
        negative = 0
    }

    /// The space, never below 0.
    var total: Double { settled + max(0, positive + negative) }
}
