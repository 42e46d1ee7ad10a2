/// Margins that meet between blocks (CSS 2.1 §8.3.1), in ems: a run of adjoining margins collapses to its largest
/// positive margin plus its most negative one, never below 0; a border or padding between them ends a run, whose
/// space is then settled and kept whole beside the runs after it.
struct CollapsingMargins {
    /// The space of the runs ended by a border or padding (their margins only).
    var settled = 0.0
    /// The run still open: its largest positive margin and its most negative one.
    var positive = 0.0
    var negative = 0.0

    /// Collapses `margin` into the open run.
    mutating func note(_ margin: Double) {
        if margin < 0 { negative = min(negative, margin) } else { positive = max(positive, margin) }
    }

    /// Ends the open run (a border or padding comes between it and the margins after it).
    mutating func settle() {
        settled += open
        positive = 0
        negative = 0
    }

    /// The open run's space.
    var open: Double { max(0, positive + negative) }

    /// The space of every run: the settled ones and the open one.
    var total: Double { settled + open }
}

/// The margins and box space a converter notes after a forced break (`break-before: page` and the like), collapsed
/// as the space before a paragraph is: what the paragraph that opens the page after the break keeps above it, where
/// the space noted before the break is dropped (CSS Fragmentation 3 §5.2). In ems.
struct SpaceAfterBreak {
    private var margins = CollapsingMargins()
    /// The borders and padding between them.
    private var boxSpace = 0.0

    /// Collapses `margin` into the open run.
    mutating func note(_ margin: Double) {
        guard margin.isFinite else { return }
        margins.note(margin)
    }

    /// A border or padding of `space` ems ends the open run.
    mutating func separate(by space: Double) {
        guard space.isFinite, space > 0 else { return }
        margins.settle()
        boxSpace += space
    }

    /// The space, never below 0.
    var total: Double { margins.total + boxSpace }
}
