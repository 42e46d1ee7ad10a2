import TypesetCore

/// Reads EPUB 2 and EPUB 3 books into an ``EPUBBook``.
///
/// ```swift
/// let book = try EPUBReader().read(path: "leaves-of-grass.epub")
/// let layout = try typesetter.layout(book.text, settings: settings)
/// for entry in book.tableOfContents { print(entry.title, entry.offset.flatMap(layout.pageIndex(containing:)) ?? "-") }
/// ```
///
/// The pipeline: the ZIP (libzip, every read bounded by ``EPUBLimits``) → `META-INF/container.xml` → the
/// package document (metadata, manifest, spine) → each linear spine item's XHTML (libxml2, no network, no DTD,
/// no entity expansion) with its CSS → one paragraph list per item → the book's `StyledText` → the table of
/// contents resolved to offsets.
///
/// Bad input is an error naming the book and the entry: not a ZIP, no container, a missing package document or
/// spine item, an entry name with `..` or an absolute path, an entry past the size or ratio limits, DRM. XHTML
/// that is not well formed is recovered as far as libxml2 can (a warning in ``EPUBBook/warnings``), and is an
/// error only when nothing is left.
public struct EPUBReader: Sendable {
    /// Reading options.
    public struct Options: Hashable, Sendable {
        /// Whether the publisher's CSS (the supported subset) applies, as Readium's `publisherStyles`. When off,
        /// only the built-in styles apply and the reader's settings decide alignment, indent and spacing.
        /// Never changes the text or its offsets.
        public var publisherStyles = true
        /// Memory limits for the archive.
        public var limits = EPUBLimits()
        /// Whether non-linear spine items (`linear="no"`) take their place in spine order among the linear ones.
        /// Off by default: reading systems skip them in the reading order, so they follow it, after the last
        /// linear item, each a section of its own that links and the table of contents lead to (EPUB 3.3 says a
        /// reading system must let a reader reach them).
        public var includeNonLinearItems = false
        /// The reader's page and theme, which the book's media queries (`@media`, `<link media>`, `@import`'s
        /// media, `<source media>`) and alternate style sheets (EPUB 3 Alternate Style Tags: `night`, `day`) are
        /// evaluated against. The default is the reference page (`MediaEnvironment.reference`); an app that knows
        /// its page passes `MediaEnvironment.init(settings:)`, and a `ReadingSession` restyles the text when
        /// its settings change an answer (`Publication.restyled(for:)`). Never changes the text or its offsets:
        /// what makes the text (block or inline, white space, list markers) follows the reference page.
        public var media = MediaEnvironment.reference
        /// Whether the declarations of the book's CSS that Typeset drops (an unsupported property or value) are
        /// collected into ``EPUBBook/ignoredCSS``. Off by default: collecting costs a little per dropped
        /// declaration, and nothing when off.
        public var reportsIgnoredCSS = false
        /// Whether the book's narration is playing (`StyleEnvironment.narrationPlaying`): the package's
        /// `media:playback-active-class` is then on the root element of each document with a media overlay, for
        /// the book's styles to match. Off by default; a `ReadingSession` restyles the text when it changes
        /// (`ReadingSession.setNarrationPlaying(_:)`). Never changes the text or its offsets.
        public var narrationPlaying = false

        /// The default options.
        public init() {}
    }

    /// The options.
    public let options: Options
    /// Called before each spine item is read, and once at the end, with the items read and the spine's length;
    /// reading stops with ``DocumentError`` `.cancelled` when it returns false. What `BookFile.open(path:...)`'s
    /// async form reports progress and checks cancellation through; nil, the default, costs nothing.
    public var spineProgress: (@Sendable (WorkProgress) -> Bool)?

    /// Creates a reader.
    public init(options: Options = Options()) { self.options = options }

    /// Reads the book at `path` (libzip reads entries from the file as needed).
    ///
    /// - Throws: ``DocumentError`` naming the file (as `path` spells it) and, where there is one, the entry;
    ///   `.notFound`, `.isDirectory` or `.notARegularFile` (a device, a pipe) before anything is read.
    public func read(path: String) throws(DocumentError) -> EPUBBook {
        try read(source: .file(path: path), name: path) { limits throws(DocumentError) in
            try LibZipArchive(path: path, bookName: path, limits: limits)
        }
    }

    /// Reads a book held in memory.
    ///
    /// - Parameter name: The book's name, used in messages.
    /// - Parameter bytes: The EPUB's ZIP archive.
    public func read(bytes: [UInt8], name: String) throws(DocumentError) -> EPUBBook {
        try read(source: .bytes(bytes), name: name) { limits throws(DocumentError) in
            try LibZipArchive(bytes: bytes, bookName: name, limits: limits)
        }
    }

    /// Reads the book `open` opens, and gives it the means to read itself again for another environment (reusing
    /// the documents whose conversion would not change: ``SpineItemConversions``) and its resource loader.
    private func read(source: EPUBResourceLoader.Source, name: String,
                      open: @escaping @Sendable (EPUBLimits) throws(DocumentError) -> LibZipArchive) throws(DocumentError) -> EPUBBook {
        let conversions = SpineItemConversions()
        var book = try read(try open(options.limits), conversions: conversions)
        book.conversions = conversions
        book.restyle = { [options] environment in
            let other = options.with(environment)
            return try EPUBReader(options: other).read(try open(other.limits), conversions: conversions).text
        }
        book.resourceLoader = EPUBResourceLoader(source: source, bookName: name, limits: options.limits,
                                                 inlineDocuments: book.inlineDocuments, listed: book.listedResources)
        return book
    }

    private func read(_ archive: LibZipArchive, conversions: SpineItemConversions) throws(DocumentError) -> EPUBBook {
        var session = ReadingSession(archive: archive, options: options, conversions: conversions)
        session.spineProgress = spineProgress
        let book = try session.read()
        conversions.retain(!book.mediaDependence.isEmpty || book.mediaOverlay?.playbackActiveClass != nil)
        return book
    }
}

extension EPUBReader.Options {
    /// These options for `environment`'s publisher styles and page (a restyling, which reports no ignored CSS:
    /// the first reading did).
    func with(_ environment: StyleEnvironment) -> EPUBReader.Options {
        var options = self
        options.reportsIgnoredCSS = false
        options.publisherStyles = environment.publisherStyles
        options.media = environment.media
        options.narrationPlaying = environment.narrationPlaying
        return options
    }

