/// The condition of an `@supports` rule (CSS Conditional Rules 3 §6, with Level 4's `selector()`): whether the
/// rules in its block apply here. A publisher's sheet puts a modern layout inside `@supports (display: flex)` and its
/// fallback inside `@supports not (display: flex)`, or a fallback for small capitals inside
/// `@supports not (font-variant-caps: all-small-caps)`: applying every block, as Typeset did, applied both.
///
/// - `(property: value)` holds when Typeset applies that declaration: ``CSSDeclaration/parse(property:value:)``
///   reads it (the same test that keeps or drops it in a style rule), `!important` allowed. A custom property
///   (`--name: anything`) holds, as CSS says. Declarations Typeset reads but lays out otherwise than CSS does are
///   not supported (``approximated(property:value:)``: a flex or grid container is set as a block), so that a
///   book's fallback for them applies.
/// - `selector(…)` holds when one complex selector is one Typeset matches (a list, or a pseudo-class it does not
///   know, does not hold).
/// - `not`, `and`, `or` as the grammar has them: one kind of operator per level, each followed by white space
///   (`not(…)` is a function, so general-enclosed).
/// - Anything else in parentheses or a function (`(foobar)`, `font-tech(color-COLRv1)`) is
///   `<general-enclosed>` and does not hold.
/// - A prelude that is none of these (operators mixed on one level, a bare word) makes the rule invalid: its
///   block is skipped, as for a condition that does not hold.
///
/// Parentheses nest at most ``maximumNesting`` deep (a condition nested deeper does not hold, whatever is around
/// it), so its recursion is bounded whatever a sheet says, and reading is linear in the prelude (times that depth
/// at most).
struct CSSSupportsCondition {
    /// How deep parenthesised conditions may nest.
    static let maximumNesting = 32

    private let scalars: [Unicode.Scalar]
    /// For each `(` outside strings, the index of its `)` (or nil when it is not closed).
    private let closing: [Int: Int]
    private let selectorIsSupported: (String) -> Bool

    /// Whether the condition `prelude` holds; `selectorIsSupported` answers for the argument of `selector()`.
    static func holds(_ prelude: String, selectorIsSupported: (String) -> Bool) -> Bool {
        withoutActuallyEscaping(selectorIsSupported) { answer in
            let condition = CSSSupportsCondition(prelude, selectorIsSupported: answer)
            var index = 0
            // Nested past the limit: the whole condition does not hold (not only the part past it, which a `not`
            // above it would turn around).
            guard let value = try? condition.condition(at: &index, end: condition.scalars.count, depth: 0) else { return false }
            condition.skipWhiteSpace(&index, end: condition.scalars.count)
            return index == condition.scalars.count && value
        }
    }

    private init(_ prelude: String, selectorIsSupported: @escaping (String) -> Bool) {
        scalars = Array(prelude.unicodeScalars)
        self.selectorIsSupported = selectorIsSupported
        var closing: [Int: Int] = [:]
        var open: [Int] = []
        var nesting = CSSNesting()
        for (index, c) in scalars.enumerated() where nesting.feed(c) {
            if c == "(" { open.append(index) } else if c == ")", let start = open.popLast() { closing[start] = index }
        }
        self.closing = closing
    }

    /// Parentheses nested deeper than ``maximumNesting``.
    private struct TooDeep: Error {}

    /// `<supports-condition>` from `index` up to `end`: `not` one operand, or operands joined by one operator.
    /// nil when the text there is not one.
    private func condition(at index: inout Int, end: Int, depth: Int) throws(TooDeep) -> Bool? {
        skipWhiteSpace(&index, end: end)
        if keyword("not", at: &index, end: end) {
            return try operand(at: &index, end: end, depth: depth).map { !$0 }
        }
        guard var value = try operand(at: &index, end: end, depth: depth) else { return nil }
        var joining: String?
        while true {
            skipWhiteSpace(&index, end: end)
            guard index < end else { return value }
            let word = keyword("and", at: &index, end: end) ? "and" : keyword("or", at: &index, end: end) ? "or" : nil
            // Another word, or `and` after `or` on one level without parentheses: not the grammar.
            guard let word, joining == nil || joining == word, let next = try operand(at: &index, end: end, depth: depth) else { return nil }
            joining = word
            value = word == "and" ? value && next : value || next
        }
    }

