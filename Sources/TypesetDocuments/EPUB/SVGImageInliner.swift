import TypesetCore

/// Gives an SVG file of the book the images it refers to (`<image href="cover.jpg">`, the usual SVG cover), by
/// writing each one the book holds into the document as a `data:` URL.
///
/// librsvg is handed bytes with no base URL, so it resolves no reference at all: not to the file system, not to the
/// network, and not to the book either. Here references are resolved against the SVG's own entry and read only from
/// the book, within the caller's byte budget; what is not in the book stays unresolved (and undrawn). Inlined files
/// are not inlined in turn, so a drawing that refers to itself is read once.
enum SVGImageInliner {
    /// The most images one drawing has inlined (each written into every element that names it, each copy counted
    /// against the budget).
    static let maximumImages = 64

    /// The SVG with its images inlined, or nil when it refers to none the book holds (or is not SVG).
    ///
    /// - Parameters:
    ///   - path: The SVG's entry, against which references resolve.
    ///   - budget: The most bytes the result may have.
    ///   - read: Reads an entry of the book, at most `limit` bytes.
    static func inlined(_ bytes: [UInt8], path: String, bookName: String, budget: Int,
                        read: (_ path: String, _ limit: Int) throws(ResourceError) -> [UInt8]) -> [UInt8]? {
        guard mayReferenceImages(bytes),
              let root = try? LibXMLReader.parse(bytes, entry: path, book: bookName).root, root.name == "svg" else { return nil }
        // Every element naming an image gets its own copy of the URL, so each costs the budget: 200 references to
        // one 30 MB image made a drawing of 8 GB.
        var references: [(href: String, count: Int)] = []
        var indexByHref: [String: Int] = [:]
        for image in root.descendants(named: "image") {
            guard let href = image.attribute("href", namespace: XMLNamespace.xlink) ?? image.attribute("href") else { continue }
            if let index = indexByHref[href] { references[index].count += 1; continue }
            indexByHref[href] = references.count
            references.append((href, 1))
        }
        var replacements: [String: String] = [:]
        var remaining = budget - bytes.count
        for (href, count) in references.prefix(maximumImages) {
            guard !DataURL.isDataURL(href), case .inBook(let target, _)? = EPUBPath.resolve(href, relativeTo: path), target != path,
                  remaining > 0, let data = try? read(target, remaining / count * 3 / 4) else { continue }
            // librsvg decodes raster images by their bytes, SVG by this type.
            let url = "data:" + (ImageMediaType.mediaType(byExtensionOf: target) ?? "image/jpeg") + ";base64," + Base64.encode(data)
            let cost = url.utf8.count.multipliedReportingOverflow(by: count)
            guard !cost.overflow, cost.partialValue <= remaining else { continue }
            remaining -= cost.partialValue
            replacements[href] = url
        }
        guard !replacements.isEmpty else { return nil }
        return SVGWriter.document(root, imageHrefs: replacements)
    }

    /// Whether the bytes hold `<image` at all (most drawings do not; they are then not parsed).
    private static func mayReferenceImages(_ bytes: [UInt8]) -> Bool {
        let needle = Array("<image".utf8)
        guard bytes.count >= needle.count else { return false }
        var index = 0
        while let start = bytes[index...].firstIndex(of: needle[0]), start + needle.count <= bytes.count {
            if bytes[start..<(start + needle.count)].elementsEqual(needle) { return true }
            index = start + 1
        }
        return false
    }
}
