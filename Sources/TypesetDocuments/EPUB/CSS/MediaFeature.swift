import TypesetCore

/// A media feature Typeset answers (Media Queries 4 and 5), with what it is on a reader's page.
enum MediaFeature: String, Hashable, Sendable {
    case width, height
    case deviceWidth = "device-width", deviceHeight = "device-height"
    case aspectRatio = "aspect-ratio", deviceAspectRatio = "device-aspect-ratio"
    case orientation
    case resolution
    case color, colorIndex = "color-index", monochrome, grid
    case prefersColorScheme = "prefers-color-scheme"
    case hover, anyHover = "any-hover", pointer, anyPointer = "any-pointer"
    case update, scan
    case prefersReducedMotion = "prefers-reduced-motion", prefersContrast = "prefers-contrast"
    case forcedColors = "forced-colors", invertedColors = "inverted-colors"
    /// The reader's line direction, for the book's `horizontal` and `vertical` alternate style sheets (EPUB
    /// Alternate Style Tags): `vertical`, `horizontal`, or `book` when the reader has not chosen.
    case typesetWritingMode = "-typeset-writing-mode"

    /// Whether the feature takes a range (`min-`, `max-`, `<`...), rather than one of a few keywords.
    var isRange: Bool {
        switch self {
        case .width, .height, .deviceWidth, .deviceHeight, .aspectRatio, .deviceAspectRatio, .resolution, .color,
             .colorIndex, .monochrome:
            true
        default: false
        }
    }

    /// Whether the answer changes with the reader's settings.
    var dependsOnEnvironment: Bool {
        switch self {
        case .width, .height, .deviceWidth, .deviceHeight, .aspectRatio, .deviceAspectRatio, .orientation,
             .resolution, .prefersColorScheme, .typesetWritingMode:
            true
        default: false
        }
    }

    /// The feature's value on `environment`: a number (lengths in CSS pixels, resolution in dppx), a ratio, or a
    /// keyword. A reading app's page is a colour touch screen, updated fast, with no hover and no forced colours.
    func value(_ environment: MediaEnvironment) -> MediaValue {
        switch self {
        case .width: .number(environment.width)
        case .height: .number(environment.height)
        case .deviceWidth: .number(environment.deviceWidth)
        case .deviceHeight: .number(environment.deviceHeight)
        case .aspectRatio: .ratio(environment.width, environment.height)
        case .deviceAspectRatio: .ratio(environment.deviceWidth, environment.deviceHeight)
        case .orientation: .keyword(environment.height >= environment.width ? "portrait" : "landscape")
        case .resolution: .number(environment.pixelRatio)
        case .color: .number(8)
        case .colorIndex, .monochrome, .grid: .number(0)
        case .prefersColorScheme: .keyword(environment.prefersDark ? "dark" : "light")
        case .hover, .anyHover: .keyword("none")
        case .pointer, .anyPointer: .keyword("coarse")
        case .update: .keyword("fast")
        case .scan: .keyword("progressive")
        case .prefersReducedMotion, .prefersContrast: .keyword("no-preference")
        case .forcedColors, .invertedColors: .keyword("none")
        case .typesetWritingMode:
            .keyword(environment.verticalText.map { $0 ? "vertical" : "horizontal" } ?? "book")
        }
    }
}

/// A value in a media query, or a feature's value.
enum MediaValue: Hashable, Sendable {
    /// A number: a length in CSS pixels, a resolution in dppx, a plain number.
    case number(Double)
    /// `16/9` (a plain number is a ratio over 1).
    case ratio(Double, Double)
    case keyword(String)

