import TypesetCore

/// Percentages in a block's inline margins and padding (CSS 2.1 §8.3, §8.4: of the containing block's width) and in
/// its `text-indent` (CSS Text 3 §8.1: of its own content width), resolved by the layout in the paragraph's column or
/// table cell (``TypesetCore/IndentFractions``) rather than taken of a reference measure.
///
/// A block's content width is the column's times `1 - startFraction - endFraction`, less its ems; a percentage of it
/// is again a fraction of the column plus (negative) ems, so each level folds into the two numbers per side. Where
/// the layout does not resolve percentages, they stay taken of ``CSSLength/referenceMeasure`` ems (the model before):
/// inside a block with a CSS `width` (whose used width only the layout knows, ``BlockWidth``; its own margins and
/// padding are resolved, as its width is), in tables' own indents, a float without a `width` or with one in absolute
/// units (XHTMLConverter+FloatBox.swift), multi-column frames, positioned boxes, and in vertical text.
///
/// Inside a float with a `width` the layout sets its paragraphs in the float's box, margins included, and resolves
/// their fractions of that box's width: the float block's indents (its own room, ``TypesetCore/BlockFloat/room``,
/// and fractions of its box) are then the parent's the fold takes away, so they come out of its content box as CSS
/// has them.
extension XHTMLConverter.BlockContext {
    /// Indents the block (a copy of `parent`) by its margins and padding: `start` and `end` in ems (their
    /// percentages included, taken of the reference measure, as the style computed them) and the percentage parts
    /// as fractions of the containing block's width.
    mutating func indent(by start: (ems: Double, percent: Double), and end: (ems: Double, percent: Double), within parent: Self) {
        let limit = XHTMLConverter.maximumIndent
        guard widths.isEmpty, !fractionsOfReference, start.percent != 0 || end.percent != 0 || parent.startFraction != 0 || parent.endFraction != 0 else {
            // Its percentages of the reference measure; the ems of an indent beside a fraction (inside a block with a
            // width whose own margins have one) may be below 0.
            startIndent = min(limit, max(startFraction == 0 ? 0 : -limit, startIndent + min(start.ems, limit)))
            endIndent = min(limit, max(endFraction == 0 ? 0 : -limit, endIndent + min(end.ems, limit)))
            return
        }
        // The parent's content width: the column's share the parent leaves, less its ems.
        let share = max(0, 1 - parent.startFraction - parent.endFraction)
        let parentEms = parent.startIndent + parent.endIndent
        func fold(_ side: (ems: Double, percent: Double)) -> (ems: Double, fraction: Double) {
            (min(side.ems - side.percent * CSSLength.referenceMeasure, limit) - side.percent * parentEms, side.percent * share)
        }
        let (startEms, startShare) = fold(start), (endEms, endShare) = fold(end)
        startIndent = min(limit, max(-limit, startIndent + startEms))
        endIndent = min(limit, max(-limit, endIndent + endEms))
        startFraction += startShare
        endFraction += endShare
    }

    /// The start indent with its percentage taken of the reference measure, in ems (for what the layout does not
    /// resolve in the column), at 0 or more.
    var referenceStart: Double { CSSLength.referenceEms(startIndent, fraction: startFraction) }
    /// The end indent likewise.
    var referenceEnd: Double { CSSLength.referenceEms(endIndent, fraction: endFraction) }

    /// The indents, and those of its boxes from `first` on (its own), with their percentages taken of the reference
    /// measure from here on: a float's own when its box is not sized by a width in ems or percent (XHTMLConverter+FloatBox.swift).
    mutating func fixFractions(boxesFrom first: Int) {
        for index in boxes.indices where index >= first { boxes[index].fixFractions() }
        guard startFraction != 0 || endFraction != 0 else { return }
        startIndent = referenceStart; endIndent = referenceEnd
        startFraction = 0; endFraction = 0
    }

    /// No indents: a table cell's, a multi-column frame's or a positioned box's content starts at its own edge.
    mutating func clearIndents() {
        startIndent = 0; endIndent = 0; startFraction = 0; endFraction = 0
    }

    /// The first-line indent of a paragraph of this block (its `text-indent`), in ems without its percentage, at
    /// least minus the block's indent when that has no percentage; nil for the reader's.
    var firstLineIndent: Double? {
        style.textIndent.map { indent in
            let ems = indent - style.textIndentFraction * CSSLength.referenceMeasure
            return min(XHTMLConverter.maximumIndent, max(startFraction == 0 ? -startIndent : -XHTMLConverter.maximumIndent, ems))
        }
    }

    /// The fractions a paragraph of this block carries; its first line's when it has the book's indent.
    func fractions(firstLine: Bool) -> IndentFractions {
        IndentFractions(start: startFraction, end: endFraction, firstLine: firstLine ? style.textIndentFraction : 0)
    }
}

extension BoxDecoration {
    /// The box's edges with their percentages taken of the reference measure (a float's own box, as
    /// ``XHTMLConverter/BlockContext/fixFractions(boxesFrom:)`` fixes its indents).
    mutating func fixFractions() {
        guard leftFraction != 0 || rightFraction != 0 else { return }
        left = CSSLength.referenceEms(left, fraction: leftFraction)
        right = CSSLength.referenceEms(right, fraction: rightFraction)
        leftFraction = 0; rightFraction = 0
    }
}

extension CSSLength {
    /// An indent of `ems` and `fraction` of the column's width with the fraction taken of the reference measure, in
    /// ems, at 0 or more: where the layout does not resolve it in the column.
    static func referenceEms(_ ems: Double, fraction: Double) -> Double { max(0, ems + fraction * referenceMeasure) }
}
