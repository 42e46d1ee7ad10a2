/// Horizontal alignment of a paragraph's lines.
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    /// Aligned to the start edge (left for left-to-right paragraphs, right for right-to-left ones).
    case start
    /// Centred.
    case center
    /// Aligned to the end edge.
    case end
    /// Stretched to both edges; the last line of the paragraph is start-aligned.
    case justified
}

/// The direction in which a run or paragraph is written.
public enum WritingDirection: String, Hashable, Sendable {
    /// Left to right.
    case leftToRight = "ltr"
    /// Right to left.
    case rightToLeft = "rtl"
}

/// What a paragraph is, which decides the defaults for its spacing, indent and line breaking.
public enum ParagraphRole: Hashable, Sendable {
    /// Running text.
    case body
    /// A heading of the given level (1 is the largest).
    case heading(level: Int)
    /// Text whose line breaks are kept: verse, tables, addresses, preformatted blocks.
    case preformatted
    /// A quotation set off from the text.
    case blockQuote
    /// One item of a list.
    case listItem
}

/// How newlines inside a paragraph's text are read.
public enum InnerLineBreaks: Hashable, Sendable {
    /// A newline (or CR LF) inside the paragraph is a soft line end of the source file and reads as a space.
    case collapse
    /// A newline inside the paragraph forces a line break (verse, preformatted text, `<br>`).
    case preserve
}

/// Paragraph-level attributes.
///
/// Values left `nil` inherit the reader's typography settings.
///
/// Stored in 16 bytes: the flags inline, and the rest (heading level, indents, spacing, language) in a shared
/// object only when one of them differs from its default. Every paragraph holds its style, and a book of short
/// lines has a paragraph per line, so the style must be small. Copies share the object until one
/// of them changes it (copy on write), so readers that give many paragraphs one style keep one object.
public struct ParagraphStyle: Hashable, Sendable {
    /// How newlines inside the paragraph are read.
    public var innerLineBreaks: InnerLineBreaks
    /// Alignment, or nil for the reader's alignment (headings and preformatted text default to start).
    public var alignment: TextAlignment?
    /// Base direction, or nil to take it from the first strong character (UAX #9 rules P2–P3).
    public var baseDirection: WritingDirection?
    /// Whether the paragraph continues the block of the one before (the next line of a stanza or a table):
    /// no paragraph spacing between the two.
    public var continuesBlock: Bool
    /// Whether the paragraph starts a new section (a chapter), which always starts a new page.
    public var startsSection: Bool
    /// Whether the paragraph stays on the page of the paragraph after it, as a heading does (a short line that
    /// reads like a heading without being taken for one): pagination moves it to the next page rather than leave
    /// it alone at the bottom of one.
    public var keepsWithNext: Bool
    /// ``role`` without a heading's level.
    private var roleKind: RoleKind
    /// Everything else, nil while all of it has its default.
    private var extras: Extras?

    private enum RoleKind: UInt8 { case body, heading, preformatted, blockQuote, listItem }

    /// The values that are usually left at their defaults.
    private final class Extras: @unchecked Sendable {
        // Changed only while uniquely referenced (see `update`), so sharing it between threads is safe.
        var headingLevel = 0
        var firstLineIndent: Double?
        var spaceBefore: Double = 0
        var blockIndent: Double = 0
        var language: String?

        init() {}

        init(copying other: Extras) {
            headingLevel = other.headingLevel; firstLineIndent = other.firstLineIndent; spaceBefore = other.spaceBefore
            blockIndent = other.blockIndent; language = other.language
        }

        var isDefault: Bool { headingLevel == 0 && firstLineIndent == nil && spaceBefore == 0 && blockIndent == 0 && language == nil }
    }

    /// Changes a value kept in ``extras``, copying the object first when it is shared; a default written where
    /// there is no object (what ``sanitized`` does for most paragraphs) allocates nothing.
    private mutating func update<T: Equatable>(_ path: ReferenceWritableKeyPath<Extras, T>, _ value: T, default: T) {
        guard (extras.map { $0[keyPath: path] } ?? `default`) != value else { return }
        if extras == nil {
            extras = Extras()
        } else if !isKnownUniquelyReferenced(&extras) {
            extras = extras.map(Extras.init(copying:))
        }
        guard let object = extras else { return }
        object[keyPath: path] = value
        if object.isDefault { extras = nil }
    }

