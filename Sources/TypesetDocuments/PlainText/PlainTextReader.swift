internal import CKernels
import TypesetCore

/// Reads plain-text books (Project Gutenberg files included) into a `StyledText`.
///
/// Offsets are UTF-16 offsets into the decoded text, unchanged: joining hard-wrapped lines never removes or
/// inserts a unit (the joined line ends are read as spaces by layout, see `InnerLineBreaks.collapse`).
///
/// How lines become paragraphs (Project Gutenberg conventions):
/// - A blank line (empty or white space only) separates paragraphs; blank lines belong to the paragraph
///   before them as separators.
/// - The file's wrap width is the 90th percentile of its line widths in display columns (East Asian wide
///   characters count two), over lines up to 100 UTF-16 units.
/// - A file in which more than one line in ten is longer than 100 units is not hard-wrapped: every line is a
///   paragraph. So is every line of a block that holds such a line.
/// - A block whose lines but the last are all shorter than 60 % of the wrap width is verse (a stanza, an address,
///   a table of contents), and so is every multi-line block of a file whose wrap width is under 55 columns
///   (a poem alone): each line is a paragraph of its own, set without paragraph spacing between them.
/// - Otherwise a line indented more than the block's least indented line starts a new paragraph (indented
///   paragraph starts, as in the Chinese corpus book; a block indented as a whole, a quotation, stays together),
///   and each such group is joined into one paragraph when every line but its last reaches 60 % of the wrap
///   width, or kept line by line (as verse) when it does not.
///
/// Chapter headings (`ChapterDetector`) become centred `.heading` paragraphs, one per line, and the first
/// heading of a group starts a section. Nothing else does: a section is a page break the reader sees, so a text
/// without headings is one section however long (a reading session lays out long sections in parts).
public struct PlainTextReader: Sendable {
    /// The longest line (in UTF-16 units) still taken for a hard-wrapped line.
    public static let maximumWrappedLineLength = 100

    /// The largest file read, in bytes (256 MiB, as ``EPUBLimits/maximumTotalSize``): layout keeps about 20 bytes
    /// per character, so a bound keeps a mistaken or hostile file from exhausting memory. A larger value is
    /// honoured up to ``largestSize``.
    public var maximumSize = 256 << 20

    /// The encoding files are in, or nil (the default) to find it: a byte-order mark, well-formed UTF-8, else
    /// ICU's charset detector (`TextDecoder`).
    public var encoding: TextEncoding?

    /// Whether the language of a file that does not declare one is guessed (`LanguageIdentifier`; on by
    /// default).
    public var identifiesLanguage = true

    /// The largest `maximumSize` honoured (2 GiB − 1 bytes): the reader keeps its line offsets in 32 bits.
    public static let largestSize = Int(Int32.max)

    /// The bound actually applied.
    private var sizeLimit: Int { min(maximumSize, Self.largestSize) }

    /// Creates a reader.
    public init(encoding: TextEncoding? = nil) { self.encoding = encoding }

    /// Some of the book's text for ``LanguageIdentifier``: three stretches of its body, from a tenth, the middle
    /// and four fifths of the way (a preface or a title page in another language weighs less), 1,000 units each.
    static func languageSample(_ units: [UInt16], markup: TextMarkup) -> ArraySlice<UInt16> {
        let start = markup.frontMatter?.upperBound ?? 0
        let end = max(start, min(units.count, markup.backMatter?.lowerBound ?? units.count))
        let length = end - start
        guard length > 3_000 else { return units[start..<end] }
        var sample: [UInt16] = []
        for fraction in [0.1, 0.5, 0.8] {
            let from = start + Int(Double(length) * fraction)
            sample += units[from..<min(end, from + 1_000)]
            sample.append(0x0A)
        }
        return sample[...]
    }

    /// Reads and splits the file at `path`.
    ///
    /// - Throws: ``DocumentError`` naming the file: `.notFound`, `.isDirectory`, `.unreadable`, `.tooLarge` (more
    ///   than ``maximumSize`` bytes), `.binary`.
    public func read(path: String) throws(DocumentError) -> PlainTextDocument {
        try read(bytes: FileBytes.read(path: path, limit: sizeLimit), name: path)
    }

    /// Reads the first `byteCount` bytes of the file at `path` (at most ``maximumSize``): a preview of a book not
    /// downloaded yet, as a range request for its start gives. The preview's text is a prefix of the whole
    /// book's (a character cut by the end of the bytes is dropped, see ``DecodingReport/droppedTrailingBytes``),
    /// so every offset, Locator and highlight made in it is valid in the whole book, read in the same encoding.
    /// Only the whole file can tell a back matter, so the preview has none.
    ///
    /// - Throws: ``DocumentError`` as ``read(path:)``, except `.tooLarge`.
    public func readPreview(path: String, byteCount: Int) throws(DocumentError) -> PlainTextDocument {
        let bytes = try FileBytes.readPrefix(path: path, count: min(max(0, byteCount), maximumSize))
        return try read(bytes: bytes, name: path, isPreview: true)
    }

    /// Decodes and splits `bytes`, finds the chapter headings and bounds the sections.
    ///
    /// - Parameters:
    ///   - name: The file's name, used in error messages.
    ///   - isPreview: Whether `bytes` are only the start of the book (see ``readPreview(path:byteCount:)``).
    ///
    /// - Parameter bytes: The file's bytes, in any encoding ``encoding`` or the detector reads.
    /// - Throws: ``DocumentError`` `.binary` for binary data, `.tooLarge` for more than ``maximumSize`` bytes,
    ///   `.unreadable` when ``encoding`` cannot decode them.
    public func read(bytes: [UInt8], name: String, isPreview: Bool = false) throws(DocumentError) -> PlainTextDocument {
        var source = try decode(bytes, name: name, isPreview: isPreview)
        // The line table is handed over, not shared: the builder marks joins in it, which would copy it.
        let (paragraphs, headings) = PlainTextReader.paragraphs(source.units, lines: source.takeLines(), markup: source.markup)
        return try document(source, paragraphs: paragraphs, headings: headings, name: name, isPreview: isPreview)
    }

