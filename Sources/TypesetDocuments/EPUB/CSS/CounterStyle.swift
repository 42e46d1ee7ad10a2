/// A counter style of CSS Counter Styles 3: how a list item's number becomes its marker (`iv.`, `ב.`, `十一、`).
///
/// One value per style, resolved (an `extends` style carries the algorithm it extends and the descriptors it did
/// not set); ``CounterStyleSet`` holds the predefined ones and a document's `@counter-style` rules and follows
/// fallbacks. Every algorithm is bounded: a representation longer than ``maximumLength`` code points is refused,
/// so that the style's fallback draws the value (as the spec allows), before anything that long is built.
struct CounterStyle: Equatable, Sendable {
    /// The algorithm that turns a value into its representation.
    enum Algorithm: Equatable, Sendable {
        case cyclic([String])
        /// `fixed N`: the symbols stand for `first`, `first + 1`, ... once.
        case fixed(first: Int, [String])
        case symbolic([String])
        case alphabetic([String])
        case numeric([String])
        /// Additive tuples in strictly decreasing weight.
        case additive([AdditiveSymbol])
        /// The Chinese longhand styles of the spec's "Complex Predefined Counter Styles" (one algorithm, four sets
        /// of characters).
        case chineseLonghand(ChineseNumerals)
        case ethiopicNumeric
    }

    /// One `<integer> && <symbol>` of `additive-symbols`.
    struct AdditiveSymbol: Equatable, Sendable {
        var weight: Int
        var symbol: String
    }

    var algorithm: Algorithm
    /// Put around a negative value's representation, for the algorithms that use a negative sign.
    var negative = (prefix: "-", suffix: "")
    var prefix = ""
    var suffix = ". "
    /// The values the style draws (inclusive ranges), or nil for `range: auto` (which depends on the algorithm).
    var range: [ClosedRange<Int>]?
    /// `pad`: the minimum length in grapheme clusters and the symbol that pads to it.
    var pad: (length: Int, symbol: String)?
    /// The name of the style drawing what this one cannot (`decimal` when not said).
    var fallback = "decimal"

    /// The longest representation drawn, in Unicode code points: CSS Counter Styles 3 requires 60 and lets a
    /// longer one (a huge `symbolic` value, a `pad` of a million) be drawn by the fallback style instead.
    static let maximumLength = 60

    static func == (a: CounterStyle, b: CounterStyle) -> Bool {
        a.algorithm == b.algorithm && a.negative == b.negative && a.prefix == b.prefix && a.suffix == b.suffix
            && a.range == b.range && a.pad?.length == b.pad?.length && a.pad?.symbol == b.pad?.symbol && a.fallback == b.fallback
    }

    /// Whether `value` is in the style's range (its `range`, or the algorithm's own for `auto`).
    func contains(_ value: Int) -> Bool {
        if let range { return range.contains { $0.contains(value) } }
        switch algorithm {
        case .cyclic, .numeric, .fixed: return true
        case .alphabetic, .symbolic, .ethiopicNumeric: return value >= 1
        case .additive: return value >= 0
        case .chineseLonghand: return value >= -9999 && value <= 9999
        }
    }

    /// Whether a negative value is drawn as its magnitude inside the `negative` symbols.
    var usesNegativeSign: Bool {
        switch algorithm {
        case .cyclic, .fixed: return false
        default: return true
        }
    }

    /// The representation of `value` (without prefix and suffix), or nil when this style cannot draw it: out of
    /// range, not representable by the algorithm, or longer than ``maximumLength``.
    func representation(of value: Int) -> String? {
        guard contains(value) else { return nil }
        let negative = value < 0 && usesNegativeSign
        let magnitude = negative ? value.magnitude : UInt(bitPattern: value)
        guard var text = negative || value >= 0 ? initialRepresentation(magnitude: magnitude) : initialRepresentation(signed: value)
        else { return nil }
        if let pad, pad.length > 0, !pad.symbol.isEmpty {
            var difference = pad.length - text.count
            if negative { difference -= (self.negative.prefix + self.negative.suffix).count }
            if difference > 0 {
                guard difference <= Self.maximumLength,
                      text.unicodeScalars.count + difference * pad.symbol.unicodeScalars.count <= Self.maximumLength else { return nil }
                text = String(repeating: pad.symbol, count: difference) + text
            }
        }
        if negative { text = self.negative.prefix + text + self.negative.suffix }
        return text.unicodeScalars.count <= Self.maximumLength ? text : nil
    }

    /// The representation of a non-negative value (or of a negative one's magnitude).
    private func initialRepresentation(magnitude value: UInt) -> String? {
        switch algorithm {
        case .cyclic, .fixed: return initialRepresentation(signed: Int(clamping: value))
        case .symbolic(let symbols):
            guard value >= 1, !symbols.isEmpty else { return nil }
            let count = UInt(symbols.count)
            let symbol = symbols[Int((value - 1) % count)]
            let times = (value - 1) / count + 1
            guard times <= UInt(Self.maximumLength), Int(times) * symbol.unicodeScalars.count <= Self.maximumLength else { return nil }
            return String(repeating: symbol, count: Int(times))
        case .alphabetic(let symbols):
            guard value >= 1, symbols.count >= 2 else { return nil }
            return Self.digits(of: value, symbols: symbols, bijective: true)
        case .numeric(let symbols):
            guard symbols.count >= 2 else { return nil }
            return Self.digits(of: value, symbols: symbols, bijective: false)
        case .additive(let tuples):
            return Self.additive(value, tuples: tuples)
        case .chineseLonghand(let numerals):
            return value <= 9999 ? numerals.longhand(Int(value)) : nil
        case .ethiopicNumeric:
            return value >= 1 ? Self.ethiopic(value) : nil
        }
    }

