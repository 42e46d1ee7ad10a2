import Testing
import TypesetCore
@testable import TypesetRender

/// Links the book does not colour are drawn in the theme's link colour; a link with its own colour keeps it.
@Suite struct LinkDrawingTests {
    static func layout() throws -> BookLayout {
        let words: [(String, TextStyle)] = [("Plain words, ", .body), ("a link", TextStyle(link: "c.xhtml#n")), (" and ", .body),
                                            ("a red link", TextStyle(color: Color(red: 200, green: 0, blue: 0), link: "c.xhtml#m"))]
        var units: [UInt16] = [], runs: [AttributeRun] = []
        for (text, style) in words {
            runs.append(AttributeRun(range: units.count..<(units.count + text.utf16.count), style: style))
            units += Array(text.utf16)
        }
        let text = try StyledText(paragraphs: [Paragraph(start: 0, units: units, contentRange: 0..<units.count, runs: runs)])
        let fonts = try FontContext(source: .bundledOnly(directory: RenderFixtures.fontsDirectory))
        return try Typesetter(fonts: fonts).layout(text, settings: RenderFixtures.settings(page: Size(width: 400, height: 100)))
    }

    /// The colours of the pixels of `range`'s glyphs that are not the page's.
    static func inkColours(_ bitmap: Bitmap, _ layout: BookLayout, _ range: Range<Int>, background: Color) -> [Color] {
        var colours: [Color] = []
        for rect in layout.selectionRects(for: range) {
            for y in Int(rect.rect.minY * 2)..<Int(rect.rect.maxY * 2) {
                for x in Int(rect.rect.minX * 2)..<Int(rect.rect.maxX * 2) where bitmap[x: x, y: y] != background {
                    colours.append(bitmap[x: x, y: y])
                }
            }
        }
        return colours
    }

    @Test(arguments: [Theme.light, .sepia, .dark])
    func linksTakeTheThemesLinkColourUnlessTheBookColoursThem(theme: Theme) throws {
        let layout = try Self.layout()
        let appearance = Appearance(theme: theme, pixelScale: 2)
        let bitmap = try PageRenderer().render(page: 0, of: layout, appearance: appearance)
        let png = try PNGDecoder.decode(try PageRenderer().renderPNG(page: 0, of: layout, appearance: appearance))
        #expect(png == bitmap)
        let plain = Self.inkColours(bitmap, layout, 0..<11, background: theme.background)
        let link = Self.inkColours(bitmap, layout, 13..<19, background: theme.background)
        let red = Self.inkColours(bitmap, layout, 24..<34, background: theme.background)
        #expect(!plain.isEmpty && !link.isEmpty && !red.isEmpty)
        #expect(plain.contains(theme.text) && !plain.contains(theme.link))
        #expect(link.contains(theme.link) && !link.contains(theme.text))
        #expect(!red.contains(theme.link))
    }
}
