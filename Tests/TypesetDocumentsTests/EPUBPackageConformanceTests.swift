import CLibZip
import Testing
import TypesetCore
@testable import TypesetDocuments

/// Classes of package handling that the W3C reading-system tests (w3c/epub-tests, run by
/// `Tests/Conformance/run.py`) found wrong, each tested on small books made here rather than on the suite's.
@Suite struct EPUBPackageConformanceTests {
    /// A book whose package document is `metadata` (inside `<metadata>`), `manifest` and `spine` as given, with
    /// `chapter.xhtml` as its one chapter unless the manifest says otherwise.
    static func book(metadata: String, packageAttributes: String = "", manifest: String? = nil, spine: String? = nil,
                     entries: [(String, String)] = [], chapter: String = EPUBTestArchive.xhtml("<p>Text.</p>")) -> EPUBTestArchive {
        var archive = EPUBTestArchive()
        archive.add("mimetype", "application/epub+zip", stored: true)
        archive.add("META-INF/container.xml", EPUBTestArchive.container(opf: "OEBPS/content.opf"))
        archive.add("OEBPS/content.opf", """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" \(packageAttributes)>
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
                <dc:identifier id="uid">urn:uuid:test</dc:identifier>
                \(metadata)
              </metadata>
              <manifest>\(manifest ?? "<item id=\"c\" href=\"chapter.xhtml\" media-type=\"application/xhtml+xml\"/>")</manifest>
              <spine>\(spine ?? "<itemref idref=\"c\"/>")</spine>
            </package>
            """)
        archive.add("OEBPS/chapter.xhtml", chapter)
        for (name, text) in entries { archive.add("OEBPS/" + name, text) }
        return archive
    }

    /// A title or creator shows in the direction its `dir` says, else the package's, else its first strong
    /// character's (`auto` asks for that too): the suite's pkg-dir-* tests, in Hebrew and Arabic.
    @Test(arguments: [
        ("dir=\"rtl\"", "", "CSS: הרפתקה חדשה!", WritingDirection.rightToLeft),
        ("dir=\"rtl\"", "dir=\"ltr\"", "CSS: הרפתקה חדשה!", .rightToLeft),
        ("", "dir=\"rtl\"", "CSS: مغامرة جديدة!", .rightToLeft),
        ("dir=\"auto\"", "dir=\"rtl\"", "CSS: مغامرة جديدة!", .leftToRight),
        ("dir=\"auto\"", "", "مغامرة جديدة: CSS", .rightToLeft),
        ("", "", "CSS: مغامرة جديدة!", .leftToRight),
        ("", "", "שלום עולם", .rightToLeft),
        ("dir=\"ltr\"", "dir=\"rtl\"", "שלום עולם", .leftToRight),
    ])
    func metadataDirections(titleAttribute: String, packageAttribute: String, title: String, expected: WritingDirection) throws {
        let archive = Self.book(metadata: """
            <dc:title \(titleAttribute)>\(title)</dc:title>
            <dc:creator \(titleAttribute)>\(title)</dc:creator>
            <dc:creator>Dave Cramer</dc:creator>
            <dc:language>en</dc:language>
            """, packageAttributes: packageAttribute)
        let book = try EPUBTestReading.read(archive)
        #expect(book.metadata.title == title)
        #expect(book.metadata.titleDirection == expected)
        #expect(book.metadata.authors == [title, "Dave Cramer"])
        // The second creator has no dir of its own: the package's, else its Latin letters'.
        let second: WritingDirection = packageAttribute == "dir=\"rtl\"" ? .rightToLeft : .leftToRight
        #expect(book.metadata.authorDirections == [expected, second])
    }

    /// `page-progression-direction` absent: pages turn right to left when the book's language is written right
    /// to left (a script subtag decides when there is one), left to right otherwise; a declared value wins.
    @Test(arguments: [
        ("ar", "", EPUBPageProgression.rightToLeft), ("he-IL", "", .rightToLeft), ("fa", "", .rightToLeft),
        ("ur", "", .rightToLeft), ("az-Arab", "", .rightToLeft), ("ku-Arab-IQ", "", .rightToLeft), ("ckb", "", .rightToLeft),
        ("az-Latn", "", .leftToRight), ("en", "", .leftToRight), ("ja", "", .leftToRight), ("", "", .leftToRight),
        ("ar", "page-progression-direction=\"ltr\"", .leftToRight), ("en", "page-progression-direction=\"rtl\"", .rightToLeft),
    ])
    func readingProgression(language: String, spineAttributes: String, expected: EPUBPageProgression) throws {
        var archive = EPUBTestArchive.book(chapters: [("c.xhtml", EPUBTestArchive.xhtml("<p>Text.</p>"))],
                                           language: language, spineAttributes: spineAttributes)
        if language.isEmpty {
            archive = Self.book(metadata: "<dc:title>T</dc:title>")
        }
        let book = try EPUBTestReading.read(archive)
        #expect(book.readingProgression == expected)
        #expect(book.pageProgression == (spineAttributes.isEmpty ? .default : expected))
    }

