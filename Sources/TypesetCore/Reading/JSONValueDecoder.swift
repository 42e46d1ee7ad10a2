/// A `Decoder` over a parsed ``JSONValue``, so that any `Decodable` (a ``Locator``) reads JSON with errors that
/// say which key is wrong and why: a number that is not whole, or out of an integer's range (`1e300`), is
/// reported as such at its key path, never as malformed JSON.
struct JSONValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ value: JSONValue, codingPath: [any CodingKey] = []) { self.value = value; self.codingPath = codingPath }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw Self.mismatch([String: JSONValue].self, value, codingPath) }
        return KeyedDecodingContainer(Keyed<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw Self.mismatch([JSONValue].self, value, codingPath) }
        return Unkeyed(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(value: value, codingPath: codingPath) }

    static func mismatch(_ type: Any.Type, _ value: JSONValue, _ path: [any CodingKey]) -> DecodingError {
        let wanted = switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Double.Type, is Float.Type: "a number"
        case is [String: JSONValue].Type: "an object"
        case is [JSONValue].Type: "an array"
        default: "a whole number"
        }
        return .typeMismatch(type, DecodingError.Context(codingPath: path, debugDescription: "must be \(wanted), not \(value.typeName)"))
    }

    /// `value` as the primitive `T` (a string, a Boolean or a floating-point number), or the error saying why it
    /// is not one.
    static func decode<T>(_ type: T.Type, from value: JSONValue, at path: [any CodingKey]) throws -> T {
        let result: Any? = switch value {
        case .string(let string) where type == String.self: string
        case .bool(let bool) where type == Bool.self: bool
        case .number(let number) where type == Double.self: number
        case .number(let number) where type == Float.self: Float(number)
        default: nil
        }
        guard let typed = result as? T else { throw mismatch(type, value, path) }
        return typed
    }

    /// `value` as the integer type `T`: a whole number within its range.
    static func integer<T: FixedWidthInteger>(_ type: T.Type, from value: JSONValue, at path: [any CodingKey]) throws -> T {
        guard case .number(let number) = value else { throw mismatch(type, value, path) }
        guard number.isFinite, number.rounded(.towardZero) == number else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: "\(number) is not a whole number"))
        }
        guard let integer = T(exactly: number) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: path, debugDescription: "\(formatWholeNumber(number)) is out of range (a whole number from \(T.min) to \(T.max))"))
        }
        return integer
    }

    private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let members: [String: JSONValue]
        let codingPath: [any CodingKey]
        var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

        private func member(_ key: Key) throws -> JSONValue {
            guard let value = members[key.stringValue] else {
                throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "missing"))
            }
            return value
        }

        func decodeNil(forKey key: Key) throws -> Bool { if case .null = try member(key) { true } else { false } }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try JSONValueDecoder.decodeAny(type, from: member(key), at: codingPath + [key])
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try JSONValueDecoder(member(key), codingPath: codingPath + [key]).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try JSONValueDecoder(member(key), codingPath: codingPath + [key]).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder { JSONValueDecoder(.object(members), codingPath: codingPath) }
        func superDecoder(forKey key: Key) throws -> any Decoder { JSONValueDecoder(try member(key), codingPath: codingPath + [key]) }
    }

    private struct Unkeyed: UnkeyedDecodingContainer {
        let elements: [JSONValue]
        let codingPath: [any CodingKey]
        var currentIndex = 0
        var count: Int? { elements.count }
        var isAtEnd: Bool { currentIndex >= elements.count }

        init(elements: [JSONValue], codingPath: [any CodingKey]) { self.elements = elements; self.codingPath = codingPath }

        private mutating func next() throws -> (JSONValue, [any CodingKey]) {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(JSONValue.self, DecodingError.Context(codingPath: codingPath, debugDescription: "the array has no more elements"))
            }
            defer { currentIndex += 1 }
            return (elements[currentIndex], codingPath + [IndexKey(currentIndex)])
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, case .null = elements[currentIndex] else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            let (value, path) = try next()
            return try JSONValueDecoder.decodeAny(type, from: value, at: path)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            let (value, path) = try next()
            return try JSONValueDecoder(value, codingPath: path).container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            let (value, path) = try next()
            return try JSONValueDecoder(value, codingPath: path).unkeyedContainer()
        }

        mutating func superDecoder() throws -> any Decoder {
            let (value, path) = try next()
            return JSONValueDecoder(value, codingPath: path)
        }
    }

    private struct Single: SingleValueDecodingContainer {
        let value: JSONValue
        let codingPath: [any CodingKey]

        func decodeNil() -> Bool { if case .null = value { true } else { false } }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try JSONValueDecoder.decodeAny(type, from: value, at: codingPath) }
    }

    /// Any `Decodable` from `value`: primitives and integers directly, anything else through its own `init(from:)`.
    static func decodeAny<T: Decodable>(_ type: T.Type, from value: JSONValue, at path: [any CodingKey]) throws -> T {
        let direct: Any?
        switch type {
        case is String.Type, is Bool.Type, is Double.Type, is Float.Type: direct = try decode(type, from: value, at: path)
        case let integer as any FixedWidthInteger.Type: direct = try integerValue(integer, value, path)
        case is JSONValue.Type: direct = value
        default: return try T(from: JSONValueDecoder(value, codingPath: path))
        }
        guard let typed = direct as? T else { throw mismatch(type, value, path) }
        return typed
    }

    private static func integerValue<I: FixedWidthInteger>(_ type: I.Type, _ value: JSONValue, _ path: [any CodingKey]) throws -> I {
        try integer(type, from: value, at: path)
    }
}

/// The key of an array element in a coding path.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "[\(intValue ?? 0)]" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.intValue = intValue }
}
