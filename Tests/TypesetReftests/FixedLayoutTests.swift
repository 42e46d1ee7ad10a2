import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// Fixed-layout EPUB: the package's and the itemrefs' rendition properties, each page's viewport, a page laid out
/// alone at its viewport and scaled into the reader's page (letterboxed), hit tests inside it.
@Suite struct FixedLayoutTests {
    static let css = "html, body { margin: 0; padding: 0 } p { margin: 0; font-size: 40px; color: #204080 }"

    static func read(_ pages: [FixedLayoutBook.Page], layout: String? = "pre-paginated", spread: String? = nil) throws -> EPUBBook {
        try EPUBReader().read(bytes: try FixedLayoutBook.epub(pages, layout: layout, spread: spread, css: Self.css), name: "fixed.epub")
    }

    @Test func renditionPropertiesAndViewports() throws {
        let book = try Self.read([FixedLayoutBook.Page(viewport: (600, 800), body: "<p>One</p>", properties: "page-spread-right"),
                                  FixedLayoutBook.Page(viewport: (800, 600), body: "<p>Two</p>", properties: "rendition:page-spread-left"),
                                  FixedLayoutBook.Page(viewport: nil, body: "<p>Three</p>"),
                                  FixedLayoutBook.Page(viewport: (600, 800), body: "<p>Text</p>", properties: "rendition:layout-reflowable")],
                                 spread: "landscape")
        #expect(book.renditionLayout == .prePaginated && book.renditionSpread == .landscape)
        #expect(book.spine[0].fixedLayout?.viewport == Size(width: 600, height: 800) && book.spine[0].fixedLayout?.spreadPosition == .right)
        #expect(book.spine[1].fixedLayout?.viewport == Size(width: 800, height: 600) && book.spine[1].fixedLayout?.spreadPosition == .left)
        #expect(book.spine[2].fixedLayout?.viewport == Size(width: 600, height: 800), "no viewport: the book's first")
        #expect(book.spine[3].fixedLayout == nil, "an itemref's override to reflowable")
        let reflowable = try Self.read([FixedLayoutBook.Page(viewport: (600, 800), body: "<p>A</p>"),
                                        FixedLayoutBook.Page(viewport: (600, 800), body: "<p>B</p>", properties: "rendition:layout-pre-paginated")],
                                       layout: nil)
        #expect(reflowable.renditionLayout == .reflowable && reflowable.renditionSpread == .auto)
        #expect(reflowable.spine[0].fixedLayout == nil && reflowable.spine[1].fixedLayout != nil)
    }

    @Test(arguments: [("width=600, height=800", Size(width: 600, height: 800)), ("width=1024,height=768", Size(width: 1024, height: 768)),
                      ("height=500px; width=300px", Size(width: 300, height: 500)), ("width=device-width, height=800", nil),
                      ("width=600", nil), ("width=-5, height=10", nil), ("width=nan, height=10", nil),
                      // The first of a repeated declaration; units ignored; words without a value skipped (the W3C
                      // suite's lay-fxl-xhtml-icb_repeated-in-meta, _units and _invalid_meta).
                      ("width=900, height=600, width=1000, height=1000", Size(width: 900, height: 600)),
                      ("width=1000px, height=600mm", Size(width: 1000, height: 600)),
                      ("width=900, height=600, something, foo", Size(width: 900, height: 600))])
    func viewportMeta(_ content: String, _ size: Size?) throws {
        let book = try Self.read([FixedLayoutBook.Page(viewport: nil, body: "<p>x</p>", viewportContent: content)])
        #expect(book.spine[0].fixedLayout?.viewport == size, "\(content)")
    }

