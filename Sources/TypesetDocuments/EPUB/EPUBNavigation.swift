/// Reads tables of contents: the EPUB 3 navigation document and the EPUB 2 NCX. Entries come out with
/// book-relative hrefs; ``EPUBReader`` resolves them to offsets once the text exists.
enum EPUBNavigation {
    /// An entry before resolution.
    struct Entry: Sendable {
        var title: String
        var href: String?
        var children: [Entry]
        /// A landmark's or a guide reference's type, an NCX page target's `type`.
        var type: String? = nil
    }

    /// A navigation list before resolution (see ``NavigationList``).
    struct List: Sendable {
        var kind: String
        var title: String?
        var source: String
        var entries: [Entry]
    }

    /// The entries of `<nav epub:type="toc">` (the first `<nav>` when none says `toc`), nested as its lists are.
    ///
    /// - Parameter path: The navigation document's entry path, against which hrefs resolve.
    static func navigationDocument(_ root: XMLElement, path: String) -> [Entry]? {
        let navs = root.descendants(named: "nav")
        let toc = navs.first { nav in
            let type = nav.attribute("type", namespace: XMLNamespace.ops) ?? nav.attribute(anyNamespace: "type") ?? ""
            return type.split(separator: " ").contains("toc")
        } ?? navs.first
        guard let toc, let list = toc.descendants(named: "ol").first ?? toc.descendants(named: "ul").first else { return nil }
        return entries(ofList: list, path: path)
    }

    /// Every `<nav>` of the navigation document with a list, in document order: its kind (its `epub:type`, the
    /// first of `toc`, `page-list`, `landmarks` when it has several, else its first token, else its ARIA role
    /// without `doc-`, else `nav`), its heading, its entries (a landmark's own `epub:type` kept as the entry's type).
    static func navigationLists(_ root: XMLElement, path: String) -> [List] {
        root.descendants(named: "nav").compactMap { nav -> List? in
            guard let list = nav.elements.first(where: { $0.name == "ol" || $0.name == "ul" })
                    ?? nav.descendants(named: "ol").first ?? nav.descendants(named: "ul").first else { return nil }
            let types = (nav.attribute("type", namespace: XMLNamespace.ops) ?? nav.attribute(anyNamespace: "type") ?? "")
                .split(whereSeparator: \.isWhitespace).map(String.init)
            let role = nav.attribute("role").map { $0.hasPrefix("doc-") ? String($0.dropFirst(4)) : $0 }
            let kind = types.first { ["toc", "page-list", "landmarks"].contains($0) } ?? types.first
                ?? (role == "pagelist" ? "page-list" : role) ?? "nav"
            let heading = nav.elements.first { ["h1", "h2", "h3", "h4", "h5", "h6"].contains($0.lowercasedName) }
            let title = heading.map { XMLElement.collapseWhiteSpace(labelText($0)) }.flatMap { $0.isEmpty ? nil : $0 }
            return List(kind: kind, title: title, source: "nav", entries: entries(ofList: list, path: path))
        }
    }

    private static func entries(ofList list: XMLElement, path: String) -> [Entry] {
        list.elements(named: "li").compactMap { item in
            let label = item.elements.first { $0.name == "a" || $0.name == "span" }
            var title = label.map { XMLElement.collapseWhiteSpace(labelText($0)) } ?? ""
            if title.isEmpty { title = label?.attribute("title") ?? label?.attribute("aria-label") ?? "" }
            let href = label?.name == "a" ? label?.attribute("href").flatMap { bookHref($0, relativeTo: path) } : nil
            let sublist = item.elements.first { $0.name == "ol" || $0.name == "ul" }
            let children = sublist.map { entries(ofList: $0, path: path) } ?? []
            guard !title.isEmpty || href != nil || !children.isEmpty else { return nil }
            let type = label?.attribute("type", namespace: XMLNamespace.ops).flatMap { $0.isEmpty ? nil : $0 }
            return Entry(title: title, href: href, children: children, type: type)
        }
    }

