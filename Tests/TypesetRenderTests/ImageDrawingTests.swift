import Testing
import TypesetCore
@testable import TypesetRender

/// Images drawn by the renderer: decoded from their source only when their page is drawn, scaled to their box,
/// kept in the renderer's cache, and, when they cannot be drawn, a placeholder of their size with one problem line.
@Suite struct ImageDrawingTests {
    /// Resources from memory, counting reads.
    final class Resources: ResourceLoader, @unchecked Sendable {
        let files: [String: [UInt8]]
        private(set) var reads: [String] = []
        init(_ files: [String: [UInt8]]) { self.files = files }
        func bytes(of href: String, maximumSize: Int) throws(ResourceError) -> [UInt8] {
            reads.append(href)
            guard let bytes = files[href] else { throw ResourceError("\(href) is missing from the book") }
            guard bytes.count <= maximumSize else { throw ResourceError("\(href) is too large") }
            return bytes
        }
    }

    static let red = Color(red: 220, green: 20, blue: 30)

    static func png(width: Int, height: Int, color: Color = red) throws -> [UInt8] {
        try PNGEncoder.encode(Bitmap(width: width, height: height, fill: color))
    }

    /// A layout of one block image per source, each declaring `size`, on pages of 300 × 200 pt.
    static func layout(_ sources: [String?], size: Size = Size(width: 40, height: 20)) throws -> BookLayout {
        var paragraphs: [Paragraph] = []
        var start = 0
        for (index, source) in sources.enumerated() {
            let attachment = TextAttachment(source: source, altText: "figure \(index)", intrinsicSize: size, presentation: .block)
            var units: [UInt16] = [0xFFFC]
            if index < sources.count - 1 { units.append(0x0A) }
            paragraphs.append(Paragraph(start: start, units: units, contentRange: 0..<1,
                                        runs: [AttributeRun(range: 0..<1, style: TextStyle(attachment: attachment))]))
            start += units.count
        }
        let fonts = try FontContext(source: .bundledOnly(directory: RenderFixtures.fontsDirectory))
        return try Typesetter(fonts: fonts).layout(try StyledText(paragraphs: paragraphs), settings: RenderFixtures.settings())
    }

    static func pixel(_ bitmap: Bitmap, at point: Point, scale: Double) -> Color {
        bitmap[x: Int(point.x * scale), y: Int(point.y * scale)]
    }

    static func centre(_ rect: Rect) -> Point { Point(x: (rect.minX + rect.maxX) / 2, y: (rect.minY + rect.maxY) / 2) }

    /// An SVG whose only size is a viewBox far past the pixel limits (the W3C suite's drawings: 46,296 × 40,689
    /// units) is drawn at its box, not refused: only the box is rasterised.
    @Test func anSVGDeclaringAHugeSizeIsDrawnAtItsBox() throws {
        let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 46296.26 40689.13"><rect width="46296.26" height="40689.13" fill="#dc141e"/></svg>"##
        let resources = Resources(["big.svg": Array(svg.utf8)])
        let layout = try Self.layout(["big.svg"], size: Size(width: 46296.26, height: 40689.13))
        let renderer = try PageRenderer()
        let bitmap = try renderer.render(page: 0, of: layout, appearance: RenderFixtures.appearance(), resources: resources)
        let placed = try #require(layout.attachments(onPage: 0).first)
        #expect(Self.pixel(bitmap, at: Self.centre(placed.rect), scale: 2) == Self.red)
        #expect(renderer.imageProblems.isEmpty, "\(renderer.imageProblems)")
    }

    @Test func anImageIsDrawnInItsBoxAndDecodedOnlyWhenItsPageIsDrawn() throws {
        let resources = Resources(["red.png": try Self.png(width: 40, height: 20)])
        let layout = try Self.layout(["red.png"])
        #expect(resources.reads.isEmpty)
        let renderer = try PageRenderer()
        let appearance = RenderFixtures.appearance()
        let bitmap = try renderer.render(page: 0, of: layout, appearance: appearance, resources: resources)
        let placed = try #require(layout.attachments(onPage: 0).first)
        #expect(Self.pixel(bitmap, at: Self.centre(placed.rect), scale: 2) == Self.red)
        // Just outside the box: the page.
        #expect(Self.pixel(bitmap, at: Point(x: placed.rect.minX - 1, y: Self.centre(placed.rect).y), scale: 2) == appearance.theme.background)
        #expect(renderer.imageProblems.isEmpty)
        #expect(resources.reads == ["red.png"])
        // Drawn again: from the cache, the same pixels; through the PNG path too.
        let again = try renderer.render(page: 0, of: layout, appearance: appearance, resources: resources)
        #expect(again == bitmap)
        #expect(resources.reads == ["red.png"])
        let png = try renderer.renderPNG(page: 0, of: layout, appearance: appearance, resources: resources)
        #expect(try PNGDecoder.decode(png) == bitmap)
    }

