import Testing
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// Project Gutenberg's conventions: header and licence as front and back matter, `_italics_`, `[Illustration]`.
@Suite struct GutenbergMarkupTests {
    static func read(_ text: String) throws -> PlainTextDocument {
        try PlainTextReader().read(bytes: Array(text.utf8), name: "book.txt")
    }

    /// The styles of the units of `needle` (the first occurrence) in `document`.
    static func styles(of needle: String, in document: PlainTextDocument) throws -> [TextStyle] {
        let text = document.text
        let whole = text.string(in: 0..<text.length)
        let range = try #require(whole.range(of: needle))
        let start = whole.utf16.distance(from: whole.utf16.startIndex, to: range.lowerBound)
        return (start..<(start + needle.utf16.count)).map { offset in
            let p = text.paragraphIndex(containing: offset)!
            let paragraph = text.paragraphs[p]
            let local = offset - paragraph.range.lowerBound
            return paragraph.runs.first { $0.range.contains(local) }?.style ?? .body
        }
    }

    static let header = """
        The Project Gutenberg EBook of Test, by Nobody\r
        \r
        Title: Test\r
        Language: English\r
        \r
        *** START OF THIS PROJECT GUTENBERG EBOOK TEST ***\r
        \r
        Produced by a test.\r
        \r
        PREFACE\r
        \r
        A preface of the book, with a sentence or two in it.\r
        \r
        CHAPTER I\r
        \r
        It is a truth universally acknowledged, that a single man in possession\r
        of a good fortune must be in _want_ of a wife.\r
        \r
        CHAPTER II\r
        \r
        The end of the story.\r
        \r
        End of the Project Gutenberg EBook of Test, by Nobody\r
        \r
        *** END OF THIS PROJECT GUTENBERG EBOOK TEST ***\r
        \r
        1.E.8. You may charge a reasonable fee for copies of or providing access\r
        to or distributing Project Gutenberg-tm works.\r

        """

    @Test func headerAndLicenceAreFrontAndBackMatter() throws {
        let document = try Self.read(Self.header)
        let text = document.text
        #expect(document.convention == .projectGutenberg)
        let front = try #require(document.frontMatter)
        let back = try #require(document.backMatter)
        #expect(text.string(in: front).hasSuffix("*** START OF THIS PROJECT GUTENBERG EBOOK TEST ***\r\n"))
        #expect(text.string(in: back).hasPrefix("End of the Project Gutenberg EBook of Test"))
        // Kept in the text, each a section of its own: the body starts a page, and so does the licence.
        let body = document.bodyRange
        let bodyStarts = text.paragraphs.filter { $0.style.startsSection }.map(\.contentDocumentRange.lowerBound)
        #expect(bodyStarts.contains(body.lowerBound + 2) || bodyStarts.contains { text.string(in: $0..<($0 + 8)) == "Produced" })
        #expect(bodyStarts.contains(back.lowerBound))
        // The book opens at its first numbered chapter, not at the header or the preface.
        #expect(text.string(in: document.startOffset..<(document.startOffset + 9)) == "CHAPTER I")
        let publication = document.publication(href: "book.txt")
        #expect(publication.startOffset == document.startOffset && publication.bodyRange == body)
        // No heading is found in the licence; the preface is one.
        #expect(document.headings.map(\.title) == ["PREFACE", "CHAPTER I", "CHAPTER II"])
        // Reading figures leave the matter out: at the body's end, everything is read.
        let atEnd = ReadingFigures(text: text, offset: body.upperBound, within: body)
        #expect(atEnd.percentRead == 100 && atEnd.wordsRead == atEnd.totalWords)
        let whole = ReadingFigures(text: text, offset: 0)
        #expect(whole.totalWords > atEnd.totalWords)
        #expect(ReadingFigures(text: text, offset: 10, within: body).wordsRead == 0)
    }

