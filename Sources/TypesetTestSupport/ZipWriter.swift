import CLibZip
import Foundation

/// Writes ZIP archives with libzip: the EPUBs the tests and the benchmark build (well-formed books, broken ones,
/// hostile ones).
public enum ZipWriter {
    /// One entry to write.
    public struct Entry: Sendable {
        public var name: String
        public var bytes: [UInt8]
        /// Stored (the `mimetype` entry) rather than deflated.
        public var stored: Bool
        /// Another ZIP compression method (`ZIP_CM_BZIP2`...), overriding `stored`: archives EPUB does not allow.
        public var method: Int32?

        public init(name: String, bytes: [UInt8], stored: Bool = false, method: Int32? = nil) {
            self.name = name; self.bytes = bytes; self.stored = stored; self.method = method
        }
    }

    /// What went wrong writing.
    public struct WriteError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes `entries`, in order, to a new archive at `path` (replacing any file there).
    public static func write(_ entries: [Entry], to path: String) throws {
        var code: Int32 = 0
        guard let archive = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &code) else {
            throw WriteError(description: "zip_open failed with \(code)")
        }
        // libzip reads the buffers at zip_close, so they must live until then.
        var buffers: [UnsafeMutableRawBufferPointer] = []
        defer { buffers.forEach { $0.deallocate() } }
        for entry in entries {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, entry.bytes.count), alignment: 1)
            entry.bytes.withUnsafeBytes { buffer.copyMemory(from: $0) }
            buffers.append(buffer)
            guard let source = zip_source_buffer(archive, buffer.baseAddress, UInt64(entry.bytes.count), 0) else {
                zip_discard(archive)
                throw WriteError(description: "zip_source_buffer failed")
            }
            let index = zip_file_add(archive, entry.name, source, ZIP_FL_ENC_UTF_8 | ZIP_FL_OVERWRITE)
            guard index >= 0 else {
                zip_source_free(source)
                zip_discard(archive)
                throw WriteError(description: "zip_file_add \(entry.name) failed")
            }
            zip_set_file_compression(archive, UInt64(index), entry.method ?? (entry.stored ? ZIP_CM_STORE : ZIP_CM_DEFLATE), 9)
        }
        guard zip_close(archive) == 0 else {
            let message = String(cString: zip_strerror(archive))
            zip_discard(archive)
            throw WriteError(description: "zip_close failed: \(message)")
        }
    }

    /// The bytes of an archive of `entries` (written to a temporary file and read back).
    public static func bytes(_ entries: [Entry]) throws -> [UInt8] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("typeset-zip-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("archive.zip").path
        try write(entries, to: path)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// The entries every EPUB starts with: `mimetype` (stored, first), `META-INF/container.xml` pointing at
    /// `OEBPS/content.opf`, and that package document, followed by `entries` (paths under `OEBPS/`).
    public static func epubEntries(package: String, _ entries: [Entry]) -> [Entry] {
        let container = """
            <?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">\
            <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
            """
        return [Entry(name: "mimetype", bytes: Array("application/epub+zip".utf8), stored: true),
                Entry(name: "META-INF/container.xml", bytes: Array(container.utf8)),
                Entry(name: "OEBPS/content.opf", bytes: Array(package.utf8))] + entries
    }

    /// A one-chapter EPUB 3 whose chapter body is `body` (XHTML) with `css` as its linked style sheet, and
    /// `extraEntries` besides (fonts, `META-INF/encryption.xml`).
    public static func epub(body: String, css: String, identifier: String = "urn:uuid:typeset-test",
                            manifestItems: String = "", extraEntries: [Entry] = []) throws -> [UInt8] {
        let opf = """
            <?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">\
            <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">\(identifier)</dc:identifier>\
            <dc:title>T</dc:title><dc:language>en</dc:language></metadata><manifest>\
            <item id="c" href="c.xhtml" media-type="application/xhtml+xml"/><item id="s" href="s.css" media-type="text/css"/>\
            \(manifestItems)</manifest><spine><itemref idref="c"/></spine></package>
            """
        let chapter = """
            <?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" \
            xml:lang="en"><head><title>T</title><link rel="stylesheet" href="s.css"/></head><body>\(body)</body></html>
            """
        return try bytes(epubEntries(package: opf, [Entry(name: "OEBPS/c.xhtml", bytes: Array(chapter.utf8)),
                                                     Entry(name: "OEBPS/s.css", bytes: Array(css.utf8))] + extraEntries))
    }
}
