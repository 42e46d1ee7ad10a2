import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// Replaced elements sized by CSS 2.1 §10.3.2, §10.4, §10.6.2 and CSS Images 3's default sizing, as
/// css/CSS2/visudet and css/css-images write them: a test sized by one rule against a reference sized by plain
/// numbers. The reftests' column is 208 CSS px wide; the image is 60 × 40.
@Suite struct ReplacedElementReftests {
    static let png: [UInt8] = (try? PNGEncoder.encode(Bitmap(width: 60, height: 40, fill: Color(red: 30, green: 90, blue: 200)))) ?? []

    static func book(_ body: String, files: [(name: String, bytes: [UInt8])] = [("blue.png", png)]) -> Reftest.Book {
        Reftest.Book(documents: [("chapter.xhtml", Reftest.document(body: "<p>Above.</p>" + body + "<p>Below.</p>"))], files: files)
    }

    static func expectSame(_ test: Reftest.Book, _ reference: Reftest.Book, _ comment: String,
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        let drawn = try Reftest.render(test), expected = try Reftest.render(reference)
        #expect(Reftest.mismatch(drawn, expected) == nil, "\(comment): \(Reftest.mismatch(drawn, expected) ?? "")", sourceLocation: sourceLocation)
        #expect(drawn.imageProblems.isEmpty, "\(comment): \(drawn.imageProblems)", sourceLocation: sourceLocation)
    }

    /// (style of the test image, style of the reference image giving the size in numbers).
    static let sizingCases: [(String, String)] = [
        ("width: 50%", "width: 104px"),                                  // a percentage of the column, height by ratio
        ("height: 30px", "width: 45px; height: 30px"),                   // width by ratio
        ("width: 90px", "width: 90px; height: 60px"),
        ("max-width: 30px", "width: 30px"),                              // max-width keeps the ratio (both auto)
        ("max-height: 20px", "width: 30px; height: 20px"),
        ("min-width: 120px", "width: 120px; height: 80px"),              // min-width enlarges, keeping the ratio
        ("min-height: 80px", "width: 120px; height: 80px"),
        ("max-width: 30px; max-height: 10px", "width: 15px; height: 10px"),  // §10.4's table: the tighter one wins
        ("min-width: 90px; min-height: 90px", "width: 135px; height: 90px"),
        ("width: 100px; max-height: 50px", "width: 100px; height: 50px"),    // width given: height clamped alone
        ("width: 500px; max-width: 100%", "width: 208px"),              // never wider than the column
        ("width: 150px; min-width: 180px", "width: 180px; height: 120px"),
        ("width: 2em", "width: 28px"),                                   // 14 pt text
    ]

    @Test(arguments: sizingCases) func anImageSizedByCSS(_ testStyle: String, _ referenceStyle: String) throws {
        try Self.expectSame(Self.book("<div><img src='blue.png' alt='' style='\(testStyle)'/></div>"),
                            Self.book("<div><img src='blue.png' alt='' style='\(referenceStyle)'/></div>"), testStyle)
    }

    /// HTML's `width` and `height` attributes size it too, and CSS overrides them.
    @Test func attributesAndCSS() throws {
        try Self.expectSame(Self.book("<div><img src='blue.png' alt='' width='90'/></div>"),
                            Self.book("<div><img src='blue.png' alt='' style='width: 90px'/></div>"), "width attribute")
        try Self.expectSame(Self.book("<div><img src='blue.png' alt='' width='90' style='width: 30px'/></div>"),
                            Self.book("<div><img src='blue.png' alt='' style='width: 30px'/></div>"), "CSS over the attribute")
    }

    static func svg(_ attributes: String, _ content: String = "<circle cx='50' cy='50' r='40' fill='#c81e28'/><rect x='120' y='10' width='60' height='30' fill='#1e5ac8'/>") -> String {
        "<svg xmlns='http://www.w3.org/2000/svg' \(attributes)>\(content)</svg>"
    }

    /// An inline `<svg width="100%" height="100">` without a viewBox (the peer suite's SVG tests): as wide as the
    /// column, 100 px high, its drawing at its own scale, the same as an SVG given those numbers.
    @Test(arguments: [("width='100%' height='100'", "width='208' height='100'"),
                      ("width='100%' height='100' style='max-width: 150px'", "width='150' height='100'"),
                      ("height='120'", "width='208' height='120'"),          // no width: the default 300, fitted
                      ("width='50%' height='70'", "width='104' height='70'")])
    func anInlineSVGWithoutViewBox(_ test: String, _ reference: String) throws {
        try Self.expectSame(Self.book("<div>" + Self.svg(test) + "</div>", files: []),
                            Self.book("<div>" + Self.svg(reference) + "</div>", files: []), test)
        // And it is drawn: not the placeholder's box.
        let drawn = try Reftest.render(Self.book("<div>" + Self.svg(test) + "</div>", files: []))
        #expect(drawn.book.images.first?.pixelSize == nil)
    }

