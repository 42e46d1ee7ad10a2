import TypesetCore

/// Answers position requests against the layout of the current settings, and drives a reading session
/// (`goTo`, `nextPage`, `previousPage`, `setSettings`, `currentPage`).
final class QuerySession {
    /// The whole-book layout under the current settings (the page indices of the position operations), made
    /// again after `setSettings` only when a position operation needs it. Made by the reading session from its
    /// own sections (``ReadingSession/wholeBookLayout()``), so the session's page numbers and count are exact
    /// whenever this layout exists, and agree with its page indices: `info` and `currentPage` never disagree.
    private var cachedLayout: BookLayout?
    var layout: BookLayout {
        get throws {
            if let cachedLayout { return cachedLayout }
            let made = try reader.wholeBookLayout()
            cachedLayout = made
            return made
        }
    }
    /// The reader state: anchor, settings, section layouts.
    let reader: ReadingSession
    /// The current settings (the command line's, then as `setSettings` changes them).
    private var settings: ReaderSettings { reader.settings }
    /// The last `search`'s results, for `nextResult` and `previousResult`.
    private var found: SearchResultList?

    /// A session on `book` at `offset` (by default where the book opens), with its whole-book layout when it is
    /// made already (else it is made when a position operation first needs it).
    init(book: OpenedBook, layout: BookLayout? = nil, at offset: UTF16Offset? = nil,
         completesInBackground: Bool = true) throws {
        cachedLayout = layout
        reader = try ReadingSession(publication: book.file.publication, typesetter: book.typesetter,
                                    settings: book.settings, at: offset, completesInBackground: completesInBackground)
    }

    /// A request the session cannot answer: becomes `{"error": message}`.
    struct BadRequest: Error { let message: String }

    /// The answer to one request line (never throws: errors become `{"error": ...}`).
    func answer(_ line: String) -> JSONWriter.Value {
        do { return try answer(Request(parsing: line)) } catch { return Self.errorAnswer(error) }
    }

    /// `{"error": message}` for whatever a request failed with, in the protocol's words.
    static func errorAnswer(_ error: any Error) -> JSONWriter.Value {
        let message: String = switch error {
        case let error as BadRequest: error.message.oneLine()
        case let error as LocatorError: "locator: \(error.message)"
        case let error as InvalidSetting: "settings: \(error.name): \(error.reason)"
        default: Tool.describe(error).message
        }
        return .object([("error", .string(message))])
    }

    /// The answer to one request; throws what ``errorAnswer(_:)`` words.
    func answer(_ request: Request) throws -> JSONWriter.Value {
        let op = try request.string("op")
        guard QueryOperation(rawValue: op) != nil else {
            throw BadRequest(message: "unknown op \"\(op)\" (typeset help query lists the operations)")
        }
        if let answer = try readerAnswer(op, request) { return answer }
        let layout = try self.layout
        if let answer = try Self.positionAnswer(op, request, layout: layout, publication: reader.publication) { return answer }
        throw BadRequest(message: "unknown op \"\(op)\" (typeset help query lists the operations)")
    }