    /// A file decoded and split into lines, with its markup found: what the paragraphs are made from.
    struct Source {
        let units: [UInt16]
        let report: DecodingReport
        let markup: TextMarkup
        private var lines: [SourceLine]?
        /// Whether the markup leaves out Project Gutenberg's `_italics_` of the body (``GutenbergMarkup/addItalics(_:lines:to:)``).
        var italicsLeftOut = false

        init(units: [UInt16], report: DecodingReport, lines: [SourceLine], markup: TextMarkup) {
            self.units = units; self.report = report; self.lines = lines; self.markup = markup
        }

        /// The line table, handed over (a second call gets nil: the table is split again).
        mutating func takeLines() -> [SourceLine]? {
            defer { lines = nil }
            return lines
        }
    }

    /// Decodes `bytes`, splits the lines and finds the markup (`isPreview`: the start of a book, which has no back
    /// matter).
    /// With `italics` false, Project Gutenberg's `_italics_` in the body are left out (``Source/italicsLeftOut``).
    func decode(_ bytes: [UInt8], name: String, isPreview: Bool, italics: Bool = true) throws(DocumentError) -> Source {
        guard bytes.count <= sizeLimit else {
            throw DocumentError(.tooLarge, "\(name): \(bytes.count) bytes, more than the \(sizeLimit) a text book may have")
        }
        let (units, report) = try TextDecoder.decode(bytes, name: name, declared: encoding)
        let lines = SourceLine.split(units)
        let aozora = AozoraMarkup.find(units, lines: lines)
        var markup = aozora ?? GutenbergMarkup.find(units, lines: lines, italics: italics)
        // Only the whole file can tell where a licence starts.
        if isPreview { markup.backMatter = nil }
        var source = Source(units: units, report: report, lines: lines, markup: markup)
        source.italicsLeftOut = aozora == nil && !italics
        return source
    }

    /// The document of `paragraphs` made from `source`: its language and title (from a Project Gutenberg header,
    /// the convention, else a guess from the whole text), its matter and headings. An opening
    /// (``readOpening(path:)``) has no back matter.
    func document(_ source: Source, paragraphs: [Paragraph], headings: [PlainTextHeading], name: String,
                  isPreview: Bool, isOpening: Bool = false) throws(DocumentError) -> PlainTextDocument {
        let units = source.units, markup = source.markup
        do {
            // A Project Gutenberg header names the language (hyphenation and line breaking follow it) and title.
            let header = GutenbergHeader(units)
            // The language the file declares, the one its convention implies, else a guess from its text.
            var language = header.language ?? markup.language
            var languageSource: LanguageSource? = header.language != nil ? .declared : markup.language != nil ? .convention : nil
            if language == nil && identifiesLanguage, let guess = LanguageIdentifier.language(of: Self.languageSample(units, markup: markup)) {
                language = guess
                languageSource = .identified
            }
            let text = try StyledText(paragraphs: paragraphs, language: language, title: header.title)
            var matter = PlainTextDocument.Matter(front: markup.frontMatter, back: isOpening ? nil : markup.backMatter,
                                                  convention: markup.convention)
            matter.languageSource = languageSource
            return PlainTextDocument(text: text, decoding: source.report, headings: headings, isPreview: isPreview, matter: matter)
        } catch let error as StyledText.InvalidParagraphs where error.problem == .paragraphTooLong {
            // Only with `maximumSize` raised past a gigabyte: one line longer than a paragraph may be.
            throw DocumentError(.tooLarge, "\(name): \(error)")
        } catch {
            // The builder makes paragraphs that partition the text; reaching this is a bug, reported, not a crash.
            throw DocumentError(.malformed, "\(name): internal error splitting paragraphs: \(error)")
        }
    }

    /// Splits decoded units into paragraphs that partition them, with the chapter headings found (see
    /// ``ChapterDetector``): heading lines are centred paragraphs of role `.heading`, and the first heading of a
    /// group starts a section. `markup` (see ``TextMarkup``) adds styles, hides markup-only lines, may name the
    /// headings itself, and makes the body and back matter start sections.
    static func paragraphs(_ units: [UInt16], lines: consuming [SourceLine]? = nil, markup: TextMarkup = TextMarkup())
        -> (paragraphs: [Paragraph], headings: [PlainTextHeading]) {
        var lines = (consume lines) ?? SourceLine.split(units)
        SourceLine.prepare(&lines, units: units, markup: markup)
        let facts = LineFacts(lines, units: units, markup: markup)
        return paragraphs(units, prepared: lines, markup: markup, facts: facts)
    }

