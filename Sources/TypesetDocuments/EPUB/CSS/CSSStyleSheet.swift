import Synchronization

/// A parsed style sheet, reduced to the subset of CSS Typeset honours (see ``CSSDeclaration``).
///
/// Rules whose selector uses something the matcher cannot evaluate (`:hover`, `:nth-child`, pseudo-elements
/// other than `::first-letter`) are dropped whole, so that they never apply to the wrong elements. `@media`
/// blocks are read as Media Queries 4 has them (``MediaQueryList``): a block that never applies on a reading
/// system's screen (`print`, Kindle's `amzn-*`) is dropped, one that always does is read as if unwrapped, and one
/// whose answer depends on the reader's page or theme keeps its rules under a condition (``conditions``) that the
/// converter evaluates; an `@supports` block applies when its condition holds (``CSSSupportsCondition``);
/// `@import` and `@font-face` rules are kept for ``StyleSheetLoader`` (which reads the imported sheets and font
/// files from the book); `@page` is ignored.
struct CSSStyleSheet: Sendable {
    /// The rules, in source order.
    private(set) var rules: [CSSRule] = []
    /// `@import` rules, in order (the loader puts the imported rules before these).
    private(set) var imports: [CSSImport] = []
    /// The media conditions rules apply under (``CSSRule/condition`` indexes them).
    private(set) var conditions = MediaConditions()
    /// `@font-face` rules, in order; after loading, their sources are entry paths in the book.
    var fontFaces: [CSSFontFace] = []
    /// `@counter-style` rules, in order.
    var counterStyles: [CounterStyleRule] = []
    /// Each rule's ``CSSSelector/specificity``, by the rule's index, for sorting matches.
    private var specificities: [Int] = []
    /// The rules styling elements, and those styling their first letter, indexed.
    private var elementRules = RuleIndex()
    private var firstLetterRules = RuleIndex()
    private var beforeRules = RuleIndex()
    private var afterRules = RuleIndex()

    /// Rules an element is tested against at most (the last ones in source order that could match it). Real
    /// books' elements meet a few dozen.
    static let maximumCandidates = 512
    /// Rules a document's sheets may hold together; later ones are ignored. Large real sheets have about 2,000.
    static let maximumRules = 20_000

    /// An empty style sheet.
    init() {}

    /// Parses `source`; the declarations it drops go to `ignored` when given.
    init(parsing source: String, ignored: IgnoredCSSSink? = nil) {
        var parser = CSSParser(source, ignored: ignored)
        let parsed = parser.parseRules()
        for rule in parsed {
            add(CSSRule(selector: rule.selector, declarations: rule.declarations, order: rules.count, condition: rule.condition))
        }
        imports = parser.imports
        fontFaces = parser.fontFaces
        conditions = parser.conditions
        counterStyles = parser.counterStyles
    }

    /// Whether some rule styles a `::first-letter`.
    var hasFirstLetterRules: Bool { !firstLetterRules.isEmpty }
    /// Whether a rule styles a `::before` or `::after` (XHTMLConverter+GeneratedContent.swift).
    var hasGeneratedContentRules: Bool { !beforeRules.isEmpty || !afterRules.isEmpty }

    /// Whether some rule of an element (not a pseudo-element) changes a counter (`counter-reset`, `-increment`,
    /// `-set`): the converter then reads every element's (XHTMLConverter+Counters.swift).
    private(set) var hasCounterRules = false

    /// What the element rules read of an element itself: whether siblings match alike (``ElementReads``).
    private(set) var elementReads = ElementReads()
    /// The element rules that read an element's place or content (``CSSSelector/isPositional``), indexed apart:
    /// an element alike its previous sibling is matched against these alone (XHTMLConverter+StyleSharing.swift);
    /// and whether each rule is one, by index.
    private var positionalRules = RuleIndex()
    private(set) var isPositional: [Bool] = []

    /// Whether the sheet holds neither rules nor font faces nor counter styles.
    var isEmpty: Bool { rules.isEmpty && fontFaces.isEmpty && counterStyles.isEmpty }

