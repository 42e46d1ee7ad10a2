extension JSONValue {
    /// Parses JSON text (RFC 8259) into a value.
    ///
    /// Foundation's parsers are not used for what users type: on Linux `JSONSerialization` reads `0` and `1` as
    /// booleans, and neither it nor `JSONDecoder` says where a syntax error is. Here `true` is a boolean and `1`
    /// a number, every error names its line and column, a number too large for a `Double` (`1e400`) is an error
    /// that says so, and nesting deeper than ``maximumDepth`` is refused rather than exhausting the stack.
    ///
    /// - Throws: ``JSONSyntaxError`` with the line and column (both from 1) of the problem.
    public init(parsing text: String) throws(JSONSyntaxError) {
        var parser = JSONParser(Array(text.utf8))
        self = try parser.parseDocument()
    }

    /// The deepest nesting of arrays and objects ``init(parsing:)`` accepts.
    public static let maximumDepth = 512

    /// The member `key` of an object; nil for a missing key or a value that is not an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }
}

/// JSON that cannot be parsed, with where.
public struct JSONSyntaxError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The line of the problem, from 1.
    public let line: Int
    /// The column of the problem, from 1, in UTF-8 bytes.
    public let column: Int
    /// What is wrong (`expected ':' after an object key`).
    public let reason: String

    /// `line 3, column 12: expected ':' after an object key`.
    public var description: String { "line \(line), column \(column): \(reason)" }
}

/// A recursive-descent parser over UTF-8 bytes.
private struct JSONParser {
    let bytes: [UInt8]
    var index = 0
    var depth = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw error("unexpected \(describe(index)) after the JSON value") }
        return value
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of the text; expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected \(describe(index)); expected a value")
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; depth -= 1; return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a string key in the object, found \(describe(index))")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after the key \"\(key.oneLinePrefix)\", found \(describe(index))")
            }
            index += 1
            skipWhitespace()
            members[key] = try parseValue()
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of the text; expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; depth -= 1; return .object(members) }
            throw error("expected ',' or '}' in the object, found \(describe(index))")
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; depth -= 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of the text; expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; depth -= 1; return .array(elements) }
            throw error("expected ',' or ']' in the array, found \(describe(index))")
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= JSONValue.maximumDepth else {
            throw error("nested deeper than \(JSONValue.maximumDepth) arrays and objects")
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1
        var units: [UInt16] = []
        var runStart = index
        func flushRun(_ parser: JSONParser, _ end: Int) {
            units.append(contentsOf: String(decoding: parser.bytes[runStart..<end], as: UTF8.self).utf16)
        }
        while true {
            guard index < bytes.count else {
                index = start
                throw error("the string starting here has no closing quote")
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flushRun(self, index)
                index += 1
                return String(decoding: units, as: UTF16.self)
            }
            if byte < 0x20 { throw error("a control character (\(describe(index))) inside a string must be escaped") }
            if byte != UInt8(ascii: "\\") { index += 1; continue }
            flushRun(self, index)
            guard index + 1 < bytes.count else { throw error("unexpected end of the text in an escape") }
            let escape = bytes[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "\""): units.append(0x22)
            case UInt8(ascii: "\\"): units.append(0x5C)
            case UInt8(ascii: "/"): units.append(0x2F)
            case UInt8(ascii: "b"): units.append(0x08)
            case UInt8(ascii: "f"): units.append(0x0C)
            case UInt8(ascii: "n"): units.append(0x0A)
            case UInt8(ascii: "r"): units.append(0x0D)
            case UInt8(ascii: "t"): units.append(0x09)
            case UInt8(ascii: "u"):
                var value: UInt16 = 0
                for _ in 0..<4 {
                    guard index < bytes.count, let digit = hexValue(bytes[index]) else {
                        throw error("\\u needs four hexadecimal digits")
                    }
                    value = value << 4 | UInt16(digit)
                    index += 1
                }
                units.append(value)  // a lone surrogate decodes to U+FFFD, as String(decoding:) does
            default:
                index -= 1
                throw error("unknown escape \\\(describe(index))")
            }
            runStart = index
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("a number needs a digit after '-'") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("a number needs a digit after '.'") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("a number needs a digit in its exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let spelled = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(spelled), value.isFinite else {
            let end = index
            index = start
            throw error("the number \(spelled.oneLinePrefix) is out of range (\(end - start) characters; at most about 1.8e308)")
        }
        return value
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<(index + expected.count)]) == expected else {
            throw error("unexpected \(describe(index)); expected a value")
        }
        index += expected.count
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `'x'`, `the end of the text`, or a code like `U+0007` for a byte that does not print.
    private func describe(_ position: Int) -> String {
        guard position < bytes.count else { return "the end of the text" }
        let byte = bytes[position]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte == 0x20 { return "a space" }
        if byte < 0x80 {
            let hex = String(byte, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        return "a non-ASCII character"
    }

    private func error(_ reason: String) -> JSONSyntaxError {
        var line = 1, column = 1
        for byte in bytes[0..<min(index, bytes.count)] {
            if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return JSONSyntaxError(line: line, column: column, reason: reason)
    }
}