    /// ``paragraphs(_:lines:markup:)`` of a line table made ready (``SourceLine/prepare(_:units:markup:)``), with its
    /// facts.
    static func paragraphs(_ units: [UInt16], prepared lines: [SourceLine], markup: TextMarkup, facts: LineFacts)
        -> (paragraphs: [Paragraph], headings: [PlainTextHeading]) {
        func lineByLine(_ block: Range<Int>) -> Bool { facts.isLineByLine(lines[block]) }
        // Lines before which the markup starts a page (Aozora's page breaks): a title standing alone there stands out.
        let sectionBreaks = Set(markup.lineStyles.lazy.filter { $0.value.startsSection }.map(\.key))
        let chapters = markup.headings.isEmpty
            ? ChapterDetector(units: units, lines: lines, bodyLines: facts.bodyLines, sectionBreaks: sectionBreaks, lineByLine: lineByLine)
            : ChapterDetector(units: units, lines: lines)
        // Paragraphs are made of lines with text (blank lines separate them): a file of blank lines reserved room for a
        // paragraph per line, 6.4 GB in one allocation for 100 MB of them.
        let textLines = lines.reduce(0) { $0 + ($1.isBlank ? 0 : 1) }
        var builder = ParagraphBuilder(units: units, lines: lines, markup: markup, facts: facts, textLines: textLines,
                                       inlineChapterLines: chapters.inlineChapterLines, keptWithNext: chapters.keptWithNext)
        addBlocks(chapters.blocks, marks: chapters.marks, lines: lines, units: units, facts: facts, into: &builder)
        let headings = markup.headings.isEmpty
            ? chapters.headings.map { PlainTextHeading(title: $0.title, offset: lines[$0.line].start, level: $0.level, isNumbered: $0.isNumbered) }
            : markup.headings.map { PlainTextHeading(title: $0.title, offset: $0.range.lowerBound, level: $0.level) }
        return (builder.finish(), headings)
    }

    /// Sets `blocks` into `builder`: heading lines (`marks`) as centred heading paragraphs, then the rest of each block
    /// line by line, centred, as verse or as prose (joined in indent groups). Blank lines between blocks become
    /// separators of the paragraph before.
    static func addBlocks(_ blocks: [Range<Int>], marks: [Int: ChapterDetector.Mark], lines: [SourceLine], units: [UInt16],
                          facts: LineFacts, into builder: inout ParagraphBuilder) {
        let wrapWidth = facts.wrapWidth
        for blockRange in blocks {
            var index = blockRange.lowerBound
            let blockEnd = blockRange.upperBound
            let wholeBlockByLine = facts.isLineByLine(lines[index..<blockEnd])
            while index < blockEnd, let mark = marks[index] {
                let style = ParagraphStyle(role: .heading(level: mark.level), alignment: .center,
                                           continuesBlock: mark.continuesBlock, startsSection: mark.startsSection)
                builder.add(first: lines[index], last: lines[index], style: style)
                index += 1
            }
            guard index < blockEnd else { continue }
            let block = lines[index..<blockEnd]
            if wholeBlockByLine {
                addLineByLine(block, units: units, into: &builder)
            } else if isCentred(block, wrapWidth: wrapWidth) {
                addCentred(block, into: &builder)
            } else if block.count > 1 && (facts.verseOnly || isVerse(block, wrapWidth: wrapWidth)
                                          || hasAuthorsLineBreaks(block, wrapWidth: wrapWidth, units: units)) {
                addVerse(block, into: &builder)
            } else {
                forEachIndentGroup(block) { group in
                    addGroup(group, wrapWidth: wrapWidth, units: units, unindentedDialogue: facts.unindentedDialogue, into: &builder)
                }
            }
        }
    }

    /// Whether a block's lines are centred in the wrap width with spaces (a title page: `DIE VERWANDLUNG`, `VON`,
    /// `FRANZ KAFKA`, a dedication): each line indented, its left and right margins within a tolerance of each
    /// other. A block of several lines indented alike is an indented block (a quotation, verse) unless its lines are
    /// as long as each other; a long block is prose.
    static func isCentred(_ block: ArraySlice<SourceLine>, wrapWidth: Int) -> Bool {
        guard block.count <= maximumCentredLines, wrapWidth >= minimumProseWrapWidth else { return false }
        let tolerance = max(3, wrapWidth / 12)
        let centred = block.allSatisfy { line in
            let left = line.indentColumns, right = wrapWidth - line.columns
            return !line.isBlank && left >= minimumCentringIndent && right >= 0 && abs(left - right) <= tolerance
        }
        guard centred, block.count > 1, let first = block.first else { return centred }
        return block.contains { $0.indent != first.indent } || block.allSatisfy { $0.columns == first.columns }
    }

    /// The most lines of a centred block, and the least indent of a centred line, in columns.
    static let maximumCentredLines = 8
    static let minimumCentringIndent = 6

    /// A centred block: each line a centred paragraph of its own, its leading spaces outside its content (they were
    /// the centring), the lines after the first continuing the block.
    private static func addCentred(_ block: ArraySlice<SourceLine>, into builder: inout ParagraphBuilder) {
        for (index, line) in block.enumerated() {
            builder.add(first: line, last: line, style: ParagraphStyle(alignment: .center, continuesBlock: index > 0),
                        contentAfterIndent: true)
        }
    }

    /// The shortest wrap width, in display columns, of a hard-wrapped prose file (Project Gutenberg wraps at 65
    /// to 78 columns; the Chinese corpus book at 72).
    static let minimumProseWrapWidth = 55

    /// A block is verse when every line but the last is short of the wrap width (a stanza), so that indented
    /// alternate lines do not split it into paragraphs.
    private static func isVerse(_ block: ArraySlice<SourceLine>, wrapWidth: Int) -> Bool {
        let threshold = wrapWidth * 6 / 10
        return block.dropLast().allSatisfy { $0.columns < threshold }
    }

