/// The component values of a CSS descriptor or property value, as far as counter styles need them: strings and
/// identifiers with their escapes resolved (`"\660"` is ٠, `\5D9\5F3` is one identifier, י׳), integers, commas,
/// and anything else (a `url(...)`, a number with a fraction) as `other`, so that a value holding it is refused.
enum CSSValueToken: Equatable, Sendable {
    case string(String)
    case ident(String)
    case integer(Int)
    case comma
    /// A function with its arguments' tokens (`symbols(cyclic "*")`; a function inside one has no arguments).
    case function(name: String, arguments: [CSSValueToken])
    /// `url(...)`, quoted or not: the URL as written.
    case url(String)
    case other

    /// The tokens of `text`. Function arguments nest at most once (no counter-style value needs more), so the
    /// tokenizer never recurses deeper than that whatever the text.
    static func tokens(_ text: some StringProtocol) -> [CSSValueToken] {
        var reader = CSSValueTokenReader(Array(text.unicodeScalars))
        return reader.readAll(nested: false)
    }

    /// The text of a string or an identifier (a `<symbol>` of `symbols`), nil for anything else.
    var symbol: String? {
        switch self {
        case .string(let text), .ident(let text): return text
        default: return nil
        }
    }
}

/// Reads tokens from scalars (see ``CSSValueToken``).
private struct CSSValueTokenReader {
    let scalars: [Unicode.Scalar]
    var index = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    mutating func readAll(nested: Bool) -> [CSSValueToken] {
        var tokens: [CSSValueToken] = []
        while index < scalars.count {
            let c = scalars[index]
            if CSSParser.isWhiteSpace(c) { index += 1; continue }
            if c == ")" {
                index += 1
                if nested { return tokens }
                tokens.append(.other)
                continue
            }
            tokens.append(next(nested: nested))
        }
        return tokens
    }

    private mutating func next(nested: Bool) -> CSSValueToken {
        let c = scalars[index]
        if c == "\"" || c == "'" { return .string(readString(quote: c)) }
        if c == "," { index += 1; return .comma }
        if isDigit(c) || ((c == "+" || c == "-") && index + 1 < scalars.count && isDigit(scalars[index + 1])) {
            return readNumber()
        }
        if startsIdentifier(at: index) {
            let name = readIdentifier()
            guard index < scalars.count, scalars[index] == "(" else { return .ident(name) }
            index += 1
            if name.lowercased() == "url" { return .url(readURL()) }
            if nested {
                skipToClosingParenthesis()
                return .function(name: name.lowercased(), arguments: [])
            }
            return .function(name: name.lowercased(), arguments: readAll(nested: true))
        }
        index += 1
        if c == "(" { skipToClosingParenthesis() }
        return .other
    }

    private func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }

    private func isHexDigit(_ c: Unicode.Scalar) -> Bool {
        isDigit(c) || (c >= "a" && c <= "f") || (c >= "A" && c <= "F")
    }

    private func isNameStart(_ c: Unicode.Scalar) -> Bool {
        (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c == "_" || c.value >= 0x80
    }

    private func isValidEscape(at i: Int) -> Bool {
        i + 1 < scalars.count && scalars[i] == "\\" && scalars[i + 1] != "\n"
    }

    private func startsIdentifier(at i: Int) -> Bool {
        guard i < scalars.count else { return false }
        let c = scalars[i]
        if c == "-" {
            guard i + 1 < scalars.count else { return false }
            return isNameStart(scalars[i + 1]) || scalars[i + 1] == "-" || isValidEscape(at: i + 1)
        }
        return isNameStart(c) || isValidEscape(at: i)
    }

    private mutating func readIdentifier() -> String {
        var name = String.UnicodeScalarView()
        while index < scalars.count {
            let c = scalars[index]
            if isNameStart(c) || isDigit(c) || c == "-" {
                name.append(c)
                index += 1
            } else if isValidEscape(at: index) {
                index += 1
                name.append(readEscape())
            } else {
                break
            }
        }
        return String(name)
    }

    /// After a backslash: up to six hex digits and one white space after them, or the escaped character.
    private mutating func readEscape() -> Unicode.Scalar {
        var hex = 0, digits = 0
        while digits < 6, index < scalars.count, isHexDigit(scalars[index]) {
            let v = scalars[index].value
            hex = hex * 16 + Int(v <= 0x39 ? v - 0x30 : (v | 0x20) - 0x61 + 10)
            digits += 1
            index += 1
        }
        guard digits > 0 else {
            let c = scalars[index]
            index += 1
            return c
        }
        if index < scalars.count, CSSParser.isWhiteSpace(scalars[index]) {
            // CR LF counts as one white space.
            if scalars[index] == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" { index += 1 }
            index += 1
        }
        guard hex != 0, hex <= 0x10FFFF, let scalar = Unicode.Scalar(hex) else { return "\u{FFFD}" }
        return scalar
    }

    private mutating func readString(quote: Unicode.Scalar) -> String {
        index += 1
        var text = String.UnicodeScalarView()
        while index < scalars.count {
            let c = scalars[index]
            index += 1
            if c == quote { break }
            if c == "\\" {
                guard index < scalars.count else { break }
                if scalars[index] == "\n" { index += 1; continue }  // an escaped newline continues the string
                text.append(readEscape())
                continue
            }
            text.append(c)
        }
        return String(text)
    }

    /// An integer (saturating at Int's bounds, as CSS clamps what an implementation cannot hold); a number with
    /// a fraction, an exponent or a unit is `other`.
    private mutating func readNumber() -> CSSValueToken {
        var negative = false
        if scalars[index] == "+" || scalars[index] == "-" { negative = scalars[index] == "-"; index += 1 }
        var value = 0
        while index < scalars.count, isDigit(scalars[index]) {
            let digit = Int(scalars[index].value - 0x30)
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(digit)
            value = overflow1 || overflow2 ? Int.max : sum
            index += 1
        }
        var isInteger = true
        while index < scalars.count, isNameStart(scalars[index]) || isDigit(scalars[index]) || scalars[index] == "." || scalars[index] == "%" {
            isInteger = false
            index += 1
        }
        guard isInteger else { return .other }
        return .integer(negative ? (value == Int.max ? Int.min : -value) : value)
    }

    /// The inside of `url(` up to its `)`: a string, or the raw text without surrounding white space.
    private mutating func readURL() -> String {
        while index < scalars.count, CSSParser.isWhiteSpace(scalars[index]) { index += 1 }
        if index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" {
            let url = readString(quote: scalars[index])
            skipToClosingParenthesis()
            return url
        }
        var url = String.UnicodeScalarView()
        while index < scalars.count, scalars[index] != ")" {
            if isValidEscape(at: index) { index += 1; url.append(readEscape()); continue }
            url.append(scalars[index])
            index += 1
        }
        index += 1
        return String(url).trimmingWhiteSpace()
    }

    private mutating func skipToClosingParenthesis() {
        var depth = 1
        while index < scalars.count, depth > 0 {
            let c = scalars[index]
            if c == "\"" || c == "'" { _ = readString(quote: c); continue }
            if c == "(" { depth += 1 }
            if c == ")" { depth -= 1 }
            index += 1
        }
    }
}
