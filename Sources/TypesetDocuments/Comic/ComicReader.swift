import TypesetCore

/// Reads comic book archives (CBZ): a ZIP whose images, in the natural order of their paths (`page2` before
/// `page10`, `NaturalOrder`), are the pages, with `ComicInfo.xml` (anywhere in the archive, the shallowest one
/// first) for metadata.
///
/// Entries that are not images (`.txt`, `.nfo`, the metadata itself), hidden ones (a path component starting with
/// `.`) and macOS resource forks (`__MACOSX/`) are not pages. The archive is bounded by ``EPUBLimits`` as an EPUB
/// is: entry count, entry size, compression ratio, and at most ``EPUBLimits/maximumImageCount`` pages. Each image's
/// size is read from its header only; the images themselves are read when pages draw them.
public struct ComicReader: Sendable {
    /// The archive's limits.
    public var limits = EPUBLimits()

    /// A reader with the default limits.
    public init() {}

    /// Reads the comic at `path`.
    ///
    /// - Throws: ``DocumentError``: `.malformed` for a file that is not a ZIP archive or holds no image,
    ///   `.tooLarge` past the limits, and the file errors of `RegularFile`.
    public func read(path: String) throws(DocumentError) -> ComicBook {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let archive = try LibZipArchive(path: path, bookName: name, limits: limits)
        var warnings: [String] = []
        let images = Self.pagePaths(archive.entryNames)
        guard !images.isEmpty else {
            throw DocumentError(.malformed, "\(name): a comic archive holds images, and this one holds none (PNG, JPEG, GIF, WebP, AVIF, JPEG XL or SVG)")
        }
        guard images.count <= limits.maximumImageCount else {
            throw DocumentError(.tooLarge, "\(name): \(images.count) images, more than the \(limits.maximumImageCount) a comic may have")
        }
        var pages: [ComicBook.Page] = []
        pages.reserveCapacity(images.count)
        for image in images {
            var size: Size?
            do {
                size = ImageHeader.pixelSize(try archive.readPrefix(image, count: ImageHeader.prefixLength))
                if size == nil { warnings.append("\(name): \(image) has no readable size; drawn as a placeholder") }
            } catch {
                warnings.append(error.message + "; drawn as a placeholder")
            }
            pages.append(ComicBook.Page(href: image, mediaType: ImageMediaType.mediaType(byExtensionOf: image) ?? "application/octet-stream",
                                        pixelSize: size))
        }
        let info = Self.comicInfo(archive, name: name, warnings: &warnings)
        let loader = EPUBResourceLoader(source: .file(path: path), bookName: name, limits: limits, inlineDocuments: [:],
                                        listed: Set(images))
        return ComicBook(name: name, pages: pages, info: info, warnings: warnings, resourceLoader: loader)
    }

    /// Whether the ZIP archive at `path` is a comic rather than an EPUB: it has no EPUB container
    /// (`META-INF/container.xml`) and no `mimetype` entry, and holds images. Errors opening it say it is not.
    static func isComicArchive(path: String) -> Bool {
        guard let archive = try? LibZipArchive(path: path, bookName: path, limits: EPUBLimits()) else { return false }
        if archive.contains("META-INF/container.xml") || archive.contains("mimetype") { return false }
        return !pagePaths(archive.entryNames).isEmpty
    }

    /// The entries that are pages, in reading order.
    static func pagePaths(_ names: [String]) -> [String] {
        names.filter { name in
            guard !name.hasSuffix("/"), ImageMediaType.hasDrawableExtension(name) else { return false }
            let components = name.split(separator: "/")
            return !components.contains { $0.hasPrefix(".") || $0 == "__MACOSX" }
        }.sorted(by: NaturalOrder.precedes)
    }

    /// The archive's `ComicInfo.xml` (the shallowest, case ignored), or nil when it has none or it cannot be read.
    private static func comicInfo(_ archive: LibZipArchive, name: String, warnings: inout [String]) -> ComicInfo? {
        let candidates = archive.entryNames.filter {
            ($0.split(separator: "/").last.map { $0.lowercased() == "comicinfo.xml" } ?? false)
                && !$0.split(separator: "/").contains("__MACOSX")
        }
        guard let entry = candidates.min(by: { $0.split(separator: "/").count < $1.split(separator: "/").count }) else { return nil }
        do {
            let result = try LibXMLReader.parse(try archive.read(entry), entry: entry, book: name)
            if let error = result.recoveredError {
                warnings.append("\(name): \(entry) is not well-formed XML; recovered what libxml2 could (\(error))")
            }
            return ComicInfo(root: result.root)
        } catch {
            warnings.append(error.message + "; the comic is read without its metadata")
            return nil
        }
    }
}