    /// Whether most of a block's line breaks are its author's: a line ends where the next line's first word would
    /// still have fitted in the wrap width (a wrapper fills every line; a poet ends a line where the verse does),
    /// at two breaks in three at least. Verse whose lines are long (blank verse, couplets), or indented in turn,
    /// fails the test of lines short of the wrap width, and came out as lines joined in pairs or as one-line
    /// paragraphs with spacing between them. East Asian text, whose source lines break anywhere, is left to it.
    static func hasAuthorsLineBreaks(_ block: ArraySlice<SourceLine>, wrapWidth: Int, units: [UInt16]) -> Bool {
        guard block.count >= 3 else { return false }
        var early = 0
        for index in block.indices.dropLast() {
            let next = block[index + 1]
            var i = next.start + next.indent
            var word = 0
            while i < next.contentEnd, units[i] != 0x20, units[i] != 0x09 {
                if units[i] >= 0x1100 && CharacterClass.isWide(units[i]) { return false }  // none lies below U+1100
                word += 1
                i += 1
            }
            if block[index].columns + 1 + word <= wrapWidth - 2 { early += 1 }
        }
        return early * 3 >= (block.count - 1) * 2
    }

    /// How far a wrapped verse line's continuation lines are set in from its start, in ems: a hanging indent, as
    /// verse is printed, so that a line the screen wraps reads as one line.
    static let verseHangingIndent = 2.0

    /// Every line of a verse block is a paragraph of its own, set without paragraph spacing between them (the
    /// blank line between stanzas keeps its spacing), with a hanging indent beyond the line's own indentation
    /// (a space taken as a quarter of an em).
    private static func addVerse(_ block: ArraySlice<SourceLine>, into builder: inout ParagraphBuilder) {
        for (offset, group) in joinedLines(block).enumerated() {
            var style = ParagraphStyle(role: .preformatted, alignment: .start)
            style.continuesBlock = offset > 0
            style.blockIndent = verseHangingIndent + Double(group.first.indent) / 4
            style.firstLineIndent = -style.blockIndent
            builder.add(first: group.first, last: group.last, style: style)
        }
    }

    /// A block set a paragraph a line: a paragraph per line, but for its runs of verse (an epigraph's stanza in a
    /// file that has no blank lines), set as verse: lines kept, no paragraph spacing inside the stanza, a hanging
    /// indent. One pass: each candidate run is looked at once.
    private static func addLineByLine(_ block: ArraySlice<SourceLine>, units: [UInt16], into builder: inout ParagraphBuilder) {
        func addLines(_ lines: ArraySlice<SourceLine>) {
            for group in joinedLines(lines) { builder.add(first: group.first, last: group.last, style: .body) }
        }
        var proseStart = block.startIndex, index = block.startIndex
        while index < block.endIndex {
            var end = index
            while end < block.endIndex, isVerseLineCandidate(block[end], units: units) { end += 1 }
            guard end > index else { index += 1; continue }
            if isVerseRun(block[index..<end], units: units) {
                addLines(block[proseStart..<index])
                addVerse(block[index..<end], into: &builder)
                proseStart = end
            }
            index = end
        }
        addLines(block[proseStart..<block.endIndex])
    }

    /// The longest line, in columns, of a verse run in a file set a paragraph a line.
    static let maximumLineByLineVerseColumns = 56

    /// Whether a line could be a line of verse in a file set a paragraph a line: short, and starting with a capital
    /// (verse's convention in the alphabets that have capitals; a line of dialogue opens with a dash or a quotation
    /// mark). A line that must join the next (``Kinsoku``) is no verse line.
    private static func isVerseLineCandidate(_ line: SourceLine, units: [UInt16]) -> Bool {
        guard !line.isBlank, !line.joinsNext, line.columns <= maximumLineByLineVerseColumns,
              let scalar = firstScalar(units, from: line.start + line.indent, to: line.contentEnd) else { return false }
        return scalar.properties.isUppercase
    }

    /// Whether a run of candidate lines is verse: three lines or more, at least two in three ending without a full
    /// stop, question or exclamation mark (verse lines end with commas or nothing; a run of short sentences is prose).
    private static func isVerseRun(_ run: ArraySlice<SourceLine>, units: [UInt16]) -> Bool {
        guard run.count >= 3 else { return false }
        let open = run.filter { line in
            var end = line.contentEnd
            while end > line.start, [0x20, 0x09, 0xBB, 0x201D, 0x2019, 0x29, 0x22].contains(units[end - 1]) { end -= 1 }
            return end > line.start && ![0x2E, 0x3F, 0x21, 0x2026].contains(units[end - 1])
        }.count
        return open * 3 >= run.count * 2
    }

    /// The first scalar of `units[from..<to]`, nil when there is none.
    private static func firstScalar(_ units: [UInt16], from: Int, to: Int) -> Unicode.Scalar? {
        guard from < to else { return nil }
        if UTF16.isLeadSurrogate(units[from]), from + 1 < to, UTF16.isTrailSurrogate(units[from + 1]) {
            return Unicode.Scalar(0x10000 + ((UInt32(units[from]) - 0xD800) << 10) + (UInt32(units[from + 1]) - 0xDC00))
        }
        return Unicode.Scalar(units[from])
    }

    /// The lines of `block` one by one, except those a line break must not separate (``Kinsoku``), together.
    private static func joinedLines(_ block: ArraySlice<SourceLine>) -> [(first: SourceLine, last: SourceLine)] {
        var groups: [(first: SourceLine, last: SourceLine)] = []
        var start = block.startIndex
        while start < block.endIndex {
            var end = start
            while end + 1 < block.endIndex, block[end].joinsNext { end += 1 }
            groups.append((block[start], block[end]))
            start = end + 1
        }
        return groups
    }

