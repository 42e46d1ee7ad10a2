/// A book as a reading session sees it: the text, the resources it came from (EPUB spine items, or the one file
/// of a plain-text book) and its headings. What Locators, the positions list and reading figures are made from.
///
/// Build one from a document reader (`EPUBBook.publication`, `PlainTextDocument.publication(href:)` in
/// TypesetDocuments) or directly.
public struct Publication: Sendable {
    /// The text.
    public private(set) var text: StyledText
    /// The resources in reading order; their ranges are ascending and do not overlap.
    public let resources: [ReadingResource]
    /// Headings (table-of-contents entries) by ascending offset: a Locator's `title` is the last heading at or
    /// before its offset.
    public let headings: [Heading]
    /// For each resource, the number of positions before it (Readium's positions are numbered across resources).
    let positionStarts: [Int]
    /// Makes the text again for another ``StyleEnvironment``: with or without the book's own styles
    /// (``ReaderSettings/publisherStyles``), for another page or theme its media queries and alternate style sheets
    /// answer differently on. Nil when the book has no styles (plain text). Set by the document reader; the text it
    /// returns must have the same units (styles never move an offset).
    public var restyle: (@Sendable (StyleEnvironment) throws -> StyledText)?
    /// The environment ``text`` was made for.
    public var styleEnvironment = StyleEnvironment()
    /// Whether the book's styles answer differently on two pages or themes (their media queries, their alternate
    /// style sheets); nil when they never do. Set by the document reader with ``restyle``.
    public var mediaDiffers: (@Sendable (MediaEnvironment, MediaEnvironment) -> Bool)?
    /// Whether the book's styles answer differently while its narration plays
    /// (``StyleEnvironment/narrationPlaying``: an EPUB with Media Overlays and a `media:playback-active-class`).
    /// Set by the document reader with ``restyle``.
    public var narrationRestyles = false
    /// The book proper: the text without a distributor's front and back matter (Project Gutenberg's header and
    /// licence), which stay in the text. Reading figures count it alone (``ReadingFigures``); the whole text when
    /// there is no such matter.
    public let bodyRange: Range<UTF16Offset>
    /// Where the book opens (an EPUB's body-matter landmark, or its guide's `text` reference; a plain-text book's
    /// first chapter): where a ``ReadingSession`` starts when given no offset. 0 when unknown. Page numbers never
    /// count from here: the book's first page is page 1.
    public let startOffset: UTF16Offset
    /// Element ids, notes and note references (see ``link(at:onPage:of:)`` and ``note(for:)``); empty for a
    /// book without them. Set by the document reader.
    public var links = PublicationLinks()
    /// Reads the book's resources (its images) when a page draws them; nil for a book without any (plain text).
    /// Set by the document reader; hand it to the renderer.
    public var resourceLoader: (any ResourceLoader)?
    /// The book's navigation lists: its table of contents, page list, landmarks and any other list (EPUB 3's
    /// `<nav>` elements, EPUB 2's NCX `navMap`, `pageList` and `navList` and its package guide; a plain-text book's
    /// chapter headings as its `toc`), each entry resolved to an offset. Set by the document reader.
    public var navigation: [NavigationList] = []
    /// The cover image's path in the book, for a library's shelf (see ``ResourceLoader`` to read it): the
    /// manifest's `cover-image` item, else the image EPUB 2's `<meta name="cover">` names, else the first image of
    /// the first spine item. Nil for a book without one (plain text). Set by the document reader.
    public var cover: String?
    /// Finds where an EPUB CFI points (``EPUBCFI``); nil for a book that cannot say (plain text). Set by the
    /// document reader (``offset(ofCFI:)`` asks it).
    public var cfiResolver: (@Sendable (EPUBCFI) -> UTF16Offset?)?
    /// Makes the EPUB CFI of an offset (``cfi(atOffset:)``); nil for a book that cannot say (plain text). Set by
    /// the document reader.
    public var cfiGenerator: (@Sendable (UTF16Offset) -> EPUBCFI?)?

