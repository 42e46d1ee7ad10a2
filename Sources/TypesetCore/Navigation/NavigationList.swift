/// One of a book's navigation lists: its table of contents, its page list, its landmarks, or any other list the
/// book's navigation document has (a list of illustrations, of tables, of audio clips, the publisher's own), as
/// EPUB 3's `<nav>` elements and EPUB 2's NCX (`navMap`, `pageList`, `navList`) and package guide give them.
public struct NavigationList: Hashable, Sendable {
    /// What the list is, as the book types it: `toc`, `page-list`, `landmarks` (EPUB 3's structural semantics,
    /// also for the NCX's `navMap` and `pageList` and the EPUB 2 guide), `lot`, `loi`, `lov`, `loa` (lists of
    /// tables, illustrations, video, audio), another `epub:type` or ARIA role, or `nav` for a list that says nothing.
    public var kind: String
    /// The list's heading (a `<nav>`'s `h1`–`h6`, an NCX list's `navLabel`), if it has one.
    public var title: String?
    /// Where the list was read: `nav` (the EPUB 3 navigation document), `ncx`, `guide` (the EPUB 2 package's
    /// `<guide>`), or `text` (a plain-text book's chapter headings).
    public var source: String
    /// The entries, nested as the book nests them.
    public var entries: [NavigationEntry]

    /// Creates a list.
    public init(kind: String, title: String? = nil, source: String, entries: [NavigationEntry]) {
        self.kind = kind; self.title = title; self.source = source; self.entries = entries
    }

    /// The number of entries, nested ones included.
    public var count: Int { entries.reduce(0) { $0 + $1.count } }
}

/// An entry of a navigation list: a label and where it leads.
public struct NavigationEntry: Hashable, Sendable {
    /// The label, white space collapsed (an image's alt text stands for the image).
    public var label: String
    /// Where it leads, book-relative (`OEBPS/ch01.xhtml#p12`); nil for a heading that is not a link (a `<span>`).
    public var href: String?
    /// The entry's own type, when the book gives one: a landmark's `epub:type` (`bodymatter`, `cover`, `toc`),
    /// a guide reference's type, an NCX page target's `type` (`front`, `normal`, `special`).
    public var type: String?
    /// The global UTF-16 offset the entry leads to (the element with the fragment's id, else the start of its
    /// resource); for an entry without an href, its first descendant's; nil when the target is not in the text.
    public var offset: UTF16Offset?
    /// Nested entries.
    public var children: [NavigationEntry]

    /// Creates an entry.
    public init(label: String, href: String? = nil, type: String? = nil, offset: UTF16Offset?,
                children: [NavigationEntry] = []) {
        self.label = label; self.href = href; self.type = type; self.offset = offset; self.children = children
    }

    /// The number of entries in this subtree, this one included.
    public var count: Int { 1 + children.reduce(0) { $0 + $1.count } }
}

extension Publication {
    /// The navigation list of kind `kind` (`toc`, `page-list`, `landmarks`, `loi`...), the first when the book has
    /// several; nil when it has none.
    public func navigationList(_ kind: String) -> NavigationList? {
        navigation.first { $0.kind == kind }
    }

    /// The offset of the book's first landmark of type `type` (`bodymatter`, `toc`, `cover`...): EPUB 3's landmarks,
    /// else the EPUB 2 guide's; nil when the book has none that resolves.
    public func landmark(_ type: String) -> UTF16Offset? {
        for list in navigation where list.kind == "landmarks" {
            if let entry = list.entries.first(where: { $0.type == type && $0.offset != nil }) { return entry.offset }
        }
        return nil
    }
}
