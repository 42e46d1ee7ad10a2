#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TypesetCore

/// A book file of any kind, opened by what it holds: a comic book archive (named `.cbz`, or a ZIP of images without
/// an EPUB container) with ``ComicReader``, an EPUB (named `.epub`, or any other ZIP) with ``EPUBReader``, anything
/// else as plain text with ``PlainTextReader``.
///
/// ```swift
/// let book = try BookFile.open(path: "moby-dick.epub")
/// let session = try ReadingSession(publication: book.publication, typesetter: typesetter)
/// ```
public struct BookFile: Sendable {
    /// What kind of file it was, with what its reader found.
    public enum Format: Sendable {
        /// A plain-text file: its encoding and chapter headings.
        case plainText(PlainTextDocument)
        /// An EPUB: metadata, spine, table of contents, images.
        case epub(EPUBBook)
        /// A comic book archive (CBZ): its pages (images) and `ComicInfo.xml` metadata.
        case comic(ComicBook)
    }

    /// The path as given.
    public let path: String
    /// The file's kind and its reader's result.
    public let format: Format
    /// The book as reading sessions, Locators and decorations see it (for plain text, one resource named after
    /// the file).
    public let publication: Publication
    /// What the reader recovered from, one line each, naming the file: malformed XHTML, a text that is not
    /// UTF-8. An app may show them; the command-line tool prints them on stderr.
    public let notices: [String]

    /// Whether the book is only its opening (``openOpening(path:publisherStyles:media:encoding:)``), not the whole
    /// book: its page count is not the book's.
    package var isOpening: Bool { whole != nil }

    /// What the whole book is made from when this is its opening (``wholeBook()``).
    private var whole: PlainTextWholeBook?

    /// The text to lay out.
    public var text: StyledText { publication.text }

    /// The table of contents: an EPUB's, or the chapter headings found in a text file.
    public var tableOfContents: [TableOfContentsEntry] {
        switch format {
        case .plainText(let document): document.tableOfContents
        case .epub(let book): book.tableOfContents
        case .comic: []
        }
    }

    /// The EPUB, when the file is one.
    public var epub: EPUBBook? {
        if case .epub(let book) = format { return book }
        return nil
    }

    /// The comic, when the file is one.
    public var comic: ComicBook? {
        if case .comic(let book) = format { return book }
        return nil
    }

    /// The direction the book's pages turn in, when the book says: an EPUB's `page-progression-direction` (its
    /// language's direction for `default`, when that is right to left), a comic's `ComicInfo.xml`; nil when it does
    /// not (then the layout's lines decide, `BookLayout.inferredPageProgression`).
    public var pageProgression: PageProgression? {
        switch format {
        case .plainText: return nil
        case .comic(let book): return book.pageProgression
        case .epub(let book):
            switch book.pageProgression {
            case .leftToRight: return .leftToRight
            case .rightToLeft: return .rightToLeft
            case .default: return book.readingProgression == .rightToLeft ? .rightToLeft : nil
            }
        }
    }

    /// Opens the book at `path`.
    ///
    /// - Parameters:
    ///   - publisherStyles: Whether an EPUB's CSS applies (`ReaderSettings.publisherStyles`); the publication
    ///     can be restyled later (`Publication.restyled(publisherStyles:)`), and styles never move an offset.
    ///   - media: The page and theme an EPUB's media queries and alternate style sheets are evaluated against
    ///     (`MediaEnvironment.init(settings:)`); the publication is restyled when a session's settings answer
    ///     them differently (`Publication.restyled(for:)`).
    ///   - encoding: A plain-text file's encoding, when the caller knows it better than the detector
    ///     (``PlainTextReader/encoding``).
    ///   - previewBytes: Read only the first bytes of a plain-text file: a preview
    ///     (``PlainTextReader/readPreview(path:byteCount:)``), whose offsets hold in the whole book.
    ///   - reportsIgnoredCSS: Whether an EPUB's reader collects the CSS it drops (``EPUBBook/ignoredCSS``).
    /// - Parameter path: An EPUB 2/3 file or folder, or a plain-text file.
    /// - Throws: ``DocumentError`` naming the file: `.notFound`, `.isDirectory`, `.unreadable`, and whatever
    ///   the book's reader refuses; `.unsupported` for an EPUB with an encoding or a preview (both are for
    ///   plain text, as for a comic).
    public static func open(path: String, publisherStyles: Bool = true, media: MediaEnvironment = .reference,
                            encoding: TextEncoding? = nil, previewBytes: Int? = nil,
                            reportsIgnoredCSS: Bool = false) throws(DocumentError) -> BookFile {
        try open(path: path, publisherStyles: publisherStyles, media: media, encoding: encoding, previewBytes: previewBytes,
                 reportsIgnoredCSS: reportsIgnoredCSS, spineProgress: nil)
    }

