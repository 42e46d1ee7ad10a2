import Foundation
import TypesetCore

extension JSONWriter.Value {
    /// A Locator, written by its own `Codable` conformance (one encoder for the library and the CLI): keys
    /// sorted, slashes unescaped, numbers at full precision.
    static func locator(_ locator: Locator) -> JSONWriter.Value {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain values into JSON cannot fail; `null` if it ever did.
        guard let data = try? encoder.encode(locator) else { return .null }
        return .raw(String(decoding: data, as: UTF8.self))
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

    /// Why a JSON value is not a Locator, in words (`not a Readium Locator: missing "type"`).
    struct NotALocator: Error { let reason: String }

    /// A Locator from an already parsed JSON value (a request's or a decorations file's `"locator"`).
    static func parse(jsonObject object: Any) throws(NotALocator) -> Locator {
        guard JSONSerialization.isValidJSONObject(object), let data = try? JSONSerialization.data(withJSONObject: object) else {
            throw NotALocator(reason: "not a Readium Locator: must be a JSON object")
        }
        return try parse(data)
    }

    static func parse(_ data: Data) throws(NotALocator) -> Locator {
        do {
            return try JSONDecoder().decode(Locator.self, from: data)
        } catch let error as DecodingError {
            throw NotALocator(reason: "not a Readium Locator: \(describe(error))")
        } catch {
            throw NotALocator(reason: "not a Readium Locator: \(error.localizedDescription)")
        }
    }

    /// ``parse(_:)``, failing with the file's name and exit status 1.
    static func decode(_ data: Data, name: String) throws -> Locator {
        do { return try parse(data) } catch { throw ToolFailure(status: .badInput, message: "\(name): \(error.reason)") }
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
