/// The `content` of a `::before` or `::after` pseudo-element (CSS 2.1 §12.2, CSS Generated Content 3 §1): the text
/// it generates, from strings, `attr()`, quotation marks and counters (`counter()`, `counters()`, CSS Lists 3 §4.8).
/// `url()` and the rest are not read: a value using them is dropped, as CSS drops a value it does not support.
enum CSSContentPart: Equatable, Sendable {
    case text(String)
    /// `attr(name)`: the element's attribute (nothing when it has none).
    case attribute(String)
    /// `open-quote`, `close-quote`: the quotation marks of the text's language at the first level.
    case openQuote, closeQuote
    /// `counter(name, style)`: the innermost counter `name` in `style` (nil: `decimal`); `counters(name,
    /// separator, style)`: all of them, outermost first, `separator` between (``separator`` nil for `counter()`).
    case counter(name: String, separator: String?, style: String?)

    /// The parts of `value` (as written, not lower-cased: strings keep their case), nil for `none` or `normal`
    /// (no generated box), or `[]` when it holds anything not read.
    static func parse(_ value: Substring) -> [CSSContentPart]? {
        let tokens = CSSValueToken.tokens(value)
        if tokens.count == 1, case .ident(let name) = tokens[0], ["none", "normal"].contains(name.lowercased()) { return nil }
        var parts: [CSSContentPart] = []
        for token in tokens {
            switch token {
            case .string(let text): parts.append(.text(text))
            case .ident(let name) where name.lowercased() == "open-quote": parts.append(.openQuote)
            case .ident(let name) where name.lowercased() == "close-quote": parts.append(.closeQuote)
            case .ident(let name) where ["no-open-quote", "no-close-quote"].contains(name.lowercased()): continue
            case .function(name: "attr", arguments: let arguments):
                guard arguments.count == 1, case .ident(let name) = arguments[0] else { return [] }
                parts.append(.attribute(name))
            case .function(name: let function, arguments: let arguments) where ["counter", "counters"].contains(function.lowercased()):
                guard let counter = counterPart(arguments, all: function.lowercased() == "counters") else { return [] }
                parts.append(counter)
            default: return []
            }
        }
        return parts.isEmpty ? [] : parts
    }

    /// `counter(name)`, `counter(name, style)`, `counters(name, "separator")` or `counters(name, "separator",
    /// style)`; nil for anything else.
    private static func counterPart(_ arguments: [CSSValueToken], all: Bool) -> CSSContentPart? {
        let values = arguments.split(separator: .comma, omittingEmptySubsequences: false).map(Array.init)
        guard values.allSatisfy({ $0.count == 1 }), let first = values.first, case .ident(let name) = first[0] else { return nil }
        var rest = values.dropFirst()
        var separator: String?
        if all {
            guard case .string(let text)? = rest.first?.first else { return nil }
            separator = text
            rest = rest.dropFirst()
        }
        guard rest.count <= 1 else { return nil }
        var style: String?
        if let last = rest.first {
            guard case .ident(let styleName) = last[0] else { return nil }
            style = styleName
        }
        return .counter(name: name, separator: separator, style: style)
    }

    /// The generated text of `parts` for `element`, its white space collapsed (white-space: normal): quotation
    /// marks as `quotes` gives them (the language's, ``QuotationMarks``), counters as `counter` writes a counter
    /// part.
    static func text(_ parts: [CSSContentPart], element: XMLElement, quotes: (open: String, close: String),
                     counter: (CSSContentPart) -> String = { _ in "" }) -> String {
        var text = ""
        for part in parts {
            switch part {
            case .text(let string): text += string
            case .attribute(let name): text += element.attribute(name) ?? ""
            case .openQuote: text += quotes.open
            case .closeQuote: text += quotes.close
            case .counter: text += counter(part)
            }
        }
        return text
    }
}

/// The value of `quotes` (CSS Generated Content 3 §2.1): the language's marks (`auto`), none, or the book's pairs,
/// outermost first, the last pair for every deeper level.
enum CSSQuotes: Equatable, Sendable {
    case auto
    case none
    case pairs([QuotationMarks])

    /// `auto`, `none`, or an even number of strings (with CSS escapes, as `content`'s: `"\201C" "\201D"`); nil for
    /// anything else.
    init?(_ value: Substring) {
        let tokens = CSSValueToken.tokens(value)
        if tokens.count == 1, case .ident(let name) = tokens[0] {
            switch name.lowercased() {
            case "auto": self = .auto
            case "none": self = .none
            default: return nil
            }
            return
        }
        var strings: [String] = []
        for token in tokens {
            guard case .string(let text) = token else { return nil }
            strings.append(text)
        }
        guard !strings.isEmpty, strings.count % 2 == 0 else { return nil }
        self = .pairs(stride(from: 0, to: strings.count, by: 2).map { QuotationMarks(open: strings[$0], close: strings[$0 + 1]) })
    }
}