    /// Opens the book at `path` off the caller's thread: the async form of
    /// ``open(path:publisherStyles:media:encoding:previewBytes:reportsIgnoredCSS:)``, with the same parameters.
    /// An EPUB reports its progress after each spine item and stops between two when the calling task is
    /// cancelled; a plain-text file or a comic is read in one step (its progress is 0, then 1).
    ///
    /// - Parameters:
    ///   - path: An EPUB 2/3 file or folder, or a plain-text file.
    ///   - publisherStyles: Whether an EPUB's CSS applies.
    ///   - media: The page and theme an EPUB's media queries are evaluated against.
    ///   - encoding: A plain-text file's encoding, when the caller knows it better than the detector.
    ///   - previewBytes: Read only the first bytes of a plain-text file.
    ///   - reportsIgnoredCSS: Whether an EPUB's reader collects the CSS it drops.
    ///   - progress: Called with the spine items read and the spine's length (on the reading task).
    /// - Throws: `CancellationError` when the task is cancelled, else what the synchronous form throws.
    public static func open(path: String, publisherStyles: Bool = true, media: MediaEnvironment = .reference,
                            encoding: TextEncoding? = nil, previewBytes: Int? = nil, reportsIgnoredCSS: Bool = false,
                            progress: (@Sendable (WorkProgress) -> Void)?) async throws -> BookFile {
        try await detachedWork {
            try Task.checkCancellation()
            progress?(WorkProgress(completed: 0, total: 1))
            let spineProgress: @Sendable (WorkProgress) -> Bool = { done in
                progress?(done)
                return !Task.isCancelled
            }
            do throws(DocumentError) {
                let book = try open(path: path, publisherStyles: publisherStyles, media: media, encoding: encoding,
                                    previewBytes: previewBytes, reportsIgnoredCSS: reportsIgnoredCSS, spineProgress: spineProgress)
                if book.epub == nil { progress?(WorkProgress(completed: 1, total: 1)) }
                return book
            } catch {
                if error.code == .cancelled { throw CancellationError() }
                throw error
            }
        }
    }

    private static func open(path: String, publisherStyles: Bool, media: MediaEnvironment, encoding: TextEncoding?,
                             previewBytes: Int?, reportsIgnoredCSS: Bool,
                             spineProgress: (@Sendable (WorkProgress) -> Bool)?) throws(DocumentError) -> BookFile {
        let kind = try kind(of: path)
        if kind == .comic {
            guard encoding == nil, previewBytes == nil else {
                throw DocumentError(.unsupported, "\(path): a comic is images, read whole; an encoding or a preview is for plain text")
            }
            let book = try ComicReader().read(path: path)
            return BookFile(path: path, format: .comic(book), publication: book.publication, notices: book.warnings)
        }
        if kind == .epub {
            guard encoding == nil, previewBytes == nil else {
                throw DocumentError(.unsupported, "\(path): an EPUB says its own encoding and is read whole; an encoding or a preview is for plain text")
            }
            var options = EPUBReader.Options()
            options.publisherStyles = publisherStyles
            options.media = media
            options.reportsIgnoredCSS = reportsIgnoredCSS
            var reader = EPUBReader(options: options)
            reader.spineProgress = spineProgress
            let book = try reader.read(path: path)
            return BookFile(path: path, format: .epub(book), publication: book.publication, notices: book.warnings)
        }
        let reader = PlainTextReader(encoding: encoding)
        let document = if let previewBytes { try reader.readPreview(path: path, byteCount: previewBytes) }
                       else { try reader.read(path: path) }
        return plainText(document, path: path)
    }