    /// Appends the rules and font faces of `other` after these ones, its rules applying only where every query of
    /// `media` holds (a `<link media>`, an `@import`'s media, an alternate style sheet's selection) besides their
    /// own conditions; returns false when rules had to be left out (more than ``maximumRules``).
    @discardableResult
    mutating func append(_ other: CSSStyleSheet, media: [MediaQueryList] = []) -> Bool {
        if media.contains(where: { $0.constantValue == false }) { return true }
        var wrapper: Int?
        for query in media where query.constantValue != true { wrapper = conditions.add(query, parent: wrapper) }
        let offset = conditions.count
        for node in other.conditions.nodes {
            _ = conditions.add(node.query, parent: node.parent.map { $0 + offset } ?? wrapper)
        }
        fontFaces.append(contentsOf: other.fontFaces)
        counterStyles.append(contentsOf: other.counterStyles)
        for rule in other.rules {
            guard rules.count < CSSStyleSheet.maximumRules else { return false }
            add(CSSRule(selector: rule.selector, declarations: rule.declarations, order: rules.count,
                        condition: rule.condition.map { $0 + offset } ?? wrapper))
        }
        return true
    }

    /// Replaces every declaration by `transform`'s result (the loader resolves the URLs of a sheet's
    /// declarations against the sheet's own path).
    mutating func rewriteDeclarations(_ transform: (CSSDeclaration) -> CSSDeclaration) {
        for (index, rule) in rules.enumerated() {
            rules[index] = CSSRule(selector: rule.selector, declarations: rule.declarations.map(transform), order: rule.order,
                                   condition: rule.condition)
        }
    }

    private mutating func add(_ rule: CSSRule) {
        let index = rules.count
        rules.append(rule)
        specificities.append(rule.selector.specificity)
        let positional = rule.selector.pseudoElement == nil && rule.selector.isPositional
        isPositional.append(positional)
        switch rule.selector.pseudoElement {
        case .firstLetter: firstLetterRules.add(rule.selector, index: index)
        case .before: beforeRules.add(rule.selector, index: index)
        case .after: afterRules.add(rule.selector, index: index)
        case nil:
            elementRules.add(rule.selector, index: index)
            elementReads.note(rule.selector, positional: positional)
            if positional { positionalRules.add(rule.selector, index: index) }
            if !hasCounterRules { hasCounterRules = rule.declarations.contains { if case .counters = $0 { true } else { false } } }
        }
    }

    /// The rules matching `path`'s element (or, with `pseudoElement`, its pseudo-element), in cascade order
    /// (specificity, then source order).
    func matchingRules(_ path: ElementPath, pseudoElement: CSSSelector.PseudoElement? = nil) -> [CSSRule] {
        var matched: [Int] = [], scratch: [Int] = []
        matchingRuleIndices(path, pseudoElement: pseudoElement, into: &matched, scratch: &scratch)
        return rules(at: matched)
    }

    /// The rules at `indices` (indices into ``rules``, as ``matchingRuleIndices(_:pseudoElement:into:scratch:)``
    /// gives them), in that order.
    func rules(at indices: [Int]) -> [CSSRule] {
        indices.map { rules[$0] }
    }

    /// The indices in ``rules`` of the rules matching `path`'s element (or its pseudo-element), in cascade order,
    /// into `matched` (emptied first); `scratch` holds the candidates. The converter passes the same two buffers
    /// for every element, so that matching allocates nothing once they have grown (it runs for every element of a
    /// book, and a rule copied out retains its selector and declarations).
    func matchingRuleIndices(_ path: ElementPath, pseudoElement: CSSSelector.PseudoElement? = nil, positionalOnly: Bool = false,
                             into matched: inout [Int], scratch candidates: inout [Int]) {
        matched.removeAll(keepingCapacity: true)
        candidates.removeAll(keepingCapacity: true)
        guard !rules.isEmpty else { return }
        // Not `let index = ...`: a copy of an index retains and releases its five tables.
        switch pseudoElement {
        case .firstLetter: firstLetterRules.candidates(for: path.element, into: &candidates)
        case .before: beforeRules.candidates(for: path.element, into: &candidates)
        case .after: afterRules.candidates(for: path.element, into: &candidates)
        case nil where positionalOnly: positionalRules.candidates(for: path.element, into: &candidates)
        case nil: elementRules.candidates(for: path.element, into: &candidates)
        }
        guard !candidates.isEmpty else { return }
        // Duplicates come from several classes or attributes naming the same rule; sorting drops them, in place.
        candidates.sort()
        var kept = 0
        for index in candidates.indices where kept == 0 || candidates[kept - 1] != candidates[index] {
            candidates[kept] = candidates[index]
            kept += 1
        }
        candidates.removeLast(candidates.count - kept)
        // A crafted sheet could make every element a candidate of every rule (rules × elements): an element is
        // tested against the last rules that could match it, at most this many, so matching stays linear.
        let first = max(0, candidates.count - CSSStyleSheet.maximumCandidates)
        for candidate in candidates[first...] where rules[candidate].selector.matches(path) { matched.append(candidate) }
        sortInCascadeOrder(&matched)
    }

