import TypesetCore

/// Reads an EPUB's images when pages draw them (the publication's ``ResourceLoader``).
///
/// The archive is opened again on the first read (the reader's own is closed when reading ends) and kept open;
/// libzip archives are not thread-safe, so reads take a lock. Every read is bounded by the book's
/// ``EPUBLimits`` (entry size, compression ratio) and by the caller's `maximumSize`, and does not count toward
/// the book's total, since nothing read here is kept by the book. Inline `<svg>` drawings are served from memory
/// under the names their items gave them (`OEBPS/ch1.xhtml#svg-1`); an SVG file of the book is given the images
/// it refers to (``SVGImageInliner``). An entry the manifest does not list is never read: EPUB 3.3 forbids a
/// reading system to use it.
final class EPUBResourceLoader: ResourceLoader {
    /// Where the archive is.
    enum Source: Sendable {
        /// A file, read by libzip as needed.
        case file(path: String)
        /// Bytes held in memory.
        case bytes([UInt8])
    }

    private let source: Source
    private let bookName: String
    private let limits: EPUBLimits
    private let inlineDocuments: [String: [UInt8]]
    private let listed: Set<String>?
    private let archive = Locked<LibZipArchive?>(nil)

    init(source: Source, bookName: String, limits: EPUBLimits, inlineDocuments: [String: [UInt8]], listed: Set<String>?) {
        self.source = source; self.bookName = bookName; self.limits = limits; self.inlineDocuments = inlineDocuments
        self.listed = listed
    }

    func bytes(of href: String, maximumSize: Int) throws(ResourceError) -> [UInt8] {
        let bytes = try entryBytes(of: href, maximumSize: maximumSize)
        guard inlineDocuments[href] == nil else { return bytes }
        // An SVG file's images are read from the book here, since librsvg resolves no reference itself.
        return SVGImageInliner.inlined(bytes, path: href, bookName: bookName, budget: maximumSize) {
            (path: String, limit: Int) throws(ResourceError) -> [UInt8] in try entryBytes(of: path, maximumSize: limit)
        } ?? bytes
    }

    /// The bytes of an entry of the archive or of an inline document, as they are.
    private func entryBytes(of href: String, maximumSize: Int) throws(ResourceError) -> [UInt8] {
        if let document = inlineDocuments[href] {
            guard document.count <= maximumSize else {
                throw ResourceError("\(bookName): \(href) has \(document.count) bytes, more than the \(maximumSize) an image may have")
            }
            return document
        }
        if let listed, !listed.contains(href) {
            throw ResourceError("\(bookName): \(href) is not in the manifest, so the book may not use it")
        }
        let result: Result<[UInt8], DocumentError> = archive.withLock { archive in
            do throws(DocumentError) {
                if archive == nil {
                    archive = switch source {
                    case .file(let path): try LibZipArchive(path: path, bookName: bookName, limits: limits)
                    case .bytes(let bytes): try LibZipArchive(bytes: bytes, bookName: bookName, limits: limits)
                    }
                }
                guard let opened = archive else { return .failure(DocumentError(.unreadable, "\(bookName): cannot be read")) }
                return .success(try opened.read(href, limit: max(0, maximumSize), countsTowardTotal: false))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let bytes): return bytes
        case .failure(let error): throw ResourceError(error.message)
        }
    }
}
