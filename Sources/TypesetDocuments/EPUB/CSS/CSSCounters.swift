/// A `counter-reset`, `counter-increment` or `counter-set` declaration (CSS Lists 3 §4.2–4.4): the counters it
/// changes, each with its value (the reset's or set's value, the increment's step).
struct CounterChange: Equatable, Sendable {
    enum Kind: Equatable, Sendable { case reset, increment, set }
    struct Change: Equatable, Sendable {
        let name: String
        let value: Int
    }

    let kind: Kind
    /// The counters, in order; empty for `none`.
    let changes: [Change]

    /// The most counters one declaration changes; the rest are ignored.
    static let maximumChanges = 32

    /// The declaration `property: value`, nil when `property` is none of the three or `value` is not a list of
    /// `name [integer]` pairs (or `none`). Names are case-sensitive, as CSS's custom identifiers are.
    init?(property: String, value: Substring) {
        switch property {
        case "counter-reset": kind = .reset
        case "counter-increment": kind = .increment
        case "counter-set": kind = .set
        default: return nil
        }
        let tokens = CSSValueToken.tokens(value)
        if tokens.count == 1, case .ident(let word) = tokens[0], word.lowercased() == "none" {
            changes = []
            return
        }
        var changes: [Change] = []
        var index = 0
        while index < tokens.count {
            guard case .ident(let name) = tokens[index],
                  !["none", "initial", "inherit", "unset", "default", "revert"].contains(name.lowercased()) else { return nil }
            var value = kind == .increment ? 1 : 0
            if index + 1 < tokens.count, case .integer(let number) = tokens[index + 1] {
                value = number
                index += 1
            }
            if changes.count < Self.maximumChanges { changes.append(Change(name: name, value: value)) }
            index += 1
        }
        guard !changes.isEmpty else { return nil }
        self.changes = changes
    }
}

/// The counters in scope while a document's elements are read (CSS Lists 3 §4.5, CSS 2.1 §12.4.1): each counter
/// instance belongs to the element that made it (by its depth in the walk) and is seen by that element, its
/// descendants, its following siblings and theirs; `counter-reset` on a sibling of its maker replaces it (the
/// earlier instance's scope ends there). Instances of one name nest: `counters()` lists them all.
struct CounterScopes {
    /// Each name's instances, outermost first: their values and the depth of the element that made them.
    private var instances: [String: [(value: Int, depth: Int)]] = [:]
    /// The instances made, in order, for dropping them when their maker's parent ends.
    private var made: [(name: String, depth: Int)] = []

    /// The most instances alive at once (a crafted sheet resetting thousands of names on every element); past it,
    /// a reset or increment that would make one changes nothing.
    static let maximumInstances = 4096

    /// Ends the scopes of the instances made by elements deeper than `depth` (the element at `depth` ends: its
    /// children's instances go, its own stay for its following siblings).
    mutating func leave(depth: Int) {
        while let last = made.last, last.depth > depth {
            made.removeLast()
            instances[last.name]?.removeLast()
            if instances[last.name]?.isEmpty == true { instances[last.name] = nil }
        }
    }

    /// Applies `change` for the element at `depth`: a reset makes an instance (replacing one its sibling made), an
    /// increment or set changes the innermost one (making one at 0 on the element when there is none). Values
    /// saturate at `Int`'s bounds.
    mutating func apply(_ change: CounterChange, depth: Int) {
        for item in change.changes {
            var stack = instances[item.name] ?? []
            switch change.kind {
            case .reset:
                if let last = stack.last, last.depth == depth {
                    stack[stack.count - 1].value = item.value
                    instances[item.name] = stack
                } else {
                    make(item.name, value: item.value, depth: depth)
                }
            case .increment, .set:
                if stack.isEmpty {
                    make(item.name, value: 0, depth: depth)
                    stack = instances[item.name] ?? []
                }
                guard let current = stack.last?.value else { continue }
                let (sum, overflow) = current.addingReportingOverflow(item.value)
                stack[stack.count - 1].value = change.kind == .set ? item.value : overflow ? (item.value > 0 ? Int.max : Int.min) : sum
                instances[item.name] = stack
            }
        }
    }

    /// The values of the instances of `name` in scope, outermost first (empty: none; `counter()` shows 0).
    func values(_ name: String) -> [Int] {
        instances[name]?.map(\.value) ?? []
    }

    private mutating func make(_ name: String, value: Int, depth: Int) {
        guard made.count < Self.maximumInstances else { return }
        instances[name, default: []].append((value, depth))
        made.append((name, depth))
    }
}