    /// One resource of the publication.
    public struct ReadingResource: Hashable, Sendable {
        /// The resource's path (an EPUB spine item's href in the package, a text file's name); no fragment.
        public var href: String
        /// Its media type.
        public var mediaType: String
        /// The UTF-16 range of its text in ``Publication/text``.
        public var range: Range<UTF16Offset>
        /// Whether it is one page of a fixed layout (an EPUB `pre-paginated` item): then it is one position.
        public var isFixedPage: Bool

        /// Creates a resource.
        public init(href: String, mediaType: String, range: Range<UTF16Offset>, isFixedPage: Bool = false) {
            self.href = href; self.mediaType = mediaType; self.range = range; self.isFixedPage = isFixedPage
        }

        /// Readium's position count for the resource: one per 1024 UTF-16 units, at least one; one for a fixed
        /// page (Readium's positions of a fixed-layout resource).
        public var positionCount: Int { isFixedPage ? 1 : Publication.positionCount(ofLength: range.count) }
    }

    /// A titled place in the text.
    public struct Heading: Hashable, Sendable {
        /// The title as the table of contents gives it.
        public var title: String
        /// Where it starts.
        public var offset: UTF16Offset
        /// Nesting depth, 0 for top-level entries.
        public var depth: Int

        /// Creates a heading.
        public init(title: String, offset: UTF16Offset, depth: Int = 0) {
            self.title = title; self.offset = offset; self.depth = depth
        }
    }

    /// Resources that do not fit the text.
    public struct InvalidResources: Error, CustomStringConvertible {
        /// What is wrong.
        public let description: String
    }

    /// Readium's rule: one position per 1024 characters of a resource (here UTF-16 units of its text, so the
    /// list depends on the text alone, not on compression or styles).
    public static let charactersPerPosition = 1024

    /// Readium's position count of a resource of `length` UTF-16 units: one per 1024, at least one.
    public static func positionCount(ofLength length: Int) -> Int {
        // Rounded up without adding to `length` first, which could overflow.
        max(1, length / charactersPerPosition + (length % charactersPerPosition > 0 ? 1 : 0))
    }

    /// Creates a publication.
    ///
    /// - Parameters:
    ///   - resources: In reading order, with ascending, non-overlapping ranges inside `0...text.length`; empty
    ///     means one resource `href` covering the whole text.
    ///   - headings: In any order; headings outside the text are dropped with no error (a table of contents may
    ///     point into resources that are not in the reading order).
    /// - Parameter text: The book's text, every resource's one after the other.
    /// - Parameter startOffset: Where the book opens (past a distributor's header).
    /// - Parameter bodyRange: The book proper, without front and back matter (words and reading time count it).
    /// - Throws: ``InvalidResources`` when ranges are out of order, overlap or leave the text.
    ///   - bodyRange: The book proper (see ``bodyRange``), clamped to the text; nil for the whole text.
    ///   - startOffset: Where the book opens (see ``startOffset``), clamped to the text.
    public init(text: StyledText, resources: [ReadingResource], headings: [Heading] = [],
                bodyRange: Range<UTF16Offset>? = nil, startOffset: UTF16Offset = 0) throws {
        var previousEnd = 0
        for resource in resources {
            guard resource.range.lowerBound >= previousEnd, resource.range.upperBound <= text.length else {
                throw InvalidResources(description: "resource \(resource.href) (\(resource.range.lowerBound)..<\(resource.range.upperBound)) overlaps the one before it or leaves the text (0..<\(text.length))")
            }
            previousEnd = resource.range.upperBound
        }
        guard !resources.isEmpty else {
            throw InvalidResources(description: "a publication needs at least one resource")
        }
        self.text = text
        self.resources = resources
        self.headings = Publication.ordered(headings, in: text)
        var starts: [Int] = []
        var total = 0
        for resource in resources { starts.append(total); total += resource.positionCount }
        self.positionStarts = starts
        self.bodyRange = (bodyRange ?? 0..<text.length).clamped(to: 0..<text.length)
        self.startOffset = min(max(0, startOffset), text.length)
    }

