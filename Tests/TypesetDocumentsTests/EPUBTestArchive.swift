import CLibZip
import Foundation
import Testing
import TypesetDocuments
import TypesetTestSupport

/// Writes small ZIP archives with libzip for the EPUB tests: well-formed books, broken ones and hostile ones.
struct EPUBTestArchive {
    /// One entry to write.
    struct Entry {
        var name: String
        var bytes: [UInt8]
        /// Stored (the `mimetype` entry) rather than deflated.
        var stored = false
        /// Another ZIP compression method (`ZIP_CM_BZIP2`...), overriding `stored`.
        var method: Int32?
    }

    var entries: [Entry] = []

    /// Adds an entry from a string (UTF-8).
    mutating func add(_ name: String, _ text: String, stored: Bool = false) {
        entries.append(Entry(name: name, bytes: Array(text.utf8), stored: stored))
    }

    /// Adds an entry from bytes.
    mutating func add(_ name: String, bytes: [UInt8], stored: Bool = false) {
        entries.append(Entry(name: name, bytes: bytes, stored: stored))
    }

    /// The media type a manifest gives a file named `href`, by its extension.
    static func mediaType(of href: String) -> String {
        let types = ["png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
                     "svg": "image/svg+xml", "css": "text/css", "ttf": "font/ttf", "otf": "font/otf", "woff": "font/woff",
                     "woff2": "font/woff2", "xhtml": "application/xhtml+xml"]
        let ext = href.split(separator: ".").last.map { $0.lowercased() } ?? ""
        return types[ext] ?? "application/octet-stream"
    }

    /// A minimal valid EPUB 3 whose spine is `chapters` (name, XHTML body), with a nav document listing them.
    static func book(chapters: [(String, String)], title: String = "Test Book", language: String = "en",
                     extraManifest: String = "", extraEntries: [Entry] = [], spineAttributes: String = "",
                     css: String? = nil) -> EPUBTestArchive {
        var archive = EPUBTestArchive()
        archive.add("mimetype", "application/epub+zip", stored: true)
        archive.add("META-INF/container.xml", container(opf: "OEBPS/content.opf"))
        var manifest = "<item id=\"nav\" href=\"nav.xhtml\" media-type=\"application/xhtml+xml\" properties=\"nav\"/>\n"
        var spine = ""
        var navItems = ""
        for (index, (name, _)) in chapters.enumerated() {
            manifest += "<item id=\"c\(index)\" href=\"\(name)\" media-type=\"application/xhtml+xml\"/>\n"
            spine += "<itemref idref=\"c\(index)\"/>\n"
            navItems += "<li><a href=\"\(name)\">Chapter \(index + 1)</a></li>\n"
        }
        if css != nil { manifest += "<item id=\"css\" href=\"style.css\" media-type=\"text/css\"/>\n" }
        // The extra entries are the book's resources: listed, as a book must list every resource it uses.
        for (index, entry) in extraEntries.enumerated() where entry.name.hasPrefix("OEBPS/") {
            let href = String(entry.name.dropFirst("OEBPS/".count))
            guard !extraManifest.contains("href=\"\(href)\"") else { continue }
            manifest += "<item id=\"extra\(index)\" href=\"\(href)\" media-type=\"\(mediaType(of: href))\"/>\n"
        }
        archive.add("OEBPS/content.opf", """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
                <dc:identifier id="uid">urn:uuid:test</dc:identifier>
                <dc:title>\(title)</dc:title>
                <dc:creator>Test Author</dc:creator>
                <dc:language>\(language)</dc:language>
              </metadata>
              <manifest>
            \(manifest)\(extraManifest)
              </manifest>
              <spine \(spineAttributes)>
            \(spine)
              </spine>
            </package>
            """)
        archive.add("OEBPS/nav.xhtml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
            <head><title>Contents</title></head>
            <body><nav epub:type="toc"><ol>
            \(navItems)
            </ol></nav></body></html>
            """)
        for (name, body) in chapters {
            archive.add("OEBPS/" + name, body)
        }
        if let css { archive.add("OEBPS/style.css", css) }
        archive.entries.append(contentsOf: extraEntries)
        return archive
    }

    /// An XHTML document around `body` (with a link to `style.css` when `stylesheet` is set).
    static func xhtml(_ body: String, language: String = "en", stylesheet: Bool = false, doctype: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        \(doctype)
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="\(language)">
        <head><title>T</title>\(stylesheet ? "<link rel=\"stylesheet\" type=\"text/css\" href=\"style.css\"/>" : "")</head>
        <body>\(body)</body>
        </html>
        """
    }

    static func container(opf: String) -> String {
        """
        <?xml version="1.0"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
          <rootfiles><rootfile full-path="\(opf)" media-type="application/oebps-package+xml"/></rootfiles>
        </container>
        """
    }

    /// Writes the archive to a new file in a temporary folder and returns its path.
    func write(name: String = "test.epub") throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("typeset-epub-tests-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(name).path
        try ZipWriter.write(entries.map { ZipWriter.Entry(name: $0.name, bytes: $0.bytes, stored: $0.stored, method: $0.method) }, to: path)
        return path
    }

    /// Writes the archive and returns its bytes.
    func bytes() throws -> [UInt8] {
        try ZipWriter.bytes(entries.map { ZipWriter.Entry(name: $0.name, bytes: $0.bytes, stored: $0.stored, method: $0.method) })
    }
}

/// Reading helpers for the EPUB tests.
enum EPUBTestReading {
    /// Reads an archive built in the test (from memory).
    static func read(_ archive: EPUBTestArchive, options: EPUBReader.Options = EPUBReader.Options(),
                     name: String = "test.epub") throws -> EPUBBook {
        try EPUBReader(options: options).read(bytes: try archive.bytes(), name: name)
    }

