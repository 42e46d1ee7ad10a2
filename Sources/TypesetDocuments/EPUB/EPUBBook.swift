import TypesetCore

/// An EPUB 2 or 3 book read by ``EPUBReader``: its metadata, its text as one `StyledText`, its spine, table
/// of contents and images, and the mapping between global offsets and positions inside spine items.
///
/// **Positions.** Every spine item has its own plain-text projection (its own UTF-16 text, each block ended by
/// `\n`); the book's text is the concatenation of the linear items' in spine order, then the non-linear items'
/// (`linear="no"`: reached through links and the table of contents, after the reading order), and each item's first
/// paragraph starts a section (a new page). A position in the book is an ``EPUBLocation`` (the item's href and a UTF-16
/// offset inside its projection); ``location(ofOffset:)`` and ``offset(of:)-(EPUBLocation)`` convert between it and a global
/// offset. Projections depend on the XHTML only, never on CSS or settings, so locations stay valid when
/// styles or settings change.
public struct EPUBBook: Sendable {
    /// Title, authors, language, identifier...
    public let metadata: EPUBMetadata
    /// The OPF's `version` attribute (`2.0`, `3.0`).
    public let version: String
    /// The package document's entry path (`OEBPS/content.opf`).
    public let packagePath: String
    /// The text of the spine items, concatenated: the reading order (linear items), then the non-linear ones.
    public let text: StyledText
    /// Every spine item in order, linear or not.
    public let spine: [EPUBSpineItem]
    /// The table of contents (EPUB 3 nav document, else EPUB 2 `toc.ncx`), entries resolved to offsets.
    public let tableOfContents: [TableOfContentsEntry]
    /// Where the TOC came from.
    public let tableOfContentsSource: EPUBTOCSource
    /// The spine element's step in an EPUB CFI (`6` in `/6/4!/...` when it follows the metadata and manifest).
    public var cfiSpineStep = 6
    /// Per spine item href, what maps its offsets to EPUB CFIs and back (``cfi(at:)``, ``offset(of:)``).
    var cfiMaps: [String: CFIMap] = [:]
    /// Every navigation list of the book, entries resolved to offsets: the table of contents (kind `toc`), the
    /// page list, landmarks and any other `<nav>` of the EPUB 3 navigation document, the NCX's `pageList` and
    /// `navList`s, the package guide (as landmarks) of an EPUB 2 book (see `NavigationList`).
    public let navigation: [NavigationList]
    /// The package's `rendition:layout` (each spine item may override it: ``EPUBSpineItem/fixedLayout``).
    public internal(set) var renditionLayout = EPUBRenditionLayout.reflowable
    /// The package's `rendition:spread`.
    public internal(set) var renditionSpread = EPUBRenditionSpread.auto
    /// The package's `rendition:orientation`: the orientation its pre-paginated pages are meant to be seen in.
    public internal(set) var renditionOrientation = EPUBRenditionOrientation.auto
    /// The book's recorded narration (EPUB 3 Media Overlays), nil when it has none.
    public internal(set) var mediaOverlay: MediaOverlay?
    /// The spine's `page-progression-direction`.
    public let pageProgression: EPUBPageProgression
    /// The package's `rendition:flow`: how the publisher wants overflowing content presented.
    public let flow: EPUBFlow
    /// Images (their U+FFFC placeholders), in text order.
    public let images: [EPUBImage]
    /// The book's element ids, notes and note references (see `Publication.links`).
    public let links: PublicationLinks
    /// The cover image's path in the book, whether or not a spine item shows it, for a library's thumbnail: EPUB
    /// 3's `cover-image` item, else the image EPUB 2's `<meta name="cover">` names, else the first image of the
    /// first spine item in the text.
    public let coverImage: String?
    /// Things the reader recovered from (malformed XHTML, unresolvable TOC entries), one line each, naming
    /// the entry.
    public let warnings: [String]
    /// The declarations of the book's CSS that Typeset dropped (an unsupported property or value), each distinct
    /// one once with its count, in the order met; empty unless the reader was asked
    /// (``EPUBReader/Options/reportsIgnoredCSS``).
    public internal(set) var ignoredCSS: [IgnoredCSSDeclaration] = []
    /// Dropped declarations not listed in ``ignoredCSS``, past its bound of 500 distinct ones.
    public internal(set) var ignoredCSSOverflow = 0
    /// Every link into the book that leads nowhere (a missing file, an id no element has), in text order; the
    /// reader's ``warnings`` name the first ten.
    public internal(set) var brokenLinks: [BrokenLink] = []

