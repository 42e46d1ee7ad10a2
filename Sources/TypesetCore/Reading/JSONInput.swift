/// Reading JSON a reading app hands the library (a stored ``Locator``, a decorations file), with errors that say
/// where: the line and column of a syntax error, or the key path of a value that is missing, of the wrong kind,
/// not whole or out of range.
///
/// ```swift
/// let locator = try JSONInput.decode(Locator.self, from: Array(data))
/// // JSONInputError: `"locations.position": 1e+300 is out of range (a whole number from … to …)`
/// ```
///
/// Foundation's `JSONDecoder` works too (``Locator`` is `Codable`), but on Linux it reports every problem as
/// "The given data was not valid JSON", without a place, also for valid JSON such as `1e300` for an integer. The
/// text is parsed by ``JSONValue/init(parsing:)``; the value is decoded by a decoder over it that knows the key
/// path and the number it was given.
package enum JSONInput {
    /// The JSON value `bytes` hold (UTF-8).
    ///
    /// - Throws: ``JSONInputError`` with the line and column of the first syntax error.
    package static func parse(_ bytes: some Sequence<UInt8>) throws(JSONInputError) -> JSONValue {
        do { return try JSONValue(parsing: String(decoding: Array(bytes), as: UTF8.self)) } catch {
            throw JSONInputError(description: error.description)
        }
    }

    /// A `T` from the JSON `bytes` hold.
    ///
    /// - Throws: ``JSONInputError``: a syntax error's line and column, or the key path of the value that is wrong.
    package static func decode<T: Decodable>(_ type: T.Type, from bytes: some Sequence<UInt8>) throws(JSONInputError) -> T {
        try decode(type, from: parse(bytes))
    }

    /// A `T` from a parsed JSON value.
    ///
    /// - Throws: ``JSONInputError`` naming the key path of the value that is missing, of the wrong kind, not
    ///   whole or out of range.
    package static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws(JSONInputError) -> T {
        do {
            return try JSONValueDecoder.decodeAny(type, from: value, at: [])
        } catch let error as DecodingError {
            throw JSONInputError(description: describe(error))
        } catch {
            throw JSONInputError(description: "\(error)")
        }
    }

    /// `missing "locations.href"`, `"locations.progression" must be a number, not a string`,
    /// `"locations.position": 1e+300 is out of range (…)`.
    static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map(\.stringValue).reduce("") { $0.isEmpty || $1.hasPrefix("[") ? $0 + $1 : $0 + "." + $1 }
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing \"\(path(context.codingPath + [key]))\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let place = path(context.codingPath), reason = context.debugDescription
            if place.isEmpty { return reason }
            return reason.hasPrefix("must") ? "\"\(place)\" \(reason)" : "\"\(place)\": \(reason)"
        @unknown default:
            return "\(error)"
        }
    }
}

/// JSON a reading app handed the library that cannot be read as what was asked for, in one line saying where.
package struct JSONInputError: Error, CustomStringConvertible, Equatable, Sendable {
    /// One line: the place (line and column, or key path) and what is wrong there.
    package let description: String

    /// Creates an error with a one-line description.
    package init(description: String) { self.description = description.oneLine(limit: 1000) }
}