    /// The answer to a position operation (`closestPosition`, `caretRect`, `selectionRects`, `lines`...) against
    /// `layout`, whose pages `"page"` numbers from 1: the whole book's for `typeset query`, a section's for a page
    /// of `typeset serve`'s reader. Nil for any other operation.
    static func positionAnswer(_ op: String, _ request: Request, layout: BookLayout,
                               publication: Publication) throws -> JSONWriter.Value? {
        switch op {
        case "closestPosition":
            let page = try request.page(layout)
            let point = try request.point()
            if request.has("range") {
                let range = try request.range("range", length: layout.text.length)
                guard let position = layout.closestPosition(to: point, onPage: page, within: range) else {
                    throw BadRequest(message: "range outside the text")
                }
                return Self.position(position)
            }
            return Self.position(layout.closestPosition(to: point, onPage: page))
        case "characterRange":
            let range = layout.characterRange(at: try request.point(), onPage: try request.page(layout))
            return .object([("range", range.map { .range($0) } ?? .null)])
        case "caretRect":
            let position = TextPosition(offset: try request.offset("offset", length: layout.text.length),
                                        affinity: try request.affinity())
            guard let caret = layout.caretRect(for: position) else { throw BadRequest(message: "offset outside the text") }
            return .object(Self.page(caret.page) + [("rect", .rect(caret.rect))])
        case "firstRect":
            let range = try request.range("range", length: layout.text.length)
            guard let first = layout.firstRect(for: range) else { throw BadRequest(message: "range outside the text") }
            return .object(Self.page(first.page) + [("rect", .rect(first.rect))])
        case "selectionRects":
            let range = try request.range("range", length: layout.text.length)
            let rects = layout.selectionRects(for: range).map { rect -> JSONWriter.Value in
                .object(Self.page(rect.page) + [("rect", .rect(rect.rect)),
                         ("writingDirection", .string(rect.writingDirection.rawValue)),
                         ("containsStart", .bool(rect.containsStart)), ("containsEnd", .bool(rect.containsEnd))])
            }
            return .object([("rects", .array(rects))])
        case "pageContaining":
            let offset = try request.offset("offset", length: layout.text.length)
            guard let index = layout.pageIndex(containing: offset) else { return .object([("page", .null), ("pageIndex", .null)]) }
            return .object(Self.page(index))
        case "lines":
            let page = try request.page(layout)
            let lines = layout.lines(onPage: page).map(JSONWriter.Value.line)
            return .object(Self.page(page) + [("lines", .array(lines))])
        case "info":
            return .object([("textLength", .integer(layout.text.length)), ("pageCount", .integer(layout.pages.count)), ("pageCountIsExact", .bool(true))])
        case "linkAt":
            let link = publication.link(at: try request.point(), onPage: try request.page(layout), of: layout)
            return .object([("link", link.map { Self.link($0, note: publication.note(for: $0)) } ?? .null)])
        case "imageAt":
            let image = layout.attachment(at: try request.point(), onPage: try request.page(layout))
            return .object([("image", image.map(JSONWriter.Value.attachment) ?? .null)])
        default:
            return try movementAnswer(op, request, layout: layout)
        }
    }