    /// A file that opens with its START marker and no header (some German files do) gets no page of one line: the
    /// body goes on the first page, after the marker.
    @Test func aMarkerAloneIsNoPageOfItsOwn() throws {
        let lines = Self.header.components(separatedBy: "\r\n")
        let markerOnly = lines.drop { !$0.hasPrefix("*** START") }.joined(separator: "\r\n")
        let document = try Self.read(markerOnly)
        #expect(document.frontMatter != nil)
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(document.text, settings: Fixtures.settings)
        let firstPage = layout.lines(onPage: 0).map { document.text.string(in: $0.range) }.joined()
        #expect(firstPage.contains("Produced by"), "page 1: \(firstPage)")
        // With a header of text, the body still starts a page.
        let withHeader = try Self.read(Self.header)
        let headerLayout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(withHeader.text, settings: Fixtures.settings)
        #expect(!headerLayout.lines(onPage: 0).map { withHeader.text.string(in: $0.range) }.joined().contains("Produced by"))
    }

    /// A title page centred with spaces (a line's left and right margins alike in the wrap width) is set centred,
    /// its spaces outside the content; an indented quotation, verse indented alike and prose are not.
    @Test func linesCentredWithSpacesAreCentred() throws {
        let proseLine = "It is a truth universally acknowledged, that a single man in possession"
        let prose = String(repeating: proseLine + "\n", count: 6)
        func centred(_ line: String) -> String { String(repeating: " ", count: (proseLine.count - line.count) / 2) + line }
        let indent = String(repeating: " ", count: 8)
        let text = prose + "\n" + ["DIE VERWANDLUNG", "VON", "FRANZ KAFKA", "K U R T  W O L F F  V E R L A G"].map(centred).joined(separator: "\n\n")
            + "\n\n" + indent + "This is an indented quotation of two lines, the\n" + indent + "second as long as a prose line would be here.\n\n"
            + ["A verse line of some length,", "and a shorter one,", "and the last line of the stanza."].map { indent + indent + $0 }.joined(separator: "\n")
            + "\n\n" + prose
        let document = try PlainTextReader().read(bytes: Array(text.utf8), name: "book.txt")
        let paragraphs = document.text.paragraphs
        func paragraph(_ start: String) throws -> Paragraph {
            try #require(paragraphs.first { $0.contentString.drop { $0 == " " }.hasPrefix(start) })
        }
        for title in ["DIE VERWANDLUNG", "VON", "FRANZ KAFKA", "K U R T"] {
            let p = try paragraph(title)
            #expect(p.style.alignment == .center && p.contentString.hasPrefix(title), "\(title)")
        }
        #expect(try paragraph("This is an indented").style.alignment != .center)
        #expect(try paragraph("A verse line").style.alignment != .center)
        #expect(try paragraph("It is a truth").style.alignment != .center)
    }

    @Test func aHeaderWithoutItsEndMarkerHidesNothing() throws {
        let noStart = Self.header.replacingOccurrences(of: "*** START OF THIS PROJECT GUTENBERG EBOOK TEST ***", with: "")
        let document = try Self.read(noStart)
        #expect(document.frontMatter == nil && document.bodyRange.lowerBound == 0)
        // The heading in what would have been the header is still found.
        #expect(document.headings.first?.title == "PREFACE")
        let noEnd = Self.header.replacingOccurrences(of: "End of the Project Gutenberg", with: "End of the")
            .replacingOccurrences(of: "*** END OF THIS PROJECT GUTENBERG EBOOK TEST ***", with: "")
        let open = try Self.read(noEnd)
        #expect(open.backMatter == nil && open.bodyRange.upperBound == open.text.length)
        // A preview never has back matter (only the whole file can tell it).
        let preview = try PlainTextReader().read(bytes: Array(Self.header.utf8), name: "b.txt", isPreview: true)
        #expect(preview.backMatter == nil && preview.frontMatter != nil)
    }