    /// The opening of a plain-text book when it can be read alone (``PlainTextReader/readOpening(path:)``: its text
    /// a prefix of the whole book's, ``isOpening`` true), else the whole book as
    /// ``open(path:publisherStyles:media:encoding:previewBytes:reportsIgnoredCSS:)`` opens it.
    package static func openOpening(path: String, publisherStyles: Bool, media: MediaEnvironment,
                                    encoding: TextEncoding?) throws(DocumentError) -> BookFile {
        guard try kind(of: path) == .plainText else {
            return try open(path: path, publisherStyles: publisherStyles, media: media, encoding: encoding)
        }
        let (document, whole) = try PlainTextReader(encoding: encoding).readOpening(path: path)
        var book = plainText(document, path: path)
        book.whole = whole
        return book
    }

    /// The whole book when this is its opening, made from the file as it was decoded for the opening (not read
    /// again): the same book as ``open(path:publisherStyles:media:encoding:previewBytes:reportsIgnoredCSS:)`` reads,
    /// with the same notices. Itself otherwise.
    package func wholeBook() throws(DocumentError) -> BookFile {
        guard let whole else { return self }
        return Self.plainText(try whole.document(), path: path)
    }

    /// Lets go of what the whole book would be made from (``wholeBook()`` then reads the file again): for a run that
    /// found all it needs in the opening, so that the memory is reused by what follows.
    package mutating func releaseWhole() {
        whole?.release()
    }

    /// A plain-text book as read, with its notices.
    private static func plainText(_ document: PlainTextDocument, path: String) -> BookFile {
        var notices: [String] = []
        // A notice when the encoding was guessed, or something was dropped or replaced; a byte-order mark or
        // well-formed UTF-8 leaves no doubt.
        let decoding = document.decoding
        switch decoding.evidence {
        case .detected, .fallback:
            let advice = decoding.isUnsure ? "; if characters look wrong, name the encoding with --encoding" : ""
            notices.append("\(path) is not UTF-8; read it as \(decoding.summary)\(advice)")
        case .byteOrderMark, .wellFormedUTF8, .declared:
            if decoding.droppedTrailingBytes > 0 || decoding.invalidSequences > 0 {
                notices.append("\(path): read as \(decoding.summary)")
            }
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return BookFile(path: path, format: .plainText(document), publication: document.publication(href: name),
                        notices: notices)
    }

    private enum Kind { case plainText, epub, comic }

    /// What the file is: a comic when named `.cbz`; an EPUB when named `.epub`; for another name starting with a ZIP
    /// local-file signature (`PK\3\4`), a comic when it is a ZIP of images without an EPUB's container or
    /// `mimetype` (``ComicReader``), else an EPUB; plain text otherwise. A file that cannot be opened is an error
    /// here, with the reason, so that every reader's callers see one.
    private static func kind(of path: String) throws(DocumentError) -> Kind {
        let lowercased = path.lowercased()
        if lowercased.hasSuffix(".cbz") {
            _ = try isZIP(path)
            return .comic
        }
        guard try isZIP(path) else { return .plainText }
        if lowercased.hasSuffix(".epub") { return .epub }
        return ComicReader.isComicArchive(path: path) ? .comic : .epub
    }

    /// Whether the file is a ZIP archive: named `.epub`, or starting with a ZIP local-file signature (`PK\3\4`).
    private static func isZIP(_ path: String) throws(DocumentError) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw DocumentError(.notFound, "\(path): no such file") }
            throw DocumentError(.unreadable, "\(path): cannot be read (\(String(cString: strerror(code))))")
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw DocumentError(.isDirectory, "\(path): is a directory, not a book") }
        if path.lowercased().hasSuffix(".epub") { return true }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return false }
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw DocumentError(.unreadable, "\(path): cannot be read (\(String(cString: strerror(errno))))")
        }
        defer { close(descriptor) }
        var signature = [UInt8](repeating: 0, count: 4)
        let count = signature.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 4) }
        return count == 4 && signature == [0x50, 0x4B, 0x03, 0x04]
    }
}