    /// The answer to an operation that moves or compares positions (`position`, `offset`, `compare`, `textRange`,
    /// the tokenizer's four), nil for any other.
    private static func movementAnswer(_ op: String, _ request: Request, layout: BookLayout) throws -> JSONWriter.Value? {
        let tokenizer = TextTokenizer(layout: layout)
        switch op {
        case "offset":
            let from = try request.anyOffset("from"), to = try request.anyOffset("to")
            return .object([("offset", .integer(layout.offset(from: TextPosition(offset: from), to: TextPosition(offset: to))))])
        case "position":
            let from = TextPosition(offset: try request.anyOffset("from"), affinity: try request.affinity())
            let steps = try request.integer("offset")
            let result: TextPosition?
            if request.has("direction") {
                let name = try request.string("direction")
                guard let direction = TextLayoutDirection(rawValue: name) else {
                    throw BadRequest(message: "direction must be left, right, up or down, not \(name)")
                }
                result = layout.position(from: from, in: direction, offset: steps)
            } else {
                result = layout.position(from: from, offset: steps)
            }
            return result.map(Self.position) ?? .object([("offset", .null)])
        case "compare":
            let a = try request.anyOffset("a"), b = try request.anyOffset("b")
            return .object([("order", .string(layout.compare(TextPosition(offset: a), to: TextPosition(offset: b)).rawValue))])
        case "textRange":
            let range = layout.textRange(from: TextPosition(offset: try request.anyOffset("from")),
                                         to: TextPosition(offset: try request.anyOffset("to")))
            return .object([("range", range.map { .range($0) } ?? .null)])
        case "rangeEnclosingPosition", "isPositionAtBoundary", "isPositionWithinTextUnit", "positionToBoundary":
            let position = TextPosition(offset: try request.anyOffset("offset"), affinity: try request.affinity())
            let granularityName = try request.string("granularity")
            guard let granularity = TextGranularity(rawValue: granularityName) else {
                throw BadRequest(message: "granularity must be one of \(TextGranularity.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            let directionName = request.has("direction") ? try request.string("direction") : "forward"
            guard let direction = TextStorageDirection(rawValue: directionName) else {
                throw BadRequest(message: "direction must be forward or backward, not \(directionName)")
            }
            switch op {
            case "rangeEnclosingPosition":
                let range = tokenizer.rangeEnclosingPosition(position, with: granularity, inDirection: direction)
                return .object([("range", range.map { .range($0) } ?? .null)])
            case "isPositionAtBoundary":
                return .object([("result", .bool(tokenizer.isPosition(position, atBoundary: granularity, inDirection: direction)))])
            case "isPositionWithinTextUnit":
                return .object([("result", .bool(tokenizer.isPosition(position, withinTextUnit: granularity, inDirection: direction)))])
            default:
                let target = tokenizer.position(from: position, toBoundary: granularity, inDirection: direction)
                return target.map(Self.position) ?? .object([("offset", .null)])
            }
        default:
            return nil
        }
    }

    /// `{"range", "href", "isNoteReference", "target": {"href", "offset", "locator"} | null, "note": {"id", "kind",
    /// "range", "text"} | null}`.
    private static func link(_ link: Link, note: Note?) -> JSONWriter.Value {
        let target: JSONWriter.Value = link.target.map {
            .object([("href", .string($0.href)), ("offset", .integer($0.offset)), ("locator", .locator($0.locator))])
        } ?? .null
        let noteValue: JSONWriter.Value = note.map {
            .object([("id", .string($0.id)), ("kind", .string($0.kind.rawValue)), ("range", .range($0.range)), ("text", .string($0.text))])
        } ?? .null
        return .object([("range", .range(link.range)), ("href", .string(link.href)), ("isNoteReference", .bool(link.isNoteReference)),
                        ("target", target), ("note", noteValue)])
    }

    /// The answer to a reading-state operation; nil for any other operation.
    private func readerAnswer(_ op: String, _ request: Request) throws -> JSONWriter.Value? {
        switch op {
        case "goTo":
            if request.has("locator") {
                let locator: Locator
                do { locator = try LocatorInput.parse(request.fields["locator"] ?? .null) } catch {
                    throw BadRequest(message: "locator: \(error.reason)")
                }
                let (page, resolution) = try reader.go(to: locator)
                var answer = try currentPage(page)
                if case .object(var members) = answer {
                    members.append(("resolution", .object([("offset", .integer(resolution.offset)), ("method", .string(resolution.method.rawValue)),
                                                           ("notes", .array(resolution.notes.map { .string($0) }))])))
                    answer = .object(members)
                }
                return answer
            }
            if request.has("printPage") {
                return try currentPage(try reader.go(toPrintPage: try request.string("printPage")))
            }
            if request.has("page") {
                let number = try request.integer("page")
                return try currentPage(try reader.go(toPageAt: number - 1))
            }
            return try currentPage(try reader.go(to: try request.offset("offset", length: reader.publication.text.length)))
        case "nextPage":
            guard let page = try reader.nextPage() else { return try atEdge("the last page") }
            return try currentPage(page)
        case "previousPage":
            guard let page = try reader.previousPage() else { return try atEdge("the first page") }
            return try currentPage(page)
        case "currentPage":
            return try currentPage(try reader.currentPage())
        case "settings":
            return .object([("settings", .settings(settings))])
        case "search":
            return try search(request)
        case "utterances":
            let length = reader.publication.text.length
            let from = request.has("from") ? try request.offset("from", length: length) : reader.anchor.position.offset
            let count = request.has("count") ? try request.integer("count") : 1
            guard (1...1000).contains(count) else { throw BadRequest(message: "\"count\" must be from 1 to 1000") }
            let utterances = try reader.publication.utterances(from: from).prefix(count).map { utterance -> JSONWriter.Value in
                .object([("range", .range(utterance.range)), ("text", .string(utterance.text)),
                         ("language", utterance.language.map { .string($0) } ?? .null),
                         ("words", .array(utterance.words.map { .range($0) })), ("locator", .locator(utterance.locator))])
            }
            return .object([("from", .integer(from)), ("utterances", .array(utterances))])
        case "nextResult", "previousResult":
            guard var list = found else {
                throw BadRequest(message: "no search to move in: send {\"op\": \"search\", \"query\": ...} first")
            }
            let step = op == "nextResult" ? try reader.nextSearchResult(in: &list) : try reader.previousSearchResult(in: &list)
            found = list
            guard let step else {
                return try atEdge(op == "nextResult" ? "the last result" : "the first result")
            }
            guard case .object(var members) = try currentPage(step.page) else { return .null }
            members.append(("result", .searchResult(step.result)))
            return .object(members)
        case "setSettings":
            guard case .object(let settings)? = request.fields["settings"] else {
                throw BadRequest(message: "\"settings\" must be an object of setting names and values ({\"size\": 23})")
            }
            return try currentPage(try setSettings(settings))
        default:
            return nil
        }
    }

    /// `{"op": "search", "query": Q, "options": {...}, "limit": N}`: searches the book, answers the count of every
    /// match and the first `limit` results (100 by default), each with its page, and keeps the first
    /// ``Search/maximumResults`` (a result is 450 to 600 bytes; the count goes on) for `nextResult` and
    /// `previousResult` (none active: the next one is the first at or after the reading position).
    private func search(_ request: Request) throws -> JSONWriter.Value {
        let query = try request.string("query")
        var options = SearchOptions()
        if request.has("options") {
            guard case .object(let fields)? = request.fields["options"] else {
                throw BadRequest(message: "\"options\" must be an object ({\"caseSensitive\": true})")
            }
            for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
                switch (key, value) {
                case ("caseSensitive", .bool(let flag)): options.caseSensitive = flag
                case ("diacriticSensitive", .bool(let flag)): options.diacriticSensitive = flag
                case ("wholeWord", .bool(let flag)): options.wholeWord = flag
                case ("exact", .bool(let flag)): options.exact = flag
                case ("language", .string(let tag)): options.language = tag
                case ("language", .null): options.language = nil
                case ("caseSensitive", _), ("diacriticSensitive", _), ("wholeWord", _), ("exact", _):
                    throw BadRequest(message: "options.\(key) must be true or false")
                case ("language", _):
                    throw BadRequest(message: "options.language must be a BCP 47 tag such as \"fr\"")
                default:
                    throw BadRequest(message: "unknown search option \"\(key)\" (caseSensitive, diacriticSensitive, wholeWord, exact, language)")
                }
            }
        }
        let limit = request.has("limit") ? try request.integer("limit") : 100
        guard limit >= 0 else { throw BadRequest(message: "\"limit\" must be 0 or more") }
        let publication = reader.publication
        if options.language == nil && publication.text.language == nil { options.language = settings.typography.language }
        let search = publication.search(query, options: options)
        // Kept for nextResult and previousResult, which move over more than the answer lists (at most the cap).
        let (results, count) = try search.resultsAndCount(limit: Search.maximumResults)
        found = SearchResultList(results: results)
        let layout = try self.layout
        let listed = results.prefix(limit).map { result -> JSONWriter.Value in
            guard case .object(var members) = JSONWriter.Value.searchResult(result) else { return .null }
            if let page = layout.pageIndex(containing: result.range.lowerBound) { members += Self.page(page) }
            return .object(members)
        }
        var members: [(String, JSONWriter.Value)] = [("query", .string(query)), ("count", .integer(count)),
                                                     ("results", .array(listed))]
        if let reason = search.unsearchable { members.append(("unsearchable", .string(reason.description))) }
        return .object(members)
    }

    /// `{"page": k, "pageIndex": k - 1, "pageNumberIsExact": bool, "pageCount": n, "pageCountIsExact": bool,
    /// "section": s, "range": ..., "locator": ..., "printPages": [...]}`: the page's number in the whole book (from 1),
    /// an estimate until `pageNumberIsExact` (every section before it laid out), and the count, until `pageCountIsExact`.
    func currentPage(_ page: ReaderPage) throws -> JSONWriter.Value {
        var members: [(String, JSONWriter.Value)] = [
            ("page", .integer(page.number + 1)), ("pageIndex", .integer(page.number)),
            ("pageNumberIsExact", .bool(page.numberIsExact)), ("pageCount", .integer(page.pageCount.value)),
            ("pageCountIsExact", .bool(page.pageCount.isExact)), ("section", .integer(page.section)),
            ("range", .range(page.range)), ("anchor", .integer(reader.anchor.position.offset)),
            ("locator", .locator(try reader.locator(for: page))),
            ("printPages", .array(page.referencePages.map { .string($0.label) })),
            ("printPageSource", .string(page.referencePageSource.rawValue)),
        ]
        if reader.mode == .scroll { members.append(("scrollOffset", .number(page.scrollOffset))) }
        return .object(members)
    }

    private func atEdge(_ edge: String) throws -> JSONWriter.Value {
        guard case .object(var members) = try currentPage(try reader.currentPage()) else { return .null }
        members.insert(("unchanged", .string("already on \(edge)")), at: 0)
        return .object(members)
    }

    /// Applies settings by their table names (`{"size": 23, "font": "Noto Sans", "scroll": true}`), JSON values
    /// typed as ``ReaderSetting/value(json:)`` says, on top of the current ones; all or nothing. The anchor does
    /// not move, and a change of appearance alone lays nothing out again.
    private func setSettings(_ changes: [String: JSONValue]) throws -> ReaderPage {
        var updated = settings
        for name in changes.keys.sorted() {
            try updated.set(name, json: changes[name] ?? .null)
        }
        let before = settings
        let styledBefore = reader.publication.styleEnvironment
        let page = try reader.setSettings(updated)
        // A theme change restyles the text when the book's night sheet or media queries ask about it.
        if updated.typography != before.typography || updated.mode != before.mode || updated.publisherStyles != before.publisherStyles
            || reader.publication.styleEnvironment != styledBefore {
            cachedLayout = nil
        }
        return page
    }

    /// `("page", number from 1), ("pageIndex", index from 0)`.
    static func page(_ index: Int) -> [(String, JSONWriter.Value)] {
        [("page", .integer(index + 1)), ("pageIndex", .integer(index))]
    }

    static func position(_ position: TextPosition) -> JSONWriter.Value {
        .object([("offset", .integer(position.offset)), ("affinity", .string(position.affinity.rawValue))])
    }
}

/// Typed access to a request's fields, with a clear message for each mistake.
struct Request {
    let fields: [String: JSONValue]
    init(_ fields: [String: JSONValue]) { self.fields = fields }

