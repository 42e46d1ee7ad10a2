/// CSS `line-break`: how strictly the line-start prohibitions of Chinese and Japanese text (JLReq's kinsoku)
/// apply. Every rule keeps UAX #14's breaks for other scripts.
public enum LineBreakStrictness: String, Hashable, Sendable, CaseIterable {
    /// The book's default: ``strict`` for Japanese and Chinese, as JLReq sets books (ICU's own default for Japanese
    /// is ``normal``, which let `ー` and small kana start lines: `カ|ーテン`); ICU's rules for other languages, and
    /// UAX #14's for text in no language, under which neither small kana nor iteration marks start a line.
    case auto
    /// The most permissive rules: small kana, iteration marks (`々`, `ゝ`) and the prolonged sound mark may start a
    /// line (narrow columns, newspapers).
    case loose
    /// The common rules: small kana may start a line, iteration marks and closing punctuation may not.
    case normal
    /// The strictest rules: neither small kana (`ぁ`, `ッ`), iteration marks nor the prolonged sound mark
    /// (`ー`) start a line.
    case strict
    /// A break between any two grapheme clusters, spaces and punctuation included (CSS `anywhere`).
    case anywhere
}

extension LineBreakStrictness {
    /// Whether `auto` means ``strict`` for text in `language` (a BCP 47 tag): Japanese and Chinese, whose books keep
    /// JLReq's and CLReq's line-start prohibitions in their strict form.
    static func isStrictByDefault(_ language: String?) -> Bool {
        guard let language else { return false }
        guard language.utf8.allSatisfy({ $0 < 0x80 }) else {
            let primary = language.prefix { $0 != "-" && $0 != "_" }.lowercased()
            return primary == "ja" || primary == "zh" || primary == "yue"
        }
        // An ASCII tag (all of them): its primary subtag's bytes in lower case, packed, with their count (asked for
        // every paragraph shaped, so no string is made).
        var code: UInt32 = 0, count = 0
        for byte in language.utf8.prefix(while: { $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: "_") }) {
            count += 1
            guard count <= 3 else { return false }
            code = code << 8 | UInt32((0x41...0x5A).contains(byte) ? byte | 0x20 : byte)
        }
        return count == 2 ? code == 0x6A61 || code == 0x7A68 : count == 3 && code == 0x79_7565  // "ja", "zh"; "yue"
    }
}

/// CSS `word-break`: where words may break.
public enum WordBreakRule: String, Hashable, Sendable, CaseIterable {
    /// Between words, as UAX #14 says (and between Chinese or Japanese characters).
    case normal
    /// Also between any two letters or digits of a word (CSS `break-all`, also `-epub-word-break`): lines of
    /// nearly equal length in narrow columns, at the cost of words cut with no hyphen.
    case breakAll
    /// Never between two letters or ideographs: Chinese, Japanese and Korean text breaks only at spaces and
    /// punctuation, as words do in other scripts (CSS `keep-all`).
    case keepAll
}
