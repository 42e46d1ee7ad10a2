import Testing
import TypesetCore
import TypesetDocuments

/// EPUB CFIs against a book built as the specification's sample package document is (its spine's second itemref is
/// `chap01ref`; chapter 1's body is `body01`, its fifth paragraph `para05`, its image `svgimg`), and links whose
/// fragment is a CFI into the package document.
@Suite struct CFILinkTests {
    static func sampleBook() throws -> EPUBBook {
        var archive = EPUBTestArchive()
        archive.add("mimetype", "application/epub+zip", stored: true)
        archive.add("META-INF/container.xml", EPUBTestArchive.container(opf: "EPUB/package.opf"))
        archive.add("EPUB/package.opf", """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="bookid">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="bookid">urn:isbn:0000000000000</dc:identifier>
                <dc:title>Sample</dc:title><dc:language>en</dc:language></metadata>
              <manifest>
                <item id="toc" properties="nav" href="toc.xhtml" media-type="application/xhtml+xml"/>
                <item id="titlepage" href="titlepage.xhtml" media-type="application/xhtml+xml"/>
                <item id="chapter01" href="chapter01.xhtml" media-type="application/xhtml+xml"/>
                <item id="imgl" href="images/sample.png" media-type="image/png"/>
              </manifest>
              <spine><itemref id="titleref" idref="titlepage"/><itemref id="chap01ref" idref="chapter01"/></spine>
            </package>
            """)
        archive.add("EPUB/toc.xhtml", EPUBTestArchive.xhtml("<nav epub:type=\"toc\"><ol><li><a href=\"chapter01.xhtml\">One</a></li></ol></nav>"))
        archive.add("EPUB/titlepage.xhtml", EPUBTestArchive.xhtml(
            "<h1>Title</h1><p>See <a href=\"package.opf#epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/3:10)\">the fifth paragraph</a>.</p>"))
        // The body's children: p, p, p, p, p#para05 (step 10), p, p, img#svgimg (step 16).
        archive.add("EPUB/chapter01.xhtml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>c</title></head>
            <body id="body01"><p>One.</p><p>Two.</p><p>Three.</p><p>Four.</p><p id="para05">xxx<em>yyy</em>0123456789</p>
            <p>Six.</p><p>Seven.</p><img id="svgimg" src="images/sample.png" alt="an image"/></body></html>
            """)
        archive.add("EPUB/images/sample.png", bytes: NavigationTests.tinyPNG)
        return try EPUBTestReading.read(archive)
    }

    static func offset(_ string: String, in book: EPUBBook) -> Int? {
        NavigationTests.offset(of: string, in: book.text)
    }

    @Test func theSpecificationsExamplesResolve() throws {
        let book = try Self.sampleBook()
        let para05 = try #require(Self.offset("xxxyyy0123456789", in: book))
        let chapter = try #require(book.spine.first { $0.itemrefID == "chap01ref" }?.range)
        let cases: [(String, Int, Bool)] = [
            ("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/3:10)", para05 + 16, true),  // just after the 9
            ("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05])", para05, true),
            ("epubcfi(/6/4[chap01ref]!/4[body01]/16[svgimg])", try #require(book.images.first?.offset), true),
            ("epubcfi(/6/4!/4/10/3:10)", para05 + 16, true),   // no ids: the steps alone
            ("epubcfi(/6/99[chap01ref]!/4/10)", para05, true),  // the itemref id wins over its index
            ("epubcfi(/6/4!/4[body01]/10[para05]/3:2)", para05 + 8, true),
            ("epubcfi(/6/4!/4[body01]/12[para05]/3:2)", para05, false),  // an id that fails: the element that has it
            ("epubcfi(/6/4!/4[body01]/10[moved]/3:2)", chapter.lowerBound, false),  // the innermost id that exists
            ("epubcfi(/6/4!/2/2)", chapter.lowerBound, false),  // into the head: where the item starts
        ]
        for (text, expected, exact) in cases {
            let cfi = try #require(EPUBCFI(text))
            let found = try #require(book.offset(of: cfi), "\(text)")
            #expect(found.offset == expected && found.exact == exact, "\(text): \(found)")
            #expect(book.publication.offset(ofCFI: cfi) == expected)
        }
        #expect(book.offset(of: try #require(EPUBCFI("/4/4!/4/10"))) == nil, "not the spine's step")
        #expect(book.offset(of: try #require(EPUBCFI("/6/8!/4/10"))) == nil, "no third itemref")
        #expect(book.spine.map(\.cfiStep) == [2, 4] && book.cfiSpineStep == 6)
    }

    /// A link whose fragment is a CFI into the package document is a link to where the CFI points, not plain text
    /// with a warning that the package "is not in the book".
    @Test func aLinkToACFIResolves() throws {
        let book = try Self.sampleBook()
        #expect(!book.warnings.contains { $0.contains("not in the book") }, "\(book.warnings)")
        let publication = book.publication
        let start = try #require(Self.offset("the fifth paragraph", in: book))
        let link = try #require(publication.link(atOffset: start + 2))
        #expect(link.target?.offset == Self.offset("xxxyyy0123456789", in: book).map { $0 + 16 })
        #expect(link.target?.href == "EPUB/chapter01.xhtml")
    }
}