    /// An itemref that repeats the layout override keeps the first (fxl-spine-overrides_duplicate); a package that
    /// repeats a rendition property uses the first and says so; `rendition:orientation` is read; every itemref's
    /// `page-spread-*` is kept, a reflowable item's too (lay-page-layout-both-spread).
    @Test func repeatedPropertiesOrientationAndSides() throws {
        let bytes = try FixedLayoutBook.epub([FixedLayoutBook.Page(viewport: (600, 800), body: "<p>One</p>"),
                                              FixedLayoutBook.Page(viewport: (600, 800), body: "<p>Two</p>",
                                                                   properties: "rendition:layout-reflowable rendition:layout-pre-paginated page-spread-left"),
                                              FixedLayoutBook.Page(viewport: (600, 800), body: "<p>Three</p>",
                                                                   properties: "rendition:layout-pre-paginated rendition:layout-reflowable")],
                                             css: Self.css,
                                             metadata: "<meta property=\"rendition:layout\">reflowable</meta><meta property=\"rendition:orientation\">landscape</meta>")
        let book = try EPUBReader().read(bytes: bytes, name: "repeated.epub")
        #expect(book.renditionLayout == .prePaginated && book.renditionOrientation == .landscape)
        #expect(book.spine.map { $0.fixedLayout != nil } == [true, false, true])
        #expect(book.spine.map(\.pageSpread) == [nil, .left, nil])
        #expect(book.warnings.contains { $0.contains("rendition:layout 2 times") && $0.contains("the first is used") }, "\(book.warnings)")
        let plain = try Self.read([FixedLayoutBook.Page(viewport: (600, 800), body: "<p>One</p>")])
        #expect(plain.renditionOrientation == .auto && plain.warnings.isEmpty, "\(plain.warnings)")
    }

    /// A fixed page is one position, whatever its text's length (Readium's positions of a fixed-layout resource);
    /// a reflowable item of the same book keeps one per 1024 units. A Locator deep in a long fixed page names it.
    @Test func aFixedPageIsOnePosition() throws {
        let long = String(repeating: "<p>A long page of text that goes on and on.</p>", count: 80)
        let book = try Self.read([FixedLayoutBook.Page(viewport: (600, 800), body: long),
                                  FixedLayoutBook.Page(viewport: (600, 800), body: "<p>Two</p>"),
                                  FixedLayoutBook.Page(viewport: nil, body: long, properties: "rendition:layout-reflowable")])
        let ranges = book.spine.compactMap(\.range)
        #expect(ranges.count == 3 && ranges[0].count > 2048 && ranges[2].count > 2048)
        let reflowed = Publication.positionCount(ofLength: ranges[2].count)
        #expect(reflowed > 2 && book.positionCount == 2 + reflowed)
        let publication = book.publication
        #expect(publication.positionCount == book.positionCount)
        #expect(publication.positions.map(\.offset).prefix(3) == [ranges[0].lowerBound, ranges[1].lowerBound, ranges[2].lowerBound])
        let deep = ranges[0].lowerBound + 2000
        #expect(publication.locator(for: deep..<(deep + 1))?.locations.position == 1)
        #expect(publication.locator(for: ranges[1].lowerBound..<(ranges[1].lowerBound + 1))?.locations.position == 2)
        #expect(publication.locator(for: (ranges[2].lowerBound + 1100)..<(ranges[2].lowerBound + 1101))?.locations.position == 4)
    }