    /// A request from its JSON text: an object, or a ``QuerySession/BadRequest`` saying what is wrong.
    init(parsing line: String) throws {
        let value: JSONValue
        do { value = try JSONValue(parsing: line) } catch { throw QuerySession.BadRequest(message: "not valid JSON: \(error)") }
        guard case .object(let fields) = value else { throw QuerySession.BadRequest(message: "a request is a JSON object") }
        self.fields = fields
    }

    func has(_ key: String) -> Bool {
        guard let value = fields[key] else { return false }
        if case .null = value { return false }
        return true
    }

    func string(_ key: String) throws -> String {
        guard case .string(let value)? = fields[key] else { throw QuerySession.BadRequest(message: "\"\(key)\" must be a string") }
        return value
    }

    func number(_ value: JSONValue?, _ key: String) throws -> Double {
        guard case .number(let number)? = value else { throw QuerySession.BadRequest(message: "\"\(key)\" must be a number") }
        return number
    }

    /// A whole number within ±10¹⁵: offsets and counts this far out are refused here, so that no arithmetic on
    /// them can overflow.
    func integer(_ key: String) throws -> Int {
        try whole(fields[key], key)
    }

    private func whole(_ value: JSONValue?, _ key: String) throws -> Int {
        let number = try number(value, key)
        guard number == number.rounded() else { throw QuerySession.BadRequest(message: "\"\(key)\" must be a whole number") }
        guard abs(number) < 1e15 else {
            throw QuerySession.BadRequest(message: "\"\(key)\" \(formatWholeNumber(number)) is out of range (a whole number within ±10^15)")
        }
        return Int(number)
    }

