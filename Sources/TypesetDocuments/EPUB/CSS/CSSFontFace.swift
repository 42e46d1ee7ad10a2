/// One `@font-face` rule: a family name the book's styles can ask for, the font files that serve it, and the
/// weights and style those files are for.
struct CSSFontFace: Hashable, Sendable {
    /// The family name as declared (quotes removed, case kept; matched case-insensitively).
    var family: String
    /// The `url(...)` sources in order of preference, as written (``StyleSheetLoader`` resolves them to entries
    /// of the book); `local(...)` sources are skipped: a book's fonts come from the book.
    var sources: [String]
    /// The weights the face serves (`font-weight: bold` is 700...700; a variable font may declare a range).
    var weights: ClosedRange<Int>
    /// `font-style: italic` or `oblique`.
    var isItalic: Bool

    /// Reads the rule's descriptors (`name: value` strings); nil without a family or a `url()` source.
    init?(descriptors: [String]) {
        var family: String?
        var sources: [String] = []
        var weights = 400...400
        var italic = false
        for descriptor in descriptors {
            guard let colon = descriptor.firstIndex(of: ":") else { continue }
            let name = descriptor[..<colon].trimmingWhiteSpace().lowercased()
            let value = descriptor[descriptor.index(after: colon)...].trimmingWhiteSpace()
            switch name {
            case "font-family":
                family = CSSFontFace.unquoted(value)
            case "src":
                for item in CSSParser.splitTopLevel(value, separator: ",") {
                    if let (url, _) = CSSParser.leadingURL(item) { sources.append(url) }
                }
            case "font-weight":
                let parts = value.lowercased().split(separator: " ").compactMap { CSSFontFace.weight(String($0)) }
                if parts.count == 1 { weights = parts[0]...parts[0] }
                if parts.count == 2 { weights = min(parts[0], parts[1])...max(parts[0], parts[1]) }
            case "font-style":
                let lowered = value.lowercased()
                italic = lowered.hasPrefix("italic") || lowered.hasPrefix("oblique")
            default:
                break
            }
        }
        guard let family, !family.isEmpty, !sources.isEmpty else { return nil }
        self.family = family
        self.sources = sources
        self.weights = weights
        self.isItalic = italic
    }

    /// A family name without its quotes and surrounding white space.
    static func unquoted(_ text: some StringProtocol) -> String {
        var name = Substring(text.trimmingWhiteSpace())
        if let quote = name.first, quote == "\"" || quote == "'", name.count >= 2, name.last == quote {
            name = name.dropFirst().dropLast()
        }
        return name.trimmingWhiteSpace()
    }

    /// `normal`, `bold` or a number from 1 to 1000.
    private static func weight(_ text: String) -> Int? {
        switch text {
        case "normal": return 400
        case "bold": return 700
        default:
            guard let number = Double(text), number.isFinite, number >= 1, number <= 1000 else { return nil }
            return Int(number)
        }
    }
}
