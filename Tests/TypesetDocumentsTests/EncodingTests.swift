import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// Decoding (manual: UTF-8 with or without a BOM, UTF-16 with a BOM, ICU's charset detector for bytes that are
/// not UTF-8; binary data refused). A byte-order mark is not text: offsets count from the first character.
@Suite struct EncodingTests {
    /// The files in Tests/Fixtures/encodings, made with iconv from the `LANG.utf8.txt` beside them (README.md
    /// there), with the encoding each must be read as.
    static let encodedFiles: [(file: String, source: String, encoding: String)] = [
        ("ja.shift_jis.txt", "ja", "Shift_JIS"),
        ("ja.euc-jp.txt", "ja", "EUC-JP"),
        ("zh-hans.gb18030.txt", "zh-hans", "GB18030"),
        ("zh-hant.big5.txt", "zh-hant", "Big5"),
        ("ru.koi8-r.txt", "ru", "KOI8-R"),
        ("ru.windows-1251.txt", "ru", "windows-1251"),
        ("ru.iso-8859-5.txt", "ru", "ISO-8859-5"),
        ("en.windows-1252.txt", "en", "windows-1252"),
        ("fr.iso-8859-1.txt", "fr", "ISO-8859-1"),
        ("pl.iso-8859-2.txt", "pl", "ISO-8859-2"),
        ("el.iso-8859-7.txt", "el", "ISO-8859-7"),
        ("en.utf-16le-bom.txt", "en", "UTF-16LE"),
        ("ja.utf-16be-bom.txt", "ja", "UTF-16BE"),
        ("fr.utf-8-bom.txt", "fr", "UTF-8"),
        ("ja.utf8.txt", "ja", "UTF-8"),
    ]

    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.repositoryRoot + "/Tests/Fixtures/encodings/" + name)))
    }

    @Test(arguments: encodedFiles)
    func everyEncodingIsDetectedAndDecoded(file: String, source: String, encoding: String) throws {
        let expected = Array(String(decoding: try Self.fixture(source + ".utf8.txt"), as: UTF8.self).utf16)
        let document = try ReaderChecks.readAndCheckOffsets(try Self.fixture(file), expected: expected, name: file)
        #expect(document.encoding.name == encoding, "\(file): read as \(document.decoding.summary)")
        #expect(document.decoding.invalidSequences == 0 && document.decoding.droppedTrailingBytes == 0)
        switch document.decoding.evidence {
        case .byteOrderMark: #expect(file.contains("bom"))
        case .wellFormedUTF8: #expect(encoding == "UTF-8")
        case .detected(let confidence): #expect(confidence > 0 && !encoding.hasPrefix("UTF"))
        case .fallback, .declared: Issue.record("\(file): \(document.decoding.summary)")
        }
    }

    @Test func aDeclaredEncodingWins() throws {
        // KOI8-R bytes read as windows-1251 because the caller says so: other letters, same number of units.
        let bytes = try Self.fixture("ru.koi8-r.txt")
        let declared = try #require(TextEncoding(named: "cp1251"))
        #expect(declared.name == "windows-1251")
        let document = try PlainTextReader(encoding: declared).read(bytes: bytes, name: "ru.txt")
        #expect(document.encoding.name == "windows-1251" && document.decoding.evidence == .declared)
        #expect(document.text.length == bytes.count)
        #expect(TextEncoding(named: "no-such-charset-42") == nil && TextEncoding(named: "") == nil)
        #expect(TextEncoding(named: "sjis")?.name == "Shift_JIS" && TextEncoding(named: "latin1")?.name == "ISO-8859-1")
        // A declared UTF-8 on bytes that are not: invalid sequences become U+FFFD and are counted.
        let latin1 = try PlainTextReader(encoding: .utf8).read(bytes: [0x43, 0x61, 0x66, 0xE9, 0x0A], name: "x.txt")
        #expect(latin1.decoding.invalidSequences == 1 && latin1.text.string(in: 0..<4) == "Caf\u{FFFD}")
    }

    @Test(arguments: [1, 2, 3])
    func utf8CutInsideACharacterIsUTF8WithoutIt(cut: Int) throws {
        // "€" is three bytes; the text ends after 1, 2 or all 3 of them minus `cut`... cut inside it.
        let text = "Prix : 12 € — « très » cher, naïve café.\n"
        let bytes = Array(text.utf8)
        let euroEnd = Array("Prix : 12 €".utf8).count
        let prefix = Array(bytes.prefix(euroEnd - cut))
        guard cut < 3 else {
            // Two bytes of a three-byte character cut before its first: nothing to drop.
            let document = try PlainTextReader().read(bytes: Array(bytes.prefix(euroEnd - 3)), name: "p.txt")
            #expect(document.encoding == .utf8 && document.decoding.droppedTrailingBytes == 0)
            return
        }
        let document = try PlainTextReader().read(bytes: prefix, name: "p.txt")
        #expect(document.encoding == .utf8 && document.decoding.evidence == .wellFormedUTF8)
        #expect(document.decoding.droppedTrailingBytes == 3 - cut)
        #expect(document.text.string(in: 0..<document.text.length) == "Prix : 12 ")
        #expect(document.decoding.summary.contains("dropped"))
    }

    @Test func multiByteEncodingsCutInsideACharacterDropIt() throws {
        // A preview of a Shift_JIS file cut after the first byte of a two-byte character.
        let bytes = try Self.fixture("ja.shift_jis.txt")
        let whole = try PlainTextReader().read(bytes: bytes, name: "ja.txt")
        var cut = 400
        while bytes[cut - 1] < 0x81 { cut += 1 }  // end just after a lead byte
        let preview = try PlainTextReader(encoding: whole.encoding).read(bytes: Array(bytes.prefix(cut)), name: "ja.txt", isPreview: true)
        #expect(preview.decoding.droppedTrailingBytes == 1)
        let prefix = preview.text.string(in: 0..<preview.text.length)
        #expect(whole.text.string(in: 0..<whole.text.length).hasPrefix(prefix) && !prefix.contains("\u{FFFD}"))
    }
    static let sample = "Grüße, naïve café — 世界 😀.\nSecond line of the file.\n"

    @Test func plainUTF8() throws {
        let document = try ReaderChecks.readAndCheckOffsets(Self.sample.bytes, expected: Self.sample.units)
        #expect(document.encoding == .utf8)
    }

    @Test func utf8WithABOMDropsTheMark() throws {
        let document = try ReaderChecks.readAndCheckOffsets([0xEF, 0xBB, 0xBF] + Self.sample.bytes, expected: Self.sample.units)
        #expect(document.encoding == .utf8WithBOM)
        #expect(document.text.paragraphs.first?.units.first == UInt16(UInt8(ascii: "G")), "the BOM is not in the text")
        #expect(document.text.length == Self.sample.utf16.count)
    }

    @Test func aBOMAloneIsAnEmptyText() throws {
        let document = try ReaderChecks.readAndCheckOffsets([0xEF, 0xBB, 0xBF], expected: [])
        #expect(document.encoding == .utf8WithBOM)
        #expect(document.text.paragraphs.count == 1 && document.text.length == 0)
    }

    @Test func utf16LittleEndianWithABOM() throws {
        let bytes: [UInt8] = [0xFF, 0xFE] + Self.sample.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let document = try ReaderChecks.readAndCheckOffsets(bytes, expected: Self.sample.units)
        #expect(document.encoding == .utf16LittleEndian)
        #expect(document.text.paragraphs.first?.contentString.hasPrefix("Grüße, naïve café — 世界 😀.") == true)
    }

    @Test func utf16BigEndianWithABOM() throws {
        let bytes: [UInt8] = [0xFE, 0xFF] + Self.sample.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let document = try ReaderChecks.readAndCheckOffsets(bytes, expected: Self.sample.units)
        #expect(document.encoding == .utf16BigEndian)
    }

    @Test func utf16AgreesWithUTF8() throws {
        // The same text read from UTF-8 and from UTF-16 gives the same paragraphs.
        let text = ParagraphSplittingTests.prose + "\n\n" + ParagraphSplittingTests.stanza + "\n"
        let fromUTF8 = try PlainTextReader().read(bytes: text.bytes, name: "a.txt").text
        let fromUTF16 = try PlainTextReader().read(bytes: [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] },
                                                   name: "b.txt").text
        #expect(fromUTF16.paragraphs.map(\.range) == fromUTF8.paragraphs.map(\.range))
        #expect(ReaderChecks.styles(fromUTF16) == ReaderChecks.styles(fromUTF8))
    }

    @Test func aTrailingOddByteInUTF16IsDroppedAndReported() throws {
        let bytes: [UInt8] = [0xFF, 0xFE, 0x41, 0x00, 0x42]
        let document = try ReaderChecks.readAndCheckOffsets(bytes, expected: [0x41])
        #expect(document.encoding == .utf16LittleEndian && document.decoding.droppedTrailingBytes == 1)
        // A lead surrogate at the end is half a character: dropped too.
        let cutPair = try PlainTextReader().read(bytes: [0xFF, 0xFE, 0x41, 0x00, 0x3D, 0xD8], name: "u.txt")
        #expect(cutPair.text.length == 1 && cutPair.decoding.droppedTrailingBytes == 2)
    }

    @Test func invalidUTF8IsReadAsLatin1() throws {
        // "Café élève" in ISO-8859-1: too short for the detector's statistics, so the fallback reads it.
        let bytes: [UInt8] = [0x43, 0x61, 0x66, 0xE9, 0x20, 0xE9, 0x6C, 0xE8, 0x76, 0x65, 0x0A]
        let document = try ReaderChecks.readAndCheckOffsets(bytes, expected: "Café élève\n".units)
        #expect(document.encoding == .latin1)
        #expect(document.text.paragraphs.first?.contentString == "Café élève")
    }

    @Test(arguments: [
        [0xC0, 0xAF, 0x61] as [UInt8],           // an overlong encoding of "/"
        [0xED, 0xA0, 0x80, 0x61],                // an encoded UTF-16 surrogate
        [0x61, 0xFF, 0x62],                      // a byte that never occurs in UTF-8
        [0x61, 0xC3, 0x62],                      // a two-byte sequence cut in the middle of the text
    ])
    func invalidUTF8IsReadInAnotherEncodingAndSaidSo(bytes: [UInt8]) throws {
        // Too little text for statistics: read as the most likely one, and the report says how it was chosen.
        let document = try PlainTextReader().read(bytes: bytes, name: "x.txt")
        #expect(!document.encoding.isUTF8)
        #expect(document.decoding.evidence != .wellFormedUTF8 && document.decoding.evidence != .byteOrderMark)
        ReaderChecks.checkOffsets(document.text, expected: Array(document.text.string(in: 0..<document.text.length).utf16))
    }

    @Test func latin1WithCRLFSplitsLikeUTF8WithLF() throws {
        let text = ParagraphSplittingTests.prose.replacingOccurrences(of: "“", with: "\"").replacingOccurrences(of: "”", with: "\"")
            + "\n\nCaf\u{E9} cr\u{E8}me.\n"
        let latin1 = Array(text.replacingOccurrences(of: "\n", with: "\r\n").unicodeScalars.map { UInt8($0.value) })
        let fromLatin1 = try ReaderChecks.readAndCheckOffsets(latin1, expected: latin1.map { UInt16($0) })
        let fromUTF8 = try PlainTextReader().read(bytes: text.bytes, name: "utf8.txt")
        #expect(fromLatin1.encoding == .latin1)
        #expect(ReaderChecks.normalizedContents(fromLatin1.text) == ReaderChecks.normalizedContents(fromUTF8.text))
        #expect(ReaderChecks.styles(fromLatin1.text) == ReaderChecks.styles(fromUTF8.text))
    }

    @Test(arguments: [
        ("nul.txt", Array("Hello\u{0}world".utf8)),
        ("image.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D] as [UInt8]),
        ("bom-then-nul.txt", [0xEF, 0xBB, 0xBF, 0x41, 0x00, 0x42]),
        ("latin1-nul.txt", [0xE9, 0x00, 0xE8]),
    ])
    func nulBytesAreRefusedAsBinary(name: String, bytes: [UInt8]) {
        let error = #expect(throws: DocumentError.self) { try PlainTextReader().read(bytes: bytes, name: name) }
        #expect(error?.code == .binary)
        #expect(error?.message.contains(name) == true, "the message names the file: \(error?.message ?? "")")
        #expect(error?.message.contains("\n") == false, "one line")
    }

    @Test func mostlyControlCharactersAreRefusedAsBinary() {
        let bytes: [UInt8] = (0..<200).map { $0 % 3 == 0 ? 0x41 : 0x01 }
        let error = #expect(throws: DocumentError.self) { try PlainTextReader().read(bytes: bytes, name: "controls.dat") }
        #expect(error?.code == .binary)
        #expect(error?.message.contains("controls.dat") == true)
    }

    @Test func tabsFormFeedsAndLineEndsAreText() throws {
        let source = "Chapter\u{0C}\n\tIndented\tby tabs.\r\nEnd.\n"
        let document = try ReaderChecks.readAndCheckOffsets(source.bytes, expected: source.units)
        #expect(document.encoding == .utf8)
    }

    @Test func theEmptyFileIsOneEmptyParagraph() throws {
        let document = try ReaderChecks.readAndCheckOffsets([], expected: [])
        #expect(document.encoding == .utf8)
        #expect(document.text.length == 0)
        #expect(document.text.paragraphs.count == 1)
        #expect(document.text.paragraphs[0].isEmpty && document.text.paragraphs[0].units.isEmpty)
        #expect(document.text.sectionStarts == [0])
    }
}

