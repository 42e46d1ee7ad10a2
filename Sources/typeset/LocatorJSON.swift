import Foundation
import TypesetCore
import TypesetDocuments

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

/// Reads a Locator from a JSON file or value, with one-line errors that say what is wrong and where.
enum LocatorInput {
    static func read(path: String) throws -> Locator {
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path: path, limit: 1 << 20) } catch {
            throw ToolFailure(status: .badInput, message: "\(error.message) (a Locator file)")
        }
        let value: JSONValue
        do { value = try JSONInput.parse(bytes) } catch {
            throw ToolFailure(status: .badInput, message: "\(path): not valid JSON: \(error.description)")
        }
        do { return try parse(value) } catch { throw ToolFailure(status: .badInput, message: "\(path): \(error.reason)") }
    }

    /// Why a JSON value is not a Locator, in words (`not a Readium Locator: missing "type"`).
    struct NotALocator: Error { let reason: String }

    /// A Locator from a parsed JSON value (a file's, a request's or a decorations file's `"locator"`), through
    /// the library's JSON decoder, which names the key path of what is wrong.
    static func parse(_ value: JSONValue) throws(NotALocator) -> Locator {
        guard case .object = value else { throw NotALocator(reason: "not a Readium Locator: must be a JSON object") }
        do { return try JSONInput.decode(Locator.self, from: value) } catch {
            throw NotALocator(reason: "not a Readium Locator: \(error.description)")
        }
    }
}
