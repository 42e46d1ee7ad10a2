import Testing
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// Images of EPUBs as attachments: one U+FFFC each with its source, alt text, size from its header and its
/// presentation; covers as pages; bad images as placeholders with one warning, the text around them kept.
@Suite struct EPUBImageTests {
    /// The first 33 bytes of a PNG of `width` × `height` (signature and IHDR): all a header read needs.
    static func pngHeader(width: Int, height: Int) -> [UInt8] {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        for value in [width, height] { bytes += (0..<4).map { UInt8((value >> (8 * (3 - $0))) & 0xFF) } }
        return bytes + [8, 6, 0, 0, 0, 0, 0, 0, 0]
    }

    static func entry(_ name: String, _ bytes: [UInt8]) -> EPUBTestArchive.Entry {
        EPUBTestArchive.Entry(name: "OEBPS/" + name, bytes: bytes)
    }

    static func attachments(_ book: EPUBBook) -> [(offset: Int, attachment: TextAttachment)] {
        book.text.paragraphs.flatMap { paragraph in
            paragraph.runs.compactMap { run in
                run.style.attachment.map { (paragraph.range.lowerBound + run.range.lowerBound, $0) }
            }
        }
    }

    @Test func imagesAreOneUnitAttachmentsWithTheirSizesAndPresentation() throws {
        let book = try EPUBTestReading.read(.book(chapters: [("c.xhtml", EPUBTestArchive.xhtml("""
            <p>Before <img src="images/i.png" alt="a small picture"/> after.</p>
            <p><img src="images/big.png" alt="A big picture" style="width: 50%"/></p>
            <figure><img src="images/big.png" alt="Figure"/><figcaption>The caption.</figcaption></figure>
            <p>End.</p>
            """))], extraEntries: [Self.entry("images/i.png", Self.pngHeader(width: 30, height: 20)),
                                   Self.entry("images/big.png", Self.pngHeader(width: 1200, height: 900))]))
        let found = Self.attachments(book)
        #expect(found.count == 3)
        let units = Array(book.text.string(in: 0..<book.text.length).utf16)
        for (offset, attachment) in found {
            #expect(units[offset] == 0xFFFC)
            #expect(attachment.source?.hasPrefix("OEBPS/images/") == true)
        }
        #expect(found.map(\.attachment.presentation) == [.inline, .block, .block])
        #expect(found[0].attachment.intrinsicSize == Size(width: 30, height: 20))
        #expect(found[0].attachment.altText == "a small picture")
        #expect(found[1].attachment.intrinsicSize == Size(width: 1200, height: 900))
        #expect(found[1].attachment.width == .percent(50))
        // The text around the inline image is kept: "Before ", the image, " after."
        #expect(EPUBTestReading.paragraphs(book)[0] == "Before \u{FFFC} after.")
        // The figure's image keeps with its caption.
        let figure = try #require(book.text.paragraphs.first { $0.range.contains(found[2].offset) })
        #expect(figure.style.keepsWithNext)
        #expect(book.warnings.isEmpty)
        // The images are read through the publication's loader, within the size asked.
        let loader = try #require(book.publication.resourceLoader)
        #expect(try loader.bytes(of: "OEBPS/images/i.png", maximumSize: 1000) == Self.pngHeader(width: 30, height: 20))
        #expect(throws: ResourceError.self) { try loader.bytes(of: "OEBPS/images/big.png", maximumSize: 10) }
        #expect(throws: ResourceError.self) { try loader.bytes(of: "OEBPS/images/none.png", maximumSize: 1000) }
    }

