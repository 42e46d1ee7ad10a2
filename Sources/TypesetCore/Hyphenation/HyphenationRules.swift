/// Which words may be hyphenated automatically and how close to their ends, per language.
///
/// The defaults follow TeX's conventions for each language: English breaks no nearer than two letters from a
/// word's start and three from its end (`\lefthyphenmin=2`, `\righthyphenmin=3`), French typographers keep three
/// letters after the break as well, and German, Russian, Spanish and Italian allow two on each side. Words shorter
/// than five letters are never hyphenated (a hyphen would save too little to be worth it). A dictionary that asks
/// for wider margins gets them.
struct HyphenationRules: Sendable, Equatable {
    /// The fewest letters a word must have to be hyphenated.
    var minimumWordLength: Int
    /// The fewest letters before a hyphen.
    var leftMinimum: Int
    /// The fewest letters after a hyphen.
    var rightMinimum: Int

    /// The rules for a BCP 47 language tag and its dictionary.
    static func forLanguage(_ tag: String, dictionary: HyphenationDictionary?) -> HyphenationRules {
        let language = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first?.lowercased() ?? ""
        var rules = switch language {
        case "en", "fr": HyphenationRules(minimumWordLength: 5, leftMinimum: 2, rightMinimum: 3)
        default: HyphenationRules(minimumWordLength: 5, leftMinimum: 2, rightMinimum: 2)
        }
        if let dictionary {
            rules.leftMinimum = max(rules.leftMinimum, dictionary.leftMinimum)
            rules.rightMinimum = max(rules.rightMinimum, dictionary.rightMinimum)
        }
        return rules
    }
}
