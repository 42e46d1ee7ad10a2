/// What a sheet's element rules read of an element itself when they are matched: whether two siblings are matched
/// by the same rules (XHTMLConverter+StyleSharing.swift). A rule reaches the element through its rightmost compound
/// (and a sibling combinator before it); what is left of a descendant or child combinator is about the ancestors,
/// which siblings share, so two siblings alike in what the rightmost compounds test match the same rules, but for
/// the rules that read their place (``isPositional(_:_:)``).
struct ElementReads: Sendable {
    /// Whether a rule depends on the element's place among its siblings or on its content: then no two siblings
    /// are matched alike by all the rules, only by the others.
    private(set) var placed = false
    /// Whether a rightmost compound tests an id.
    private(set) var ids = false
    /// The attributes rightmost compounds test, by local name (`href` for `:link`, `lang` for `:lang()`).
    private(set) var attributes: [String] = []

    /// Notes what `selector` reads of the element it styles; `positional`: whether it reads the element's place.
    mutating func note(_ selector: CSSSelector, positional: Bool) {
        guard let last = selector.compounds.last else { return }
        if positional { placed = true }
        note(last)
    }

    private mutating func note(_ compound: CSSCompoundSelector) {
        if !compound.ids.isEmpty { ids = true }
        for test in compound.attributes { noteAttribute(test.name) }
        for pseudo in compound.pseudoClasses {
            switch pseudo {
            case .nth, .only, .empty, .root: break
            case .link: noteAttribute("href")
            case .lang: noteAttribute("lang")
            case .not(let inner): note(inner)
            }
        }
    }

    private mutating func noteAttribute(_ name: String) {
        if !attributes.contains(name) { attributes.append(name) }
    }

    /// Whether a selector of these compounds and combinators reads the element's place among its siblings or its
    /// content: a sibling combinator before its rightmost compound, or `:nth-…`, `:only-…`, `:empty` in that compound
    /// (or in a `:not()` of it).
    static func isPositional(_ compounds: [CSSCompoundSelector], _ combinators: [CSSSelector.Combinator]) -> Bool {
        guard let last = compounds.last else { return false }
        if let combinator = combinators.last, combinator == .adjacentSibling || combinator == .generalSibling { return true }
        return isPositional(last)
    }

    private static func isPositional(_ compound: CSSCompoundSelector) -> Bool {
        compound.pseudoClasses.contains { pseudo in
            switch pseudo {
            case .nth, .only, .empty: true
            case .root, .link, .lang: false
            case .not(let inner): isPositional(inner)
            }
        }
    }

    /// Whether two siblings can be matched alike by all the rules (none reads an element's place or content).
    var siblingsAlike: Bool { !placed }

    /// Whether the rules that do not read an element's place match `a` and `b`, siblings, alike: the same name,
    /// namespace and classes, and the same id and tested attributes where rules read them.
    func alike(_ a: XMLElement, _ b: XMLElement) -> Bool {
        guard a.lowercasedName == b.lowercasedName, a.namespace == b.namespace, a.classNames == b.classNames else {
            return false
        }
        if ids && a.id != b.id { return false }
        for name in attributes {
            let first = a.attributes.lazy.filter { $0.name == name }, second = b.attributes.lazy.filter { $0.name == name }
            guard first.elementsEqual(second, by: { $0.namespace == $1.namespace && $0.value == $1.value }) else { return false }
        }
        return true
    }
}
