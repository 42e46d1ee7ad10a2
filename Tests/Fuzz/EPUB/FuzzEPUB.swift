import CZlib
import FuzzSupport
import TypesetTestSupport
import TypesetCore
import TypesetDocuments

/// libFuzzer target: the EPUB reader. The first byte picks what the rest is:
/// - 0 (and anything not below): a whole `.epub` file, so libzip and the container checks see arbitrary bytes;
/// - 1: the XHTML of a spine item, wrapped in a well-formed book (the ZIP is written here), so libxml2, the
///   entity rewriter and the XHTML converter see arbitrary documents;
/// - 2: a CSS style sheet and an XHTML chapter (split at the first NUL byte);
/// - 3: the package document (OPF) and a navigation document (split at the first NUL byte).
/// Reading either throws a `DocumentError` whose message names the book, or gives a book whose paragraphs
/// partition its text, and whose every spine item maps to and from global offsets.
/// The entry point SwiftPM links as `main` (see CFuzzer.h).
@_cdecl("fuzz_epub_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv) { data, size in fuzzEPUB(data, size) }
}

/// The function under test, under the name libFuzzer looks for.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEPUB(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let mode = input.byte()
    let rest = Array(input.rest)
    let bytes: [UInt8]
    switch mode {
    case 1: bytes = StoredZip.book(chapter: rest, css: nil, opf: nil, nav: nil)
    case 2:
        let (css, chapter) = split(rest)
        bytes = StoredZip.book(chapter: chapter, css: css, opf: nil, nav: nil)
    case 3:
        let (opf, nav) = split(rest)
        bytes = StoredZip.book(chapter: Array(StoredZip.chapter.utf8), css: nil, opf: opf, nav: nav)
    default: bytes = rest
    }
    var options = EPUBReader.Options()
    options.publisherStyles = mode != 4
    options.includeNonLinearItems = mode == 5
    do {
        let book = try EPUBReader(options: options).read(bytes: bytes, name: "fuzz.epub")
        var expected = 0
        for paragraph in book.text.paragraphs {
            fuzzCheck(paragraph.range.lowerBound == expected, "paragraphs do not partition the book")
            expected = paragraph.range.upperBound
        }
        for warning in book.warnings {
            fuzzCheck(warning.hasPrefix("fuzz.epub") && !warning.contains("\n"), "warning \(warning)")
        }
        fuzzCheck(expected == book.text.length, "paragraphs end at \(expected), text at \(book.text.length)")
        for offset in stride(from: 0, through: book.text.length, by: max(1, book.text.length / 64)) {
            if let location = book.location(ofOffset: offset) {
                fuzzCheck(book.offset(of: location) == offset, "offset \(offset) → \(location) does not map back")
            }
        }
    } catch {
        fuzzCheck(error.message.hasPrefix("fuzz.epub: ") || error.message.hasPrefix("fuzz.epub "), "message \(error.message)")
        fuzzCheck(!error.message.contains("\n"), "a multi-line message: \(error.message)")
    }
    return 0
}

func split(_ bytes: [UInt8]) -> ([UInt8], [UInt8]) {
    guard let nul = bytes.firstIndex(of: 0) else { return (bytes, []) }
    return (Array(bytes[..<nul]), Array(bytes[(nul + 1)...]))
}

/// Writes a ZIP with stored (uncompressed) entries: the container format by hand (local headers, central
/// directory, end record; APPNOTE 4.3), because libzip writes only to files and sources, and a stored entry
/// is all the fuzzer needs to reach the XML behind it.
enum StoredZip {
    static let chapter = "<?xml version=\"1.0\"?><html xmlns=\"http://www.w3.org/1999/xhtml\"><body><h1>One</h1><p id=\"a\">Text.</p></body></html>"
    static let opf = """
        <?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="u">
        <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="u">x</dc:identifier><dc:title>T</dc:title>
        <dc:language>en</dc:language></metadata><manifest>
        <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
        <item id="c" href="c.xhtml" media-type="application/xhtml+xml"/>
        <item id="s" href="style.css" media-type="text/css"/></manifest><spine><itemref idref="c"/></spine></package>
        """
    static let nav = """
        <?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body>
        <nav epub:type="toc"><ol><li><a href="c.xhtml#a">One</a></li></ol></nav></body></html>
        """
    static let container = """
        <?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
        <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
        """

    static func book(chapter: [UInt8], css: [UInt8]?, opf: [UInt8]?, nav: [UInt8]?) -> [UInt8] {
        var chapterBytes = chapter
        if css != nil, let head = String(decoding: chapter, as: UTF8.self).range(of: "<body") {
            // Link the style sheet so the converter applies it.
            var text = String(decoding: chapter, as: UTF8.self)
            text.insert(contentsOf: "<link rel=\"stylesheet\" href=\"style.css\"/>", at: head.lowerBound)
            chapterBytes = Array(text.utf8)
        }
        return write([("mimetype", Array("application/epub+zip".utf8)),
                      ("META-INF/container.xml", Array(container.utf8)),
                      ("OEBPS/content.opf", opf ?? Array(Self.opf.utf8)),
                      ("OEBPS/nav.xhtml", nav ?? Array(Self.nav.utf8)),
                      ("OEBPS/c.xhtml", chapterBytes),
                      ("OEBPS/style.css", css ?? [])])
    }

    static func write(_ entries: [(String, [UInt8])]) -> [UInt8] {
        var out: [UInt8] = [], central: [UInt8] = []
        func u16(_ v: Int, _ to: inout [UInt8]) { to += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: UInt32, _ to: inout [UInt8]) { for k in 0..<4 { to.append(UInt8(v >> (8 * UInt32(k)) & 0xFF)) } }
        for (name, data) in entries {
            let offset = out.count
            let crc = data.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
            let nameBytes = Array(name.utf8)
            u32(0x04034b50, &out); u16(20, &out); u16(0, &out); u16(0, &out); u16(0, &out); u16(0, &out)
            u32(crc, &out); u32(UInt32(data.count), &out); u32(UInt32(data.count), &out)
            u16(nameBytes.count, &out); u16(0, &out); out += nameBytes; out += data
            u32(0x02014b50, &central); u16(20, &central); u16(20, &central); u16(0, &central); u16(0, &central)
            u16(0, &central); u16(0, &central); u32(crc, &central); u32(UInt32(data.count), &central)
            u32(UInt32(data.count), &central); u16(nameBytes.count, &central); u16(0, &central); u16(0, &central)
            u16(0, &central); u16(0, &central); u32(0, &central); u32(UInt32(offset), &central); central += nameBytes
        }
        let centralOffset = out.count
        out += central
        u32(0x06054b50, &out); u16(0, &out); u16(0, &out); u16(entries.count, &out); u16(entries.count, &out)
        u32(UInt32(central.count), &out); u32(UInt32(centralOffset), &out); u16(0, &out)
        return out
    }
}
