import Foundation
import TypesetCore

extension JSONWriter.Value {
    /// A Locator in Readium's key order: href, type, title, locations, text.
    static func locator(_ locator: Locator) -> JSONWriter.Value {
        var members: [(String, JSONWriter.Value)] = [("href", .string(locator.href)), ("type", .string(locator.type))]
        if let title = locator.title { members.append(("title", .string(title))) }
        let l = locator.locations
        var locations: [(String, JSONWriter.Value)] = []
        if !l.fragments.isEmpty { locations.append(("fragments", .array(l.fragments.map { .string($0) }))) }
        if let value = l.progression { locations.append(("progression", .fraction(value))) }
        if let value = l.totalProgression { locations.append(("totalProgression", .fraction(value))) }
        if let value = l.position { locations.append(("position", .integer(value))) }
        if let value = l.utf16Offset { locations.append((Locator.Locations.utf16OffsetKey, .integer(value))) }
        if let value = l.utf16Length { locations.append((Locator.Locations.utf16LengthKey, .integer(value))) }
        for key in l.otherLocations.keys.sorted() { locations.append((key, .json(l.otherLocations[key] ?? .null))) }
        if !locations.isEmpty { members.append(("locations", .object(locations))) }
        if let text = locator.text {
            var quote: [(String, JSONWriter.Value)] = []
            if let value = text.before { quote.append(("before", .string(value))) }
            if let value = text.highlight { quote.append(("highlight", .string(value))) }
            if let value = text.after { quote.append(("after", .string(value))) }
            members.append(("text", .object(quote)))
        }
        return .object(members)
    }

    /// A fraction with enough digits to find an offset again in a long book (the writer's point format keeps
    /// two decimals, fine for points, too coarse for a progression).
    static func fraction(_ value: Double) -> JSONWriter.Value {
        value.isFinite ? .raw(String(value)) : .null
    }

    /// Any JSON value kept from a Locator.
    static func json(_ value: JSONValue) -> JSONWriter.Value {
        switch value {
        case .null: .null
        case .bool(let b): .bool(b)
        case .number(let n): n.rounded() == n && abs(n) < 1e15 ? .integer(Int(n)) : .raw(String(n))
        case .string(let s): .string(s)
        case .array(let a): .array(a.map(json))
        case .object(let o): .object(o.keys.sorted().map { ($0, json(o[$0] ?? .null)) })
        }
    }
}

/// Reads a Locator from a JSON file or string, with one-line errors that say what is wrong.
enum LocatorInput {
    static func read(path: String) throws -> Locator {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ToolFailure(status: .badInput, message: "\(path): cannot read the locator file")
        }
        return try decode(data, name: path)
    }

    static func decode(_ data: Data, name: String) throws -> Locator {
        do {
            return try JSONDecoder().decode(Locator.self, from: data)
        } catch let error as DecodingError {
            throw ToolFailure(status: .badInput, message: "\(name): not a Readium Locator: \(describe(error))")
        } catch {
            throw ToolFailure(status: .badInput, message: "\(name): not a Readium Locator: \(error.localizedDescription)")
        }
    }

    /// `missing "href"`, `"locations.progression" is not a number`, `malformed JSON`.
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map(\.stringValue).joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = path(context)
            return "missing \"\(parent.isEmpty ? "" : parent + ".")\(key.stringValue)\""
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "\"\(path(context))\" is not a \(type == String.self ? "string" : type == Double.self || type == Int.self ? "number" : "\(type)")"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "malformed JSON" : "\"\(path(context))\": \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
