/// A break chosen by a line breaker: where the line ends (content offset) and why there (see ``BreakReason``).
struct LineBreak: Equatable {
    var end: Int
    var reason: BreakReason

    @inline(__always)
    init(end: Int, reason: BreakReason) {
        self.end = end
        self.reason = reason
    }

    /// A break at a mandatory break (or the paragraph's end), at a hyphenation point, or at a plain opportunity.
    @inline(__always)
    init(end: Int, hard: Bool, hyphenated: Bool = false) {
        self.init(end: end, reason: hard ? .mandatory : hyphenated ? .hyphenation : .opportunity)
    }

    /// Whether the line ends at a mandatory break or at the paragraph's end.
    var hard: Bool { reason == .mandatory }
    /// Whether the line ends inside a word at a hyphenation point: a hyphen is drawn (the text is unchanged).
    var hyphenated: Bool { reason == .hyphenation || reason == .emergencyHyphenation }

    /// No more than this many lines in a row end with a hyphen (both breakers; a third is a typographic fault).
    static let maximumConsecutiveHyphens = 2
}

/// Why a line ends where it does (parley's `BreakReason` is the model): what a test, a report or a debugging
/// dump asks of a line, and what tells an emergency apart from a chosen break.
enum BreakReason: UInt8, Sendable {
    /// A UAX #14 break opportunity the breaker chose.
    case opportunity
    /// A mandatory break (a hard line break inside the paragraph), or the paragraph's end.
    case mandatory
    /// A hyphenation point among the candidates (a soft hyphen, or the language's patterns with hyphenation on).
    case hyphenation
    /// No opportunity fitted the line: the stretch was cut after a space inside it (a space without an
    /// opportunity, as between `?“` and `„`).
    case emergencySpace
    /// No opportunity or space fitted: cut at a hyphenation point of the paragraph's language, hyphenation on or off.
    case emergencyHyphenation
    /// Nothing else fitted: cut between two graphemes (a word wider than the line).
    case emergencyGrapheme
}
