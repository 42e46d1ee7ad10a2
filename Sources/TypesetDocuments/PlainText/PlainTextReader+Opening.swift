import TypesetCore

/// A book's opening: the sections before its body (a distributor's header), read without the passes over the rest.
///
/// The first page of a Project Gutenberg book is its header, and a run that draws it (`typeset --pages 1`) paid for
/// the whole book's paragraphs and chapter detection first: 166 M of War and Peace's 288 M instructions (callgrind).
/// The header's paragraphs do not depend on that pass: headings are looked for in the body only, the lines kept with
/// the next are the body's lone lines, and a block is split and set by its own lines, the line after it and the facts
/// of the whole line table (``LineFacts``, linear and cheap). So its paragraphs are made alone, the same as the whole
/// read's first paragraphs, and end where the body's section starts: every page of them is the whole book's page.
extension PlainTextReader {
    /// The opening of the file at `path` when it can be read alone (a header with text before a body with text), else
    /// the whole book: the document, and what the whole book is made from when it is the opening (nil: it is the
    /// whole book). The opening's text is a prefix of the whole book's, made of the same paragraphs (their sections
    /// complete), with its language and title, and the headings the markup names in it; it has no back matter, and
    /// says nothing of the rest of the book (its length, chapters and pages).
    ///
    /// - Throws: ``DocumentError`` as ``read(path:)``.
    package func readOpening(path: String) throws(DocumentError) -> (document: PlainTextDocument, whole: PlainTextWholeBook?) {
        // The header needs none of the body's italics (a pass over every unit): they are found when the whole book is.
        var source = try decode(FileBytes.read(path: path, limit: min(maximumSize, Self.largestSize)), name: path, isPreview: false,
                                italics: false)
        let units = source.units
        let markup = source.markup
        // The line table is made ready once, for the opening and for the whole book; the table as split is kept for
        // the italics (a copy only when making it ready changes a line).
        let split = source.takeLines() ?? []
        var lines = split
        SourceLine.prepare(&lines, units: units, markup: markup)
        let facts = LineFacts(lines, units: units, markup: markup)
        let whole = PlainTextWholeBook(reader: self, path: path, source: source, split: split, prepared: lines, facts: facts)
        if let paragraphs = Self.openingParagraphs(units, prepared: lines, markup: markup, facts: facts),
           let end = paragraphs.last?.range.upperBound {
            let headings = markup.headings.filter { $0.range.lowerBound < end }
                .map { PlainTextHeading(title: $0.title, offset: $0.range.lowerBound, level: $0.level) }
            return (try document(source, paragraphs: paragraphs, headings: headings, name: path, isPreview: false, isOpening: true), whole)
        }
        return (try whole.document(), nil)
    }

    /// The paragraphs of the sections before the body, as the whole read makes them (``paragraphs(_:lines:markup:)``),
    /// or nil when there are none to read alone: no header with text, no text after it, or a chapter number opening a
    /// paragraph of the header (`§ 1`), which may count in the book's sequence of inline chapters (only the whole
    /// book can tell).
    /// `lines` is the file's line table made ready (``SourceLine/prepare(_:units:markup:)``), `facts` its facts.
    static func openingParagraphs(_ units: [UInt16], prepared lines: [SourceLine], markup: TextMarkup, facts: LineFacts) -> [Paragraph]? {
        guard facts.frontHasText else { return nil }
        func lineByLine(_ block: Range<Int>) -> Bool { facts.isLineByLine(lines[block]) }
        let blocks = ChapterDetector.leadingBlocks(units: units, lines: lines, before: facts.bodyLines.lowerBound,
                                                   splits: markup.headings.isEmpty, lineByLine: lineByLine)
        guard let last = blocks.last,
              let next = lines[last.upperBound...].firstIndex(where: { !$0.isBlank }),
              !blocks.contains(where: { !ChapterDetector.inlineMarkers(in: $0, units: units, lines: lines, lineByLine: lineByLine).isEmpty })
        else { return nil }
        let textLines = blocks.reduce(0) { $0 + $1.count }
        var builder = ParagraphBuilder(units: units, lines: lines, markup: markup, facts: facts, textLines: textLines,
                                       inlineChapterLines: [], keptWithNext: [])
        addBlocks(blocks, marks: [:], lines: lines, units: units, facts: facts, into: &builder)
        // A block running from the header into the body (no blank line after the marker) may end in paragraphs of
        // the body: the body's section starts at the first of them.
        var paragraphs = builder.finish(upTo: lines[next].start)
        while paragraphs.count > 1, let last = paragraphs.last, last.range.lowerBound >= facts.bodyStart { paragraphs.removeLast() }
        return paragraphs.isEmpty ? nil : paragraphs
    }
}

/// What a plain-text book whose opening was read is made whole from (``PlainTextReader/readOpening(path:)``): the file
/// as decoded, its line table split and made ready, and its facts. A run whose pages go past the opening builds the
/// whole book from them rather than reading and decoding the file again (War and Peace: 3.3 MB decoded, split and
/// searched for its markup a second time). A run that needs only the opening releases them (``release()``): kept, they
/// are 6 MB the pages' bitmaps cannot reuse, 1,550 more page faults on War and Peace's first page (perf stat).
package struct PlainTextWholeBook: Sendable {
    struct Decoded: Sendable {
        let source: PlainTextReader.Source
        /// The line table as split, for the body's italics; ``prepared``, the same made ready.
        let split: [SourceLine]
        let prepared: [SourceLine]
        let facts: LineFacts
    }
    let reader: PlainTextReader
    let path: String
    private var decoded: Decoded?

    init(reader: PlainTextReader, path: String, source: PlainTextReader.Source, split: [SourceLine], prepared: [SourceLine],
         facts: LineFacts) {
        self.reader = reader
        self.path = path
        decoded = Decoded(source: source, split: split, prepared: prepared, facts: facts)
    }

    /// Lets the decoded file go: ``document()`` then reads the file again.
    package mutating func release() { decoded = nil }

    /// The whole book, as ``PlainTextReader/read(path:)`` reads it.
    package func document() throws(DocumentError) -> PlainTextDocument {
        guard let decoded else { return try reader.read(path: path) }
        let source = decoded.source
        var markup = source.markup
        if source.italicsLeftOut { GutenbergMarkup.addItalics(source.units, lines: decoded.split, to: &markup) }
        let (paragraphs, headings) = PlainTextReader.paragraphs(source.units, prepared: decoded.prepared, markup: markup,
                                                                facts: decoded.facts)
        return try reader.document(source, paragraphs: paragraphs, headings: headings, name: path, isPreview: false)
    }
}
