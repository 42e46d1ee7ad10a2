import TypesetCore

extension XHTMLConverter {
    /// The counter changes of the element just styled (its rules' `counter-reset`, then `counter-increment`, then
    /// `counter-set`, CSS Lists 3 §4.5), made at `depth`; nothing for an element without a box (`display: none`).
    /// Its rules are those its style was matched with (``sharedStyle(_:parent:isRoot:)`` leaves their indices in
    /// ``StyleSharing/book``), not matched again. Read on the reference page, as generated text is, so that the text
    /// is the same under every setting; the `style` attribute's are not read.
    mutating func applyCounters(depth: Int, hidden: Bool) {
        guard sheet.hasCounterRules, !hidden else { return }
        applyCounters(of: sheet.rules(at: styleSharing.book), depth: depth)
    }

    /// The counter changes of `rules` (an element's or pseudo-element's, in cascade order: the last of each
    /// property wins), made at `depth`.
    mutating func applyCounters(of rules: [CSSRule], depth: Int) {
        var reset: CounterChange?, increment: CounterChange?, set: CounterChange?
        for rule in rules where rule.condition.map({ media.reference[$0] }) ?? true {
            for case .counters(let change) in rule.declarations {
                switch change.kind {
                case .reset: reset = change
                case .increment: increment = change
                case .set: set = change
                }
            }
        }
        for change in [reset, increment, set] {
            if let change { counters.apply(change, depth: depth) }
        }
    }

    /// The text of a `counter()` or `counters()` part: the counter's innermost value (0 when there is none), or
    /// every value in scope joined by the separator, in the part's counter style (`decimal` by default; `none`
    /// writes nothing).
    mutating func counterText(_ part: CSSContentPart) -> String {
        guard case .counter(let name, let separator, let styleName) = part else { return "" }
        let normalized = styleName.map(CounterStyleSet.normalizedName) ?? "decimal"
        guard normalized != "none" else { return "" }
        let style = counterStyles.style(named: normalized) ?? CounterStyleSet.decimal
        var values = counters.values(name)
        if values.isEmpty { values = [0] }
        if separator == nil { values = [values[values.count - 1]] }
        return values.map { counterStyles.representation(of: $0, in: style, name: normalized) }.joined(separator: separator ?? "")
    }
}
