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
/// Values left `nil` inherit the reader's typography settings. Where a book's own style and a reader setting
/// compete, the book's value is kept in a field of its own (``bookAlignment``, ``publisherSpacing``,
/// ``lineHeight``, ``hyphenation``, a positive ``firstLineIndent``) and the layout lets a setting the reader
/// chose (``TypographySettings/userSet``) win over it; what carries meaning (``alignment``, hanging indents,
/// block indents, list markers) is kept under any settings.
///
/// Stored in 16 bytes: the flags inline, and the rest (heading level, indents, spacing, language, the book's
/// line height, hyphenation and line-breaking rules, last-line alignment, list markers, drop caps, table cells) in a shared object only when one of them
/// differs from its default. Every paragraph holds its style, and a book of short lines has a paragraph per line,
/// so the style must be small. Copies share the object until one of them changes it (copy on write), so readers
/// that give many paragraphs one style keep one object.
public struct ParagraphStyle: Hashable, Sendable {
    /// How newlines inside the paragraph are read.
    public var innerLineBreaks: InnerLineBreaks
    /// The paragraph's own alignment, which carries meaning (a centred title, a right-aligned signature) and is
    /// kept under any settings; nil for ``bookAlignment`` or the reader's alignment (headings and preformatted
    /// text default to start; preformatted text is never justified).
    public var alignment: TextAlignment?
    /// The book's alignment of running text (`text-align: justify` on its paragraphs), which the reader's
    /// alignment replaces when they set one; nil for the reader's.
    public var bookAlignment: TextAlignment?
    /// Base direction, or nil to take it from the first strong character (UAX #9 rules P2–P3).
    public var baseDirection: WritingDirection?
    /// Whether the paragraph continues the block of the one before (the next line of a stanza or of a table, the
    /// lines of an address): only ``spaceBefore`` separates the two, never the reader's paragraph spacing.
    public var continuesBlock: Bool
    /// Whether the paragraph starts a new section (a chapter), which always starts a new page.
    public var startsSection: Bool
    /// Whether the paragraph stays on the page of the paragraph after it, as a heading does (a short line that
    /// reads like a heading without being taken for one; CSS `break-after: avoid`): pagination moves its last lines
    /// (all of it, when it is short) to the next page rather than leave them alone at the bottom of one. The last
    /// paragraph of a table row that keeps with the next keeps its row in the next row's column.
    public var keepsWithNext: Bool
    /// ``role`` without a heading's level.
    private var roleKind: RoleKind
    /// Everything else, nil while all of it has its default.
    private var extras: Extras?

    private enum RoleKind: UInt8 { case body, heading, preformatted, blockQuote, listItem }

    /// The values that are usually left at their defaults.
    private final class Extras: @unchecked Sendable {
        struct Values {
            var headingLevel = 0
            var firstLineIndent: Double?
            var spaceBefore: Double = 0
            var spaceAfterBreak: Double = 0
            var blockIndent: Double = 0
            var endIndent: Double = 0
            var indentFractions = IndentFractions.zero
            var language: String?
            var publisherSpacing = false
            var lineHeight: Double?
            var hyphenation: Bool?
            var markerLength = 0
            var dropCap: DropCap?
            var tableCell: TableCell? { didSet { isTableCell = tableCell != nil } }
            /// Whether ``tableCell`` is set: asked of every paragraph, and cheaper than taking the cell out (it holds a
            /// reference).
            var isTableCell = false
            var lastLineAlignment: TextAlignment?
            var lineBreak = LineBreakStrictness.auto
            var wordBreak = WordBreakRule.normal
            var tabSize: Double?
            var continuesText = false
            var keepsLinesTogether = false
            var boxes: [BoxDecoration] = []
            var float: BlockFloat?
            var clear: ClearSides = []
            var columns: BlockColumns?
            var widths: [BlockWidth] = []

