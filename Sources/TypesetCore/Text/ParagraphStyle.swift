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
public struct ParagraphStyle: Hashable, Sendable {
    /// What the paragraph is.
    public var role: ParagraphRole
    /// How newlines inside the paragraph are read.
    public var innerLineBreaks: InnerLineBreaks
    /// Alignment, or nil for the reader's alignment (headings and preformatted text default to start).
    public var alignment: TextAlignment?
    /// Base direction, or nil to take it from the first strong character (UAX #9 rules P2–P3).
    public var baseDirection: WritingDirection?
    /// First-line indent in ems, or nil for the reader's indent.
    public var firstLineIndent: Double?
    /// Extra space above, in ems (added to the reader's paragraph spacing).
    public var spaceBefore: Double
    /// Indent of every line from both edges, in ems (block quotes, list items).
    public var blockIndent: Double
    /// Whether the paragraph continues the block of the one before (the next line of a stanza or a table):
    /// no paragraph spacing between the two.
    public var continuesBlock: Bool
    /// Whether the paragraph starts a new section (a chapter), which always starts a new page.
    public var startsSection: Bool
    /// Default language of the paragraph (BCP 47), or nil for the document's language.
    public var language: String?
    /// Whether the paragraph stays on the page of the paragraph after it, as a heading does (a short line that
    /// reads like a heading without being taken for one): pagination moves it to the next page rather than leave
    /// it alone at the bottom of one.
    public var keepsWithNext: Bool

    /// Creates a paragraph style; the defaults describe a body paragraph that inherits everything.
    public init(role: ParagraphRole = .body, innerLineBreaks: InnerLineBreaks = .collapse,
                alignment: TextAlignment? = nil, baseDirection: WritingDirection? = nil,
                firstLineIndent: Double? = nil, spaceBefore: Double = 0, blockIndent: Double = 0,
                continuesBlock: Bool = false, startsSection: Bool = false, language: String? = nil,
                keepsWithNext: Bool = false) {
        self.role = role; self.innerLineBreaks = innerLineBreaks; self.alignment = alignment
        self.baseDirection = baseDirection; self.firstLineIndent = firstLineIndent; self.spaceBefore = spaceBefore
        self.blockIndent = blockIndent; self.continuesBlock = continuesBlock; self.startsSection = startsSection
        self.language = language; self.keepsWithNext = keepsWithNext
    }

    /// A body paragraph.
    public static let body = ParagraphStyle()
}
