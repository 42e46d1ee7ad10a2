import Foundation
import TypesetCore

/// The render command's decorations: `--highlight START:LENGTH[:COLOUR]` (repeatable) and `--decorations FILE`.
///
/// The file is JSON (README, "Decorations"): `{"groups": [{"name": N, "decorations": [{"id": I, "range":
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

    /// Parses `START:LENGTH[:COLOUR]`.
    static func parseHighlight(_ text: String) throws(UsageError) -> Highlight {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard (2...3).contains(parts.count), let start = Int(parts[0]), let length = Int(parts[1]) else {
            throw UsageError("--highlight: \"\(text)\" is not START:LENGTH[:COLOUR] (UTF-16 offsets, such as 120:45:green)")
        }
        guard start >= 0, length >= 0 else {
            throw UsageError("--highlight: \"\(text)\": START and LENGTH must not be negative")
        }
        var tint = DecorationTint.yellow
        if parts.count == 3 {
            do { tint = try DecorationTint(parsing: parts[2]) } catch { throw UsageError("--highlight: \"\(text)\": \(error.description)") }
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
        for problem in problems { printError("typeset: warning: \(problem)") }
    }

    /// Reads and parses a decorations file into groups, in file order.
    static func load(_ path: String) throws -> [(name: String, decorations: [Decoration])] {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw ToolFailure(status: .badInput, message: "\(path): cannot read the decorations file (\(error.localizedDescription))")
        }
        func bad(_ message: String) -> ToolFailure { ToolFailure(status: .badInput, message: "\(path): \(message)") }
        let root: Any
        do { root = try JSONSerialization.jsonObject(with: data) } catch {
            throw bad("not valid JSON (\(error.localizedDescription))")
        }
        guard let object = root as? [String: Any], let groups = object["groups"] as? [Any] else {
            throw bad("expected {\"groups\": [{\"name\": ..., \"decorations\": [...]}]}")
        }
        var result: [(name: String, decorations: [Decoration])] = []
        for (g, groupValue) in groups.enumerated() {
            let where_ = "groups[\(g)]"
            guard let group = groupValue as? [String: Any] else { throw bad("\(where_) must be an object") }
            guard let name = group["name"] as? String, !name.isEmpty else { throw bad("\(where_).name must be a non-empty string") }
            guard !result.contains(where: { $0.name == name }) else { throw bad("\(where_): group \"\(name)\" appears twice") }
            guard let list = group["decorations"] as? [Any] else { throw bad("\(where_).decorations must be an array") }
            var decorations: [Decoration] = []
            for (d, value) in list.enumerated() {
                do {
                    decorations.append(try decoration(value))
                } catch let error as FieldError {
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

    private static func decoration(_ value: Any) throws -> Decoration {
        guard let fields = value as? [String: Any] else { throw FieldError(field: "", message: "must be an object") }
        guard let id = fields["id"] as? String else { throw FieldError(field: "id", message: "must be a string") }
        let target: DecorationTarget
        switch (fields["range"], fields["locator"]) {
        case (nil, let locator?):
            do { target = .locator(try LocatorInput.parse(jsonObject: locator)) } catch {
                throw FieldError(field: "locator", message: error.reason)
            }
        case (let value?, nil):
            guard let range = value as? [String: Any] else {
                throw FieldError(field: "range", message: "must be {\"location\": L, \"length\": N}")
            }
            let location = try whole(range["location"], "range.location"), length = try whole(range["length"], "range.length")
            guard length >= 0 else { throw FieldError(field: "range.length", message: "must not be negative") }
            target = .range(location..<(location + length))
        case (_?, _?):
            throw FieldError(field: "range", message: "give a \"range\" or a \"locator\", not both")
        case (nil, nil):
            throw FieldError(field: "range", message: "must be {\"location\": L, \"length\": N} (or give a \"locator\")")
        }
        var style = DecorationStyle.highlight()
        if let styleValue = fields["style"] {
            guard let styleFields = styleValue as? [String: Any] else {
                throw FieldError(field: "style", message: "must be {\"kind\": ..., \"tint\": ..., \"isActive\": ...}")
            }
            if let kindValue = styleFields["kind"] {
                guard let name = kindValue as? String, let kind = DecorationStyle.Kind(rawValue: name) else {
                    throw FieldError(field: "style.kind", message: "must be \"highlight\" or \"underline\"")
                }
                style.kind = kind
            }
            if let tintValue = styleFields["tint"] {
                guard let name = tintValue as? String else { throw FieldError(field: "style.tint", message: "must be a string") }
                do { style.tint = try DecorationTint(parsing: name) } catch {
                    throw FieldError(field: "style.tint", message: "\(id): \(error.description)")
                }
            }
            if let activeValue = styleFields["isActive"] {
                // JSONSerialization gives booleans as NSNumber; only true and false themselves are accepted.
                guard let number = activeValue as? NSNumber, isBoolean(number) else {
                    throw FieldError(field: "style.isActive", message: "must be true or false")
                }
                style.isActive = number.boolValue
            }
        }
        return Decoration(id: id, target: target, style: style)
    }

    /// Whether JSONSerialization made `number` from `true` or `false` (its type code is C's `char`; numbers
    /// come as integers or doubles).
    private static func isBoolean(_ number: NSNumber) -> Bool { String(cString: number.objCType) == "c" }

    private static func whole(_ value: Any?, _ field: String) throws -> Int {
        guard let number = value as? NSNumber, !isBoolean(number) else {
            throw FieldError(field: field, message: "must be a whole number")
        }
        let double = number.doubleValue
        guard double.isFinite, double == double.rounded(), abs(double) < 1e15 else {
            throw FieldError(field: field, message: "must be a whole number")
        }
        return Int(double)
    }
}
