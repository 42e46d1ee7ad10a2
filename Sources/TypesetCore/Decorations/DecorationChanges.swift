/// What ``DecorationSet/apply(_:in:)-([Decoration],_)`` did to a group: the difference between its old and new state, by id,
/// and the problems it found in the list.
public struct DecorationChanges: Hashable, Sendable {
    /// One decoration whose id was in the group before and after, with a different target or style.
    public struct Change: Hashable, Sendable {
        /// The decoration before.
        public var old: Decoration
        /// The decoration after.
        public var new: Decoration
        /// Whether the range it covers changed (a move); otherwise only its style did.
        public var isMove: Bool
    }

    /// Decorations whose id is new to the group, in list order.
    public var added: [Decoration] = []
    /// Decorations whose id is gone (including ids whose new entry was rejected), in their old order.
    public var removed: [Decoration] = []
    /// Decorations whose target or style changed, in list order.
    public var changed: [Change] = []
    /// Every decoration that was refused or adjusted, with the reason.
    public var problems: [DecorationProblem] = []

    /// The changes that moved a decoration (its range changed), a subset of ``changed``.
    public var moved: [Change] { changed.filter(\.isMove) }
    /// Whether the group is exactly as it was (order aside) and nothing was refused.
    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && changed.isEmpty && problems.isEmpty }

    /// Creates an empty change list.
    public init() {}
}
