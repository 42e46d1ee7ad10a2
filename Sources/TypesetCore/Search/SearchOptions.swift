/// How a ``Search`` compares the query with the text (Readium's search options, less regular expressions).
///
/// By default a search ignores case, diacritics and width: `resume` finds `résumé`, `natasha` finds `Natásha`,
/// `ＡＢＣ` finds `ABC`, `ss` finds `ß`, and soft hyphens and other ignorable characters inside a word never hide
/// it. Matching is ICU's collation-based string search (`usearch`) with the collator of the book's language, so
/// what counts as "the same letter" is that language's (Unicode's collation algorithm with CLDR's tailorings).
public struct SearchOptions: Hashable, Sendable {
    /// Whether `Natasha` and `natasha` differ (ICU's case level).
    public var caseSensitive: Bool
    /// Whether `resume` and `résumé` differ (secondary strength).
    public var diacriticSensitive: Bool
    /// Whether a match must start and end on word boundaries (UAX #29, in the book's language): `art` then finds
    /// `art` and `Art,` but not `part` or `artist`.
    public var wholeWord: Bool
    /// Whether the query must match exactly: case, diacritics, width and every other difference count; only
    /// canonically equivalent spellings (a precomposed `é` and `e` with a combining acute) match each other. Makes
    /// the two options above moot.
    public var exact: Bool
    /// The language whose collation decides (BCP 47), or nil for the book's (``StyledText/language``), else the
    /// root collation.
    public var language: String?

    /// Creates options; the defaults ignore case, diacritics and width, and match inside words.
    public init(caseSensitive: Bool = false, diacriticSensitive: Bool = false, wholeWord: Bool = false,
                exact: Bool = false, language: String? = nil) {
        self.caseSensitive = caseSensitive; self.diacriticSensitive = diacriticSensitive
        self.wholeWord = wholeWord; self.exact = exact; self.language = language
    }
}