    /// Creates a book (``EPUBReader`` does this).
    init(metadata: EPUBMetadata, version: String, packagePath: String, text: StyledText, spine: [EPUBSpineItem],
         tableOfContents: [TableOfContentsEntry], tableOfContentsSource: EPUBTOCSource,
         pageProgression: EPUBPageProgression, flow: EPUBFlow = .auto, images: [EPUBImage], anchors: [String: [String: Int]],
         warnings: [String], links: PublicationLinks = PublicationLinks(), coverImage: String? = nil,
         inlineDocuments: [String: [UInt8]] = [:], listedResources: Set<String>? = nil, navigation: [NavigationList] = [],
         styleEnvironment: StyleEnvironment = StyleEnvironment(), mediaDependence: [MediaQueryList] = []) {
        self.navigation = navigation
        self.metadata = metadata; self.version = version; self.packagePath = packagePath; self.text = text
        self.spine = spine; self.tableOfContents = tableOfContents; self.tableOfContentsSource = tableOfContentsSource
        self.pageProgression = pageProgression; self.flow = flow; self.images = images; self.anchors = anchors
        self.warnings = warnings; self.links = links; self.coverImage = coverImage; self.inlineDocuments = inlineDocuments
        self.listedResources = listedResources
        self.styleEnvironment = styleEnvironment; self.mediaDependence = mediaDependence
        // In text order: non-linear items follow the reading order, whatever their place in the spine.
        self.laidOut = spine.filter { $0.range != nil }.sorted { ($0.range?.lowerBound ?? 0) < ($1.range?.lowerBound ?? 0) }
        var indexByHref: [String: Int] = [:]
        for (index, item) in laidOut.enumerated() where indexByHref[item.href] == nil { indexByHref[item.href] = index }
        self.laidOutIndex = indexByHref
    }

    /// The direction pages turn in: the spine's `page-progression-direction`, or, when it says nothing, right to
    /// left for a book whose language is written right to left (Arabic, Hebrew, Persian, Urdu...), left to right
    /// otherwise, as reading systems decide `default`.
    public var readingProgression: EPUBPageProgression {
        guard pageProgression == .default else { return pageProgression }
        return EPUBBook.isWrittenRightToLeft(metadata.language) ? .rightToLeft : .leftToRight
    }

    /// Whether a BCP 47 tag names a right-to-left script, or a language written in one unless a script says otherwise.
    static func isWrittenRightToLeft(_ tag: String?) -> Bool {
        guard let tag else { return false }
        let subtags = tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        let rightToLeftScripts: Set<String> = ["arab", "hebr", "syrc", "thaa", "nkoo", "adlm", "rohg", "mand", "samr", "yezi"]
        if let script = subtags.dropFirst().first(where: { $0.count == 4 && $0.allSatisfy(\.isLetter) }) {
            return rightToLeftScripts.contains(script)
        }
        let rightToLeftLanguages: Set<String> = ["ar", "arc", "azb", "ckb", "dv", "fa", "he", "iw", "ji", "ks", "ps",
                                                 "sd", "syr", "ug", "ur", "yi"]
        return subtags.first.map(rightToLeftLanguages.contains) ?? false
    }

    /// Element ids per spine item href: local offsets.
    let anchors: [String: [String: Int]]
    /// The documents of inline `<svg>` drawings, by the names their attachments use.
    let inlineDocuments: [String: [UInt8]]
    /// The entry paths the manifest lists, which alone the resource loader reads; nil for no such limit.
    let listedResources: Set<String>?
    /// Reads the book's images when pages draw them (set by ``EPUBReader``; becomes the publication's
    /// `Publication.resourceLoader`).
    public internal(set) var resourceLoader: (any ResourceLoader)?
    /// Reads the book's text again for another environment (set by ``EPUBReader``; becomes the publication's
    /// ``Publication/restyle``).
    var restyle: (@Sendable (StyleEnvironment) throws -> StyledText)?
    /// The book's items as converted last (set by ``EPUBReader``, shared with ``restyle``).
    var conversions: SpineItemConversions?
    /// Whether the book's CSS applied, and the page and theme its media queries were evaluated against.
    public let styleEnvironment: StyleEnvironment
    /// The media queries (and alternate style sheet selections) whose answers the text's styles depend on: a page
    /// or theme that answers them all as ``styleEnvironment`` does gives the same text.
    let mediaDependence: [MediaQueryList]
    /// The spine items in the text, in order (their ranges partition the text).
    private let laidOut: [EPUBSpineItem]
    /// The index in ``laidOut`` of each href's first item: resolving a table of contents looked every entry up
    /// by a scan of the spine, O(entries × items).
    private let laidOutIndex: [String: Int]