    /// An SVG file without a size of its own: CSS Images 3's default object size (300 × 150), fitted to the column.
    @Test func anSVGFileWithoutASizeTakesTheDefaultObjectSize() throws {
        let files: [(name: String, bytes: [UInt8])] = [("free.svg", Array(Self.svg("width='100%'").utf8)),
                                                       ("sized.svg", Array(Self.svg("width='208' height='104'").utf8))]
        try Self.expectSame(Self.book("<div><img src='free.svg' alt=''/></div>", files: files),
                            Self.book("<div><img src='sized.svg' alt=''/></div>", files: files), "default object size")
    }
}

/// `object-fit`, drawn without resampling (each content at its natural size, or cropped), against images that already
/// have the letterboxing or the crop; and the book's cover image set beside a chapter's heading.
@Suite struct ObjectFitReftests {
    static let red = Color(red: 200, green: 30, blue: 40), blue = Color(red: 30, green: 90, blue: 200)

    /// A PNG of `width` × `height`, transparent, with a red left half and a blue right half in `rect`.
    static func png(_ width: Int, _ height: Int, content: (x: Int, y: Int, width: Int, height: Int)) throws -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in content.y..<(content.y + content.height) {
            for x in content.x..<(content.x + content.width) {
                let color = x - content.x < content.width / 2 ? red : blue
                let p = (y * width + x) * 4
                pixels[p] = color.red; pixels[p + 1] = color.green; pixels[p + 2] = color.blue; pixels[p + 3] = 255
            }
        }
        return try PNGEncoder.encode(try #require(Bitmap(width: width, height: height, pixels: pixels)))
    }

    static func book(_ image: String, _ style: String, files: [(name: String, bytes: [UInt8])], cover: String? = nil,
                     heading: String = "") -> Reftest.Book {
        var book = Reftest.Book(documents: [("chapter.xhtml", Reftest.document(body: heading + "<p>Above.</p><div><img src='\(image)' alt='' style='\(style)'/></div><p>Below.</p>"))],
                                files: files)
        book.coverImage = cover
        return book
    }

    @Test func objectFitPlacesTheContentInItsBox() throws {
        let files: [(name: String, bytes: [UInt8])] = [
            ("image.png", try Self.png(60, 40, content: (0, 0, 60, 40))),
            ("none.png", try Self.png(120, 120, content: (30, 40, 60, 40))),
            ("contain.png", try Self.png(60, 60, content: (0, 10, 60, 40))),
            ("cover.png", try Self.png(40, 40, content: (0, 0, 40, 40))),
        ]
        let cases: [(String, String, String)] = [
            ("width: 120px; height: 120px; object-fit: none", "none.png", "width: 120px; height: 120px"),
            ("width: 120px; height: 120px; object-fit: scale-down", "none.png", "width: 120px; height: 120px"),
            ("width: 60px; height: 60px; object-fit: contain", "contain.png", "width: 60px; height: 60px"),
            ("width: 60px; height: 60px; object-fit: scale-down", "contain.png", "width: 60px; height: 60px"),
            ("width: 40px; height: 40px; object-fit: cover", "cover.png", "width: 40px; height: 40px"),
        ]
        for (style, reference, referenceStyle) in cases {
            let test = try Reftest.render(Self.book("image.png", style, files: files))
            let expected = try Reftest.render(Self.book(reference, referenceStyle, files: files))
            #expect(Reftest.mismatch(test, expected) == nil, "\(style): \(Reftest.mismatch(test, expected) ?? "")")
        }
        // `fill` (the initial value) stretches: not the same as `contain`.
        let fill = try Reftest.render(Self.book("image.png", "width: 60px; height: 60px", files: files))
        #expect(Reftest.mismatch(fill, try Reftest.render(Self.book("contain.png", "width: 60px; height: 60px", files: files))) != nil)
    }

    /// The book's cover image set in a chapter with its heading (a portrait, floated or not) is a block at its own
    /// size on the heading's page, as any image: not a page of its own enlarged to fill it.
    @Test(arguments: ["", "float: right", "float: left; margin: 0 1em"])
    func theCoverImageInAChapterIsABlock(_ style: String) throws {
        let files: [(name: String, bytes: [UInt8])] = [("portrait.png", try Self.png(60, 90, content: (0, 0, 60, 90)))]
        let heading = "<h2>A Portrait</h2>"
        let asCover = try Reftest.render(Self.book("portrait.png", style, files: files, cover: "portrait.png", heading: heading))
        let plain = try Reftest.render(Self.book("portrait.png", style, files: files, heading: heading))
        #expect(Reftest.mismatch(asCover, plain) == nil, "\(style): \(Reftest.mismatch(asCover, plain) ?? "")")
        #expect(asCover.pages.count == 1)
    }
}
