import TypesetCore

/// A media query list (CSS Media Queries 4), as `@media`, `@import`, `<link media>`, `<style media>` and
/// `<source media>` write it, evaluated against a reader's page (``MediaEnvironment``).
///
/// The grammar is the specification's: a comma-separated list of queries, each a media type with `not` or `only`
/// and `and` conditions, or a condition alone; conditions combine features in parentheses with `not`, `and` and
/// `or` (never `and` and `or` at one level), nested in parentheses. Features take the plain form
/// (`(min-width: 30em)`), the boolean form (`(color)`) and the range form (`(400px <= width < 700px)`). Evaluation
/// is three-valued as the specification says: a feature Typeset does not know, a value of the wrong type, or
/// anything else in parentheses it cannot read is *unknown*, which `not` keeps unknown and which is false at the
/// top; a query that does not parse at all is `not all`.
///
/// A reading system is a `screen` (and `all`); `print`, the deprecated types (`tv`, `handheld`...) and Kindle's
/// `amzn-kf8` and `amzn-mobi` match nothing, so `not amzn-mobi` holds, as in every reading system but a Kindle.
/// Lengths in queries are CSS pixels (a point, in Typeset); `em` and `rem` are 16 px, the initial font size, never
/// the reader's (Media Queries 4 §1.3: relative units are based on initial values).
///
/// Parsing and evaluation are iterative (parentheses nest in an explicit stack) and linear in the query's length.
struct MediaQueryList: Hashable, Sendable {
    /// The queries; the list holds when one of them does. Empty: the list always holds.
    let queries: [MediaQuery]

    /// A list that always holds.
    static let all = MediaQueryList(queries: [])

    private init(queries: [MediaQuery]) { self.queries = queries }

    /// Parses `text`; a query that does not parse is `not all` (it never holds), the others are kept.
    init(parsing text: String) {
        let tokens = MediaQueryToken.tokenize(text)
        guard !tokens.isEmpty else { self.queries = []; return }
        var queries: [MediaQuery] = []
        var start = 0, depth = 0
        for index in 0...tokens.count {
            if index < tokens.count {
                switch tokens[index] {
                case .open: depth += 1; continue
                case .close: depth = max(0, depth - 1); continue
                case .comma where depth == 0: break
                default: continue
                }
            }
            queries.append(MediaQuery(tokens[start..<index]) ?? .never)
            start = index + 1
        }
        self.queries = queries
    }

    /// Whether the list holds on `environment`.
    func matches(_ environment: MediaEnvironment) -> Bool {
        queries.isEmpty || queries.contains { $0.evaluate(environment) }
    }

    /// Whether the answer can change with the reader's settings (a feature of the page, theme or density is asked).
    var dependsOnEnvironment: Bool { queries.contains { $0.dependsOnEnvironment } }

    /// The answer when it is the same on every page and theme; nil when it depends on them.
    var constantValue: Bool? {
        dependsOnEnvironment ? nil : matches(.reference)
    }
}

/// One query of a list: a media type (possibly negated) and a condition.
struct MediaQuery: Hashable, Sendable {
    enum MediaType: Hashable, Sendable {
        /// `all`, `screen`: a reading system's page.
        case matching
        /// `print`, the deprecated types, Kindle's `amzn-*`, any other name.
        case notMatching
    }

    let negated: Bool
    let type: MediaType
    /// The condition in postfix order (nil: none).
    let condition: [MediaConditionStep]?

    /// A query that never holds (`not all`): what an unreadable query becomes.
    static let never = MediaQuery(negated: true, type: .matching, condition: nil)

    private init(negated: Bool, type: MediaType, condition: [MediaConditionStep]?) {
        self.negated = negated; self.type = type; self.condition = condition
    }

    /// Reserved words that are not media types.
    private static let reserved: Set<String> = ["and", "or", "not", "only", "layer"]
    /// Media types that match a reading system's page.
    private static let matchingTypes: Set<String> = ["all", "screen"]

