/// One `@counter-style` rule as written: its name and the descriptors it gives a valid value (the last valid one
/// of each, as CSS Counter Styles 3 says; invalid ones are ignored, not the rule). ``CounterStyleSet`` turns rules
/// into ``CounterStyle``s, following `extends`.
struct CounterStyleRule: Equatable, Sendable {
    /// The `system` descriptor.
    enum System: Equatable, Sendable {
        case cyclic, numeric, alphabetic, symbolic, additive
        case fixed(first: Int)
        case extends(String)
    }

    let name: String
    var system = System.symbolic
    var symbols: [String]?
    var additiveSymbols: [CounterStyle.AdditiveSymbol]?
    var negative: (prefix: String, suffix: String)?
    var prefix: String?
    var suffix: String?
    /// `range`: `.some(nil)` for an explicit `auto`.
    var range: [ClosedRange<Int>]??
    var pad: (length: Int, symbol: String)?
    var fallback: String?

    /// Names that cannot name a counter style in `@counter-style` (`none`, and the two styles that cannot be
    /// overridden) or anywhere (the CSS-wide keywords).
    static let reservedNames: Set<String> = ["none", "decimal", "disc", "inherit", "initial", "unset", "default", "revert",
                                             "revert-layer"]

    /// The rule with prelude `prelude` (its name) and the descriptors of its body; nil when the name is invalid
    /// (`predefined`: a rule of the spec's own sheet, which defines `decimal` and `disc`).
    init?(prelude: String, descriptors: [String], predefined: Bool = false) {
        let tokens = CSSValueToken.tokens(prelude)
        guard tokens.count == 1, case .ident(let written) = tokens[0],
              predefined || !Self.reservedNames.contains(written.lowercased()) else { return nil }
        name = CounterStyleSet.normalizedName(written)
        for item in descriptors {
            guard let colon = item.firstIndex(of: ":") else { continue }
            let property = item[..<colon].trimmingWhiteSpace().lowercased()
            apply(property, CSSValueToken.tokens(item[item.index(after: colon)...]))
        }
    }

    /// A rule made in code (the predefined styles' rules are parsed; tests build others).
    init(name: String) { self.name = name }

    static func == (a: CounterStyleRule, b: CounterStyleRule) -> Bool {
        a.name == b.name && a.system == b.system && a.symbols == b.symbols && a.additiveSymbols == b.additiveSymbols
            && a.negative?.prefix == b.negative?.prefix && a.negative?.suffix == b.negative?.suffix && a.prefix == b.prefix
            && a.suffix == b.suffix && a.range == b.range && a.pad?.length == b.pad?.length && a.pad?.symbol == b.pad?.symbol
            && a.fallback == b.fallback
    }

    /// Sets descriptor `property` from `tokens` when they are a valid value for it.
    private mutating func apply(_ property: String, _ tokens: [CSSValueToken]) {
        switch property {
        case "system": if let value = Self.system(tokens) { system = value }
        case "symbols":
            let symbols = tokens.compactMap(\.symbol)
            if !symbols.isEmpty, symbols.count == tokens.count { self.symbols = symbols }
        case "additive-symbols": if let value = Self.additiveSymbols(tokens) { additiveSymbols = value }
        case "negative":
            let symbols = tokens.compactMap(\.symbol)
            if symbols.count == tokens.count, symbols.count == 1 || symbols.count == 2 {
                negative = (symbols[0], symbols.count == 2 ? symbols[1] : "")
            }
        case "prefix": if tokens.count == 1, let symbol = tokens[0].symbol { prefix = symbol }
        case "suffix": if tokens.count == 1, let symbol = tokens[0].symbol { suffix = symbol }
        case "range": if let value = Self.range(tokens) { range = .some(value) }
        case "pad": if let value = Self.pad(tokens) { pad = value }
        case "fallback":
            if tokens.count == 1, case .ident(let name) = tokens[0], !Self.reservedNames.contains(name.lowercased()) || name.lowercased() == "decimal" || name.lowercased() == "disc" {
                fallback = CounterStyleSet.normalizedName(name)
            }
        default: break  // speak-as and unknown descriptors: ignored
        }
    }

    private static func system(_ tokens: [CSSValueToken]) -> System? {
        guard case .ident(let keyword)? = tokens.first else { return nil }
        switch (keyword.lowercased(), tokens.count) {
        case ("cyclic", 1): return .cyclic
        case ("numeric", 1): return .numeric
        case ("alphabetic", 1): return .alphabetic
        case ("symbolic", 1): return .symbolic
        case ("additive", 1): return .additive
        case ("fixed", 1): return .fixed(first: 1)
        case ("fixed", 2):
            if case .integer(let first) = tokens[1] { return .fixed(first: first) }
            return nil
        case ("extends", 2):
            guard case .ident(let base) = tokens[1], base.lowercased() != "none" else { return nil }
            return .extends(CounterStyleSet.normalizedName(base))
        default: return nil
        }
    }

    /// `[<integer> && <symbol>]#`, weights non-negative and strictly decreasing.
    private static func additiveSymbols(_ tokens: [CSSValueToken]) -> [CounterStyle.AdditiveSymbol]? {
        var result: [CounterStyle.AdditiveSymbol] = []
        for tuple in tokens.split(separator: .comma, omittingEmptySubsequences: false) {
            guard tuple.count == 2 else { return nil }
            let (first, second) = (tuple[tuple.startIndex], tuple[tuple.startIndex + 1])
            let weight: Int, symbol: String
            if case .integer(let w) = first, let s = second.symbol { (weight, symbol) = (w, s) }
            else if case .integer(let w) = second, let s = first.symbol { (weight, symbol) = (w, s) }
            else { return nil }
            guard weight >= 0, result.last.map({ $0.weight > weight }) ?? true else { return nil }
            result.append(CounterStyle.AdditiveSymbol(weight: weight, symbol: symbol))
        }
        return result.isEmpty ? nil : result
    }

    /// `auto` (nil) or `[[<integer> | infinite]{2}]#` with each lower bound at most its upper bound.
    private static func range(_ tokens: [CSSValueToken]) -> [ClosedRange<Int>]?? {
        if tokens.count == 1, case .ident(let word) = tokens[0], word.lowercased() == "auto" { return .some(nil) }
        var ranges: [ClosedRange<Int>] = []
        for pair in tokens.split(separator: .comma, omittingEmptySubsequences: false) {
            guard pair.count == 2 else { return nil }
            func bound(_ token: CSSValueToken, infinite: Int) -> Int? {
                if case .integer(let value) = token { return value }
                if case .ident(let word) = token, word.lowercased() == "infinite" { return infinite }
                return nil
            }
            guard let lower = bound(pair[pair.startIndex], infinite: Int.min),
                  let upper = bound(pair[pair.startIndex + 1], infinite: Int.max), lower <= upper else { return nil }
            ranges.append(lower...upper)
        }
        return ranges.isEmpty ? nil : .some(ranges)
    }

    /// `<integer> && <symbol>`, the integer not negative.
    private static func pad(_ tokens: [CSSValueToken]) -> (length: Int, symbol: String)? {
        guard tokens.count == 2 else { return nil }
        if case .integer(let length) = tokens[0], let symbol = tokens[1].symbol, length >= 0 { return (length, symbol) }
        if case .integer(let length) = tokens[1], let symbol = tokens[0].symbol, length >= 0 { return (length, symbol) }
        return nil
    }
}
