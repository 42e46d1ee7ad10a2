import TypesetCore
import TypesetDocuments
import TypesetRender

/// Reftests as web-platform-tests writes them: a test document and a simpler reference that must render to the
/// same pixels, both through the whole engine (an EPUB built in memory, read, laid out with the bundled fonts and
/// drawn with its images), so that a test says what a feature looks like without naming a pixel.
///
/// ```swift
/// let test = try Reftest.render(Reftest.Book(body: "<p class='x'>Text</p>", css: "@media (min-width: 1px) { .x { font-style: italic } }"))
/// let reference = try Reftest.render(Reftest.Book(body: "<p><i>Text</i></p>"))
/// #expect(Reftest.mismatch(test, reference) == nil)
/// ```
public enum Reftest {
    /// A book of one or more documents and the files beside them.
    public struct Book: Sendable {
        /// Documents in spine order: file name (under `OEBPS/`) and the whole XHTML.
        public var documents: [(name: String, xhtml: String)]
        /// Other files under `OEBPS/` (style sheets, images, fonts), by name; each is listed in the manifest.
        public var files: [(name: String, bytes: [UInt8])]
        /// The file of `files` that is the book's cover image (EPUB 3's `cover-image` property), if any.
        public var coverImage: String?

        /// A book of `documents` and `files`.
        public init(documents: [(name: String, xhtml: String)], files: [(name: String, bytes: [UInt8])] = []) {
            self.documents = documents; self.files = files
        }

        /// A book of one document whose body is `body`, with `css` as `style.css` (linked) and `head` added to its
        /// `<head>`.
        public init(body: String, css: String? = nil, head: String = "", files: [(name: String, bytes: [UInt8])] = []) {
            let link = css == nil ? "" : "<link rel=\"stylesheet\" type=\"text/css\" href=\"style.css\"/>"
            self.init(documents: [("chapter.xhtml", Reftest.document(body: body, head: link + head))],
                      files: files + (css.map { [("style.css", Array($0.utf8))] } ?? []))
        }
    }

    /// A rendered book: its pages, what the renderer could not draw, and the book as read.
    public struct Rendering: Sendable {
        public let pages: [Bitmap]
        public let imageProblems: [String]
        public let book: EPUBBook
    }

    /// The settings reftests use unless they say otherwise: a small page (240 × 320 pt, 16 pt margins), the
    /// bundled Charis SIL at 14 pt, lines 1.4 apart, a light theme at one pixel per point.
    public static var settings: ReaderSettings {
        var typography = TypographySettings()
        typography.fontFamily = "Charis SIL"
        typography.fontSize = 14
        typography.lineHeightMultiple = 1.4
        typography.pageSize = Size(width: 240, height: 320)
        typography.margins = EdgeInsets(all: 16)
        return ReaderSettings(typography: typography, appearance: Appearance(theme: .light, pixelScale: 1))
    }

