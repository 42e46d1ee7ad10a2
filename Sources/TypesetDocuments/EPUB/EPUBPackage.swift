import TypesetCore

/// The package document (OPF) of a book: metadata, manifest and spine, with every href resolved to an entry
/// path.
///
/// Element names are matched by local name whatever their namespace: books with a missing or wrong OPF
/// namespace are common and readers accept them.
struct EPUBPackage: Sendable {
    /// One manifest item.
    struct ManifestItem: Sendable {
        let id: String
        /// Entry path inside the book.
        let path: String
        let mediaType: String
        /// EPUB 3 `properties` (`nav`, `cover-image`, `scripted`...).
        let properties: [String]
        /// The manifest id of the fallback item, if any.
        let fallback: String?
        /// The manifest id of its Media Overlay (`media-overlay`), if any.
        var mediaOverlay: String? = nil
    }

    /// An EPUB 3 `<meta property="...">` of the package's metadata: its property, the id it refines (without the
    /// `#`; nil for the publication), its value (white space collapsed).
    struct PropertyMeta: Sendable {
        let property: String
        let refines: String?
        let value: String
    }

    /// One spine `itemref`.
    struct SpineReference: Sendable {
        let idref: String
        let isLinear: Bool
        /// The itemref's own `id` (what a CFI's spine step asserts) and its CFI step (`2 × (index among the spine's
        /// child elements + 1)`).
        var id: String? = nil
        var step = 0
        /// The itemref's `properties` (`rendition:layout-pre-paginated`, `page-spread-left`...).
        var properties: [String] = []
    }

    let path: String
    let version: String
    let metadata: EPUBMetadata
    let manifest: [String: ManifestItem]
    /// The entry paths the manifest lists: the only publication resources the book may use (EPUB 3.3 §3.7).
    var listedPaths: Set<String> { Set(manifest.values.map(\.path)) }
    let spine: [SpineReference]
    /// The spine element's CFI step in the package document (`6` when it follows the metadata and the manifest).
    let spineStep: Int
    let pageProgression: EPUBPageProgression
    /// `<meta property="rendition:flow">`.
    let flow: EPUBFlow
    /// Every `<meta property>` of the metadata, in order (Media Overlays' `media:duration` and
    /// `media:active-class`, `rendition:*`).
    let propertyMetas: [PropertyMeta]
    /// The NCX's manifest id (`<spine toc="ncx">`), or the first item of NCX media type.
    let ncxItem: ManifestItem?
    /// The EPUB 3 navigation document (the item with the `nav` property).
    let navItem: ManifestItem?
    /// Manifest items whose href cannot be used (empty, or the root itself), by id, with the href as written.
    let unusableItems: [String: String]
    /// The cover image: EPUB 3's `cover-image` item, else the image EPUB 2's `<meta name="cover">` names.
    let coverImage: ManifestItem?
    /// EPUB 2's `<guide>`, as landmarks (EPUB 3 deprecates it for the nav's landmarks).
    let guide: EPUBNavigation.List?

    /// Finds the package document's path in `META-INF/container.xml`.
    static func packagePath(container root: XMLElement, book: String) throws(DocumentError) -> String {
        let rootfiles = root.descendants(named: "rootfile")
        let preferred = rootfiles.first { $0.attribute("media-type") == "application/oebps-package+xml" } ?? rootfiles.first
        guard let rootfile = preferred, let fullPath = rootfile.attribute("full-path"), !fullPath.isEmpty else {
            throw DocumentError(.malformed, "\(book): META-INF/container.xml names no package document (rootfile full-path)")
        }
        guard case .inBook(let path, _)? = EPUBPath.resolve(fullPath, relativeTo: "") else {
            throw DocumentError(.malformed, "\(book): META-INF/container.xml: the package path \"\(fullPath)\" names no file")
        }
        return path
    }

