/// The current state of one named group of decorations (Readium's decoration group: "highlights",
/// "search", "tts"...).
///
/// Order matters: a group's decorations blend and hit-test in list order (later ones draw on top, and win a
/// tap), the order of the last list given to ``DecorationSet/apply(_:in:)-([Decoration],_)``.
public struct DecorationGroup: Sendable {
    /// The group's name.
    public let name: String
    /// The accepted decorations, as given (targets unresolved), in list order.
    public private(set) var decorations: [Decoration] = []
    /// The range each decoration covers after resolution (widened to graphemes where needed), parallel to
    /// ``decorations``.
    public private(set) var ranges: [Range<UTF16Offset>] = []
    private var positions: [String: Int] = [:]
    /// Ranges indexed for page lookups; payload = position in ``decorations``.
    private(set) var index = IntervalIndex()

    init(name: String) { self.name = name }

    /// The decoration with `id`, if the group has one.
    public func decoration(id: String) -> Decoration? { positions[id].map { decorations[$0] } }

    /// The resolved range of the decoration with `id`.
    public func range(id: String) -> Range<UTF16Offset>? { positions[id].map { ranges[$0] } }

    /// Number of decorations.
    public var count: Int { decorations.count }

    /// Replaces the state (the caller has validated and diffed the list).
    mutating func replace(with decorations: [Decoration], ranges: [Range<UTF16Offset>]) {
        self.decorations = decorations
        self.ranges = ranges
        positions = Dictionary(uniqueKeysWithValues: decorations.enumerated().map { ($1.id, $0) })
        index = IntervalIndex(ranges.enumerated().map { ($1, $0) })
    }
}
