import TypesetCore

/// The font feature properties of CSS Fonts 4 §6 (`font-variant-ligatures`, `-caps`, `-numeric`, `-position`,
/// `-east-asian`, `font-kerning`, `font-feature-settings` and the `font-variant` shorthand), read into the
/// OpenType features each asks for.
///
/// Common ligatures and small capitals keep their own declarations (``CSSDeclaration/ligatures(_:)``,
/// ``CSSDeclaration/smallCaps(_:)``), which the reader's settings weigh against; the rest of each property's value
/// is a ``FontFeatures`` set (``CSSDeclaration/fontFeatures(_:_:)``). A value CSS cannot read drops the whole
/// declaration, as CSS says.
extension CSSDeclaration {
    /// A longhand that asks for font features; each is inherited on its own.
    enum FontFeatureProperty: Int, CaseIterable, Sendable {
        case ligatures, caps, numeric, position, eastAsian, kerning, settings

        /// The longhand named `name`, if it is one.
        init?(name: String) {
            switch name {
            case "font-variant-ligatures": self = .ligatures
            case "font-variant-caps": self = .caps
            case "font-variant-numeric": self = .numeric
            case "font-variant-position": self = .position
            case "font-variant-east-asian": self = .eastAsian
            case "font-kerning": self = .kerning
            case "font-feature-settings": self = .settings
            default: return nil
            }
        }

        /// The `font-variant-*` longhands that the `font-variant` and `font` shorthands set.
        static let variants: [FontFeatureProperty] = [.ligatures, .caps, .numeric, .position, .eastAsian]
    }

    /// `kern`, packed.
    private static let kern: UInt32 = 0x6B65_726E

    /// The most settings a `font-feature-settings` declaration may list; one with more is dropped whole (a book
    /// lists a handful; the bound keeps a crafted sheet from making every run carry hundreds).
    static let maximumFeatureSettings = 32

    /// The font feature properties; nil when `property` is not one of them.
    static func parseFontFeatures(_ property: String, value: String, words: [String], rawValue: Substring) -> [CSSDeclaration]? {
        switch property {
        case "font-variant":
            return variantShorthand(words)
        case "font-feature-settings":
            return featureSettings(rawValue.trimmingWhiteSpace()).map { [.fontFeatures(.settings, $0)] } ?? []
        case "font-kerning":
            switch value {
            // HarfBuzz kerns by default, so `normal` asks for nothing more than `auto`.
            case "auto", "normal": return [.fontFeatures(.kerning, FontFeatures())]
            case "none": return [.fontFeatures(.kerning, FontFeatures([(tag: Self.kern, value: UInt32(0))]))]
            default: return []
            }
        default:
            guard let longhand = FontFeatureProperty(name: property) else { return nil }
            var reading = VariantReading()
            guard value == "normal" || (!words.isEmpty && words.allSatisfy({ reading.read($0, as: longhand) })) else { return [] }
            return reading.declarations(for: [longhand])
        }
    }

    /// `font-variant`: `normal`, `none` (no ligatures of any kind, the other longhands `normal`), or the values of
    /// the longhands in any order, each longhand's groups at most once; the longhands it does not name are `normal`.
    private static func variantShorthand(_ words: [String]) -> [CSSDeclaration] {
        var reading = VariantReading()
        if words == ["none"] {
            _ = reading.read("none", as: .ligatures)
        } else if words != ["normal"] {
            for word in words {
                guard word != "none", FontFeatureProperty.variants.contains(where: { reading.read(word, as: $0) }) else { return [] }
            }
        }
        return reading.declarations(for: FontFeatureProperty.variants)
    }

    /// `font-feature-settings`: `normal`, or a comma-separated list of a quoted tag of four printable ASCII
    /// characters, each with an optional `on`, `off` or non-negative integer (1 when left out); the last value of a
    /// tag wins. nil for a value that cannot be read or lists more than ``maximumFeatureSettings``.
    static func featureSettings(_ raw: String) -> FontFeatures? {
        if raw.lowercased() == "normal" { return FontFeatures() }
        let items = CSSParser.splitTopLevel(raw, separator: ",")
        guard !items.isEmpty, items.count <= maximumFeatureSettings else { return nil }
        var settings: [(tag: UInt32, value: UInt32)] = []
        for item in items {
            guard let quote = item.first, quote == "\"" || quote == "'",
                  let close = item.dropFirst().firstIndex(of: quote) else { return nil }
            // Tags are case-sensitive (`smcp` and `SMCP` are different features): read as written.
            guard let tag = FontFeatures.tag(String(item[item.index(after: item.startIndex)..<close])) else { return nil }
            let rest = item[item.index(after: close)...].trimmingWhiteSpace().lowercased()
            guard let value = featureValue(rest) else { return nil }
            settings.append((tag, value))
        }
        return FontFeatures(settings)
    }

    /// A feature's value in `font-feature-settings`: empty or `on` is 1, `off` 0, an integer itself (those past
    /// `UInt32`'s largest read as the largest); nil for anything else, negative numbers included.
    private static func featureValue(_ word: String) -> UInt32? {
        switch word {
        case "", "on": return 1
        case "off": return 0
        default:
            let digits = word.hasPrefix("+") ? word.dropFirst() : Substring(word)
            guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return UInt32(digits) ?? UInt32.max
        }
    }

}