    /// The environment the options read a book for.
    var styleEnvironment: StyleEnvironment {
        StyleEnvironment(publisherStyles: publisherStyles, media: media, narrationPlaying: narrationPlaying)
    }
}

/// The state of reading one book (not thread-safe: one session per read).
private struct ReadingSession {
    let archive: LibZipArchive
    let options: EPUBReader.Options
    var book: String { archive.bookName }
    var warnings: [String] = []
    var styles: StyleSheetLoader
    /// The book's `@font-face` fonts (with publisher styles only: without them the book's families are not used).
    var fonts: EmbeddedFontLoader?
    /// The entries the manifest lists: images, style sheets and fonts it does not list are not used (EPUB 3.3).
    var manifestPaths: Set<String> = []
    /// The book's items as converted before, reused where the environment changes nothing for them.
    let conversions: SpineItemConversions
    /// The manifest's items by entry path.
    var manifestByPath: [String: EPUBPackage.ManifestItem] = [:]
    /// How deep documents may embed documents (`<iframe>` in a document shown in an `<iframe>`...): each level is a
    /// document converted inside another's conversion.
    static let maximumEmbeddingDepth = 3
    /// The links that lead nowhere (``EPUBBook/brokenLinks``).
    var brokenLinks: [BrokenLink] = []
    /// ``EPUBReader/spineProgress``.
    var spineProgress: (@Sendable (WorkProgress) -> Bool)?

    /// Reports `completed` spine items of `total` read; throws `.cancelled` when the observer says stop.
    func reportSpineProgress(_ completed: Int, of total: Int) throws(DocumentError) {
        guard let spineProgress, !spineProgress(WorkProgress(completed: completed, total: total)) else { return }
        throw DocumentError(.cancelled, "\(book): reading was cancelled")
    }

    init(archive: LibZipArchive, options: EPUBReader.Options, conversions: SpineItemConversions) {
        self.archive = archive
        self.options = options
        self.conversions = conversions
        styles = StyleSheetLoader(archive: archive)
        if options.reportsIgnoredCSS { styles.ignoredCSS = IgnoredCSSCollector() }
    }

    mutating func read() throws(DocumentError) -> EPUBBook {
        let (package, packagePath) = try openPackage()
        var (spine, texts) = try readSpine(package, packagePath: packagePath)
        let rendition = applyFixedLayout(&spine, texts: texts, package: package)

        // Images get their sizes from their headers and their presentation from their place; then the links
        // and notes of the whole book are recognised (a reference and its note are often in different files).
        var items: [EPUBNotes.Item] = []
        var itemStart = 0
        for (index, text) in texts {
            items.append(EPUBNotes.Item(href: spine[index].href, start: itemStart, text: text))
            itemStart += text.units.count
        }
        var imageSizes: [String: Size?] = [:]
        var inlineDocuments: [String: [UInt8]] = [:]
        let manifestByPath = Dictionary(package.manifest.values.map { ($0.path, $0) }) { first, _ in first }
        for index in items.indices {
            for image in items[index].text.images.indices {
                guard items[index].text.images[image].inlineData == nil, let path = items[index].text.images[image].path,
                      let item = manifestByPath[path] else { continue }
                // Written only when it changes: a drawable image keeps its path, and the write copied the item's
                // images (shared with `texts`), a large allocation per item with pictures.
                let drawable = drawableFallback(of: item, package: package)
                if drawable != path { items[index].text.images[image].path = drawable }
            }
            prepareImages(&items[index].text, item: items[index].href, cover: package.coverImage?.path, sizes: &imageSizes, inlineDocuments: &inlineDocuments)
            inlineDocuments.merge(items[index].text.backgroundData) { first, _ in first }
            for problem in items[index].text.backgroundProblems { warnings.append("\(book): \(items[index].href): \(problem)") }
        }
        let archive = self.archive
        let manifestPaths = self.manifestPaths
        let links = EPUBNotes(book: book, archiveContains: { manifestPaths.contains($0) && archive.contains($0) }).recognise(&items, warnings: &warnings, broken: &brokenLinks)
        // The book's text: the items' projections, one after the other.
        let (paragraphs, anchors, cfiMaps, images, pageBreaks) = Self.assemble(items, texts: texts, spine: &spine,
                                                                               imageSizes: imageSizes)
        for (index, text) in texts where spine[index].fixedLayout != nil {
            guard let start = spine[index].range?.lowerBound else { continue }
            spine[index].fixedLayout?.page = text.pageStyle.shifted(by: start)
        }
        var styled: StyledText
        do {
            // Every spine item starts a section (and a CSS page break inside one); a long one is laid out in parts
            // by a reading session, never split into pages the book does not have.
            styled = try StyledText(paragraphs: paragraphs, language: package.metadata.language,
                                    title: package.metadata.title)
            if let faces = fonts?.faces, !faces.isEmpty { styled.fonts = DocumentFonts(faces: faces) }
            styled.writingMode = Self.writingMode(of: texts.map(\.text))
            styled.sectionWritingModes = Self.sectionWritingModes(items.map(\.text), of: styled)
            styled.paragraphWritingModes = Self.blockWritingModes(items.map(\.text))
            styled.layoutBreaks = Self.layoutBreaks(spine, flow: package.flow, of: styled)
            // A book's documents share their style sheets: the first that says decides.
            styled.hangingPunctuation = texts.first { $0.text.hasText && $0.text.hangingPunctuation != nil }?.text.hangingPunctuation
        } catch {
            // The assembly above makes paragraphs that partition the text; reaching this is a bug, reported.
            throw DocumentError(.malformed, "\(book): internal error assembling the text: \(error)")
        }

        let draft = EPUBBook(metadata: package.metadata, version: package.version, packagePath: packagePath, text: styled,
                             spine: spine, tableOfContents: [], tableOfContentsSource: .none,
                             pageProgression: package.pageProgression, flow: package.flow, images: images, anchors: anchors, warnings: [])
        let navigation = readNavigation(package, in: draft)
        styled.printPages = Self.printPages(navigation.lists, markers: pageBreaks)
        let cover = package.coverImage?.path ?? texts.first.flatMap { $0.text.images.first?.path }
        let overlay = mediaOverlay(package, spine: spine, texts: texts, text: styled)
        var book = EPUBBook(metadata: package.metadata, version: package.version, packagePath: packagePath, text: styled,
                        spine: spine, tableOfContents: navigation.toc, tableOfContentsSource: navigation.source,
                        pageProgression: package.pageProgression, flow: package.flow, images: images, anchors: anchors,
                        warnings: (warnings + styles.warnings + (fonts?.warnings ?? [])).map(DocumentError.oneLine),  // one line each, like errors
                        links: links, coverImage: cover, inlineDocuments: inlineDocuments, listedResources: manifestPaths,
                        navigation: navigation.lists, styleEnvironment: options.styleEnvironment,
                        mediaDependence: Self.mediaDependence(of: texts.map(\.text)))
        book.cfiSpineStep = package.spineStep
        book.cfiMaps = cfiMaps
        book.mediaOverlay = overlay
        (book.renditionLayout, book.renditionSpread, book.renditionOrientation) = rendition
        book.brokenLinks = brokenLinks
        book.ignoredCSS = styles.ignoredCSS?.declarations ?? []
        book.ignoredCSSOverflow = styles.ignoredCSS?.overflow ?? 0
        return book
    }

