import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// Pages of boxes (opaque and translucent backgrounds, borders in every style, rounded corners, a background image)
/// drawn as palette indices (`renderPNG`) are exactly the pixels of the RGBA bitmap (`render`): an opaque fill is
/// stored as its colour's index without a blend, which must give what the blend gives.
@Suite struct BoxPaletteCanvasTests {
    static let css = """
        .a { background: #c81e28; padding: 6px }
        .b { background: rgba(30, 90, 200, 0.4); border: 3px double #204080; padding: 4px }
        .c { border: 2px dotted #555; border-radius: 8px; background: #f0e0a0 }
        .d { border-left: 6px solid #2a6; border-bottom: 1px dashed rgba(0, 0, 0, 0.5); background: #fff }
        .e { border: 4px groove #a52; background-color: #e8f0ff; padding: 1em }
        """

    static let body = (0..<4).map { i in
        ["a", "b", "c", "d", "e"].map { "<div class='\($0)'><p>Box \($0)\(i): words enough to fill a line or two of the box here.</p></div>" }.joined()
    }.joined()

    @Test(arguments: [Theme.light, .sepia, .dark])
    func boxPagesDrawTheSamePixelsOnBothCanvases(theme: Theme) throws {
        var options = EPUBReader.Options()
        options.media = MediaEnvironment(settings: Reftest.settings)
        let book = Reftest.Book(body: Self.body, css: Self.css)
        let read = try EPUBReader(options: options).read(bytes: try Reftest.archive(book), name: "boxes.epub")
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts())
            .layout(read.publication.text, settings: Reftest.settings.typography, mode: Reftest.settings.mode)
        let renderer = try PageRenderer()
        let appearance = Appearance(theme: theme, pixelScale: 2)
        #expect(layout.pages.count >= 2)
        for page in layout.pages.indices {
            let png = try renderer.renderPNG(page: page, of: layout, appearance: appearance, resources: read.publication.resourceLoader)
            let bitmap = try renderer.render(page: page, of: layout, appearance: appearance, resources: read.publication.resourceLoader)
            #expect(try PNGDecoder.decode(png) == bitmap, "page \(page), \(theme)")
            if page == 0 {
                // Boxes are drawn: the page holds the text's blends and at least the boxes' own colours.
                var colours = Set<UInt32>()
                for p in stride(from: 0, to: bitmap.pixels.count, by: 4) {
                    colours.insert(UInt32(bitmap.pixels[p]) << 16 | UInt32(bitmap.pixels[p + 1]) << 8 | UInt32(bitmap.pixels[p + 2]))
                }
                #expect(colours.count > 20, "\(theme): \(colours.count) colours")
            }
        }
    }
}
