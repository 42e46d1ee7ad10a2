import TypesetCore

/// One entry of a book's table of contents: an EPUB's navigation document or NCX, or the chapter headings the
/// plain-text reader found.
public struct TableOfContentsEntry: Hashable, Sendable {
    /// The label, white space collapsed.
    public var title: String
    /// EPUB: the target, book-relative (`OEBPS/ch01.xhtml#c1`), or nil for a heading without a link (a nav
    /// `<span>`). Plain text: nil.
    public var href: String?
    /// The target's global UTF-16 offset: EPUB, the element with the fragment's id, or the item's start (for an
    /// entry without an href, its first descendant's offset; nil when the target is not in the text); plain
    /// text, the start of the heading line.
    public var offset: UTF16Offset?
    /// Nested entries.
    public var children: [TableOfContentsEntry]

    /// Creates an entry.
    public init(title: String, href: String? = nil, offset: UTF16Offset?, children: [TableOfContentsEntry] = []) {
        self.title = title; self.href = href; self.offset = offset; self.children = children
    }

    /// The number of entries in this subtree, this one included.
    public var count: Int { 1 + children.reduce(0) { $0 + $1.count } }
    /// The depth of this subtree (1 for a leaf).
    public var depth: Int { 1 + (children.map(\.depth).max() ?? 0) }

    /// Nests a flat list of headings by level: each entry becomes a child of the nearest earlier entry with a
    /// smaller level (a chapter under its book), or a top-level entry when there is none.
    public static func nested(_ headings: [(title: String, offset: UTF16Offset, level: Int)]) -> [TableOfContentsEntry] {
        // A stack of the open entries along the current path, with their levels; closed entries are folded into
        // their parents.
        var roots: [TableOfContentsEntry] = []
        var path: [(entry: TableOfContentsEntry, level: Int)] = []
        func closeLast() {
            let last = path.removeLast().entry
            if path.isEmpty { roots.append(last) } else { path[path.count - 1].entry.children.append(last) }
        }
        for heading in headings {
            while let last = path.last, last.level >= heading.level { closeLast() }
            path.append((TableOfContentsEntry(title: heading.title, offset: heading.offset), heading.level))
        }
        while !path.isEmpty { closeLast() }
        return roots
    }
}

/// The EPUB reader's name for ``TableOfContentsEntry``, kept so that existing callers compile unchanged.
public typealias EPUBTOCEntry = TableOfContentsEntry