    /// Any whole-number offset (for arithmetic, which may leave the text).
    func anyOffset(_ key: String) throws -> Int { try integer(key) }

    /// An offset within `0...length`.
    func offset(_ key: String, length: Int) throws -> Int {
        let value = try integer(key)
        guard (0...length).contains(value) else {
            throw QuerySession.BadRequest(message: "\"\(key)\" \(value) is outside the text (0...\(length))")
        }
        return value
    }

    func affinity() throws -> TextAffinity {
        guard has("affinity") else { return .forward }
        let name = try string("affinity")
        guard let affinity = TextAffinity(rawValue: name) else { throw QuerySession.BadRequest(message: "affinity must be forward or backward") }
        return affinity
    }

    func point() throws -> Point {
        guard case .object(let point)? = fields["point"] else { throw QuerySession.BadRequest(message: "\"point\" must be {\"x\": X, \"y\": Y}") }
        return Point(x: try number(point["x"], "point.x"), y: try number(point["y"], "point.y"))
    }

    /// The page `"page"` names, numbered from 1 as users see pages, as a zero-based index.
    func page(_ layout: BookLayout) throws -> Int {
        let number = try integer("page")
        guard number >= 1, number <= layout.pages.count else {
            throw QuerySession.BadRequest(message: "page \(number) does not exist (pages are numbered 1...\(layout.pages.count))")
        }
        return number - 1
    }

    /// A `{"location", "length"}` range within the text; a negative length (reversed ends) is refused.
    func range(_ key: String, length: Int) throws -> Range<Int> {
        guard case .object(let object)? = fields[key] else {
            throw QuerySession.BadRequest(message: "\"\(key)\" must be {\"location\": L, \"length\": N}")
        }
        let location = try whole(object["location"], "\(key).location"), count = try whole(object["length"], "\(key).length")
        guard count >= 0 else { throw QuerySession.BadRequest(message: "\"\(key)\" has a negative length (reversed ends)") }
        let upper = location + count
        guard location >= 0, upper <= length else {
            throw QuerySession.BadRequest(message: "\"\(key)\" \(location)..<\(upper) is outside the text (0...\(length))")
        }
        return location..<upper
    }
}
