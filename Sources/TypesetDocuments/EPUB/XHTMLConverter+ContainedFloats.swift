import TypesetCore

extension XHTMLConverter {
    /// The end of a block that contains its floats (a block formatting context root, CSS 2.1 §9.4.1 and §10.6.7:
    /// `overflow` other than `visible`, the usual way to make a figure hold its floated picture, or `display:
    /// flow-root`, `flex`, `grid` or `table`, CSS Display 3 §2.3): what follows starts below the floats that
    /// started inside it (their sides), as the block's height reaches past them. `floatsBefore` is how many floats
    /// the document had when the block started. Floats from outside it stay beside what follows.
    mutating func containFloats(since floatsBefore: Int, block: BlockContext) {
        guard publisherStyles, block.floatIndex < 0, floatsBefore < floatBoxes.count else { return }
        for float in floatBoxes[floatsBefore...] { paragraphClear.insert(float.side == .left ? .left : .right) }
    }

    /// A `::before` or `::after` that is a block with `clear` (the clearfix, `::after { content: ""; display:
    /// table; clear: both }`, which makes a block hold its floats): it ends the paragraph, and what follows it
    /// starts below the floats it clears. Its text, if any, is not drawn (block pseudo-elements generate none, see
    /// ``appendGeneratedContent(_:_:block:inline:)``).
    mutating func clearAfterBlockPseudoElement(_ style: ComputedStyle) {
        guard publisherStyles, !style.hidden, !style.clear.isEmpty else { return }
        flushParagraph()
        paragraphClear.formUnion(style.clear)
    }
}
