import Foundation
import Testing
import TypesetCore
@testable import TypesetDocuments
import TypesetTestSupport

/// A book's own fonts: `@font-face` with TrueType, OpenType, WOFF and WOFF2, obfuscated by the IDPF and Adobe
/// algorithms, matched by family, weight and style, scoped to their book, and given way to when the reader chose a
/// font or publisher styles are off. The test fonts (`Tests/Fixtures/fonts`, made by `make-test-fonts.py`) draw
/// every character as a box 1 em wide (the bold face 1.2 em, the italic 0.8 em), so widths tell the faces apart.
@Suite struct EmbeddedFontTests {
    static let identifier = "urn:uuid:12345678-1234-4234-9234-123456789abc"
    static let fontsDirectory = Fixtures.repositoryRoot + "/Tests/Fixtures/fonts/"

    static func font(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: fontsDirectory + name)))
    }

    /// A book whose body text is in family "Book Face" served by `faces` (file name, weight, style), with the
    /// fonts and `encryption.xml` (for the given obfuscations, file name → algorithm URI) in the archive.
    static func book(faces: [(file: String, weight: Int, style: String)], obfuscated: [String: String] = [:],
                     body: String = "<p>abcd efgh</p><p><b>abcd</b></p><p><i>abcd</i></p>",
                     publisherStyles: Bool = true, identifier: String = identifier) throws -> EPUBBook {
        var css = ""
        var entries: [ZipWriter.Entry] = []
        var manifest = ""
        for (index, face) in faces.enumerated() {
            css += "@font-face { font-family: \"Book Face\"; font-weight: \(face.weight); font-style: \(face.style); src: local(Nothing), url(fonts/\(face.file)) }\n"
            entries.append(ZipWriter.Entry(name: "OEBPS/fonts/" + face.file, bytes: try font(face.file)))
            manifest += "<item id=\"f\(index)\" href=\"fonts/\(face.file)\" media-type=\"font/ttf\"/>"
        }
        css += "body { font-family: 'Book Face', serif }"
        if !obfuscated.isEmpty {
            var xml = "<?xml version=\"1.0\"?><encryption xmlns=\"urn:oasis:names:tc:opendocument:xmlns:container\">"
            for (file, algorithm) in obfuscated {
                xml += "<EncryptedData xmlns=\"http://www.w3.org/2001/04/xmlenc#\"><EncryptionMethod Algorithm=\"\(algorithm)\"/>"
                    + "<CipherData><CipherReference URI=\"OEBPS/fonts/\(file)\"/></CipherData></EncryptedData>"
            }
            entries.append(ZipWriter.Entry(name: "META-INF/encryption.xml", bytes: Array((xml + "</encryption>").utf8)))
        }
        var options = EPUBReader.Options()
        options.publisherStyles = publisherStyles
        let bytes = try ZipWriter.epub(body: body, css: css, identifier: identifier, manifestItems: manifest, extraEntries: entries)
        return try EPUBReader(options: options).read(bytes: bytes, name: "fonts.epub")
    }

    /// Ems per character of each paragraph's first line, and the faces' file names, laid out with the bundled
    /// fonts for everything else.
    static func widths(_ book: EPUBBook, readerSetsFont: Bool = false) throws -> (ems: [Double], faces: [String]) {
        var settings = Fixtures.settings
        if !readerSetsFont { settings.userSet = [] }
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(book.text, settings: settings)
        var ems: [Double] = []
        var faces: [String] = []
        let runs = layout.pages.indices.flatMap { layout.glyphRuns(onPage: $0) }
        for paragraph in book.text.paragraphs {
            // The advance of the paragraph's first glyph, in ems of its size.
            guard let run = runs.first(where: { $0.range.contains(paragraph.contentDocumentRange.lowerBound) }),
                  let advance = run.advances.first else { continue }
            ems.append(advance / run.size)
            faces.append(run.face.path)
        }
        return (ems, faces)
    }

    @Test func everyFormatLoadsAndIsUsed() throws {
        for file in ["test-regular.ttf", "test-regular.otf", "test-regular.woff", "test-regular.meta.woff", "test-regular.woff2"] {
            let book = try Self.book(faces: [(file, 400, "normal")])
            #expect(book.warnings.isEmpty, "\(file): \(book.warnings)")
            let fonts = try #require(book.text.fonts, "\(file) was not loaded")
            #expect(fonts.faces.count == 1 && fonts.families == ["book face"])
            let (ems, faces) = try Self.widths(book)
            #expect(abs(ems[0] - 1) < 0.01, "\(file): \(ems[0]) em per character")
            #expect(faces[0].hasPrefix("embedded:fonts.epub: OEBPS/fonts/"))
        }
    }

    /// Faces are matched by weight and style; a style or weight the book lacks falls to the nearest face it has.
    @Test func facesAreMatchedByWeightAndStyle() throws {
        let book = try Self.book(faces: [("test-regular.ttf", 400, "normal"), ("test-bold.ttf", 700, "normal"),
                                         ("test-italic.ttf", 400, "italic")])
        let (ems, _) = try Self.widths(book)
        #expect(ems.count == 3)
        #expect(abs(ems[0] - 1) < 0.01 && abs(ems[1] - 1.2) < 0.01 && abs(ems[2] - 0.8) < 0.01, "\(ems)")
        let onlyRegular = try Self.widths(try Self.book(faces: [("test-regular.ttf", 400, "normal")])).ems
        #expect(onlyRegular.allSatisfy { abs($0 - 1) < 0.01 }, "\(onlyRegular)")
        let fonts = try #require(book.text.fonts)
        #expect(fonts.match(family: "BOOK FACE", weight: 600, isItalic: false) == 1)
        #expect(fonts.match(family: "book face", weight: 300, isItalic: false) == 0)
        #expect(fonts.match(family: "book face", weight: 700, isItalic: true) == 2)
        #expect(fonts.match(family: "Other", weight: 400, isItalic: false) == nil)
    }

    /// Obfuscated fonts are deobfuscated with the book's identifier, by the IDPF and the Adobe algorithm (the
    /// test files were obfuscated by Python's hashlib and uuid, not by the code under test).
    @Test func obfuscatedFontsAreDeobfuscated() throws {
        for (file, algorithm) in [("test-regular.idpf.ttf", "http://www.idpf.org/2008/embedding"),
                                  ("test-regular.adobe.ttf", "http://ns.adobe.com/pdf/enc#RC")] {
            let book = try Self.book(faces: [(file, 400, "normal")], obfuscated: [file: algorithm])
            #expect(book.warnings.isEmpty, "\(file): \(book.warnings)")
            #expect(abs(try Self.widths(book).ems[0] - 1) < 0.01)
            // The identifier is the key: white space around it does not count (IDPF), another one fails.
            let wrong = try Self.book(faces: [(file, 400, "normal")], obfuscated: [file: algorithm],
                                      identifier: "urn:uuid:87654321-1234-4234-9234-123456789abc")
            #expect(wrong.text.fonts == nil && wrong.warnings.count == 1)
            #expect(wrong.warnings[0].contains("OEBPS/fonts/\(file)") && wrong.warnings[0].contains("reader's font"))
            #expect(try Self.widths(wrong).ems[0] < 0.8, "the reader's font stands in")
        }
        let spaced = try Self.book(faces: [("test-regular.idpf.ttf", 400, "normal")],
                                   obfuscated: ["test-regular.idpf.ttf": "http://www.idpf.org/2008/embedding"],
                                   identifier: "  \(Self.identifier)\n")
        #expect(spaced.text.fonts != nil)
        // Known answers for the key derivations (FIPS 180-4's "abc", RFC 4122's layout).
        #expect(SHA1.digest(Array("abc".utf8)).map { String(format: "%02x", $0) }.joined() == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(FontObfuscation.uuidBytes("urn:uuid:00112233-4455-6677-8899-aabbccddeeff") == Array(0x00...0xFF).filter { $0 % 17 == 0 }.map(UInt8.init))
    }

    /// A style sheet or a font the manifest does not list is not used, with a warning each; listed ones are.
    @Test func unlistedSheetsAndFontsAreNotUsed() throws {
        let font = ZipWriter.Entry(name: "OEBPS/fonts/face.ttf", bytes: try Self.font("test-regular.ttf"))
        let sheet = ZipWriter.Entry(name: "OEBPS/extra.css", bytes: Array("p { font-style: italic }".utf8))
        let css = "@import 'extra.css'; @font-face { font-family: Face; src: url(fonts/face.ttf) } p { font-family: Face }"
        let unlisted = try EPUBReader().read(bytes: try ZipWriter.epub(body: "<p>Text.</p>", css: css, extraEntries: [font, sheet]), name: "u.epub")
        #expect(unlisted.warnings.contains { $0.contains("OEBPS/extra.css is not in the manifest") })
        #expect(unlisted.warnings.contains { $0.contains("OEBPS/fonts/face.ttf") && $0.contains("not in the manifest") })
        #expect(unlisted.text.fonts == nil && unlisted.text.paragraphs.allSatisfy { $0.runs.allSatisfy { !$0.style.isItalic } })
        let items = "<item id=\"f\" href=\"fonts/face.ttf\" media-type=\"font/ttf\"/><item id=\"x\" href=\"extra.css\" media-type=\"text/css\"/>"
        let listed = try EPUBReader().read(bytes: try ZipWriter.epub(body: "<p>Text.</p>", css: css, manifestItems: items, extraEntries: [font, sheet]), name: "l.epub")
        #expect(listed.warnings.isEmpty, "\(listed.warnings)")
        #expect(listed.text.fonts != nil && listed.text.paragraphs.contains { $0.runs.contains { $0.style.isItalic } })
    }

    /// A font that is not one, or missing, costs one warning and the reader's font; the text is all there.
    @Test func aBrokenFontFallsBackWithOneWarning() throws {
        let broken = ZipWriter.Entry(name: "OEBPS/fonts/broken.ttf", bytes: Array(repeating: 0x42, count: 5000))
        let css = "@font-face { font-family: Bad; src: url(fonts/broken.ttf) } @font-face { font-family: Gone; src: url(fonts/none.woff2) } p { font-family: Bad } i { font-family: Gone }"
        let bytes = try ZipWriter.epub(body: "<p>Some <i>text</i>.</p>", css: css,
                                       manifestItems: "<item id=\"f\" href=\"fonts/broken.ttf\" media-type=\"font/ttf\"/>", extraEntries: [broken])
        let book = try EPUBReader().read(bytes: bytes, name: "bad-fonts.epub")
        #expect(book.warnings.count == 2, "\(book.warnings)")
        #expect(book.warnings.contains { $0.contains("broken.ttf") && $0.contains("not a font") })
        #expect(book.warnings.contains { $0.contains("none.woff2") && $0.contains("missing") })
        #expect(book.text.fonts == nil)
        #expect(book.text.paragraphs.allSatisfy { $0.runs.allSatisfy { $0.style.fontFamily == nil } })
        #expect(book.text.paragraphs[0].contentString == "Some text.")
    }

    /// The reader's font choice replaces the book's fonts; publisher styles off drop them (the text is the same).
    @Test func theReadersFontAndPublisherStylesWin() throws {
        let faces = [(file: "test-regular.ttf", weight: 400, style: "normal")]
        let book = try Self.book(faces: faces)
        #expect(try Self.widths(book, readerSetsFont: true).ems[0] < 0.8)
        let off = try Self.book(faces: faces, publisherStyles: false)
        #expect(off.text.fonts == nil)
        #expect(try Self.widths(off).ems[0] < 0.8)
        #expect(off.text.paragraphs.map(\.units) == book.text.paragraphs.map(\.units))
    }

    /// Two books embedding different fonts under one family name, laid out with one typesetter: each gets its own.
    @Test func fontsAreScopedToTheirBook() throws {
        let regular = try Self.book(faces: [("test-regular.ttf", 400, "normal")])
        let italic = try Self.book(faces: [("test-italic.ttf", 400, "normal")])
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        var settings = Fixtures.settings
        settings.userSet = []
        let a = try typesetter.layout(regular.text, settings: settings), b = try typesetter.layout(italic.text, settings: settings)
        let widthA = try #require(a.lines(onPage: 0).first).rect.width, widthB = try #require(b.lines(onPage: 0).first).rect.width
        #expect(abs(widthA / widthB - 1.25) < 0.02, "\(widthA) vs \(widthB)")
        // And a plain text laid out after them never sees "Book Face".
        let plain = try typesetter.layout(StyledText(plain: "abcd"), settings: settings)
        #expect(!(try #require(plain.glyphRuns(onPage: 0).first).face.path.hasPrefix("embedded:")))
    }
}
