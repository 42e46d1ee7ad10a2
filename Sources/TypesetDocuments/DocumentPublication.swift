import TypesetCore

extension EPUBBook {
    /// The book as a reading session sees it: its spine items in the text as resources, in text order (the reading
    /// order, then the non-linear items after it), and its table of contents, flattened, as headings (entries
    /// whose target is not in the text are left out).
    public var publication: Publication {
        var resources = spine.compactMap { item in
            item.range.map { Publication.ReadingResource(href: item.href, mediaType: item.mediaType, range: $0,
                                                         isFixedPage: item.fixedLayout != nil) }
        }.sorted { $0.range.lowerBound < $1.range.lowerBound }
        if resources.isEmpty {
            resources = [Publication.ReadingResource(href: packagePath, mediaType: "application/oebps-package+xml", range: 0..<text.length)]
        }
        let headings = Publication.headings(of: tableOfContents)
        // Where the book opens: its body-matter landmark (EPUB 3), else its guide's `text` reference (EPUB 2).
        let landmarks = navigation.filter { $0.kind == "landmarks" }
        let start = (landmarks.filter { $0.source == "nav" } + landmarks.filter { $0.source != "nav" })
            .lazy.compactMap { $0.entries.first { $0.type == "bodymatter" }?.offset }.first ?? 0
        // The reader builds spine ranges in order and without overlap, so this cannot fail; a one-resource
        // publication is the safe answer if it ever did.
        var publication = (try? Publication(text: text, resources: resources, headings: headings, startOffset: start))
            ?? Publication(text: text, href: packagePath, mediaType: "application/xhtml+xml", headings: headings, startOffset: start)
        publication.restyle = restyle
        publication.styleEnvironment = styleEnvironment
        publication.narrationRestyles = mediaOverlay?.playbackActiveClass != nil
        if !mediaDependence.isEmpty {
            let queries = mediaDependence
            publication.mediaDiffers = { old, new in queries.contains { $0.matches(old) != $0.matches(new) } }
        }
        publication.links = links
        publication.resourceLoader = resourceLoader
        publication.navigation = navigation
        publication.cover = coverImage
        let book = self
        publication.cfiResolver = { cfi in book.offset(of: cfi)?.offset }
        publication.cfiGenerator = { offset in book.cfi(at: offset) }
        return publication
    }
}

extension PlainTextDocument {
    /// The book as a reading session sees it: one `text/plain` resource called `href` (the file's name, which
    /// Locators carry), with the chapter headings found in the text as its headings, the book proper without
    /// its front and back matter as its body, and its first chapter as where it opens.
    public func publication(href: String) -> Publication {
        var publication = Publication(text: text, href: href, mediaType: "text/plain", headings: Publication.headings(of: tableOfContents),
                                      bodyRange: bodyRange, startOffset: startOffset)
        if !tableOfContents.isEmpty {
            publication.navigation = [NavigationList(kind: "toc", source: "text", entries: tableOfContents.map(Self.navigationEntry))]
        }
        return publication
    }

    private static func navigationEntry(_ entry: TableOfContentsEntry) -> NavigationEntry {
        NavigationEntry(label: entry.title, offset: entry.offset, children: entry.children.map(navigationEntry))
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
