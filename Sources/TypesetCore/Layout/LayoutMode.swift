/// How a book is presented.
public enum LayoutMode: String, Hashable, Sendable {
    /// Pages of ``TypographySettings/pageSize``; a section (chapter) starts a new page.
    case paged
    /// One continuous column as wide as the page and as tall as the text (for vertical text: as tall as the page
    /// and as wide as the text); its single ``Page`` holds every line. A text whose sections or blocks differ in
    /// writing mode is one such page per run of one mode (``Page/writingMode``), each scrolled along its own lines'
    /// progression; a layout break (``StyledText/layoutBreaks``) starts a new one too.
    case scroll
}
