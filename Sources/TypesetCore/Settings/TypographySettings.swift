/// Everything a reader can change about how a book looks, as one value.
///
/// The defaults are those of a typical reading app: Georgia 19 pt (resolved to the closest installed or bundled
/// face), line height 1.45, 24 pt margins, paragraph spacing 0.6 em, sepia, on a 390 × 844 pt page at 2 pixels
/// per point. Use ``validated()`` before laying out values that come from a user.
public struct TypographySettings: Hashable, Sendable {
    /// The requested font family (`Georgia`, `serif`, `Charis SIL`...). Resolved through fontconfig.
    public var fontFamily: String = "Georgia"
    /// Body font size in points.
    public var fontSize: Double = 19
    /// Line height as a multiple of the font's natural line height (ascent + descent + line gap).
    public var lineHeightMultiple: Double = 1.45
    /// Page margins in points.
    public var margins: EdgeInsets = EdgeInsets(all: 24)
    /// Space between paragraphs, in ems of the body font size.
    public var paragraphSpacing: Double = 0.6
    /// Indent of a body paragraph's first line, in ems.
    public var firstLineIndent: Double = 0
    /// Alignment of body paragraphs.
    public var alignment: TextAlignment = .start
    /// Colours.
    public var theme: Theme = .sepia
    /// Page size in points.
    public var pageSize: Size = Size(width: 390, height: 844)
    /// Pixels per point when rendering.
    public var pixelScale: Double = 2
    /// Text columns per page (1, or 2 for a spread).
    public var columns: Int = 1
    /// Space between columns, in points.
    public var columnGap: Double = 24
    /// The document language to assume when the document does not say (BCP 47). It also chooses the
    /// hyphenation patterns.
    public var language: String? = nil
    /// Whether words are hyphenated automatically at line ends, with the patterns of the paragraph's language
    /// (``TypographySettings/language`` when the document names none). Soft hyphens (U+00AD) are honoured
    /// either way; headings and preformatted text are never hyphenated automatically.
    public var hyphenation: Bool = false
    /// How lines are broken: ``LineBreaking/automatic`` (the default) sets justified paragraphs with the optimal
    /// breaker and the others greedily.
    public var lineBreaking: LineBreaking = .automatic
    /// The fewest lines of a paragraph left at the bottom of a page or column (orphans) and carried to the top of
    /// the next (widows), as CSS `orphans`/`widows`; 1 turns the control off. A paragraph that would break with
    /// fewer moves whole, or carries one more line to the next page, and the page ends up to a line short (two
    /// when a three-line paragraph must move whole). The default is 2, CSS's default and what a book wants: no
    /// widows or orphans.
    public var orphansAndWidows: Int = 2

    /// The default settings.
    public init() {}

    /// A setting whose value cannot be laid out.
    public struct InvalidSetting: Error, CustomStringConvertible, Equatable {
        /// The setting's name as the CLI spells it (`size`, `margins`...).
        public let name: String
        /// Why the value is refused, in one line.
        public let reason: String
        /// `name: reason`.
        public var description: String { "\(name): \(reason)" }
    }

    /// The smallest line-height multiple accepted: lines a tenth of their natural height already overlap, and
    /// much less leaves them without height.
    public static let minimumLineHeightMultiple: Double = 0.1

    /// The largest font size, page dimension and margin accepted, in points; far beyond any screen, small
    /// enough that layout arithmetic stays exact.
    public static let maximumDimension: Double = 100_000

    /// Checks every value and returns the settings unchanged, or throws the first problem found: non-finite or
    /// non-positive sizes, margins that leave no room for text, more than 8 columns, and so on.
    public func validated() throws -> TypographySettings {
        func check(_ value: Double, _ name: String, positive: Bool = true, max: Double = TypographySettings.maximumDimension) throws {
            guard value.isFinite else { throw InvalidSetting(name: name, reason: "\(value) is not a finite number") }
            if positive { guard value > 0 else { throw InvalidSetting(name: name, reason: "must be positive, got \(formatPoints(value))") } }
            else { guard value >= 0 else { throw InvalidSetting(name: name, reason: "must not be negative, got \(formatPoints(value))") } }
            guard value <= max else { throw InvalidSetting(name: name, reason: "must be at most \(formatPoints(max)), got \(formatPoints(value))") }
        }
        guard !fontFamily.isEmpty else { throw InvalidSetting(name: "font", reason: "the font family is empty") }
        try check(fontSize, "size", max: 2000)
        try check(lineHeightMultiple, "line-height", max: 20)
        // Far below any reading setting, but a multiple such as 1e-300 gives lines of no height at all (in Float),
        // stacked at one y, where no point can pick a line (found by the position fuzzer).
        guard lineHeightMultiple >= TypographySettings.minimumLineHeightMultiple else {
            throw InvalidSetting(name: "line-height", reason: "must be at least \(formatPoints(TypographySettings.minimumLineHeightMultiple)), got \(formatPoints(lineHeightMultiple))")
        }
        try check(margins.top, "margins", positive: false)
        try check(margins.left, "margins", positive: false)
        try check(margins.bottom, "margins", positive: false)
        try check(margins.right, "margins", positive: false)
        try check(paragraphSpacing, "paragraph-spacing", positive: false, max: 100)
        try check(firstLineIndent, "indent", positive: false, max: 100)
        try check(pageSize.width, "width")
        try check(pageSize.height, "height")
        try check(pixelScale, "scale", max: 16)
        try check(columnGap, "column-gap", positive: false)
        guard (1...10).contains(orphansAndWidows) else {
            throw InvalidSetting(name: "orphans-and-widows", reason: "must be 1 to 10, got \(orphansAndWidows)")
        }
        guard (1...8).contains(columns) else { throw InvalidSetting(name: "columns", reason: "must be 1 to 8, got \(columns)") }
        guard margins.left + margins.right < pageSize.width else {
            throw InvalidSetting(name: "margins", reason: "left and right margins (\(formatPoints(margins.left + margins.right)) pt) leave no room on a \(formatPoints(pageSize.width)) pt wide page")
        }
        guard margins.top + margins.bottom < pageSize.height else {
            throw InvalidSetting(name: "margins", reason: "top and bottom margins (\(formatPoints(margins.top + margins.bottom)) pt) leave no room on a \(formatPoints(pageSize.height)) pt high page")
        }
        guard columnWidth > 0 else {
            throw InvalidSetting(name: "column-gap", reason: "\(columns) columns with a \(formatPoints(columnGap)) pt gap leave no room for text")
        }
        return self
    }

    /// The text area of a page, in page coordinates.
    public var contentRect: Rect {
        Rect(x: margins.left, y: margins.top,
             width: pageSize.width - margins.left - margins.right,
             height: pageSize.height - margins.top - margins.bottom)
    }

    /// The width of one column in points.
    public var columnWidth: Double {
        (contentRect.width - columnGap * Double(columns - 1)) / Double(columns)
    }
}

/// How paragraphs are broken into lines.
public enum LineBreaking: String, Hashable, Sendable, CaseIterable {
    /// Optimal for justified paragraphs, greedy for the others.
    case automatic
    /// First fit: each line takes as many words as fit (what browsers, Pango and TextKit do).
    case greedy
    /// Knuth–Plass total fit: the breaks of the whole paragraph that make its spacing most even, with as few
    /// hyphens in a row as possible.
    case optimal
}
