/// Something wrong with a decoration (or mark) handed to Typeset, and what was done about it.
///
/// Problems are never silent: ``DecorationSet/apply(_:in:)-([Decoration],_)`` returns one for every decoration it refused or
/// adjusted, and the parsers throw them.
public struct DecorationProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// Why a decoration is refused or adjusted.
    public enum Reason: Hashable, Sendable {
        /// The range reaches outside `0...length` of the text (the text's length is given).
        case rangeOutOfBounds(Range<UTF16Offset>, textLength: Int)
        /// A highlight or underline covers nothing (an empty range): there would be nothing to draw. A bookmark
        /// (a ``Mark``) is the way to keep a position.
        case emptyRange(at: UTF16Offset)
        /// A range end falls between the two halves of a surrogate pair: the offsets were not counted in UTF-16
        /// units (a caller counting Unicode scalars or bytes), so the range cannot be trusted.
        case splitsSurrogatePair(at: UTF16Offset)
        /// A range end falls inside a grapheme cluster (between a base and its combining mark, inside an emoji
        /// sequence, between CR and LF). The range is widened to whole graphemes (see ``Outcome/adjusted(to:)``).
        case splitsGrapheme(at: UTF16Offset)
        /// Another decoration earlier in the same list has this id; the first one is kept.
        case duplicateID(String)
        /// A colour that is neither a known name nor a hex colour.
        case unknownColour(String)
        /// A Locator target that cannot be resolved (its href names no resource, its quote no longer occurs...),
        /// or a Locator given to a decoration set made without a ``Publication``; the message says which.
        case unresolvableLocator(String)
        /// A Locator target resolved by something other than its exact offset (the text changed): the range is
        /// where its quote or progression led (`method` is a ``LocatorResolution/Method`` raw value).
        case locatorRelocated(method: String)
    }

    /// What happened to the decoration.
    public enum Outcome: Hashable, Sendable {
        /// Not applied; the group keeps no decoration for it (a previous decoration with the same id is removed
        /// and reported in ``DecorationChanges/removed``).
        case rejected
        /// Applied over this range instead of the one asked for.
        case adjusted(to: Range<UTF16Offset>)
    }

    /// The decoration's id, when the problem concerns one.
    public var id: String?
    /// The position of the decoration in the list given to `apply`, when the problem concerns one.
    public var index: Int?
    /// Why.
    public var reason: Reason
    /// What was done.
    public var outcome: Outcome

    /// Creates a problem report.
    public init(id: String?, index: Int? = nil, reason: Reason, outcome: Outcome) {
        self.id = id; self.index = index; self.reason = reason; self.outcome = outcome
    }

    /// One line: which decoration, what is wrong, what was done.
    public var description: String {
        var subject = "decoration"
        if let id { subject += " \"\(id)\"" }
        if let index { subject += " (#\(index + 1))" }
        let what: String
        switch reason {
        case .rangeOutOfBounds(let range, let length):
            what = "range \(range.lowerBound)..<\(range.upperBound) is outside the text (0...\(length))"
        case .emptyRange(let offset):
            what = "range at \(offset) is empty (a highlight or underline needs at least one character)"
        case .splitsSurrogatePair(let offset):
            what = "offset \(offset) falls inside a surrogate pair (offsets must count UTF-16 units)"
        case .splitsGrapheme(let offset):
            what = "offset \(offset) falls inside a grapheme cluster"
        case .duplicateID(let id):
            what = "id \"\(id)\" is used more than once in the group; the first one is kept"
        case .unknownColour(let text):
            what = "unknown colour \"\(text)\" (use \(DecorationTint.names.joined(separator: ", ")) or #RRGGBB)"
        case .unresolvableLocator(let message):
            what = "locator cannot be resolved: \(message)"
        case .locatorRelocated(let method):
            what = "locator no longer matches the text at its offset; found by its \(method)"
        }
        // A problem found while parsing (a colour name) concerns no decoration yet: the reason alone says it.
        let prefix = id == nil && index == nil ? "" : subject + ": "
        // Ids and colour names come from the app or a file: the line stays one line, of a readable length.
        switch outcome {
        case .rejected: return (prefix + what + (prefix.isEmpty ? "" : "; not applied")).oneLine(limit: 1000)
        case .adjusted(let range):
            let verb = if case .locatorRelocated = reason { "now at" } else { "widened to" }
            return "\(prefix)\(what); \(verb) \(range.lowerBound)..<\(range.upperBound)".oneLine(limit: 1000)
        }
    }
}