    /// The laid-out spine item of `href`, if any.
    func laidOutItem(href: String) -> EPUBSpineItem? { laidOutIndex[href].map { laidOut[$0] } }

    /// The spine item whose range contains the global `offset` (the last item for the end of the text), and the
    /// offset inside it; nil outside `0...text.length` or for a book with no text.
    public func location(ofOffset offset: UTF16Offset) -> EPUBLocation? {
        guard offset >= 0, offset <= text.length, !laidOut.isEmpty else { return nil }
        var low = 0, high = laidOut.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if let range = laidOut[mid].range, range.lowerBound <= offset { low = mid } else { high = mid - 1 }
        }
        // Empty items share their start with the next one: the offset belongs to the one that holds text.
        while low + 1 < laidOut.count, let range = laidOut[low].range, range.isEmpty, range.lowerBound == offset,
              laidOut[low + 1].range?.lowerBound == offset { low += 1 }
        guard let range = laidOut[low].range else { return nil }
        return EPUBLocation(href: laidOut[low].href, offset: offset - range.lowerBound)
    }

    /// The global offset of a location; nil when the href is not a spine item in the text or the offset lies
    /// outside the item's projection.
    public func offset(of location: EPUBLocation) -> UTF16Offset? {
        guard let item = laidOutItem(href: location.href), let range = item.range,
              location.offset >= 0, location.offset <= range.count else { return nil }
        return range.lowerBound + location.offset
    }

    /// The global offset a book-relative href points at (`OEBPS/ch02.xhtml#note-3`): the start of the spine
    /// item, or the first character of the element with that id. Nil when the item is not in the text; the
    /// item's start when the id is unknown.
    public func offset(forHref href: String) -> UTF16Offset? {
        var path = Substring(href), fragment: String?
        if let hash = href.firstIndex(of: "#") {
            path = href[..<hash]
            fragment = EPUBPath.percentDecoded(href[href.index(after: hash)...])
        }
        let itemPath = EPUBPath.percentDecoded(path)
        guard let item = laidOutItem(href: itemPath), let range = item.range else { return nil }
        guard let fragment, !fragment.isEmpty else { return range.lowerBound }
        return range.lowerBound + (anchors[itemPath]?[fragment] ?? 0)
    }

    /// Whether `href` names an element id that exists in its spine item (an href without a fragment: whether
    /// the item is in the text).
    public func resolvesExactly(_ href: String) -> Bool {
        guard let hash = href.firstIndex(of: "#") else { return offset(forHref: href) != nil }
        let itemPath = EPUBPath.percentDecoded(href[..<hash])
        return anchors[itemPath]?[EPUBPath.percentDecoded(href[href.index(after: hash)...])] != nil
    }

    /// The image whose placeholder is at `offset`, if any.
    public func image(atOffset offset: UTF16Offset) -> EPUBImage? {
        var low = 0, high = images.count
        while low < high {
            let mid = (low + high) / 2
            if images[mid].offset < offset { low = mid + 1 } else { high = mid }
        }
        return low < images.count && images[low].offset == offset ? images[low] : nil
    }

    /// Readium's position count: one position per 1024 UTF-16 units of each spine item in the text, and at
    /// least one per item; one per pre-paginated item (a fixed page).
    public var positionCount: Int {
        laidOut.reduce(0) { $0 + ($1.fixedLayout != nil ? 1 : Publication.positionCount(ofLength: $1.range?.count ?? 0)) }
    }
}

/// A position inside a spine item: what a Locator carries.
public struct EPUBLocation: Hashable, Sendable, CustomStringConvertible {
    /// The spine item's path inside the book (`OEBPS/chapter-2.xhtml`).
    public var href: String
    /// UTF-16 offset in the item's plain-text projection.
    public var offset: UTF16Offset

    /// Creates a location.
    public init(href: String, offset: UTF16Offset) { self.href = href; self.offset = offset }

    /// `href@offset`.
    public var description: String { "\(href)@\(offset)" }
}

/// The book's descriptive metadata (Dublin Core, from the OPF).
public struct EPUBMetadata: Hashable, Sendable {
    /// The main title (EPUB 3: the one refined as `main`, else the first `dc:title`).
    public var title: String?
    /// A subtitle, when EPUB 3 metadata marks one.
    public var subtitle: String?
    /// The base direction to show the title in: its `dir` attribute, else the package element's, else (also for
    /// `dir="auto"`) the direction of its first strong character.
    public var titleDirection: WritingDirection
    /// Authors in display order: creators whose role is `aut` or unspecified.
    public var authors: [String]
    /// The base direction of each author's name, in the order of ``authors``, decided as ``titleDirection`` is.
    public var authorDirections: [WritingDirection]
    /// Other creators and contributors with their MARC relator role (`trl`, `ill`), in order.
    public var contributors: [EPUBContributor]
    /// The first `dc:language` (BCP 47).
    public var language: String?
    /// The identifier the package's `unique-identifier` names.
    public var identifier: String?
    /// `dc:publisher`.
    public var publisher: String?
    /// `dc:date` (the first one; EPUB 2 may have several events).
    public var date: String?
    /// `dc:description`, white space collapsed.
    public var description: String?

