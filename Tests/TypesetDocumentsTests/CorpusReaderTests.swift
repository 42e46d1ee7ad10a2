import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// The plain-text reader on the corpus (`Tests/Corpus`).
@Suite
struct CorpusReaderTests {
    static func bytes(_ name: String) throws -> [UInt8] {
        try Fixtures.corpusBytes(name)
    }

    static func read(_ name: String) throws -> PlainTextDocument {
        try PlainTextReader().read(bytes: try bytes(name), name: name)
    }

    /// An independent decode with Foundation: UTF-8, else Shift_JIS for a file its name says is, else ISO-8859-1;
    /// a leading BOM dropped.
    static func foundationDecode(_ bytes: [UInt8], name: String = "") throws -> (units: [UInt16], encoding: TextEncoding, hadBOM: Bool) {
        let data = Data(bytes)
        var encoding: TextEncoding = .utf8
        var string: String
        if let utf8 = String(data: data, encoding: .utf8) {
            string = utf8
        } else if name.contains(".sjis") {
            string = try #require(String(data: data, encoding: .shiftJIS))
            encoding = try #require(TextEncoding(named: "Shift_JIS"))
        } else {
            string = try #require(String(data: data, encoding: .isoLatin1))
            encoding = .latin1
        }
        var units = Array(string.utf16)
        let hadBOM = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        // Foundation may or may not keep the mark; the reader never does.
        if hadBOM, units.first == 0xFEFF { units.removeFirst() }
        return (units, hadBOM ? .utf8WithBOM : encoding, hadBOM)
    }

    @Test(arguments: Fixtures.corpusTextBooks)
    func offsetsNeverMove(name: String) throws {
        let bytes = try Self.bytes(name)
        let expected = try Self.foundationDecode(bytes, name: name)
        let document = try ReaderChecks.readAndCheckOffsets(bytes, expected: expected.units, name: name)
        #expect(document.encoding == expected.encoding)
        // Blank lines separate paragraphs: no paragraph's content holds a blank line.
        // A whole line end (a CR only when no LF follows it), white space, and another line end.
        let blankLine = try NSRegularExpression(pattern: "(\\r\\n|\\r(?!\\n)|\\n|\\u2029)[ \\t\\u3000\\u00A0\\f]*(\\r|\\n|\\u2029)")
        let joined = document.text.paragraphs.filter {
            let content = $0.contentString
            return blankLine.firstMatch(in: content, range: NSRange(content.startIndex..., in: content)) != nil
        }
        #expect(joined.isEmpty, "\(joined.count) paragraphs span a blank line, the first at \(joined.first?.range.lowerBound ?? -1)")
    }

