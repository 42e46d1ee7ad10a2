import Foundation
import Testing
import TypesetCore
import TypesetDocuments

/// How `PlainTextReader` turns Project Gutenberg's lines into paragraphs (manual, "Plain text").
@Suite struct ParagraphSplittingTests {
    /// Hard-wrapped prose at Project Gutenberg's usual width (lines of 60–72 units), two paragraphs.
    static let prose = """
        It is a truth universally acknowledged, that a single man in possession
        of a good fortune must be in want of a wife.

        However little known the feelings or views of such a man may be on his
        first entering a neighbourhood, this truth is so well fixed in the minds
        of the surrounding families, that he is considered as the rightful
        property of some one or other of their daughters.

        “My dear Mr. Bennet,” said his lady to him one day, “have you heard that
        Netherfield Park is let at last?”
        """

    /// A stanza of short lines: far shorter than the file's wrap width.
    static let stanza = """
        Tyger Tyger, burning bright,
        In the forests of the night;
        What immortal hand or eye,
        Could frame thy fearful symmetry?
        """

    static func read(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> StyledText {
        try ReaderChecks.readAndCheckOffsets(text.bytes, expected: text.units, sourceLocation: sourceLocation).text
    }

    /// The lines of `text` (split at LF).
    static func lines(_ text: String) -> [String] { text.components(separatedBy: "\n") }

    @Test func hardWrappedProseJoinsIntoOneParagraphPerBlock() throws {
        let text = try Self.read(Self.prose)
        #expect(text.paragraphs.count == 3)
        let blocks = Self.prose.components(separatedBy: "\n\n")
        #expect(text.paragraphs.map(\.contentString) == blocks, "each paragraph's content is its block, newlines kept")
        for paragraph in text.paragraphs {
            #expect(paragraph.style.role == .body)
            #expect(paragraph.style.innerLineBreaks == .collapse, "soft line ends read as spaces")
            #expect(!paragraph.style.continuesBlock)
        }
        #expect(text.paragraphs[1].contentString.contains("\n"), "the original newlines stay in the text")
    }

    @Test func blankLinesSeparateParagraphsAndBelongToTheParagraphBefore() throws {
        // One, two and three blank lines, one of them holding spaces and a tab.
        let source = "First paragraph.\n\nSecond paragraph.\n\n  \t\nThird paragraph.\n\n\n\nFourth.\n\n"
        let text = try Self.read(source)
        #expect(text.paragraphs.map(\.contentString) == ["First paragraph.", "Second paragraph.", "Third paragraph.", "Fourth."])
        // The separators (the line end and the blank lines) end each paragraph; the next starts with its text.
        #expect(text.paragraphs.map(\.range) == [0..<18, 18..<41, 41..<61, 61..<70])
        #expect(text.paragraphs.map(\.contentRange) == [0..<16, 0..<17, 0..<16, 0..<7])
    }

    @Test func blankLinesBeforeTheFirstParagraphArePartOfIt() throws {
        let source = "\n\n   \nOnly paragraph.\n"
        let text = try Self.read(source)
        #expect(text.paragraphs.count == 1)
        #expect(text.paragraphs[0].contentString == "Only paragraph.")
        #expect(text.paragraphs[0].contentDocumentRange == 6..<21)
    }

    /// The same text with each kind of line end.
    static let lineEndVariants: [(name: String, lineEnd: String)] = [("CR LF", "\r\n"), ("CR", "\r"), ("U+2029", "\u{2029}")]

    @Test(arguments: lineEndVariants)
    func otherLineEndsGiveTheSameParagraphsAsLF(name: String, lineEnd: String) throws {
        let lf = Self.prose + "\n\n" + Self.stanza + "\n\n" + Self.prose + "\n"
        let other = lf.replacingOccurrences(of: "\n", with: lineEnd)
        let expected = try Self.read(lf)
        let actual = try Self.read(other)
        #expect(actual.paragraphs.count == expected.paragraphs.count, "\(name)")
        #expect(ReaderChecks.normalizedContents(actual) == ReaderChecks.normalizedContents(expected), "\(name)")
        #expect(ReaderChecks.styles(actual) == ReaderChecks.styles(expected), "\(name)")
    }

    @Test func aLoneCREndsALine() throws {
        // Old Mac line ends: a stanza with CR only keeps one paragraph per line, like the LF one.
        let source = (Self.prose + "\n\n" + Self.stanza + "\n").replacingOccurrences(of: "\n", with: "\r")
        let text = try Self.read(source)
        let contents = text.paragraphs.map(\.contentString)
        for line in Self.lines(Self.stanza) { #expect(contents.contains(line), "\(line.debugDescription) is not its own paragraph") }
        // Three prose paragraphs (their soft line ends are CRs) and four verse lines.
        #expect(text.paragraphs.count == 7)
        #expect(text.paragraphs.filter { $0.contentString.contains("\r") }.count == 3)
    }

    @Test func versekeepsItsLineBreaks() throws {
        let source = Self.prose + "\n\n" + Self.stanza + "\n\n" + Self.stanza + "\n\n" + Self.prose + "\n"
        let text = try Self.read(source)
        let stanzaLines = Self.lines(Self.stanza)
        let verse = text.paragraphs.filter { $0.style.role == .preformatted }
        #expect(verse.map(\.contentString) == stanzaLines + stanzaLines, "each verse line is its own paragraph")
        // No paragraph spacing inside a stanza; the first line of each stanza starts a block.
        #expect(verse.map(\.style.continuesBlock) == [false, true, true, true, false, true, true, true])
        // The prose around it is unaffected.
        #expect(text.paragraphs.filter { $0.style.role == .body }.count == 6)
        #expect(text.paragraphs.count == 14)
    }

    @Test func verseWithIndentedAlternateLinesStaysOneBlockOfVerse() throws {
        // The common Gutenberg layout of rhymed verse: every other line indented. Each line is still a verse
        // line of one stanza: preformatted, and no paragraph spacing inside the stanza.
        let indented = """
            Tyger Tyger, burning bright,
              In the forests of the night;
            What immortal hand or eye,
              Could frame thy fearful symmetry?
            """
        let source = Self.prose + "\n\n" + indented + "\n\n" + Self.prose + "\n"
        let text = try Self.read(source)
        let verse = text.paragraphs.filter { $0.contentString.contains("Tyger") || $0.contentString.contains("forests")
            || $0.contentString.contains("immortal") || $0.contentString.contains("symmetry") }
        #expect(verse.map(\.contentString) == Self.lines(indented), "one paragraph per verse line")
        #expect(verse.map(\.style.role) == [.preformatted, .preformatted, .preformatted, .preformatted])
        #expect(verse.map(\.style.continuesBlock) == [false, true, true, true])
    }

    @Test func aShortLineAfterProseIsNotJoinedToTheNextBlock() throws {
        // An address or a signature: short lines at the end of a letter.
        let source = Self.prose + "\n\nYours sincerely,\nFitzwilliam Darcy.\n\n" + Self.prose
        let text = try Self.read(source)
        let contents = text.paragraphs.map(\.contentString)
        #expect(contents.contains("Yours sincerely,") && contents.contains("Fitzwilliam Darcy."), "\(contents)")
    }

    @Test func aBlockIndentedAsAWholeStaysOneParagraph() throws {
        // A quoted letter, every line indented by five spaces, hard-wrapped.
        let quote = """
                 “I have just received your letter, and shall devote this whole
                 morning to answering it, as I foresee that a little writing will
                 not comprise what I have to tell you. I must confess myself
                 surprised by your application; I did not expect it from you.”
            """
        let source = Self.prose + "\n\n" + quote + "\n\n" + Self.prose + "\n"
        let text = try Self.read(source)
        #expect(text.paragraphs.count == 7)
        let quoted = try #require(text.paragraphs.first { $0.contentString.contains("I have just received") })
        #expect(quoted.contentString == quote, "the whole indented block is one paragraph, its indentation included")
        #expect(quoted.style.role == .body && quoted.style.innerLineBreaks == .collapse)
    }

    @Test func anIndentedLineStartsAParagraphWithinABlock() throws {
        // Paragraphs marked by a first-line indent instead of blank lines.
        let source = """
              It is a truth universally acknowledged, that a single man in
            possession of a good fortune must be in want of a wife.
              However little known the feelings or views of such a man may be
            on his first entering a neighbourhood, this truth is so well fixed
            in the minds of the surrounding families.
            """
        let text = try Self.read(source)
        #expect(text.paragraphs.count == 2)
        #expect(text.paragraphs.allSatisfy { $0.contentString.hasPrefix("  ") })
        #expect(text.paragraphs[1].contentString.hasPrefix("  However"))
    }

    /// Hong Lou Meng's layout: lines of about 34 ideographs, paragraphs starting with two U+3000 IDEOGRAPHIC
    /// SPACEs, continuation lines not indented, no blank lines.
    static let chinese = """
        \u{3000}\u{3000}列位看官：你道此書從何而來？說起根由雖近荒唐，細按則深有趣味．
        待在下將此來歷注明，方使閱者了然不惑．
        \u{3000}\u{3000}原來女媧氏煉石補天之時，于大荒山無稽崖練成高經十二丈，方經二十
        四丈頑石三万六千五百零一塊．媧皇氏只用了三万六千五百塊，只單單剩了
        一塊未用，便棄在此山青埂峰下．誰知此石自經段煉之后，靈性已通，因見
        眾石俱得補天，獨自己無材不堪入選，遂自怨自歎，日夜悲號慚愧．
        \u{3000}\u{3000}一日，正當嗟悼之際，俄見一僧一道遠遠而來，生得骨骼不凡，丰神迥
        异，說說笑笑來至峰下，坐于石邊高談快論．先是說些云山霧海神仙玄幻之
        事，后便說到紅塵中榮華富貴．
        """

    @Test func chineseParagraphsStartAtIdeographicSpaceIndents() throws {
        let text = try Self.read(Self.chinese)
        #expect(text.paragraphs.count == 3)
        for paragraph in text.paragraphs {
            #expect(paragraph.contentString.hasPrefix("\u{3000}\u{3000}"))
            #expect(!paragraph.contentString.contains("\n\u{3000}\u{3000}"), "an indented paragraph start was joined: \(paragraph.contentString)")
            #expect(paragraph.style.role == .body && paragraph.style.innerLineBreaks == .collapse)
        }
        #expect(text.paragraphs[1].contentString.split(separator: "\n").count == 4)
    }

    @Test func linesOver100UnitsAreOneParagraphEach() throws {
        let long = (1...4).map { "Line \($0): " + String(repeating: "unwrapped prose that runs on without a break ", count: 3) }
        #expect(long.allSatisfy { $0.utf16.count > 100 })
        let source = long.joined(separator: "\n") + "\n"
        let text = try Self.read(source)
        #expect(text.paragraphs.map(\.contentString) == long)
        #expect(text.paragraphs.allSatisfy { $0.style.role == .body && !$0.style.continuesBlock })
    }

    @Test func inAFileOfLongLinesEveryLineIsAParagraph() throws {
        // manual ("Plain text"): "A file whose lines exceed 100 units is not hard-wrapped: each line is a paragraph." That holds
        // for the file's short lines too (a heading and its subtitle), not only for blocks holding a long line.
        let long = (1...3).map { "Line \($0): " + String(repeating: "unwrapped prose that runs on without a break ", count: 3) }
        let source = "CHAPTER ONE\nIn Which We Begin\n\n" + long.joined(separator: "\n\n") + "\n"
        let text = try Self.read(source)
        #expect(text.paragraphs.map(\.contentString) == ["CHAPTER ONE", "In Which We Begin"] + long)
    }

    @Test func aPoemAloneKeepsItsLineBreaks() throws {
        // A file of verse only: the wrap width estimated from the file is the verse's own width, yet its lines
        // are not hard-wrapped prose.
        let source = "The Tyger\n\n" + Self.stanza + "\n\n" + Self.stanza + "\n"
        let text = try Self.read(source)
        #expect(text.paragraphs.filter { $0.style.role == .preformatted }.count == 8, "\(text.paragraphs.map(\.contentString))")
    }

    @Test func theEmptyFileIsOneEmptyParagraph() throws {
        let text = try Self.read("")
        #expect(text.length == 0)
        #expect(text.paragraphs.count == 1)
        #expect(text.paragraphs[0].range == 0..<0 && text.paragraphs[0].isEmpty)
    }

    @Test func aBlankOnlyFileIsOneEmptyParagraphHoldingEveryUnit() throws {
        let source = "\n  \n\t\r\n\u{3000}\n"
        let text = try Self.read(source)
        #expect(text.paragraphs.count == 1)
        #expect(text.paragraphs[0].range == 0..<source.utf16.count && text.paragraphs[0].isEmpty)
    }

    @Test func aFileWithoutAFinalNewlineKeepsItsLastLine() throws {
        let source = Self.prose  // no trailing newline
        let text = try Self.read(source)
        #expect(text.paragraphs.last?.contentString.hasSuffix("let at last?”") == true)
        #expect(text.paragraphs.last?.range.upperBound == source.utf16.count)
    }
}

/// Gutenberg verse in the layouts books use (issue 36: long or indented-in-turn lines came out as alternating
/// one-line paragraphs, spaced inside stanzas and not between them): every line a paragraph, no spacing inside a
/// stanza, spacing between stanzas, a hanging indent for a line the screen wraps; prose around it unchanged.
@Suite struct VerseFamilyTests {
    static let prose = """
        It is a truth universally acknowledged, that a single man in possession
        of a good fortune, must be in want of a wife. However little known the
        feelings or views of such a man may be on his first entering a
        neighbourhood, this truth is so well fixed in the minds of the families.
        """

    /// Stanzas of two or three layouts: long lines (blank verse), long lines indented in turn (couplets), a
    /// stanza indented as a whole, short ballad lines.
    static let stanzas: [(name: String, lines: [String])] = [
        ("blank verse", ["Of Man's first disobedience, and the fruit", "Of that forbidden tree whose mortal taste",
                         "Brought death into the World, and all our woe,", "With loss of Eden, till one greater Man"]),
        ("couplets indented in turn", ["Know then thyself, presume not God to scan;", "    The proper study of mankind is man.",
                                       "Placed on this isthmus of a middle state,", "    A being darkly wise, and rudely great:"]),
        ("a stanza indented as a whole", ["    I wandered lonely as a cloud that floats on high", "    That floats on high o'er vales and hills,",
                                          "    When all at once I saw a crowd, a host of golden", "    A host, of golden daffodils;"]),
        ("ballad", ["It is an ancient Mariner,", "And he stoppeth one of three.", "By thy long grey beard and glittering eye,",
                    "Now wherefore stopp'st thou me?"]),
    ]

    @Test(arguments: stanzas.map(\.name))
    func verseLinesStanzasAndHangingIndents(name: String) throws {
        let lines = try #require(Self.stanzas.first { $0.name == name }).lines
        let stanza = lines.joined(separator: "\n")
        let source = Self.prose + "\n\n" + stanza + "\n\n" + stanza + "\n\n" + Self.prose + "\n"
        let text = try ParagraphSplittingTests.read(source)
        let verse = text.paragraphs.filter { $0.style.role == .preformatted }
        #expect(verse.map(\.contentString) == lines + lines, "\(name): each verse line is its own paragraph")
        let starts = (0..<(2 * lines.count)).map { $0 % lines.count != 0 }
        #expect(verse.map(\.style.continuesBlock) == starts, "\(name): spacing between stanzas only")
        for paragraph in verse {
            let hanging = -(paragraph.style.firstLineIndent ?? 0)
            #expect(hanging >= 2 && paragraph.style.blockIndent == hanging, "\(name): a hanging indent")
        }
        #expect(text.paragraphs.filter { $0.style.role == .body }.count == 2, "\(name): the prose is two paragraphs")
    }

    /// Files set a paragraph a line (no blank lines: RusLit, many Russian and Chinese files): each line longer than
    /// 100 units is a paragraph, and a stanza among them (an epigraph) is verse, in Russian, English and German;
    /// runs of short sentences and of dialogue lines stay paragraphs.
    static let lineByLine: [(name: String, stanza: [String], prose: [String])] = [
        ("Russian epigraph", ["Сторона ль моя, сторонушка,", "Сторона незнакомая!", "Что не сам ли я на тебя зашел,",
                              "Что не добрый ли да меня конь завез:"],
         ["— Ну, ну, Савельич! полно.", "— Ах, батюшка Петр Андреич!", "Я молчал.", "Он вышел.", "Мы поехали."]),
        ("English song", ["Tyger Tyger, burning bright,", "In the forests of the night;", "What immortal hand or eye,",
                          "Could frame thy fearful symmetry?"],
         ["“Yes,” said he.", "“No!” she cried.", "He left.", "She stayed.", "Nobody spoke."]),
        ("German Lied", ["Sah ein Knab ein Röslein stehn,", "Röslein auf der Heiden,", "War so jung und morgenschön,",
                         "Lief er schnell, es nah zu sehn"],
         ["»Ja«, sagte er.", "»Nein!«", "Er ging.", "Sie blieb.", "Niemand sprach."]),
    ]

    @Test(arguments: lineByLine.map(\.name))
    func aStanzaInAFileSetAParagraphALineIsVerse(name: String) throws {
        let family = try #require(Self.lineByLine.first { $0.name == name })
        let long = String(repeating: "A long line of prose set as one paragraph, as files without blank lines have them; ", count: 2)
        let source = ([long] + family.stanza + [long] + family.prose + [long]).joined(separator: "\n") + "\n"
        let text = try ParagraphSplittingTests.read(source)
        let verse = text.paragraphs.filter { $0.style.role == .preformatted }
        #expect(verse.map(\.contentString) == family.stanza, "\(name): the stanza is verse")
        #expect(verse.map(\.style.continuesBlock) == family.stanza.indices.map { $0 > 0 }, "\(name): one stanza")
        let body = text.paragraphs.filter { $0.style.role == .body }.map(\.contentString)
        #expect(body == [long.trimmingCharacters(in: .whitespaces)] + [long.trimmingCharacters(in: .whitespaces)]
                    + family.prose + [long.trimmingCharacters(in: .whitespaces)] || body.count == 3 + family.prose.count,
                "\(name): prose lines stay paragraphs: \(body)")
    }
}

