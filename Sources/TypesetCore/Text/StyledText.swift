/// A document as Typeset lays it out: UTF-16 text split into paragraphs, with attribute runs.
///
/// Offsets are UTF-16 code units into the decoded source text (``UTF16Offset``); paragraphs partition
/// `0..<length` with no gap or overlap. Sections (chapters) start at paragraphs whose style says
/// ``ParagraphStyle/startsSection``; the first paragraph always starts one. A section always starts a new page.
public struct StyledText: Sendable {
    /// The paragraphs, in order; they partition the text.
    public let paragraphs: [Paragraph]
    /// The text's length in UTF-16 units.
    public let length: Int
    /// Indices into ``paragraphs`` of the first paragraph of every section, ascending, starting with 0
    /// (empty only when there are no paragraphs).
    public let sectionStarts: [Int]
    /// Whether some paragraph is a table cell (the layout then sizes table columns first).
    public let hasTables: Bool
    /// Whether any paragraph is floated (``ParagraphStyle/float``), clears floats or is in a multi-column block
    /// (``ParagraphStyle/columns``): the layout then has those passes to make.
    public let hasFloats: Bool
    /// Whether a paragraph is in a block that fits its content (``BlockWidth/fitsContent``): the layout then
    /// sizes those blocks (``FittedBlocks``).
    let hasFittedBlocks: Bool
    /// The document's default language (BCP 47), if known.
    public var language: String?
    /// The document's title, if known.
    public var title: String?
    /// The fonts the document brings with it (an EPUB's `@font-face` fonts), used for the families its styles
    /// name; nil for none.
    public var fonts: DocumentFonts?
    /// The order of a page's columns: right to left for Arabic and Hebrew books (the first column is the
    /// rightmost). Nil (the default) follows the text: right to left when most of the paragraphs laid out are.
    /// (EPUB's `page-progression-direction` orders pages, not columns: a right-to-left Japanese book set in
    /// horizontal lines still reads its columns left to right.)
    public var columnProgression: WritingDirection?
    /// How the book asks its lines to run (an EPUB's CSS `writing-mode` on its root elements: the mode most of its
    /// documents' text has), or nil when it does not say (horizontal). It is every section's mode unless
    /// ``sectionWritingModes`` gives the section its own (or ``paragraphWritingModes`` a block), and it decides
    /// the page progression a book that does not say infers. The reader's ``TypographySettings/verticalText``,
    /// when set, overrides it and every section's.
    public var writingMode: WritingMode?
    /// Each section's own writing mode (CSS Writing Modes 4 at the granularity of the document: an EPUB's spine
    /// item's root or body `writing-mode`), one per ``sectionStarts`` entry; empty (the default) when every section
    /// follows ``writingMode``. Entries past `sectionStarts.count` are ignored, a missing one (a shorter array)
    /// means ``writingMode``. A paged layout sets each section in its own mode, on pages of their own (see
    /// ``Page/writingMode``).
    public var sectionWritingModes: [WritingMode] = []
    /// The blocks whose writing mode differs from their section's (CSS Writing Modes 4 §3: an orthogonal flow, such
    /// as a horizontal caption, table of figures or colophon block inside vertical text, or a vertical poem on a
    /// horizontal page): paragraph index to mode; empty (the default) when every paragraph follows its section.
    /// Indices outside ``paragraphs`` are ignored. A paged layout sets each such block in its own mode, as a unit
    /// on pages of its own (a page break before and after it; a block longer than a page continues on the next in
    /// its mode), and a scroll layout as a scroll of its own: see ``Page/writingMode``.
    public var paragraphWritingModes: [Int: WritingMode] = [:]
    /// The sections before which a layout starts apart: no page, and no scroll page, holds text from both sides
    /// of such a boundary, whatever the writing modes. Empty (the default) when sections may share a scroll. A
    /// boundary at section 0 or at an index outside ``sectionStarts`` changes nothing. An EPUB reader sets one
    /// before and after each pre-paginated spine item (EPUB 3.3: `rendition:flow` does not apply to fixed-layout
    /// items), so that a scroll layout of a book mixing them with reflowable items scrolls each reflowable stretch
    /// on its own, between the fixed pages.
    public var layoutBreaks: Set<Int> = []
    /// Whether the book asks for stops and commas to hang at line ends (an EPUB's CSS `hanging-punctuation:
    /// allow-end` on its root elements), or nil when it does not say. The reader's
    /// ``TypographySettings/hangingPunctuation``, when set, overrides it.
    public var hangingPunctuation: Bool?
    /// The book's print pages (see ``printPages``).
    var printPageList: PrintPageList?

