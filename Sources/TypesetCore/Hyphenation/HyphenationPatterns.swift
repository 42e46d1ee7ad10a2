/// Which languages can be hyphenated: a caller that turns hyphenation on can tell the reader when the book's
/// language has no patterns (hyphenation then does nothing, silently, but for the book's own soft hyphens).
package enum HyphenationPatterns {
    /// The pattern file that hyphenates `tag` (a BCP 47 language tag: `en-GB` finds `hyph_en_GB.dic`, then
    /// `hyph_en.dic`, then any `hyph_en_*.dic`), or nil when none is installed or it cannot be loaded. The file is
    /// loaded once per process and kept for layout.
    package static func file(forLanguage tag: String) -> String? {
        guard HyphenationDictionary.dictionary(forLanguage: tag) != nil else { return nil }
        return HyphenationDictionary.patternFile(forLanguage: tag)
    }

    /// Reads the pattern file at `path` and builds its automaton, the process-wide cache left aside (for the
    /// benchmark): the states of every level and the bytes they take; nil when the file cannot be used.
    package static func load(path: String) -> (states: Int, bytes: Int)? {
        HyphenationDictionary(path: path)?.size
    }
}