    @Test func onlyThePagesDrawnReadTheirImages() throws {
        // Five images of 40 × 150 pt: one per 160 pt page.
        let files = try Dictionary(uniqueKeysWithValues: (0..<5).map { ("i\($0).png", try Self.png(width: 40, height: 150)) })
        let resources = Resources(files)
        let layout = try Self.layout((0..<5).map { "i\($0).png" }, size: Size(width: 40, height: 150))
        #expect(layout.pages.count == 5)
        _ = try PageRenderer().render(page: 3, of: layout, resources: resources)
        #expect(resources.reads == ["i3.png"])
    }

    /// A missing image, a truncated one, bytes in no image format, a header declaring 50,000 × 50,000 pixels and an
    /// image without a source: each a placeholder of its declared size, each named in one problem line.
    @Test func imagesThatCannotBeDrawnArePlaceholdersWithOneProblemEach() throws {
        var png = try Self.png(width: 40, height: 20)
        var huge = png
        // The IHDR's width and height fields (a CRC mismatch too: the size is refused before that matters).
        for (offset, value) in [(16, 50_000), (20, 50_000)] {
            for k in 0..<4 { huge[offset + k] = UInt8((value >> (8 * (3 - k))) & 0xFF) }
        }
        png.removeLast(png.count / 2)
        let resources = Resources(["truncated.png": png, "text.png": Array("not an image".utf8), "huge.png": huge])
        let sources: [String?] = ["missing.png", "truncated.png", "text.png", "huge.png", nil]
        let layout = try Self.layout(sources)
        let renderer = try PageRenderer()
        let appearance = RenderFixtures.appearance()
        var drawn: [Bitmap] = []
        for page in layout.pages.indices {
            drawn.append(try renderer.render(page: page, of: layout, appearance: appearance, resources: resources))
        }
        let placed = layout.pages.indices.flatMap { page in layout.attachments(onPage: page).map { (page, $0) } }
        #expect(placed.count == 5)
        for (page, object) in placed {
            // The placeholder's border at its top-left corner: not the page's colour.
            #expect(object.rect.width == 40 && object.rect.height == 20)
            let corner = Point(x: object.rect.minX + 0.25, y: object.rect.minY + 0.25)
            #expect(Self.pixel(drawn[page], at: corner, scale: 2) != appearance.theme.background, "\(object.attachment.source ?? "nil")")
        }
        #expect(renderer.imageProblems.count == 5)
        for (problem, mention) in zip(renderer.imageProblems, ["missing.png", "truncated.png", "text.png", "huge.png", "figure 4"]) {
            #expect(problem.contains(mention) && problem.contains("placeholder") && !problem.contains("\n"), "\(problem)")
        }
        #expect(renderer.imageProblems[3].contains("50000"))
        // Drawn again: no new problem lines.
        _ = try renderer.render(page: 0, of: layout, appearance: appearance, resources: resources)
        #expect(renderer.imageProblems.count == 5)
    }

    /// Forty large images, each within the image limits, kept one page from being drawn: a page decodes at most
    /// `maximumPixelsPerPage`, a book `maximumPixelsPerBook`; past either, placeholders and one problem line. Here
    /// the budgets are made small: 1,000 × 1,000 images, three to a page, two and a half to a book.
    @Test func decodingStaysWithinAPageAndABookBudget() throws {
        let files = try Dictionary(uniqueKeysWithValues: (0..<5).map { ("i\($0).png", try Self.png(width: 1000, height: 1000)) })
        let resources = Resources(files)
        let layout = try Self.layout((0..<5).map { "i\($0).png" })
        let placed = layout.attachments(onPage: 0)
        #expect(placed.count == 5)
        let renderer = try PageRenderer()
        renderer.imageLimits.maximumPixelsPerPage = 3_500_000
        let appearance = RenderFixtures.appearance()
        let page = try renderer.render(page: 0, of: layout, appearance: appearance, resources: resources)
        let drawn = placed.map { Self.pixel(page, at: Self.centre($0.rect), scale: 2) == Self.red }
        #expect(drawn == [true, true, true, false, false])
        #expect(renderer.imageProblems.count == 1 && renderer.imageProblems[0].contains("3500000 decoded pixels a page may"),
                "\(renderer.imageProblems)")
        #expect(resources.reads.count == 5)  // the last two were read for their size, never decoded