    /// Reads the package document.
    init(root: XMLElement, path: String, book: String) throws(DocumentError) {
        self.path = path
        version = root.attribute("version")?.trimmingWhiteSpace() ?? "2.0"
        guard let manifestElement = root.firstElement(named: "manifest") else {
            throw DocumentError(.malformed, "\(book): \(path) has no manifest")
        }
        guard let spineElement = root.firstElement(named: "spine") else {
            throw DocumentError(.malformed, "\(book): \(path) has no spine")
        }
        var manifest: [String: ManifestItem] = [:]
        var navItem: ManifestItem?
        var firstNCX: ManifestItem?
        var unusable: [String: String] = [:]
        for item in manifestElement.elements(named: "item") {
            guard let id = item.attribute("id"), let href = item.attribute("href") else { continue }
            guard case .inBook(let itemPath, _)? = EPUBPath.resolve(href, relativeTo: path) else {
                unusable[id] = href
                continue
            }
            let properties = (item.attribute("properties") ?? "").split(separator: " ").map(String.init)
            let entry = ManifestItem(id: id, path: itemPath, mediaType: (item.attribute("media-type") ?? "").lowercased(),
                                     properties: properties, fallback: item.attribute("fallback"),
                                     mediaOverlay: item.attribute("media-overlay")?.trimmingWhiteSpace())
            if manifest[id] == nil { manifest[id] = entry }
            if properties.contains("nav"), navItem == nil { navItem = entry }
            if entry.mediaType == "application/x-dtbncx+xml", firstNCX == nil { firstNCX = entry }
        }
        self.manifest = manifest
        self.navItem = navItem
        self.unusableItems = unusable
        let tocID = spineElement.attribute("toc")
        ncxItem = tocID.flatMap { manifest[$0] } ?? firstNCX
        switch spineElement.attribute("page-progression-direction")?.trimmingWhiteSpace().lowercased() {
        case "rtl": pageProgression = .rightToLeft
        case "ltr": pageProgression = .leftToRight
        default: pageProgression = .default
        }
        spineStep = 2 * ((root.elements.firstIndex { $0 === spineElement } ?? 2) + 1)
        spine = spineElement.elements.enumerated().compactMap { index, itemref in
            guard itemref.name == "itemref", let idref = itemref.attribute("idref") else { return nil }
            return SpineReference(idref: idref, isLinear: itemref.attribute("linear")?.trimmingWhiteSpace().lowercased() != "no",
                                  id: itemref.attribute("id"), step: 2 * (index + 1),
                                  properties: (itemref.attribute("properties") ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init))
        }
        guard !spine.isEmpty else { throw DocumentError(.malformed, "\(book): \(path): the spine is empty") }
        let uniqueIdentifier = root.attribute("unique-identifier")
        let metadataElement = root.firstElement(named: "metadata")
        metadata = EPUBPackage.readMetadata(metadataElement, uniqueIdentifier: uniqueIdentifier,
                                            packageDirection: root.attribute("dir"))
        let flowValue = metadataElement?.elements(named: "meta").first { $0.attribute("property") == "rendition:flow" && $0.attribute("refines") == nil }
        flow = flowValue.flatMap { EPUBFlow(rawValue: $0.collapsedText.lowercased()) } ?? .auto
        propertyMetas = (metadataElement?.elements(named: "meta") ?? []).compactMap { meta in
            guard let property = meta.attribute("property")?.trimmingWhiteSpace(), !property.isEmpty else { return nil }
            let refines = meta.attribute("refines")?.trimmingWhiteSpace()
            return PropertyMeta(property: property, refines: refines.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 },
                                value: meta.collapsedText)
        }
        let coverID = metadataElement?.descendants(named: "meta")
            .first { $0.attribute("name") == "cover" }?.attribute("content")?.trimmingWhiteSpace()
        guide = EPUBNavigation.guide(root, path: path)
        coverImage = manifest.values.first { $0.properties.contains("cover-image") }
            ?? coverID.flatMap { manifest[$0] }.flatMap { $0.mediaType.hasPrefix("image/") ? $0 : nil }
    }

    /// The base direction of a metadata value: the element's `dir`, else the package's, else its first strong
    /// character (`dir="auto"` asks for exactly that).
    private static func direction(of element: XMLElement, text: String, packageDirection: String?) -> WritingDirection {
        for value in [element.attribute("dir"), packageDirection] {
            switch value?.trimmingWhiteSpace().lowercased() {
            case "rtl": return .rightToLeft
            case "ltr": return .leftToRight
            case "auto": return WritingDirection(firstStrongOf: text)
            default: continue
            }
        }
        return WritingDirection(firstStrongOf: text)
    }

    private static func readMetadata(_ element: XMLElement?, uniqueIdentifier: String?, packageDirection: String?) -> EPUBMetadata {
        guard let element else { return EPUBMetadata() }
        // EPUB 2 puts metadata under <dc-metadata>; look at every descendant.
        var all: [XMLElement] = []
        var stack = [element]
        while let current = stack.popLast() {
            for child in current.elements.reversed() {
                if child.name == "dc-metadata" || child.name == "x-metadata" { stack.append(child) } else { all.append(child) }
            }
        }
        all.reverse()
        // EPUB 3 refinements: <meta refines="#id" property="role">aut</meta>; a property may repeat (several roles).
        var refinementTable: [String: [String: [String]]] = [:]
        for meta in all where meta.name == "meta" {
            guard let refines = meta.attribute("refines"), let property = meta.attribute("property") else { continue }
            let id = refines.hasPrefix("#") ? String(refines.dropFirst()) : refines
            refinementTable[id, default: [:]][property, default: []].append(meta.collapsedText)
        }
        func refinements(_ element: XMLElement, _ property: String) -> [String] {
            element.attribute("id").flatMap { refinementTable[$0]?[property] } ?? []
        }
        func refinement(_ element: XMLElement, _ property: String) -> String? { refinements(element, property).first }
        func dc(_ name: String) -> [XMLElement] {
            all.filter { $0.name == name && ($0.namespace == XMLNamespace.dc || $0.namespace == nil || $0.namespace == XMLNamespace.opf) }
        }
        var metadata = EPUBMetadata()
        let titles = dc("title").filter { !$0.collapsedText.isEmpty }
        let main = titles.first { refinement($0, "title-type") == "main" } ?? titles.first
        metadata.title = main?.collapsedText
        if let main { metadata.titleDirection = direction(of: main, text: main.collapsedText, packageDirection: packageDirection) }
        metadata.subtitle = titles.first { refinement($0, "title-type") == "subtitle" }?.collapsedText
        var creators: [(name: String, roles: [String], sequence: Int, direction: WritingDirection)] = []
        for (index, creator) in (dc("creator") + dc("contributor")).enumerated() {
            let name = creator.collapsedText
            guard !name.isEmpty else { continue }
            var roles = refinements(creator, "role")
            if let role = creator.attribute("role", namespace: XMLNamespace.opf) ?? creator.attribute("role") { roles.insert(role, at: 0) }
            if roles.isEmpty && creator.name == "contributor" { roles = ["ctb"] }
            let sequence = refinement(creator, "display-seq").flatMap { Int($0) } ?? (1000 + index)
            creators.append((name, roles.map { $0.lowercased() }, sequence,
                             direction(of: creator, text: name, packageDirection: packageDirection)))
        }
        creators.sort { $0.sequence < $1.sequence }
        // A creator is an author when one of its roles is `aut`, or when it has none.
        let isAuthor: ((name: String, roles: [String], sequence: Int, direction: WritingDirection)) -> Bool = {
            $0.roles.isEmpty || $0.roles.contains("aut")
        }
        metadata.authors = creators.filter(isAuthor).map(\.name)
        metadata.authorDirections = creators.filter(isAuthor).map(\.direction)
        metadata.contributors = creators.filter { !isAuthor($0) }.map { EPUBContributor(name: $0.name, role: $0.roles.first) }
        metadata.language = dc("language").first.map(\.collapsedText).flatMap { $0.isEmpty ? nil : $0 }
        let identifiers = dc("identifier")
        metadata.identifier = (identifiers.first { $0.attribute("id") == uniqueIdentifier && uniqueIdentifier != nil } ?? identifiers.first)?.collapsedText
        metadata.publisher = dc("publisher").first?.collapsedText
        metadata.date = dc("date").first?.collapsedText
        metadata.description = dc("description").first?.collapsedText
        return metadata
    }
}

extension EPUBPackage {
    /// The value of the first `<meta property>` of the package with that property and refinement (nil: the
    /// publication's), not empty; nil when none says.
    func stated(_ property: String, refines: String? = nil) -> String? {
        propertyMetas.first { $0.property == property && $0.refines == refines && !$0.value.isEmpty }?.value
    }
}