    /// `matched`, an element's matches of the rules that do not read its place (its previous sibling's), with those
    /// of the rules that do added (``matchingRuleIndices(_:pseudoElement:positionalOnly:into:scratch:)``), in
    /// cascade order; `found` and `scratch` are buffers.
    func addPositionalMatches(_ path: ElementPath, to matched: inout [Int], found: inout [Int], scratch: inout [Int]) {
        matchingRuleIndices(path, positionalOnly: true, into: &found, scratch: &scratch)
        guard !found.isEmpty else { return }
        matched.append(contentsOf: found)
        sortInCascadeOrder(&matched)
    }

    /// Sorts rule indices as the cascade orders the rules: by specificity, then source order (a rule's order is its
    /// index in `rules`, ``add(_:)``). The closure captures the specificities alone (capturing `rules` would copy
    /// the whole sheet for every element).
    private func sortInCascadeOrder(_ matched: inout [Int]) {
        // Most elements match one rule or none: nothing to order, and no closure context to make.
        guard matched.count > 1 else { return }
        let specificities = self.specificities
        matched.sort { (specificities[$0], $0) < (specificities[$1], $1) }
    }

    /// Rules by the id, class, type or attribute of their rightmost compound selector, so that an element only
    /// tests the rules that can match it.
    private struct RuleIndex: Sendable {
        var byID: [String: [Int]] = [:]
        var byClass: [String: [Int]] = [:]
        var byType: [String: [Int]] = [:]
        var byAttribute: [String: [Int]] = [:]
        var universal: [Int] = []

        var isEmpty: Bool { byID.isEmpty && byClass.isEmpty && byType.isEmpty && byAttribute.isEmpty && universal.isEmpty }

        mutating func add(_ selector: CSSSelector, index: Int) {
            let key = selector.compounds[selector.compounds.count - 1]
            if let id = key.ids.first { byID[id, default: []].append(index) }
            else if let className = key.classes.first { byClass[className, default: []].append(index) }
            else if let type = key.type { byType[type, default: []].append(index) }
            else if let attribute = key.attributes.first { byAttribute[attribute.name, default: []].append(index) }
            else { universal.append(index) }
        }

        /// Appends the rules that can match `element` (with duplicates), unsorted.
        func candidates(for element: XMLElement, into candidates: inout [Int]) {
            candidates.append(contentsOf: universal)
            // An empty table is not asked: each look-up hashes the name (the built-in sheet has type rules only, and
            // was asked for every class of every element).
            if !byID.isEmpty, let id = element.id, let rules = byID[id] { candidates.append(contentsOf: rules) }
            if !byClass.isEmpty {
                for className in element.classNames {
                    if let rules = byClass[String(className)] { candidates.append(contentsOf: rules) }
                }
            }
            if !byType.isEmpty, let rules = byType[element.lowercasedName] { candidates.append(contentsOf: rules) }
            if !byAttribute.isEmpty {
                for attribute in element.attributes {
                    if let rules = byAttribute[attribute.name] { candidates.append(contentsOf: rules) }
                }
            }
        }
    }
}

/// One selector and its declarations.
struct CSSRule: Sendable {
    /// The selector (a selector list becomes one rule per selector).
    let selector: CSSSelector
    /// The declarations Typeset understands, in source order.
    let declarations: [CSSDeclaration]
    /// Source order across all sheets of a document.
    let order: Int
    /// The media condition the rule applies under (an index into its sheet's ``CSSStyleSheet/conditions``), nil
    /// when it always applies.
    var condition: Int? = nil
}

