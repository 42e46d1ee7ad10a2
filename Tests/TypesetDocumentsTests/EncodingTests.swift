import Foundation
import Testing
import TypesetCore
import TypesetDocuments

/// Decoding (README: UTF-8 with or without a BOM, UTF-16 with a BOM, ISO-8859-1 for bytes that are not valid
/// UTF-8; binary data refused). A byte-order mark is not text: offsets count from the first character.
@Suite struct EncodingTests {
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

    @Test func aTrailingOddByteInUTF16BecomesAReplacementCharacter() throws {
        let bytes: [UInt8] = [0xFF, 0xFE, 0x41, 0x00, 0x42]
        let document = try ReaderChecks.readAndCheckOffsets(bytes, expected: [0x41, 0xFFFD])
        #expect(document.encoding == .utf16LittleEndian)
    }

    @Test func invalidUTF8IsReadAsLatin1() throws {
        // "Café élève" in ISO-8859-1.
        let bytes: [UInt8] = [0x43, 0x61, 0x66, 0xE9, 0x20, 0xE9, 0x6C, 0xE8, 0x76, 0x65, 0x0A]
        let document = try ReaderChecks.readAndCheckOffsets(bytes, expected: "Café élève\n".units)
        #expect(document.encoding == .latin1)
        #expect(document.text.paragraphs.first?.contentString == "Café élève")
    }

    @Test(arguments: [
        [0x61, 0xC3] as [UInt8],                 // a truncated two-byte sequence at the end
        [0xC0, 0xAF, 0x61],                      // an overlong encoding of "/"
        [0xED, 0xA0, 0x80, 0x61],                // an encoded UTF-16 surrogate
        [0x61, 0xFF, 0x62],                      // a byte that never occurs in UTF-8
    ])
    func anyInvalidUTF8FallsBackToOneUnitPerByte(bytes: [UInt8]) throws {
        let document = try ReaderChecks.readAndCheckOffsets(bytes, expected: bytes.map { UInt16($0) })
        #expect(document.encoding == .latin1)
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
