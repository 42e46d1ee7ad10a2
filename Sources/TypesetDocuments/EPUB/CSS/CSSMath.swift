/// CSS math functions (CSS Values 4 §10): `calc()`, `min()`, `max()` and `clamp()` in a declaration's value,
/// computed when the declaration is parsed and written back as the value they stand for, so that every property's
/// parser reads them as it reads a length or a number.
///
/// The model is the specification's: a calculation is a sum of products of numbers, dimensions and percentages, typed
/// as it is read (§10.7: a sum adds values of one type, a product has a number on one side, a quotient a number
/// on the right that is not zero), and simplified to one value per unit (§10.9). A result in one unit is that
/// length (`calc(100% / 3)` is `33.333333333333336%`); a result in units that cannot be added before the element
/// is known (`calc(1em + 4px)`) stays a ``CSSLinearLength``, written `calc(1em+4px)` without white space so that
/// the value's words stay whole. `min()`, `max()` and `clamp()` compare their arguments when they are of one unit (or absolute lengths);
/// arguments of units that only the layout could compare (`min(100%, 30em)`) make the declaration invalid, and it
/// is dropped, as CSS drops a declaration it cannot read.
///
/// Limits: nesting at most ``maximumDepth`` parentheses and functions deep (deeper is invalid, so the evaluator's
/// recursion is bounded whatever the file); `var()`, `env()`, `attr()` and the trigonometric and stepped functions
/// are not read (the declaration is dropped).
enum CSSMath {
    /// Parentheses and functions nested deeper than this make a calculation invalid.
    static let maximumDepth = 16
    /// How a sum of several units is written back into the value (see ``readSum(_:)``).
    static let sumPrefix = "calc("