    /// `rendition:flow` is read; an unknown value or none is `auto`.
    @Test(arguments: [("paginated", EPUBFlow.paginated), ("scrolled-continuous", .scrolledContinuous),
                      ("scrolled-doc", .scrolledDoc), ("auto", .auto), ("sideways", .auto), ("", .auto)])
    func renditionFlow(value: String, expected: EPUBFlow) throws {
        let meta = value.isEmpty ? "" : "<meta property=\"rendition:flow\">\(value)</meta>"
        let book = try EPUBTestReading.read(Self.book(metadata: "<dc:title>T</dc:title>" + meta,
                                                      packageAttributes: "prefix=\"rendition: http://www.idpf.org/vocab/rendition/#\""))
        #expect(book.flow == expected)
    }

    /// A navigation label that is an image is its `alt` text, else its `title` (nav-non-text_img*).
    @Test func navigationLabelsOfImagesAreTheirAltText() throws {
        let nav = """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>N</title></head>
            <body><nav epub:type="toc"><ol>
              <li><a href="chapter.xhtml">Start page</a></li>
              <li><a href="chapter.xhtml"><img src="a.jpg" alt="Description of the Abbey of Sénanque" title="Image"/></a></li>
              <li><a href="chapter.xhtml"><img src="b.jpg" title="Only a title"/></a></li>
              <li><a href="chapter.xhtml">Map <img src="c.jpg" alt="of France"/></a></li>
            </ol></nav></body></html>
            """
        let archive = Self.book(metadata: "<dc:title>T</dc:title>", manifest: """
            <item id="c" href="chapter.xhtml" media-type="application/xhtml+xml"/>
            <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
            """, entries: [("nav.xhtml", nav)])
        let book = try EPUBTestReading.read(archive)
        #expect(book.tableOfContents.map(\.title) == ["Start page", "Description of the Abbey of Sénanque", "Only a title", "Map of France"])
    }

    /// The navigation document in the spine draws its lists without numbers or bullets, whatever its CSS says
    /// (nav-spine_in-spine-no-list-style), with or without publisher styles; the markers stay in the text, hidden,
    /// so offsets do not depend on it. Lists outside a nav keep their markers.
    @Test(arguments: [true, false])
    func listsInTheNavigationDocumentHaveNoMarkers(publisherStyles: Bool) throws {
        let nav = """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>N</title>
            <style>ol { list-style-type: lower-greek; }</style></head>
            <body><nav epub:type="toc"><ol><li><a href="chapter.xhtml">First</a><ul><li><a href="chapter.xhtml#x">Inner</a></li></ul></li></ol></nav>
            <ol><li>Not navigation</li></ol></body></html>
            """
        let archive = Self.book(metadata: "<dc:title>T</dc:title>", manifest: """
            <item id="c" href="chapter.xhtml" media-type="application/xhtml+xml"/>
            <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
            """, spine: "<itemref idref=\"nav\"/><itemref idref=\"c\"/>", entries: [("nav.xhtml", nav)])
        var options = EPUBReader.Options()
        options.publisherStyles = publisherStyles
        let book = try EPUBTestReading.read(archive, options: options)
        // The marker (whatever list-style-type makes of it: "α. ") stays in the text, hidden.
        let first = try #require(book.text.paragraphs.first { $0.contentString.hasSuffix("First") })
        #expect(first.contentString.count > "First".count)
        let marker = try #require(first.runs.first)
        #expect(marker.style.isHidden && marker.range == 0..<(first.contentString.utf16.count - "First".utf16.count))
        let inner = try #require(book.text.paragraphs.first { $0.contentString.hasSuffix("Inner") })
        #expect(inner.runs.first?.style.isHidden == true)
        let outside = try #require(book.text.paragraphs.first { $0.contentString.hasSuffix("Not navigation") })
        #expect(outside.runs.allSatisfy { !$0.style.isHidden })
    }

