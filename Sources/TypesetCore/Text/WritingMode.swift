/// How characters stand in a vertical line (CSS `text-orientation`).
public enum TextOrientation: String, Hashable, Sendable, CaseIterable {
    /// CJK and other East Asian scripts upright, other scripts turned 90° clockwise (the default).
    case mixed
    /// Every character upright, Latin included (one letter under the other).
    case upright
    /// Every character turned 90° clockwise, CJK included (`sideways`, `sideways-right`).
    case sideways
}

/// How lines run and stack (CSS `writing-mode`): horizontal lines stacked downwards, or vertical lines (columns
/// of text running top to bottom) stacked right to left, as Japanese and Chinese books are set, or left to right
/// (Mongolian).
///
/// Vertical text is laid out by the same pipeline as horizontal text, with the axes swapped: a line's inline axis is
/// the page's y axis, its block axis the page's x axis (see the manual's Design section, "Vertical writing").
public enum WritingMode: String, Hashable, Sendable, CaseIterable {
    /// Horizontal lines, stacked top to bottom (`horizontal-tb`).
    case horizontal = "horizontal-tb"
    /// Vertical lines running top to bottom, stacked right to left (`vertical-rl`).
    case verticalRightToLeft = "vertical-rl"
    /// Vertical lines running top to bottom, stacked left to right (`vertical-lr`).
    case verticalLeftToRight = "vertical-lr"

    /// Whether lines run top to bottom.
    public var isVertical: Bool { self != .horizontal }

    /// The writing mode of a text whose book asks for `book` when the reader's vertical-text setting is `reader`
    /// (nil: not set, the book's applies). A reader who asks for vertical text in a `vertical-lr` book keeps its
    /// left-to-right lines.
    static func resolve(book: WritingMode?, reader: Bool?) -> WritingMode {
        let book = book ?? .horizontal
        guard let reader else { return book }
        return reader ? (book.isVertical ? book : .verticalRightToLeft) : .horizontal
    }
}