    /// Expects reading to fail with `code`, and the message to contain every string of `mentions`.
    static func expectFailure(_ archive: EPUBTestArchive, code: DocumentError.Code, mentions: [String],
                              options: EPUBReader.Options = EPUBReader.Options(),
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        let bytes = try archive.bytes()
        do {
            _ = try EPUBReader(options: options).read(bytes: bytes, name: "bad.epub")
            Issue.record("reading succeeded; expected a \(code) error", sourceLocation: sourceLocation)
        } catch {
            #expect(error.code == code, "\(error.message)", sourceLocation: sourceLocation)
            for mention in mentions + ["bad.epub"] {
                #expect(error.message.contains(mention), "\"\(error.message)\" does not mention \(mention)", sourceLocation: sourceLocation)
            }
        }
    }

    /// The text of every paragraph's content, one string per paragraph.
    static func paragraphs(_ book: EPUBBook) -> [String] {
        book.text.paragraphs.map(\.contentString)
    }
}

/// Reads the entries of an existing archive with libzip, apart from the reader: what tests compare it against.
enum ZipReading {
    struct ReadError: Error, CustomStringConvertible { let description: String }

    static func entries(path: String) throws -> [String: [UInt8]] {
        var code: Int32 = 0
        guard let archive = zip_open(path, ZIP_RDONLY, &code) else { throw ReadError(description: "zip_open failed with \(code)") }
        defer { zip_discard(archive) }
        var entries: [String: [UInt8]] = [:]
        for index in 0..<UInt64(max(0, zip_get_num_entries(archive, 0))) {
            var stat = zip_stat_t()
            guard zip_stat_index(archive, index, 0, &stat) == 0, let name = stat.name,
                  let file = zip_fopen_index(archive, index, 0) else { continue }
            defer { zip_fclose(file) }
            var bytes = [UInt8](repeating: 0, count: Int(stat.size))
            let read = bytes.withUnsafeMutableBytes { zip_fread(file, $0.baseAddress, stat.size) }
            guard read == Int64(stat.size) else { continue }
            entries[String(cString: name)] = bytes
        }
        return entries
    }
}
