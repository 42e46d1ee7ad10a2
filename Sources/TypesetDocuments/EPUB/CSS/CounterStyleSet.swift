/// The counter styles a document can name: the predefined ones of CSS Counter Styles 3 and the document's own
/// `@counter-style` rules (a later rule of a name replaces an earlier one whole; `decimal` and `disc` cannot be
/// replaced), with `extends` and `fallback` followed as the spec says:
/// - an `extends` of an unknown style, or a cycle of `extends`, extends `decimal`;
/// - a value a style cannot draw (out of its range, beyond its algorithm, longer than
///   ``CounterStyle/maximumLength``) is drawn by its fallback, and the fallback's fallback..., and by `decimal`
///   when a fallback is unknown or the chain comes back to a style already tried.
///
/// Resolving is a loop over the chain of `extends`, never a recursion, and each style is resolved once per
/// document (``resolved``), so a sheet of thousands of rules extending one another costs their number.
struct CounterStyleSet: Sendable {
    /// The document's rules by name (at most ``maximumRules``).
    private var rules: [String: CounterStyleRule] = [:]
    /// Styles resolved so far (nil: the name defines no style).
    private var resolved: [String: CounterStyle?] = [:]
    /// The styles that need no rule: the predefined ones (while they are being made, the complex ones only).
    private let builtIn: [String: CounterStyle]

    /// The most `@counter-style` rules one document's sheets may define; later ones are ignored.
    static let maximumRules = 1000

    /// The predefined styles only.
    init() { builtIn = Self.predefined }

    /// The predefined styles and `rules`, in cascade order (a later rule of a name wins).
    init(rules: [CounterStyleRule]) {
        builtIn = Self.predefined
        for rule in rules where rule.name != "decimal" && rule.name != "disc" {
            guard self.rules.count < Self.maximumRules || self.rules[rule.name] != nil else { continue }
            self.rules[rule.name] = rule
        }
    }

    /// The marker of a list item numbered `value` in style `type`: prefix, representation and suffix (`iv. `).
    mutating func marker(_ type: ListStyleType, value: Int) -> String {
        switch type {
        case .string(let text): return text
        case .symbols(let style): return style.prefix + representation(of: value, in: style, name: nil) + style.suffix
        case .named(let name):
            let style = self.style(named: name) ?? Self.decimal
            return style.prefix + representation(of: value, in: style, name: name) + style.suffix
        }
    }

    /// `value` in `style` or, when it cannot draw it, in the first of its fallbacks that can.
    mutating func representation(of value: Int, in style: CounterStyle, name: String?) -> String {
        var current = style
        var tried: Set<String> = name.map { [$0] } ?? []
        while true {
            if let text = current.representation(of: value) { return text }
            let next = current.fallback
            guard tried.insert(next).inserted, let fallback = self.style(named: next) else { break }
            current = fallback
        }
        return Self.decimal.representation(of: value) ?? String(value)
    }

    /// The style named `name` (as ``normalizedName(_:)`` gives it), or nil when no rule or predefined style
    /// defines one.
    mutating func style(named name: String) -> CounterStyle? {
        guard rules[name] != nil else { return builtIn[name] }
        if let known = resolved[name] { return known }
        resolveChain(from: name)
        return resolved[name] ?? nil
    }

    /// Resolves the rule `name` and the rules it extends, innermost first.
    private mutating func resolveChain(from name: String) {
        var chain: [CounterStyleRule] = []
        var positions: [String: Int] = [:]
        var next: String? = name
        var base: CounterStyle?
        while let current = next {
            next = nil
            guard let rule = rules[current], rule.definesStyle else {
                base = builtIn[current] ?? Self.decimal
                if rules[current] != nil { resolved[current] = builtIn[current] }
                break
            }
            if let known = resolved[current] { base = known ?? Self.decimal; break }
            if let start = positions[current] {
                // A cycle of `extends`: each style in it extends `decimal`.
                for member in chain[start...] { resolved[member.name] = member.style(extending: Self.decimal) }
                chain.removeSubrange(start...)
                base = resolved[current] ?? nil
                break
            }
            positions[current] = chain.count
            chain.append(rule)
            if case .extends(let extended) = rule.system { next = extended } else { base = nil }
        }
        for rule in chain.reversed() {
            let style = rule.style(extending: base ?? Self.decimal)
            resolved[rule.name] = style
            base = style
        }
    }