    /// Splits a block at lines indented more than the block's least indented line (each such line starts a
    /// paragraph: a first-line indent). A block indented as a whole (a quotation) is not split.
    /// Each group is handed to `body` in turn rather than collected: two arrays a block (the indents and the
    /// groups) cost 10 M instructions over War and Peace's 11,701 prose blocks, nearly all of one group (callgrind).
    private static func forEachIndentGroup(_ block: ArraySlice<SourceLine>, _ body: (ArraySlice<SourceLine>) -> Void) {
        var start = block.startIndex
        var baseIndent = Int.max
        for line in block { baseIndent = min(baseIndent, line.indent) }
        for i in block.indices where i > start && block[i].indent > baseIndent && !block[i - 1].joinsNext {
            body(block[start..<i])
            start = i
        }
        body(block[start..<block.endIndex])
    }

    private static func addGroup(_ group: ArraySlice<SourceLine>, wrapWidth: Int, units: [UInt16], unindentedDialogue: Bool,
                                 into builder: inout ParagraphBuilder) {
        let threshold = wrapWidth * 6 / 10
        let wrapped = group.count == 1 || group.dropLast().allSatisfy { $0.columns >= threshold }
        if isEastAsian(group[group.startIndex]) && group.count > 1 {
            // Chinese and Japanese text wrapped at a width: a short line ends its paragraph, and the lines up to it
            // are one; an indented line starts one (in a block indented throughout, every such line); in a book
            // that sets its dialogue without indentation, so does a sentence's end before an
            // opening quotation mark at the start of a line. Kept as verse, a group's every source line stayed a
            // line: 1,572 of a Chinese novel's 18,247 wraps.
            var start = group.startIndex
            for index in group.indices {
                let ends = index == group.endIndex - 1 || !group[index].joinsNext
                    && (group[index].columns < threshold || group[index + 1].indent > 0
                        || unindentedDialogue && opensDialogue(group[index], group[index + 1], units))
                guard ends else { continue }
                builder.add(first: group[start], last: group[index], style: .body)
                start = index + 1
            }
        } else if wrapped {
            builder.add(first: group[group.startIndex], last: group[group.endIndex - 1], style: .body)
        } else {
            addVerse(group, into: &builder)
        }
    }

    /// Whether `line` ends a sentence (`。！？」』`) and `next` opens a quotation (`「『`) at the start of the line.
    private static func opensDialogue(_ line: SourceLine, _ next: SourceLine, _ units: [UInt16]) -> Bool {
        guard line.contentEnd > line.start, next.indent == 0, next.contentEnd > next.start else { return false }
        let last = units[line.contentEnd - 1], first = units[next.start]
        return (first == 0x300C || first == 0x300E) && [0x3002, 0xFF01, 0xFF1F, 0x300D, 0x300F].contains(last)
    }

    /// Whether the book sets paragraphs of dialogue without indentation: three times or more, a short East Asian
    /// line (a paragraph's end) is followed by a line that opens a quotation at its start.
    static func setsDialogueUnindented(_ lines: [SourceLine], units: [UInt16], wrapWidth: Int) -> Bool {
        var count = 0
        for index in lines.indices.dropLast() where !lines[index].isBlank && lines[index].columns < wrapWidth * 6 / 10 {
            let next = lines[index + 1]
            guard !next.isBlank, next.indent == 0, next.contentEnd > next.start, isEastAsian(lines[index]) else { continue }
            let first = units[next.start]
            if first == 0x300C || first == 0x300E { count += 1 }
            if count >= 3 { return true }
        }
        return false
    }

    /// Whether a line is mostly East Asian wide characters (its columns are more than one and a half its units).
    private static func isEastAsian(_ line: SourceLine) -> Bool {
        line.columns * 2 > line.length * 3
    }

    /// The 90th percentile of non-blank line widths, in display columns, over lines up to
    /// ``maximumWrappedLineLength`` units (72 if there are none).
    static func estimatedWrapWidth(_ lines: [SourceLine]) -> Int {
        // Counted in a histogram: a line of at most maximumWrappedLineLength units has at most twice as many
        // columns (sorting every line's width took 18 M instructions for War and Peace, callgrind).
        var histogram = [Int](repeating: 0, count: 2 * maximumWrappedLineLength + 1)
        var count = 0
        for line in lines where !line.isBlank && line.length <= maximumWrappedLineLength {
            guard line.columns < histogram.count else { return sortedWrapWidth(lines) }
            histogram[line.columns] += 1
            count += 1
        }
        guard count > 0 else { return 72 }
        let rank = min(count - 1, count * 9 / 10)
        var seen = 0
        for (columns, linesOfWidth) in histogram.enumerated() {
            seen += linesOfWidth
            if seen > rank { return columns }
        }
        return 72
    }

    /// ``estimatedWrapWidth(_:)`` by sorting, for a line table whose columns the histogram cannot hold.
    private static func sortedWrapWidth(_ lines: [SourceLine]) -> Int {
        var lengths = lines.lazy.filter { !$0.isBlank && $0.length <= maximumWrappedLineLength }.map(\.columns)
            .reduce(into: [Int]()) { $0.append($1) }
        guard !lengths.isEmpty else { return 72 }
        lengths.sort()
        return lengths[min(lengths.count - 1, lengths.count * 9 / 10)]
    }
}

/// A plain-text book: its text, how it was decoded, and the chapter headings found in it.
public struct PlainTextDocument: Sendable {
    /// The text, split into paragraphs; every heading group and every over-long stretch starts a section.
    public let text: StyledText
    /// How the bytes were decoded: the encoding, how it was found, what was dropped or invalid.
    public let decoding: DecodingReport
    /// The chapter headings, in text order.
    public let headings: [PlainTextHeading]
    /// Whether the text is a preview: the start of a book (see ``PlainTextReader/readPreview(path:byteCount:)``).
    public let isPreview: Bool
    /// A distributor's front matter (Project Gutenberg's header, Aozora Bunko's notation legend): kept in the
    /// text, a section of its own, and left out of ``bodyRange``.
    public let frontMatter: Range<UTF16Offset>?
    /// A distributor's back matter (Project Gutenberg's licence, Aozora Bunko's colophon), likewise.
    public let backMatter: Range<UTF16Offset>?
    /// The convention the reader recognised in the file.
    public let convention: PlainTextConvention
    /// Where `StyledText.language` comes from: the file's header, its convention, or a guess from its text; nil
    /// when the text has no language.
    public let languageSource: LanguageSource?

