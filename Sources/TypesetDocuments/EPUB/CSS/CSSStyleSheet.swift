/// A parsed style sheet, reduced to the subset of CSS Typeset honours (see ``CSSDeclaration``).
///
/// Rules whose selector uses something the matcher cannot evaluate (pseudo-elements, `:hover`, `:nth-child`)
/// are dropped whole, so that they never apply to the wrong elements. `@media` blocks apply when their query
/// names `all` or `screen` (not `print`, not Kindle's `amzn-*`); `@supports` blocks apply; `@import`,
/// `@font-face` and `@page` are ignored.
struct CSSStyleSheet: Sendable {
    /// The rules, in source order.
    private(set) var rules: [CSSRule] = []
    /// Rules by the id, class or type of their rightmost compound selector, so an element only tests the rules
    /// that can match it.
    private var byID: [String: [Int]] = [:]
    private var byClass: [String: [Int]] = [:]
    private var byType: [String: [Int]] = [:]
    private var byAttribute: [String: [Int]] = [:]
    private var universal: [Int] = []

    /// An empty style sheet.
    init() {}

    /// Parses `source`; `order` numbers the rules after those of earlier sheets (the cascade's source order).
    init(parsing source: String, firstOrder: Int = 0) {
        var parser = CSSParser(source)
        let parsed = parser.parseRules()
        for (selector, declarations) in parsed {
            add(CSSRule(selector: selector, declarations: declarations, order: firstOrder + rules.count))
        }
    }

    /// Appends the rules of `other` after these ones.
    mutating func append(_ other: CSSStyleSheet) {
        for rule in other.rules {
            add(CSSRule(selector: rule.selector, declarations: rule.declarations, order: rules.count))
        }
    }

    private mutating func add(_ rule: CSSRule) {
        let index = rules.count
        rules.append(rule)
        let key = rule.selector.compounds[rule.selector.compounds.count - 1]
        if let id = key.ids.first { byID[id, default: []].append(index) }
        else if let className = key.classes.first { byClass[className, default: []].append(index) }
        else if let type = key.type { byType[type, default: []].append(index) }
        else if let attribute = key.attributes.first { byAttribute[attribute.name, default: []].append(index) }
        else { universal.append(index) }
    }

    /// The rules matching `path`'s element, in cascade order (specificity, then source order).
    func matchingRules(_ path: ElementPath) -> [CSSRule] {
        guard !rules.isEmpty else { return [] }
        var candidates = universal
        let element = path.element
        if let id = element.id, let rules = byID[id] { candidates.append(contentsOf: rules) }
        for className in element.classNames {
            if let rules = byClass[String(className)] { candidates.append(contentsOf: rules) }
        }
        if let rules = byType[element.lowercasedName] { candidates.append(contentsOf: rules) }
        if !byAttribute.isEmpty {
            for attribute in element.attributes {
                if let rules = byAttribute[attribute.name] { candidates.append(contentsOf: rules) }
            }
        }
        guard !candidates.isEmpty else { return [] }
        // Duplicates come from several classes or attributes naming the same rule; sorting drops them.
        candidates.sort()
        var matched: [CSSRule] = []
        var previous = -1
        for index in candidates where index != previous {
            previous = index
            if rules[index].selector.matches(path) { matched.append(rules[index]) }
        }
        matched.sort { ($0.selector.specificity, $0.order) < ($1.selector.specificity, $1.order) }
        return matched
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
}

/// A complex selector: compound selectors joined by combinators, matched right to left.
struct CSSSelector: Sendable {
    /// How two compounds relate.
    enum Combinator: Sendable {
        case descendant, child, adjacentSibling, generalSibling
    }

    /// The compounds, left to right.
    let compounds: [CSSCompoundSelector]
    /// `combinators[i]` joins `compounds[i]` and `compounds[i + 1]`.
    let combinators: [Combinator]

    /// CSS specificity as one comparable number: ids × 10⁶ + classes, attributes and pseudo-classes × 10³ + types.
    var specificity: Int {
        compounds.reduce(0) { sum, compound in
            sum + compound.ids.count * 1_000_000
                + (compound.classes.count + compound.attributes.count + compound.pseudoClasses.count) * 1_000
                + (compound.type == nil ? 0 : 1)
        }
    }

    /// Whether the selector matches the element at `path`.
    func matches(_ path: ElementPath) -> Bool {
        matches(compoundIndex: compounds.count - 1, path)
    }

    private func matches(compoundIndex: Int, _ path: ElementPath) -> Bool {
        guard compounds[compoundIndex].matches(path) else { return false }
        if compoundIndex == 0 { return true }
        switch combinators[compoundIndex - 1] {
        case .child:
            guard let parent = path.parent else { return false }
            return matches(compoundIndex: compoundIndex - 1, parent)
        case .descendant:
            var ancestor = path.parent
            while let current = ancestor {
                if matches(compoundIndex: compoundIndex - 1, current) { return true }
                ancestor = current.parent
            }
            return false
        case .adjacentSibling:
            guard let previous = path.previousSibling else { return false }
            return matches(compoundIndex: compoundIndex - 1, previous)
        case .generalSibling:
            var sibling = path.previousSibling
            while let current = sibling {
                if matches(compoundIndex: compoundIndex - 1, current) { return true }
                sibling = current.previousSibling
            }
            return false
        }
    }
}

/// A compound selector: `p.note#first[lang]:first-child`. A class, so that matching (which runs for every
/// element against every candidate rule) shares it instead of copying its arrays.
final class CSSCompoundSelector: Sendable {
    /// A pseudo-class the matcher can evaluate.
    enum PseudoClass: Sendable {
        case firstChild, lastChild, onlyChild, root
    }

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
    let pseudoClasses: [PseudoClass]

    /// The parts of a compound selector while it is parsed.
    struct Parts {
        var type: String?
        var ids: [String] = []
        var classes: [String] = []
        var attributes: [AttributeTest] = []
        var pseudoClasses: [PseudoClass] = []
    }

    init(_ parts: Parts) {
        type = parts.type; ids = parts.ids; classes = parts.classes; attributes = parts.attributes
        pseudoClasses = parts.pseudoClasses
    }

    func matches(_ path: ElementPath) -> Bool {
        let element = path.element
        if let type, element.lowercasedName != type { return false }
        for wanted in ids where wanted != element.id { return false }
        for wanted in classes where !element.classNames.contains(where: { $0 == wanted }) { return false }
        for test in attributes where !test.matches(element) { return false }
        for pseudo in pseudoClasses {
            switch pseudo {
            case .firstChild: if path.previousSibling != nil { return false }
            case .lastChild: if path.hasNextSibling { return false }
            case .onlyChild: if path.previousSibling != nil || path.hasNextSibling { return false }
            case .root: if path.parent != nil { return false }
            }
        }
        return true
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

    private init(element: XMLElement, parent: ElementPath?, previousSibling: ElementPath?, hasNextSibling: Bool) {
        self.element = element; self.parent = parent; self.previousSibling = previousSibling
        self.hasNextSibling = hasNextSibling
    }

    /// A root path.
    convenience init(root: XMLElement) { self.init(element: root, parent: nil, previousSibling: nil, hasNextSibling: false) }

    /// Paths of the child elements, in order.
    func childPaths() -> [ElementPath] {
        let children = element.elements
        var result: [ElementPath] = []
        result.reserveCapacity(children.count)
        var previous: ElementPath?
        for (index, child) in children.enumerated() {
            let path = ElementPath(element: child, parent: self, previousSibling: previous, hasNextSibling: index + 1 < children.count)
            result.append(path)
            previous = path
        }
        return result
    }
}