    /// The most UTF-16 units a paragraph may hold (2^30 − 1, a gigabyte of text without a line break): line
    /// breaking keeps offsets inside a paragraph in 30 bits.
    public static let maximumParagraphLength = (1 << 30) - 1

    /// Errors in how a caller assembled a ``StyledText``.
    public struct InvalidParagraphs: Error, CustomStringConvertible {
        /// What is wrong with the paragraphs.
        public enum Problem: Hashable, Sendable {
            /// A paragraph does not start where the one before ended.
            case notAPartition
            /// A paragraph holds more than ``StyledText/maximumParagraphLength`` units.
            case paragraphTooLong
        }

        /// What is wrong.
        public let problem: Problem
        /// What is wrong, in one line.
        public let description: String
    }

    /// Creates a text from paragraphs that must partition `0..<length` in order.
    ///
    /// - Throws: ``InvalidParagraphs`` when a paragraph does not start where the previous one ended, or holds more
    ///   than ``maximumParagraphLength`` units.
    public init(paragraphs: [Paragraph], language: String? = nil, title: String? = nil) throws {
        var expected = 0
        var sections: [Int] = []
        var tables = false, floats = false, fitted = false
        for (index, paragraph) in paragraphs.enumerated() {
            guard paragraph.range.lowerBound == expected else {
                throw InvalidParagraphs(problem: .notAPartition,
                                        description: "paragraph \(index) starts at \(paragraph.range.lowerBound), expected \(expected)")
            }
            guard paragraph.range.count <= Self.maximumParagraphLength else {
                throw InvalidParagraphs(problem: .paragraphTooLong,
                                        description: "paragraph \(index) holds \(paragraph.range.count) UTF-16 units, more than the \(Self.maximumParagraphLength) a paragraph may have")
            }
            expected = paragraph.range.upperBound
            if index == 0 || paragraph.style.startsSection { sections.append(index) }
            if paragraph.style.isTableCell { tables = true }
            if paragraph.style.float != nil || !paragraph.style.clear.isEmpty || paragraph.style.columns != nil { floats = true }
            if !fitted, !paragraph.style.hasDefaultExtras { fitted = paragraph.style.widths.contains { $0.fitsContent } }
        }
        self.paragraphs = paragraphs
        self.hasTables = tables
        self.hasFloats = floats
        self.hasFittedBlocks = fitted
        self.length = expected
        self.sectionStarts = sections
        self.language = language
        self.title = title
    }

    /// A text with one body paragraph per line of `string` (lines end at `\n`); handy for tests and small
    /// programs. Offsets are the UTF-16 offsets of `string`.
    public init(plain string: String, language: String? = nil) {
        var paragraphs: [Paragraph] = []
        var start = 0
        var current: [UInt16] = []
        func flush(terminated: Bool) {
            let content = 0..<(terminated ? current.count - 1 : current.count)
            paragraphs.append(Paragraph(start: start, units: current, contentRange: content))
            start += current.count
            current.removeAll(keepingCapacity: true)
        }
        for unit in string.utf16 {
            current.append(unit)
            if unit == 0x0A { flush(terminated: true) }
            // A line longer than a paragraph may be is cut into several (no string holds one in practice).
            else if current.count == Self.maximumParagraphLength { flush(terminated: false) }
        }
        if !current.isEmpty || paragraphs.isEmpty { flush(terminated: false) }
        // `flush` only builds paragraphs that partition the string, so this cannot throw.
        self = (try? StyledText(paragraphs: paragraphs, language: language))
            ?? StyledText(unchecked: paragraphs, language: language)
    }

    private init(unchecked paragraphs: [Paragraph], language: String?) {
        self.paragraphs = paragraphs
        self.hasTables = false
        self.hasFloats = false
        self.hasFittedBlocks = false
        self.length = paragraphs.last?.range.upperBound ?? 0
        self.sectionStarts = paragraphs.isEmpty ? [] : [0]
        self.language = language
    }

