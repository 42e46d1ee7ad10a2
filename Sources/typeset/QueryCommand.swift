import Foundation
import TypesetCore

/// `typeset query FILE [settings options]`: the position API for scripts and other languages.
///
/// Reads one JSON request per line on stdin and writes one JSON answer per line on stdout, in the units of the
/// `--json` layout (points in page coordinates, UTF-16 offsets, ranges as `{"location", "length"}`). Requests
/// name the `UITextInput` method they mirror in `"op"`; a bad request gets `{"error": "..."}` and the stream goes
/// on. The README lists every operation.
enum QueryCommand {
    static func run(_ arguments: [String]) throws {
        let options = try Options.parse(arguments)
        guard let input = options.input else { throw UsageError("query: no input file (typeset query FILE [options])") }
        let book = try LaidOutBook(input: input, options: options, noteSubstitution: false)
        let session = try QuerySession(book: book, options: options)
        while let line = readLine(strippingNewline: true) {
            if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            // One answer per request, written at once so that a client can wait for it.
            FileHandle.standardOutput.write(Data((JSONWriter.render(session.answer(line)) + "\n").utf8))
        }
    }
}

/// Answers position requests against the layout of the current settings, and drives a reading session
/// (`goTo`, `nextPage`, `previousPage`, `setSettings`, `currentPage`).
final class QuerySession {
    /// The whole-book layout under the current settings (the page indices of the position operations), made
    /// again after `setSettings` only when a position operation needs it.
    private var cachedLayout: BookLayout?
    var layout: BookLayout {
        get throws {
            if let cachedLayout { return cachedLayout }
            let made = try reader.typesetter.layout(reader.publication.text, settings: options.settings, mode: options.mode)
            cachedLayout = made
            return made
        }
    }
    /// The reader state: anchor, settings, section layouts.
    let reader: ReadingSession
    /// The command-line options the settings started from (`setSettings` changes them).
    private(set) var options: Options

    init(book: LaidOutBook, options: Options) throws {
        cachedLayout = book.layout
        self.options = options
        reader = try ReadingSession(publication: book.document.publication, typesetter: book.typesetter,
                                    settings: book.layout.settings, mode: options.mode)
    }

    /// A request the session cannot answer: becomes `{"error": message}`.
    struct BadRequest: Error { let message: String }

