/// Everything a reader can change about how a book is shown, as one value: the typography (which decides the
/// lines), the appearance (which only decides the pixels), the presentation mode and whether the book's own
/// styles apply.
///
/// Every field is also reachable by name through ``ReaderSettings/table``, which the command-line tool, its
/// `query` protocol and the manual's option list are made from.
public struct ReaderSettings: Hashable, Sendable {
    /// Font, size, spacing, margins, page geometry, hyphenation and breaking: a change lays the text out again.
    public var typography: TypographySettings
    /// Theme and pixel scale: a change only redraws.
    public var appearance: Appearance
    /// Pages, or one continuous scroll.
    public var mode: LayoutMode
    /// Whether the book's own styles (an EPUB's CSS) apply; read when a book is opened (see
    /// `BookFile.open(path:settings:)` in TypesetDocuments). Plain text has none, so it changes nothing there.
    public var publisherStyles: Bool

    /// Creates settings; the defaults are those of ``TypographySettings`` and ``Appearance``, paged, with the
    /// publisher's styles.
    public init(typography: TypographySettings = TypographySettings(), appearance: Appearance = Appearance(),
                mode: LayoutMode = .paged, publisherStyles: Bool = true) {
        self.typography = typography
        self.appearance = appearance
        self.mode = mode
        self.publisherStyles = publisherStyles
    }
}