    /// Opens the package the container names, within the limits, and sets up the manifest, the style sheets'
    /// listing and the embedded fonts.
    private mutating func openPackage() throws(DocumentError) -> (package: EPUBPackage, path: String) {
        // libzip opens an empty file as an empty archive.
        guard !archive.entryNames.isEmpty else {
            throw DocumentError(.malformed, "\(book): not an EPUB (an empty file, or not a ZIP archive)")
        }
        guard archive.contains("META-INF/container.xml") else {
            throw DocumentError(.malformed, "\(book): not an EPUB: META-INF/container.xml is missing")
        }
        let container = try parseXML("META-INF/container.xml")
        let packagePath = try EPUBPackage.packagePath(container: container, book: book)
        guard archive.contains(packagePath) else {
            throw DocumentError(.malformed, "\(book): the package document \(packagePath) named by META-INF/container.xml is missing")
        }
        let package = try EPUBPackage(root: try parseXML(packagePath), path: packagePath, book: book)
        let limits = options.limits
        guard package.spine.count <= limits.maximumSpineItems else {
            throw DocumentError(.tooLarge, "\(book): \(packagePath): the spine lists \(package.spine.count) items, more than the \(limits.maximumSpineItems) a book may have")
        }
        manifestPaths = package.listedPaths
        manifestByPath = Dictionary(package.manifest.values.map { ($0.path, $0) }) { first, _ in first }
        styles.listed = manifestPaths
        let obfuscatedFonts = try checkEncryption(package)
        if options.publisherStyles {
            fonts = EmbeddedFontLoader(archive: archive, obfuscated: obfuscatedFonts, identifier: package.metadata.identifier,
                                       listed: manifestPaths)
        }
        return (package, packagePath)
    }

    /// The spine items' texts one after the other as the book's paragraphs (each item starting a section), with
    /// each item's range set in `spine` and its anchors, CFI table, print pages and images at book offsets.
    private static func assemble(_ items: [EPUBNotes.Item], texts: [(index: Int, text: SpineItemText)],
                                 spine: inout [EPUBSpineItem], imageSizes: [String: Size?])
        -> (paragraphs: [Paragraph], anchors: [String: [String: Int]], cfiMaps: [String: CFIMap], images: [EPUBImage],
            pageBreaks: [PrintPage]) {
        var paragraphs: [Paragraph] = []
        var anchors: [String: [String: Int]] = [:]
        var cfiMaps: [String: CFIMap] = [:]
        var images: [EPUBImage] = []
        var pageBreaks: [PrintPage] = []
        var offset = 0
        for (item, (index, _)) in zip(items, texts) {
            let text = item.text
            let start = offset
            // Each draft read in place, not copied whole for the loop.
            for number in text.paragraphs.indices {
                var style = text.paragraphs[number].style
                if number == 0 { style.startsSection = true }
                let draftStart = text.paragraphs[number].start
                let units = Array(text.units[draftStart..<(draftStart + text.paragraphs[number].length)])
                paragraphs.append(Paragraph(start: start + draftStart, units: units, contentRange: 0..<text.paragraphs[number].contentLength,
                                            runs: text.paragraphs[number].runs, style: style))
            }
            offset += text.units.count
            spine[index].range = start..<offset
            anchors[spine[index].href, default: [:]].merge(text.anchors) { first, _ in first }
            if cfiMaps[spine[index].href] == nil { cfiMaps[spine[index].href] = text.cfiMap }
            for pageBreak in text.pageBreaks { pageBreaks.append(PrintPage(label: pageBreak.label, offset: start + pageBreak.offset)) }
            for image in text.images {
                let size = image.path.flatMap { imageSizes[$0] ?? nil }
                images.append(EPUBImage(offset: start + image.offset, href: image.path, altText: image.altText, pixelSize: size))
            }
        }
        return (paragraphs, anchors, cfiMaps, images, pageBreaks)
    }

    /// The package's `rendition:layout`, `rendition:spread` and `rendition:orientation`, and each pre-paginated spine item's fixed-layout
    /// facts (its own `rendition:layout-*` override first; its viewport, else the first viewport of the book).
    /// A package that repeats one of these properties has the first used, and a warning (EPUB 3.3 allows one).
    private mutating func applyFixedLayout(_ spine: inout [EPUBSpineItem], texts: [(index: Int, text: SpineItemText)],
                                           package: EPUBPackage) -> (EPUBRenditionLayout, EPUBRenditionSpread, EPUBRenditionOrientation) {
        for property in ["rendition:layout", "rendition:spread", "rendition:orientation", "rendition:flow"] {
            let values = package.propertyMetas.filter { $0.property == property && $0.refines == nil }.map(\.value)
            if values.count > 1 {
                warnings.append("\(book): the package gives \(property) \(values.count) times (\(values.joined(separator: ", "))); the first is used")
            }
        }
        func global(_ property: String) -> String? {
            package.propertyMetas.first { $0.property == property && $0.refines == nil }?.value.lowercased()
        }
        let layout = global("rendition:layout").flatMap(EPUBRenditionLayout.init(rawValue:)) ?? .reflowable
        let spread = global("rendition:spread").flatMap(EPUBRenditionSpread.init(rawValue:)) ?? .auto
        let orientation = global("rendition:orientation").flatMap(EPUBRenditionOrientation.init(rawValue:)) ?? .auto
        let viewports = Dictionary(texts.map { ($0.index, $0.text.viewport) }) { first, _ in first }
        let firstViewport = texts.lazy.compactMap(\.text.viewport).first
        for (index, reference) in package.spine.enumerated() where index < spine.count {
            spine[index].pageSpread = FixedLayoutProperties.spreadPosition(reference.properties)
            guard FixedLayoutProperties.layout(itemProperties: reference.properties, package: layout) == .prePaginated else { continue }
            spine[index].fixedLayout = EPUBFixedLayout(viewport: (viewports[index] ?? nil) ?? firstViewport,
                                                       spreadPosition: FixedLayoutProperties.spreadPosition(reference.properties))
        }
        return (layout, spread, orientation)
    }

