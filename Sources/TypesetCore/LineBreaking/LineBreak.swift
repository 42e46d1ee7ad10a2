/// A break chosen by a line breaker: where the line ends (content offset), whether at a mandatory break, and
/// whether it ends inside a word at a hyphenation point (a hyphen is drawn; the text is unchanged).
struct LineBreak: Equatable {
    var end: Int
    var hard: Bool
    var hyphenated: Bool = false

    /// No more than this many lines in a row end with a hyphen (both breakers; a third is a typographic fault).
    static let maximumConsecutiveHyphens = 2
}