/// A complex selector: compound selectors joined by combinators, matched right to left.
///
/// Matching is memoised per element (see ``ElementPath``), so that it costs a constant per element, compound and
/// selector whatever the selector: `p ~ p ~ p ~ p` tried naively retries every earlier sibling for every
/// compound (exponential in the compounds; a 1.5 KB book of such rules over a few hundred paragraphs took
/// minutes), and `.a ~ .b` alone scans every earlier sibling of every element (quadratic).
struct CSSSelector: Sendable {
    /// How two compounds relate.
    enum Combinator: Sendable {
        case descendant, child, adjacentSibling, generalSibling
    }

    /// Compounds a selector may have; a longer one is dropped (no real style sheet comes near).
    static let maximumCompounds = 16

    /// A pseudo-element the rule styles instead of the element itself.
    enum PseudoElement: Sendable {
        /// `::first-letter`: the first letter (with the punctuation around it) of a block.
        case firstLetter
        /// `::before` and `::after`: the text `content` generates at the element's start and end.
        case before, after
    }

    /// The compounds, left to right.
    let compounds: [CSSCompoundSelector]
    /// `combinators[i]` joins `compounds[i]` and `compounds[i + 1]`.
    let combinators: [Combinator]
    /// The pseudo-element the selector ends with, if any.
    let pseudoElement: PseudoElement?
    /// A number unique to this selector in the process: the key of its answers in ``ElementPath``'s memo.
    let id: Int
    /// Whether it reads the element's place among its siblings or its content (``ElementReads/isPositional(_:_:)``),
    /// worked out once, not each time a sheet adds the rule.
    let isPositional: Bool

    private static let nextID = Atomic<Int>(0)

    init(compounds: [CSSCompoundSelector], combinators: [Combinator], pseudoElement: PseudoElement? = nil) {
        self.compounds = compounds
        self.combinators = combinators
        self.pseudoElement = pseudoElement
        id = CSSSelector.nextID.add(1, ordering: .relaxed).newValue
        isPositional = ElementReads.isPositional(compounds, combinators)
    }

    /// CSS specificity as one comparable number: ids × 10⁶ + classes, attributes and pseudo-classes × 10³ + types.
    var specificity: Int {
        compounds.reduce(0) { $0 + $1.specificity }
    }

    /// Whether the selector matches the element at `path`.
    func matches(_ path: ElementPath) -> Bool {
        matches(compoundIndex: compounds.count - 1, path)
    }

    // The three questions matching asks, each answered once per (selector, compound, element) and kept in the
    // element's memo: does compound k match here (with everything to its left), does it match an ancestor, does
    // it match an earlier sibling. The last two are answered by walking up or back only as far as the first
    // element that knows, so every element is visited once per question.
    private enum Question: Int { case matches = 0, ancestor = 1, earlierSibling = 2 }

    private func key(_ question: Question, _ compoundIndex: Int) -> Int {
        (id << 7) | (compoundIndex << 2) | question.rawValue
    }

    private func matches(compoundIndex: Int, _ path: ElementPath) -> Bool {
        // The rightmost compound is asked once per element and rule: not worth keeping.
        let memoKey = compoundIndex == compounds.count - 1 ? nil : key(.matches, compoundIndex)
        if let memoKey, let known = path.memo[memoKey] { return known }
        let result = evaluate(compoundIndex: compoundIndex, path)
        if let memoKey { path.memo[memoKey] = result }
        return result
    }

    private func evaluate(compoundIndex: Int, _ path: ElementPath) -> Bool {
        guard compounds[compoundIndex].matches(path) else { return false }
        if compoundIndex == 0 { return true }
        let left = compoundIndex - 1
        switch combinators[left] {
        case .child:
            guard let parent = path.parent else { return false }
            return matches(compoundIndex: left, parent)
        case .descendant:
            return somewhere(left, before: path, question: .ancestor) { $0.parent }
        case .adjacentSibling:
            guard let previous = path.previousSibling else { return false }
            return matches(compoundIndex: left, previous)
        case .generalSibling:
            return somewhere(left, before: path, question: .earlierSibling) { $0.previousSibling }
        }
    }