    /// The book's narration (``MediaOverlayReader``), nil when it has none; what it skips is a warning.
    private mutating func mediaOverlay(_ package: EPUBPackage, spine: [EPUBSpineItem], texts: [(Int, SpineItemText)],
                                       text: StyledText) -> MediaOverlay? {
        guard package.manifest.values.contains(where: { $0.mediaOverlay != nil }) else { return nil }
        var items: [String: MediaOverlayReader.ItemText] = [:]
        for (index, item) in texts {
            guard let range = spine[index].range, items[spine[index].href] == nil else { continue }
            items[spine[index].href] = MediaOverlayReader.ItemText(range: range, anchors: item.anchors, anchorEnds: item.anchorEnds)
        }
        let reader = MediaOverlayReader(archive: archive, book: book, package: package, items: items, text: text)
        return reader.read(spine: spine, warnings: &warnings)
    }

    /// The book's navigation: the table of contents (EPUB 3's nav first, EPUB 2's NCX otherwise), and every list
    /// beside it, resolved to offsets: the nav document's other `<nav>`s, the NCX's `pageList` and `navList`s
    /// (those of a kind the nav has not given already: an EPUB 3 book often carries an NCX for older readers),
    /// and the package guide as landmarks when there are none.
    private mutating func readNavigation(_ package: EPUBPackage, in draft: EPUBBook)
        -> (toc: [TableOfContentsEntry], source: EPUBTOCSource, lists: [NavigationList]) {
        var source = EPUBTOCSource.none
        var entries: [EPUBNavigation.Entry] = []
        var others: [EPUBNavigation.List] = []
        if let nav = package.navItem, archive.contains(nav.path), let root = try? parseXML(nav.path, recordWarnings: false) {
            let lists = EPUBNavigation.navigationLists(root, path: nav.path)
            if let found = EPUBNavigation.navigationDocument(root, path: nav.path), !found.isEmpty {
                entries = found
                source = .navigationDocument
                // The list that served as the table of contents is not repeated.
                let tocIndex = lists.firstIndex { $0.kind == "toc" } ?? 0
                others = lists.enumerated().filter { $0.offset != tocIndex }.map(\.element)
            } else {
                others = lists
            }
        }
        if let ncx = package.ncxItem, archive.contains(ncx.path), let root = try? parseXML(ncx.path, recordWarnings: source == .none) {
            if source == .none, let found = EPUBNavigation.ncx(root, path: ncx.path) {
                entries = found
                source = .ncx
            }
            others += EPUBNavigation.ncxLists(root, path: ncx.path).filter { list in !others.contains { $0.kind == list.kind } }
        }
        if let guide = package.guide, !others.contains(where: { $0.kind == "landmarks" }) { others.append(guide) }
        let toc = entries.map { resolve($0, in: draft) }
        var lists: [NavigationList] = []
        if !toc.isEmpty {
            lists.append(NavigationList(kind: "toc", title: nil, source: source.rawValue, entries: toc.map(Self.navigationEntry)))
        }
        for list in others {
            var unresolved = 0
            let exactOnly = list.kind == "page-list"
            let resolved = list.entries.map { resolveEntry($0, in: draft, exactOnly: exactOnly, unresolved: &unresolved) }
            // A guide often names files outside the text (its cover image): not worth a warning.
            if unresolved > 0 && list.source != "guide" {
                let outcome = exactOnly ? "left out of the print pages" : "the start of their file, or no offset"
                warnings.append("\(book): \(unresolved) entr\(unresolved == 1 ? "y" : "ies") of the \(list.kind) list (\(list.source)) point\(unresolved == 1 ? "s" : "") at a file or id not in the text: \(outcome)")
            }
            lists.append(NavigationList(kind: list.kind, title: list.title, source: list.source, entries: resolved))
        }
        return (toc, source, lists)
    }

    /// The book's print pages: its page list's entries that resolve, else the page-break markers of its text;
    /// nil for neither.
    private static func printPages(_ lists: [NavigationList], markers: [PrintPage]) -> PrintPageList? {
        if let pageList = lists.first(where: { $0.kind == "page-list" }) {
            var pages: [PrintPage] = []
            var stack = Array(pageList.entries.reversed())
            while let entry = stack.popLast() {
                if let offset = entry.offset { pages.append(PrintPage(label: entry.label, offset: offset)) }
                stack += entry.children.reversed()
            }
            if !pages.isEmpty { return PrintPageList(source: .pageList, pages: pages) }
        }
        return markers.isEmpty ? nil : PrintPageList(source: .pageBreaks, pages: markers)
    }

    /// A table-of-contents entry as a navigation entry.
    private static func navigationEntry(_ entry: TableOfContentsEntry) -> NavigationEntry {
        NavigationEntry(label: entry.title, href: entry.href, offset: entry.offset, children: entry.children.map(navigationEntry))
    }

    /// Resolves an entry of a list other than the table of contents and its children, counting those whose target
    /// is not in the text or whose id does not exist (one warning per list, not one per entry: a page list has
    /// hundreds).
    private func resolveEntry(_ entry: EPUBNavigation.Entry, in book: EPUBBook, exactOnly: Bool,
                              unresolved: inout Int) -> NavigationEntry {
        let children = entry.children.map { resolveEntry($0, in: book, exactOnly: exactOnly, unresolved: &unresolved) }
        var offset: UTF16Offset?
        if let href = entry.href {
            offset = book.offset(forHref: href)
            if offset == nil || !book.resolvesExactly(href) {
                unresolved += 1
                // A print page at the start of its file is a wrong page; another entry may lead there.
                if exactOnly { offset = nil }
            }
        } else {
            offset = children.lazy.compactMap(\.offset).first
        }
        return NavigationEntry(label: entry.title, href: entry.href, type: entry.type, offset: offset, children: children)
    }