    /// A first spine item of one image marked `linear="no"` (as many books do) is the book's first page; the OPF's
    /// cover image is named.
    @Test func aCoverIsAFullPageEvenWhenNotLinear() throws {
        var archive = EPUBTestArchive.book(chapters: [
            ("cover.xhtml", EPUBTestArchive.xhtml("<div><img src=\"cover.png\" alt=\"Cover\"/></div>")),
            ("c.xhtml", EPUBTestArchive.xhtml("<p>Chapter one.</p>")),
        ], extraManifest: "<item id=\"ci\" href=\"cover.png\" media-type=\"image/png\" properties=\"cover-image\"/>",
           extraEntries: [Self.entry("cover.png", Self.pngHeader(width: 600, height: 900))])
        // Mark the cover's itemref non-linear.
        if let index = archive.entries.firstIndex(where: { $0.name == "OEBPS/content.opf" }) {
            let opf = String(decoding: archive.entries[index].bytes, as: UTF8.self)
                .replacingOccurrences(of: "<itemref idref=\"c0\"/>", with: "<itemref idref=\"c0\" linear=\"no\"/>")
            archive.entries[index].bytes = Array(opf.utf8)
        }
        let book = try EPUBTestReading.read(archive)
        #expect(book.coverImage == "OEBPS/cover.png")
        let cover = try #require(Self.attachments(book).first)
        #expect(cover.offset == 0 && cover.attachment.presentation == .page)
        #expect(book.spine[0].range != nil)
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(book.text, settings: Fixtures.settings)
        #expect(layout.attachments(onPage: 0).count == 1)
        #expect(layout.lines(onPage: 0).count == 1)
        #expect(EPUBTestReading.paragraphs(book).last == "Chapter one.")
    }

    /// A missing image, bytes that are no image, a header declaring 50,000 × 50,000 pixels: the text around each is
    /// kept, each is an attachment of unknown or declared size (a placeholder when drawn), laid out inside the
    /// page, with one warning line each naming it.
    @Test func badImagesKeepTheirTextAndWarnOnce() throws {
        let book = try EPUBTestReading.read(.book(chapters: [("c.xhtml", EPUBTestArchive.xhtml("""
            <p>One <img src="missing.png" alt="gone"/> two <img src="text.png"/> three <img src="huge.png" alt="huge"/> four
            <img src="missing.png"/> five.</p>
            """))], extraEntries: [Self.entry("text.png", Array("hello".utf8)),
                                   Self.entry("huge.png", Self.pngHeader(width: 50_000, height: 50_000))]))
        #expect(EPUBTestReading.paragraphs(book) == ["One \u{FFFC} two \u{FFFC} three \u{FFFC} four \u{FFFC} five."])
        let found = Self.attachments(book)
        #expect(found.count == 4)
        #expect(found[0].attachment.intrinsicSize == nil && found[0].attachment.altText == "gone")
        #expect(found[1].attachment.intrinsicSize == nil)
        #expect(found[2].attachment.intrinsicSize == Size(width: 50_000, height: 50_000))
        #expect(book.warnings.filter { $0.contains("missing.png") }.count == 1)
        #expect(book.warnings.filter { $0.contains("text.png") }.count == 1)
        #expect(book.warnings.allSatisfy { !$0.contains("\n") && $0.contains("placeholder") })
        let settings = Fixtures.settings
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(book.text, settings: settings)
        for page in layout.pages.indices {
            for placed in layout.attachments(onPage: page) {
                #expect(placed.rect.width <= settings.columnWidth + 0.01 && placed.rect.height <= settings.contentRect.height + 0.01)
            }
        }
    }

    /// An inline `<svg>` drawing is an image of its own, its document served by the loader; an `<svg>` wrapping an
    /// `<image>` (the usual cover page) is that image.
    @Test func inlineSVGsAreImages() throws {
        let book = try EPUBTestReading.read(.book(chapters: [("c.xhtml", EPUBTestArchive.xhtml("""
            <p>A drawing: <svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><title>Box</title><rect width="40" height="30" fill="red"/></svg></p>
            <div><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 600 900"><image xlink:href="p.png" width="600" height="900"/></svg></div>
            """))], extraEntries: [Self.entry("p.png", Self.pngHeader(width: 600, height: 900))]))
        let found = Self.attachments(book)
        #expect(found.count == 2)
        #expect(found[0].attachment.source == "OEBPS/c.xhtml#svg-1")
        #expect(found[0].attachment.altText == "Box")
        #expect(found[0].attachment.intrinsicSize == Size(width: 40, height: 30))
        #expect(found[1].attachment.source == "OEBPS/p.png")
        let document = try #require(book.publication.resourceLoader).bytes(of: "OEBPS/c.xhtml#svg-1", maximumSize: 1 << 20)
        let text = String(decoding: document, as: UTF8.self)
        #expect(text.hasPrefix("<?xml") && text.contains("<rect") && !text.contains("A drawing"))
    }
}
