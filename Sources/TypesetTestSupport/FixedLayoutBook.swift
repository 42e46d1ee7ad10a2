/// Fixed-layout EPUB 3 books made in memory for tests: pages with their viewport `<meta>`, the package's
/// `rendition:layout` and `rendition:spread`, and itemref `properties`.
public enum FixedLayoutBook {
    /// One page: its viewport (nil for none), its body, and its itemref's `properties`.
    public struct Page: Sendable {
        public var viewport: (width: Int, height: Int)?
        public var body: String
        public var properties: String
        /// The viewport `<meta>`'s `content` as written, overriding ``viewport``.
        public var viewportContent: String?

        public init(viewport: (width: Int, height: Int)?, body: String, properties: String = "", viewportContent: String? = nil) {
            self.viewport = viewport; self.body = body; self.properties = properties; self.viewportContent = viewportContent
        }
    }

    /// The EPUB's bytes: `OEBPS/pN.xhtml` (N from 1) and `style.css` (`css`), `rendition:layout` `layout` (nil: not
    /// said) and `rendition:spread` `spread`, and `metadata` (more `<meta>` elements) as written.
    public static func epub(_ pages: [Page], layout: String? = "pre-paginated", spread: String? = nil, css: String = "",
                            progression: String? = nil, metadata: String = "") throws -> [UInt8] {
        var manifest = "<item id=\"nav\" href=\"nav.xhtml\" media-type=\"application/xhtml+xml\" properties=\"nav\"/>\n"
        manifest += "<item id=\"css\" href=\"style.css\" media-type=\"text/css\"/>\n"
        var spine = ""
        var entries: [ZipWriter.Entry] = [ZipWriter.Entry(name: "OEBPS/style.css", bytes: Array(css.utf8))]
        for (index, page) in pages.enumerated() {
            let n = index + 1
            manifest += "<item id=\"p\(n)\" href=\"p\(n).xhtml\" media-type=\"application/xhtml+xml\"/>\n"
            spine += "<itemref idref=\"p\(n)\"\(page.properties.isEmpty ? "" : " properties=\"\(page.properties)\"")/>\n"
            let content = page.viewportContent ?? page.viewport.map { "width=\($0.width), height=\($0.height)" }
            let meta = content.map { "<meta name=\"viewport\" content=\"\($0)\"/>" } ?? ""
            let xhtml = """
                <?xml version="1.0" encoding="UTF-8"?>
                <html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en"><head><title>Page \(n)</title>\(meta)
                <link rel="stylesheet" type="text/css" href="style.css"/></head><body>\(page.body)</body></html>
                """
            entries.append(ZipWriter.Entry(name: "OEBPS/p\(n).xhtml", bytes: Array(xhtml.utf8)))
        }
        let metas = (layout.map { "<meta property=\"rendition:layout\">\($0)</meta>" } ?? "")
            + (spread.map { "<meta property=\"rendition:spread\">\($0)</meta>" } ?? "") + metadata
        let direction = progression.map { " page-progression-direction=\"\($0)\"" } ?? ""
        let package = """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" prefix="rendition: http://www.idpf.org/vocab/rendition/#">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
                <dc:identifier id="uid">urn:uuid:fixed</dc:identifier><dc:title>Fixed</dc:title><dc:language>en</dc:language>
                <meta property="dcterms:modified">2026-01-01T00:00:00Z</meta>\(metas)
              </metadata>
              <manifest>
            \(manifest)  </manifest>
              <spine\(direction)>
            \(spine)  </spine>
            </package>
            """
        let nav = """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Nav</title></head>
            <body><nav epub:type="toc"><ol><li><a href="p1.xhtml">Start</a></li></ol></nav></body></html>
            """
        return try ZipWriter.bytes([ZipWriter.Entry(name: "mimetype", bytes: Array("application/epub+zip".utf8), stored: true),
                                    ZipWriter.Entry(name: "META-INF/container.xml", bytes: Array("""
                                        <?xml version="1.0"?>
                                        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
                                          <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
                                        </container>
                                        """.utf8)),
                                    ZipWriter.Entry(name: "OEBPS/content.opf", bytes: Array(package.utf8)),
                                    ZipWriter.Entry(name: "OEBPS/nav.xhtml", bytes: Array(nav.utf8))] + entries)
    }
}