    /// `30em`, `600px`, `2dppx`, `16/9`, `landscape`: nil for anything else. Lengths become CSS pixels (`em` and
    /// `rem` 16 px, `ex` and `ch` 8 px), resolutions dppx.
    init?(_ tokens: ArraySlice<MediaQueryToken>, feature: MediaFeature) {
        let parts = Array(tokens)
        switch parts.count {
        case 1:
            switch parts[0] {
            case .identifier(let word): self = .keyword(word)
            case .number(let value, let unit):
                guard let converted = MediaValue.convert(value, unit: unit, feature: feature) else { return nil }
                self = converted
            default: return nil
            }
        case 3:
            guard case .number(let a, "") = parts[0], parts[1] == .slash, case .number(let b, "") = parts[2],
                  a >= 0, b >= 0 else { return nil }
            self = .ratio(a, b)
        default:
            return nil
        }
    }

    private static func convert(_ value: Double, unit: String, feature: MediaFeature) -> MediaValue? {
        // No feature takes a negative value (`(width: -1px)` is not a query).
        guard value >= 0 else { return nil }
        let lengths: [String: Double] = ["px": 1, "em": 16, "rem": 16, "ex": 8, "ch": 8, "pt": 4.0 / 3, "pc": 16,
                                         "in": 96, "cm": 96 / 2.54, "mm": 96 / 25.4, "q": 96 / 101.6]
        let resolutions: [String: Double] = ["dppx": 1, "x": 1, "dpi": 1.0 / 96, "dpcm": 2.54 / 96]
        switch feature {
        case .resolution:
            return resolutions[unit].map { .number(value * $0) }
        case .width, .height, .deviceWidth, .deviceHeight:
            if unit.isEmpty { return value == 0 ? .number(0) : nil }
            return lengths[unit].map { .number(value * $0) }
        default:
            return unit.isEmpty ? .number(value) : nil
        }
    }
}

/// One feature test of a condition: `(min-width: 30em)`, `(orientation: landscape)`, `(color)`, one side of a
/// range (`400px <= width`).
struct MediaFeatureTest: Hashable, Sendable {
    enum Comparison: Hashable, Sendable {
        case less, lessOrEqual, equal, greaterOrEqual, greater

        /// The comparison with its sides swapped (`400px < width` is `width > 400px`).
        var flipped: Comparison {
            switch self {
            case .less: .greater
            case .lessOrEqual: .greaterOrEqual
            case .equal: .equal
            case .greaterOrEqual: .lessOrEqual
            case .greater: .less
            }
        }
    }

    let feature: MediaFeature
    /// Nil for the boolean form `(color)`.
    let comparison: Comparison?
    let value: MediaValue?

    /// The steps of the feature in `tokens` (inside its parentheses): one test, two for a double range (and their
    /// `and`), `unknown` for anything not a feature Typeset knows with a value of its type.
    static func steps(_ tokens: ArraySlice<MediaQueryToken>) -> [MediaConditionStep] {
        guard let tests = parse(Array(tokens)), tests.allSatisfy(\.isWellTyped) else { return [.unknown] }
        return tests.count == 1 ? [.test(tests[0])] : tests.map { .test($0) } + [.and(tests.count)]
    }

