import TypesetCore
import TypesetDocuments

/// The render command's decorations: `--highlight START:LENGTH[:COLOUR]` (repeatable) and `--decorations FILE`.
///
/// The file is JSON (manual, "Decorations"): `{"groups": [{"name": N, "decorations": [{"id": I, "range":
/// {"location": L, "length": N}, "style": {"kind": "highlight"|"underline", "tint": T, "isActive": B}}]}]}`.
/// Groups stack in file order; the `--highlight` ranges form one more group on top, named `--highlight`.
enum DecorationInput {
    /// One `--highlight` value, parsed but not yet checked against the text.
    struct Highlight {
        let start: Int
        let length: Int
        let tint: DecorationTint
        let text: String
    }

    /// The group the `--highlight` ranges go into.
    static let highlightGroup = "--highlight"

    /// Parses `START:LENGTH[:COLOUR]`; START and LENGTH must be whole numbers whose sum is an offset (no
    /// value may overflow: the text decides later whether the range is inside it).
    static func parseHighlight(_ text: String) throws(UsageError) -> Highlight {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard (2...3).contains(parts.count), let start = Int(parts[0]), let length = Int(parts[1]) else {
            throw UsageError("--highlight: \"\(text.oneLinePrefix)\" is not START:LENGTH[:COLOUR] (UTF-16 offsets, such as 120:45:green)")
        }
        guard start >= 0, length >= 0 else {
            throw UsageError("--highlight: \"\(text.oneLinePrefix)\": START and LENGTH must not be negative")
        }
        guard !start.addingReportingOverflow(length).overflow else {
            throw UsageError("--highlight: \"\(text.oneLinePrefix)\": START + LENGTH is too large")
        }
        var tint = DecorationTint.yellow
        if parts.count == 3 {
            do { tint = try DecorationTint(parsing: parts[2]) } catch { throw UsageError("--highlight: \"\(text.oneLinePrefix)\": \(error.description)") }
        }
        return Highlight(start: start, length: length, tint: tint, text: text)
    }

    /// The decorations the options ask for, checked against `text`; nil when they ask for none.
    ///
    /// - Throws: ``UsageError`` (exit 2) for a `--highlight` the text refuses; ``ToolFailure`` `.badInput`
    ///   (exit 1) for a file that cannot be read, is not valid JSON of the documented shape, or holds a
    ///   decoration the text refuses. Widened (grapheme-splitting) ranges are drawn and reported on stderr.
    static func decorationSet(_ options: Options, publication: Publication) throws -> DecorationSet? {
        guard options.decorationsFile != nil || !options.highlights.isEmpty else { return nil }
        var set = DecorationSet(publication: publication)
        if let path = options.decorationsFile {
            for (name, decorations) in try load(path) {
                let changes = set.apply(decorations, in: name)
                try report(changes.problems) { problem in
                    ToolFailure(status: .badInput, message: "\(path): group \"\(name)\": \(problem)")
                }
            }
        }
        if !options.highlights.isEmpty {
            let decorations = options.highlights.enumerated().map { i, h in
                Decoration(id: "highlight-\(i + 1)", range: h.start..<(h.start + h.length), style: .highlight(tint: h.tint))
            }
            let changes = set.apply(decorations, in: highlightGroup)
            try report(changes.problems) { problem in
                let option = problem.index.map { options.highlights[$0].text } ?? ""
                return UsageError("--highlight \(option): \(problem)")
            }
        }
        return set
    }

    /// Throws the first refused decoration; prints widened ones as warnings.
    private static func report(_ problems: [DecorationProblem], _ failure: (DecorationProblem) -> any Error) throws {
        if let refused = problems.first(where: { $0.outcome == .rejected }) { throw failure(refused) }
        for problem in problems { Console.shared.notice("warning: \(problem)") }
    }

    /// The most a decorations file may hold (it is read whole).
    static let maximumFileSize = 64 << 20