    /// The representation of a value by the algorithms that use no negative sign.
    private func initialRepresentation(signed value: Int) -> String? {
        switch algorithm {
        case .cyclic(let symbols):
            guard !symbols.isEmpty else { return nil }
            // (value - 1) mod N, in range for every Int.
            let n = symbols.count
            return symbols[((value % n) - 1 + n) % n]
        case .fixed(let first, let symbols):
            let (offset, overflow) = value.subtractingReportingOverflow(first)
            guard !overflow, offset >= 0, offset < symbols.count else { return nil }
            return symbols[offset]
        default:
            return nil
        }
    }

    /// Positional (`numeric`) or bijective (`alphabetic`) digits of `value` in base `symbols.count`.
    private static func digits(of value: UInt, symbols: [String], bijective: Bool) -> String? {
        let base = UInt(symbols.count)
        if value == 0 { return bijective ? nil : symbols[0] }
        var rest = value
        var digits: [String] = []
        var scalars = 0
        while rest > 0 {
            if bijective { rest -= 1 }
            let digit = symbols[Int(rest % base)]
            scalars += digit.unicodeScalars.count
            guard scalars <= maximumLength else { return nil }
            digits.append(digit)
            rest /= base
        }
        return digits.reversed().joined()
    }

    /// The `additive` algorithm: each tuple as many times as it fits, greatest first; nil when the value is not
    /// reached exactly (or the result would be too long).
    private static func additive(_ value: UInt, tuples: [AdditiveSymbol]) -> String? {
        if value == 0 { return tuples.first(where: { $0.weight == 0 })?.symbol }
        var rest = value
        var text = ""
        var scalars = 0
        for tuple in tuples where tuple.weight > 0 && rest > 0 {
            let times = rest / UInt(tuple.weight)
            guard times > 0 else { continue }
            guard times <= UInt(maximumLength), scalars + Int(times) * tuple.symbol.unicodeScalars.count <= maximumLength else { return nil }
            scalars += Int(times) * tuple.symbol.unicodeScalars.count
            text += String(repeating: tuple.symbol, count: Int(times))
            rest -= times * UInt(tuple.weight)
        }
        return rest == 0 ? text : nil
    }

    /// `ethiopic-numeric`: groups of two digits from the least significant, joined by ፻ (odd groups) and ፼
    /// (even groups past the first), as the spec's algorithm says.
    private static func ethiopic(_ value: UInt) -> String {
        if value == 1 { return "\u{1369}" }
        let tens: [String] = ["", "\u{1372}", "\u{1373}", "\u{1374}", "\u{1375}", "\u{1376}", "\u{1377}", "\u{1378}", "\u{1379}", "\u{137A}"]
        let units: [String] = ["", "\u{1369}", "\u{136A}", "\u{136B}", "\u{136C}", "\u{136D}", "\u{136E}", "\u{136F}", "\u{1370}", "\u{1371}"]
        var groups: [UInt] = []
        var rest = value
        while rest > 0 { groups.append(rest % 100); rest /= 100 }
        var text = ""
        for index in stride(from: groups.count - 1, through: 0, by: -1) {
            let group = groups[index]
            let isOdd = index % 2 == 1
            let dropDigits = group == 0 || (group == 1 && (index == groups.count - 1 || isOdd))
            if !dropDigits { text += tens[Int(group / 10)] + units[Int(group % 10)] }
            if isOdd && group != 0 { text += "\u{137B}" }
            if !isOdd && index > 0 { text += "\u{137C}" }
        }
        return text
    }
}

/// The characters of one Chinese longhand counter style (CSS Counter Styles 3, "Chinese").
struct ChineseNumerals: Equatable, Sendable {
    /// The digits 0 to 9.
    let digits: [String]
    /// The markers of tens, hundreds and thousands.
    let markers: [String]
    /// Whether the tens digit of 10 to 19 is dropped (`十一`, not `一十一`).
    let isInformal: Bool

    /// The representation of 0...9999, by the spec's algorithm.
    func longhand(_ value: Int) -> String {
        if value == 0 { return digits[0] }
        // Decimal digits, most significant first, each non-zero one with its marker.
        let decimal = [value / 1000 % 10, value / 100 % 10, value / 10 % 10, value % 10]
        var parts: [(digit: Int, marker: String)] = []
        for (index, digit) in decimal.enumerated() where !(parts.isEmpty && digit == 0) {
            parts.append((digit, digit == 0 || index == 3 ? "" : markers[2 - index]))
        }
        if isInformal && value >= 10 && value <= 19 { parts[0].digit = -1 }
        // Trailing zeros go; inner runs of zeros become one zero.
        while let last = parts.last, last.digit == 0 { parts.removeLast() }
        var text = ""
        var previousWasZero = false
        for part in parts {
            if part.digit == 0 {
                if !previousWasZero { text += digits[0] }
                previousWasZero = true
                continue
            }
            previousWasZero = false
            if part.digit > 0 { text += digits[part.digit] }
            text += part.marker
        }
        return text
    }

    static let simplifiedInformal = ChineseNumerals(digits: Array("零一二三四五六七八九").map(String.init),
                                                    markers: ["十", "百", "千"], isInformal: true)
    static let simplifiedFormal = ChineseNumerals(digits: Array("零壹贰叁肆伍陆柒捌玖").map(String.init),
                                                  markers: ["拾", "佰", "仟"], isInformal: false)
    static let traditionalInformal = ChineseNumerals(digits: Array("零一二三四五六七八九").map(String.init),
                                                     markers: ["十", "百", "千"], isInformal: true)
    static let traditionalFormal = ChineseNumerals(digits: Array("零壹貳參肆伍陸柒捌玖").map(String.init),
                                                   markers: ["拾", "佰", "仟"], isInformal: false)
}