    /// The media queries the book's styles depend on, each once.
    static func mediaDependence(of texts: [SpineItemText]) -> [MediaQueryList] {
        var seen: Set<MediaQueryList> = []
        return texts.flatMap(\.mediaDependence).filter { seen.insert($0).inserted }
    }

    // MARK: Parts

    /// The spine items in the text, each converted on its own (or reused from ``conversions`` when the environment
    /// changes nothing for it), with the book's totals checked as they grow: every spine item, and the texts in text
    /// order (the reading order, then the non-linear items) with their index in the spine.
    private mutating func readSpine(_ package: EPUBPackage, packagePath: String)
        throws(DocumentError) -> (spine: [EPUBSpineItem], texts: [(index: Int, text: SpineItemText)]) {
        // The spine items in the text, each converted on its own, with the book's totals checked as they grow.
        let limits = options.limits
        var spine: [EPUBSpineItem] = []
        var texts: [(index: Int, text: SpineItemText)] = []
        var totals = (units: 0, paragraphs: 0, images: 0)
        // A resource listed again (epubcheck's OPF-034) is shown again, as EPUB 3.3's reading systems must, but
        // converted once; the spine's length and the book's totals bound what its copies cost.
        var converted: [String: SpineItemText] = [:]
        let environment = options.styleEnvironment
        // While narration plays, the playback-active class is on the root of each document with narration.
        let playbackClass = options.narrationPlaying ? package.stated("media:playback-active-class") : nil
        func spineText(of item: EPUBPackage.ManifestItem) throws(DocumentError) -> SpineItemText {
            let rootClass = item.mediaOverlay == nil ? nil : playbackClass
            if let text = converted[item.path] ?? conversions.text(of: item.path, for: environment, rootClass: rootClass) {
                converted[item.path] = text
                return text
            }
            let text = try convert(item, package: package, rootClass: rootClass)
            converted[item.path] = text
            conversions.store(text, of: item.path, for: environment, rootClass: rootClass)
            return text
        }
        var afterReadingOrder: [(index: Int, text: SpineItemText)] = []
        let linearCount = package.spine.filter(\.isLinear).count
        for (index, reference) in package.spine.enumerated() {
            try reportSpineProgress(index, of: package.spine.count)
            guard let item = package.manifest[reference.idref] else {
                if let href = package.unusableItems[reference.idref] {
                    throw DocumentError(.malformed, "\(book): \(packagePath): spine item \"\(reference.idref)\" has the href \"\(href)\", which names no file in the book")
                }
                throw DocumentError(.malformed, "\(book): \(packagePath): spine item \"\(reference.idref)\" is not in the manifest")
            }
            // A book whose every item says linear="no" is read whole rather than not at all.
            let included = reference.isLinear || options.includeNonLinearItems || linearCount == 0
            spine.append(EPUBSpineItem(idref: reference.idref, href: item.path, mediaType: item.mediaType,
                                       isLinear: reference.isLinear, range: nil, itemrefID: reference.id, cfiStep: reference.step))
            guard included else {
                // A non-linear item follows the reading order (see Options.includeNonLinearItems), but for a cover
                // before it (an item of images only, marked `linear="no"` by many books): the book's first page, as
                // reading apps show it. One the book can do without costs a warning, not the book.
                guard presentOrFallenBack(item, idref: reference.idref, package: package) else {
                    warnings.append("\(book): non-linear spine item \"\(reference.idref)\" (\(item.path)) is missing from the archive; left out")
                    continue
                }
                let text: SpineItemText
                let grown: (units: Int, paragraphs: Int, images: Int)
                do {
                    text = try spineText(of: item)
                    grown = (totals.units.addingSaturating(text.units.count), totals.paragraphs.addingSaturating(text.paragraphs.count),
                             totals.images.addingSaturating(text.images.count))
                    try checkTotals(grown, after: item.path, limits: limits)
                } catch {
                    warnings.append("\(book): non-linear spine item \"\(reference.idref)\" (\(item.path)) left out: \(error)")
                    continue
                }
                totals = grown
                if texts.isEmpty && !text.hasText && !text.images.isEmpty {
                    texts.append((spine.count - 1, text))
                } else {
                    afterReadingOrder.append((spine.count - 1, text))
                }
                continue
            }
            guard presentOrFallenBack(item, idref: reference.idref, package: package) else {
                throw DocumentError(.malformed, "\(book): spine item \"\(reference.idref)\" (\(item.path)) is missing from the archive")
            }
            let text = try spineText(of: item)
            totals = (totals.units.addingSaturating(text.units.count), totals.paragraphs.addingSaturating(text.paragraphs.count),
                      totals.images.addingSaturating(text.images.count))
            try checkTotals(totals, after: item.path, limits: limits)
            texts.append((spine.count - 1, text))
        }
        texts += afterReadingOrder
        try reportSpineProgress(package.spine.count, of: package.spine.count)
        return (spine, texts)
    }


    /// Whether spine item `item` is in the container or, missing, has a manifest fallback that can be shown
    /// (noted in the warnings: ``convert(_:package:embedders:)`` shows it).
    private mutating func presentOrFallenBack(_ item: EPUBPackage.ManifestItem, idref: String, package: EPUBPackage) -> Bool {
        if archive.contains(item.path) { return true }
        guard let shown = shownItem(for: item, package: package) else { return false }
        warnings.append("\(book): spine item \"\(idref)\" (\(item.path)) is missing from the archive; its manifest fallback \(shown.path) is shown")
        return true
    }

    /// The manifest item a spine item is shown as (EPUB 3.3 §3.4.3, manifest fallbacks): the first item of its
    /// `fallback` chain, itself first, that is in the container and of a type Typeset shows (XHTML, or an image it
    /// draws); else, as a last resort, the first one in the container that is generic XML (read as XHTML) or an
    /// image it does not draw (its placeholder); nil when the chain has neither. Each item is visited once (a cycle
    /// ends the walk), so the walk costs at most the manifest's length.
    private func shownItem(for item: EPUBPackage.ManifestItem, package: EPUBPackage) -> EPUBPackage.ManifestItem? {
        var current: EPUBPackage.ManifestItem? = item
        var visited: Set<String> = []
        var lastResort: EPUBPackage.ManifestItem?
        while let candidate = current, visited.insert(candidate.id).inserted {
            if archive.contains(candidate.path) {
                if EPUBReaderMedia.isXHTML(candidate) || ImageMediaType.isDrawable(candidate.mediaType) { return candidate }
                if lastResort == nil, EPUBReaderMedia.isGenericXML(candidate) || EPUBReaderMedia.isImage(candidate) {
                    lastResort = candidate
                }
            }
            current = candidate.fallback.flatMap { package.manifest[$0] }
        }
        return lastResort
    }

