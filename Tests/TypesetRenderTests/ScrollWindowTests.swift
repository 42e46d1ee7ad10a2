import Testing
import TypesetCore
@testable import TypesetRender

/// A scroll page drawn by windows (screens, tiles) at any offset: windows that tile the page make the page drawn
/// whole, pixel for pixel, decorations included.
@Suite struct ScrollWindowTests {
    static func scrollLayout() throws -> BookLayout {
        let text = (1...40).map { "Paragraph \($0): the reader scrolls through a long section, line after line, screen after screen." }
            .joined(separator: "\n")
        let fonts = try FontContext(source: .bundledOnly(directory: RenderFixtures.fontsDirectory))
        return try Typesetter(fonts: fonts).layout(StyledText(plain: text), settings: RenderFixtures.settings(page: Size(width: 320, height: 500)),
                                                   mode: .scroll)
    }

    /// Stacks bitmaps of one width, top to bottom.
    static func stacked(_ tiles: [Bitmap]) -> Bitmap? {
        Bitmap(width: tiles[0].width, height: tiles.reduce(0) { $0 + $1.height }, pixels: tiles.flatMap(\.pixels))
    }

    /// Screens of several heights down the whole scroll page (the last one what is left) tile it exactly.
    @Test(arguments: [200.0, 333.5, 500, 1_000])
    func viewportsTileTheSectionExactly(height: Double) throws {
        let layout = try Self.scrollLayout()
        try #require(layout.pages.count == 1)
        let page = layout.pages[0]
        #expect(page.size.height > 2 * height || height >= 1_000)
        let renderer = try PageRenderer()
        let appearance = RenderFixtures.appearance()
        var decorations = DecorationSet(text: layout.text)
        decorations.apply([Decoration(id: "across", range: 400..<900, style: .highlight(tint: .yellow)),
                           Decoration(id: "line", range: 1_200..<1_500, style: .underline(tint: .blue))], in: "marks")
        for set in [nil, decorations] {
            let whole = try renderer.render(page: 0, of: layout, appearance: appearance, decorations: set)
            var tiles: [Bitmap] = []
            var top = 0.0
            while top < page.size.height {
                let window = Rect(x: 0, y: top, width: page.size.width, height: min(height, page.size.height - top))
                tiles.append(try renderer.render(page: 0, of: layout, appearance: appearance, decorations: set, window: window))
                top += height
            }
            #expect(tiles.count == Int((page.size.height / height).rounded(.up)))
            let together = try #require(Self.stacked(tiles))
            #expect(together == whole, "\(tiles.count) windows of \(height) pt do not make the page")
        }
    }

    /// A window at any offset (not on whole pixels, past the page's end, a tile narrower than the page) draws what
    /// lies there, at its own size; a window that is not a rectangle is refused.
    @Test func windowsAtAnyOffset() throws {
        let layout = try Self.scrollLayout()
        let renderer = try PageRenderer()
        let appearance = RenderFixtures.appearance()
        let odd = try renderer.render(page: 0, of: layout, appearance: appearance, window: Rect(x: 0, y: 123.4, width: 320, height: 77.7))
        #expect(odd.width == 640 && odd.height == 156)
        #expect(odd.pixels.contains { $0 < 128 }, "text in the window")
        let below = try renderer.render(page: 0, of: layout, appearance: appearance,
                                        window: Rect(x: 0, y: layout.pages[0].size.height + 10, width: 320, height: 50))
        #expect(Set(stride(from: 0, to: below.pixels.count, by: 4).map { below.pixels[$0] }).count == 1, "nothing below the page")
        let tile = try renderer.render(page: 0, of: layout, appearance: appearance, window: Rect(x: 160, y: 300, width: 160, height: 100))
        let whole = try renderer.render(page: 0, of: layout, appearance: appearance)
        #expect(tile[x: 10, y: 10] == whole[x: 330, y: 610])
        #expect(throws: RenderError.self) {
            try renderer.render(page: 0, of: layout, appearance: appearance, window: Rect(x: 0, y: .nan, width: 320, height: 10))
        }
        #expect(throws: RenderError.self) {
            try renderer.renderPNG(page: 0, of: layout, appearance: appearance, window: Rect(x: 0, y: 0, width: 320, height: -1))
        }
    }
}