    /// Whether compound `compoundIndex` matches one of the elements `step` leads to from `path` (its ancestors or
    /// its earlier siblings). Iterative: a chapter of 10,000 sibling paragraphs must not recurse 10,000 deep.
    private func somewhere(_ compoundIndex: Int, before path: ElementPath, question: Question,
                           step: (ElementPath) -> ElementPath?) -> Bool {
        let memoKey = key(question, compoundIndex)
        if let known = path.memo[memoKey] { return known }
        // The elements whose answer is not known yet, from `path` outwards, and the first one past them whose
        // answer is (none: the walk ended). The answer at an element is "the next one matches, or the next one's
        // own answer", so they are answered from the far end back.
        var chain: [ElementPath] = []
        var element = path
        var beyond: (element: ElementPath, answer: Bool)?
        while true {
            chain.append(element)
            guard let next = step(element) else { break }
            if let known = next.memo[memoKey] { beyond = (next, known); break }
            element = next
        }
        var answer = beyond.map { $0.answer || matches(compoundIndex: compoundIndex, $0.element) } ?? false
        chain[chain.count - 1].memo[memoKey] = answer
        for index in stride(from: chain.count - 2, through: 0, by: -1) {
            answer = answer || matches(compoundIndex: compoundIndex, chain[index + 1])
            chain[index].memo[memoKey] = answer
        }
        return answer
    }
}

/// A compound selector: `p.note#first[lang]:first-child`. A class, so that matching (which runs for every
/// element against every candidate rule) shares it instead of copying its arrays.
final class CSSCompoundSelector: Sendable {

    /// An attribute test.
    struct AttributeTest: Sendable {
        /// How the value is compared.
        enum Operation: Sendable {
            case exists, equals, includesWord, dashPrefix, prefix, suffix, substring
        }
        /// Which namespace the attribute must be in.
        enum Namespace: Sendable {
            /// `[name]`: no namespace.
            case none
            /// `[*|name]`: any namespace.
            case any
            /// `[prefix|name]` with `prefix` declared by `@namespace`.
            case uri(String)
        }
        let name: String
        let namespace: Namespace
        let operation: Operation
        let value: String

        /// Whether white-space-separated `list` holds `word` (without allocating: this runs for every element).
        static func containsWord(_ list: String, _ word: String) -> Bool {
            guard !word.isEmpty else { return false }
            let bytes = list.utf8
            var start = bytes.startIndex
            while start != bytes.endIndex {
                while start != bytes.endIndex, isSpace(bytes[start]) { start = bytes.index(after: start) }
                var end = start
                while end != bytes.endIndex, !isSpace(bytes[end]) { end = bytes.index(after: end) }
                if start != end, bytes[start..<end].elementsEqual(word.utf8) { return true }
                start = end
            }
            return false
        }

        private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C }

        func matches(_ element: XMLElement) -> Bool {
            let found: String?
            switch namespace {
            case .none: found = element.attribute(name)
            case .any: found = element.attribute(anyNamespace: name)
            case .uri(let uri): found = element.attribute(name, namespace: uri)
            }
            guard let found else { return false }
            switch operation {
            case .exists: return true
            case .equals: return found == value
            case .includesWord: return AttributeTest.containsWord(found, value)
            case .dashPrefix: return found == value || found.hasPrefix(value + "-")
            case .prefix: return !value.isEmpty && found.hasPrefix(value)
            case .suffix: return !value.isEmpty && found.hasSuffix(value)
            case .substring: return !value.isEmpty && found.contains(value)
            }
        }
    }

    /// Lower-cased local name, or nil for `*` / none.
    let type: String?
    let ids: [String]
    let classes: [String]
    let attributes: [AttributeTest]
    let pseudoClasses: [CSSPseudoClass]

    /// The parts of a compound selector while it is parsed.
    struct Parts {
        var type: String?
        var ids: [String] = []
        var classes: [String] = []
        var attributes: [AttributeTest] = []
        var pseudoClasses: [CSSPseudoClass] = []
    }

    init(_ parts: Parts) {
        type = parts.type; ids = parts.ids; classes = parts.classes; attributes = parts.attributes
        pseudoClasses = parts.pseudoClasses
    }

    func matches(_ path: ElementPath) -> Bool {
        path.compoundTests += 1
        let element = path.element
        if let type, element.lowercasedName != type { return false }
        for wanted in ids where wanted != element.id { return false }
        for wanted in classes where !element.classNames.contains(where: { $0 == wanted }) { return false }
        for test in attributes where !test.matches(element) { return false }
        for pseudo in pseudoClasses where !pseudo.matches(path) { return false }
        return true
    }

    /// CSS specificity as one comparable number: ids × 10⁶ + classes, attributes and pseudo-classes × 10³ + types
    /// (a `:not()` counts as its argument).
    var specificity: Int {
        ids.count * 1_000_000 + (classes.count + attributes.count) * 1_000 + pseudoClasses.reduce(0) { $0 + $1.specificity }
            + (type == nil ? 0 : 1)
    }
}

