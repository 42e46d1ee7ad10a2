/// What a run of text asks of a font: a family, a weight, a slant and, for a generic family, the language the
/// text is in.
public struct FontDescriptor: Hashable, Sendable, CustomStringConvertible {
    /// Family name as requested (`Georgia`, `serif`...).
    public var family: String
    /// CSS-style weight, 100–900.
    public var weight: Int
    /// Whether an italic face is wanted.
    public var isItalic: Bool
    /// The language of the text as fontconfig names languages (`ja`, `zh-tw`, `he`), given for a generic family
    /// (``isGeneric``) so that fontconfig maps it per script (`sans-serif` in Japanese text is a Japanese sans
    /// face); nil for a named family and for text whose language is unknown.
    public var language: String?

    /// The generic family names of CSS Fonts 4 that fontconfig maps to faces (`sans` is fontconfig's own).
    static let genericFamilies: Set<String> = ["serif", "sans-serif", "sans", "monospace", "cursive", "fantasy", "system-ui"]

    /// Whether ``family`` is a generic family name.
    public var isGeneric: Bool { Self.isGenericFamily(family) }

    /// Whether `name` is one of ``genericFamilies`` in any case, compared letter by letter without a lowercased
    /// copy: shaping asks for every run (`lowercased()` and the set's hashing were 1 % of a cold layout of War and
    /// Peace, callgrind). Only ASCII letters need folding: the one other character that lowercases to ASCII, the
    /// Kelvin sign (to `k`), is in no generic name.
    static func isGenericFamily(_ name: String) -> Bool {
        let units = name.utf8
        return genericFamilies.contains { generic in
            generic.utf8.count == units.count
                && generic.utf8.elementsEqual(units) { $0 == ($1 >= 0x41 && $1 <= 0x5A ? $1 | 0x20 : $1) }
        }
    }

    /// Creates a descriptor.
    public init(family: String, weight: Int = 400, isItalic: Bool = false, language: String? = nil) {
        self.family = family; self.weight = weight; self.isItalic = isItalic; self.language = language
    }

    /// `Family:weight=700:italic:lang=ja`.
    public var description: String {
        family + (weight == 400 ? "" : ":weight=\(weight)") + (isItalic ? ":italic" : "") + (language.map { ":lang=\($0)" } ?? "")
    }

    /// The fontconfig language of a BCP 47 tag: its primary subtag, lowercased, except Chinese, whose script or
    /// region decides between fontconfig's `zh-tw`, `zh-hk` and `zh-cn` orthographies; nil for an empty or
    /// malformed tag.
    static func fontconfigLanguage(_ tag: String) -> String? {
        let parts = tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let primary = parts.first, (2...3).contains(primary.count), primary.allSatisfy({ $0 >= "a" && $0 <= "z" }) else {
            return nil
        }
        guard primary == "zh" else { return primary }
        if parts.contains("hk") || parts.contains("mo") { return "zh-hk" }
        return parts.contains("hant") || parts.contains("tw") ? "zh-tw" : "zh-cn"
    }
}