    /// `value` with each math function replaced by the value it computes to; `value` itself when it has none; nil
    /// when one of them is invalid (the declaration is dropped).
    static func substitute(_ value: Substring) -> Substring? {
        guard value.utf8.contains(UInt8(ascii: "(")) else { return value }
        let bytes = Array(value.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        var replaced = false
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                // A string is copied as written: `calc(` inside one is text.
                let end = stringEnd(in: bytes, from: index)
                output += bytes[index..<end]
                index = end
                continue
            }
            if let (name, open) = functionName(in: bytes, at: index) {
                // A function the value leaves open ends with it (CSS Syntax 3 §5.4.9: closed by the end of input).
                let close = closingParenthesis(in: bytes, after: open) ?? bytes.count
                if isMathFunction(name) {
                    var reader = CSSMathReader(bytes[(open + 1)..<close])
                    guard let result = reader.function(name), reader.isAtEnd else { return nil }
                    guard let text = written(result) else { return nil }
                    output += Array(text.utf8)
                    replaced = true
                } else {
                    // Another function (`rgb(...)`, `url(...)`): copied whole, math inside it included, as written.
                    output += bytes[index..<min(close + 1, bytes.count)]
                }
                index = close + 1
                continue
            }
            output.append(bytes[index])
            index += 1
        }
        return replaced ? Substring(String(decoding: output, as: UTF8.self)) : value
    }

    /// The sum `text` (lower-cased) holds as ``substitute(_:)`` writes it: `calc(98vh+-3em)`.
    static func readSum(_ text: Substring) -> CSSLinearLength? {
        guard text.hasPrefix(sumPrefix), text.hasSuffix(")") else { return nil }
        let terms = text.dropFirst(sumPrefix.count).dropLast().split(separator: "+")
        var sum = CSSLinearLength()
        for term in terms {
            guard let length = CSSLength(term), length != .auto else { return nil }
            if case .sum = length { return nil }
            guard let part = CSSLinearLength(length) else { return nil }
            sum = sum + part
        }
        return sum
    }

    /// A computed value as a declaration's text: a number, a length of one unit, or a sum of several.
    private static func written(_ value: CSSMathValue) -> String? {
        switch value {
        case .number(let number): return decimal(number)
        case .length(let length):
            let parts = length.writtenParts
            if parts.isEmpty { return "0px" }
            let texts = parts.compactMap { part in decimal(part.value).map { $0 + part.unit } }
            guard texts.count == parts.count else { return nil }
            return texts.count == 1 ? texts[0] : sumPrefix + texts.joined(separator: "+") + ")"
        }
    }

    /// `value` as CSS writes a number, in full (the shortest digits that read back as the same value: a small one
    /// with a negative exponent, `1.5e-05`); nil for one too large (whose exponent's `+` would split a sum) or not
    /// finite.
    private static func decimal(_ value: Double) -> String? {
        guard value.isFinite, abs(value) < 1e15 else { return nil }
        if value == value.rounded() { return String(Int64(value)) }
        let text = String(value)
        return text.contains("+") ? nil : text
    }

    /// The names of `calc()`, prefixed ones included.
    static let calcNames: Set<String> = ["calc", "-webkit-calc", "-moz-calc"]

    private static func isMathFunction(_ name: String) -> Bool {
        calcNames.contains(name) || name == "min" || name == "max" || name == "clamp"
    }

    /// The lower-cased name of the function whose name starts at `index`, and the index of its `(`; nil when no
    /// identifier starts there (or one is under way: `xmin(` is not `min(`).
    private static func functionName(in bytes: [UInt8], at index: Int) -> (String, Int)? {
        guard isNameByte(bytes[index]), index == 0 || !isNameByte(bytes[index - 1]) else { return nil }
        var end = index
        while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "(") else { return nil }
        return (String(decoding: bytes[index..<end], as: UTF8.self).lowercased(), end)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || byte >= 0x80
    }

    /// The index just past the string whose quote is at `start` (the end of `bytes` when it is not closed).
    private static func stringEnd(in bytes: [UInt8], from start: Int) -> Int {
        var index = start + 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") { index += 2; continue }
            if bytes[index] == bytes[start] { return index + 1 }
            index += 1
        }
        return bytes.count
    }

    /// The index of the `)` closing the `(` at `open`, skipping quoted strings; nil when it is not closed.
    private static func closingParenthesis(in bytes: [UInt8], after open: Int) -> Int? {
        var depth = 0
        var quote: UInt8?
        var index = open
        while index < bytes.count {
            let byte = bytes[index]
            if let q = quote {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == q { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "(") {
                depth += 1
            } else if byte == UInt8(ascii: ")") {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return nil
    }
}

/// A value inside a calculation: a number, or a length (percentages included) as a sum of units.
enum CSSMathValue {
    case number(Double)
    case length(CSSLinearLength)
}

/// Reads one math function's arguments from the bytes between its parentheses (see ``CSSMath``): a recursive
/// descent whose depth ``CSSMath/maximumDepth`` bounds.
struct CSSMathReader {
    private let bytes: ArraySlice<UInt8>
    private var index: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        index = bytes.startIndex
    }

    /// Whether only white space is left.
    var isAtEnd: Bool {
        var probe = self
        probe.skipWhiteSpace()
        return probe.index == probe.bytes.endIndex
    }

    /// The value of the function `name` whose arguments are read next, up to (not including) its `)`.
    mutating func function(_ name: String, depth: Int = 0) -> CSSMathValue? {
        guard depth < CSSMath.maximumDepth else { return nil }
        var arguments: [CSSMathValue] = []
        repeat {
            guard let argument = sum(depth: depth) else { return nil }
            arguments.append(argument)
            skipWhiteSpace()
        } while consume(",")
        switch name {
        case _ where CSSMath.calcNames.contains(name): return arguments.count == 1 ? arguments[0] : nil
        case "min": return Self.extreme(arguments, smallest: true)
        case "max": return Self.extreme(arguments, smallest: false)
        case "clamp":
            // clamp(MIN, VAL, MAX) is max(MIN, min(VAL, MAX)) (§10.3).
            guard arguments.count == 3, let upper = Self.extreme(Array(arguments[1...2]), smallest: true) else { return nil }
            return Self.extreme([arguments[0], upper], smallest: false)
        default: return nil
        }
    }

    /// The smallest or largest of `values`, nil when they cannot be compared before layout (§10.7: numbers with
    /// numbers; lengths of one unit, absolute units counting as one; zero compares with anything).
    private static func extreme(_ values: [CSSMathValue], smallest: Bool) -> CSSMathValue? {
        var numbers: [Double] = [], lengths: [CSSLinearLength] = []
        for value in values {
            switch value {
            case .number(let number): numbers.append(number)
            case .length(let length): lengths.append(length)
            }
        }
        if lengths.isEmpty {
            return (smallest ? numbers.min() : numbers.max()).map { .number($0) }
        }
        let mask = lengths.reduce(0) { $0 | $1.unitMask }
        guard numbers.isEmpty, mask & (mask - 1) == 0 else { return nil }
        let key: (CSSLinearLength) -> Double = { $0.values.reduce(0, +) }
        let best = smallest ? lengths.min(by: { key($0) < key($1) }) : lengths.max(by: { key($0) < key($1) })
        return best.map { .length($0) }
    }

    /// A sum of products: `a + b - c`, the operators with white space on both sides (§10.1).
    private mutating func sum(depth: Int) -> CSSMathValue? {
        guard var total = product(depth: depth) else { return nil }
        while true {
            let before = index
            skipWhiteSpace()
            guard index > before, index < bytes.endIndex,
                  bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") else {
                index = before
                return total
            }
            let sign: Double = bytes[index] == UInt8(ascii: "+") ? 1 : -1
            index += 1
            let afterOperator = index
            skipWhiteSpace()
            guard index > afterOperator, let term = product(depth: depth), let added = Self.add(total, term, sign: sign) else {
                return nil
            }
            total = added
        }
    }

    /// A product: `a * b / c`, one side of each `*` a number, the right of each `/` a number other than 0.
    private mutating func product(depth: Int) -> CSSMathValue? {
        guard var total = value(depth: depth) else { return nil }
        while true {
            let before = index
            skipWhiteSpace()
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "*") || bytes[index] == UInt8(ascii: "/") else {
                index = before
                return total
            }
            let divides = bytes[index] == UInt8(ascii: "/")
            index += 1
            skipWhiteSpace()
            guard let factor = value(depth: depth) else { return nil }
            switch (total, factor) {
            case (.number(let a), .number(let b)):
                guard !divides || b != 0 else { return nil }
                total = .number(divides ? a / b : a * b)
            case (.length(let a), .number(let b)):
                guard !divides || b != 0 else { return nil }
                total = .length(divides ? a / b : a * b)
            case (.number(let a), .length(let b)) where !divides: total = .length(b * a)
            default: return nil
            }
        }
    }

    /// A number, a dimension or percentage, a parenthesised sum, a nested math function, or `e` or `pi`.
    private mutating func value(depth: Int) -> CSSMathValue? {
        skipWhiteSpace()
        guard index < bytes.endIndex else { return nil }
        if consume("(") {
            guard depth + 1 < CSSMath.maximumDepth, let inner = sum(depth: depth + 1) else { return nil }
            skipWhiteSpace()
            return consume(")") ? inner : nil
        }
        let name = identifier()
        if !name.isEmpty {
            if consume("(") {
                guard let inner = function(name.lowercased(), depth: depth + 1) else { return nil }
                skipWhiteSpace()
                return consume(")") ? inner : nil
            }
            switch name.lowercased() {
            case "e": return .number(2.718281828459045)
            case "pi": return .number(Double.pi)
            default: return nil
            }
        }
        return numeric()
    }

    /// A number, and the unit after it: a number, a percentage or a length; nil for another unit.
    private mutating func numeric() -> CSSMathValue? {
        let start = index
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        skipDigits()
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") { index += 1; skipDigits() }
        if index < bytes.endIndex, bytes[index] | 0x20 == UInt8(ascii: "e") { skipExponent() }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let number = Double(text.hasPrefix(".") || text.hasPrefix("-.") || text.hasPrefix("+.")
                                    ? text.replacing(".", with: "0.") : text), number.isFinite else { return nil }
        if consume("%") { return CSSLinearLength(number, unit: "%").map { .length($0) } }
        let unit = identifier()
        if unit.isEmpty { return .number(number) }
        return CSSLinearLength(number, unit: Substring(unit.lowercased())).map { .length($0) }
    }

    /// An exponent (`e3`, `E-2`) when one follows: an `e` before a unit (`em`) is left to the unit.
    private mutating func skipExponent() {
        var probe = index + 1
        if probe < bytes.endIndex, bytes[probe] == UInt8(ascii: "+") || bytes[probe] == UInt8(ascii: "-") { probe += 1 }
        guard probe < bytes.endIndex, bytes[probe] >= 0x30, bytes[probe] <= 0x39 else { return }
        index = probe
        skipDigits()
    }

    private mutating func skipDigits() {
        while index < bytes.endIndex, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
    }

    /// The identifier starting here (letters, `-` and `_` after the first letter), empty when none does.
    private mutating func identifier() -> String {
        let start = index
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
        guard index < bytes.endIndex, isLetter(bytes[index]) else { return "" }
        while index < bytes.endIndex, isLetter(bytes[index]) || bytes[index] == UInt8(ascii: "-")
                || bytes[index] == UInt8(ascii: "_") || (bytes[index] >= 0x30 && bytes[index] <= 0x39) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func skipWhiteSpace() {
        while index < bytes.endIndex, [0x20, 0x09, 0x0A, 0x0D, 0x0C].contains(bytes[index]) { index += 1 }
    }

    private mutating func consume(_ byte: Unicode.Scalar) -> Bool {
        guard index < bytes.endIndex, bytes[index] == UInt8(ascii: byte) else { return false }
        index += 1
        return true
    }

    /// `a + sign × b`, nil when a number is added to a length (§10.7).
    private static func add(_ a: CSSMathValue, _ b: CSSMathValue, sign: Double) -> CSSMathValue? {
        switch (a, b) {
        case (.number(let x), .number(let y)): .number(x + sign * y)
        case (.length(let x), .length(let y)): .length(x + y * sign)
        default: nil
        }
    }
}
