import Testing
import TypesetDocuments

/// Every `DocumentError` message and every EPUB warning is one line (the CLI prints it after `typeset:`), even
/// when a library message or a name inside the book holds line breaks (found by the EPUB fuzzer: libxml2's
/// "Input is not proper UTF-8, indicate encoding !\nBytes: 0x8F 0x20 ...").
@Suite struct OneLineMessageTests {
    @Test func controlCharactersInAMessageAreEscaped() {
        let error = DocumentError(.malformed, "book.epub: entry \"a\nb\rc\td\u{1B}e\u{2028}f\" is odd")
        #expect(error.message == #"book.epub: entry "a\nb\rc\td\u{1b}e\u{2028}f" is odd"#)
    }

    @Test func anXHTMLEntryThatIsNotUTF8GivesOneLine() throws {
        // Latin-1 bytes in a document that declares UTF-8: libxml2 reports them over two lines.
        var chapter = Array(EPUBTestArchive.xhtml("<p>caf</p>").utf8)
        let at = try #require(chapter.firstIndex(of: UInt8(ascii: "f")))
        chapter.insert(contentsOf: [0xE9, 0x8F, 0x20, 0xFF], at: at + 1)
        var archive = EPUBTestArchive.book(chapters: [("one.xhtml", "")])
        archive.entries.removeAll { $0.name == "OEBPS/one.xhtml" }
        archive.add("OEBPS/one.xhtml", bytes: chapter)
        do {
            let book = try EPUBTestReading.read(archive)
            #expect(book.warnings.contains { $0.contains("UTF-8") && $0.contains("Bytes:") }, "the bad bytes are reported: \(book.warnings)")
            for warning in book.warnings { #expect(!warning.contains("\n"), "\(warning)") }
        } catch let error as DocumentError {
            #expect(!error.message.contains("\n") && error.message.contains("OEBPS/one.xhtml") && error.message.contains("Bytes:"),
                    "\(error.message)")
        }
    }

    @Test func entryNamesWithLineBreaksStayOnOneLine() throws {
        var archive = EPUBTestArchive.book(chapters: [("one.xhtml", EPUBTestArchive.xhtml("<p>Text.</p>"))])
        archive.add("../evil\nname.xhtml", "x")
        do {
            _ = try EPUBTestReading.read(archive)
            Issue.record("an entry leaving the book was accepted")
        } catch let error as DocumentError {
            #expect(!error.message.contains("\n") && error.message.contains(#"evil\nname"#), "\(error.message)")
        }
    }

    /// A path of a megabyte is shortened, keeping the start of the path and the end of the message.
    @Test func aHugePathIsShortened() {
        let path = "/tmp/" + String(repeating: "very-long-folder-name/", count: 50_000) + "book.txt"
        do {
            _ = try PlainTextReader().read(path: path)
            Issue.record("a missing file was read")
        } catch {
            #expect(error.message.count <= 1000, "\(error.message.count) characters")
            #expect(error.message.hasPrefix("/tmp/very-long-folder-name/"), "\(error.message.prefix(60))")
            #expect(error.message.hasSuffix(": no such file") || error.message.hasSuffix(")"), "\(error.message.suffix(60))")
            #expect(error.message.contains("…"))
        }
    }
}