    /// Parses one query's tokens; nil when they do not form one.
    init?(_ tokens: ArraySlice<MediaQueryToken>) {
        guard let first = tokens.first else { return nil }
        let second = tokens.dropFirst().first
        if first == .open || (first == .identifier("not") && second == .open) {
            guard let condition = MediaConditionStep.parse(tokens, allowsOr: true) else { return nil }
            self.init(negated: false, type: .matching, condition: condition)
            return
        }
        var rest = tokens
        var negated = false
        if case .identifier(let word) = first, word == "not" || word == "only" {
            negated = word == "not"
            rest = rest.dropFirst()
        }
        guard case .identifier(let name)? = rest.first, !Self.reserved.contains(name) else { return nil }
        rest = rest.dropFirst()
        var condition: [MediaConditionStep]?
        if let next = rest.first {
            guard next == .identifier("and"), let parsed = MediaConditionStep.parse(rest.dropFirst(), allowsOr: false) else { return nil }
            condition = parsed
        }
        self.init(negated: negated, type: Self.matchingTypes.contains(name) ? .matching : .notMatching, condition: condition)
    }

    /// Whether the query holds (unknown counts as false, before `not` applies to the whole query, as the
    /// specification has it: `not screen and (unknown)` holds).
    func evaluate(_ environment: MediaEnvironment) -> Bool {
        var holds = type == .matching
        if holds, let condition { holds = MediaConditionStep.evaluate(condition, environment) == .yes }
        return negated ? !holds : holds
    }

    var dependsOnEnvironment: Bool {
        condition?.contains { step in
            if case .test(let test) = step { return test.feature.dependsOnEnvironment }
            return false
        } ?? false
    }
}

/// Kleene's three truth values, as Media Queries 4 evaluates conditions.
enum MediaTruth: Hashable, Sendable {
    case yes, no, unknown

    init(_ value: Bool) { self = value ? .yes : .no }

    var negated: MediaTruth {
        switch self {
        case .yes: .no
        case .no: .yes
        case .unknown: .unknown
        }
    }
}

/// One step of a condition in postfix order: a feature test or something unreadable pushes a value; `not`, `and`
/// and `or` combine the values before them.
enum MediaConditionStep: Hashable, Sendable {
    case test(MediaFeatureTest)
    /// `<general-enclosed>`: parentheses Typeset cannot read, or a feature it does not know.
    case unknown
    case not
    case and(Int)
    case or(Int)

    /// A group of parentheses being parsed: how many operands it has, how they combine, and whether `not` opened it.
    private struct Group {
        var operands = 0
        var combinator: MediaConditionStep?
        var negated = false
        var allowsOr: Bool

        func finish(into steps: inout [MediaConditionStep]) {
            if operands > 1, let combinator {
                if case .or = combinator { steps.append(.or(operands)) } else { steps.append(.and(operands)) }
            }
            if negated { steps.append(.not) }
        }
    }

    /// Parses a `<media-condition>` (or, without `allowsOr`, a `<media-condition-without-or>`) spanning all of
    /// `tokens`; nil when they do not form one.
    static func parse(_ tokens: ArraySlice<MediaQueryToken>, allowsOr: Bool) -> [MediaConditionStep]? {
        var steps: [MediaConditionStep] = []
        var groups = [Group(allowsOr: allowsOr)]
        var expectsOperand = true
        var index = tokens.startIndex
        while index < tokens.endIndex {
            let token = tokens[index]
            let last = groups.count - 1
            if expectsOperand {
                if token == .identifier("not"), groups[last].operands == 0, groups[last].combinator == nil, !groups[last].negated {
                    groups[last].negated = true
                    index += 1
                    continue
                }
                guard token == .open else { return nil }
                let next = index + 1 < tokens.endIndex ? tokens[index + 1] : nil
                if next == .open || next == .identifier("not") {
                    groups.append(Group(allowsOr: true))
                    index += 1
                    continue
                }
                guard let close = matchingClose(tokens, from: index) else { return nil }
                steps.append(contentsOf: MediaFeatureTest.steps(tokens[(index + 1)..<close]))
                groups[last].operands += 1
                expectsOperand = false
                index = close + 1
                continue
            }
            switch token {
            case .identifier(let word) where word == "and" || word == "or":
                let combinator: MediaConditionStep = word == "and" ? .and(0) : .or(0)
                guard !groups[last].negated, word == "and" || groups[last].allowsOr else { return nil }
                if let existing = groups[last].combinator, existing != combinator { return nil }
                groups[last].combinator = combinator
                expectsOperand = true
            case .close:
                guard groups.count > 1 else { return nil }
                groups[last].finish(into: &steps)
                groups.removeLast()
                groups[groups.count - 1].operands += 1
            default:
                return nil
            }
            index += 1
        }
        guard groups.count == 1, !expectsOperand else { return nil }
        groups[0].finish(into: &steps)
        return steps
    }