    /// The name a style is referred to by: the predefined names are matched ignoring ASCII case and lower-cased;
    /// other names are case-sensitive.
    static func normalizedName(_ name: String) -> String {
        let lower = name.lowercased()
        return predefinedNames.contains(lower) ? lower : name
    }

    /// The names of the predefined styles (read from the sheet's preludes, so that parsing the sheet can use it).
    static let predefinedNames: Set<String> = {
        var names = Set(complexStyles.keys)
        for rule in sheetRules {
            if let name = rule.prelude.split(whereSeparator: { $0 == " " || $0 == "\n" }).first { names.insert(String(name)) }
        }
        return names
    }()

    /// ``PredefinedCounterStyles/sheet``'s rules as prelude and body, split once for both ``predefinedNames`` and
    /// the rules, by one scan of the UTF-8 (a generic split of the sheet's string by a string separator cost
    /// 3 million instructions, paid at each start that reads a book with CSS).
    private static let sheetRules: [(prelude: String, body: String)] = {
        let marker = Array("@counter-style".utf8), bytes = Array(PredefinedCounterStyles.sheet.utf8)
        var starts: [Int] = []
        var index = 0
        while index + marker.count <= bytes.count {
            if bytes[index] == marker[0], bytes[index..<(index + marker.count)].elementsEqual(marker) {
                starts.append(index + marker.count)
                index += marker.count
            } else {
                index += 1
            }
        }
        return starts.indices.compactMap { number in
            let end = number + 1 < starts.count ? starts[number + 1] - marker.count : bytes.count
            let part = bytes[starts[number]..<end]
            guard let open = part.firstIndex(of: UInt8(ascii: "{")), let close = part.lastIndex(of: UInt8(ascii: "}")),
                  open < close else { return nil }
            return (String(decoding: part[..<open], as: UTF8.self), String(decoding: part[(open + 1)..<close], as: UTF8.self))
        }
    }()

    static let decimal = CounterStyle(algorithm: .numeric((0...9).map { String($0) }))

    /// The predefined styles by name.
    static let predefined: [String: CounterStyle] = {
        var set = CounterStyleSet(builtIn: complexStyles)
        for rule in predefinedRules() { set.rules[rule.name] = rule }
        var styles = complexStyles
        for name in set.rules.keys { if let style = set.style(named: name) { styles[name] = style } }
        return styles
    }()

    private init(builtIn: [String: CounterStyle]) { self.builtIn = builtIn }

    /// The rules of ``PredefinedCounterStyles/sheet``.
    private static func predefinedRules() -> [CounterStyleRule] {
        sheetRules.compactMap { rule in
            CounterStyleRule(prelude: rule.prelude, descriptors: CSSParser.splitTopLevel(rule.body, separator: ";"), predefined: true)
        }
    }

    /// The Chinese longhand styles and `ethiopic-numeric` (suffix `、` and fallback `cjk-decimal` for the Chinese
    /// ones, whose range the algorithm gives: -9999 to 9999).
    static let complexStyles: [String: CounterStyle] = {
        func chinese(_ numerals: ChineseNumerals, negative: String) -> CounterStyle {
            CounterStyle(algorithm: .chineseLonghand(numerals), negative: (negative, ""), suffix: "\u{3001}", fallback: "cjk-decimal")
        }
        return [
            "simp-chinese-informal": chinese(.simplifiedInformal, negative: "\u{8D1F}"),
            "simp-chinese-formal": chinese(.simplifiedFormal, negative: "\u{8D1F}"),
            "trad-chinese-informal": chinese(.traditionalInformal, negative: "\u{8CA0}"),
            "trad-chinese-formal": chinese(.traditionalFormal, negative: "\u{8CA0}"),
            "cjk-ideographic": chinese(.traditionalInformal, negative: "\u{8CA0}"),
            "ethiopic-numeric": CounterStyle(algorithm: .ethiopicNumeric, suffix: "/ "),
        ]
    }()
}

