import Foundation
import TypesetCore
import TypesetDocuments
import TypesetRender

/// Answers the server's requests: the library, the books as JSON, each book's reader page, the query protocol,
/// pages with their text layer and images, highlights and notes, speech, and the reader's static files. Every
/// failure is a JSON `{"error": ...}` with a 4xx status for the request's fault, 5xx for the server's.
final class ServeRoutes: Sendable {
    let registry: ReaderRegistry
    let renderers = RendererPool()
    var library: BookLibrary { registry.library }
    var store: ReaderStore { registry.store }

    init(registry: ReaderRegistry) { self.registry = registry }

    func answer(_ request: HTTPRequest) -> HTTPResponse {
        do {
            return try route(request)
        } catch let error as ServeError {
            return .error(error.status, error.message)
        } catch let error as DatabaseError {
            return .error(500, "database: \(error.description)")
        } catch {
            let (status, message) = Tool.describe(error)
            // A book that cannot be read or laid out is the book's fault, not the request's: 422.
            return .error(status == .noFont ? 500 : 422, message)
        }
    }

    private func route(_ request: HTTPRequest) throws -> HTTPResponse {
        let path = request.path
        guard !path.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }), !path.contains("\0") else {
            throw ServeError(400, "a path with . or .. segments is refused")
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        switch (request.method, parts.first) {
        case ("GET", nil): return .html(LibraryPage.html(books: try libraryBooks()))
        case ("GET", "favicon.ico") where parts.count == 1: return HTTPResponse(status: 204, contentType: "image/x-icon", body: [])
        case (_, "static"): return try staticFile(request, parts)
        case ("GET", "books") where parts.count == 1: return .json(.array(try libraryBooks().map(\.json)))
        case (_, "books") where parts.count >= 2: return try bookRoute(request, id: parts[1], rest: Array(parts.dropFirst(2)))
        case (let method, _) where method != "GET" && method != "HEAD" && parts.first == nil:
            throw ServeError(405, "\(method.oneLinePrefix) / is not allowed (GET)")
        default: throw ServeError(404, "no such page: \(path.oneLinePrefix)")
        }
    }

    private func bookRoute(_ request: HTTPRequest, id: String, rest: [String]) throws -> HTTPResponse {
        let method = request.method
        switch (method, rest.first, rest.count) {
        case ("GET", nil, _):
            _ = try bookEntry(id)
            return .html(WebAssets.readerPage)
        case ("GET", "info", 1): return .json(try info(id))
        case ("GET", "cover", 1): return try cover(id)
        case ("POST", "query", 1): return try query(request, id: id)
        case ("POST", "view", 1): return try view(request, id: id)
        case ("GET", "views", 2): return try image(request, id: id, token: rest[1])
        case ("POST", "views", 2): return try viewQuery(request, id: id, token: rest[1])
        case ("POST", "speech", 1): return try speech(request, id: id)
        case ("GET", "annotations", 1): return .json(try annotations(id))
        case ("POST", "annotations", 1), ("PUT", "annotations", 1): return .json(try importAnnotations(request, id: id))
        case ("GET", "highlights", 1): return .json(.object([("highlights", .array(try store.highlights(book: try bookEntry(id).id).map(Self.highlightJSON)))]))
        case ("POST", "highlights", 1): return .json(try addHighlight(request, id: id), status: 201)
        case ("POST", "highlights", 2), ("PUT", "highlights", 2): return .json(try updateHighlight(request, id: id, highlight: rest[1]))
        case ("DELETE", "highlights", 2): return try deleteHighlight(id: id, highlight: rest[1])
        case (_, "query", 1), (_, "view", 1), (_, "speech", 1), (_, "highlights", _), (_, "annotations", 1), (_, "views", 2),
             (_, "info", 1), (_, "cover", 1), (_, nil, _):
            throw ServeError(405, "\(method.oneLinePrefix) is not allowed on \(request.path.oneLinePrefix)")
        default:
            throw ServeError(404, "no such page: \(request.path.oneLinePrefix)")
        }
    }

    // MARK: Library

    struct ListedBook {
        let entry: LibraryEntry
        let summary: BookSummary
        let progression: Double?
        let pageCount: Int?

        var json: JSONWriter.Value {
            .object([("id", .string(entry.id)), ("title", .string(summary.title)), ("authors", .array(summary.authors.map { .string($0) })),
                     ("format", .string(summary.format)), ("pageCount", pageCount.map { .integer($0) } ?? .null),
                     ("language", summary.language.map { .string($0) } ?? .null), ("file", .string(entry.relativePath)),
                     ("progression", progression.map { .number($0) } ?? .null),
                     ("cover", summary.coverHref == nil ? .null : .string("/books/\(entry.id)/cover")),
                     ("reader", .string("/books/\(entry.id)")),
                     ("problem", summary.problem.map { .string($0) } ?? .null)])
        }
    }

    /// Every book of the folder with its title, authors, format, progress and page count where known.
    private func libraryBooks() throws -> [ListedBook] {
        try library.entries().map { entry in
            let summary = library.summary(of: entry) { entry in
                do {
                    let file = try OpenedBook.read(entry.path, options: registry.options, settings: registry.options.settings)
                    return BookLibrary.summary(of: file, entry: entry)
                } catch {
                    let stem = ((entry.relativePath as NSString).lastPathComponent as NSString).deletingPathExtension
                    return BookSummary(title: stem, authors: [], format: (entry.relativePath as NSString).pathExtension.lowercased() == "epub" ? "epub" : "text",
                                       problem: Tool.describe(error).message)
                }
            }
            let progression = try store.position(book: entry.id)?.locations.totalProgression
            return ListedBook(entry: entry, summary: summary, progression: progression, pageCount: try store.pageCount(book: entry.id))
        }
    }

    private func bookEntry(_ id: String) throws -> LibraryEntry {
        guard let entry = library.entry(id: id) else { throw ServeError(404, "no book \(id.oneLinePrefix) in the folder") }
        return entry
    }

    /// `GET /books/ID/info`: title, authors, language, contents (each entry with its offset and Locator).
    private func info(_ id: String) throws -> JSONWriter.Value {
        let book = try registry.book(id)
        let publication = book.publication
        let contents = book.opened.file.tableOfContents.flattened().map { item -> JSONWriter.Value in
            .object([("title", .string(item.entry.title)), ("depth", .integer(item.depth)),
                     ("offset", item.entry.offset.map { .integer($0) } ?? .null),
                     ("locator", item.entry.offset.flatMap { publication.locator(at: $0) }.map(JSONWriter.Value.locator) ?? .null)])
        }
        return .object([("id", .string(id)), ("title", .string(book.summary.title)), ("authors", .array(book.summary.authors.map { .string($0) })),
                        ("format", .string(book.summary.format)), ("language", book.summary.language.map { .string($0) } ?? .null),
                        ("textLength", .integer(publication.text.length)), ("contents", .array(contents)),
                        ("speech", .bool(SpeechEndpoint.available))])
    }

    /// `GET /books/ID/cover`: the cover image's bytes as the book holds them (the browser scales it).
    private func cover(_ id: String) throws -> HTTPResponse {
        let book = try registry.book(id)
        guard let href = book.summary.coverHref, let loader = book.publication.resourceLoader else {
            throw ServeError(404, "the book has no cover image")
        }
        let bytes: [UInt8]
        do { bytes = try loader.bytes(of: href, maximumSize: 16 << 20) } catch {
            throw ServeError(404, "the cover image cannot be read: \(error.description)")
        }
        return HTTPResponse(contentType: Self.mediaType(href), body: bytes, headers: [("Cache-Control", "max-age=3600")])
    }

    static func mediaType(_ href: String) -> String {
        switch (href as NSString).pathExtension.lowercased() {
        case "jpg", "jpeg": "image/jpeg"
        case "png": "image/png"
        case "gif": "image/gif"
        case "svg": "image/svg+xml"
        case "webp": "image/webp"
        case "avif": "image/avif"
        case "jxl": "image/jxl"
        default: "application/octet-stream"
        }
    }

    // MARK: Reading

    /// The reader a request names (`?reader=R`, else the `X-Typeset-Reader` header, else the book's default
    /// reader): letters, digits, `-` and `_`, at most 64.
    private func readerID(_ request: HTTPRequest) throws -> String {
        let id = request.argument("reader") ?? request.header("X-Typeset-Reader") ?? "default"
        guard (1...64).contains(id.utf8.count), id.utf8.allSatisfy({ $0 == 45 || $0 == 95 || (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) }) else {
            throw ServeError(400, "a reader id is 1 to 64 letters, digits, - or _")
        }
        return id
    }

    private func requestBody(_ request: HTTPRequest) throws -> Request {
        do { return try Request(parsing: request.bodyText) } catch let error as QuerySession.BadRequest {
            throw ServeError(400, error.message)
        }
    }

    /// `POST /books/ID/query`: one request of `typeset query`'s protocol, its answer (a refused request is 400 with
    /// the protocol's `{"error"}`).
    private func query(_ request: HTTPRequest, id: String) throws -> HTTPResponse {
        let reader = try registry.reader(book: id, reader: try readerID(request))
        let parsed = try requestBody(request)
        return reader.withLock { reader in
            let answer: JSONWriter.Value
            do { answer = try reader.session.answer(parsed) } catch {
                return .json(QuerySession.errorAnswer(error), status: 400)
            }
            savePosition(reader)
            return .json(answer)
        }
    }

    /// `POST /books/ID/view`: a reading operation of the query protocol (`goTo`, `nextPage`, `previousPage`,
    /// `setSettings`, `currentPage`, `nextResult`...), then the page shown: `{"answer": ..., "page": currentPage,
    /// "view": PageView}`.
    private func view(_ request: HTTPRequest, id: String) throws -> HTTPResponse {
        let reader = try registry.reader(book: id, reader: try readerID(request))
        let parsed = try requestBody(request)
        return try reader.withLock { reader in
            let answer: JSONWriter.Value
            do { answer = try reader.session.answer(parsed) } catch {
                return .json(QuerySession.errorAnswer(error), status: 400)
            }
            let page = try reader.session.reader.currentPage()
            let token = reader.remember(page)
            savePosition(reader)
            let highlights = try store.highlights(book: id)
            return .json(.object([("answer", answer), ("page", try reader.session.currentPage(page)),
                                  ("view", PageView.json(token: token, page: page, book: reader.book, highlights: highlights))]))
        }
    }

    /// Saves the reader's place (its Locator) and, once exact, the page count.
    private func savePosition(_ reader: ReaderState) {
        let session = reader.session.reader
        guard let locator = try? session.currentLocator() else { return }
        try? store.setPosition(locator, book: reader.book.entry.id)
        let count = session.pageCount
        if count.isExact { try? store.setPageCount(count.value, book: reader.book.entry.id) }
    }

    /// The view `token` of the request's reader.
    private func shownPage(_ request: HTTPRequest, id: String, token: String) throws -> (ReaderState, ReaderPage, ReaderSettings) {
        let reader = try registry.reader(book: id, reader: try readerID(request))
        let digits = token.hasSuffix(".png") ? String(token.dropLast(4)) : token
        guard let number = Int(digits), number > 0 else { throw ServeError(404, "no view \(token.oneLinePrefix)") }
        guard let (page, settings) = reader.withLock({ $0.view(number) }) else {
            throw ServeError(410, "view \(number) is no longer kept: ask for the page again (POST /books/\(id)/view)")
        }
        return (reader, page, settings)
    }

    /// `GET /books/ID/views/TOKEN.png?scale=S`: the page drawn at S pixels a point (the device pixel ratio, 0.5 to
    /// 4, default the reader's setting) in the reader's theme.
    private func image(_ request: HTTPRequest, id: String, token: String) throws -> HTTPResponse {
        guard token.hasSuffix(".png") else { throw ServeError(404, "no such page: \(request.path.oneLinePrefix)") }
        let (reader, page, settings) = try shownPage(request, id: id, token: token)
        var appearance = settings.appearance
        if let text = request.argument("scale") {
            guard let scale = Double(text), scale.isFinite, (0.5...4).contains(scale) else {
                throw ServeError(400, "scale must be a number from 0.5 to 4")
            }
            appearance.pixelScale = scale
        }
        let resources = reader.book.publication.resourceLoader
        let png = try renderers.withRenderer { renderer in
            try renderer.renderPNG(page: page.pageIndex, of: page.layout, appearance: appearance, resources: resources)
        }
        return HTTPResponse(contentType: "image/png", body: png, headers: [("Cache-Control", "private, max-age=600")])
    }

    /// `POST /books/ID/views/TOKEN`: a position operation of the query protocol on the page shown (`"page"`
    /// defaults to it and numbers its section's pages), or `{"op": "rects", "ranges": [...]}`: each range's
    /// rectangles on that page.
    private func viewQuery(_ request: HTTPRequest, id: String, token: String) throws -> HTTPResponse {
        let (reader, page, _) = try shownPage(request, id: id, token: token)
        var fields = try requestBody(request).fields
        if fields["page"] == nil { fields["page"] = .number(Double(page.pageIndex + 1)) }
        let parsed = Request(fields)
        do {
            let op = try parsed.string("op")
            if op == "rects" { return .json(try rects(parsed, page: page)) }
            guard let answer = try QuerySession.positionAnswer(op, parsed, layout: page.layout, publication: reader.book.publication) else {
                throw QuerySession.BadRequest(message: "unknown op \"\(op)\" on a page (the query protocol's position operations, or rects)")
            }
            return .json(answer)
        } catch {
            return .json(QuerySession.errorAnswer(error), status: 400)
        }
    }

    /// `{"rects": [[rect, ...], ...]}`: for each range, its selection rectangles on the page.
    private func rects(_ request: Request, page: ReaderPage) throws -> JSONWriter.Value {
        guard case .array(let ranges)? = request.fields["ranges"], ranges.count <= 10_000 else {
            throw QuerySession.BadRequest(message: "\"ranges\" must be an array of at most 10000 {\"location\", \"length\"}")
        }
        let length = page.layout.text.length
        let answer = try ranges.map { value -> JSONWriter.Value in
            let range = try Request(["range": value]).range("range", length: length)
            let rects = page.layout.selectionRects(for: range).filter { $0.page == page.pageIndex }
            return .array(rects.map { .rect($0.rect) })
        }
        return .object([("rects", .array(answer))])
    }

    /// `POST /books/ID/speech`: see ``SpeechEndpoint``.
    private func speech(_ request: HTTPRequest, id: String) throws -> HTTPResponse {
        let book = try registry.book(id)
        let parsed = try requestBody(request)
        do {
            return .json(try SpeechEndpoint.answer(parsed, publication: book.publication,
                                                   language: registry.options.settings.typography.language))
        } catch let error as QuerySession.BadRequest {
            throw ServeError(400, error.message)
        }
    }

    // MARK: Static files

    private func staticFile(_ request: HTTPRequest, _ parts: [String]) throws -> HTTPResponse {
        guard request.method == "GET" else { throw ServeError(405, "\(request.method.oneLinePrefix) is not allowed on static files") }
        guard parts.count == 2, let file = WebAssets.file(named: parts[1]) else {
            throw ServeError(404, "no such file: \(request.path.oneLinePrefix)")
        }
        return HTTPResponse(contentType: file.contentType, body: file.bytes, headers: [("Cache-Control", "no-cache")])
    }
}

/// PageRenderers for the server's threads: a renderer is not thread-safe, so each request takes one of its own and
/// gives it back (as many are made as requests draw at once).
final class RendererPool: @unchecked Sendable {
    private var idle: [PageRenderer] = []
    private let lock = NSLock()

    func withRenderer<T>(_ body: (PageRenderer) throws -> T) throws -> T {
        lock.lock()
        let renderer = idle.popLast()
        lock.unlock()
        let used = try renderer ?? PageRenderer()
        defer {
            lock.lock()
            idle.append(used)
            lock.unlock()
        }
        return try body(used)
    }
}

extension Array where Element == TableOfContentsEntry {
    /// The entries depth first, each with its depth from 0 (without recursion: a stack).
    func flattened() -> [(entry: TableOfContentsEntry, depth: Int)] {
        var result: [(TableOfContentsEntry, Int)] = []
        var stack: [(TableOfContentsEntry, Int)] = reversed().map { ($0, 0) }
        while let (entry, depth) = stack.popLast() {
            result.append((entry, depth))
            stack += entry.children.reversed().map { ($0, depth + 1) }
        }
        return result
    }
}