    /// The encoding the bytes were decoded from.
    public var encoding: TextEncoding { decoding.encoding }

    /// What the reader found around the book proper.
    public struct Matter: Sendable {
        /// Front matter, from the start.
        public var front: Range<UTF16Offset>?
        /// Back matter, to the end.
        public var back: Range<UTF16Offset>?
        /// The convention recognised.
        public var convention: PlainTextConvention
        /// Where the text's language comes from, if it has one.
        public var languageSource: LanguageSource?

        /// Creates a description.
        public init(front: Range<UTF16Offset>? = nil, back: Range<UTF16Offset>? = nil, convention: PlainTextConvention = .none) {
            self.front = front; self.back = back; self.convention = convention
        }
    }

    /// Creates a document.
    public init(text: StyledText, decoding: DecodingReport, headings: [PlainTextHeading] = [], isPreview: Bool = false,
                matter: Matter = Matter()) {
        self.text = text; self.decoding = decoding; self.headings = headings; self.isPreview = isPreview
        frontMatter = matter.front.map { $0.clamped(to: 0..<text.length) }
        backMatter = matter.back.map { $0.clamped(to: 0..<text.length) }
        convention = matter.convention
        languageSource = text.language == nil ? nil : matter.languageSource
    }

    /// The book proper: the text without its front and back matter.
    public var bodyRange: Range<UTF16Offset> {
        let start = frontMatter?.upperBound ?? 0
        return start..<max(start, backMatter?.lowerBound ?? text.length)
    }

    /// Where the book opens, as a reading app's "start" (EPUB's body-matter landmark): its first numbered heading
    /// (`Chapter I`, `BOOK ONE`, `第一回`), so that a preface, a list of contents and a distributor's header come
    /// before the page shown first; the start of the body when it has no numbered heading.
    public var startOffset: UTF16Offset {
        let body = bodyRange
        if let chapter = headings.first(where: { $0.isNumbered && body.contains($0.offset) }) { return chapter.offset }
        // Else the first text of the body (past the blank lines after a header, a line of markup only).
        guard var index = text.paragraphIndex(containing: body.lowerBound) else { return body.lowerBound }
        while index < text.paragraphs.count {
            let content = text.paragraphs[index].contentDocumentRange
            if !content.isEmpty && content.lowerBound >= body.lowerBound { return min(content.lowerBound, body.upperBound) }
            index += 1
        }
        return body.lowerBound
    }

    /// Creates a document decoded from `encoding` (found by a byte-order mark or as well-formed UTF-8).
    public init(text: StyledText, encoding: TextEncoding, headings: [PlainTextHeading] = []) {
        self.init(text: text, decoding: DecodingReport(encoding: encoding, evidence: encoding.hasByteOrderMark ? .byteOrderMark : .wellFormedUTF8),
                  headings: headings)
    }

    /// The headings as a table of contents, nested by level (chapters under their book).
    public var tableOfContents: [TableOfContentsEntry] {
        TableOfContentsEntry.nested(headings.map { ($0.title, $0.offset, $0.level) })
    }
}

/// Where a plain-text book's language comes from.
public enum LanguageSource: String, Hashable, Sendable {
    /// The file says it (a Project Gutenberg header's `Language:`).
    case declared
    /// The convention implies it (Aozora Bunko's books are Japanese).
    case convention
    /// `LanguageIdentifier` guessed it from the text.
    case identified
}

/// A chapter heading the plain-text reader recognised.
public struct PlainTextHeading: Hashable, Sendable {
    /// The heading's text, white space collapsed, with its title line when it has one (`CHAPTER 1. Loomings.`,
    /// `I. Marseille.--L'arrivée.`).
    public var title: String
    /// The UTF-16 offset of the heading line's first unit.
    public var offset: UTF16Offset
    /// 1 for a book, part, volume or act; 2 for a chapter; a named section (`PREFACE`, `EPILOGUE`) takes the
    /// level above the heading right after it, or the chapter level.
    public var level: Int
    /// Whether the heading is numbered (`CHAPTER I`, `第一回`, a numeral in sequence), not a named section
    /// (`PREFACE`): the book opens at its first numbered heading (``PlainTextDocument/startOffset``).
    public var isNumbered: Bool

    /// Creates a heading.
    public init(title: String, offset: UTF16Offset, level: Int, isNumbered: Bool = false) {
        self.title = title; self.offset = offset; self.level = level; self.isNumbered = isNumbered
    }
}

/// One line of the source: `start..<contentEnd` is its text, `contentEnd..<end` its terminator.
///
/// Stored in 20 bytes (offsets as 32-bit numbers: the reader refuses a text of more than `Int32.max` bytes, see
/// ``PlainTextReader/maximumSize``): a file of short or blank lines holds one per line while it is split.
struct SourceLine {
    private let startOffset: UInt32
    private let contentLength: UInt32
    private let columnCount: UInt32
    private let indentLength: UInt32
    private let indentColumnCount: UInt8
    private let terminatorLength: UInt8
    let isBlank: Bool

