extension WritingDirection {
    /// The direction of the first strong character of `text` (UAX #9 rules P2 and P3), left to right when it has
    /// none: how an interface shows a string whose direction is `auto` or not given (a title, an author's name).
    public init(firstStrongOf text: String) {
        self.init(firstStrongOf: Array(text.utf16)[...])
    }

    /// The direction of the first strong character of the UTF-16 `units`, as a paragraph without a base
    /// direction takes it (``ParagraphStyle/baseDirection`` nil).
    package init(firstStrongOf units: ArraySlice<UInt16>) {
        self = Bidi.resolve(units, base: nil).paragraphLevel & 1 == 1 ? .rightToLeft : .leftToRight
    }
}
