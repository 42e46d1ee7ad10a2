import Testing
import TypesetCore
@testable import TypesetRender

@Suite struct PageRendererTests {
    @Test func rendersThePageSizeWithBackgroundAndTextWhereTheLinesAre() throws {
        let settings = RenderFixtures.settings()
        let layout = try RenderFixtures.layout("Hello, world", settings: settings)
        let bitmap = try PageRenderer().render(page: 0, of: layout, appearance: RenderFixtures.appearance())

        #expect(bitmap.width == 600 && bitmap.height == 400)
        #expect(bitmap.pixels.count == 600 * 400 * 4)
        // Inside the left margin: untouched background.
        #expect(bitmap[x: 5, y: 5] == Theme.light.background)
        #expect(bitmap[x: 599, y: 399] == Theme.light.background)

        let lines = layout.lines(onPage: 0)
        let first = try #require(lines.first), last = try #require(lines.last)
        let inFirstLine = RenderFixtures.pixels(of: bitmap, in: first.rect, scale: 2)
        let dark = inFirstLine.filter { RenderFixtures.luma($0) < 64 }
        // Twelve characters of 19 pt text: hundreds of fully inked pixels, not a stray one.
        #expect(dark.count > 300, "only \(dark.count) dark pixels in the first line's box \(first.rect)")
        #expect(dark.contains(Theme.light.text), "no pixel has exactly the theme's text colour")

        let below = Rect(x: 0, y: last.rect.maxY + 1, width: 300, height: 200 - last.rect.maxY - 1)
        let inked = RenderFixtures.pixels(of: bitmap, in: below, scale: 2).filter { $0 != Theme.light.background }
        #expect(inked.isEmpty, "\(inked.count) pixels drawn below the last line")
        #expect(bitmap.isOpaque)
    }

