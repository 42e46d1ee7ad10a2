/// A small, forgiving CSS parser: rules, selectors and the declarations of ``CSSDeclaration``.
///
/// Like a browser, it skips what it does not understand (an unknown at-rule, a bad declaration, an
/// unsupported selector) and goes on with the next rule.
struct CSSParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    /// `@namespace` prefixes declared so far.
    private var namespaces: [String: String] = [:]
    /// The `@import` rules whose media can apply, in order (imports after the first rule are ignored, as CSS
    /// says).
    private(set) var imports: [CSSImport] = []
    /// The `@font-face` rules, in order, their sources as written.
    private(set) var fontFaces: [CSSFontFace] = []
    /// The `@counter-style` rules with a valid name, in order.
    private(set) var counterStyles: [CounterStyleRule] = []
    private var sawRule = false
    /// Where the declarations it drops are recorded (nil: not asked, nothing recorded).
    private let ignored: IgnoredCSSSink?

    init(_ source: String, ignored: IgnoredCSSSink? = nil) {
        self.ignored = ignored
        // Comments go first, so nothing else has to know about them.
        let all = Array(source.unicodeScalars)
        scalars = CSSParser.withoutComments(all)
    }

    /// `all` with each comment replaced by a space (a comment inside a string is text). The text between
    /// comments is copied a run at a time.
    private static func withoutComments(_ all: [Unicode.Scalar]) -> [Unicode.Scalar] {
        guard all.contains("*") else { return all }
        var stripped: [Unicode.Scalar] = []
        stripped.reserveCapacity(all.count)
        var i = 0, runStart = 0
        var quote: Unicode.Scalar?
        while i < all.count {
            let c = all[i]
            if let open = quote {
                if c == "\\", i + 1 < all.count { i += 2; continue }
                if c == open { quote = nil }
                i += 1
            } else if c == "/", i + 1 < all.count, all[i + 1] == "*" {
                stripped.append(contentsOf: all[runStart..<i])
                i += 2
                while i < all.count, !(all[i] == "*" && i + 1 < all.count && all[i + 1] == "/") { i += 1 }
                i = min(i + 2, all.count)
                runStart = i
                stripped.append(" ")
            } else {
                if c == "\"" || c == "'" { quote = c }
                i += 1
            }
        }
        stripped.append(contentsOf: all[min(runStart, all.count)..<all.count])
        return stripped
    }

    /// One style rule's selector and declarations, with the media condition it is nested in.
    struct ParsedRule {
        let selector: CSSSelector
        let declarations: [CSSDeclaration]
        /// The innermost `@media` group around the rule (an index into ``conditions``), nil when none.
        let condition: Int?
    }

    /// The `@media` groups whose answer depends on the reader's page or theme, each with the one it is nested in;
    /// groups that always hold (`screen`, `all`) add none, and those that never do (`print`) are skipped whole.
    private(set) var conditions = MediaConditions()

    /// Parses every rule, returning each supported selector with its declarations.
    ///
    /// Iterative: a conditional group that applies (`@media screen { ... }`, `@supports (color: red)`) only opens a level whose
    /// `}` closes it, so deeply nested groups cost an entry each on a stack, not a stack frame.
    mutating func parseRules() -> [ParsedRule] {
        var result: [ParsedRule] = []
        // The condition of each open group (the enclosing one's when the group adds none).
        var openGroups: [Int?] = []
        while true {
            skipWhiteSpace()
            guard index < scalars.count else { return result }
            let c = scalars[index]
            if c == "}" {
                index += 1
                if !openGroups.isEmpty { openGroups.removeLast() }  // else a stray brace
                continue
            }
            let enclosing = openGroups.last ?? nil
            if c == "@" {
                if let opened = parseAtRule(enclosing: enclosing) { openGroups.append(opened.condition) }
                continue
            }
            if c == "<" || c == "-" && peek("-->") {  // HTML comment delimiters inside <style>
                index += c == "<" && peek("<!--") ? 4 : (peek("-->") ? 3 : 1)
                continue
            }
            parseStyleRule(condition: enclosing, into: &result)
        }
    }

    /// A style rule: its selectors, each with the rule's declarations.
    private mutating func parseStyleRule(condition: Int?, into result: inout [ParsedRule]) {
        let prelude = readUntil(["{", ";", "}"])
        guard index < scalars.count, scalars[index] == "{" else {
            if index < scalars.count, scalars[index] == ";" { index += 1 }
            return
        }
        index += 1
        let body = readBlockBody()
        sawRule = true
        let declarations = CSSParser.parseDeclarations(body, ignored: ignored)
        guard !declarations.isEmpty else { return }
        for selectorText in CSSParser.splitTopLevel(prelude, separator: ",") {
            if let selector = parseSelector(selectorText) {
                result.append(ParsedRule(selector: selector, declarations: declarations, condition: condition))
            }
        }
    }

    /// A group opened by an at-rule, whose rules the caller reads up to its `}`.
    private struct OpenedGroup { let condition: Int? }

    /// An at-rule; returns the group it opened when it is a conditional group whose rules may apply (`@media` with
    /// a query that can hold, `@supports` whose condition holds), nil otherwise (its block, if any, is skipped).
    private mutating func parseAtRule(enclosing: Int?) -> OpenedGroup? {
        index += 1
        let nameStart = index
        while index < scalars.count, CSSParser.isIdentifier(scalars[index]) { index += 1 }
        let name = CSSParser.text(scalars[nameStart..<index]).lowercased()
        let prelude = readUntil(["{", ";"])
        guard index < scalars.count else { return nil }
        if scalars[index] == ";" {
            index += 1
            if name == "namespace" { declareNamespace(prelude) }
            if name == "import", !sawRule { declareImport(prelude) }
            return nil
        }
        index += 1  // "{"
        sawRule = true
        switch name {
        case "media":
            let query = MediaQueryList(parsing: prelude)
            switch query.constantValue {
            case true?: return OpenedGroup(condition: enclosing)
            case false?: _ = readBlockBody()
            case nil: return OpenedGroup(condition: conditions.add(query, parent: enclosing))
            }
        case "supports":
            // Static: what Typeset supports does not change with the page (CSSSupportsCondition.swift).
            if CSSSupportsCondition.holds(prelude, selectorIsSupported: { parseSelector($0) != nil }) {
                return OpenedGroup(condition: enclosing)
            }
            _ = readBlockBody()
        case "font-face":
            if let face = CSSFontFace(descriptors: CSSParser.splitTopLevel(readBlockBody(), separator: ";")) {
                fontFaces.append(face)
            }
        case "counter-style":
            if let rule = CounterStyleRule(prelude: prelude, descriptors: CSSParser.splitTopLevel(readBlockBody(), separator: ";")) {
                counterStyles.append(rule)
            }
        default:
            _ = readBlockBody()  // @page, @keyframes...
        }
        return nil
    }

    /// `@import "a.css";`, `@import url(a.css) screen;`: the URL and its media, unless they never apply.
    private mutating func declareImport(_ prelude: String) {
        let text = prelude.trimmingWhiteSpace()
        guard let (url, rest) = CSSParser.leadingURL(text) else { return }
        let media = MediaQueryList(parsing: rest)
        guard media.constantValue != false else { return }
        imports.append(CSSImport(url: url, media: media.constantValue == true ? nil : media))
    }

    /// A leading `"string"`, `'string'` or `url(...)` and the text after it.
    static func leadingURL(_ text: String) -> (String, String)? {
        var scalars = Substring(text)
        var quoted: Substring
        if scalars.lowercased().hasPrefix("url(") {
            guard let close = scalars.firstIndex(of: ")") else { return nil }
            quoted = scalars[scalars.index(scalars.startIndex, offsetBy: 4)..<close]
            scalars = scalars[scalars.index(after: close)...]
        } else if let quote = scalars.first, quote == "\"" || quote == "'" {
            let body = scalars.dropFirst()
            guard let close = body.firstIndex(of: quote) else { return nil }
            quoted = body[..<close]
            scalars = body[body.index(after: close)...]
        } else {
            return nil
        }
        quoted = Substring(quoted.trimmingWhiteSpace())
        if let quote = quoted.first, quote == "\"" || quote == "'", quoted.count >= 2, quoted.last == quote {
            quoted = quoted.dropFirst().dropLast()
        }
        guard !quoted.isEmpty else { return nil }
        return (String(quoted), String(scalars))
    }

    private mutating func declareNamespace(_ prelude: String) {
        let parts = prelude.trimmingWhiteSpace().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        guard let last = parts.last else { return }
        var uri = String(last)
        if uri.hasPrefix("url(") { uri = String(uri.dropFirst(4).dropLast()) }
        uri = String(uri.filter { $0 != "\"" && $0 != "'" })
        if parts.count == 2 { namespaces[String(parts[0])] = uri }
    }

    private func peek(_ text: String) -> Bool {
        var i = index
        for scalar in text.unicodeScalars {
            guard i < scalars.count, scalars[i] == scalar else { return false }
            i += 1
        }
        return true
    }

    private mutating func skipWhiteSpace() {
        while index < scalars.count, CSSParser.isWhiteSpace(scalars[index]) { index += 1 }
    }

    /// Reads up to (not including) the first of `stops` outside strings, brackets and parentheses.
    private mutating func readUntil(_ stops: [Unicode.Scalar]) -> String {
        let start = index
        var nesting = CSSNesting()
        while index < scalars.count {
            let c = scalars[index]
            if nesting.feed(c) && nesting.brackets == 0 && stops.contains(c) { break }
            index += 1
        }
        return CSSParser.text(scalars[start..<index])
    }

    /// Reads a block's body after its `{`, up to the matching `}` (consumed), nested blocks included.
    private mutating func readBlockBody() -> String {
        let start = index
        var nesting = CSSNesting()
        while index < scalars.count {
            let c = scalars[index]
            index += 1
            if nesting.feed(c) && nesting.braces < 0 { return CSSParser.text(scalars[start..<(index - 1)]) }
        }
        return CSSParser.text(scalars[start..<index])
    }

    /// The scalars as a string, made in one piece (appending a scalar at a time cost about 100 instructions a
    /// character, most of a style sheet's parsing).
    static func text(_ slice: ArraySlice<Unicode.Scalar>) -> String {
        let length = slice.reduce(0) { $0 + UTF8.width($1) }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var written = 0
            func put(_ unit: UInt32) { buffer[written] = UInt8(truncatingIfNeeded: unit); written += 1 }
            for c in slice {
                let v = c.value
                switch UTF8.width(c) {
                case 1: put(v)
                case 2: put(0xC0 | v >> 6); put(0x80 | v & 0x3F)
                case 3: put(0xE0 | v >> 12); put(0x80 | v >> 6 & 0x3F); put(0x80 | v & 0x3F)
                default: put(0xF0 | v >> 18); put(0x80 | v >> 12 & 0x3F); put(0x80 | v >> 6 & 0x3F); put(0x80 | v & 0x3F)
                }
            }
            return written
        }
    }

    /// The property (lower-cased) and the value of one `name: value` item, without its `!important` (accepted and
    /// ignored: the cascade here is specificity and order); nil without a colon. The colon and `!` are found as UTF-8
    /// code units, as `trimmingWhiteSpace` reads them (a search by `Character` segmented graphemes).
    static func declarationParts(_ item: String) -> (property: String, value: Substring)? {
        guard let colon = item.utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let property = item[..<colon].trimmingWhiteSpace().lowercased()
        var value = Substring(item[item.utf8.index(after: colon)...])
        if let bang = value.utf8.lastIndex(of: UInt8(ascii: "!")),
           value[value.utf8.index(after: bang)...].trimmingWhiteSpace().lowercased() == "important" {
            value = value[..<bang]
        }
        return (property, value)
    }

    /// Parses `name: value; name: value !important` into the supported declarations, in order; those it drops
    /// (an unsupported property or value) go to `ignored` when given.
    static func parseDeclarations(_ body: String, ignored: IgnoredCSSSink? = nil) -> [CSSDeclaration] {
        var result: [CSSDeclaration] = []
        for item in splitTopLevel(body, separator: ";") {
            guard let (property, value) = declarationParts(item) else { continue }
            let parsed = CSSDeclaration.parse(property: property, value: value)
            if parsed.isEmpty, let ignored, !property.isEmpty { ignored.record(property: property, value: value) }
            result.append(contentsOf: parsed)
        }
        return result
    }

    /// Splits at `separator` outside strings, brackets and parentheses; trims the parts and drops empty ones.
    static func splitTopLevel(_ text: String, separator: Unicode.Scalar) -> [String] {
        // Each part is one slice of the text, not a string grown a scalar at a time (which cost about 400
        // instructions a character: a book's style sheets and the predefined counter styles go through here).
        // Scanned as UTF-8 code units: the separators, quotes and brackets are ASCII, and no other character's
        // encoding holds an ASCII byte (a byte of 0x80 or more is fed as a scalar that is none of them).
        var parts: [String] = []
        let units = text.utf8
        var nesting = CSSNesting()
        var start = units.startIndex, index = units.startIndex
        while index < units.endIndex {
            let c = Unicode.Scalar(units[index])
            if nesting.feed(c) && nesting.brackets == 0 && c == separator {
                parts.append(text[start..<index].trimmingWhiteSpace())
                start = units.index(after: index)
            }
            index = units.index(after: index)
        }
        parts.append(text[start...].trimmingWhiteSpace())
        return parts.filter { !$0.isEmpty }
    }

    static func isWhiteSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" }

    /// ``isWhiteSpace(_:)`` for a UTF-8 code unit.
    static func isWhiteSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C }

    static func isIdentifier(_ c: Unicode.Scalar) -> Bool {
        (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || c == "-" || c == "_" || c.value >= 0x80
    }

    // MARK: Selectors

    /// Parses one complex selector, or nil when it uses anything the matcher cannot evaluate. Without
    /// `allowsNegation` (the argument of a `:not()`) a `:not()` in it is such a thing, so it nests one deep.
    func parseSelector(_ text: String, allowsNegation: Bool = true) -> CSSSelector? {
        let s = Array(text.unicodeScalars)
        var i = 0
        var compounds: [CSSCompoundSelector] = []
        var combinators: [CSSSelector.Combinator] = []
        var pendingCombinator: CSSSelector.Combinator?
        var pseudoElement: CSSSelector.PseudoElement?

        func identifier() -> String? {
            // Escapes are rare: the name is one slice of the text unless it has one.
            let start = i
            while i < s.count, CSSParser.isIdentifier(s[i]) { i += 1 }
            guard i < s.count, s[i] == "\\" else { return i > start ? CSSParser.text(s[start..<i]) : nil }
            var name = CSSParser.text(s[start..<i])
            while i < s.count {
                if s[i] == "\\", i + 1 < s.count { name.unicodeScalars.append(s[i + 1]); i += 2; continue }
                guard CSSParser.isIdentifier(s[i]) else { break }
                name.unicodeScalars.append(s[i]); i += 1
            }
            return name.isEmpty ? nil : name
        }

        while i < s.count {
            let c = s[i]
            // A pseudo-element ends the selector: nothing may follow it.
            if pseudoElement != nil { return nil }
            if CSSParser.isWhiteSpace(c) {
                i += 1
                if !compounds.isEmpty && pendingCombinator == nil { pendingCombinator = .descendant }
                continue
            }
            if c == ">" || c == "+" || c == "~" {
                guard !compounds.isEmpty else { return nil }
                pendingCombinator = c == ">" ? .child : c == "+" ? .adjacentSibling : .generalSibling
                i += 1
                continue
            }
            // A compound selector.
            var compound = CSSCompoundSelector.Parts()
            var sawSomething = false
            if c == "*" || CSSParser.isIdentifier(c) || c == "|" {
                var name: String?
                if c == "*" { i += 1 } else if c != "|" { name = identifier() }
                if i < s.count, s[i] == "|", !(i + 1 < s.count && s[i + 1] == "=") {
                    // A namespace prefix on a type selector: the type matches in any namespace.
                    i += 1
                    if i < s.count, s[i] == "*" { i += 1; name = nil } else { name = identifier() }
                }
                compound.type = name?.lowercased()
                sawSomething = true
            }
            loop: while i < s.count {
                switch s[i] {
                case ".":
                    i += 1
                    guard let name = identifier() else { return nil }
                    compound.classes.append(name)
                case "#":
                    i += 1
                    guard let name = identifier() else { return nil }
                    compound.ids.append(name)
                case "[":
                    guard let close = s[i...].firstIndex(of: "]") else { return nil }
                    guard let test = parseAttributeTest(CSSParser.text(s[(i + 1)..<close])) else { return nil }
                    compound.attributes.append(test)
                    i = close + 1
                case ":":
                    i += 1
                    let doubled = i < s.count && s[i] == ":"
                    if doubled { i += 1 }
                    guard let name = identifier()?.lowercased() else { return nil }
                    // `::first-letter` (or CSS 2's `:first-letter`) styles the element's first letter, `::before`
                    // and `::after` generate text; others (`::first-line`, `::marker`) are not read.
                    if name == "first-letter" { pseudoElement = .firstLetter; sawSomething = true; continue loop }
                    if name == "before" || name == "after" {
                        pseudoElement = name == "before" ? .before : .after
                        sawSomething = true
                        continue loop
                    }
                    if doubled { return nil }
                    // :hover, :before and the like are nil: the selector is dropped.
                    guard let pseudo = pseudoClass(name, s, &i, allowsNegation: allowsNegation) else { return nil }
                    compound.pseudoClasses.append(pseudo)
                default:
                    break loop
                }
                sawSomething = true
            }
            guard sawSomething else { return nil }  // an unexpected character
            if !compounds.isEmpty { combinators.append(pendingCombinator ?? .descendant) }
            pendingCombinator = nil
            compounds.append(CSSCompoundSelector(compound))
        }
        guard !compounds.isEmpty, compounds.count <= CSSSelector.maximumCompounds,
              combinators.count == compounds.count - 1 else { return nil }
        return CSSSelector(compounds: compounds, combinators: combinators, pseudoElement: pseudoElement)
    }

    /// The pseudo-class `name` whose name ends at `s[i]`, with its parenthesised argument if one follows (read up to
    /// its closing parenthesis, `i` moved past it); nil when the matcher cannot evaluate it.
    private func pseudoClass(_ name: String, _ s: [Unicode.Scalar], _ i: inout Int, allowsNegation: Bool) -> CSSPseudoClass? {
        var argument: String?
        if i < s.count, s[i] == "(" {
            var depth = 0, close = i
            while close < s.count {
                if s[close] == "(" { depth += 1 } else if s[close] == ")" { depth -= 1; if depth == 0 { break } }
                close += 1
            }
            guard close < s.count else { return nil }
            argument = CSSParser.text(s[(i + 1)..<close])
            i = close + 1
        }
        return CSSPseudoClass.parse(name, argument: argument) { inner in
            // One compound, without a pseudo-element or a `:not()` of its own.
            guard allowsNegation, let selector = parseSelector(inner.trimmingWhiteSpace(), allowsNegation: false),
                  selector.compounds.count == 1, selector.pseudoElement == nil else { return nil }
            return selector.compounds[0]
        }
    }

    /// The attribute selector operators written before `=`, by their first character.
    private static let attributeOperations: [UInt8: CSSCompoundSelector.AttributeTest.Operation] = [
        UInt8(ascii: "~"): .includesWord, UInt8(ascii: "|"): .dashPrefix, UInt8(ascii: "^"): .prefix,
        UInt8(ascii: "$"): .suffix, UInt8(ascii: "*"): .substring,
    ]

    /// Parses the inside of `[...]`: `name`, `ns|name`, `name="v"`, `name~=v`, `name|=v`, `name^=v`...
    private func parseAttributeTest(_ inner: String) -> CSSCompoundSelector.AttributeTest? {
        let text = inner.trimmingWhiteSpace()
        var namePart = Substring(text)
        var operation = CSSCompoundSelector.AttributeTest.Operation.exists
        var value = ""
        // The operator is the first `=` and the character before it, if that is one of `~|^$*` (a name holds
        // neither `=` nor quotes; a namespace bar is followed by a name, not `=`). Found as UTF-8 code units.
        let units = text.utf8
        if let equals = units.firstIndex(of: UInt8(ascii: "=")) {
            var start = equals
            operation = .equals
            if equals > units.startIndex {
                let before = units.index(before: equals)
                if let found = Self.attributeOperations[units[before]] { operation = found; start = before }
            }
            namePart = text[..<start]
            var raw = text[units.index(after: equals)...].trimmingWhiteSpace()
            // A trailing case flag (`i`) is ignored.
            if raw.hasSuffix(" i") || raw.hasSuffix(" s") { raw = String(raw.dropLast(2)).trimmingWhiteSpace() }
            if raw.count >= 2, let first = raw.first, first == "\"" || first == "'", raw.last == first {
                raw = String(raw.dropFirst().dropLast())
            }
            value = raw
        }
        let name = namePart.trimmingWhiteSpace()
        var namespace = CSSCompoundSelector.AttributeTest.Namespace.none
        var localName = name
        if let bar = name.firstIndex(of: "|") {
            let prefix = String(name[..<bar])
            localName = String(name[name.index(after: bar)...])
            if prefix == "*" {
                namespace = .any
            } else if prefix.isEmpty {
                namespace = .none
            } else if let uri = namespaces[prefix] {
                namespace = .uri(uri)
            } else {
                return nil  // an undeclared prefix matches nothing
            }
        }
        guard !localName.isEmpty else { return nil }
        return CSSCompoundSelector.AttributeTest(name: localName, namespace: namespace, operation: operation, value: value)
    }
}

/// Where a scan through CSS text stands: inside a string (with backslash escapes), and how deep in parentheses
/// and brackets and in braces. The parser's three scanners (up to a delimiter, to the end of a block, splitting at
/// a separator) share it, so they agree on what a string or a nested part is.
struct CSSNesting {
    private var quote: Unicode.Scalar?
    private var escaped = false
    /// Depth of `(` and `[`.
    private(set) var brackets = 0
    /// Depth of `{` relative to where the scan started (negative past a closing `}` of the enclosing block).
    private(set) var braces = 0

    /// Feeds the next character and returns whether it lies outside strings (a quote counts as inside).
    mutating func feed(_ c: Unicode.Scalar) -> Bool {
        if let open = quote {
            if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == open { quote = nil }
            return false
        }
        switch c {
        case "\"", "'": quote = c; return false
        case "(", "[": brackets += 1
        case ")", "]": if brackets > 0 { brackets -= 1 }
        case "{": braces += 1
        case "}": braces -= 1
        default: break
        }
        return true
    }
}
