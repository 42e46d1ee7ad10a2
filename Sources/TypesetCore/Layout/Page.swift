/// One page of a laid-out book.
public struct Page: Sendable {
    /// Zero-based page number.
    public let index: Int
    /// The UTF-16 range of the text on the page. Pages partition the document.
    public let range: Range<UTF16Offset>
    /// The page's size in points (for a scroll layout: the page width and the whole text's height).
    public let size: Size
    /// The index of the section (chapter) the page belongs to.
    public let section: Int
    let placements: [PlacedLine]

    /// Number of lines on the page.
    public var lineCount: Int { placements.count }
}