    @Test func textFollowsTheGlyphPositions() throws {
        // Every dark pixel must sit near some glyph origin: catches a wrong scale or a y flip.
        let settings = RenderFixtures.settings()
        let layout = try RenderFixtures.layout("Hello, world. A second sentence wraps onto another line here.", settings: settings)
        let bitmap = try PageRenderer().render(page: 0, of: layout, appearance: RenderFixtures.appearance())
        let origins = layout.glyphRuns(onPage: 0).flatMap(\.positions)
        #expect(layout.lines(onPage: 0).count >= 2)
        var stray = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where RenderFixtures.luma(bitmap[x: x, y: y]) < 128 {
                // A 19 pt glyph reaches at most about an em right of and above its origin, a quarter em below.
                let near = origins.contains { o in
                    let px = o.x * 2, py = o.y * 2
                    return Double(x) >= px - 4 && Double(x) <= px + 40 && Double(y) >= py - 40 && Double(y) <= py + 12
                }
                if !near { stray += 1 }
            }
        }
        #expect(stray == 0)
    }

    @Test(arguments: [Theme.light, .sepia, .dark])
    func textContrastsWithTheBackground(theme: Theme) throws {
        let layout = try RenderFixtures.layout("Hello, world", settings: RenderFixtures.settings())
        let bitmap = try PageRenderer().render(page: 0, of: layout, appearance: RenderFixtures.appearance(theme))
        let line = try #require(layout.lines(onPage: 0).first)
        let lumas = RenderFixtures.pixels(of: bitmap, in: line.rect, scale: 2).map(RenderFixtures.luma)
        let background = RenderFixtures.luma(theme.background), text = RenderFixtures.luma(theme.text)
        #expect(bitmap[x: 0, y: 0] == theme.background)
        if theme.isDark {
            #expect(text > background)
            #expect((lumas.max() ?? 0) >= text - 1, "dark theme: the text should be lighter than the page")
            #expect(lumas.allSatisfy { $0 >= background - 1 }, "nothing darker than a dark page")
        } else {
            #expect(text < background)
            #expect((lumas.min() ?? 255) <= text + 1, "light theme: the text should be darker than the page")
            #expect(lumas.allSatisfy { $0 <= background + 1 }, "nothing lighter than a light page")
        }
    }

    @Test func customColoursAndTranslucentBackgroundsBlendAsSourceOver() throws {
        let red = Color(red: 200, green: 0, blue: 0)
        let theme = Theme.custom(background: Color(red: 0, green: 0, blue: 255, alpha: 0), text: red)
        let layout = try RenderFixtures.layout("Hello", settings: RenderFixtures.settings())
        let bitmap = try PageRenderer().render(page: 0, of: layout, appearance: RenderFixtures.appearance(theme))
        #expect(!bitmap.isOpaque)
        #expect(bitmap[x: 0, y: 0] == Color(red: 0, green: 0, blue: 255, alpha: 0))
        // Over a fully transparent page the result is the text colour at the coverage's opacity.
        let inked = bitmap.pixels.count / 4 - (0..<bitmap.width * bitmap.height).filter { bitmap.pixels[$0 * 4 + 3] == 0 }.count
        #expect(inked > 100)
        for i in 0..<(bitmap.width * bitmap.height) where bitmap.pixels[i * 4 + 3] > 0 {
            #expect(bitmap.pixels[i * 4] == 200 && bitmap.pixels[i * 4 + 1] == 0 && bitmap.pixels[i * 4 + 2] == 0)
        }
    }

    @Test func runColoursOverrideTheThemeText() throws {
        let units = Array("black red black".utf16)
        let red = Color(red: 220, green: 0, blue: 0)
        let paragraph = Paragraph(start: 0, units: units, contentRange: 0..<units.count,
                                  runs: [AttributeRun(range: 6..<9, style: TextStyle(color: red))])
        let fonts = try FontContext(source: .bundledOnly(directory: RenderFixtures.fontsDirectory))
        let layout = try Typesetter(fonts: fonts).layout(StyledText(paragraphs: [paragraph]),
                                                         settings: RenderFixtures.settings())
        let bitmap = try PageRenderer().render(page: 0, of: layout, appearance: RenderFixtures.appearance())
        let runs = layout.glyphRuns(onPage: 0)
        let redRun = try #require(runs.first { $0.color == red })
        let blackRun = try #require(runs.first { $0.color == nil })
        // From the first glyph's origin to the last one's: inside the run, clear of its neighbours.
        func colours(of run: GlyphRun) -> Set<Color> {
            let xs = run.positions.map(\.x), y = run.positions[0].y
            let box = Rect(x: xs.min()!, y: y - run.size, width: xs.max()! - xs.min()!, height: run.size)
            return Set(RenderFixtures.pixels(of: bitmap, in: box, scale: 2))
        }
        let inRed = colours(of: redRun), inBlack = colours(of: blackRun)
        #expect(inRed.contains(red) && !inRed.contains(Theme.light.text))
        #expect(inBlack.contains(Theme.light.text) && !inBlack.contains(red))
    }

    @Test func fallbackFacesFromOtherFilesRender() throws {
        // Hebrew, Arabic and CJK come from the Noto files through font fallback: one FreeType face each.
        let layout = try RenderFixtures.layout("Hello שלום مرحبا 漢字", settings: RenderFixtures.settings(page: Size(width: 400, height: 100)))
        let runs = layout.glyphRuns(onPage: 0)
        #expect(Set(runs.map(\.face.path)).count >= 3, "faces: \(Set(runs.map(\.face.description)))")
        let renderer = try PageRenderer()
        let bitmap = try renderer.render(page: 0, of: layout, appearance: RenderFixtures.appearance())
        #expect(renderer.statistics.failedGlyphs == 0)
        for run in runs {
            let xs = run.positions.map(\.x), y = run.positions[0].y
            let box = Rect(x: xs.min()!, y: y - run.size, width: xs.max()! - xs.min()! + run.size / 2, height: run.size * 1.3)
            let inked = RenderFixtures.pixels(of: bitmap, in: box, scale: 2).filter { RenderFixtures.luma($0) < 100 }
            #expect(inked.count > 20, "run in \(run.face) drew \(inked.count) dark pixels")
        }
    }

    @Test func outOfRangePagesThrow() throws {
        let layout = try RenderFixtures.layout("Hello, world", settings: RenderFixtures.settings())
        let renderer = try PageRenderer()
        for page in [-1, layout.pages.count, Int.max] {
            let error = try #require(throws: RenderError.self) { try renderer.render(page: page, of: layout, appearance: RenderFixtures.appearance()) }
            #expect(error.code == .pageOutOfRange)
            #expect(error.description.contains("\(page)"))
        }
    }

    @Test func pagesTooLargeForABitmapThrow() throws {
        #expect(throws: RenderError.self) { try PageRenderer.pixelSize(of: Size(width: 100_000, height: 100_000), scale: 16) }
        #expect(throws: RenderError.self) { try PageRenderer.pixelSize(of: Size(width: .infinity, height: 10), scale: 2) }
        let (w, h) = try PageRenderer.pixelSize(of: Size(width: 390.2, height: 844), scale: 2)
        #expect(w == 781 && h == 1688)
    }

    @Test func everyPageOfALongTextRendersAndTheCacheIsReused() throws {
        let sentence = "Typesetting is the composition of text by means of arranging glyphs. "
        let text = (0..<12).map { _ in String(repeating: sentence, count: 4) }.joined(separator: "\n")
        let layout = try RenderFixtures.layout(text, settings: RenderFixtures.settings())
        #expect(layout.pages.count > 2)
        let renderer = try PageRenderer()
        var previous: Bitmap?
        for page in layout.pages.indices {
            let bitmap = try renderer.render(page: page, of: layout, appearance: RenderFixtures.appearance())
            #expect(bitmap != previous)
            previous = bitmap
        }
        let stats = renderer.statistics
        #expect(stats.failedGlyphs == 0)
        #expect(stats.hits > stats.misses, "hits \(stats.hits), misses \(stats.misses)")
        // Rendering is deterministic: the same page twice gives the same pixels, cached or not.
        let again = try renderer.render(page: 0, of: layout, appearance: RenderFixtures.appearance())
        #expect(again == (try PageRenderer().render(page: 0, of: layout, appearance: RenderFixtures.appearance())))
    }

    @Test func hugeGlyphsAreRenderedClippedWithoutCaching() throws {
        // 400 pt at scale 16 is a 6,400 px em: above the cache's mask limit, so the clipped path draws it.
        var settings = RenderFixtures.settings(page: Size(width: 300, height: 500), margins: 0)
        settings.fontSize = 400
        let appearance = RenderFixtures.appearance(.light, scale: 16)
        settings.lineHeightMultiple = 0.6
        let layout = try RenderFixtures.layout("W", settings: settings)
        let renderer = try PageRenderer()
        let bitmap = try renderer.render(page: 0, of: layout, appearance: appearance)
        #expect(bitmap.width == 4800 && bitmap.height == 8000)
        #expect(renderer.statistics.cached == 0)
        #expect(renderer.statistics.failedGlyphs == 0)
        // The W's strokes cover a good share of the em square: sample a sparse grid and count inked points.
        var inked = 0
        for y in stride(from: 0, to: bitmap.height, by: 50) {
            for x in stride(from: 0, to: bitmap.width, by: 50) where bitmap[x: x, y: y] == Theme.light.text { inked += 1 }
        }
        // A W about 6,000 px wide and 4,000 px tall with strokes ~600 px wide: thousands of grid points.
        #expect(inked > 1000, "\(inked) inked grid points")
    }
}
