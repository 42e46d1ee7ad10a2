/// The parts of a paragraph's indents that are percentages of a width the layout knows (CSS 2.1 §8.3 and §8.4:
/// a block's inline margins and padding are percentages of its containing block's width; CSS Text 3 §8.1:
/// `text-indent` of the block's own content width), kept apart from its indents in ems so that they are resolved in
/// the column (or table cell) the paragraph is set in, whatever the reader's page.
///
/// A nested block's percentage is of its parent's content width, which is the column's less the indents around it:
/// still the column's width times a fraction plus ems, so the converter folds each level into ``start`` and
/// ``end`` and into the ems of ``ParagraphStyle/blockIndent`` and ``ParagraphStyle/endIndent`` (which may then be
/// below 0: the layout keeps the sum at 0 or more). Boxes carry the same for their edges
/// (``BoxDecoration/leftFraction``).
package struct IndentFractions: Hashable, Sendable {
    /// Fractions of the column's width added to the start and end indents.
    package var start: Double
    package var end: Double
    /// A fraction of the paragraph's own content width (its column less its indents) added to a first-line indent
    /// the book sets (not to the reader's indent that replaces it).
    package var firstLine: Double

    package init(start: Double = 0, end: Double = 0, firstLine: Double = 0) {
        self.start = start; self.end = end; self.firstLine = firstLine
    }

    /// No fraction.
    package static let zero = IndentFractions()

    /// Each fraction finite and within ±1 (a percentage past the whole width indents no further than the layout's
    /// limits allow anyway).
    package var sanitized: IndentFractions {
        IndentFractions(start: Self.clean(start), end: Self.clean(end), firstLine: Self.clean(firstLine))
    }

    /// One fraction of a width finite and within ±1 (NaN and infinities 0): what every holder of one keeps
    /// (``BoxDecoration/leftFraction``, ``BlockWidth/fractions``).
    package static func clean(_ value: Double) -> Double { value.isFinite ? min(max(value, -1), 1) : 0 }
}
