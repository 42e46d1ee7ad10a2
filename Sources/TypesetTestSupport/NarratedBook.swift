/// EPUB 3 books with Media Overlays made in memory for tests: XHTML chapters, a SMIL overlay for each, the
/// package's `media:duration` and `media:active-class`.
public enum NarratedBook {
    /// One chapter: its XHTML body and its overlay's `<body>` content (nil for a chapter without narration).
    public struct Chapter: Sendable {
        public var body: String
        public var overlay: String?

        public init(body: String, overlay: String?) { self.body = body; self.overlay = overlay }
    }

    /// The EPUB's bytes: `OEBPS/chN.xhtml` and `OEBPS/chN.smil` (N from 1), the audio `OEBPS/audio/chN.mp3` (a few
    /// placeholder bytes: nothing decodes it), with `metadata` (extra `<meta>` elements) in the package; the active
    /// class's rule in `style.css`, or with `activeStyleInDocuments` in a `<style>` element of each chapter; `css`
    /// after it in `style.css`; `narratedRootClass` written on the `<html>` element of each chapter with narration.
    public static func epub(_ chapters: [Chapter], metadata: String = "", activeClass: String? = "-epub-media-overlay-active",
                            activeStyleInDocuments: Bool = false, css: String = "", narratedRootClass: String? = nil) throws -> [UInt8] {
        let activeRule = activeClass.map { ".\($0) { background-color: #ffd966; color: black }\n" } ?? ""
        var manifest = "<item id=\"nav\" href=\"nav.xhtml\" media-type=\"application/xhtml+xml\" properties=\"nav\"/>\n"
        var spine = ""
        var entries: [ZipWriter.Entry] = []
        for (index, chapter) in chapters.enumerated() {
            let n = index + 1
            let overlay = chapter.overlay == nil ? "" : " media-overlay=\"mo\(n)\""
            manifest += "<item id=\"c\(n)\" href=\"ch\(n).xhtml\" media-type=\"application/xhtml+xml\"\(overlay)/>\n"
            spine += "<itemref idref=\"c\(n)\"/>\n"
            let head = activeStyleInDocuments ? "<style>\(activeRule)</style>" : ""
            let rootClass = chapter.overlay == nil ? nil : narratedRootClass
            entries.append(ZipWriter.Entry(name: "OEBPS/ch\(n).xhtml", bytes: Array(document(chapter.body, head: head, rootClass: rootClass).utf8)))
            if let body = chapter.overlay {
                manifest += "<item id=\"mo\(n)\" href=\"ch\(n).smil\" media-type=\"application/smil+xml\"/>\n"
                manifest += "<item id=\"a\(n)\" href=\"audio/ch\(n).mp3\" media-type=\"audio/mpeg\"/>\n"
                let smil = """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <smil xmlns="http://www.w3.org/ns/SMIL" xmlns:epub="http://www.idpf.org/2007/ops" version="3.0">
                      <body>\(body)</body>
                    </smil>
                    """
                entries.append(ZipWriter.Entry(name: "OEBPS/ch\(n).smil", bytes: Array(smil.utf8)))
                entries.append(ZipWriter.Entry(name: "OEBPS/audio/ch\(n).mp3", bytes: [0xFF, 0xFB, 0x90, 0x00]))
            }
        }
        let active = activeClass.map { "<meta property=\"media:active-class\">\($0)</meta>" } ?? ""
        manifest += "<item id=\"css\" href=\"style.css\" media-type=\"text/css\"/>\n"
        let css = "p { margin: 0 0 0.5em 0 }\n" + (activeStyleInDocuments ? "" : activeRule) + css
        entries.append(ZipWriter.Entry(name: "OEBPS/style.css", bytes: Array(css.utf8)))
        let package = """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
                <dc:identifier id="uid">urn:uuid:narrated</dc:identifier><dc:title>Narrated</dc:title><dc:language>en</dc:language>
                <meta property="dcterms:modified">2026-01-01T00:00:00Z</meta>\(active)\(metadata)
              </metadata>
              <manifest>
            \(manifest)  </manifest>
              <spine>
            \(spine)  </spine>
            </package>
            """
        let nav = document("<nav xmlns:epub=\"http://www.idpf.org/2007/ops\" epub:type=\"toc\"><ol><li><a href=\"ch1.xhtml\">Start</a></li></ol></nav>")
        entries = ZipWriter.epubEntries(package: package, [ZipWriter.Entry(name: "OEBPS/nav.xhtml", bytes: Array(nav.utf8))] + entries)
        return try ZipWriter.bytes(entries)
    }

    /// A `<par>` reading `ch\(chapter).xhtml#id` from `begin` to `end` (clock values as written) of the chapter's audio.
    public static func par(chapter: Int = 1, _ id: String, _ begin: String?, _ end: String?) -> String {
        let b = begin.map { " clipBegin=\"\($0)\"" } ?? "", e = end.map { " clipEnd=\"\($0)\"" } ?? ""
        return "<par><text src=\"ch\(chapter).xhtml#\(id)\"/><audio src=\"audio/ch\(chapter).mp3\"\(b)\(e)/></par>"
    }

    static func document(_ body: String, head: String = "", rootClass: String? = nil) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en"\(rootClass.map { " class=\"\($0)\"" } ?? "")><head><title>Narrated</title>
        <link rel="stylesheet" type="text/css" href="style.css"/>\(head)</head>
        <body>\(body)</body></html>
        """
    }
}