            var isDefault: Bool {
                headingLevel == 0 && firstLineIndent == nil && spaceBefore == 0 && spaceAfterBreak == 0 && blockIndent == 0
                    && endIndent == 0 && indentFractions == .zero && language == nil && !publisherSpacing && lineHeight == nil && hyphenation == nil && markerLength == 0
                    && dropCap == nil && !isTableCell && lastLineAlignment == nil && lineBreak == .auto && wordBreak == .normal
                    && tabSize == nil
                    && !continuesText && !keepsLinesTogether
                    && boxes.isEmpty && float == nil && clear.isEmpty && columns == nil && widths.isEmpty
            }
        }

        // Changed only while uniquely referenced (see `update`), so sharing it between threads is safe; the style's
        // own exclusive access covers a write, so the runtime's check of each access to a class property is waste
        // (19,700 checks a run of the box chapter, whose boxes, cells and floats keep their values here). One struct
        // behind one unchecked property, as ``update``'s key paths into a class went through checked accesses.
        @exclusivity(unchecked) var values: Values

        init() { values = Values() }

        init(copying other: Extras) { values = other.values }
    }

    /// Changes a value kept in ``extras``, copying the object first when it is shared; a default written where
    /// there is no object (what ``sanitized`` does for most paragraphs) allocates nothing. Always inlined, so that
    /// each setter's key path is a constant the optimizer turns into a plain field access: called through the
    /// runtime's key-path projection, a setter cost about 1,000 instructions (5 M for a chapter of 500 paragraphs).
    @inline(__always)
    private mutating func update<T: Equatable>(_ path: WritableKeyPath<Extras.Values, T>, _ value: T, default: T) {
        guard (extras.map { $0.values[keyPath: path] } ?? `default`) != value else { return }
        if extras == nil {
            extras = Extras()
        } else if !isKnownUniquelyReferenced(&extras) {
            extras = extras.map(Extras.init(copying:))
        }
        guard let object = extras else { return }
        object.values[keyPath: path] = value
        // Only a default value can leave every value at its default (the check reads them all).
        if value == `default`, object.values.isDefault { extras = nil }
    }

    /// ``extras``, made or copied first so that it is this style's alone, to set a value that is not its default.
    @inline(__always)
    private mutating func uniqueExtras() -> Extras {
        if isKnownUniquelyReferenced(&extras), let object = extras { return object }
        let object = extras.map(Extras.init(copying:)) ?? Extras()
        extras = object
        return object
    }

