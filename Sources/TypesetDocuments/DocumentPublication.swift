import TypesetCore

extension EPUBBook {
    /// The book as a reading session sees it: its spine items in the text as resources, in text order (the reading
    /// order, then the non-linear items after it), and its table of contents, flattened, as headings (entries
    /// whose target is not in the text are left out).
    public var publication: Publication {
        var resources = spine.compactMap { item in
            item.range.map { Publication.ReadingResource(href: item.href, mediaType: item.mediaType, range: $0) }
        }.sorted { $0.range.lowerBound < $1.range.lowerBound }
        if resources.isEmpty {
            resources = [Publication.ReadingResource(href: packagePath, mediaType: "application/oebps-package+xml", range: 0..<text.length)]
        }
        let headings = Publication.headings(of: tableOfContents)
        // The reader builds spine ranges in order and without overlap, so this cannot fail; a one-resource
        // publication is the safe answer if it ever did.
        var publication = (try? Publication(text: text, resources: resources, headings: headings))
            ?? Publication(text: text, href: packagePath, mediaType: "application/xhtml+xml", headings: headings)
        publication.restyle = restyle
        publication.styleEnvironment = styleEnvironment
        if !mediaDependence.isEmpty {
            let queries = mediaDependence
            publication.mediaDiffers = { old, new in queries.contains { $0.matches(old) != $0.matches(new) } }
        }
        publication.links = links
        publication.resourceLoader = resourceLoader
        return publication
    }
}

extension PlainTextDocument {
    /// The book as a reading session sees it: one `text/plain` resource called `href` (the file's name, which
    /// Locators carry), with the chapter headings found in the text as its headings, the book proper without
    /// its front and back matter as its body, and its first chapter as where it opens.
    public func publication(href: String) -> Publication {
        Publication(text: text, href: href, mediaType: "text/plain", headings: Publication.headings(of: tableOfContents),
                    bodyRange: bodyRange, startOffset: startOffset)
    }
}

extension Publication {
    /// A table of contents flattened into headings (depth 0 for top-level entries); entries whose target is not in
    /// the text are left out.
    public static func headings(of entries: [TableOfContentsEntry]) -> [Heading] {
        var headings: [Heading] = []
        func add(_ entries: [TableOfContentsEntry], depth: Int) {
            for entry in entries {
                if let offset = entry.offset { headings.append(Heading(title: entry.title, offset: offset, depth: depth)) }
                add(entry.children, depth: depth + 1)
            }
        }
        add(entries, depth: 0)
        return headings
    }
}