/// The keywords of the `font-variant-*` longhands read so far (CSS Fonts 4 §6.4–6.10), and the declarations they
/// make: each longhand's value is made of groups (figure style, figure spacing...), each said at most once.
private struct VariantReading {
    /// The groups said so far (`numeric.figure`), and per longhand the features its keywords ask for.
    private var groups: Set<String> = []
    private var features: [CSSDeclaration.FontFeatureProperty: [(tag: UInt32, value: UInt32)]] = [:]
    /// `common-ligatures` (true) or `no-common-ligatures` (false), when said.
    private var commonLigatures: Bool?
    /// `small-caps` or `all-small-caps`, when said.
    private var smallCaps = false

    /// A keyword: its group, the features it asks for.
    private typealias Keyword = (group: String, features: KeyValuePairs<String, UInt32>)

    /// The keywords of each longhand other than common ligatures and small capitals, which are read apart.
    private static let keywords: [CSSDeclaration.FontFeatureProperty: [String: Keyword]] = [
        .ligatures: [
            "discretionary-ligatures": ("discretionary", ["dlig": 1]), "no-discretionary-ligatures": ("discretionary", ["dlig": 0]),
            "historical-ligatures": ("historical", ["hlig": 1]), "no-historical-ligatures": ("historical", ["hlig": 0]),
            "contextual": ("contextual", ["calt": 1]), "no-contextual": ("contextual", ["calt": 0]),
        ],
        .caps: [
            "small-caps": ("caps", [:]), "all-small-caps": ("caps", ["c2sc": 1]), "petite-caps": ("caps", ["pcap": 1]),
            "all-petite-caps": ("caps", ["pcap": 1, "c2pc": 1]), "unicase": ("caps", ["unic": 1]),
            "titling-caps": ("caps", ["titl": 1]),
        ],
        .numeric: [
            "lining-nums": ("figure", ["lnum": 1]), "oldstyle-nums": ("figure", ["onum": 1]),
            "proportional-nums": ("spacing", ["pnum": 1]), "tabular-nums": ("spacing", ["tnum": 1]),
            "diagonal-fractions": ("fraction", ["frac": 1]), "stacked-fractions": ("fraction", ["afrc": 1]),
            "ordinal": ("ordinal", ["ordn": 1]), "slashed-zero": ("zero", ["zero": 1]),
        ],
        .position: ["sub": ("position", ["subs": 1]), "super": ("position", ["sups": 1])],
        .eastAsian: [
            "jis78": ("variant", ["jp78": 1]), "jis83": ("variant", ["jp83": 1]), "jis90": ("variant", ["jp90": 1]),
            "jis04": ("variant", ["jp04": 1]), "simplified": ("variant", ["smpl": 1]),
            "traditional": ("variant", ["trad": 1]), "full-width": ("width", ["fwid": 1]),
            "proportional-width": ("width", ["pwid": 1]), "ruby": ("ruby", ["ruby": 1]),
        ],
    ]

    /// Reads `word` as a keyword of `longhand`; false when it is not one, or its group was said already.
    mutating func read(_ word: String, as longhand: CSSDeclaration.FontFeatureProperty) -> Bool {
        if longhand == .ligatures, word == "none" || word == "common-ligatures" || word == "no-common-ligatures" {
            guard groups.insert("ligatures.common").inserted else { return false }
            commonLigatures = word == "common-ligatures"
            // `none` turns off every ligature and contextual form the property covers.
            if word == "none" {
                features[.ligatures] = Self.packed(["dlig": 0, "hlig": 0, "calt": 0])
                return ["discretionary", "historical", "contextual"].allSatisfy { groups.insert("ligatures." + $0).inserted }
            }
            return true
        }
        guard let keyword = Self.keywords[longhand]?[word], groups.insert("\(longhand).\(keyword.group)").inserted else {
            return false
        }
        if longhand == .caps && (word == "small-caps" || word == "all-small-caps") { smallCaps = true }
        features[longhand, default: []] += Self.packed(keyword.features)
        return true
    }

    /// `settings` with their tags packed.
    private static func packed(_ settings: KeyValuePairs<String, UInt32>) -> [(tag: UInt32, value: UInt32)] {
        settings.compactMap { tag, value in FontFeatures.tag(tag).map { (tag: $0, value: value) } }
    }

    /// The declarations that give `longhands` the values read (`normal` for those not said).
    func declarations(for longhands: [CSSDeclaration.FontFeatureProperty]) -> [CSSDeclaration] {
        var result: [CSSDeclaration] = []
        for longhand in longhands {
            if longhand == .ligatures { result.append(.ligatures(commonLigatures ?? true)) }
            if longhand == .caps { result.append(.smallCaps(smallCaps)) }
            result.append(.fontFeatures(longhand, FontFeatures(features[longhand] ?? [])))
        }
        return result
    }
}

/// The font feature properties of an element (inherited, each on its own) and the features they add up to.
struct CSSFontFeatures: Equatable, Sendable {
    /// Per ``CSSDeclaration/FontFeatureProperty`` (by raw value), its features; empty until one is set, so that an
    /// element of a book that sets none carries one empty array.
    private var byProperty: [FontFeatures] = []

    /// The features `property` asks for.
    subscript(property: CSSDeclaration.FontFeatureProperty) -> FontFeatures {
        get { byProperty.isEmpty ? FontFeatures() : byProperty[property.rawValue] }
        set {
            if byProperty.isEmpty {
                if newValue.isEmpty { return }
                byProperty = Array(repeating: FontFeatures(), count: CSSDeclaration.FontFeatureProperty.allCases.count)
            }
            byProperty[property.rawValue] = newValue
        }
    }

    /// The features of the text, in the order of CSS Fonts 4 §7.2: the `font-variant-*` longhands and
    /// `font-kerning`, then `font-feature-settings` over them.
    var resolved: FontFeatures {
        byProperty.reduce(FontFeatures()) { $0.merging($1) }
    }
}
