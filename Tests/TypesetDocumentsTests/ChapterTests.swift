import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// Chapter headings, the plain-text table of contents and sections (only where a chapter starts).
struct ChapterTests {
    static func read(_ string: String) throws -> PlainTextDocument {
        let units = Array(string.utf16)
        return try ReaderChecks.readAndCheckOffsets(Array(string.utf8), expected: units)
    }

    static func prose(_ sentence: String, lines: Int = 3) -> String {
        Array(repeating: "This is a line of prose that is long enough to be taken for wrapped text,", count: lines - 1)
            .joined(separator: "\n") + "\n" + sentence + "\n"
    }

    static func headingTexts(_ document: PlainTextDocument) -> [String] { document.headings.map(\.title) }

    /// Every section holds a paragraph that is not a heading, and every section but the first starts where the
    /// book asks for a page: at a heading, at a chapter number opening a paragraph (a contents entry), or at the
    /// end of front matter or start of back matter (the first paragraph from there on); no page break the book
    /// does not ask for. Aozora Bunko's books may ask for a page holding a heading alone, or a page break of their
    /// own (`［＃改ページ］`): neither is checked there.
    static func checkSections(_ document: PlainTextDocument, sourceLocation: SourceLocation = #_sourceLocation) {
        let text = document.text
        let titlePages = document.convention == .aozoraBunko
        let body = document.bodyRange
        let bookStarts = document.headings.map(\.offset) + [body.lowerBound, body.upperBound]
        for section in text.sectionStarts.indices {
            let range = text.paragraphRange(ofSection: section)
            let paragraphs = text.paragraphs[range]
            let hasBody = paragraphs.contains { if case .heading = $0.style.role { return false }; return !$0.isEmpty }
            #expect(hasBody || text.length == 0 || titlePages, "section \(section) at \(paragraphs.first?.range.lowerBound ?? -1) has no body text",
                    sourceLocation: sourceLocation)
            let startsAtHeading = paragraphs.first.map { if case .heading = $0.style.role { true } else { false } } ?? false
            // A break asked for at `b` starts the first paragraph that starts at or after `b`.
            let start = paragraphs.first?.range.lowerBound ?? -1
            let previousStart = range.lowerBound > 0 ? text.paragraphs[range.lowerBound - 1].range.lowerBound : -1
            let asked = bookStarts.contains { previousStart < $0 && $0 <= start }
            #expect(section == 0 || startsAtHeading || titlePages || asked,
                    "section \(section) at \(start) does not start where the book asks", sourceLocation: sourceLocation)
        }
    }

    @Test func headingsInARowAreOneSectionAndGetTheirLevels() throws {
        let text = "Front matter line.\n\nBOOK ONE: 1805\n\nCHAPTER I\n\n" + Self.prose("The end of one.")
            + "\nCHAPTER II\n\n" + Self.prose("The end of two.")
        let document = try Self.read(text)
        #expect(Self.headingTexts(document) == ["BOOK ONE: 1805", "CHAPTER I", "CHAPTER II"])
        #expect(document.headings.map(\.level) == [1, 2, 2])
        let paragraphs = document.text.paragraphs
        let book = try #require(paragraphs.firstIndex { $0.contentString == "BOOK ONE: 1805" })
        #expect(paragraphs[book].style.role == .heading(level: 1) && paragraphs[book].style.startsSection)
        #expect(paragraphs[book].style.alignment == .center)
        #expect(paragraphs[book + 1].style.role == .heading(level: 2) && !paragraphs[book + 1].style.startsSection)
        #expect(document.text.sectionStarts.count == 3, "front matter, book one with chapter one, chapter two")
        let toc = document.tableOfContents
        #expect(toc.count == 1 && toc[0].children.map(\.title) == ["CHAPTER I", "CHAPTER II"])
        #expect(toc[0].offset == (text as NSString).range(of: "BOOK ONE").location)
        Self.checkSections(document)
    }

    @Test func aHeadingAtTheVeryStartStartsTheFirstSection() throws {
        let document = try Self.read("CHAPTER 1\nThe Beginning\n\n" + Self.prose("Done."))
        #expect(Self.headingTexts(document) == ["CHAPTER 1. The Beginning"])
        #expect(document.headings.first?.offset == 0)
        #expect(document.text.sectionStarts == [0])
        // The title line under the heading belongs to the heading block.
        #expect(document.text.paragraphs[1].contentString == "The Beginning")
        #expect(document.text.paragraphs[1].style.role == .heading(level: 2) && document.text.paragraphs[1].style.continuesBlock)
    }

    @Test func aHeadingAtTheVeryEndIsNotAChapter() throws {
        // A heading with no text after it would make a section without body text.
        let document = try Self.read("CHAPTER I\n\n" + Self.prose("Done.") + "\nCHAPTER II\n")
        #expect(Self.headingTexts(document) == ["CHAPTER I"])
        #expect(document.text.sectionStarts.count == 1)
        Self.checkSections(document)
    }

    @Test func aListOfContentsIsNotTakenForChapters() throws {
        let contents = "CONTENTS\n\nCHAPTER I\n\nCHAPTER II\n\nCHAPTER III\n\n"
        let block = "Contents\n\nCHAPTER I. Dawn\nCHAPTER II. Noon\n\n"
        let body = "CHAPTER I\n\n" + Self.prose("One.") + "\nCHAPTER II\n\n" + Self.prose("Two.")
        let document = try Self.read(contents + block + body)
        let offsets = document.headings.map(\.offset)
        let bodyStart = (contents + block).utf16.count
        #expect(Self.headingTexts(document) == ["CHAPTER I", "CHAPTER II"])
        #expect(offsets.allSatisfy { $0 >= bodyStart }, "\(offsets), the body starts at \(bodyStart)")
    }

    @Test func sentencesAreNotRomanNumeralHeadings() throws {
        let text = "I\n\n" + Self.prose("Start.") + "\nI went home.\n\nI. went home\n\nIIII\n\nChapter and verse\n\n"
            + "Part of it\n\nII\n\n" + Self.prose("End.")
        let document = try Self.read(text)
        #expect(Self.headingTexts(document) == ["I", "II"])
    }

    @Test func bareNumeralsCountOnlyInSequence() throws {
        let document = try Self.read("I.\n\n" + Self.prose("a.") + "\nV.\n\n" + Self.prose("b.") + "\nII.\n\n" + Self.prose("c."))
        #expect(Self.headingTexts(document) == ["I.", "II."])
    }

    @Test func aBareNumeralTakesTheTitleUnderIt() throws {
        let document = try Self.read("I\n\nMarseille.--L'arrivée.\n\n\n" + Self.prose("Le 24 février 1815."))
        #expect(Self.headingTexts(document) == ["I. Marseille.--L'arrivée."])
        #expect(document.text.paragraphs[1].style.role == .heading(level: 2))
    }

    @Test func otherLanguagesAndForms() throws {
        for heading in ["CHAPITRE III", "Kapitel 2", "ГЛАВА IV", "STAVE ONE", "PART II", "VOLUME III", "EPILOGUE",
                        "CHAPTER XLII. The Whiteness of the Whale", "Chapter 1.", "第三回　林黛玉拋父進京都"] {
            let document = try Self.read("CHAPTER I\n\n" + Self.prose("x.") + "\n" + heading + "\n\n" + Self.prose("y."))
            #expect(Self.headingTexts(document).last == heading.replacingOccurrences(of: "\u{3000}", with: " "), "\(heading)")
        }
    }

    @Test func aHeadingInTwoLanguagesIsOneEntry() throws {
        let document = try Self.read("  ERSTER AKT.\n\n      ACT I.\n\n  ERSTER AUFTRITT.\n\n      SCENE I.\n\n"
            + Self.prose("Hohoje!") + "\n  ZWEITE SCENE.\n\n      SCENE II.\n\n" + Self.prose("Halloho!"))
        #expect(Self.headingTexts(document) == ["ERSTER AKT. / ACT I.", "ERSTER AUFTRITT. / SCENE I.", "ZWEITE SCENE. / SCENE II."])
        #expect(document.text.sectionStarts.count == 2)
        #expect(document.tableOfContents.first?.children.count == 2)
    }

    @Test func aChineseChapterHeadingNeedsNoBlankLineBefore() throws {
        let previous = "要知端的，下回分解．"
        let text = "第一回　甄士隱夢幻識通靈\n------\n" + "此開卷第一回也．\n" + previous + "\n第二回\n\n　　詩云\n第二回中說的話．\n"
        let document = try Self.read(text)
        #expect(Self.headingTexts(document) == ["第一回 甄士隱夢幻識通靈", "第二回"])
        #expect(document.headings.map(\.offset) == [0, (text as NSString).range(of: "第二回\n").location])
        #expect(document.text.sectionStarts.count == 2)
        // The previous chapter's last line stays a paragraph of its own.
        #expect(document.text.paragraphs.contains { $0.contentString.hasSuffix(previous) })
    }

    /// A text without headings is one section, however long: a page break is only where the book has one
    /// (a 40,000-unit bound used to start a new page mid-scene).
    @Test func aTextWithoutHeadingsIsOneSection() throws {
        var text = ""
        for index in 0..<2_000 { text += Self.prose("Paragraph \(index) ends here.") + "\n" }
        let document = try Self.read(text)
        #expect(document.headings.isEmpty)
        #expect(text.utf16.count > 200_000)
        #expect(document.text.sectionStarts == [0])
        Self.checkSections(document)
    }
}