/// An element with its ancestors and siblings, for selector matching. Built while walking a document: a
/// parent makes its children's paths all at once (``childPaths()``), each linked to the one before it, so
/// that sibling combinators cost a pointer, not an allocation.
final class ElementPath {
    /// The element.
    let element: XMLElement
    /// The parent's path, nil for the root.
    let parent: ElementPath?
    /// The previous sibling element's path, nil for a first child.
    private(set) var previousSibling: ElementPath?
    /// Whether an element follows this one under the same parent.
    let hasNextSibling: Bool
    /// Its place among its parent's child elements (from 1), and how many there are (1 and 1 for the root).
    let ordinal: Int32
    let siblingCount: Int32
    /// Each child element's place among its parent's children of its type and how many of that type there are, by
    /// ordinal; worked out at the first `:nth-of-type()`-like question about a child, in one pass over them.
    private var childTypePositions: [(index: Int32, count: Int32)]?
    /// Answers of selector matching at this element (see ``CSSSelector``), by selector, compound and question.
    var memo: [Int: Bool] = [:]
    /// How many compound selectors were tested against this element: the work matching did here (tests check
    /// that it stays bounded per element).
    var compoundTests = 0
    /// The language of the book, for a document whose elements say none (set on the root path).
    var bookLanguage: String?
    /// The element's language, worked out once (see ``language``): nil until then, `.some(nil)` for none.
    private var knownLanguage: String??
    /// The element's index in the EPUB CFI table being recorded, -1 until ``CFIRecorder/index(of:)`` first finds it
    /// (kept here, every later look-up for the element is a read, not a hash of its identity).
    var cfiIndex: Int32 = -1
    /// Where each child element stands among the element's child nodes (by ordinal, from 0), worked out at the first
    /// question (``nextSiblingAfterSpace()``) in one pass over them.
    private var childNodeIndices: [Int]?
    /// Whether every child of the element is a block by its name (or white space), worked out at the first
    /// question (``XHTMLConverter/standsAlone(_:)``): once a parent, not once a child, so a wide element costs its
    /// children once.
    var childrenAreBlocks: Bool?

    private init(element: XMLElement, parent: ElementPath?, previousSibling: ElementPath?, ordinal: Int32, siblingCount: Int32) {
        self.element = element; self.parent = parent; self.previousSibling = previousSibling
        self.ordinal = ordinal; self.siblingCount = siblingCount
        hasNextSibling = ordinal < siblingCount
    }

    /// A root path.
    convenience init(root: XMLElement) { self.init(element: root, parent: nil, previousSibling: nil, ordinal: 1, siblingCount: 1) }

    /// The element's language (HTML §3.2.6.2): its own `xml:lang` or `lang`, else its nearest ancestor's, else the
    /// book's (``bookLanguage`` of the root). Worked out without recursion (a document's depth is the file's to
    /// decide), each path once: the paths up to the first that knows are filled in on the way back.
    var language: String? {
        if let known = knownLanguage { return known }
        var chain: [ElementPath] = []
        var current: ElementPath? = self
        var found: String?
        while let path = current {
            if let known = path.knownLanguage { found = known; break }
            chain.append(path)
            if let own = Self.ownLanguage(path.element) { found = own; break }
            if path.parent == nil { found = path.bookLanguage; break }
            current = path.parent
        }
        // Only the last path of the chain can have a language of its own, and then it is `found`.
        for path in chain { path.knownLanguage = .some(found) }
        return found
    }