    /// What the paragraph is.
    public var role: ParagraphRole {
        get {
            switch roleKind {
            case .body: .body
            case .heading: .heading(level: extras?.values.headingLevel ?? 0)
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
    /// Whether every value kept apart from the common ones has its default (no object holds them): all of them
    /// are in range then, so ``sanitized`` has nothing to do (most paragraphs of a plain-text book).
    var hasDefaultExtras: Bool { extras == nil }

    /// First-line indent in ems, or nil for the reader's indent. A negative indent (a hanging indent: verse,
    /// bibliographies) carries meaning and is kept; the reader's indent replaces a book's positive one on body
    /// paragraphs when they set one.
    public var firstLineIndent: Double? {
        get { extras?.values.firstLineIndent }
        set { update(\.firstLineIndent, newValue, default: nil) }
    }
    /// Extra space above, in ems (added to the reader's paragraph spacing, or replacing it: see
    /// ``publisherSpacing`` and ``continuesBlock``).
    public var spaceBefore: Double {
        get { extras?.values.spaceBefore ?? 0 }
        set { update(\.spaceBefore, newValue, default: 0) }
    }
    /// The part of ``spaceBefore`` the book put after a forced break before the paragraph (its margins, and the
    /// border and padding of boxes it opens there), in ems: kept above it when it opens a page after that break,
    /// where the space before the break is dropped (CSS Fragmentation 3 §5.2). Set on a document's first paragraph
    /// and on one that starts a section at a book's `break-before`/`-after`; 0 on others.
    package var spaceAfterBreak: Double {
        get { extras?.values.spaceAfterBreak ?? 0 }
        set { update(\.spaceAfterBreak, newValue, default: 0) }
    }
    /// Indent of every line from the start edge, in ems (block quotes, list items, verse).
    public var blockIndent: Double {
        get { extras?.values.blockIndent ?? 0 }
        set { update(\.blockIndent, newValue, default: 0) }
    }
    /// Indent of every line from the end edge, in ems (block quotes).
    public var endIndent: Double {
        get { extras?.values.endIndent ?? 0 }
        set { update(\.endIndent, newValue, default: 0) }
    }
    /// The percentages in the indents, resolved in the column at layout (``IndentFractions``): zero but for a
    /// book's percentage margins, padding and `text-indent`.
    package var indentFractions: IndentFractions {
        get { extras?.values.indentFractions ?? .zero }
        set { update(\.indentFractions, newValue, default: .zero) }
    }
    /// Default language of the paragraph (BCP 47), or nil for the document's language.
    public var language: String? {
        get { extras?.values.language }
        set { update(\.language, newValue, default: nil) }
    }
    /// Whether ``spaceBefore`` is the book's own spacing between paragraphs (its CSS margins), which replaces the
    /// reader's paragraph spacing, unless the reader set one: then theirs applies, except that a book's space
    /// over 1 em (which sets a block apart: a scene break, a stanza) is kept.
    public var publisherSpacing: Bool {
        get { extras?.values.publisherSpacing ?? false }
        set { update(\.publisherSpacing, newValue, default: false) }
    }
    /// The book's line height as a multiple of the font size (CSS `line-height: 1.5`), or nil for the reader's;
    /// the reader's line height replaces it when they set one.
    public var lineHeight: Double? {
        get { extras?.values.lineHeight }
        set { update(\.lineHeight, newValue, default: nil) }
    }
    /// The book's hyphenation (CSS `hyphens`: auto or none), or nil for the reader's; the reader's `hyphenate`
    /// replaces it when they set it.
    public var hyphenation: Bool? {
        get { extras?.values.hyphenation }
        set { update(\.hyphenation, newValue, default: nil) }
    }
    /// How many UTF-16 units at the start of the content are an outside list marker (`3. `, `• `). The marker hangs
    /// in the start margin, as wide as it is, so that the item's first line of text lines up with its other lines
    /// and with every other item's (a marker wider than the block indent reaches into the page margin); 0 for none.
    public var markerLength: Int {
        get { extras?.values.markerLength ?? 0 }
        set { update(\.markerLength, newValue, default: 0) }
    }
    /// A drop cap: the paragraph's first letter set large over its first lines.
    public var dropCap: DropCap? {
        get { extras?.values.dropCap }
        set { update(\.dropCap, newValue, default: nil) }
    }
    /// The floated box the paragraph belongs to (CSS `float`), if any: see ``BlockFloat``.
    public var float: BlockFloat? {
        get { extras?.values.float }
        set { update(\.float, newValue, default: nil) }
    }
    /// The sides whose floats the paragraph starts below (CSS `clear`).
    public var clear: ClearSides {
        get { extras?.values.clear ?? [] }
        set { update(\.clear, newValue, default: []) }
    }
    /// The multi-column block the paragraph belongs to (CSS `column-count`, `column-width`), if any.
    public var columns: BlockColumns? {
        get { extras?.values.columns }
        set { update(\.columns, newValue, default: nil) }
    }
    /// The table cell the paragraph belongs to, if it is in a table.
    public var tableCell: TableCell? {
        get { extras?.values.tableCell }
        set {
            // Into a style without a cell (a cell's paragraph made from the body style, or any other paragraph): no
            // comparison of the two optional cells, which copied both (some 1,500 instructions a cell).
            guard !isTableCell else { return update(\.tableCell, newValue, default: nil) }
            guard let newValue else { return }
            uniqueExtras().values.tableCell = newValue
        }
    }
    /// Whether the paragraph is in a table (``tableCell`` is set), asked without taking the cell out.
    public var isTableCell: Bool { extras?.values.isTableCell ?? false }
    /// The alignment of the paragraph's last line and of lines before a forced break (CSS `text-align-last`), or
    /// nil for the paragraph's alignment (start for a justified paragraph). `.justified` stretches them too.
    public var lastLineAlignment: TextAlignment? {
        get { extras?.values.lastLineAlignment }
        set { update(\.lastLineAlignment, newValue, default: nil) }
    }
    /// How strictly CJK line-start prohibitions apply (CSS `line-break`).
    public var lineBreak: LineBreakStrictness {
        get { extras?.values.lineBreak ?? .auto }
        set { update(\.lineBreak, newValue, default: .auto) }
    }
    /// Where words may break (CSS `word-break`).
    public var wordBreak: WordBreakRule {
        get { extras?.values.wordBreak ?? .normal }
        set { update(\.wordBreak, newValue, default: .normal) }
    }
    /// The spaces between tab stops in preformatted text (CSS `tab-size`), or nil for 8; 0 draws tabs without width.
    /// Taken in `0...64` when the text is shaped (a value not finite is 8).
    public var tabSize: Double? {
        get { extras?.values.tabSize }
        set { update(\.tabSize, newValue, default: nil) }
    }
    /// Whether the paragraph continues an element's text after a block inside it (the words after a displayed
    /// formula or a `<div>` in a `<p>`): CSS's anonymous block after a block-level child, whose first line is not
    /// the element's first formatted line and so is never indented (CSS 2.1 §16.1), under any settings.
    public var continuesText: Bool {
        get { extras?.values.continuesText ?? false }
        set { update(\.continuesText, newValue, default: false) }
    }

    /// Whether no page or column break falls between the paragraph's lines (CSS `break-inside: avoid`): when they
    /// do not fit in what is left of a column, the whole paragraph starts the next one. A paragraph taller than a
    /// column is broken all the same, as CSS Fragmentation 3 §4.4 lets an avoided break be taken when no other
    /// would do.
    public var keepsLinesTogether: Bool {
        get { extras?.values.keepsLinesTogether ?? false }
        set { update(\.keepsLinesTogether, newValue, default: false) }
    }
    /// The boxes (backgrounds and borders) of the decorated blocks the paragraph is in, outermost first.
    public var boxes: [BoxDecoration] {
        get { extras?.values.boxes ?? [] }
        set { update(\.boxes, newValue, default: []) }
    }
    /// The widths of the blocks with a CSS `width` or `max-width` the paragraph is in, outermost first: its lines
    /// end where the innermost used width does (``BlockWidth``).
    package var widths: [BlockWidth] {
        get { extras?.values.widths ?? [] }
        set { update(\.widths, newValue, default: []) }
    }

    /// Creates a paragraph style; the defaults describe a body paragraph that inherits everything.
    public init(role: ParagraphRole = .body, innerLineBreaks: InnerLineBreaks = .collapse,
                alignment: TextAlignment? = nil, baseDirection: WritingDirection? = nil,
                firstLineIndent: Double? = nil, spaceBefore: Double = 0, blockIndent: Double = 0,
                continuesBlock: Bool = false, startsSection: Bool = false, language: String? = nil,
                keepsWithNext: Bool = false,
                bookAlignment: TextAlignment? = nil, endIndent: Double = 0, publisherSpacing: Bool = false,
                lineHeight: Double? = nil, hyphenation: Bool? = nil, markerLength: Int = 0, dropCap: DropCap? = nil,
                tableCell: TableCell? = nil, lastLineAlignment: TextAlignment? = nil,
                lineBreak: LineBreakStrictness = .auto, wordBreak: WordBreakRule = .normal, continuesText: Bool = false) {
        self.innerLineBreaks = innerLineBreaks; self.alignment = alignment; self.bookAlignment = bookAlignment
        self.baseDirection = baseDirection
        self.continuesBlock = continuesBlock; self.startsSection = startsSection; self.keepsWithNext = keepsWithNext
        roleKind = .body
        extras = nil
        self.role = role
        self.firstLineIndent = firstLineIndent
        self.spaceBefore = spaceBefore
        self.blockIndent = blockIndent
        self.endIndent = endIndent
        self.language = language
        self.publisherSpacing = publisherSpacing
        self.lineHeight = lineHeight
        self.hyphenation = hyphenation
        self.markerLength = markerLength
        self.dropCap = dropCap
        self.tableCell = tableCell
        self.lastLineAlignment = lastLineAlignment
        self.lineBreak = lineBreak
        self.wordBreak = wordBreak
        self.continuesText = continuesText
    }

    /// A body paragraph.
    public static let body = ParagraphStyle()

    /// Whether two styles have the same values (whether or not they share their stored object).
    public static func == (a: ParagraphStyle, b: ParagraphStyle) -> Bool {
        a.innerLineBreaks == b.innerLineBreaks && a.alignment == b.alignment && a.bookAlignment == b.bookAlignment
            && a.baseDirection == b.baseDirection
            && a.continuesBlock == b.continuesBlock && a.startsSection == b.startsSection && a.keepsWithNext == b.keepsWithNext
            && a.roleKind == b.roleKind
            && (a.extras === b.extras || (a.role == b.role && a.firstLineIndent == b.firstLineIndent
                                          && a.spaceBefore == b.spaceBefore && a.spaceAfterBreak == b.spaceAfterBreak
                                          && a.blockIndent == b.blockIndent
                                          && a.endIndent == b.endIndent && a.indentFractions == b.indentFractions
                                          && a.language == b.language
                                          && a.publisherSpacing == b.publisherSpacing && a.lineHeight == b.lineHeight
                                          && a.hyphenation == b.hyphenation && a.markerLength == b.markerLength
                                          && a.dropCap == b.dropCap && a.tableCell == b.tableCell
                                          && a.lastLineAlignment == b.lastLineAlignment && a.lineBreak == b.lineBreak
                                          && a.wordBreak == b.wordBreak && a.tabSize == b.tabSize
                                          && a.continuesText == b.continuesText
                                          && a.keepsLinesTogether == b.keepsLinesTogether
                                          && a.boxes == b.boxes && a.float == b.float && a.clear == b.clear
                                          && a.columns == b.columns && a.widths == b.widths))
    }

    /// Hashes the values that `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(role); hasher.combine(innerLineBreaks); hasher.combine(alignment); hasher.combine(bookAlignment)
        hasher.combine(baseDirection); hasher.combine(firstLineIndent); hasher.combine(spaceBefore)
        hasher.combine(spaceAfterBreak)
        hasher.combine(blockIndent); hasher.combine(endIndent); hasher.combine(indentFractions); hasher.combine(continuesBlock); hasher.combine(continuesText)
        hasher.combine(startsSection); hasher.combine(keepsWithNext); hasher.combine(language)
        hasher.combine(publisherSpacing); hasher.combine(lineHeight); hasher.combine(hyphenation)
        hasher.combine(markerLength); hasher.combine(dropCap); hasher.combine(tableCell)
        hasher.combine(lastLineAlignment); hasher.combine(lineBreak); hasher.combine(wordBreak); hasher.combine(tabSize); hasher.combine(boxes)
        hasher.combine(float); hasher.combine(clear.rawValue); hasher.combine(columns); hasher.combine(keepsLinesTogether)
        hasher.combine(widths)
    }
}

/// A drop cap (CSS `initial-letter`, or a `::first-letter` floated and enlarged): the first letter of a
/// paragraph set so that its top lines up with the first line and its baseline with the baseline of line
/// ``lines``; those lines start after it.
public struct DropCap: Hashable, Sendable {
    /// How many UTF-16 units at the start of the content the cap covers (the first letter, with any
    /// punctuation around it).
    public var length: Int
    /// How many lines it spans (2 to ``maximumLines``).
    public var lines: Int

    /// The most lines a drop cap may span.
    public static let maximumLines = 5

    /// Creates a drop cap.
    public init(length: Int, lines: Int) { self.length = length; self.lines = lines }
}

/// Where a paragraph sits in a table, and how its cell is drawn. A cell holds one or more consecutive
/// paragraphs with the same ``table``, ``row`` and ``column``; a row's cells follow one another in the text.
public struct TableCell: Hashable, Sendable {
    /// The table's number in the text (any value that differs from the next table's).
    public var table: Int
    /// The row, from 0.
    public var row: Int
    /// The first column the cell covers, from 0.
    public var column: Int
    /// How many columns it covers (at least 1).
    public var columnSpan: Int
    /// How many rows it covers, from ``row`` down (HTML's `rowspan`): 1 for one row; 0 (as `rowspan="0"`) for
    /// every row to the end of the table. The layout clamps it to the rows the table has: the cell's box covers
    /// all its rows, and those rows are kept on one page.
    public var rowSpan: Int
    /// Space between the cell's border and its text on each side, in ems.
    public var padding: EdgeInsets {
        get { look.values.padding }
        set { change(\.padding, to: newValue) }
    }
    /// The cell's border edges, widths in ems of the body text. In a table whose borders collapse
    /// (``TableFrame/collapsesBorders``), its row's and row group's edges on the same sides are already resolved
    /// into them; the layout resolves those between neighbouring cells and with the table's.
    public var borders: BorderEdges {
        get { look.values.borders }
        set { change(\.borders, to: newValue) }
    }
    /// The cell's background (its row's or row group's when it has none), or nil for none.
    public var background: Color? {
        get { look.values.background }
        set { change(\.background, to: newValue) }
    }
    /// The table's own box: its border, background, spacing and border model (alike in each of its cells).
    public var frame: TableFrame {
        get { look.values.frame }
        set { change(\.frame, to: newValue) }
    }
    /// Where the cell's content sits in its row when the row is taller than it (CSS 2.1 §17.5.3).
    public var alignment: ContentAlignment {
        get { look.values.alignment }
        set { change(\.alignment, to: newValue) }
    }

    /// How the cell is drawn, kept behind one reference that copies share (never changed: a setter makes a new
    /// one): per-side borders and the table's box make some 250 bytes, which every paragraph style holding the
    /// cell, and every copy of it, would otherwise carry (reading War and Peace cost 2 % more with them inline).
    private var look: Look

    /// Sets one value of ``look``: a new look, as the old one may be shared; none when the value is already that
    /// (``ParagraphStyle/sanitized`` writes back every cell's values, nearly always unchanged). Always inlined, so
    /// that the key path is a constant and the value a plain field (see ``ParagraphStyle``'s `update`).
    @inline(__always)
    private mutating func change<T: Equatable>(_ path: WritableKeyPath<Look.Values, T>, to value: T) {
        guard look.values[keyPath: path] != value else { return }
        var values = look.values
        values[keyPath: path] = value
        look = Look(values)
    }

    private final class Look: Hashable, Sendable {
        struct Values: Hashable, Sendable {
            var padding: EdgeInsets
            var borders: BorderEdges
            var background: Color?
            var frame: TableFrame
            var alignment: ContentAlignment
        }
        let values: Values
        init(_ values: Values) { self.values = values }
        static func == (a: Look, b: Look) -> Bool { a === b || a.values == b.values }
        func hash(into hasher: inout Hasher) { hasher.combine(values) }
    }

    /// A cell's `vertical-align` (CSS 2.1 §17.5.3): its content at the top of its row, in the middle, or at the
    /// bottom. `baseline` is set as `top`: the first lines of a row's cells then share a baseline when their
    /// fonts and padding do, as is usual.
    public enum ContentAlignment: Hashable, Sendable {
        case top, middle, bottom
    }
    /// The table's indent from the start edge of the column, in ems (a table inside a block quote).
    public var tableIndent: Double
    /// The width the book gives the table (CSS `width`, HTML's `width` attribute), or nil for its content's.
    public var tableWidth: TableWidth?
    /// The width the book gives the cell (CSS `width`, HTML's `width` attribute: a percentage of the table's
    /// column, or a length for its content box), or nil for its content's: its column is set at that width, never
    /// narrower than its content's narrowest (CSS 2.1 §17.5.2.2, as browsers read a cell's width).
    public var width: TableWidth?
    /// The width the book gives the cell's column (a `<col>` or `<colgroup>`'s CSS `width` or HTML `width`
    /// attribute), for a cell spanning one column; nil for none. Unlike ``width`` it is the column's whole width,
    /// the cell's padding and borders inside it; the column is set at the wider of the two, never narrower than
    /// its content's narrowest.
    package var columnWidth: TableWidth?
    /// The table's `auto` inline margins (CSS 2.1 §17.4: the table wrapper box's, as a block's in §10.3.3): they
    /// take what its used width leaves of its column, less ``tableEndIndent``; both centre it.
    package var tableAutoMargins = BlockWidth.AutoMargins.none
    /// The table's indent from the end edge of the column, in ems (its auto margins share what lies between).
    package var tableEndIndent = 0.0
    /// The bounds the book gives a box of a row of inline-blocks (`TableFrame.flow`: `min-width`, `max-width`), of
    /// its content box as `width` is; nil for none. Unused in tables.
    package var minimumWidth: TableWidth?
    package var maximumWidth: TableWidth?

    /// A table's specified width (CSS 2.1 §17.5.2.2): its columns are widened to it, never narrower than their
    /// content's minimum, never wider than the column the table is in.
    public enum TableWidth: Hashable, Sendable {
        /// A percentage of the column's width (0 to 100).
        case percent(Double)
        /// A width in ems of the body text.
        case ems(Double)
    }

    /// Creates a cell: `padding` on every side, a solid `border` of that width (ems) in `borderColor` around it,
    /// and a solid `tableBorder` around the table, in the separated borders model with no spacing; set ``padding``,
    /// ``borders`` and ``frame`` for more.
    public init(table: Int, row: Int, column: Int, columnSpan: Int = 1, rowSpan: Int = 1, padding: Double = 0.3,
                border: Double = 0, borderColor: Color? = nil, background: Color? = nil, tableBorder: Double = 0,
                tableIndent: Double = 0, tableWidth: TableWidth? = nil) {
        self.init(table: table, row: row, column: column, columnSpan: columnSpan, rowSpan: rowSpan, padding: EdgeInsets(all: padding),
                  borders: .solid(border, color: borderColor), background: background,
                  frame: TableFrame(borders: .solid(tableBorder, color: borderColor)), alignment: .top,
                  tableIndent: tableIndent, tableWidth: tableWidth)
    }

    /// Creates a cell with every value of its look given: one look made, where setting ``padding``, ``borders``,
    /// ``frame`` and ``alignment`` after ``init(table:row:column:columnSpan:rowSpan:padding:border:borderColor:background:tableBorder:tableIndent:tableWidth:)``
    /// makes one each (a book's table reader sets them all, for every cell).
    package init(table: Int, row: Int, column: Int, columnSpan: Int, rowSpan: Int, padding: EdgeInsets, borders: BorderEdges,
                 background: Color?, frame: TableFrame, alignment: ContentAlignment, tableIndent: Double, tableWidth: TableWidth?) {
        self.table = table; self.row = row; self.column = column; self.columnSpan = columnSpan; self.rowSpan = rowSpan
        look = Look(Look.Values(padding: padding, borders: borders, background: background, frame: frame, alignment: alignment))
        self.tableIndent = tableIndent; self.tableWidth = tableWidth
    }

    /// The most columns a table is laid out with as a table; one with more is set as a list of its cells (each
    /// cell's paragraphs one after the other), so that a crafted table of 10,000 columns costs no more than its
    /// text.
    public static let maximumColumns = 64

    /// The most rows a cell's ``rowSpan`` counts (HTML's limit, 65,534); the layout clamps it to the table's rows.
    public static let maximumRowSpan = 65_534
}