    /// A publication of one resource holding the whole text (a plain-text book).
    public init(text: StyledText, href: String, mediaType: String = "text/plain", headings: [Heading] = [],
                bodyRange: Range<UTF16Offset>? = nil, startOffset: UTF16Offset = 0) {
        self.text = text
        self.resources = [ReadingResource(href: href, mediaType: mediaType, range: 0..<text.length)]
        self.headings = Publication.ordered(headings, in: text)
        self.positionStarts = [0]
        self.bodyRange = (bodyRange ?? 0..<text.length).clamped(to: 0..<text.length)
        self.startOffset = min(max(0, startOffset), text.length)
    }

    /// Headings inside the text, by ascending offset.
    private static func ordered(_ headings: [Heading], in text: StyledText) -> [Heading] {
        headings.filter { $0.offset >= 0 && $0.offset <= text.length }.sorted { $0.offset < $1.offset }
    }

    /// The index of the resource holding `offset`: the last resource starting at or before it (an offset in a
    /// gap between resources belongs to the one before; empty resources give way to the next one at the same
    /// start). Nil outside `0...text.length`.
    public func resourceIndex(containing offset: UTF16Offset) -> Int? {
        guard offset >= 0, offset <= text.length else { return nil }
        var low = 0, high = resources.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if resources[mid].range.lowerBound <= offset { low = mid } else { high = mid - 1 }
        }
        while low + 1 < resources.count, resources[low].range.isEmpty, resources[low + 1].range.lowerBound == offset { low += 1 }
        return low
    }

    /// The index of the resource called `href`: exact match first, then ignoring a leading `/` or `./` and a
    /// `#fragment`. Nil when no resource has that name.
    public func resourceIndex(href: String) -> Int? {
        if let exact = resources.firstIndex(where: { $0.href == href }) { return exact }
        func normalized(_ value: String) -> Substring {
            var path = value[...]
            if let hash = path.firstIndex(of: "#") { path = path[..<hash] }
            while path.hasPrefix("./") { path = path.dropFirst(2) }
            while path.hasPrefix("/") { path = path.dropFirst() }
            return path
        }
        let wanted = normalized(href)
        return resources.firstIndex { normalized($0.href) == wanted }
    }

    /// The publication with its text made again with or without the book's own styles, for the same page and
    /// theme; itself when it has no ``restyle``.
    ///
    /// - Throws: what ``restyle`` throws, or ``InvalidResources`` when the restyled text's length differs.
    public func restyled(publisherStyles: Bool) throws -> Publication {
        try restyled(for: StyleEnvironment(publisherStyles: publisherStyles, media: styleEnvironment.media))
    }

    /// Whether the text made for `environment` would differ from ``text``: publisher styles switched, narration
    /// started or stopped in a book with styles for it, or a media query or alternate style sheet of the book
    /// answering differently there. A page size or theme the book's
    /// styles do not ask about never makes the text again.
    public func needsRestyle(for environment: StyleEnvironment) -> Bool {
        guard restyle != nil else { return false }
        if environment.publisherStyles != styleEnvironment.publisherStyles { return true }
        if narrationRestyles && environment.narrationPlaying != styleEnvironment.narrationPlaying { return true }
        return mediaDiffers?(styleEnvironment.media, environment.media) ?? false
    }

    /// The publication with its text made for `environment` when it differs there (``needsRestyle(for:)``); else
    /// itself, noted as made for `environment`.
    ///
    /// - Throws: what ``restyle`` throws, or ``InvalidResources`` when the restyled text's length differs.
    public func restyled(for environment: StyleEnvironment) throws -> Publication {
        var copy = self
        copy.styleEnvironment = environment
        guard needsRestyle(for: environment), let restyle else { return copy }
        let restyled = try restyle(environment)
        guard restyled.length == text.length else {
            throw InvalidResources(description: "the restyled text has \(restyled.length) units, not \(text.length)")
        }
        copy.text = restyled
        return copy
    }

    /// The last heading at or before `offset`, if any.
    public func heading(before offset: UTF16Offset) -> Heading? {
        var low = 0, high = headings.count
        while low < high {
            let mid = (low + high) / 2
            if headings[mid].offset <= offset { low = mid + 1 } else { high = mid }
        }
        return low > 0 ? headings[low - 1] : nil
    }
}
