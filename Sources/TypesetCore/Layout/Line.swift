/// A line as the public API reports it: its text range and its box on its page.
public struct Line: Hashable, Sendable {
    /// The UTF-16 range of the line in the document. Lines partition the document: a line includes its trailing
    /// spaces and hard break, the first line of a paragraph includes any separator units before the paragraph's
    /// content, and the last line includes the separators after it.
    public let range: Range<UTF16Offset>
    /// The line box in page coordinates (points, origin at the page's top-left): from the start of the line's
    /// content to its end (hanging spaces excluded; justified lines span the column), line height tall.
    public let rect: Rect
    /// The baseline's y in page coordinates; in vertical text, the page x of the line's baseline in its line
    /// frame (the side of the line box its glyphs' descents are on; see ``BookLayout/writingMode``).
    public let baseline: Double
    /// The index of the paragraph the line belongs to.
    public let paragraphIndex: Int
    /// The index of the line within its paragraph.
    public let lineIndex: Int
    /// The paragraph's base direction.
    public let direction: WritingDirection
    /// Whether the line ends inside a word with a hyphen drawn after it (a hyphenation point or a soft hyphen).
    /// The hyphen is not part of the text: ``range`` ends inside the word and the next line starts there.
    public var isHyphenated: Bool = false
}

extension Line {
    /// The line with its box turned from a vertical layout's line frame onto the page.
    func onPage(_ frame: LineFrame) -> Line {
        guard frame.mode.isVertical else { return self }
        return Line(range: range, rect: frame.page(rect), baseline: frame.page(Point(x: 0, y: baseline)).x,
                    paragraphIndex: paragraphIndex, lineIndex: lineIndex, direction: direction, isHyphenated: isHyphenated)
    }
}

/// A line's place on a page (internal, compact).
struct PlacedLine: Sendable {
    var paragraph: Int32
    var line: Int32
    /// Page coordinates of the paragraph-layout origin for this line: the column's left edge and the y of the
    /// line's top. The y is a `Double`: a scroll page of a long book is millions of points tall, where a `Float`
    /// keeps only half a point.
    var x: Float
    var y: Double
}