    /// `<supports-in-parens>`: a parenthesised condition, a declaration, `selector()`, or anything else in
    /// parentheses or a function (false). nil when the text at `index` is none of these.
    private func operand(at index: inout Int, end: Int, depth: Int) throws(TooDeep) -> Bool? {
        skipWhiteSpace(&index, end: end)
        guard index < end else { return nil }
        if scalars[index] == "(" {
            guard let close = closing[index], close < end else { return nil }
            defer { index = close + 1 }
            return try parenthesised(from: index + 1, to: close, depth: depth + 1)
        }
        // A function: its name, then `(` at once.
        var nameEnd = index
        while nameEnd < end, CSSParser.isIdentifier(scalars[nameEnd]) { nameEnd += 1 }
        guard nameEnd > index, nameEnd < end, scalars[nameEnd] == "(", let close = closing[nameEnd], close < end else { return nil }
        let name = String(String.UnicodeScalarView(scalars[index..<nameEnd])).lowercased()
        let argument = String(String.UnicodeScalarView(scalars[(nameEnd + 1)..<close])).trimmingWhiteSpace()
        index = close + 1
        guard name == "selector" else { return false }
        return CSSParser.splitTopLevel(argument, separator: ",").count == 1 && selectorIsSupported(argument)
    }

    /// The inside of `( … )`: a condition when all of it is one, else a declaration, else general-enclosed (false).
    private func parenthesised(from start: Int, to end: Int, depth: Int) throws(TooDeep) -> Bool {
        guard depth <= Self.maximumNesting else { throw TooDeep() }
        var inner = start
        if let value = try condition(at: &inner, end: end, depth: depth) {
            skipWhiteSpace(&inner, end: end)
            if inner == end { return value }
        }
        return declarationHolds(String(String.UnicodeScalarView(scalars[start..<end])))
    }

    /// `property: value` (with `!important` or not) that Typeset applies; false for anything else.
    private func declarationHolds(_ text: String) -> Bool {
        // Split as a style rule's declarations are (CSSParser.declarationParts), `!important` allowed.
        guard let (property, rawValue) = CSSParser.declarationParts(text), !property.isEmpty,
              property.unicodeScalars.allSatisfy(CSSParser.isIdentifier) else { return false }
        if property.hasPrefix("--") { return true }
        let value = rawValue.trimmingWhiteSpace()
        guard !value.isEmpty, !Self.approximated(property: property, value: value.lowercased()) else { return false }
        return !CSSDeclaration.parse(property: property, value: Substring(value)).isEmpty
    }

    /// Declarations Typeset reads but lays out as something else: flex and grid containers are blocks (or inline
    /// blocks), their items set one after another. A book's `@supports (display: flex)` block assumes flex layout.
    static func approximated(property: String, value: String) -> Bool {
        property == "display" && ["flex", "inline-flex", "grid", "inline-grid"].contains(value)
    }

    /// Whether `word` (ASCII, case-insensitive) stands at `index` followed by white space; if so, `index` moves
    /// past it. (`not(` is a function's name in CSS, so `not(display: flex)` is general-enclosed, as browsers read
    /// it: false.)
    private func keyword(_ word: String, at index: inout Int, end: Int) -> Bool {
        let letters = Array(word.unicodeScalars)
        guard index + letters.count < end, CSSParser.isWhiteSpace(scalars[index + letters.count]) else { return false }
        for (k, letter) in letters.enumerated() where Self.lowered(scalars[index + k]) != letter { return false }
        index += letters.count
        return true
    }

    private func skipWhiteSpace(_ index: inout Int, end: Int) {
        while index < end, CSSParser.isWhiteSpace(scalars[index]) { index += 1 }
    }

    private static func lowered(_ c: Unicode.Scalar) -> Unicode.Scalar {
        c.value >= 0x41 && c.value <= 0x5A ? Unicode.Scalar(c.value + 0x20) ?? c : c
    }
}