    /// A spine item in generic XML (`application/xml`) shows its manifest fallback (pub-foreign_xml-spine); without
    /// one it is read as XHTML as before, rather than not at all.
    @Test func genericXMLInTheSpineShowsItsFallback() throws {
        let xml = EPUBTestArchive.xhtml("<p>Test fails.</p>")
        let withFallback = Self.book(metadata: "<dc:title>T</dc:title>", manifest: """
            <item id="x" href="data.xml" media-type="application/xml" fallback="c"/>
            <item id="c" href="chapter.xhtml" media-type="application/xhtml+xml"/>
            """, spine: "<itemref idref=\"x\"/>", entries: [("data.xml", xml)],
            chapter: EPUBTestArchive.xhtml("<p>Test passes.</p>"))
        #expect(EPUBTestReading.paragraphs(try EPUBTestReading.read(withFallback)) == ["Test passes."])
        let alone = Self.book(metadata: "<dc:title>T</dc:title>", manifest: """
            <item id="x" href="data.xml" media-type="text/xml"/>
            """, spine: "<itemref idref=\"x\"/>", entries: [("data.xml", xml)])
        #expect(EPUBTestReading.paragraphs(try EPUBTestReading.read(alone)) == ["Test fails."])
    }

    /// A name that breaks the XML namespaces rules (`<p::p>`) is reported like other malformed XML
    /// (pub-xml-names), and the text is kept.
    @Test func namespaceErrorsAreReported() throws {
        let archive = Self.book(metadata: "<dc:title>T</dc:title>",
                                chapter: EPUBTestArchive.xhtml("<p::p>Test passes if an error is reported.</p::p>"))
        let book = try EPUBTestReading.read(archive)
        #expect(book.warnings.contains { $0.contains("OEBPS/chapter.xhtml is not well-formed XML") })
        #expect(EPUBTestReading.paragraphs(book).joined().contains("Test passes if an error is reported."))
    }

    /// URLs resolve as the URL standard does against EPUB 3.3's container root URL: `..` at the root stays there
    /// (ocf-url_link-leaking-relative) and `/` starts at the root (ocf-url_link-path-absolute).
    @Test func urlsResolveAgainstTheContainerRoot() {
        #expect(EPUBPath.resolve("../../../../media/imgs/a.jpg", relativeTo: "EPUB/content.xhtml") == .inBook(path: "media/imgs/a.jpg", fragment: nil))
        #expect(EPUBPath.resolve("../media/%C3%A9t%C3%A9.jpg", relativeTo: "EPUB/text/c.xhtml") == .inBook(path: "EPUB/media/été.jpg", fragment: nil))
        #expect(EPUBPath.resolve("/media/imgs/a.jpg#x", relativeTo: "EPUB/content.xhtml") == .inBook(path: "media/imgs/a.jpg", fragment: "x"))
        #expect(EPUBPath.resolve("..", relativeTo: "EPUB/content.xhtml") == nil)
        #expect(EPUBPath.resolve("https://example.org/a.jpg", relativeTo: "EPUB/content.xhtml") == .external("https://example.org/a.jpg"))
    }

    /// An entry compressed with anything but Deflate is refused, naming it (ocf-zip-comp): OCF allows no other.
    @Test func entriesCompressedWithOtherMethodsAreRefused() throws {
        var archive = Self.book(metadata: "<dc:title>T</dc:title>")
        let index = try #require(archive.entries.firstIndex { $0.name == "OEBPS/chapter.xhtml" })
        archive.entries[index].method = ZIP_CM_BZIP2
        try EPUBTestReading.expectFailure(archive, code: .unsupported, mentions: ["OEBPS/chapter.xhtml", "ZIP method 12"])
    }

    /// The last segment of an archive split into several (its end record names disk 1) is refused as an archive
    /// Typeset cannot read (ocf-zip-mult), with libzip's reason.
    @Test func aSegmentOfASplitArchiveIsRefused() throws {
        var bytes = try Self.book(metadata: "<dc:title>T</dc:title>").bytes()
        let end = try #require((0...(bytes.count - 22)).reversed().first { bytes[$0..<($0 + 4)] == [0x50, 0x4B, 0x05, 0x06] })
        bytes[end + 4] = 1   // "number of this disk"
        do {
            _ = try EPUBReader().read(bytes: bytes, name: "split.epub")
            Issue.record("a split archive was read")
        } catch {
            #expect(error.message.contains("split.epub") && error.message.contains("not a readable ZIP archive"), "\(error.message)")
        }
    }
}
