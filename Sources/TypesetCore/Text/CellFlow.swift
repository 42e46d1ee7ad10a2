/// A run of sibling `inline-block`s that hold blocks (a gallery of figures with captions, a parallel text, a row of
/// boxes): CSS 2.1 §9.2.2 makes each an atomic inline box, and §9.4.2 sets them in line boxes as it sets words. Each
/// box is as wide as its `width`, else shrinks to fit its content (§10.3.9: min(max(min-content, available),
/// max-content)), within its `min-width` and `max-width`; as many as fit stand side by side on a line, a word space apart, and the rest wrap onto the next;
/// each line is placed by the parent's `text-align` (carried as the cells' ``TableCell/tableAutoMargins``).
///
/// The boxes are carried as the cells of a table (``TableCell``, one row, a column each) whose frame holds this
/// value, so that their paragraphs, padding, borders, backgrounds and pagination are a table's; ``TableLayout``
/// makes each line of boxes one of its rows. Limits: the margins of the first box are every box's; the space
/// between two boxes is ``spacing``, there or not as between the first two in the source; a box's baseline
/// (its last line's, §10.8.1) is taken as its bottom, so boxes that end in lines of one size share a baseline.
package struct CellFlow: Hashable, Sendable {
    /// The margins of each box, in ems of the body text.
    package var margins: EdgeInsets
    /// The room between two boxes on a line, in ems of the body text: the word space of the white space between
    /// them (0 when none is).
    package var spacing: Double

    package init(margins: EdgeInsets, spacing: Double) {
        func clean(_ value: Double) -> Double { value.isFinite ? min(max(0, value), Self.maximumMarginEms) : 0 }
        self.margins = EdgeInsets(top: clean(margins.top), left: clean(margins.left), bottom: clean(margins.bottom),
                                  right: clean(margins.right))
        self.spacing = clean(spacing)
    }

    /// The most a margin or the spacing is, in ems: an epigraph pushed down its page (Standard Ebooks' `margin-top:
    /// 20vh`) keeps its room; a crafted margin cannot make a line of boxes taller than a page many times over.
    package static let maximumMarginEms = 16.0
}
