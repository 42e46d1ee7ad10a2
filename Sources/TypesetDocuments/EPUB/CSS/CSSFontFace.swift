import TypesetCore

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
    /// `unicode-range`: the characters the face is for (every one when the rule does not say, or says it in a
    /// way CSS Syntax makes invalid).
    var unicodeRanges = UnicodeRanges.all

    /// Reads the rule's descriptors (`name: value` strings); nil without a family or a `url()` source.
    init?(descriptors: [String]) {
        var family: String?
        var sources: [String] = []
        var weights = 400...400
        var italic = false
        var ranges = UnicodeRanges.all
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
            case "unicode-range":
                ranges = CSSFontFace.unicodeRanges(value) ?? .all
            default:
                break
            }
        }
        guard let family, !family.isEmpty, !sources.isEmpty else { return nil }
        self.family = family
        self.sources = sources
        self.weights = weights
        self.isItalic = italic
        self.unicodeRanges = ranges
    }

    /// The most ranges one rule may list (a font split for the web lists a few dozen); past it the descriptor
    /// is taken as invalid.
    static let maximumRanges = 4096

    /// A `unicode-range` value (CSS Fonts 4 §4.5, CSS Syntax 3 §7.1): comma-separated `U+` ranges, each one code
    /// point (`U+26`), a span (`U+0025-00FF`) or a prefix with `?` wildcards (`U+4??`), of at most six hex digits
    /// a side. Nil when any is malformed, past U+10FFFF or backwards: an invalid descriptor is ignored.
    static func unicodeRanges(_ value: some StringProtocol) -> UnicodeRanges? {
        let items = value.split(separator: ",", omittingEmptySubsequences: false)
        guard items.count <= maximumRanges else { return nil }
        var ranges: [ClosedRange<UInt32>] = []
        ranges.reserveCapacity(items.count)
        for item in items {
            guard let range = unicodeRange(item.trimmingWhiteSpace()) else { return nil }
            ranges.append(range)
        }
        return ranges.isEmpty ? nil : UnicodeRanges(ranges)
    }

    /// One `<urange>`, or nil.
    private static func unicodeRange(_ text: some StringProtocol) -> ClosedRange<UInt32>? {
        let utf8 = Array(text.utf8)
        guard utf8.count >= 3, utf8[0] | 0x20 == UInt8(ascii: "u"), utf8[1] == UInt8(ascii: "+") else { return nil }
        let body = utf8[2...]
        func hex(_ digits: ArraySlice<UInt8>) -> UInt32? {
            guard (1...6).contains(digits.count) else { return nil }
            var value: UInt32 = 0
            for digit in digits {
                guard let nibble = Character(Unicode.Scalar(digit)).hexDigitValue else { return nil }
                value = value << 4 | UInt32(nibble)
            }
            return value
        }
        let range: ClosedRange<UInt32>
        if let dash = body.firstIndex(of: UInt8(ascii: "-")) {
            guard let low = hex(body[..<dash]), let high = hex(body[(dash + 1)...]), low <= high else { return nil }
            range = low...high
        } else if let mark = body.firstIndex(of: UInt8(ascii: "?")) {
            let wildcards = body[mark...]
            guard body.count <= 6, wildcards.allSatisfy({ $0 == UInt8(ascii: "?") }) else { return nil }
            let prefix = mark == body.startIndex ? 0 : hex(body[..<mark])
            guard let prefix else { return nil }
            let shift = UInt32(4 * wildcards.count)
            range = (prefix << shift)...(prefix << shift | (1 << shift - 1))
        } else {
            guard let point = hex(body) else { return nil }
            range = point...point
        }
        return range.upperBound <= 0x10FFFF ? range : nil
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