    init(start: Int, contentEnd: Int, end: Int, isBlank: Bool, indent: Int, columns: Int, indentColumns: Int? = nil) {
        startOffset = UInt32(truncatingIfNeeded: start)
        contentLength = UInt32(truncatingIfNeeded: contentEnd - start)
        terminatorLength = UInt8(truncatingIfNeeded: end - contentEnd)
        indentLength = UInt32(truncatingIfNeeded: indent)
        indentColumnCount = UInt8(clamping: indentColumns ?? indent)
        columnCount = UInt32(truncatingIfNeeded: columns)
        self.isBlank = isBlank
    }

    var start: Int { Int(startOffset) }
    var contentEnd: Int { Int(startOffset) + Int(contentLength) }
    var end: Int { contentEnd + Int(terminatorLength) }
    /// Leading white-space units.
    var indent: Int { Int(indentLength) }
    /// Display width in columns: East Asian wide characters count two.
    var columns: Int { Int(columnCount) }
    /// The width of the leading white space in columns (an ideographic space counts two), at most 255.
    var indentColumns: Int { Int(indentColumnCount) }
    /// Whether the line break after this line must not be kept (``Kinsoku``): the next line is part of the same
    /// paragraph whatever the reader makes of the block.
    var joinsNext = false

    var length: Int { Int(contentLength) }

    /// The same line read as blank (a line of markup only).
    var asBlank: SourceLine {
        SourceLine(start: start, contentEnd: contentEnd, end: end, isBlank: true, indent: indent, columns: columns,
                   indentColumns: indentColumns)
    }

    /// Readies a line table for paragraphs: lines of markup only read as blank, and the line breaks that must not
    /// be kept marked (``markJoins(_:units:)``).
    static func prepare(_ lines: inout [SourceLine], units: [UInt16], markup: TextMarkup) {
        for index in markup.markupOnlyLines where index < lines.count { lines[index] = lines[index].asBlank }
        markJoins(&lines, units: units)
    }

    /// Marks the lines whose line break must not be kept (``Kinsoku``).
    static func markJoins(_ lines: inout [SourceLine], units: [UInt16]) {
        for i in lines.indices.dropLast() where Kinsoku.mustJoin(lines[i], lines[i + 1], units: units) { lines[i].joinsNext = true }
    }

    /// Splits at LF, CR LF, lone CR and U+2029; `units` holds fewer than 2^32 units.
    static func split(_ units: [UInt16]) -> [SourceLine] {
        units.withUnsafeBufferPointer { split($0) }
    }

    /// One pass over the units, each line's columns and indentation counted on the way: a book is read whole
    /// before its first page, and this pass over every unit of it is where that cost is most direct (War and
    /// Peace's 3.3 M units took 122 M instructions through array slices and nested functions, 38 a unit, 85 M one
    /// unit at a time, 52.5 M eight at a time in Swift word arithmetic with the line ends counted first; with
    /// CKernels' SSE2 scans, a call a run of printable units, see the callgrind figures in the commit that made it).
    private static func split(_ units: UnsafeBufferPointer<UInt16>) -> [SourceLine] {
        guard let base = units.baseAddress else { return [] }
        var lines: [SourceLine] = []
        // Room for every line at once (a CR LF counts twice; capacity never written is never resident): growing by
        // doubling would hold the old and the new table at once.
        lines.reserveCapacity(CKernels_lineBreakCount(base, units.count) + 1)
        var line = LineCounts(start: 0)
        var i = 0
        while i < units.count {
            let u = units[i]
            // Printable ASCII, a C1 control or a space after the line's first printable unit: a column each, no line
            // end, no indentation; the run of them from here, most of a Western book's line, in one scan.
            if u > 0x20 && u < 0xA0 || u == 0x20 && !line.blank {
                let run = 1 + CKernels_printableRun(base + i + 1, units.count - i - 1)
                line.columns += run
                line.blank = false
                i += run
                continue
            }
            if u == 0x0A || u == 0x0D || u == 0x2029 {
                let contentEnd = i
                i += (u == 0x0D && i + 1 < units.count && units[i + 1] == 0x0A) ? 2 : 1
                lines.append(line.line(contentEnd: contentEnd, end: i))
                line = LineCounts(start: i)
                continue
            }
            line.count(u)
            i += 1
        }
        if line.start < units.count { lines.append(line.line(contentEnd: units.count, end: units.count)) }
        return lines
    }

    /// What ``split(_:)`` counts of the line it is in: display columns (below U+1100 every unit is one column, one
    /// comparison for nearly all of a Western book; East Asian wide characters two; a trailing surrogate none), the
    /// leading white space and its columns, and whether anything but white space was seen.
    private struct LineCounts {
        let start: Int
        var columns = 0
        var indent = 0
        var indentColumns = 0
        var blank = true

        init(start: Int) { self.start = start }

        @inline(__always)
        mutating func count(_ unit: UInt16) {
            let width = unit < 0x1100 ? 1 : UTF16.isTrailSurrogate(unit) ? 0 : CharacterClass.isWide(unit) ? 2 : 1
            columns += width
            let isSpace = unit == 0x20 || unit == 0x09 || unit == 0x3000 || unit == 0xA0 || unit == 0x0C || unit == 0xFEFF
            if !isSpace {
                blank = false
            } else if blank {
                indent += 1
                indentColumns += width
            }
        }

        func line(contentEnd: Int, end: Int) -> SourceLine {
            SourceLine(start: start, contentEnd: contentEnd, end: end, isBlank: blank, indent: indent, columns: columns,
                       indentColumns: indentColumns)
        }
    }
}

