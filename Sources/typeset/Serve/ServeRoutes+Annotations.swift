import Foundation
import TypesetCore

/// Highlights with notes, and the annotations file (export and import): each highlight a Readium Locator made from
/// its range when it is made, so it finds its text again under any settings.
extension ServeRoutes {
    static func highlightJSON(_ highlight: StoredHighlight) -> JSONWriter.Value {
        .object([("id", .string(highlight.id)), ("locator", .locator(highlight.locator)), ("color", .string(highlight.color)),
                 ("note", highlight.note.map { .string($0) } ?? .null),
                 ("created", .string(Self.isoDate(highlight.created))), ("modified", .string(Self.isoDate(highlight.modified)))])
    }

    /// `POST /books/ID/highlights` `{"range": {"location", "length"}, "color": C, "note": N}` (or a `"locator"`
    /// instead of the range): the highlight made, with its id and Locator.
    func addHighlight(_ request: HTTPRequest, id: String) throws -> JSONWriter.Value {
        let book = try registry.book(id)
        let body = try parsedBody(request)
        let publication = book.publication
        let locator: Locator
        if body.has("range") {
            let range = try badRequest { try body.range("range", length: publication.text.length) }
            guard !range.isEmpty, let made = publication.locator(for: range) else { throw ServeError(400, "a highlight needs a range of at least one unit") }
            locator = made
        } else if let value = body.fields["locator"] {
            locator = try Self.parseLocator(value)
            guard PageView.resolve(locator, in: publication) != nil else { throw ServeError(400, "the locator is not in this book") }
        } else {
            throw ServeError(400, "a highlight needs \"range\" or \"locator\"")
        }
        let now = ReaderStore.now
        let highlight = StoredHighlight(id: UUID().uuidString.lowercased(), locator: locator, color: try Self.color(body),
                                        note: try Self.note(body), created: now, modified: now)
        try store.save([highlight], book: id)
        return Self.highlightJSON(highlight)
    }

    /// `POST /books/ID/highlights/HID` `{"color": C, "note": N}`: changes a highlight's colour or note.
    func updateHighlight(_ request: HTTPRequest, id: String, highlight highlightID: String) throws -> JSONWriter.Value {
        _ = try registry.book(id)
        let body = try parsedBody(request)
        guard var highlight = try store.highlights(book: id).first(where: { $0.id == highlightID }) else {
            throw ServeError(404, "no highlight \(highlightID.oneLinePrefix) in this book")
        }
        if body.has("color") { highlight.color = try Self.color(body) }
        if body.fields["note"] != nil { highlight.note = try Self.note(body) }
        highlight.modified = ReaderStore.now
        try store.save([highlight], book: id)
        return Self.highlightJSON(highlight)
    }

    func deleteHighlight(id: String, highlight: String) throws -> HTTPResponse {
        _ = try registry.book(id)
        guard try store.deleteHighlight(id: highlight, book: id) else { throw ServeError(404, "no highlight \(highlight.oneLinePrefix) in this book") }
        return .json(.object([("deleted", .string(highlight))]))
    }

    /// `GET /books/ID/annotations`: the reading position and every highlight, as one JSON file.
    func annotations(_ id: String) throws -> JSONWriter.Value {
        let entry = try registry.book(id).entry
        return .object([("format", .string("typeset-annotations")), ("version", .integer(1)),
                        ("book", .object([("id", .string(entry.id)), ("file", .string(entry.relativePath))])),
                        ("position", try store.position(book: id).map(JSONWriter.Value.locator) ?? .null),
                        ("highlights", .array(try store.highlights(book: id).map(Self.highlightJSON)))])
    }

    /// `POST /books/ID/annotations` with an exported file: its position replaces the saved one, its highlights are
    /// added or replace those with the same id; all or nothing.
    func importAnnotations(_ request: HTTPRequest, id: String) throws -> JSONWriter.Value {
        let book = try registry.book(id)
        let body = try parsedBody(request)
        guard case .string("typeset-annotations")? = body.fields["format"] else {
            throw ServeError(400, "not an annotations file (\"format\": \"typeset-annotations\")")
        }
        guard case .array(let items)? = body.fields["highlights"] ?? .array([]) else { throw ServeError(400, "\"highlights\" must be an array") }
        guard items.count <= ReaderStore.maximumHighlightsPerBook else {
            throw ServeError(400, "at most \(ReaderStore.maximumHighlightsPerBook) highlights")
        }
        let highlights = try items.enumerated().map { index, item -> StoredHighlight in
            guard case .object(let fields) = item else { throw ServeError(400, "highlights[\(index)] must be an object") }
            let request = Request(fields)
            let highlightID = try badRequest { try request.string("id") }
            guard (1...128).contains(highlightID.utf8.count) else { throw ServeError(400, "highlights[\(index)].id must be 1 to 128 bytes") }
            let locator = try Self.parseLocator(fields["locator"] ?? .null)
            guard PageView.resolve(locator, in: book.publication) != nil else { throw ServeError(400, "highlights[\(index)]: the locator is not in this book") }
            let now = ReaderStore.now
            return StoredHighlight(id: highlightID, locator: locator, color: try Self.color(request), note: try Self.note(request),
                                   created: Self.milliseconds(fields["created"]) ?? now, modified: Self.milliseconds(fields["modified"]) ?? now)
        }
        let position = try body.fields["position"].flatMap { value -> Locator? in
            if case .null = value { return nil }
            let locator = try Self.parseLocator(value)
            guard PageView.resolve(locator, in: book.publication) != nil || (try? book.publication.resolve(locator)) != nil else {
                throw ServeError(400, "position: the locator is not in this book")
            }
            return locator
        }
        try store.save(highlights, book: id)
        if let position { try store.setPosition(position, book: id) }
        return .object([("imported", .integer(highlights.count)), ("position", .bool(position != nil))])
    }

    // MARK: Fields

    private func parsedBody(_ request: HTTPRequest) throws -> Request {
        try badRequest { try Request(parsing: request.bodyText) }
    }

    private func badRequest<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as QuerySession.BadRequest { throw ServeError(400, error.message) }
    }

    private static func parseLocator(_ value: JSONValue) throws -> Locator {
        do { return try LocatorInput.parse(value) } catch { throw ServeError(400, error.reason) }
    }

    private static func color(_ request: Request) throws -> String {
        guard request.has("color") else { return "yellow" }
        guard case .string(let color)? = request.fields["color"], ReaderStore.colors.contains(color) else {
            throw ServeError(400, "color must be one of \(ReaderStore.colors.sorted().joined(separator: ", "))")
        }
        return color
    }

    private static func note(_ request: Request) throws -> String? {
        switch request.fields["note"] {
        case nil, .null?: return nil
        case .string(let note)?:
            guard note.utf8.count <= ReaderStore.maximumNoteBytes else { throw ServeError(400, "a note is at most \(ReaderStore.maximumNoteBytes) bytes") }
            return note.isEmpty ? nil : note
        default: throw ServeError(400, "note must be a string or null")
        }
    }

    private static func isoDate(_ milliseconds: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }

    private static func milliseconds(_ value: JSONValue?) -> Int64? {
        guard case .string(let text)? = value else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let date = formatter.date(from: text) ?? ISO8601DateFormatter().date(from: text)
        return date.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }
    }
}
