/// One decoration: an id unique within its group, what it covers, and how it is drawn (Readium's `Decoration`).
///
/// A decoration stores no geometry: its rectangles come from the current ``BookLayout`` every time they are
/// asked for, so a relayout (a new font size, width or theme) can never leave it misplaced.
public struct Decoration: Hashable, Sendable {
    /// Unique within its group (use the database key of the highlight it shows).
    public var id: String
    /// The text it covers.
    public var target: DecorationTarget
    /// How it is drawn.
    public var style: DecorationStyle

    /// Creates a decoration.
    public init(id: String, target: DecorationTarget, style: DecorationStyle) {
        self.id = id; self.target = target; self.style = style
    }

    /// Creates a decoration over a range of UTF-16 offsets.
    public init(id: String, range: Range<UTF16Offset>, style: DecorationStyle) {
        self.init(id: id, target: .range(range), style: style)
    }
}
