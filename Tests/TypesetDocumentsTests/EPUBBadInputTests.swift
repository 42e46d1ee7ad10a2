import Foundation
import Testing
import TypesetCore
import TypesetDocuments

/// Every kind of bad book the issue lists, built in the test: a clear error naming the book and the entry,
/// never a crash, never unbounded memory; or, for malformed XHTML a reader can repair, the repaired text and
/// a warning.
@Suite struct EPUBBadInputTests {
    static let chapter = EPUBTestArchive.xhtml("<h1>One</h1><p>Some text.</p>")

    @Test func aWellFormedBookReads() throws {
        let book = try EPUBTestReading.read(.book(chapters: [("one.xhtml", Self.chapter)]))
        #expect(EPUBTestReading.paragraphs(book) == ["One", "Some text."])
        #expect(book.warnings.isEmpty)
        #expect(book.metadata.title == "Test Book")
        // The same bytes read from a file give the same book.
        let path = try EPUBTestArchive.book(chapters: [("one.xhtml", Self.chapter)]).write()
        #expect(EPUBTestReading.paragraphs(try EPUBReader().read(path: path)) == ["One", "Some text."])
    }

    @Test func notAZip() throws {
        for bytes in [Array("This is a plain text file, not an EPUB.\n".utf8), [], [0x50, 0x4B, 0x03, 0x04, 0, 0, 0]] as [[UInt8]] {
            do {
                _ = try EPUBReader().read(bytes: bytes, name: "notes.epub")
                Issue.record("a non-ZIP file was read")
            } catch {
                #expect(error.code == .malformed)
                #expect(error.message.hasPrefix("notes.epub: "))
                #expect(error.message.contains("ZIP"), "\(error.message)")
            }
        }
        // And from a path: the same error, and a missing file is not found (as for a text file).
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("typeset-epub-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("plain.epub").path
        try Data("just text".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: DocumentError.self) { try EPUBReader().read(path: path) }
        do { _ = try EPUBReader().read(path: directory.appendingPathComponent("missing.epub").path) } catch {
            #expect(error.code == .notFound)
            #expect(error.message.hasSuffix("missing.epub: no such file"), "\(error.message)")
        }
    }

    @Test func noContainer() throws {
        var archive = EPUBTestArchive()
        archive.add("mimetype", "application/epub+zip", stored: true)
        archive.add("OEBPS/content.opf", "<package/>")
        try EPUBTestReading.expectFailure(archive, code: .malformed, mentions: ["META-INF/container.xml", "missing"])
    }

    @Test func containerWithoutRootfile() throws {
        var archive = EPUBTestArchive()
        archive.add("META-INF/container.xml", "<container xmlns=\"urn:oasis:names:tc:opendocument:xmlns:container\"><rootfiles/></container>")
        try EPUBTestReading.expectFailure(archive, code: .malformed, mentions: ["META-INF/container.xml", "package"])
    }

    @Test func missingPackageDocument() throws {
        var archive = EPUBTestArchive.book(chapters: [("one.xhtml", Self.chapter)])
        archive.entries.removeAll { $0.name == "OEBPS/content.opf" }
        try EPUBTestReading.expectFailure(archive, code: .malformed, mentions: ["OEBPS/content.opf", "missing"])
    }

    @Test func unreadablePackageDocument() throws {
        var archive = EPUBTestArchive.book(chapters: [("one.xhtml", Self.chapter)])
        archive.entries.removeAll { $0.name == "OEBPS/content.opf" }
        archive.add("OEBPS/content.opf", bytes: [0x00, 0xFF, 0xFE, 0x13, 0x37])
        try EPUBTestReading.expectFailure(archive, code: .malformed, mentions: ["OEBPS/content.opf"])
    }

    @Test func spineItemNotInManifest() throws {
        var archive = EPUBTestArchive.book(chapters: [("one.xhtml", Self.chapter)])
        let opf = try #require(archive.entries.first { $0.name == "OEBPS/content.opf" })
        let text = String(decoding: opf.bytes, as: UTF8.self).replacingOccurrences(of: "<itemref idref=\"c0\"/>", with: "<itemref idref=\"c0\"/><itemref idref=\"ghost\"/>")
        archive.entries.removeAll { $0.name == "OEBPS/content.opf" }
        archive.add("OEBPS/content.opf", text)
        try EPUBTestReading.expectFailure(archive, code: .malformed, mentions: ["\"ghost\"", "manifest"])
    }

    @Test func missingSpineItem() throws {
        var archive = EPUBTestArchive.book(chapters: [("one.xhtml", Self.chapter), ("two.xhtml", Self.chapter)])
        archive.entries.removeAll { $0.name == "OEBPS/two.xhtml" }
        try EPUBTestReading.expectFailure(archive, code: .malformed, mentions: ["OEBPS/two.xhtml", "missing"])
    }

    @Test func malformedXHTMLIsRecoveredWithAWarning() throws {
        let broken = """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>x</title></head>
            <body><p>First <b>bold paragraph.</p>
            <p>Second paragraph & more</p>
            <p>Third
            """
        let book = try EPUBTestReading.read(.book(chapters: [("broken.xhtml", broken)]))
        let text = EPUBTestReading.paragraphs(book).joined(separator: "|")
        #expect(text.contains("First bold paragraph."))
        #expect(text.contains("Second paragraph"))
        #expect(book.warnings.count == 1)
        let warning = try #require(book.warnings.first)
        #expect(warning.contains("test.epub") && warning.contains("OEBPS/broken.xhtml") && warning.contains("line 3"), "\(warning)")
    }

    @Test func unrecoverableXHTMLIsAnError() throws {
        for content in ["", "\u{0}\u{1}\u{2} binary", "just some text, no markup at all"] {
            let archive = EPUBTestArchive.book(chapters: [("one.xhtml", Self.chapter), ("bad.xhtml", content)])
            try EPUBTestReading.expectFailure(archive, code: .malformed, mentions: ["OEBPS/bad.xhtml", "not well-formed"])
        }
    }

    /// An external entity is never fetched: neither a local file nor the network, neither in the document nor
    /// through an external DTD.
    @Test func externalEntitiesAreNeverLoaded() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("typeset-xxe-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let secret = directory.appendingPathComponent("secret.txt")
        try Data("TOP-SECRET-CONTENT".utf8).write(to: secret)
        let dtd = directory.appendingPathComponent("evil.dtd")
        try Data("<!ENTITY leak SYSTEM \"file://\(secret.path)\">".utf8).write(to: dtd)
        let documents = [
            EPUBTestArchive.xhtml("<p>before &xxe; after</p>",
                                  doctype: "<!DOCTYPE html [<!ENTITY xxe SYSTEM \"file://\(secret.path)\">]>"),
            EPUBTestArchive.xhtml("<p>before &net; after</p>",
                                  doctype: "<!DOCTYPE html [<!ENTITY net SYSTEM \"http://127.0.0.1:9/typeset-xxe\">]>"),
            EPUBTestArchive.xhtml("<p>before &leak; after</p>",
                                  doctype: "<!DOCTYPE html SYSTEM \"file://\(dtd.path)\">"),
            EPUBTestArchive.xhtml("<p>before after</p>",
                                  doctype: "<!DOCTYPE html [<!ENTITY % remote SYSTEM \"file://\(dtd.path)\"> %remote;]>"),
        ]
        for document in documents {
            let book = try EPUBTestReading.read(.book(chapters: [("xxe.xhtml", document)]))
            let text = book.text.string(in: 0..<book.text.length)
            #expect(!text.contains("TOP-SECRET"), "\(text.debugDescription)")
            #expect(text.contains("before") && text.contains("after"))
        }
    }

    /// "Billion laughs": nested internal entities are never expanded, so the text stays tiny and parsing fast.
    @Test func billionLaughsIsNotExpanded() throws {
        var declarations = "<!ENTITY lol0 \"lol\">"
        for level in 1...9 {
            declarations += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        let document = EPUBTestArchive.xhtml("<p>Laugh: &lol9;</p><p>The end.</p>", doctype: "<!DOCTYPE html [\(declarations)]>")
        let start = Date()
        let book = try EPUBTestReading.read(.book(chapters: [("laughs.xhtml", document)]))
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(book.text.length < 200)
        #expect(EPUBTestReading.paragraphs(book).first == "Laugh:")
        // libxml2 stops at the reference ("entity reference loop"): what came before is kept, with a warning.
        #expect(book.warnings.contains { $0.contains("OEBPS/laughs.xhtml") && $0.contains("entity") }, "\(book.warnings)")
        #expect(!book.text.string(in: 0..<book.text.length).contains("lollol"))
    }

    @Test func entryNamesThatLeaveTheBook() throws {
        for name in ["../evil.xhtml", "OEBPS/../../evil.xhtml", "/etc/evil.xhtml", "C:\\evil.xhtml", "OEBPS\\..\\..\\evil.xhtml"] {
            var archive = EPUBTestArchive.book(chapters: [("one.xhtml", Self.chapter)])
            archive.add(name, Self.chapter)
            try EPUBTestReading.expectFailure(archive, code: .malformed, mentions: ["\"\(name)\"", "inside"])
        }
    }

    /// An href that climbs above the root stays at the root, as the URL standard resolves it against EPUB 3.3's
    /// container root URL (ocf-url_link-leaking-relative): never a path outside the book.
    @Test func manifestHrefsThatClimbAboveTheRootStayInside() throws {
        var archive = EPUBTestArchive.book(chapters: [("../../../outside.xhtml", Self.chapter)])
        let index = try #require(archive.entries.firstIndex { $0.name.hasSuffix("outside.xhtml") })
        try EPUBTestReading.expectFailure(archive, code: .malformed, mentions: ["../../../outside.xhtml", "has a \"..\" component"])
        archive.entries[index].name = "outside.xhtml"
        let book = try EPUBTestReading.read(archive)
        #expect(book.spine.map(\.href) == ["outside.xhtml"])
    }

    /// 8 MB of zeros deflate to about 8 KB: refused by the ratio before anything is inflated.
    @Test func compressionBombIsRefusedByRatio() throws {
        let bomb = EPUBTestArchive.Entry(name: "OEBPS/bomb.xhtml", bytes: [UInt8](repeating: 0x20, count: 8 << 20))
        var archive = EPUBTestArchive.book(chapters: [("one.xhtml", Self.chapter)])
        archive.entries.append(bomb)
        let bytes = try archive.bytes()
        // Harmless while nothing reads it.
        #expect(throws: Never.self) { try EPUBReader().read(bytes: bytes, name: "bad.epub") }
        // A spine item that is a bomb.
        let spineBomb = EPUBTestArchive.book(chapters: [("one.xhtml", Self.chapter), ("bomb.xhtml", "")])
        var withBomb = spineBomb
        withBomb.entries.removeAll { $0.name == "OEBPS/bomb.xhtml" }
        withBomb.entries.append(bomb)
        try EPUBTestReading.expectFailure(withBomb, code: .tooLarge, mentions: ["OEBPS/bomb.xhtml", "inflates"])
    }

    @Test func entryLargerThanTheLimit() throws {
        var options = EPUBReader.Options()
        options.limits.maximumEntrySize = 64 << 10
        let big = EPUBTestArchive.xhtml("<p>" + String(repeating: "word ", count: 30_000) + "</p>")
        try EPUBTestReading.expectFailure(.book(chapters: [("big.xhtml", big)]), code: .tooLarge,
                                          mentions: ["OEBPS/big.xhtml", "65536"], options: options)
    }

    /// A header that lies about the uncompressed size: reading stops at the bound anyway.
    @Test func lyingSizeInTheHeaderIsStillBounded() throws {
        var options = EPUBReader.Options()
        options.limits.maximumEntrySize = 1 << 20
        let payload = EPUBTestArchive.xhtml("<p>" + String(repeating: "x", count: 4 << 20) + "</p>")
        var bytes = try EPUBTestArchive.book(chapters: [("liar.xhtml", payload)]).bytes()
        let patched = try #require(Self.patchUncompressedSize(of: "OEBPS/liar.xhtml", in: &bytes, to: 1000))
        #expect(patched == 2)  // local header and central directory
        do {
            _ = try EPUBReader(options: options).read(bytes: bytes, name: "bad.epub")
            Issue.record("a 4 MB entry that claims 1000 bytes was read")
        } catch {
            #expect(error.code == .tooLarge || error.code == .malformed, "\(error.message)")
            #expect(error.message.contains("OEBPS/liar.xhtml"), "\(error.message)")
        }
    }

    @Test func totalSizeIsBounded() throws {
        var options = EPUBReader.Options()
        options.limits.maximumTotalSize = 200 << 10
        let chapter = EPUBTestArchive.xhtml("<p>" + String(repeating: "words and more words ", count: 3000) + "</p>")
        let chapters = (0..<8).map { ("c\($0).xhtml", chapter) }
        try EPUBTestReading.expectFailure(.book(chapters: chapters), code: .tooLarge, mentions: ["OEBPS/c", "204800"], options: options)
    }

    @Test func tooManyEntries() throws {
        var options = EPUBReader.Options()
        options.limits.maximumEntryCount = 50
        var archive = EPUBTestArchive.book(chapters: [("one.xhtml", Self.chapter)])
        for index in 0..<60 { archive.add("OEBPS/filler-\(index).txt", "x") }
        try EPUBTestReading.expectFailure(archive, code: .tooLarge, mentions: ["entries"], options: options)
    }

    @Test func drmEncryptedBookIsRefused() throws {
        let encryption = """
            <encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
              <enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/>
                <enc:CipherData><enc:CipherReference URI="OEBPS/one.xhtml"/></enc:CipherData></enc:EncryptedData>
            </encryption>
            """
        var archive = EPUBTestArchive.book(chapters: [("one.xhtml", Self.chapter)])
        archive.add("META-INF/encryption.xml", encryption)
        try EPUBTestReading.expectFailure(archive, code: .unsupported, mentions: ["OEBPS/one.xhtml", "DRM"])
        // Font obfuscation is not DRM.
        var fonts = EPUBTestArchive.book(chapters: [("one.xhtml", Self.chapter)])
        fonts.add("META-INF/encryption.xml", encryption.replacingOccurrences(of: "http://www.w3.org/2001/04/xmlenc#aes128-cbc", with: "http://www.idpf.org/2008/embedding"))
        #expect(throws: Never.self) { try EPUBTestReading.read(fonts) }
    }

    /// Sets the uncompressed size of `name` in its local header and central directory entry; returns how many
    /// headers were patched.
    static func patchUncompressedSize(of name: String, in bytes: inout [UInt8], to size: UInt32) -> Int? {
        let nameBytes = Array(name.utf8)
        var patched = 0
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func write32(_ value: UInt32, at: Int) {
            for k in 0..<4 { bytes[at + k] = UInt8(value >> (8 * UInt32(k)) & 0xFF) }
        }
        var i = 0
        while i + 46 < bytes.count {
            if bytes[i] == 0x50, bytes[i + 1] == 0x4B, bytes[i + 2] == 0x03, bytes[i + 3] == 0x04 {
                let nameLength = u16(i + 26)
                if i + 30 + nameLength <= bytes.count, Array(bytes[(i + 30)..<(i + 30 + nameLength)]) == nameBytes {
                    write32(size, at: i + 22); patched += 1
                }
            } else if bytes[i] == 0x50, bytes[i + 1] == 0x4B, bytes[i + 2] == 0x01, bytes[i + 3] == 0x02 {
                let nameLength = u16(i + 28)
                if i + 46 + nameLength <= bytes.count, Array(bytes[(i + 46)..<(i + 46 + nameLength)]) == nameBytes {
                    write32(size, at: i + 24); patched += 1
                }
            }
            i += 1
        }
        return patched == 0 ? nil : patched
    }
}