    /// Reads and parses a decorations file into groups, in file order.
    static func load(_ path: String) throws -> [(name: String, decorations: [Decoration])] {
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path: path, limit: maximumFileSize) } catch {
            throw ToolFailure(status: .badInput, message: "\(error.message) (the decorations file)")
        }
        func bad(_ message: String) -> ToolFailure { ToolFailure(status: .badInput, message: "\(path): \(message)") }
        let root: JSONValue
        do { root = try JSONValue(parsing: String(decoding: bytes, as: UTF8.self)) } catch {
            throw bad("not valid JSON: \(error)")
        }
        guard case .array(let groups)? = root["groups"] else {
            throw bad("expected {\"groups\": [{\"name\": ..., \"decorations\": [...]}]}")
        }
        var result: [(name: String, decorations: [Decoration])] = []
        for (g, group) in groups.enumerated() {
            let where_ = "groups[\(g)]"
            guard case .object = group else { throw bad("\(where_) must be an object") }
            guard case .string(let name)? = group["name"], !name.isEmpty else { throw bad("\(where_).name must be a non-empty string") }
            guard !result.contains(where: { $0.name == name }) else { throw bad("\(where_): group \"\(name.oneLinePrefix)\" appears twice") }
            guard case .array(let list)? = group["decorations"] else { throw bad("\(where_).decorations must be an array") }
            var decorations: [Decoration] = []
            for (d, value) in list.enumerated() {
                do {
                    decorations.append(try decoration(value))
                } catch {
                    throw bad("\(where_).decorations[\(d)]\(error.field.isEmpty ? "" : ".")\(error.field): \(error.message)")
                }
            }
            result.append((name, decorations))
        }
        return result
    }

    /// A field of one decoration entry that is missing or malformed.
    private struct FieldError: Error {
        let field: String
        let message: String
    }

    private static func decoration(_ value: JSONValue) throws(FieldError) -> Decoration {
        guard case .object = value else { throw FieldError(field: "", message: "must be an object") }
        guard case .string(let id)? = value["id"] else { throw FieldError(field: "id", message: "must be a string") }
        let target: DecorationTarget
        switch (value["range"], value["locator"]) {
        case (nil, let locator?):
            do { target = .locator(try LocatorInput.parse(locator)) } catch {
                throw FieldError(field: "locator", message: error.reason)
            }
        case (let range?, nil):
            guard case .object = range else {
                throw FieldError(field: "range", message: "must be {\"location\": L, \"length\": N}")
            }
            let location = try whole(range["location"], "range.location"), length = try whole(range["length"], "range.length")
            guard length >= 0 else { throw FieldError(field: "range.length", message: "must not be negative") }
            guard location >= 0, !location.addingReportingOverflow(length).overflow else {
                throw FieldError(field: "range", message: "\(location) + \(length) is not a range of offsets")
            }
            target = .range(location..<(location + length))
        case (_?, _?):
            throw FieldError(field: "range", message: "give a \"range\" or a \"locator\", not both")
        case (nil, nil):
            throw FieldError(field: "range", message: "must be {\"location\": L, \"length\": N} (or give a \"locator\")")
        }
        var style = DecorationStyle.highlight()
        if let styleValue = value["style"] {
            guard case .object = styleValue else {
                throw FieldError(field: "style", message: "must be {\"kind\": ..., \"tint\": ..., \"isActive\": ...}")
            }
            if let kindValue = styleValue["kind"] {
                guard case .string(let name) = kindValue, let kind = DecorationStyle.Kind(rawValue: name) else {
                    throw FieldError(field: "style.kind", message: "must be \"highlight\" or \"underline\"")
                }
                style.kind = kind
            }
            if let tintValue = styleValue["tint"] {
                guard case .string(let name) = tintValue else { throw FieldError(field: "style.tint", message: "must be a string") }
                do { style.tint = try DecorationTint(parsing: name) } catch {
                    throw FieldError(field: "style.tint", message: "\(id.oneLinePrefix): \(error.description)")
                }
            }
            if let activeValue = styleValue["isActive"] {
                guard case .bool(let active) = activeValue else {
                    throw FieldError(field: "style.isActive", message: "must be true or false")
                }
                style.isActive = active
            }
        }
        return Decoration(id: id, target: target, style: style)
    }

    /// A whole number within ±10¹⁵ (an offset or a length).
    private static func whole(_ value: JSONValue?, _ field: String) throws(FieldError) -> Int {
        guard case .number(let number)? = value, number == number.rounded(), abs(number) < 1e15 else {
            throw FieldError(field: field, message: "must be a whole number")
        }
        return Int(number)
    }
}