/// Headings in the corpus (`Tests/Corpus`): counts checked against `grep` of the files.
@Suite
struct CorpusChapterTests {
    static func read(_ name: String) throws -> (document: PlainTextDocument, source: String) {
        let bytes = try Fixtures.corpusBytes(name)
        return (try PlainTextReader().read(bytes: bytes, name: name), String(decoding: bytes, as: UTF8.self))
    }

    /// Lines of `source` that match `pattern` (anchored at the line start, no indent).
    static func count(_ source: String, _ pattern: String) throws -> Int {
        let regex = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        return regex.numberOfMatches(in: source, range: NSRange(source.startIndex..., in: source))
    }

    @Test func warAndPeace() throws {
        let (document, source) = try Self.read("tolstoy-war-and-peace.txt")
        // `grep -cE '^BOOK ' ...` → 15, `grep -cE '^CHAPTER [IVXLC]+$'` → 365, unindented epilogues → 2; the
        // contents list in the front matter is indented and must not count.
        #expect(try Self.count(source, "^BOOK [A-Z]+: ") == 15)
        #expect(try Self.count(source, "^CHAPTER [IVXLC]+$") == 365)
        #expect(try Self.count(source, "^(FIRST|SECOND) EPILOGUE") == 2)
        let titles = document.headings.map(\.title)
        #expect(titles.filter { $0.hasPrefix("BOOK ") }.count == 15)
        #expect(titles.filter { $0.hasPrefix("CHAPTER ") }.count == 365)
        #expect(titles.filter { $0.contains("EPILOGUE") }.count == 2)
        #expect(titles.count == 382)
        // None comes from the contents list: the first is the real BOOK ONE (the second occurrence in the file).
        let realBookOne = (source as NSString).range(of: "\nBOOK ONE: 1805").location + 1
        #expect(document.headings.first?.offset == realBookOne)
        // Book and chapter headings in a row share a section: 365 chapter sections, Project Gutenberg's header,
        // the front matter after it (title, contents) and the licence.
        #expect(document.text.sectionStarts.count == 368)
        let toc = document.tableOfContents
        #expect(toc.count == 17 && toc.map(\.children.count).reduce(0, +) == 365)
        CorpusChapterTests.checkHeadingParagraphs(document)
        ChapterTests.checkSections(document)
    }

