/// Reads tables of contents: the EPUB 3 navigation document and the EPUB 2 NCX. Entries come out with
/// book-relative hrefs; ``EPUBReader`` resolves them to offsets once the text exists.
enum EPUBNavigation {
    /// An entry before resolution.
    struct Entry: Sendable {
        var title: String
        var href: String?
        var children: [Entry]
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

    private static func entries(ofList list: XMLElement, path: String) -> [Entry] {
        list.elements(named: "li").compactMap { item in
            let label = item.elements.first { $0.name == "a" || $0.name == "span" }
            var title = label.map { XMLElement.collapseWhiteSpace(labelText($0)) } ?? ""
            if title.isEmpty { title = label?.attribute("title") ?? "" }
            let href = label?.name == "a" ? label?.attribute("href").flatMap { bookHref($0, relativeTo: path) } : nil
            let sublist = item.elements.first { $0.name == "ol" || $0.name == "ul" }
            let children = sublist.map { entries(ofList: $0, path: path) } ?? []
            guard !title.isEmpty || href != nil || !children.isEmpty else { return nil }
            return Entry(title: title, href: href, children: children)
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