    @Test(arguments: Fixtures.corpusTextBooks)
    func lineEndsDoNotChangeTheParagraphs(name: String) throws {
        // CR LF files read like the same file with LF, and LF files like the same file with CR LF.
        let bytes = try Self.bytes(name)
        let isCRLF = bytes.firstIndex(of: 0x0D) != nil
        var converted: [UInt8] = []
        converted.reserveCapacity(bytes.count + bytes.count / 40)
        var i = 0
        while i < bytes.count {
            if isCRLF {
                if bytes[i] == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1; continue }
            } else if bytes[i] == 0x0A {
                converted.append(0x0D)
            }
            converted.append(bytes[i])
            i += 1
        }
        let original = try PlainTextReader().read(bytes: bytes, name: name).text
        let other = try PlainTextReader().read(bytes: converted, name: name).text
        #expect(other.paragraphs.count == original.paragraphs.count)
        #expect(ReaderChecks.styles(other) == ReaderChecks.styles(original))
        #expect(ReaderChecks.normalizedContents(other) == ReaderChecks.normalizedContents(original))
    }

    @Test func prideAndPrejudiceHasPlausibleParagraphs() throws {
        let text = try Self.read("austen-pride-and-prejudice.txt").text
        #expect(text.paragraphs.count > 1_000, "\(text.paragraphs.count) paragraphs")
        // The longest paragraph in the source is Darcy's letter (14,072 units, printed without a blank line);
        // anything far longer means blocks were joined across blank lines.
        let longest = try #require(text.paragraphs.max { $0.contentRange.count < $1.contentRange.count })
        #expect(longest.contentRange.count < 15_000, "a paragraph of \(longest.contentRange.count) units at \(longest.range.lowerBound)")
        #expect(longest.contentString.hasPrefix("“Two offences of a very different nature"))
        // Body paragraphs are the vast majority; joined prose reads its soft line ends as spaces.
        let body = text.paragraphs.filter { $0.style.role == .body }
        #expect(body.count > text.paragraphs.count * 9 / 10)
        #expect(body.allSatisfy { $0.style.innerLineBreaks == .collapse })
        // The first sentence of the novel is one paragraph of two source lines.
        let first = try #require(text.paragraphs.first { $0.contentString.hasPrefix("It is a truth universally acknowledged") })
        #expect(first.contentString == "It is a truth universally acknowledged, that a single man in possession\nof a good fortune must be in want of a wife.")
    }

    @Test func pushkinHasOneParagraphPerNonBlankLine() throws {
        // Unwrapped prose: every paragraph is one source line (many over 100 units).
        let name = "pushkin-kapitanskaya-dochka.ru.txt"
        let text = try Self.read(name).text
        let source = String(decoding: try Self.bytes(name), as: UTF8.self)
        let nonBlank = source.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\u{3000}" || $0 == "\u{A0}" || $0 == "\r" } }
        #expect(text.paragraphs.count == nonBlank.count, "\(text.paragraphs.count) paragraphs for \(nonBlank.count) lines")
        #expect(text.paragraphs.allSatisfy { !$0.contentString.contains("\n") })
        #expect(text.paragraphs.contains { $0.contentRange.count > 2_000 })
    }

    @Test func hongLouMengSplitsAtIdeographicSpaceIndents() throws {
        let name = "cao-xueqin-hong-lou-meng.zh-hant.txt"
        let text = try Self.read(name).text
        let source = String(decoding: try Self.bytes(name), as: UTF8.self)
        // Lines that start with two U+3000 and hold text (one such line holds nothing else: a blank line).
        let indentedLines = source.split(separator: "\n")
            .filter { $0.hasPrefix("\u{3000}\u{3000}") && !$0.allSatisfy { $0 == "\u{3000}" || $0 == " " } }.count
        #expect(indentedLines > 2_000)
        // Every line that starts with two U+3000 starts a paragraph: none is left inside a paragraph's content.
        let swallowed = text.paragraphs.filter { $0.contentString.contains("\n\u{3000}\u{3000}") }
        #expect(swallowed.isEmpty, "\(swallowed.count) paragraphs swallowed an indented line, e.g. \(swallowed.first?.contentString.prefix(60) ?? "")")
        #expect(text.paragraphs.count >= indentedLines)
        // A line centred with ideographic spaces (a chapter's couplet) is a centred paragraph, its spaces outside its
        // content.
        #expect(text.paragraphs.filter { text.string(in: $0.range).hasPrefix("\u{3000}\u{3000}") }.count == indentedLines)
    }

    @Test func theLatin1FileIsDecodedAsLatin1() throws {
        let document = try Self.read("nasty/vos-entre-nous-lectures-francaises.latin1.txt")
        #expect(document.encoding == .latin1)
        let all = document.text.paragraphs.map(\.contentString).joined(separator: "\n")
        #expect(all.contains("é") && all.contains("è"))
        #expect(!all.contains("\u{FFFD}"))
    }

    @Test func theEmptyCorpusFileIsOneEmptyParagraph() throws {
        let document = try Self.read("nasty/empty.txt")
        #expect(document.text.length == 0 && document.text.paragraphs.count == 1)
    }

    @Test(arguments: ["nasty/conrad-heart-of-darkness.bom.txt", "nasty/wagner-der-fliegende-hollaender.bom-crlf.txt"])
    func bomFilesStartAtTheirFirstCharacter(name: String) throws {
        let document = try Self.read(name)
        #expect(document.encoding == .utf8WithBOM)
        #expect(document.text.paragraphs.first?.units.first == UInt16(UInt8(ascii: "T")), "starts with “The Project Gutenberg”")
    }
}