    /// Every spine of four items, each fixed or reflowable (a generated family of 16; the second reflowable item
    /// holds a CSS page break, so an item may span sections): a scroll layout is one scroll page per stretch of
    /// consecutive reflowable items and one per fixed item, never a scroll across a fixed item (EPUB 3.3:
    /// `rendition:flow` does not apply to pre-paginated items); a paged layout is the same pages as without the
    /// layout breaks (every item starts a page already).
    @Test(arguments: 0..<16) func aScrollStopsAtFixedItems(_ pattern: Int) throws {
        let fixed = (0..<4).map { pattern & (1 << $0) != 0 }
        let pages = fixed.enumerated().map { index, isFixed in
            let body = (1...6).map { "<p>Item \(index + 1), paragraph \($0), long enough to wrap at the reader's width.</p>" }.joined()
            let broken = index == 1 ? body + "<p style=\"page-break-before: always\">After a break.</p>" : body
            return FixedLayoutBook.Page(viewport: (600, 800), body: broken, properties: isFixed ? "rendition:layout-pre-paginated" : "")
        }
        let book = try Self.read(pages, layout: nil)
        #expect(book.spine.map { $0.fixedLayout != nil } == fixed)
        let ranges = try book.spine.map { try #require($0.range) }
        var stretches: [Range<Int>] = []
        for (index, range) in ranges.enumerated() {
            if let last = stretches.last, index > 0, !fixed[index], !fixed[index - 1] {
                stretches[stretches.count - 1] = last.lowerBound..<range.upperBound
            } else {
                stretches.append(range)
            }
        }
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let settings = Reftest.settings.typography
        let scroll = try typesetter.layout(book.text, settings: settings, mode: .scroll)
        #expect(scroll.pages.map(\.range) == stretches, "pattern \(fixed)")
        var unbroken = book.text
        unbroken.layoutBreaks = []
        #expect(try typesetter.layout(unbroken, settings: settings, mode: .scroll).pages.count == 1)
        let paged = try typesetter.layout(book.text, settings: settings)
        let plain = try typesetter.layout(unbroken, settings: settings)
        #expect(paged.pages.map(\.range) == plain.pages.map(\.range) && paged.pages.count > stretches.count)
        #expect(paged.pages.indices.allSatisfy { paged.lines(onPage: $0) == plain.lines(onPage: $0) })
    }

    /// A 600 × 800 page in a 300 × 300 reader page: scaled by 0.375 to 225 × 300, centred (letterbox 37.5 pt each
    /// side); its background fills the scaled page, the letterbox is the theme's; a point on its text hits its text.
    @Test func aPageIsScaledIntoTheReadersPage() throws {
        let book = try Self.read([FixedLayoutBook.Page(viewport: (600, 800), body: "<p>Hello</p><p>World</p>")])
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        var settings = Reftest.settings.typography
        settings.pageSize = Size(width: 300, height: 300)
        let range = try #require(book.spine[0].range)
        let page = try FixedPage.make(text: book.text, range: range, viewport: Size(width: 600, height: 800),
                                      pageSize: settings.pageSize, typesetter: typesetter, settings: settings)
        #expect(page.rect == Rect(x: 37.5, y: 0, width: 225, height: 300) && page.scale == 0.375)
        #expect(page.layout.pages.count == 1 && page.layout.pages[0].size == Size(width: 600, height: 800))
        // The text is laid out at the viewport: 40 px type, on the page's first line.
        let lines = page.layout.lines(onPage: 0)
        #expect(lines.count == 2 && lines[1].rect.minY > 80, "\(lines.map { ($0.range, $0.rect) })")
        // Hit tests: the first line, the second, the letterbox.
        let hello = try #require(page.offset(at: Point(x: 37.5 + 10 * 0.375, y: 20 * 0.375)))
        #expect(hello >= range.lowerBound && hello <= range.lowerBound + 5)
        let world = try #require(page.offset(at: Point(x: 37.5 + 10 * 0.375, y: 120 * 0.375)))
        #expect(world >= range.lowerBound + 6, "the second paragraph is below the first")
        #expect(page.offset(at: Point(x: 10, y: 100)) == nil)
        let bitmap = try PageRenderer().render(fixed: page, pageSize: settings.pageSize, appearance: Appearance(theme: .light, pixelScale: 1),
                                               resources: book.resourceLoader)
        #expect(bitmap.width == 300 && bitmap.height == 300)
        #expect(bitmap[x: 10, y: 150] == Theme.light.background && bitmap[x: 290, y: 150] == Theme.light.background)
        // The text is drawn inside the scaled page, at its scale (the lines 91.6 px apart at 0.375: ink above y 70).
        var ink = (inside: 0, outside: 0)
        for y in 0..<300 {
            for x in 0..<300 where bitmap[x: x, y: y] != Theme.light.background {
                if x >= 37 && x <= 263 && y < 70 { ink.inside += 1 } else { ink.outside += 1 }
            }
        }
        #expect(ink.inside > 100 && ink.outside == 0, "\(ink)")
    }
}