    /// An XHTML document around `body`.
    public static func document(body: String, head: String = "", language: String = "en") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="\(language)" lang="\(language)">
        <head><title>Reftest</title>\(head)</head>
        <body>\(body)</body>
        </html>
        """
    }

    /// The EPUB's bytes.
    public static func archive(_ book: Book) throws -> [UInt8] {
        var manifest = "<item id=\"nav\" href=\"nav.xhtml\" media-type=\"application/xhtml+xml\" properties=\"nav\"/>\n"
        var spine = ""
        for (index, document) in book.documents.enumerated() {
            manifest += "<item id=\"d\(index)\" href=\"\(document.name)\" media-type=\"application/xhtml+xml\"/>\n"
            spine += "<itemref idref=\"d\(index)\"/>\n"
        }
        for (index, file) in book.files.enumerated() {
            let properties = file.name == book.coverImage ? " properties=\"cover-image\"" : ""
            manifest += "<item id=\"f\(index)\" href=\"\(file.name)\" media-type=\"\(mediaType(of: file.name))\"\(properties)/>\n"
        }
        let package = """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
                <dc:identifier id="uid">urn:uuid:reftest</dc:identifier><dc:title>Reftest</dc:title><dc:language>en</dc:language>
              </metadata>
              <manifest>
            \(manifest)  </manifest>
              <spine>
            \(spine)  </spine>
            </package>
            """
        let nav = document(body: "<nav epub:type=\"toc\"><ol><li><a href=\"\(book.documents.first?.name ?? "")\">Start</a></li></ol></nav>")
        var entries = ZipWriter.epubEntries(package: package, [ZipWriter.Entry(name: "OEBPS/nav.xhtml", bytes: Array(nav.utf8))])
        for document in book.documents { entries.append(ZipWriter.Entry(name: "OEBPS/" + document.name, bytes: Array(document.xhtml.utf8))) }
        for file in book.files { entries.append(ZipWriter.Entry(name: "OEBPS/" + file.name, bytes: file.bytes)) }
        return try ZipWriter.bytes(entries)
    }

    /// Reads `book` for `settings` (its media queries evaluated on their page and theme), lays it out whole with the
    /// bundled fonts and draws every page with the book's images.
    public static func render(_ book: Book, settings: ReaderSettings = Reftest.settings) throws -> Rendering {
        var options = EPUBReader.Options()
        options.publisherStyles = settings.publisherStyles
        options.media = MediaEnvironment(settings: settings)
        let read = try EPUBReader(options: options).read(bytes: try archive(book), name: "reftest.epub")
        return try render(read.publication, book: read, settings: settings)
    }

    /// Reads `book` and lays it out whole with the bundled fonts under `settings`, as ``render(_:settings:)`` does
    /// before it draws: for tests that measure lines and boxes rather than compare pixels.
    public static func layout(_ book: Book, settings: ReaderSettings = Reftest.settings) throws -> BookLayout {
        var options = EPUBReader.Options()
        options.publisherStyles = settings.publisherStyles
        options.media = MediaEnvironment(settings: settings)
        let read = try EPUBReader(options: options).read(bytes: try archive(book), name: "reftest.epub")
        return try Typesetter(fonts: try Fixtures.bundledFonts()).layout(read.publication.text, settings: settings.typography,
                                                                         mode: settings.mode)
    }

    /// Where a book of `body` styled by `css` and a reference book of `referenceBody` styled by `referenceCSS` render
    /// differently under the reftest settings; nil when they render the same.
    public static func mismatch(body: String, css: String, referenceBody: String, referenceCSS: String = "") throws -> String? {
        mismatch(try render(Book(body: body, css: css)), try render(Book(body: referenceBody, css: referenceCSS)))
    }

    /// Lays out and draws `publication` (of `book`) under `settings`.
    public static func render(_ publication: Publication, book: EPUBBook, settings: ReaderSettings = Reftest.settings) throws -> Rendering {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let layout = try typesetter.layout(publication.text, settings: settings.typography, mode: settings.mode)
        let renderer = try PageRenderer()
        var pages: [Bitmap] = []
        for page in layout.pages.indices {
            pages.append(try renderer.render(page: page, of: layout, appearance: settings.appearance,
                                             resources: publication.resourceLoader))
        }
        return Rendering(pages: pages, imageProblems: renderer.imageProblems, book: book)
    }

    /// Nil when the two renderings are the same pixels; otherwise what differs (the page count, or the first page
    /// that differs, how many pixels and the bounding box of the difference).
    public static func mismatch(_ test: Rendering, _ reference: Rendering) -> String? {
        guard test.pages.count == reference.pages.count else {
            return "the test has \(test.pages.count) pages, the reference \(reference.pages.count)"
        }
        for (index, (a, b)) in zip(test.pages, reference.pages).enumerated() {
            if let difference = mismatch(a, b) { return "page \(index + 1): \(difference)" }
        }
        return nil
    }

    /// Nil when two bitmaps are the same pixels, else how many differ and where (or that their sizes differ).
    public static func mismatch(_ a: Bitmap, _ b: Bitmap) -> String? {
        guard a != b else { return nil }
        guard a.width == b.width, a.height == b.height else { return "differs in size" }
        var count = 0, minX = a.width, minY = a.height, maxX = -1, maxY = -1
        for y in 0..<a.height {
            for x in 0..<a.width where a[x: x, y: y] != b[x: x, y: y] {
                count += 1
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        return "\(count) pixels differ, within x \(minX)...\(maxX), y \(minY)...\(maxY)"
    }

    /// Whether page `index` of `rendering` has any pixel other than the page's background: ink.
    public static func inkPixels(_ rendering: Rendering, page index: Int, background: Color = Theme.light.background) -> Int {
        guard index < rendering.pages.count else { return 0 }
        let page = rendering.pages[index]
        var count = 0
        for y in 0..<page.height { for x in 0..<page.width where page[x: x, y: y] != background { count += 1 } }
        return count
    }

    private static func mediaType(of name: String) -> String {
        let types = ["png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "svg": "image/svg+xml",
                     "css": "text/css", "ttf": "font/ttf", "otf": "font/otf", "woff": "font/woff", "woff2": "font/woff2",
                     "xhtml": "application/xhtml+xml"]
        return types[name.split(separator: ".").last.map { $0.lowercased() } ?? ""] ?? "application/octet-stream"
    }
}