        // A book: one image a page, 2.5 images' worth of budget; a new book starts afresh.
        let book = try Self.layout((0..<5).map { "i\($0).png" }, size: Size(width: 40, height: 150))
        #expect(book.pages.count == 5)
        let reader = try PageRenderer()
        reader.imageLimits.maximumPixelsPerBook = 2_500_000
        func drawsItsImage(_ index: Int) throws -> Bool {
            let bitmap = try reader.render(page: index, of: book, appearance: appearance, resources: resources)
            return Self.pixel(bitmap, at: Self.centre(try #require(book.attachments(onPage: index).first).rect), scale: 2) == Self.red
        }
        #expect(try (0..<5).map(drawsItsImage) == [true, true, false, false, false])
        #expect(reader.imageProblems.count == 1 && reader.imageProblems[0].contains("2500000 decoded pixels a book may"))
        reader.startBook()
        #expect(try drawsItsImage(4))
    }

    @Test func imageFiltersDarkenOrInvertAndDefaultToNone() throws {
        let resources = Resources(["red.png": try Self.png(width: 40, height: 20)])
        let layout = try Self.layout(["red.png"])
        let placed = try #require(layout.attachments(onPage: 0).first)
        func colour(_ filter: ImageFilter) throws -> Color {
            let appearance = Appearance(theme: .dark, pixelScale: 2, imageFilter: filter)
            return Self.pixel(try PageRenderer().render(page: 0, of: layout, appearance: appearance, resources: resources),
                              at: Self.centre(placed.rect), scale: 2)
        }
        #expect(try colour(.none) == Self.red)
        #expect(try colour(.darken) == Color(red: 154, green: 14, blue: 21))
        #expect(try colour(.invert) == Color(red: 35, green: 235, blue: 225))
    }

    /// A scroll page with images drawn by windows (issue 21's screens) gives the page drawn whole, pixel for pixel;
    /// a window that is not a rectangle is refused, never a trap.
    @Test func windowsOntoAScrollPageDrawItsImages() throws {
        let resources = Resources(Dictionary(uniqueKeysWithValues: try (0..<4).map { ("i\($0).png", try Self.png(width: 40, height: 90)) }))
        var paragraphs: [Paragraph] = []
        var start = 0
        for index in 0..<4 {
            let attachment = TextAttachment(source: "i\(index).png", intrinsicSize: Size(width: 40, height: 90), presentation: .block)
            let units: [UInt16] = [0xFFFC] + (index < 3 ? [0x0A] : [])
            paragraphs.append(Paragraph(start: start, units: units, contentRange: 0..<1,
                                        runs: [AttributeRun(range: 0..<1, style: TextStyle(attachment: attachment))]))
            start += units.count
        }
        let fonts = try FontContext(source: .bundledOnly(directory: RenderFixtures.fontsDirectory))
        let layout = try Typesetter(fonts: fonts).layout(try StyledText(paragraphs: paragraphs), settings: RenderFixtures.settings(),
                                                         mode: .scroll)
        let renderer = try PageRenderer()
        let appearance = RenderFixtures.appearance()
        let whole = try renderer.render(page: 0, of: layout, appearance: appearance, resources: resources)
        let height = layout.pages[0].size.height
        var tiles: [Bitmap] = []
        var top = 0.0
        while top < height {
            tiles.append(try renderer.render(page: 0, of: layout, appearance: appearance,
                                             window: Rect(x: 0, y: top, width: layout.pages[0].size.width, height: min(70, height - top)),
                                             resources: resources))
            top += 70
        }
        #expect(Bitmap(width: whole.width, height: tiles.reduce(0) { $0 + $1.height }, pixels: tiles.flatMap(\.pixels)) == whole)
        #expect(throws: RenderError.self) {
            try renderer.renderPNG(page: 0, of: layout, appearance: appearance, resources: resources,
                                   window: Rect(x: 0, y: 0, width: 10, height: -1))
        }
        #expect(renderer.imageProblems.isEmpty)
    }
}