    /// A label's text, with each image read as its `alt` text (else its `title`), as EPUB requires of a label
    /// that is not text.
    private static func labelText(_ element: XMLElement) -> String {
        var result = ""
        for child in element.children {
            switch child {
            case .text(let text): result += text
            case .element(let child) where child.name == "img":
                result += " " + (child.attribute("alt") ?? child.attribute("title") ?? "") + " "
            case .element(let child): result += labelText(child)
            }
        }
        return result
    }

    /// The entries of an NCX's `navMap`, nested as its `navPoint`s are.
    static func ncx(_ root: XMLElement, path: String) -> [Entry]? {
        guard let navMap = root.firstElement(named: "navMap") else { return nil }
        return navPoints(of: navMap, path: path)
    }

    /// The NCX's other lists: its `pageList` (kind `page-list`, each `pageTarget` with its `type` and label) and
    /// each `navList` (kind `navList`, titled by its `navLabel`, each `navTarget` an entry).
    static func ncxLists(_ root: XMLElement, path: String) -> [List] {
        var lists: [List] = []
        for pageList in root.elements(named: "pageList") {
            let entries = pageList.elements(named: "pageTarget").map { target in
                Entry(title: target.firstElement(named: "navLabel")?.firstElement(named: "text")?.collapsedText
                        ?? target.attribute("value") ?? "",
                      href: target.firstElement(named: "content")?.attribute("src").flatMap { bookHref($0, relativeTo: path) },
                      children: [], type: target.attribute("type"))
            }
            lists.append(List(kind: "page-list", title: label(of: pageList), source: "ncx", entries: entries))
        }
        for navList in root.elements(named: "navList") {
            let entries = navList.elements(named: "navTarget").map { target in
                Entry(title: target.firstElement(named: "navLabel")?.firstElement(named: "text")?.collapsedText ?? "",
                      href: target.firstElement(named: "content")?.attribute("src").flatMap { bookHref($0, relativeTo: path) },
                      children: [])
            }
            lists.append(List(kind: "navList", title: label(of: navList), source: "ncx", entries: entries))
        }
        return lists
    }

    private static func label(of element: XMLElement) -> String? {
        element.firstElement(named: "navLabel")?.firstElement(named: "text")?.collapsedText.nonEmpty
    }

    /// EPUB 2's package `<guide>` as landmarks: each reference's type in EPUB 3's vocabulary where it has one
    /// (`text` is `bodymatter`, `title-page` is `titlepage`), else as written.
    static func guide(_ package: XMLElement, path: String) -> List? {
        guard let guide = package.firstElement(named: "guide") else { return nil }
        let renamed = ["text": "bodymatter", "title-page": "titlepage", "copyright-page": "copyright-page",
                       "toc": "toc", "cover": "cover", "loi": "loi", "lot": "lot"]
        let entries = guide.elements(named: "reference").compactMap { reference -> Entry? in
            guard let href = reference.attribute("href").flatMap({ bookHref($0, relativeTo: path) }) else { return nil }
            let type = reference.attribute("type").map { $0.lowercased() }
            return Entry(title: reference.attribute("title") ?? type ?? "", href: href, children: [],
                         type: type.map { renamed[$0] ?? $0 })
        }
        return entries.isEmpty ? nil : List(kind: "landmarks", title: nil, source: "guide", entries: entries)
    }

    private static func navPoints(of parent: XMLElement, path: String) -> [Entry] {
        parent.elements(named: "navPoint").map { point in
            let title = point.firstElement(named: "navLabel")?.firstElement(named: "text")?.collapsedText ?? ""
            let href = point.firstElement(named: "content")?.attribute("src").flatMap { bookHref($0, relativeTo: path) }
            return Entry(title: title, href: href, children: navPoints(of: point, path: path))
        }
    }

    /// `href` resolved to a book-relative `path#fragment`, or nil for an external or invalid link.
    static func bookHref(_ href: String, relativeTo path: String) -> String? {
        guard case .inBook(let target, let fragment)? = EPUBPath.resolve(href, relativeTo: path) else { return nil }
        return fragment.map { target + "#" + $0 } ?? target
    }
}

private extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