    private static func parse(_ tokens: [MediaQueryToken]) -> [MediaFeatureTest]? {
        guard !tokens.contains(.open), !tokens.isEmpty else { return nil }
        let comparisons = tokens.indices.filter { if case .comparison = tokens[$0] { return true } else { return false } }
        func name(_ index: Int) -> String? {
            if case .identifier(let word) = tokens[index] { return word }
            return nil
        }
        func comparison(_ index: Int) -> Comparison? {
            if case .comparison(let value) = tokens[index] { return value }
            return nil
        }
        switch comparisons.count {
        case 0:
            guard let word = name(0) else { return nil }
            if tokens.count == 1 {
                return MediaFeature(rawValue: word).map { [MediaFeatureTest(feature: $0, comparison: nil, value: nil)] }
            }
            guard tokens[1] == .colon else { return nil }
            var featureName = word, comparison = Comparison.equal
            if word.hasPrefix("min-") { featureName = String(word.dropFirst(4)); comparison = .greaterOrEqual }
            if word.hasPrefix("max-") { featureName = String(word.dropFirst(4)); comparison = .lessOrEqual }
            guard let feature = MediaFeature(rawValue: featureName), comparison == .equal || feature.isRange,
                  let value = MediaValue(tokens[2...], feature: feature) else { return nil }
            return [MediaFeatureTest(feature: feature, comparison: comparison, value: value)]
        case 1:
            let at = comparisons[0]
            guard let operation = comparison(at) else { return nil }
            if at == 1, let word = name(0), let feature = MediaFeature(rawValue: word), feature.isRange,
               let value = MediaValue(tokens[(at + 1)...], feature: feature) {
                return [MediaFeatureTest(feature: feature, comparison: operation, value: value)]
            }
            if at == tokens.count - 2, let word = name(tokens.count - 1), let feature = MediaFeature(rawValue: word),
               feature.isRange, let value = MediaValue(tokens[..<at], feature: feature) {
                return [MediaFeatureTest(feature: feature, comparison: operation.flipped, value: value)]
            }
            return nil
        case 2:
            let first = comparisons[0], second = comparisons[1]
            guard second == first + 2, let word = name(first + 1), let feature = MediaFeature(rawValue: word), feature.isRange,
                  let low = comparison(first), let high = comparison(second),
                  let lowValue = MediaValue(tokens[..<first], feature: feature),
                  let highValue = MediaValue(tokens[(second + 1)...], feature: feature) else { return nil }
            // Both `<` (or `<=`) or both `>`: `400px < width < 700px`.
            let ascending: Set<Comparison> = [.less, .lessOrEqual], descending: Set<Comparison> = [.greater, .greaterOrEqual]
            guard (ascending.contains(low) && ascending.contains(high)) || (descending.contains(low) && descending.contains(high)) else { return nil }
            return [MediaFeatureTest(feature: feature, comparison: low.flipped, value: lowValue),
                    MediaFeatureTest(feature: feature, comparison: high, value: highValue)]
        default:
            return nil
        }
    }

    /// Whether the value is of the feature's type (a length for `width`, a keyword for `orientation`...).
    private var isWellTyped: Bool {
        guard let value else { return true }
        switch (feature, value) {
        case (.aspectRatio, .number), (.aspectRatio, .ratio), (.deviceAspectRatio, .number), (.deviceAspectRatio, .ratio): return true
        case (_, .ratio): return false
        case (_, .number): return feature.isRange
        case (_, .keyword): return !feature.isRange
        }
    }

    /// The test's answer on `environment`.
    func evaluate(_ environment: MediaEnvironment) -> MediaTruth {
        let actual = feature.value(environment)
        guard let comparison, let value else {
            // The boolean form: true unless the feature is zero or `none` (or the reader has not chosen).
            switch actual {
            case .number(let number): return MediaTruth(number != 0)
            case .ratio(let a, _): return MediaTruth(a != 0)
            case .keyword(let word): return MediaTruth(!["none", "no-preference", "book"].contains(word))
            }
        }
        switch (actual, value) {
        case (.keyword(let have), .keyword(let want)):
            return MediaTruth(have == want)
        case (.number(let have), .number(let want)):
            return MediaTruth(Self.compare(have, want, comparison))
        case (.ratio(let a, let b), .ratio(let c, let d)):
            // a/b against c/d without dividing (a zero height is a ratio of infinity, as CSS has it).
            return MediaTruth(Self.compare(a * d, c * b, comparison))
        case (.ratio(let a, let b), .number(let want)):
            return MediaTruth(Self.compare(a, want * b, comparison))
        default:
            return .unknown
        }
    }

    private static func compare(_ have: Double, _ want: Double, _ comparison: Comparison) -> Bool {
        switch comparison {
        case .less: have < want
        case .lessOrEqual: have <= want
        case .equal: have == want
        case .greaterOrEqual: have >= want
        case .greater: have > want
        }
    }
}