    /// The answer to one request line (never throws: errors become `{"error": ...}`).
    func answer(_ line: String) -> JSONWriter.Value {
        do {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw BadRequest(message: "a request is a JSON object")
            }
            return try answer(Request(object))
        } catch let error as BadRequest {
            return .object([("error", .string(error.message))])
        } catch let error as LocatorError {
            return .object([("error", .string("locator: \(error.message)"))])
        } catch let error as ToolFailure {
            return .object([("error", .string(error.message))])
        } catch let error as UsageError {
            return .object([("error", .string("settings: \(error.description)"))])
        } catch let error as TypographySettings.InvalidSetting {
            return .object([("error", .string("settings: --\(error.name): \(error.reason)"))])
        } catch let error as ReadingError {
            return .object([("error", .string(error.description))])
        } catch {
            return .object([("error", .string("malformed JSON: \(error.localizedDescription)"))])
        }
    }

    private func answer(_ request: Request) throws -> JSONWriter.Value {
        let op = try request.string("op")
        if let answer = try readerAnswer(op, request) { return answer }
        let layout = try self.layout
        let tokenizer = TextTokenizer(layout: layout)
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
            return .object([("page", .integer(caret.page)), ("rect", .rect(caret.rect))])
        case "firstRect":
            let range = try request.range("range", length: layout.text.length)
            guard let first = layout.firstRect(for: range) else { throw BadRequest(message: "range outside the text") }
            return .object([("page", .integer(first.page)), ("rect", .rect(first.rect))])
        case "selectionRects":
            let range = try request.range("range", length: layout.text.length)
            let rects = layout.selectionRects(for: range).map { rect -> JSONWriter.Value in
                .object([("page", .integer(rect.page)), ("rect", .rect(rect.rect)),
                         ("writingDirection", .string(rect.writingDirection.rawValue)),
                         ("containsStart", .bool(rect.containsStart)), ("containsEnd", .bool(rect.containsEnd))])
            }
            return .object([("rects", .array(rects))])
        case "pageContaining":
            let offset = try request.offset("offset", length: layout.text.length)
            return .object([("page", layout.pageIndex(containing: offset).map { .integer($0) } ?? .null)])
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
            return .object([("range", range.map { .range($0.offsets) } ?? .null)])
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
        case "lines":
            let page = try request.page(layout)
            let lines = layout.lines(onPage: page).map(JSONWriter.Value.line)
            return .object([("page", .integer(page)), ("lines", .array(lines))])
        case "info":
            return .object([("textLength", .integer(layout.text.length)), ("pageCount", .integer(layout.pages.count))])
        default:
            throw BadRequest(message: "unknown op \"\(op)\" (see the README's query section)")
        }
    }

    /// The answer to a reading-state operation; nil for any other operation.
    private func readerAnswer(_ op: String, _ request: Request) throws -> JSONWriter.Value? {
        switch op {
        case "goTo":
            if request.has("locator") {
                let locator: Locator
                do { locator = try LocatorInput.parse(jsonObject: request.fields["locator"] ?? NSNull()) } catch {
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
            return try currentPage(try reader.go(to: try request.offset("offset", length: reader.publication.text.length)))
        case "nextPage":
            guard let page = try reader.nextPage() else { return try atEdge("the last page") }
            return try currentPage(page)
        case "previousPage":
            guard let page = try reader.previousPage() else { return try atEdge("the first page") }
            return try currentPage(page)
        case "currentPage":
            return try currentPage(try reader.currentPage())
        case "setSettings":
            guard let settings = request.fields["settings"] as? [String: Any] else {
                throw BadRequest(message: "\"settings\" must be an object of option names and values ({\"size\": 23})")
            }
            return try currentPage(try setSettings(settings))
        default:
            return nil
        }
    }

    /// `{"page": k, "pageCount": n, "pageCountIsExact": bool, "section": s, "range": ..., "locator": ...}`; page
    /// numbers count from 0 like the other operations' and are estimates until `pageCountIsExact`.
    private func currentPage(_ page: ReaderPage) throws -> JSONWriter.Value {
        var members: [(String, JSONWriter.Value)] = [
            ("page", .integer(page.number)), ("pageCount", .integer(page.pageCount.value)),
            ("pageCountIsExact", .bool(page.pageCount.isExact)), ("section", .integer(page.section)),
            ("range", .range(page.range)), ("anchor", .integer(reader.anchor.position.offset)),
            ("locator", .locator(try reader.locator(for: page))),
        ]
        if reader.mode == .scroll { members.append(("scrollOffset", .number(page.scrollOffset))) }
        return .object(members)
    }

    private func atEdge(_ edge: String) throws -> JSONWriter.Value {
        guard case .object(var members) = try currentPage(try reader.currentPage()) else { return .null }
        members.insert(("unchanged", .string("already on \(edge)")), at: 0)
        return .object(members)
    }

    /// Applies settings named as the command-line options (`{"size": 23, "font": "Noto Sans", "scroll": true}`)
    /// on top of the current ones; the anchor does not move.
    private func setSettings(_ settings: [String: Any]) throws -> ReaderPage {
        var arguments: [String] = []
        for key in settings.keys.sorted() {
            let value = settings[key]
            guard Options.settingNames.contains(key) else {
                throw BadRequest(message: "unknown setting \"\(key)\" (one of \(Options.settingNames.sorted().joined(separator: ", ")))")
            }
            switch value {
            case let flag as Bool where Options.flagNames.contains(key):
                if flag { arguments.append("--" + key) } else if key == "scroll" { arguments.append("--paged") }
            case let number as NSNumber where !(value is Bool): arguments += ["--" + key, number.stringValue]
            case let text as String: arguments += ["--" + key, text]
            default: throw BadRequest(message: "setting \"\(key)\" has a value of the wrong type")
            }
        }
        let updated = try Options.parse(arguments, startingFrom: options)
        let page = try reader.setSettings(updated.settings, mode: updated.mode)
        options = updated
        cachedLayout = nil
        return page
    }

    static func position(_ position: TextPosition) -> JSONWriter.Value {
        .object([("offset", .integer(position.offset)), ("affinity", .string(position.affinity.rawValue))])
    }
}

/// Typed access to a request's fields, with a clear message for each mistake.
struct Request {
    let fields: [String: Any]
    init(_ fields: [String: Any]) { self.fields = fields }

    func has(_ key: String) -> Bool { fields[key] != nil && !(fields[key] is NSNull) }

    func string(_ key: String) throws -> String {
        guard let value = fields[key] as? String else { throw QuerySession.BadRequest(message: "\"\(key)\" must be a string") }
        return value
    }

    func number(_ value: Any?, _ key: String) throws -> Double {
        guard let number = value as? NSNumber else { throw QuerySession.BadRequest(message: "\"\(key)\" must be a number") }
        let double = number.doubleValue
        guard double.isFinite else { throw QuerySession.BadRequest(message: "\"\(key)\" must be finite") }
        return double
    }

    func integer(_ key: String) throws -> Int {
        let value = try number(fields[key], key)
        guard value == value.rounded(), abs(value) < 1e15 else { throw QuerySession.BadRequest(message: "\"\(key)\" must be a whole number") }
        return Int(value)
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
        guard let point = fields["point"] as? [String: Any] else { throw QuerySession.BadRequest(message: "\"point\" must be {\"x\": X, \"y\": Y}") }
        return Point(x: try number(point["x"], "point.x"), y: try number(point["y"], "point.y"))
    }

    func page(_ layout: BookLayout) throws -> Int {
        let page = try integer("page")
        guard layout.pages.indices.contains(page) else {
            throw QuerySession.BadRequest(message: "page \(page) does not exist (0..<\(layout.pages.count))")
        }
        return page
    }

    /// A `{"location", "length"}` range within the text; a negative length (reversed ends) is refused.
    func range(_ key: String, length: Int) throws -> Range<Int> {
        guard let object = fields[key] as? [String: Any] else {
            throw QuerySession.BadRequest(message: "\"\(key)\" must be {\"location\": L, \"length\": N}")
        }
        let location = try number(object["location"], "\(key).location"), count = try number(object["length"], "\(key).length")
        guard location == location.rounded(), count == count.rounded(), abs(location) < 1e15, abs(count) < 1e15 else {
            throw QuerySession.BadRequest(message: "\"\(key)\" must hold whole numbers")
        }
        let lower = Int(location), upper = Int(location) + Int(count)
        guard count >= 0 else { throw QuerySession.BadRequest(message: "\"\(key)\" has a negative length (reversed ends)") }
        guard lower >= 0, upper <= length else {
            throw QuerySession.BadRequest(message: "\"\(key)\" \(lower)..<\(upper) is outside the text (0...\(length))")
        }
        return lower..<upper
    }
}