    @Test func mobyDick() throws {
        let (document, source) = try Self.read("melville-moby-dick.txt")
        #expect(try Self.count(source, "^CHAPTER [0-9]+\\. ") == 135 * 2, "the contents list and the chapters")
        let titles = document.headings.map(\.title)
        #expect(titles.filter { $0.hasPrefix("CHAPTER ") }.count == 135)
        #expect(titles.first == "ETYMOLOGY." && titles.last == "Epilogue")
        #expect(titles.count == 139, "ETYMOLOGY, two EXTRACTS, 135 chapters, Epilogue: \(titles.filter { !$0.hasPrefix("CHAPTER") })")
        let firstChapter = (source as NSString).range(of: "\nCHAPTER 1. Loomings.\n\nCall me").location + 1
        #expect(document.headings.first { $0.title.hasPrefix("CHAPTER 1.") }?.offset == firstChapter)
        CorpusChapterTests.checkHeadingParagraphs(document)
        ChapterTests.checkSections(document)
    }

    @Test func prideAndPrejudice() throws {
        let (document, source) = try Self.read("austen-pride-and-prejudice.txt")
        // `grep -cE '^(CHAPTER|Chapter) [IVXLC]+'` → 61 (the first is `Chapter I.]`, closing an illustration
        // caption; two lack the full stop).
        #expect(try Self.count(source, "^(CHAPTER|Chapter) [IVXLC]+") == 61)
        let titles = document.headings.map(\.title)
        #expect(titles.filter { $0.uppercased().hasPrefix("CHAPTER ") }.count == 61)
        #expect(titles.first == "PREFACE." && titles[1] == "Chapter I.")
        CorpusChapterTests.checkHeadingParagraphs(document)
        ChapterTests.checkSections(document)
    }