/// Accumulates paragraphs that partition the units: each paragraph's separator grows until the next starts.
///
/// Markup (see ``TextMarkup``) reaches the paragraphs here: its style runs are cut at paragraph boundaries, the
/// paragraph styles it asks for at a line are laid over the reader's, and a paragraph that starts the book's body
/// or its back matter starts a section.
struct ParagraphBuilder {
    let units: [UInt16]
    private var pending: (start: Int, contentStart: Int, contentEnd: Int, style: ParagraphStyle)?
    private var paragraphs: [Paragraph] = []
    /// Markup runs, sorted, and the next one that may still overlap a paragraph.
    private let runs: [DocumentRun]
    private var nextRun = 0
    /// Paragraph styles markup asks for, by the offset of the line they start at.
    private let lineStyles: [Int: TextMarkup.LineStyle]
    /// Offsets where a section must start (the body after front matter, the back matter), ascending.
    private var sectionStarts: [Int]

    /// - Parameter lineCount: The number of source lines with text, which bounds the number of paragraphs: the list
    ///   is made that large at once rather than grown by copies.
    init(units: [UInt16], lineCount: Int = 0, runs: [DocumentRun] = [], lineStyles: [Int: TextMarkup.LineStyle] = [:],
         sectionStarts: [Int] = []) {
        self.units = units
        self.runs = runs
        self.lineStyles = lineStyles
        self.sectionStarts = sectionStarts.sorted()
        paragraphs.reserveCapacity(lineCount + 1)
    }

    /// A builder for a book's paragraphs: `markup`'s runs and line styles (keyed by line start), the lines the
    /// chapter detector keeps with the next, and the sections it, the markup and the body's bounds start (`facts`).
    init(units: [UInt16], lines: [SourceLine], markup: TextMarkup, facts: LineFacts, textLines: Int,
         inlineChapterLines: [Int], keptWithNext: Set<Int>) {
        var lineStyles: [Int: TextMarkup.LineStyle] = [:]
        for (index, style) in markup.lineStyles where index < lines.count { lineStyles[lines[index].start] = style }
        var sectionStarts: [Int] = inlineChapterLines.map { lines[$0].start }
        // The body starts a page after a header with text in it; a header that is only its marker line (some files
        // open with `*** START …`) would be a page of one line.
        if facts.frontHasText { sectionStarts.append(facts.bodyStart) }
        if facts.bodyEnd < units.count { sectionStarts.append(facts.bodyEnd) }
        for index in keptWithNext where index < lines.count {
            lineStyles[lines[index].start, default: TextMarkup.LineStyle()].keepsWithNext = true
        }
        self.init(units: units, lineCount: textLines, runs: markup.runs(), lineStyles: lineStyles, sectionStarts: sectionStarts)
    }

    /// Adds a paragraph made of the lines `first` through `last`. Units between the previous paragraph's
    /// content and this one (its line end, blank lines) become the previous paragraph's separator; units before
    /// the first paragraph become its leading separator. With `contentAfterIndent`, the first line's leading white
    /// space is the paragraph's but not its content (a centred line's centring).
    mutating func add(first: SourceLine, last: SourceLine, style: ParagraphStyle, contentAfterIndent: Bool = false) {
        flush(upTo: first.start)
        var style = style
        if let markup = lineStyles[first.start] { Self.apply(markup, to: &style) }
        var startsSection = false
        while let next = sectionStarts.first, next <= first.start {
            startsSection = true
            sectionStarts.removeFirst()
        }
        if startsSection && !paragraphs.isEmpty { style.startsSection = true }
        pending = (start: paragraphs.isEmpty ? 0 : first.start, contentStart: first.start + (contentAfterIndent ? first.indent : 0),
                   contentEnd: last.contentEnd, style: style)
    }

    private static func apply(_ markup: TextMarkup.LineStyle, to style: inout ParagraphStyle) {
        if let level = markup.headingLevel {
            style.role = .heading(level: level)
            if style.alignment == .center { style.alignment = nil }
        }
        if let indent = markup.blockIndent { style.blockIndent = indent }
        if let indent = markup.firstLineIndent { style.firstLineIndent = indent }
        if let alignment = markup.alignment { style.alignment = alignment }
        if markup.startsSection { style.startsSection = true }
        if markup.continuesBlock { style.continuesBlock = true }
        if markup.keepsWithNext { style.keepsWithNext = true }
    }

    private mutating func flush(upTo end: Int) {
        guard let p = pending else { return }
        let slice = Array(units[p.start..<end])
        paragraphs.append(Paragraph(start: p.start, units: slice,
                                    contentRange: (p.contentStart - p.start)..<(p.contentEnd - p.start),
                                    runs: runs(from: p.contentStart, to: p.contentEnd, paragraphStart: p.start), style: p.style))
        pending = nil
    }

    /// The markup runs over `start..<end`, relative to the paragraph's start.
    private mutating func runs(from start: Int, to end: Int, paragraphStart: Int) -> [AttributeRun] {
        while nextRun < runs.count, runs[nextRun].range.upperBound <= start { nextRun += 1 }
        var result: [AttributeRun] = []
        var index = nextRun
        while index < runs.count, runs[index].range.lowerBound < end {
            let run = runs[index]
            let lower = max(run.range.lowerBound, start), upper = min(run.range.upperBound, end)
            if lower < upper {
                result.append(AttributeRun(range: (lower - paragraphStart)..<(upper - paragraphStart),
                                           style: run.style(paragraphStart: paragraphStart)))
            }
            index += 1
        }
        return result
    }

    /// The paragraphs; an empty or blank-only text gives one empty paragraph holding every unit.
    mutating func finish() -> [Paragraph] {
        if pending == nil && paragraphs.isEmpty {
            return [Paragraph(start: 0, units: units, contentRange: units.count..<units.count)]
        }
        return finish(upTo: units.count)
    }

    /// The paragraphs so far, the last one's separator running to `end` (where the next paragraph starts).
    mutating func finish(upTo end: Int) -> [Paragraph] {
        flush(upTo: end)
        return paragraphs
    }
}
