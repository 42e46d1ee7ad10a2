import Foundation
import Testing
import TypesetCore
@testable import TypesetDocuments
import TypesetTestSupport

/// Where an image's bytes come from: `data:` URLs, manifest fallbacks for foreign images, HTML's `<picture>` and
/// `<object>` fallbacks, AVIF and JPEG XL headers, and the document CSS an inline `<svg>` is given.
@Suite struct EPUBImageSourceTests {
    static func entry(_ name: String, _ bytes: [UInt8]) -> EPUBTestArchive.Entry { EPUBImageTests.entry(name, bytes) }

    /// The render tests' fixtures (40 × 30 pixels).
    static func fixture(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.repositoryRoot + "/Tests/TypesetRenderTests/Images/" + name)))
    }

    /// Base64 (of a PNG header, wrapped over lines as books do) and percent-encoded (an SVG) `data:` URLs are
    /// images of their own, served by the loader; broken ones keep their text and warn once each.
    @Test func dataURLImagesAreDecodedAndServed() throws {
        let png = EPUBImageTests.pngHeader(width: 30, height: 20)
        var base64 = Data(png).base64EncodedString()
        base64.insert(contentsOf: "\n  ", at: base64.index(base64.startIndex, offsetBy: 10))
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="12" height="8"><rect width="12" height="8"/></svg>"#
        let percent = svg.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let book = try EPUBTestReading.read(.book(chapters: [("c.xhtml", EPUBTestArchive.xhtml("""
            <p>A <img src="data:image/png;base64,\(base64)" alt="png"/> B <img src="DATA:image/svg+xml,\(percent)"/>
            C <img src="data:image/png;base64,%%%" alt="broken"/> D <img src="data:image/png;base64" alt="no comma"/> E.</p>
            """))]))
        let found = EPUBImageTests.attachments(book)
        #expect(found.count == 4)
        #expect(found[0].attachment.source == "OEBPS/c.xhtml#data-1")
        #expect(found[0].attachment.intrinsicSize == Size(width: 30, height: 20))
        #expect(found[1].attachment.source == "OEBPS/c.xhtml#data-2")
        #expect(found[1].attachment.intrinsicSize == Size(width: 12, height: 8))
        #expect(found[2].attachment.source == nil && found[2].attachment.altText == "broken")
        #expect(found[3].attachment.source == nil)
        let loader = try #require(book.publication.resourceLoader)
        #expect(try loader.bytes(of: "OEBPS/c.xhtml#data-1", maximumSize: 1 << 20) == png)
        #expect(try loader.bytes(of: "OEBPS/c.xhtml#data-2", maximumSize: 1 << 20) == Array(svg.utf8))
        #expect(EPUBTestReading.paragraphs(book) == ["A \u{FFFC} B \u{FFFC} C \u{FFFC} D \u{FFFC} E."])
        #expect(book.warnings.filter { $0.contains("data: URL") }.count == 2)
        #expect(book.warnings.allSatisfy { !$0.contains("\n") })
    }

    /// The decoder on its own: padding optional, URL-safe alphabet, escapes inside base64, and every refusal.
    @Test func dataURLDecoding() throws {
        #expect(try DataURL("data:,A%20b").bytes == Array("A b".utf8))
        #expect(try DataURL("data:text/plain;base64,SGk=").bytes == Array("Hi".utf8))
        #expect(try DataURL("data:;base64,SGk").bytes == Array("Hi".utf8))
        #expect(try DataURL("data:image/png;base64,_-8%3D").bytes == [0xFF, 0xEF])
        #expect(try DataURL(" data:image/PNG;base64,SGk=").mediaType == "image/png")
        #expect(throws: DataURL.Problem.malformed) { try DataURL("data:image/png;base64") }
        #expect(throws: DataURL.Problem.badBase64) { try DataURL("data:;base64,S") }
        #expect(throws: DataURL.Problem.badBase64) { try DataURL("data:;base64,SGk=SGk=") }
        #expect(throws: DataURL.Problem.badBase64) { try DataURL("data:;base64,SG*k") }
        #expect(throws: DataURL.Problem.badPercentEncoding) { try DataURL("data:,%4") }
        let huge = "data:;base64," + String(repeating: "A", count: (DataURL.maximumByteCount / 3 + 2) * 4)
        #expect(throws: DataURL.Problem.tooLarge) { try DataURL(huge) }
        #expect(DataURL.isDataURL("  Data:x") && !DataURL.isDataURL("images/data:x.png"))
    }

    /// A foreign image (PSD, TIFF) follows its manifest fallback chain to an image Typeset draws, past a missing
    /// entry and around a loop; one with no usable fallback stays itself (a placeholder). A `<picture>` takes its
    /// first drawable `<source>`, an `<object>` of an image type is that image, and one of another type shows
    /// its fallback content.
    @Test func foreignImagesTakeTheirFallbacks() throws {
        let png = EPUBImageTests.pngHeader(width: 30, height: 20)
        let book = try EPUBTestReading.read(.book(chapters: [("c.xhtml", EPUBTestArchive.xhtml("""
            <p><img src="a.psd" alt="one"/></p>
            <p><img src="b.tiff" alt="two"/></p>
            <p><img src="loop.psd" alt="three"/></p>
            <p><picture><source srcset="x.heic" type="image/heic"/><source srcset="p.png 1x, q.png 2x" type="image/png"/><img src="a.psd" alt="four"/></picture></p>
            <p><picture><source srcset="p.png" media="print"/><img src="q.png" alt="five"/></picture></p>
            <p><object data="p.png" type="image/png">Six</object></p>
            <p><object data="movie.mp4" type="video/mp4">The fallback text.</object></p>
            """))], extraManifest: """
            <item id="psd" href="a.psd" media-type="image/vnd.adobe.photoshop" fallback="gone"/>
            <item id="gone" href="gone.png" media-type="image/png" fallback="png"/>
            <item id="png" href="p.png" media-type="image/png"/>
            <item id="q" href="q.png" media-type="image/png"/>
            <item id="tiff" href="b.tiff" media-type="image/tiff"/>
            <item id="l1" href="loop.psd" media-type="image/psd" fallback="l2"/>
            <item id="l2" href="loop.tiff" media-type="image/tiff" fallback="l1"/>
            """, extraEntries: [Self.entry("a.psd", Array("8BPS".utf8)), Self.entry("b.tiff", Array("II*".utf8)),
                                Self.entry("loop.psd", Array("8BPS".utf8)), Self.entry("loop.tiff", Array("II*".utf8)),
                                Self.entry("p.png", png), Self.entry("q.png", png)]))
        let sources = EPUBImageTests.attachments(book).map(\.attachment.source)
        #expect(sources == ["OEBPS/p.png", "OEBPS/b.tiff", "OEBPS/loop.psd", "OEBPS/p.png", "OEBPS/q.png", "OEBPS/p.png"])
        #expect(EPUBImageTests.attachments(book)[0].attachment.intrinsicSize == Size(width: 30, height: 20))
        let paragraphs = EPUBTestReading.paragraphs(book)
        #expect(paragraphs.last == "The fallback text." && !paragraphs.contains("Six"))
    }

    /// AVIF (the primary item's `ispe`) and JPEG XL (bare codestream and ISO container) give their sizes from their
    /// headers, as the other formats do.
    @Test(arguments: ["square.avif", "square.jxl", "square-container.jxl"])
    func avifAndJPEGXLHeadersGiveTheirSizes(_ name: String) throws {
        let book = try EPUBTestReading.read(.book(chapters: [("c.xhtml", EPUBTestArchive.xhtml("<p><img src=\"\(name)\"/></p>"))],
                                                  extraEntries: [Self.entry(name, try Self.fixture(name))]))
        #expect(EPUBImageTests.attachments(book).first?.attachment.intrinsicSize == Size(width: 40, height: 30))
        #expect(book.warnings.isEmpty, "\(book.warnings)")
    }

    /// JPEG XL size headers of every form: small (multiples of 8), a ratio code, and each field width.
    @Test func jpegXLSizeHeaders() {
        // Bits least significant first: small=1, height (5 bits: 8·(n+1)), ratio (3 bits), width (5 bits).
        func header(_ bits: [(value: Int, count: Int)]) -> [UInt8] {
            var bytes: [UInt8] = [0xFF, 0x0A], bit = 0
            for (value, count) in bits {
                for shift in 0..<count {
                    if bit % 8 == 0 { bytes.append(0) }
                    bytes[bytes.count - 1] |= UInt8((value >> shift) & 1) << UInt8(bit % 8)
                    bit += 1
                }
            }
            return bytes + [0, 0, 0, 0]
        }
        #expect(ImageHeader.pixelSize(header([(1, 1), (3, 5), (0, 3), (7, 5)])) == Size(width: 64, height: 32))
        #expect(ImageHeader.pixelSize(header([(1, 1), (3, 5), (5, 3)])) == Size(width: 56, height: 32))  // 16:9
        // Not small: a 2-bit selector and 9, 13, 18 or 30 bits of (side - 1).
        #expect(ImageHeader.pixelSize(header([(0, 1), (1, 2), (1079, 13), (0, 3), (3, 2), (1919, 30)])) == Size(width: 1920, height: 1080))
        #expect(ImageHeader.pixelSize([0xFF, 0x0A]) == nil)
    }

    /// An SVG file of the book is served with the images it refers to inside the book written in as `data:` URLs
    /// (librsvg resolves nothing itself); a reference to itself, to a file URL, or to a file the book lacks is
    /// left as it is, and so unresolved.
    @Test func svgFilesAreGivenTheBooksImagesTheyReferTo() throws {
        let png = EPUBImageTests.pngHeader(width: 30, height: 20)
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 60 40">
            <image xlink:href="../images/p.png" width="30" height="20"/><image href="c.svg"/><image href="file:///etc/hostname"/>
            <image href="missing.png"/></svg>
            """
        let book = try EPUBTestReading.read(.book(chapters: [("c.xhtml", EPUBTestArchive.xhtml("<p><img src=\"art/c.svg\"/></p>"))],
                                                  extraEntries: [Self.entry("art/c.svg", Array(svg.utf8)), Self.entry("images/p.png", png)]))
        let loader = try #require(book.publication.resourceLoader)
        let served = String(decoding: try loader.bytes(of: "OEBPS/art/c.svg", maximumSize: 1 << 20), as: UTF8.self)
        #expect(served.contains("xlink:href=\"data:image/png;base64,\(Data(png).base64EncodedString())\""))
        #expect(served.contains("href=\"c.svg\"") && served.contains("href=\"file:///etc/hostname\"") && served.contains("href=\"missing.png\""))
        // Within the caller's budget: an image that does not fit is left out, the drawing still served.
        let small = try loader.bytes(of: "OEBPS/art/c.svg", maximumSize: svg.utf8.count + 8)
        #expect(small == Array(svg.utf8))
    }

    /// Every element naming an image gets its own copy of its `data:` URL, so each copy counts against the budget:
    /// 200 references to one 30 MB image made a drawing of 8 GB within a 64 MB budget. An image whose copies do not
    /// fit is left unresolved (a placeholder in the drawing); one that fits is written into every element.
    @Test func svgImagesAreCountedPerReference() throws {
        let png = EPUBImageTests.pngHeader(width: 30, height: 20) + [UInt8](repeating: 7, count: 3000)
        func book(references: Int) throws -> [UInt8] {
            let svg = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 60 40">"#
                + String(repeating: #"<image xlink:href="p.png" width="30" height="20"/>"#, count: references) + "</svg>"
            let epub = try EPUBTestReading.read(.book(chapters: [("c.xhtml", EPUBTestArchive.xhtml("<p><img src=\"c.svg\"/></p>"))],
                                                      extraEntries: [Self.entry("c.svg", Array(svg.utf8)), Self.entry("p.png", png)]))
            return try #require(epub.publication.resourceLoader).bytes(of: "OEBPS/c.svg", maximumSize: 64 << 10)
        }
        let url = "data:image/png;base64," + Data(png).base64EncodedString()
        let few = String(decoding: try book(references: 10), as: UTF8.self)
        #expect(few.components(separatedBy: url).count - 1 == 10)
        let many = try book(references: 200)
        #expect(many.count <= 64 << 10, "\(many.count) bytes")
        let inlined = String(decoding: many, as: UTF8.self).contains("data:")
        #expect(!inlined)
    }

    /// An inline drawing takes its CSS size (`style="width: 70%"`, the W3C suite's) or its `width` and `height`.
    @Test func inlineSVGsTakeTheirCSSSize() throws {
        let book = try EPUBTestReading.read(.book(chapters: [("c.xhtml", EPUBTestArchive.xhtml("""
            <p><svg xmlns="http://www.w3.org/2000/svg" style="width: 70%" viewBox="0 0 400 300"><rect width="400" height="300"/></svg></p>
            <p><svg xmlns="http://www.w3.org/2000/svg" width="120" height="90" viewBox="0 0 400 300"><rect width="400" height="300"/></svg></p>
            """))]))
        let found = EPUBImageTests.attachments(book).map(\.attachment)
        #expect(found.count == 2)
        #expect(found.first?.width == .percent(70) && found.first?.intrinsicSize == Size(width: 400, height: 300))
        #expect(found.last?.width == .points(120) && found.last?.height == .points(90))
    }

    /// An inline `<svg>` is given its document's CSS (linked and `<style>`), before its own; a document without one
    /// reads no sheet for it.
    @Test func inlineSVGsAreGivenTheirDocumentsCSS() throws {
        let body = """
            <style>.fill { fill: url(#star); }</style>
            <p><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><style>.own { stroke: red; }</style><rect class="fill own" width="10" height="10"/></svg></p>
            """
        let book = try EPUBTestReading.read(.book(chapters: [("c.xhtml", EPUBTestArchive.xhtml(body, stylesheet: true))],
                                                  css: "rect { stroke-width: 2 } /* a < b && c */"))
        let document = try #require(book.publication.resourceLoader).bytes(of: "OEBPS/c.xhtml#svg-1", maximumSize: 1 << 20)
        let text = String(decoding: document, as: UTF8.self)
        let linked = try #require(text.range(of: "rect { stroke-width: 2 } /* a &lt; b &amp;&amp; c */"))
        let inline = try #require(text.range(of: ".fill { fill: url(#star); }"))
        let own = try #require(text.range(of: ".own { stroke: red; }"))
        #expect(linked.lowerBound < inline.lowerBound && inline.lowerBound < own.lowerBound)
    }
}
