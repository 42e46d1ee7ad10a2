import TypesetCore

/// A comic book archive (CBZ: a ZIP of images, read in the natural order of their names, with an optional
/// `ComicInfo.xml`) as ``ComicReader`` reads it: one page per image.
///
/// Its ``publication`` is a text of one object replacement character per image, each a section of its own (so each
/// starts a page) whose attachment fills the page's content area keeping its aspect (letterboxed by the page's
/// background). Layout, spreads, rendering, Locators (one resource per image, as Readium's comics) and
/// decorations then work as for any book; `BookLayout.imageRegion(onPage:)` gives the page geometry a zooming
/// app needs.
public struct ComicBook: Sendable {
    /// One page: an image of the archive.
    public struct Page: Hashable, Sendable {
        /// The image's entry in the archive (`issue-1/page10.jpg`).
        public var href: String
        /// Its media type, from its name's extension.
        public var mediaType: String
        /// Its size in pixels, nil when its header cannot be read (then it is drawn as a placeholder).
        public var pixelSize: Size?
    }

    /// The file's name, for messages.
    public let name: String
    /// The pages in reading order.
    public let pages: [Page]
    /// What `ComicInfo.xml` says; empty when there is none.
    public let info: ComicInfo
    /// Whether the archive has a `ComicInfo.xml` that could be read.
    public let hasComicInfo: Bool
    /// The cover's image: the one `ComicInfo.xml` marks `FrontCover`, else the first page's.
    public let cover: String?
    /// What the reader recovered from, one line each.
    public let warnings: [String]
    let resourceLoader: any ResourceLoader

    /// The direction the pages turn: right to left for a manga that says so (`YesAndRightToLeft`).
    public var pageProgression: PageProgression { info.readsRightToLeft ? .rightToLeft : .leftToRight }

    init(name: String, pages: [Page], info: ComicInfo?, warnings: [String], resourceLoader: any ResourceLoader) {
        self.name = name; self.pages = pages; self.info = info ?? ComicInfo(); self.hasComicInfo = info != nil
        self.warnings = warnings; self.resourceLoader = resourceLoader
        let front = info?.frontCoverImage.flatMap { pages.indices.contains($0) ? pages[$0].href : nil }
        cover = front ?? pages.first?.href
    }

    /// The book as a reading session sees it: one resource per page (the image's href and media type), each a
    /// section of one U+FFFC filling its page.
    public var publication: Publication {
        var paragraphs: [Paragraph] = []
        var resources: [Publication.ReadingResource] = []
        paragraphs.reserveCapacity(pages.count)
        for (index, page) in pages.enumerated() {
            let start = 2 * index
            let attachment = TextAttachment(source: page.href, altText: "page \(index + 1)", intrinsicSize: page.pixelSize,
                                            presentation: .page)
            let style = ParagraphStyle(alignment: .center, firstLineIndent: 0, startsSection: true)
            paragraphs.append(Paragraph(start: start, units: [0xFFFC, 0x0A], contentRange: 0..<1,
                                        runs: [AttributeRun(range: 0..<1, style: TextStyle(attachment: attachment))], style: style))
            resources.append(Publication.ReadingResource(href: page.href, mediaType: page.mediaType, range: start..<(start + 2)))
        }
        // Paragraphs of two units each, in order, cannot be refused; an empty text is the answer if they ever were.
        let text = (try? StyledText(paragraphs: paragraphs, language: info.language, title: info.displayTitle))
            ?? StyledText(plain: "")
        var publication = (try? Publication(text: text, resources: resources, headings: [], startOffset: 0))
            ?? Publication(text: text, href: name, mediaType: "application/vnd.comicbook+zip", headings: [], startOffset: 0)
        publication.resourceLoader = resourceLoader
        publication.cover = cover
        return publication
    }
}
