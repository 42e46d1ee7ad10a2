/// How a book is presented.
public enum LayoutMode: String, Hashable, Sendable {
    /// Pages of ``TypographySettings/pageSize``; a section (chapter) starts a new page.
    case paged
    /// One continuous column as wide as the page and as tall as the text; its single ``Page`` holds every line.
    case scroll
}