    @Test func underscoresMarkItalics() throws {
        let document = try Self.read("""
            He said _very_ well, and _quite
            so_ too; (_Ibid._) and “_Yes_.”

            Keep snake_case, a blank ____ to fill, and a lone _ here, _unbalanced.
            """)
        let very = try Self.styles(of: "_very_", in: document)
        #expect(very.map(\.isHidden) == [true, false, false, false, false, true])
        #expect(very.dropFirst().dropLast().allSatisfy { $0.isItalic })
        // Across a line end of the same block.
        let quite = try Self.styles(of: "_quite\nso_", in: document)
        #expect(quite.first?.isHidden == true && quite.last?.isHidden == true && quite[3].isItalic)
        #expect(try Self.styles(of: "_Ibid._", in: document).map(\.isHidden) == [true, false, false, false, false, false, true])
        #expect(try Self.styles(of: "_Yes_", in: document).map(\.isHidden) == [true, false, false, false, true])
        // Not markup: inside a word, a run of underscores, a lone one, an unbalanced one.
        for kept in ["snake_case", "____", "lone _ here", "_unbalanced."] {
            #expect(try Self.styles(of: kept, in: document).allSatisfy { !$0.isHidden && !$0.isItalic }, "\(kept)")
        }
    }

    @Test func illustrationsArePlaceholders() throws {
        let document = try Self.read("""
            Text before.

            [Illustration]

            [Illustration: “He came down to see the place”

            [_Copyright 1894 by George Allen._]]

            [Illustration: ·PRIDE AND PREJUDICE·



            Chapter I.]

            It is a truth universally acknowledged.

            [Illustration of a thing never closed

            More text.
            """)
        let bare = try Self.styles(of: "[Illustration]", in: document)
        #expect(bare.first?.isHidden == true && bare.last?.isHidden == true)
        #expect(bare.dropFirst().dropLast().allSatisfy { $0.isItalic && $0.smallCaps && !$0.isHidden })
        let paragraph = try #require(document.text.paragraphs.first { $0.contentString == "[Illustration]" })
        #expect(paragraph.style.alignment == .center)
        // A caption over several lines, with brackets inside: only the outer ones are markup.
        let caption = try Self.styles(of: "[_Copyright 1894 by George Allen._]]", in: document)
        #expect(caption.first?.isHidden == false && caption.last?.isHidden == true && caption[caption.count - 2].isHidden == false)
        #expect(try Self.styles(of: "He came down", in: document).allSatisfy { $0.isItalic })
        // The heading that closes a caption stays a heading, its bracket hidden.
        #expect(document.headings.map(\.title) == ["Chapter I."])
        let heading = try Self.styles(of: "Chapter I.]", in: document)
        #expect(heading.last?.isHidden == true && !heading.dropLast().contains { $0.isItalic || $0.isHidden })
        // An illustration never closed is text.
        #expect(try Self.styles(of: "[Illustration of", in: document).allSatisfy { !$0.isHidden && !$0.isItalic })
    }

    @Test func prideAndPrejudiceOpensAtChapterOne() throws {
        // The CR LF edition with Project Gutenberg's header and licence.
        let crlf = try PlainTextReader().read(path: try Fixtures.corpusPath("nasty/austen-pride-and-prejudice.ascii-crlf.txt"))
        #expect(crlf.convention == .projectGutenberg && crlf.frontMatter != nil && crlf.backMatter != nil)
        #expect(crlf.text.string(in: crlf.startOffset..<(crlf.startOffset + 9)) == "Chapter 1")
        #expect(crlf.text.string(in: crlf.backMatter!).hasPrefix("End of the Project Gutenberg EBook of Pride and Prejudice"))
        let you = try Self.styles(of: "_You_ want", in: crlf)
        #expect(you[0].isHidden && you[1].isItalic && you[4].isHidden && !you[5].isItalic)
        // The illustrated edition without a header: past the title pages, the preface and the list of illustrations.
        let illustrated = try PlainTextReader().read(path: try Fixtures.corpusPath("austen-pride-and-prejudice.txt"))
        #expect(illustrated.text.string(in: illustrated.startOffset..<(illustrated.startOffset + 10)) == "Chapter I.")
        let session = try ReadingSession(publication: illustrated.publication(href: "pp.txt"),
                                         typesetter: Typesetter(fonts: try Fixtures.bundledFonts()), settings: ReaderSettings(typography: Fixtures.settings),
                                         completesInBackground: false)
        #expect(session.anchor.position.offset == illustrated.startOffset)
        let page = try session.currentPage()
        #expect(page.range.contains(illustrated.startOffset))
    }
}