    /// The language an element's own attributes give (`xml:lang`, else `lang`), nil when they give none.
    static func ownLanguage(_ element: XMLElement) -> String? {
        let value = element.attribute("lang", namespace: XMLNamespace.xml) ?? element.attribute("lang")
        guard let value = value?.trimmingWhiteSpace(), !value.isEmpty else { return nil }
        return value
    }

    /// Its place among its parent's child elements (of its own type with `ofType`), from 1, and how many there are.
    func position(ofType: Bool) -> (index: Int, count: Int) {
        guard ofType, let parent else { return (Int(ordinal), Int(siblingCount)) }
        let positions = parent.typePositions()
        let k = Int(ordinal) - 1
        guard positions.indices.contains(k) else { return (Int(ordinal), Int(siblingCount)) }
        return (Int(positions[k].index), Int(positions[k].count))
    }

    /// The next sibling element when only white space stands between the two (as between the boxes of a gallery),
    /// and whether any does; nil when text does. The parent's children are indexed once, so asking for every child
    /// costs their count.
    func nextSiblingAfterSpace() -> (element: XMLElement, spaced: Bool)? {
        guard hasNextSibling, let parent else { return nil }
        let indices = parent.nodeIndices()
        let here = Int(ordinal) - 1, next = Int(ordinal)
        let children = parent.element.children
        guard indices.indices.contains(here), indices.indices.contains(next), indices[here] < indices[next],
              indices[next] < children.count else { return nil }
        var spaced = false
        for k in indices[here] + 1..<indices[next] {
            guard case .text(let text) = children[k], text.utf8.allSatisfy({ CSSParser.isWhiteSpace($0) }) else { return nil }
            spaced = spaced || !text.isEmpty
        }
        guard case .element(let element) = children[indices[next]] else { return nil }
        return (element, spaced)
    }

    /// ``childNodeIndices``, worked out now if not yet.
    private func nodeIndices() -> [Int] {
        if let known = childNodeIndices { return known }
        var indices: [Int] = []
        for (k, child) in element.children.enumerated() {
            if case .element = child { indices.append(k) }
        }
        childNodeIndices = indices
        return indices
    }

    /// ``childTypePositions``, worked out now if not yet: one pass over the children counting each name.
    private func typePositions() -> [(index: Int32, count: Int32)] {
        if let known = childTypePositions { return known }
        var seen: [String: Int32] = [:]
        var positions: [(index: Int32, count: Int32)] = []
        for child in element.children {
            guard case .element(let childElement) = child else { continue }
            let index = (seen[childElement.lowercasedName] ?? 0) + 1
            seen[childElement.lowercasedName] = index
            positions.append((index, 0))
        }
        var k = 0
        for child in element.children {
            guard case .element(let childElement) = child else { continue }
            positions[k].count = seen[childElement.lowercasedName] ?? 1
            k += 1
        }
        childTypePositions = positions
        return positions
    }

    /// Unlinks the chain of earlier siblings one at a time: released the default way, a chapter of 200,000 sibling
    /// paragraphs freed its last path's predecessor inside its deinit, and that one's inside its own, 200,000
    /// frames deep (a stack overflow). A sibling still held elsewhere (the converter's array of paths) ends the walk.
    deinit {
        var next = previousSibling
        previousSibling = nil
        while var sibling = next {
            next = nil
            guard isKnownUniquelyReferenced(&sibling) else { break }
            next = sibling.previousSibling
            sibling.previousSibling = nil
        }
    }

    /// Paths of the child elements, in order.
    func childPaths() -> [ElementPath] {
        // Straight from the children, counted first: no array of the child elements (``XMLElement/elements``) made
        // and freed for every element walked.
        var count = 0
        for child in element.children { if case .element = child { count += 1 } }
        var result: [ElementPath] = []
        result.reserveCapacity(count)
        var previous: ElementPath?
        for child in element.children {
            guard case .element(let childElement) = child else { continue }
            let path = ElementPath(element: childElement, parent: self, previousSibling: previous,
                                   ordinal: Int32(truncatingIfNeeded: result.count + 1), siblingCount: Int32(truncatingIfNeeded: count))
            result.append(path)
            previous = path
        }
        return result
    }
}