    /// Creates metadata.
    public init(title: String? = nil, subtitle: String? = nil, authors: [String] = [], contributors: [EPUBContributor] = [],
                language: String? = nil, identifier: String? = nil, publisher: String? = nil, date: String? = nil,
                description: String? = nil, titleDirection: WritingDirection = .leftToRight,
                authorDirections: [WritingDirection]? = nil) {
        self.title = title; self.subtitle = subtitle; self.authors = authors; self.contributors = contributors
        self.titleDirection = titleDirection
        self.authorDirections = authorDirections ?? authors.map { _ in .leftToRight }
        self.language = language; self.identifier = identifier; self.publisher = publisher; self.date = date
        self.description = description
    }
}

/// A creator or contributor other than an author.
public struct EPUBContributor: Hashable, Sendable {
    /// The name as displayed.
    public var name: String
    /// MARC relator code (`trl` translator, `ill` illustrator), or nil.
    public var role: String?

    /// Creates a contributor.
    public init(name: String, role: String?) { self.name = name; self.role = role }
}

/// One `itemref` of the spine.
public struct EPUBSpineItem: Hashable, Sendable {
    /// The manifest id.
    public var idref: String
    /// The item's path inside the book.
    public var href: String
    /// The manifest media type.
    public var mediaType: String
    /// Whether the item is in the linear reading order (`linear="no"` items are reached through links).
    public var isLinear: Bool
    /// The item's range in the book's text, or nil when it is not in the text (non-linear; a non-linear cover of
    /// images only before the reading order is in the text, as the first page).
    public var range: Range<UTF16Offset>?
    /// The itemref's own `id`, which an EPUB CFI's spine step may assert.
    public var itemrefID: String? = nil
    /// The itemref's step in an EPUB CFI (`/6/4` is the spine's second child element: 4).
    public var cfiStep = 0
    /// Its fixed-layout facts when it is a pre-paginated page (the package's `rendition:layout`, or the itemref's
    /// own override), nil for reflowable text.
    public var fixedLayout: EPUBFixedLayout? = nil
    /// Where the item's first page sits in a spread when its itemref says (`page-spread-left`, `-right`,
    /// `rendition:page-spread-center`), for a reflowable item as for a pre-paginated one.
    public var pageSpread: EPUBPageSpreadPosition? = nil
}

/// Which document the table of contents came from.
public enum EPUBTOCSource: String, Hashable, Sendable {
    /// The EPUB 3 navigation document's `<nav epub:type="toc">`.
    case navigationDocument = "nav"
    /// The EPUB 2 NCX (`toc.ncx`).
    case ncx
    /// Neither exists (the TOC is then empty).
    case none
}

/// The package's `rendition:flow` (EPUB 3.3 Reading Systems, "Layout rendering control").
public enum EPUBFlow: String, Hashable, Sendable {
    /// Dynamically paginated.
    case paginated
    /// The whole book as one scroll.
    case scrolledContinuous = "scrolled-continuous"
    /// Each spine item its own scroll.
    case scrolledDoc = "scrolled-doc"
    /// Not given (or unknown): the reading system decides.
    case auto
}

/// The spine's `page-progression-direction`.
public enum EPUBPageProgression: String, Hashable, Sendable {
    /// Left to right.
    case leftToRight = "ltr"
    /// Right to left (Arabic, Hebrew, Japanese books): pages turn leftwards.
    case rightToLeft = "rtl"
    /// Not given: the reading system decides (from the language).
    case `default`
}

/// An image in the text: a U+FFFC placeholder with what the book says about it.
public struct EPUBImage: Hashable, Sendable {
    /// The placeholder's global offset.
    public var offset: UTF16Offset
    /// The image's path inside the book, nil for an external or unresolvable source.
    public var href: String?
    /// The `alt` text (SVG: its `<title>`), nil when absent.
    public var altText: String?
    /// The image's size in pixels, read from its PNG, JPEG, GIF or SVG header; nil when unknown.
    public var pixelSize: Size?

    /// Width divided by height, when the size is known.
    public var aspectRatio: Double? {
        guard let size = pixelSize, size.height > 0 else { return nil }
        return size.width / size.height
    }
}
