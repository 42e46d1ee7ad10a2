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
                      ("width=600", nil), ("width=-5, height=10", nil), ("width=nan, height=10", nil)])
    func viewportMeta(_ content: String, _ size: Size?) throws {
        let book = try Self.read([FixedLayoutBook.Page(viewport: nil, body: "<p>x</p>", viewportContent: content)])
        #expect(book.spine[0].fixedLayout?.viewport == size, "\(content)")
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