    @Test(arguments: [("dumas-le-comte-de-monte-cristo-tome-1.fr.txt", "^[IVXLC]+$", 31),
                      ("kafka-die-verwandlung.de.txt", "^[IVXLC]+\\.$", 3),
                      ("pushkin-kapitanskaya-dochka.ru.txt", "^(ГЛАВА [IVXLC]+|ПРОПУЩЕННАЯ ГЛАВА \\*)$", 15),
                      ("nasty/conrad-heart-of-darkness.bom.txt", "^[IVXLC]+$", 3)])
    func otherBooks(name: String, pattern: String, expected: Int) throws {
        let (document, source) = try Self.read(name)
        #expect(try Self.count(source, pattern) == expected)
        let numbered = document.headings.filter { $0.level == 2 }
        #expect(numbered.count == expected, "\(numbered.map(\.title))")
        CorpusChapterTests.checkHeadingParagraphs(document)
        ChapterTests.checkSections(document)
    }

    @Test func hongLouMeng() throws {
        let (document, source) = try Self.read("cao-xueqin-hong-lou-meng.zh-hant.txt")
        // 121 lines start with `第…回` and a space or the line end: 120 chapters, the 45th printed twice in a row.
        #expect(try Self.count(source, "^第[〇零一二三四五六七八九十百千两]+回([　 ]|$)") == 121)
        #expect(document.headings.count == 120)
        #expect(Set(document.headings.map { $0.title.prefix { $0 != " " } }).count == 120)
        #expect(document.headings.last?.title.hasPrefix("第一二零回") == true)
        CorpusChapterTests.checkHeadingParagraphs(document)
        ChapterTests.checkSections(document)
    }

    @Test func derFliegendeHolländer() throws {
        let (document, _) = try Self.read("nasty/wagner-der-fliegende-hollaender.bom-crlf.txt")
        // The argument's three `ACT` headings, then the libretto's acts and scenes in German and English.
        let acts = document.tableOfContents.filter { $0.title.contains(" / ") }
        #expect(acts.map(\.title) == ["ERSTER AKT. / ACT I.", "ZWEITER ACT. / ACT II.", "DRITTER AKT. / ACT III."])
        #expect(acts.map(\.children.count) == [3, 3, 2])
        ChapterTests.checkSections(document)
    }

    @Test(arguments: Fixtures.corpusTextBooks)
    func everyBookHasSectionsWithBodyOnlyWhereItAsks(name: String) throws {
        let (document, _) = try Self.read(name)
        ChapterTests.checkSections(document)
    }

    /// A long spine item is not split into sections: sections start where spine items start, and where the book's
    /// CSS asks for a page break (this book's stylesheet breaks before its chapter headings). Page breaks carry
    /// structure, so they stay with publisher styles off (see the manual's precedence rules).
    @Test func aLongEPUBSpineItemIsSplitOnlyWhereItsCSSAsks() throws {
        // The children's literature sample is one 292,000-unit XHTML file.
        let path = try Fixtures.corpusPath("curry-clippinger-childrens-literature.epub")
        let book = try EPUBReader().read(path: path)
        let longest = try #require(book.spine.compactMap(\.range).max { $0.count < $1.count })
        #expect(longest.count > 250_000)
        let spineStarts = Set(book.spine.compactMap(\.range?.lowerBound))
        let text = book.text
        for start in text.sectionStarts where !spineStarts.contains(text.paragraphs[start].range.lowerBound) {
            let isHeading = if case .heading = text.paragraphs[start].style.role { true } else { false }
            #expect(isHeading, "\(text.paragraphs[start].contentString)")
        }
        var options = EPUBReader.Options()
        options.publisherStyles = false
        let plain = try EPUBReader(options: options).read(path: path).text
        #expect(text.sectionStarts.count > spineStarts.count, "the CSS breaks start sections")
        #expect(plain.sectionStarts.map { plain.paragraphs[$0].range.lowerBound }
                == text.sectionStarts.map { text.paragraphs[$0].range.lowerBound })
    }

    /// Each heading's offset is the start of a centred heading paragraph holding the heading's text.
    static func checkHeadingParagraphs(_ document: PlainTextDocument, sourceLocation: SourceLocation = #_sourceLocation) {
        for heading in document.headings {
            guard let index = document.text.paragraphIndex(containing: heading.offset) else {
                Issue.record("no paragraph at \(heading.offset)", sourceLocation: sourceLocation); continue
            }
            let paragraph = document.text.paragraphs[index]
            #expect(paragraph.contentDocumentRange.lowerBound == heading.offset, sourceLocation: sourceLocation)
            #expect(paragraph.style.role == .heading(level: heading.level) && paragraph.style.alignment == .center,
                    sourceLocation: sourceLocation)
        }
    }
}