/// Windows-1252 files with few bytes in 0x80–0x9F (™, curly quotes, em dashes) among many accented letters, those
/// bytes far from the start: never read as ISO-8859-1, where they are invisible controls (issue 36).
@Suite struct WindowsCodePageTests {
    /// French prose with accents throughout (the detector's evidence) and `marks` Windows-1252 characters near
    /// the end, past the detector's 64 KiB sample when `long`.
    static func book(marks: [String], long: Bool) -> [UInt8] {
        let sentence = "Le père Noël était à côté de la fenêtre, où l'élève répétait sa leçon française. "
        var text = String(repeating: sentence + "\n", count: long ? 1_200 : 40)
        text += "Ce n'est pas la previous one" + marks.joined(separator: " et ") + "the old editions.\n"
        var bytes: [UInt8] = []
        for scalar in text.unicodeScalars {
            switch scalar {
            case "™": bytes.append(0x99)
            case "“": bytes.append(0x93)
            case "”": bytes.append(0x94)
            case "—": bytes.append(0x97)
            case "’": bytes.append(0x92)
            case "…": bytes.append(0x85)
            default: bytes.append(UInt8(scalar.value))
            }
        }
        return bytes
    }

    @Test(arguments: [["—"], ["™"], ["“", "”"], ["’"], ["…", "—", "™"]], [false, true])
    func aFileWithC1BytesIsWindows1252(marks: [String], long: Bool) throws {
        let document = try PlainTextReader().read(bytes: Self.book(marks: marks, long: long), name: "w.txt")
        #expect(document.encoding == .windows1252, "\(marks) long \(long): \(document.decoding.summary)")
        let text = document.text.units(in: 0..<document.text.length)
        let string = String(decoding: text, as: UTF16.self)
        for mark in marks { #expect(string.contains(mark), "\(mark) lost: \(document.decoding.summary)") }
        #expect(!string.unicodeScalars.contains { (0x80...0x9F).contains($0.value) }, "no C1 control in the text")
    }

    @Test func anUnsureDetectionSaysSo() throws {
        // Eight accented letters: too few to believe a single-byte detection, read by the fallback, said unsure.
        let few = try PlainTextReader().read(bytes: Array("Caf\u{E9} \u{E9}l\u{E8}ve na\u{EF}ve ".utf8).map { $0 }, name: "f.txt")
        #expect(!few.decoding.isUnsure, "well-formed UTF-8 is sure")
        let latin = try PlainTextReader().read(bytes: [0x43, 0x61, 0x66, 0xE9, 0x20, 0xE9, 0x6C, 0xE8, 0x76, 0x65], name: "l.txt")
        #expect(latin.decoding.isUnsure && latin.decoding.summary.contains("may be wrong"), "\(latin.decoding.summary)")
        let long = try PlainTextReader().read(bytes: Self.book(marks: ["—"], long: true), name: "w.txt")
        if case .detected(let confidence) = long.decoding.evidence {
            #expect(long.decoding.isUnsure == (confidence < DecodingReport.confidentDetection))
        }
    }
}