    /// The index of the paragraph containing `offset` (the last paragraph for `offset == length`), found by
    /// binary search; nil for an empty text or an offset outside `0...length`.
    public func paragraphIndex(containing offset: UTF16Offset) -> Int? {
        guard !paragraphs.isEmpty, offset >= 0, offset <= length else { return nil }
        var low = 0, high = paragraphs.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if paragraphs[mid].range.lowerBound <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The UTF-16 units of `range`, clamped to the text.
    public func units(in range: Range<UTF16Offset>) -> [UInt16] {
        let lower = max(0, range.lowerBound), upper = min(length, range.upperBound)
        guard lower < upper, var index = paragraphIndex(containing: lower) else { return [] }
        var result: [UInt16] = []
        result.reserveCapacity(upper - lower)
        while index < paragraphs.count, paragraphs[index].range.lowerBound < upper {
            let paragraph = paragraphs[index]
            let from = max(lower, paragraph.range.lowerBound) - paragraph.range.lowerBound
            let to = min(upper, paragraph.range.upperBound) - paragraph.range.lowerBound
            result.append(contentsOf: paragraph.units[from..<to])
            index += 1
        }
        return result
    }

    /// The text of `range` as a `String`, clamped to the text.
    public func string(in range: Range<UTF16Offset>) -> String {
        String(decodingUTF16: units(in: range))
    }

    /// The paragraph range `sectionStarts[section]..<sectionStarts[section + 1]`; empty for a section outside
    /// `sectionStarts.indices` (a text without paragraphs has no sections).
    public func paragraphRange(ofSection section: Int) -> Range<Int> {
        guard section >= 0, section < sectionStarts.count else { return 0..<0 }
        return paragraphRange(ofSections: section..<(section + 1))
    }

    /// The paragraphs of a run of sections, `sections` clamped to `0..<sectionStarts.count` (empty when nothing
    /// of it is left).
    public func paragraphRange(ofSections sections: Range<Int>) -> Range<Int> {
        let sections = sections.clamped(to: 0..<sectionStarts.count)
        guard !sections.isEmpty else { return 0..<0 }
        let start = sectionStarts[sections.lowerBound]
        let end = sections.upperBound < sectionStarts.count ? sectionStarts[sections.upperBound] : paragraphs.count
        return start..<end
    }

    /// The UTF-16 range of section `section`; empty for a section outside `sectionStarts.indices`.
    public func range(ofSection section: Int) -> Range<UTF16Offset> {
        let paragraphs = paragraphRange(ofSection: section)
        guard !paragraphs.isEmpty else { return 0..<0 }
        return self.paragraphs[paragraphs.lowerBound].range.lowerBound..<self.paragraphs[paragraphs.upperBound - 1].range.upperBound
    }

    /// The writing mode section `section` asks for: its entry in ``sectionWritingModes``, else ``writingMode``
    /// (nil: horizontal, not said). The reader's vertical-text setting, when set, overrides it.
    public func writingMode(ofSection section: Int) -> WritingMode? {
        sectionWritingModes.indices.contains(section) ? sectionWritingModes[section] : writingMode
    }

    /// The writing mode paragraph `paragraph` asks for: its entry in ``paragraphWritingModes``, else its
    /// section's (``writingMode(ofSection:)``). The reader's vertical-text setting, when set, overrides it.
    public func writingMode(ofParagraph paragraph: Int) -> WritingMode? {
        paragraphWritingModes[paragraph] ?? writingMode(ofSection: sectionIndex(ofParagraph: paragraph))
    }

    /// The index of the section holding paragraph `paragraph` (0 for an index before the first section start).
    public func sectionIndex(ofParagraph paragraph: Int) -> Int {
        var low = 0, high = max(0, sectionStarts.count - 1)
        while low < high {
            let mid = (low + high + 1) / 2
            if sectionStarts[mid] <= paragraph { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The index of the section holding `offset` (the last section for `offset == length`); nil outside
    /// `0...length` or for an empty text. O(log paragraphs + log sections).
    public func sectionIndex(containing offset: UTF16Offset) -> Int? {
        guard let paragraph = paragraphIndex(containing: offset) else { return nil }
        return sectionIndex(ofParagraph: paragraph)
    }

    /// A range of sections that is not in `0..<sectionStarts.count`.
    public struct InvalidSections: Error, CustomStringConvertible {
        /// The range asked for.
        public let sections: Range<Int>
        /// How many sections the text has.
        public let sectionCount: Int
        /// One line saying what is wrong.
        public var description: String { "sections \(sections.lowerBound)..<\(sections.upperBound) are outside the text's \(sectionCount) section\(sectionCount == 1 ? "" : "s")" }
    }
}