    /// Refuses a book whose text, so far, has more units, paragraphs or images than ``EPUBLimits`` allows.
    private func checkTotals(_ totals: (units: Int, paragraphs: Int, images: Int), after path: String,
                             limits: EPUBLimits) throws(DocumentError) {
        func refuse(_ count: Int, _ what: String, _ limit: Int) -> DocumentError {
            DocumentError(.tooLarge, "\(book): with \(path) the text has \(count) \(what), more than the \(limit) a book may have")
        }
        if totals.units > limits.maximumTextLength { throw refuse(totals.units, "UTF-16 units", limits.maximumTextLength) }
        if totals.paragraphs > limits.maximumParagraphCount { throw refuse(totals.paragraphs, "paragraphs", limits.maximumParagraphCount) }
        if totals.images > limits.maximumImageCount { throw refuse(totals.images, "images", limits.maximumImageCount) }
    }

    /// The book's writing mode: the one most of its documents with text set on their root, counted in units (a
    /// horizontal cover or colophon page does not turn a vertical novel); nil when none sets one. It orders the
    /// pages of a book whose package does not, and sets a scroll; each document's pages follow its own mode
    /// (``sectionWritingModes(_:of:)``).
    static func writingMode(of texts: [SpineItemText]) -> WritingMode? {
        var units: [WritingMode: Int] = [:]
        for text in texts where text.hasText { units[text.writingMode ?? .horizontal, default: 0] += text.units.count }
        guard let best = units.max(by: { $0.value < $1.value || ($0.value == $1.value && !$0.key.isVertical && $1.key.isVertical) }) else { return nil }
        return best.key == .horizontal && !texts.contains(where: { $0.writingMode != nil }) ? nil : best.key
    }

    /// Each section's writing mode (CSS Writing Modes 4 per document: the `writing-mode` of its spine item's root
    /// or body, horizontal when neither says), for `texts`, the spine items' texts in the order `styled` holds
    /// them. A document without text (a cover image, an image page) takes the book's mode, so that a vertical
    /// book's image pages stand among its vertical pages. Empty when no document sets a mode or all agree.
    static func sectionWritingModes(_ texts: [SpineItemText], of styled: StyledText) -> [WritingMode] {
        let book = styled.writingMode ?? .horizontal
        guard texts.contains(where: { $0.hasText && ($0.writingMode ?? .horizontal) != book }) else { return [] }
        var modes = Array(repeating: book, count: styled.sectionStarts.count)
        var paragraph = 0
        for text in texts {
            let count = text.paragraphs.count
            defer { paragraph += count }
            guard count > 0, paragraph + count <= styled.paragraphs.count else { continue }
            let mode = text.hasText ? text.writingMode ?? .horizontal : book
            // An item's sections: from the one its first paragraph starts through the one holding its last.
            for section in styled.sectionIndex(ofParagraph: paragraph)...styled.sectionIndex(ofParagraph: paragraph + count - 1) {
                modes[section] = mode
            }
        }
        return modes
    }

    /// The sections a layout starts apart at (``StyledText/layoutBreaks``): the first of each pre-paginated spine
    /// item and the one after its last. A fixed item is a page of its own in any layout, and EPUB 3.3 says
    /// `rendition:flow` does not apply to it: a scrolled book scrolls the reflowable items between fixed ones,
    /// never the fixed items' text with them. A book whose `flow` is `scrolled-doc` has "each Content Document
    /// ... a separate scrollable entity" (EPUB 3.3 §8.2.3.3), so every spine item starts apart: a scroll layout
    /// is then one scroll page per document (a paged one is unchanged: a spine item always starts a page).
    /// O(items × log paragraphs).
    static func layoutBreaks(_ spine: [EPUBSpineItem], flow: EPUBFlow = .auto, of styled: StyledText) -> Set<Int> {
        var breaks: Set<Int> = []
        for item in spine where flow == .scrolledDoc && item.fixedLayout == nil {
            guard let range = item.range, let first = styled.sectionIndex(containing: range.lowerBound) else { continue }
            breaks.insert(first)
        }
        for item in spine where item.fixedLayout != nil {
            guard let range = item.range, let first = styled.sectionIndex(containing: range.lowerBound) else { continue }
            breaks.insert(first)
            if range.upperBound < styled.length, let after = styled.sectionIndex(containing: range.upperBound) { breaks.insert(after) }
        }
        breaks.remove(0)
        return breaks
    }

    /// The blocks whose `writing-mode` differs from their document's (orthogonal flows, CSS Writing Modes 4 §3),
    /// by paragraph index in the book, for `texts`, the spine items' texts in order. A table cell keeps its
    /// document's mode (a table is laid out in one mode, and a table in a mode of its own is not supported yet);
    /// a hidden block (`display: none`) too, since it shows nothing to set apart.
    static func blockWritingModes(_ texts: [SpineItemText]) -> [Int: WritingMode] {
        var modes: [Int: WritingMode] = [:]
        var paragraph = 0
        for text in texts {
            defer { paragraph += text.paragraphs.count }
            guard text.hasText else { continue }
            let document = text.writingMode ?? .horizontal
            // Read in place: a copy of each draft retained and released its runs, style and text.
            for index in text.paragraphs.indices where !text.paragraphs[index].style.isTableCell
                && !text.paragraphs[index].runs.allSatisfy(\.style.isHidden) {
                let mode = text.paragraphs[index].writingMode ?? .horizontal
                if mode != document { modes[paragraph + index] = mode }
            }
        }
        return modes
    }

