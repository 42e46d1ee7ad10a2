/// A pseudo-class the matcher evaluates (Selectors 3 §6.6): the structural ones (`:first-child`,
/// `:nth-child(2n+1)`, `:last-of-type`...), `:root`, `:empty`, `:link` (a link is never visited here), `:lang()`
/// (Selectors 4 §7.2) and `:not()` of one compound selector without `:not()` in it (Selectors 3 §6.6.7, which keeps
/// its nesting one deep).
/// Dynamic ones (`:hover`, `:focus`, `:visited`) and the rest are not: a selector using them is dropped, as one a
/// page never matches.
enum CSSPseudoClass: Sendable {
    case root, empty, link
    /// The element is the `nth` of its parent's children (of its own type with `ofType`), counted from the last
    /// with `fromEnd`: `:first-child` is `nth(0n+1)`, `:nth-last-of-type(2)` is `nth(0n+2, ofType, fromEnd)`.
    case nth(CSSNth, ofType: Bool, fromEnd: Bool)
    /// `:only-child` (`ofType`: `:only-of-type`).
    case only(ofType: Bool)
    /// `:lang(fr, "de-CH")`: the element's language (``ElementPath/language``) is one of the ranges, or begins
    /// with one and a hyphen, ignoring case (implicit wildcard matching, Selectors 4 §7.2); a range `*` matches any
    /// language the element has. At most ``maximumLanguageRanges``, lowercased.
    case lang([String])
    indirect case not(CSSCompoundSelector)

    /// The most ranges a `:lang()` lists (a longer list is not read: the selector is dropped).
    static let maximumLanguageRanges = 32

    /// The pseudo-class `name` with `argument` (the text between its parentheses; nil without them), or nil when
    /// the matcher cannot evaluate it. `negated` parses the compound of a `:not()`.
    static func parse(_ name: String, argument: String?, negated: (String) -> CSSCompoundSelector?) -> CSSPseudoClass? {
        let first = CSSNth(a: 0, b: 1)
        switch (name, argument) {
        case ("root", nil): return .root
        case ("empty", nil): return .empty
        case ("link", nil), ("any-link", nil): return .link
        case ("first-child", nil): return .nth(first, ofType: false, fromEnd: false)
        case ("last-child", nil): return .nth(first, ofType: false, fromEnd: true)
        case ("first-of-type", nil): return .nth(first, ofType: true, fromEnd: false)
        case ("last-of-type", nil): return .nth(first, ofType: true, fromEnd: true)
        case ("only-child", nil): return .only(ofType: false)
        case ("only-of-type", nil): return .only(ofType: true)
        case ("nth-child", let argument?): return CSSNth(argument).map { .nth($0, ofType: false, fromEnd: false) }
        case ("nth-last-child", let argument?): return CSSNth(argument).map { .nth($0, ofType: false, fromEnd: true) }
        case ("nth-of-type", let argument?): return CSSNth(argument).map { .nth($0, ofType: true, fromEnd: false) }
        case ("nth-last-of-type", let argument?): return CSSNth(argument).map { .nth($0, ofType: true, fromEnd: true) }
        case ("not", let argument?): return negated(argument).map { .not($0) }
        case ("lang", let argument?): return languageRanges(argument).map { .lang($0) }
        default: return nil
        }
    }

    /// Its part of a selector's specificity (``CSSSelector/specificity``): a class's, or for `:not()` its argument's.
    var specificity: Int {
        if case .not(let compound) = self { return compound.specificity }
        return 1_000
    }

    /// Whether the element at `path` has it.
    func matches(_ path: ElementPath) -> Bool {
        switch self {
        case .root: return path.parent == nil
        case .empty: return path.element.children.isEmpty
        case .link:
            let name = path.element.lowercasedName
            return (name == "a" || name == "area") && path.element.attribute("href") != nil
        case .nth(let nth, let ofType, let fromEnd):
            let position = path.position(ofType: ofType)
            return nth.matches(fromEnd ? position.count - position.index + 1 : position.index)
        case .only(let ofType): return path.position(ofType: ofType).count == 1
        case .lang(let ranges):
            guard let language = path.language?.lowercased() else { return false }
            return ranges.contains { $0 == "*" || language == $0 || language.hasPrefix($0 + "-") }
        case .not(let compound): return !compound.matches(path)
        }
    }

    /// The ranges of a `:lang()` argument: identifiers or strings, separated by commas; nil when one is empty or
    /// there are too many.
    private static func languageRanges(_ argument: String) -> [String]? {
        let ranges = CSSParser.splitTopLevel(argument, separator: ",").map { CSSFontFace.unquoted($0).lowercased() }
        guard !ranges.isEmpty, ranges.count <= maximumLanguageRanges, !ranges.contains(where: \.isEmpty) else { return nil }
        return ranges
    }
}

/// The `an+b` of `:nth-child()` and its kin (CSS Syntax 3 §6): the 1-based positions `a·n + b` for some n ≥ 0.
struct CSSNth: Equatable, Sendable {
    let a: Int
    let b: Int

    /// Largest |a| or |b| read; beyond it a value is read as this (a position past it would need that many siblings).
    static let limit = 1 << 30

    init(a: Int, b: Int) { self.a = a; self.b = b }

    /// Parses `odd`, `even`, `3`, `-n+3`, `2n + 1`, `n`...; nil for anything else (`of S` included).
    init?(_ text: String) {
        let compact = text.lowercased().filter { !$0.isWhitespace }
        if compact == "odd" { self.init(a: 2, b: 1); return }
        if compact == "even" { self.init(a: 2, b: 0); return }
        guard let n = compact.firstIndex(of: "n") else {
            guard let b = CSSNth.integer(Substring(compact)) else { return nil }
            self.init(a: 0, b: b)
            return
        }
        let head = compact[..<n], tail = compact[compact.index(after: n)...]
        let a: Int?
        switch head {
        case "", "+": a = 1
        case "-": a = -1
        default: a = CSSNth.integer(head)
        }
        guard let a, let b = tail.isEmpty ? 0 : (tail.first == "+" || tail.first == "-") ? CSSNth.integer(tail) : nil else { return nil }
        self.init(a: a, b: b)
    }

    /// A signed decimal integer, clamped to ±``limit``; nil when it is not one.
    private static func integer(_ text: Substring) -> Int? {
        var digits = text
        var sign = 1
        if let first = digits.first, first == "+" || first == "-" { sign = first == "-" ? -1 : 1; digits.removeFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        var value = 0
        for digit in digits.utf8 { value = min(limit, value * 10 + Int(digit - 0x30)) }
        return sign * value
    }

    /// Whether 1-based position `index` is `a·n + b` for some n ≥ 0.
    func matches(_ index: Int) -> Bool {
        let offset = index - b
        if a == 0 { return offset == 0 }
        return offset % a == 0 && offset / a >= 0
    }
}
