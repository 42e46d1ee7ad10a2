import Foundation
import TypesetCore
import TypesetDocuments

/// A book file of the served folder.
struct LibraryEntry: Hashable, Sendable {
    /// A stable name for URLs and the database: 16 hex digits of the FNV-1a hash of `relativePath` (a book keeps
    /// its id, its reading position and its highlights while its file keeps its place in the folder).
    let id: String
    /// The path below the folder (`novels/emma.epub`).
    let relativePath: String
    /// The file's real path (symbolic links resolved; always inside the folder).
    let path: String
    let size: Int
    let modified: Int
}

/// What the library shows of a book: read once from the file and kept while the file is unchanged.
struct BookSummary: Sendable {
    var title: String
    var authors: [String]
    /// `epub` or `text`.
    var format: String
    var language: String?
    /// The cover image's href in the book (its cover image, else its first image), nil for none.
    var coverHref: String?
    /// Why the book cannot be read, when it cannot (it is still listed, without a reader).
    var problem: String?
}

/// The books of the served folder: found by walking it (no link followed out of it, no hidden folder entered),
/// named by a stable id, their titles and authors read once per file version.
final class BookLibrary: @unchecked Sendable {
    /// The folder's real path.
    let root: String
    /// How deep below the folder books are looked for, and how many entries the walk looks at at most (a folder of
    /// a million files is listed in part, not walked for minutes).
    static let maximumDepth = 8
    static let maximumEntries = 20_000
    /// File name endings read as books.
    static let bookExtensions: Set<String> = ["epub", "txt"]

    private let lock = NSLock()
    private var summaries: [String: (entry: LibraryEntry, summary: BookSummary)] = [:]
    /// The books the last walk found, by id.
    private var found: [String: LibraryEntry] = [:]

    /// - Throws: ``ToolFailure`` when `folder` is not a readable folder.
    init(folder: String) throws {
        guard let real = realpath(folder, nil) else {
            throw ToolFailure(status: .badInput, message: "serve: \(folder): \(String(cString: strerror(errno)))")
        }
        root = String(cString: real)
        free(real)
        var status = stat()
        guard stat(root, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw ToolFailure(status: .badInput, message: "serve: \(folder) is not a folder")
        }
    }

    /// The books in the folder now, by relative path.
    func entries() -> [LibraryEntry] {
        var books: [LibraryEntry] = []
        var pending: [(path: String, relative: String, depth: Int)] = [(root, "", 0)]
        var visited = 0
        while let folder = pending.popLast(), visited < Self.maximumEntries {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") {
                visited += 1
                if visited > Self.maximumEntries { break }
                let path = folder.path + "/" + name, relative = folder.relative.isEmpty ? name : folder.relative + "/" + name
                var status = stat()
                guard lstat(path, &status) == 0 else { continue }
                switch status.st_mode & S_IFMT {
                case S_IFDIR:
                    if folder.depth + 1 < Self.maximumDepth { pending.append((path, relative, folder.depth + 1)) }
                case S_IFREG, S_IFLNK:
                    let ending = (name as NSString).pathExtension.lowercased()
                    guard Self.bookExtensions.contains(ending), let entry = entry(path: path, relative: relative) else { continue }
                    books.append(entry)
                default: continue
                }
            }
        }
        lock.lock()
        self.found = Dictionary(books.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        lock.unlock()
        return books.sorted { $0.relativePath < $1.relativePath }
    }

    /// The entry for a file, when it is a regular file inside the folder (a link is followed only to one).
    private func entry(path: String, relative: String) -> LibraryEntry? {
        guard let real = contained(path) else { return nil }
        var status = stat()
        guard stat(real, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return LibraryEntry(id: Self.id(of: relative), relativePath: relative, path: real, size: Int(status.st_size),
                            modified: Int(status.st_mtim.tv_sec))
    }

    /// `path`'s real path when it is inside the folder, else nil.
    func contained(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        let resolved = String(cString: real)
        return resolved.hasPrefix(root + "/") ? resolved : nil
    }

    /// The book with this id, if it is in the folder now: looked up among the books the last walk found (the file
    /// checked again), the folder walked again only for an id it did not find, so a page turn costs no walk.
    func entry(id: String) -> LibraryEntry? {
        guard id.count == 16, id.allSatisfy(\.isHexDigit) else { return nil }
        lock.lock()
        let known = found[id]
        lock.unlock()
        if let known, let current = entry(path: root + "/" + known.relativePath, relative: known.relativePath) { return current }
        return entries().first { $0.id == id }
    }

    /// 16 lowercase hex digits of FNV-1a (64 bits) over the path's UTF-8.
    static func id(of relativePath: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in relativePath.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The book's title, authors, format and cover, read from the file the first time (or after it changed).
    func summary(of entry: LibraryEntry, read: (LibraryEntry) -> BookSummary) -> BookSummary {
        lock.lock()
        if let known = summaries[entry.id], known.entry == entry {
            lock.unlock()
            return known.summary
        }
        lock.unlock()
        let summary = read(entry)
        lock.lock()
        summaries[entry.id] = (entry, summary)
        lock.unlock()
        return summary
    }

    /// A summary of a book read: metadata for an EPUB or a comic's `ComicInfo.xml`, the title a text file's header gives (else its name).
    static func summary(of file: BookFile, entry: LibraryEntry) -> BookSummary {
        let stem = ((entry.relativePath as NSString).lastPathComponent as NSString).deletingPathExtension
        switch file.format {
        case .epub(let book):
            return BookSummary(title: book.metadata.title ?? stem, authors: book.metadata.authors, format: "epub",
                               language: book.metadata.language, coverHref: book.coverImage ?? book.images.first { $0.href != nil }?.href)
        case .comic(let book):
            return BookSummary(title: book.info.displayTitle ?? stem, authors: book.info.writers, format: "cbz",
                               language: book.info.language, coverHref: book.cover)
        case .plainText(let document):
            return BookSummary(title: document.text.title ?? stem, authors: [], format: "text", language: document.text.language,
                               coverHref: nil)
        }
    }
}