    /// Parses an XML entry; recovery is noted in the warnings.
    private mutating func parseXML(_ path: String, recordWarnings: Bool = true) throws(DocumentError) -> XMLElement {
        let bytes = try archive.read(path)
        let result = try LibXMLReader.parse(bytes, entry: path, book: book)
        if recordWarnings {
            if let error = result.recoveredError {
                warnings.append("\(book): \(path) is not well-formed XML; recovered what libxml2 could (\(error))")
            }
            if !result.unexpandedEntities.isEmpty {
                let names = result.unexpandedEntities.prefix(5).map { "&\($0);" }.joined(separator: ", ")
                warnings.append("\(book): \(path): entities declared in the document are not expanded (\(names))")
            }
        }
        return result.root
    }

    /// The projection of one spine item: XHTML through the converter, an image as its placeholder. `embedders` are
    /// the documents that embed this one (``XHTMLConverter/embeddedDocuments``), outermost first; `rootClass` a
    /// class the reading system puts on the document's root element (the playback-active class while narration
    /// plays).
    private mutating func convert(_ item: EPUBPackage.ManifestItem, package: EPUBPackage,
                                  embedders: [String] = [], rootClass: String? = nil) throws(DocumentError) -> SpineItemText {
        // Follow the manifest's fallback chain to something readable. Generic XML is a foreign resource: its
        // fallback comes first, and it is read as XHTML only when it has none.
        guard let current = shownItem(for: item, package: package) else {
            warnings.append("\(book): spine item \(item.path) has media type \(item.mediaType), which Typeset cannot show")
            return SpineItemText()
        }
        if EPUBReaderMedia.isImage(current) {
            var text = SpineItemText()
            text.units = [0xFFFC, 0x0A]
            var style = ParagraphStyle()
            style.alignment = .center
            style.firstLineIndent = 0
            let attachment = TextAttachment(source: current.path, intrinsicSize: nil, presentation: .page)
            text.paragraphs = [SpineItemText.ParagraphDraft(start: 0, length: 2, contentLength: 1,
                                                            runs: [AttributeRun(range: 0..<1, style: TextStyle(attachment: attachment))],
                                                            style: style)]
            text.images = [SpineItemText.ImageDraft(offset: 0, path: current.path, altText: nil, isBlock: true)]
            return text
        }
        let parsed = try parseXML(current.path)
        let root = rootClass.map { parsed.addingClass($0) } ?? parsed
        // The book's sheets are read with publisher styles off too: what carries meaning in them (emphasis,
        // centring, verse indentation, lists, hidden text) still applies (see XHTMLConverter).
        let sheet = styles.sheet(for: root, path: current.path)
        var converter = XHTMLConverter(path: current.path, sheet: sheet, publisherStyles: options.publisherStyles,
                                       bookLanguage: package.metadata.language)
        converter.environment = options.media
        converter.positionsOutOfFlow = Self.isPrePaginated(item, package: package)
        converter.ignoredStyleAttributes = styles.sink(current.path, styleAttribute: true)
        converter.embeddedDocuments = embeddedDocuments(of: root, path: current.path, package: package,
                                                        embedders: embedders + [current.path])
        if !root.descendants(named: "svg").isEmpty { converter.documentCSS = styles.sourceText(for: root, path: current.path) }
        let archive = self.archive
        converter.resourceExists = { archive.contains($0) }
        if !sheet.fontFaces.isEmpty, var loader = fonts {
            converter.embeddedFamilies = loader.load(sheet.fontFaces)
            fonts = loader
        }
        var text = converter.convert(root)
        text.viewport = FixedLayoutProperties.viewport(of: root)
        if let line = text.flattenedElementLine {
            warnings.append("\(book): \(current.path): elements nested more than \(XHTMLConverter.maximumDepth) deep (from line \(line)) are read as plain text")
        }
        return text
    }

    /// Whether a spine item of `item` is pre-paginated (its document's positioned elements are then placed by
    /// the page: ``XHTMLConverter/positionsOutOfFlow``).
    static func isPrePaginated(_ item: EPUBPackage.ManifestItem, package: EPUBPackage) -> Bool {
        let global = package.propertyMetas.first { $0.property == "rendition:layout" && $0.refines == nil }?.value.lowercased()
        let layout = global.flatMap(EPUBRenditionLayout.init(rawValue:)) ?? .reflowable
        return package.spine.contains {
            $0.idref == item.id && FixedLayoutProperties.layout(itemProperties: $0.properties, package: layout) == .prePaginated
        }
    }

    /// The documents of the book that `root`'s `<iframe>`, `<embed>` and `<object>` elements embed, converted (nil for
    /// one that cannot be: missing, unreadable, nested past ``maximumEmbeddingDepth``, or embedding a document that
    /// embeds it). Targets that are not XHTML (after the manifest's fallbacks) are left to the converter as images.
    private mutating func embeddedDocuments(of root: XMLElement, path: String, package: EPUBPackage,
                                            embedders: [String]) -> [String: SpineItemText?] {
        var documents: [String: SpineItemText?] = [:]
        for target in XHTMLConverter.embeddedTargets(of: root, path: path) {
            guard let item = manifestByPath[target], EPUBReaderMedia.isXHTML(item) || EPUBReaderMedia.isGenericXML(item) else { continue }
            guard !embedders.contains(target), embedders.count <= Self.maximumEmbeddingDepth, archive.contains(target) else {
                warnings.append("\(book): \(path) embeds \(target), which \(embedders.contains(target) ? "embeds it in turn" : "is nested too deep or missing"); left out")
                documents[target] = .some(nil)
                continue
            }
            do {
                documents[target] = try convert(item, package: package, embedders: embedders)
            } catch {
                warnings.append("\(book): \(path) embeds \(target), which cannot be read (\(error)); left out")
                documents[target] = .some(nil)
            }
        }
        return documents
    }

    /// The entry to draw for an image of the manifest: itself when it is a type Typeset draws (or the manifest
    /// does not say), else the first item of its `fallback` chain that is, present in the book (EPUB 3.3's
    /// manifest fallbacks for foreign resources); itself when the chain has none.
    private func drawableFallback(of item: EPUBPackage.ManifestItem, package: EPUBPackage) -> String {
        guard !item.mediaType.isEmpty, !ImageMediaType.isDrawable(item.mediaType) else { return item.path }
        var current = item
        var visited: Set<String> = [item.id]
        while let fallback = current.fallback, let next = package.manifest[fallback], visited.insert(fallback).inserted {
            if ImageMediaType.isDrawable(next.mediaType), archive.contains(next.path) { return next.path }
            current = next
        }
        return item.path
    }