    /// The index of the `)` closing the `(` at `open`, nil when it is not closed.
    private static func matchingClose(_ tokens: ArraySlice<MediaQueryToken>, from open: Int) -> Int? {
        var depth = 0
        for index in open..<tokens.endIndex {
            if tokens[index] == .open { depth += 1 }
            if tokens[index] == .close {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    /// Evaluates postfix `steps` on a stack.
    static func evaluate(_ steps: [MediaConditionStep], _ environment: MediaEnvironment) -> MediaTruth {
        var stack: [MediaTruth] = []
        for step in steps {
            switch step {
            case .test(let test): stack.append(test.evaluate(environment))
            case .unknown: stack.append(.unknown)
            case .not: if let top = stack.popLast() { stack.append(top.negated) }
            case .and(let count), .or(let count):
                let operands = stack.suffix(count)
                stack.removeLast(min(count, stack.count))
                let isAnd: Bool
                if case .and = step { isAnd = true } else { isAnd = false }
                let decisive: MediaTruth = isAnd ? .no : .yes
                stack.append(operands.contains(decisive) ? decisive : (operands.contains(.unknown) ? .unknown : decisive.negated))
            }
        }
        return stack.last ?? .unknown
    }
}

/// A token of a media query (lower-cased: media queries are ASCII case-insensitive).
enum MediaQueryToken: Hashable, Sendable {
    case open, close, comma, colon, slash
    case comparison(MediaFeatureTest.Comparison)
    case identifier(String)
    /// A number and its unit (empty for none).
    case number(Double, String)
    /// Anything else: it makes its query or its parentheses unreadable.
    case other

    static func tokenize(_ text: String) -> [MediaQueryToken] {
        let scalars = Array(text.lowercased().unicodeScalars)
        var tokens: [MediaQueryToken] = []
        var index = 0
        func isNameStart(_ c: Unicode.Scalar) -> Bool { (c >= "a" && c <= "z") || c == "_" || c == "-" || c.value >= 0x80 }
        func isName(_ c: Unicode.Scalar) -> Bool { isNameStart(c) || (c >= "0" && c <= "9") }
        func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }
        while index < scalars.count {
            let c = scalars[index]
            let next = index + 1 < scalars.count ? scalars[index + 1] : " "
            if CSSParser.isWhiteSpace(c) { index += 1; continue }
            switch c {
            case "(": tokens.append(.open); index += 1; continue
            case ")": tokens.append(.close); index += 1; continue
            case ",": tokens.append(.comma); index += 1; continue
            case ":": tokens.append(.colon); index += 1; continue
            case "/": tokens.append(.slash); index += 1; continue
            case "=": tokens.append(.comparison(.equal)); index += 1; continue
            case "<", ">":
                let orEqual = next == "="
                tokens.append(.comparison(c == "<" ? (orEqual ? .lessOrEqual : .less) : (orEqual ? .greaterOrEqual : .greater)))
                index += orEqual ? 2 : 1
                continue
            default: break
            }
            let startsNumber = isDigit(c) || (c == "." && isDigit(next))
                || ((c == "+" || c == "-") && (isDigit(next) || next == "."))
            if startsNumber {
                var text = String(c)
                index += 1
                while index < scalars.count, isDigit(scalars[index]) || scalars[index] == "." { text.unicodeScalars.append(scalars[index]); index += 1 }
                var unit = ""
                while index < scalars.count, isName(scalars[index]) || scalars[index] == "%" { unit.unicodeScalars.append(scalars[index]); index += 1 }
                if text.hasPrefix("+") { text.removeFirst() }
                if text.hasPrefix(".") { text = "0" + text } else if text.hasPrefix("-.") { text = "-0" + text.dropFirst() }
                tokens.append(Double(text).map { $0.isFinite ? .number($0, unit) : .other } ?? .other)
                continue
            }
            if isNameStart(c) {
                var name = ""
                while index < scalars.count, isName(scalars[index]) { name.unicodeScalars.append(scalars[index]); index += 1 }
                tokens.append(.identifier(name))
                continue
            }
            tokens.append(.other)
            index += 1
        }
        return tokens
    }
}