    /// What the paragraph is.
    public var role: ParagraphRole {
        get {
            switch roleKind {
            case .body: .body
            case .heading: .heading(level: extras?.headingLevel ?? 0)
            case .preformatted: .preformatted
            case .blockQuote: .blockQuote
            case .listItem: .listItem
            }
        }
        set {
            let level: Int
            switch newValue {
            case .body: roleKind = .body; level = 0
            case .heading(let headingLevel): roleKind = .heading; level = headingLevel
            case .preformatted: roleKind = .preformatted; level = 0
            case .blockQuote: roleKind = .blockQuote; level = 0
            case .listItem: roleKind = .listItem; level = 0
            }
            update(\.headingLevel, level, default: 0)
        }
    }
    /// Whether the role is a heading (of any level), without building the role.
    var isHeading: Bool { roleKind == .heading }

    /// What line layout reads of the style for every paragraph, with one look at the shared object: whether the
    /// role is `.body` (the reader's first-line indent applies), whether it is set at the start whatever the
    /// reader's alignment (headings, preformatted text), and the indents and spacing.
    @inline(__always)
    var layoutValues: (isBody: Bool, setAtStart: Bool, firstLineIndent: Double?, spaceBefore: Double, blockIndent: Double) {
        let isBody = roleKind == .body, setAtStart = roleKind == .heading || roleKind == .preformatted
        guard let extras else { return (isBody, setAtStart, nil, 0, 0) }
        return (isBody, setAtStart, extras.firstLineIndent, extras.spaceBefore, extras.blockIndent)
    }
    /// First-line indent in ems, or nil for the reader's indent.
    public var firstLineIndent: Double? {
        get { extras?.firstLineIndent }
        set { update(\.firstLineIndent, newValue, default: nil) }
    }
    /// Extra space above, in ems (added to the reader's paragraph spacing).
    public var spaceBefore: Double {
        get { extras?.spaceBefore ?? 0 }
        set { update(\.spaceBefore, newValue, default: 0) }
    }
    /// Indent of every line from both edges, in ems (block quotes, list items).
    public var blockIndent: Double {
        get { extras?.blockIndent ?? 0 }
        set { update(\.blockIndent, newValue, default: 0) }
    }
    /// Default language of the paragraph (BCP 47), or nil for the document's language.
    public var language: String? {
        get { extras?.language }
        set { update(\.language, newValue, default: nil) }
    }

    /// Creates a paragraph style; the defaults describe a body paragraph that inherits everything.
    public init(role: ParagraphRole = .body, innerLineBreaks: InnerLineBreaks = .collapse,
                alignment: TextAlignment? = nil, baseDirection: WritingDirection? = nil,
                firstLineIndent: Double? = nil, spaceBefore: Double = 0, blockIndent: Double = 0,
                continuesBlock: Bool = false, startsSection: Bool = false, language: String? = nil,
                keepsWithNext: Bool = false) {
        self.innerLineBreaks = innerLineBreaks; self.alignment = alignment; self.baseDirection = baseDirection
        self.continuesBlock = continuesBlock; self.startsSection = startsSection; self.keepsWithNext = keepsWithNext
        roleKind = .body
        extras = nil
        self.role = role
        self.firstLineIndent = firstLineIndent
        self.spaceBefore = spaceBefore
        self.blockIndent = blockIndent
        self.language = language
    }

    /// A body paragraph.
    public static let body = ParagraphStyle()

    /// Whether two styles have the same values (whether or not they share their stored object).
    public static func == (a: ParagraphStyle, b: ParagraphStyle) -> Bool {
        a.innerLineBreaks == b.innerLineBreaks && a.alignment == b.alignment && a.baseDirection == b.baseDirection
            && a.continuesBlock == b.continuesBlock && a.startsSection == b.startsSection && a.keepsWithNext == b.keepsWithNext
            && a.roleKind == b.roleKind
            && (a.extras === b.extras || (a.role == b.role && a.firstLineIndent == b.firstLineIndent
                                          && a.spaceBefore == b.spaceBefore && a.blockIndent == b.blockIndent
                                          && a.language == b.language))
    }

    /// Hashes the values that `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(role); hasher.combine(innerLineBreaks); hasher.combine(alignment); hasher.combine(baseDirection)
        hasher.combine(firstLineIndent); hasher.combine(spaceBefore); hasher.combine(blockIndent)
        hasher.combine(continuesBlock); hasher.combine(startsSection); hasher.combine(keepsWithNext); hasher.combine(language)
    }
}
