/// What the plain-text reader learns from the whole line table before it sets a paragraph: how the file is wrapped
/// (its wrap width, whether it is hard-wrapped, verse throughout, East Asian dialogue set without indentation) and
/// where its body lies between a distributor's front and back matter. Linear passes over the lines; every block
/// is set by these and its own lines (``PlainTextReader/addBlocks(_:marks:lines:units:facts:into:)``).
struct LineFacts {
    /// The file's wrap width in display columns (``PlainTextReader/estimatedWrapWidth(_:)``).
    let wrapWidth: Int
    /// Whether the file is hard-wrapped: long lines are rare (a handful, such as a URL or a table row, do not make
    /// War and Peace unwrapped) and the markup does not make every line a paragraph.
    let hardWrapped: Bool
    /// Whether the wrap width is short of prose's: the file is verse throughout (a poem alone), its lines never
    /// joined.
    let verseOnly: Bool
    /// Whether the book sets paragraphs of East Asian dialogue without indentation
    /// (``PlainTextReader/setsDialogueUnindented(_:units:wrapWidth:)``).
    let unindentedDialogue: Bool
    /// Where the body starts and ends (UTF-16 offsets): front and back matter are no part of the book's chapters.
    let bodyStart: Int
    let bodyEnd: Int
    /// The lines of the body: those starting at or after ``bodyStart`` and before ``bodyEnd``.
    let bodyLines: Range<Int>
    /// Whether a header with text in it comes before the body: the body then starts a section (a header that is only
    /// its marker line, as some files open with `*** START …`, would be a page of one line).
    let frontHasText: Bool

    init(_ lines: [SourceLine], units: [UInt16], markup: TextMarkup) {
        wrapWidth = PlainTextReader.estimatedWrapWidth(lines)
        let nonBlank = lines.lazy.filter { !$0.isBlank }.count
        let long = lines.lazy.filter { $0.length > PlainTextReader.maximumWrappedLineLength }.count
        hardWrapped = long * 10 <= nonBlank && !markup.everyLineIsAParagraph
        verseOnly = wrapWidth < PlainTextReader.minimumProseWrapWidth
        unindentedDialogue = PlainTextReader.setsDialogueUnindented(lines, units: units, wrapWidth: wrapWidth)
        let bodyStart = markup.frontMatter.map { $0.upperBound } ?? 0
        let bodyEnd = markup.backMatter.map { $0.lowerBound } ?? units.count
        self.bodyStart = bodyStart
        self.bodyEnd = bodyEnd
        bodyLines = (lines.firstIndex { $0.start >= bodyStart } ?? lines.count)..<(lines.firstIndex { $0.start >= bodyEnd } ?? lines.count)
        frontHasText = bodyStart > 0 && lines.prefix(while: { $0.end < bodyStart }).contains(where: { !$0.isBlank })
    }

    /// Whether a block is set a paragraph a line: the file is not hard-wrapped, or the block holds a line too long
    /// for a wrapped one.
    func isLineByLine(_ block: ArraySlice<SourceLine>) -> Bool {
        !hardWrapped || block.contains(where: { $0.length > PlainTextReader.maximumWrappedLineLength })
    }
}