    private mutating func imageSize(_ path: String) -> Size? {
        if let refusal = archive.refusal(of: path, listed: manifestPaths) {
            warnings.append("\(book): image \(path) \(refusal); drawn as a placeholder")
            return nil
        }
        let bytes: [UInt8]
        do {
            bytes = try archive.readPrefix(path, count: ImageHeader.prefixLength)
        } catch {
            warnings.append(error.message + "; the image is drawn as a placeholder")
            return nil
        }
        guard let size = ImageHeader.pixelSize(bytes) else {
            // An SVG without a size of its own is drawn at the size CSS gives it (its partial dimensions).
            if ImageHeader.svgPartialDimensions(bytes) != nil { return nil }
            warnings.append("\(book): image \(path) is not a PNG, JPEG, GIF, WebP, AVIF, JPEG XL or SVG with a readable size; drawn as a placeholder")
            return nil
        }
        return size
    }

    /// Gives each image of an item its own size (from its header, read once per image) and its presentation: a page
    /// when the item is that image alone (a cover, an image spine item) or when it is the book's cover image set as
    /// a block; a block when it is alone in its paragraph; inline otherwise. Inline `<svg>` documents are kept to
    /// be served by the resource loader.
    private mutating func prepareImages(_ text: inout SpineItemText, item: String, cover: String?, sizes: inout [String: Size?],
                                        inlineDocuments: inout [String: [UInt8]]) {
        let alone = !text.hasText && text.images.count == 1
        for image in text.images {
            if let problem = image.problem {
                warnings.append("\(book): \(item): \(problem); drawn as a placeholder")
            }
            var size: Size?
            var partial: ReplacedSizing?
            if let path = image.path {
                if let data = image.inlineData {
                    // An inline <svg> says its natural dimensions itself (its document fills its box).
                    if let natural = image.natural, natural.isPartial, let w = natural.naturalWidth, let h = natural.naturalHeight {
                        size = Size(width: w, height: h)
                    } else if let natural = image.natural {
                        partial = natural
                    } else {
                        size = ImageHeader.pixelSize(data)
                        if size == nil { partial = ImageHeader.svgPartialDimensions(data) }
                    }
                    inlineDocuments[path] = data
                    sizes[path] = size
                } else if let known = sizes[path] {
                    size = known
                } else {
                    size = imageSize(path)
                    sizes[path] = size
                }
                if size == nil, image.inlineData == nil, path.lowercased().hasSuffix(".svg"),
                   let bytes = try? archive.readPrefix(path, count: ImageHeader.prefixLength) {
                    partial = ImageHeader.svgPartialDimensions(bytes)
                }
            }
            // A page of its own: the item's only image with no text beside it (a cover page, an image spine item), or
            // the book's cover image in an item without text. The cover image set in a chapter with its heading (a
            // portrait, floated or not) is a block at its own size, never enlarged to fill a page.
            let presentation: TextAttachment.Presentation = image.isBlock && (alone || (image.path != nil && image.path == cover && !text.hasText))
                ? .page : (image.isBlock ? .block : .inline)
            text.updateAttachment(at: image.offset) {
                $0.with(source: image.path, intrinsicSize: size, presentation: presentation, natural: partial)
            }
        }
    }

    /// Refuses books whose spine items are encrypted (DRM); font obfuscation is not encryption of text. Returns
    /// the obfuscated fonts, by entry path, with their algorithm.
    private func checkEncryption(_ package: EPUBPackage) throws(DocumentError) -> [String: FontObfuscation] {
        guard archive.contains("META-INF/encryption.xml"),
              let bytes = try? archive.read("META-INF/encryption.xml", limit: 4 << 20),
              let parsed = try? LibXMLReader.parse(bytes, entry: "META-INF/encryption.xml", book: book) else { return [:] }
        var encrypted: Set<String> = []
        var obfuscated: [String: FontObfuscation] = [:]
        for data in parsed.root.descendants(named: "EncryptedData") {
            let algorithm = data.descendants(named: "EncryptionMethod").first?.attribute("Algorithm") ?? ""
            let obfuscation = FontObfuscation(algorithm: algorithm)
            for reference in data.descendants(named: "CipherReference") {
                if let uri = reference.attribute("URI"), case .inBook(let path, _)? = EPUBPath.resolve(uri, relativeTo: "") {
                    if let obfuscation { obfuscated[path] = obfuscation } else { encrypted.insert(path) }
                }
            }
        }
        for reference in package.spine {
            if let item = package.manifest[reference.idref], encrypted.contains(item.path) {
                throw DocumentError(.unsupported, "\(book): \(item.path) is encrypted (DRM); Typeset cannot read DRM-protected books")
            }
        }
        return obfuscated
    }

    /// Resolves a TOC entry and its children to offsets; an entry without a target takes its first child's.
    private mutating func resolve(_ entry: EPUBNavigation.Entry, in book: EPUBBook) -> TableOfContentsEntry {
        let children = entry.children.map { resolve($0, in: book) }
        var offset: UTF16Offset?
        if let href = entry.href {
            offset = book.offset(forHref: href)
            if offset == nil {
                warnings.append("\(self.book): table of contents entry \"\(entry.title)\" points at \(href), which is not in the text")
            } else if !book.resolvesExactly(href) {
                warnings.append("\(self.book): table of contents entry \"\(entry.title)\" points at \(href), an id that does not exist; using the start of the file")
            }
        } else {
            offset = children.lazy.compactMap(\.offset).first
        }
        return TableOfContentsEntry(title: entry.title, href: entry.href, offset: offset, children: children)
    }
}

/// Which manifest media types the reader shows.
private enum EPUBReaderMedia {
    static func isXHTML(_ item: EPUBPackage.ManifestItem) -> Bool {
        item.mediaType == "application/xhtml+xml" || item.mediaType == "text/html"
            || (item.mediaType.isEmpty && (item.path.hasSuffix(".xhtml") || item.path.hasSuffix(".html") || item.path.hasSuffix(".htm")))
    }

    /// Generic XML (`application/xml`, `text/xml`): shown as XHTML only as a last resort, since its elements may
    /// happen to be HTML's.
    static func isGenericXML(_ item: EPUBPackage.ManifestItem) -> Bool {
        item.mediaType == "application/xml" || item.mediaType == "text/xml"
    }

    static func isImage(_ item: EPUBPackage.ManifestItem) -> Bool {
        item.mediaType.hasPrefix("image/")
    }
}