extension CounterStyleRule {
    /// Whether the rule defines a counter style: the symbols its system needs are there (two for `alphabetic`
    /// and `numeric`), and an `extends` rule has none of its own.
    var definesStyle: Bool {
        switch system {
        case .cyclic, .symbolic, .fixed: return (symbols?.count ?? 0) >= 1
        case .alphabetic, .numeric: return (symbols?.count ?? 0) >= 2
        case .additive: return !(additiveSymbols ?? []).isEmpty
        case .extends: return symbols == nil && additiveSymbols == nil
        }
    }

    /// The style the rule defines: its algorithm and descriptors, those it leaves out taken from `base` for an
    /// `extends` rule and from their initial values otherwise.
    func style(extending base: CounterStyle) -> CounterStyle {
        let symbols = self.symbols ?? []
        var style: CounterStyle
        switch system {
        case .cyclic: style = CounterStyle(algorithm: .cyclic(symbols))
        case .fixed(let first): style = CounterStyle(algorithm: .fixed(first: first, symbols))
        case .symbolic: style = CounterStyle(algorithm: .symbolic(symbols))
        case .alphabetic: style = CounterStyle(algorithm: .alphabetic(symbols))
        case .numeric: style = CounterStyle(algorithm: .numeric(symbols))
        case .additive: style = CounterStyle(algorithm: .additive(additiveSymbols ?? []))
        case .extends: style = base
        }
        if let negative { style.negative = negative }
        if let prefix { style.prefix = prefix }
        if let suffix { style.suffix = suffix }
        if let range { style.range = range }
        if let pad { style.pad = pad }
        if let fallback { style.fallback = fallback }
        return style
    }
}

/// What `list-style-type` names: a counter style, a string drawn as it is (CSS Lists 3), or an anonymous style
/// of `symbols()`.
enum ListStyleType: Equatable, Sendable {
    case named(String)
    case string(String)
    case symbols(CounterStyle)

    /// The value of `list-style-type` (or the type in `list-style`) from its tokens; nil when they are not one.
    /// `none` is not a type: callers check for it first.
    init?(_ tokens: [CSSValueToken]) {
        guard tokens.count == 1 else { return nil }
        switch tokens[0] {
        case .ident(let name):
            guard !CounterStyleRule.reservedNames.contains(name.lowercased()) || ["decimal", "disc"].contains(name.lowercased())
            else { return nil }
            self = .named(CounterStyleSet.normalizedName(name))
        case .string(let text): self = .string(text)
        case .function(name: "symbols", let arguments):
            guard let style = Self.symbolsFunction(arguments) else { return nil }
            self = .symbols(style)
        default: return nil
        }
    }

    /// `symbols( <symbols-type>? <string>+ )`: an anonymous style with suffix " " (fixed from 1; alphabetic and
    /// numeric need two strings).
    static func symbolsFunction(_ arguments: [CSSValueToken]) -> CounterStyle? {
        var arguments = arguments[...]
        var system = "symbolic"
        if case .ident(let word)? = arguments.first { system = word.lowercased(); arguments = arguments.dropFirst() }
        var strings: [String] = []
        for argument in arguments {
            guard case .string(let text) = argument else { return nil }
            strings.append(text)
        }
        let algorithm: CounterStyle.Algorithm
        switch system {
        case "cyclic" where !strings.isEmpty: algorithm = .cyclic(strings)
        case "symbolic" where !strings.isEmpty: algorithm = .symbolic(strings)
        case "fixed" where !strings.isEmpty: algorithm = .fixed(first: 1, strings)
        case "alphabetic" where strings.count >= 2: algorithm = .alphabetic(strings)
        case "numeric" where strings.count >= 2: algorithm = .numeric(strings)
        default: return nil
        }
        return CounterStyle(algorithm: algorithm, suffix: " ")
    }
}
