import Testing
import TypesetCore
@testable import TypesetRender
import TypesetTestSupport

/// A book's colours, backgrounds, text decorations and table boxes drawn, and made readable on the theme's page.
@Suite struct BookStyleRenderingTests {
    /// One paragraph of `string` whose `range` has `style`.
    static func layout(_ string: String, range: Range<Int>, style: TextStyle, paragraphStyle: ParagraphStyle = .body) throws -> BookLayout {
        let units = Array((string + "\n").utf16)
        let paragraph = Paragraph(start: 0, units: units, contentRange: 0..<(units.count - 1),
                                  runs: [AttributeRun(range: range, style: style)], style: paragraphStyle)
        return try layout(try StyledText(paragraphs: [paragraph]))
    }

    /// Lays out `text` with a fresh, hermetic font context (as `RenderFixtures.layout` does for plain text).
    static func layout(_ text: StyledText) throws -> BookLayout {
        let fonts = try FontContext(source: .bundledOnly(directory: RenderFixtures.fontsDirectory))
        return try Typesetter(fonts: fonts).layout(text, settings: RenderFixtures.settings())
    }

    /// The darkest (on a light page) or lightest (on a dark one) pixel of `rect`: the ink.
    static func ink(_ bitmap: Bitmap, in rect: Rect, dark: Bool) -> Color {
        let pixels = RenderFixtures.pixels(of: bitmap, in: rect, scale: 2)
        return (dark ? pixels.max { RenderFixtures.luma($0) < RenderFixtures.luma($1) } : pixels.min { RenderFixtures.luma($0) < RenderFixtures.luma($1) }) ?? .white
    }

    /// A colour that reads on the page stays as the book has it; black text on a dark page takes the theme's text
    /// colour; dark blue becomes a lighter blue there, with enough contrast.
    @Test func colorsAreMadeReadableOnDarkPages() throws {
        #expect(Theme.light.readable(text: Color(red: 0x8B, green: 0, blue: 0)) == Color(red: 0x8B, green: 0, blue: 0))
        #expect(Theme.dark.readable(text: .black) == Theme.dark.text)
        let navy = Color(red: 0, green: 0, blue: 0x80)
        let lifted = Theme.dark.readable(text: navy)
        #expect(Theme.contrast(lifted, Theme.dark.background) >= Theme.minimumContrast)
        #expect(lifted.blue > lifted.red && lifted.blue > lifted.green, "\(lifted) is still blue")
        // White text (a book made for a dark page) on a light page is darkened.
        #expect(Theme.contrast(Theme.light.readable(text: .white), Theme.light.background) >= Theme.minimumContrast)
        // A pale background becomes a deep one of the same hue on a dark page, so the light text reads on it.
        let cream = Color(red: 0xFF, green: 0xFF, blue: 0x99)
        let deep = Theme.dark.readable(background: cream)
        #expect(Theme.contrast(Theme.dark.text, deep) >= Theme.minimumContrast && deep.red == deep.green && deep.blue < deep.red)
        #expect(Theme.light.readable(background: cream) == cream)
        // On sepia, a book's colours as printed on its paper: white is the page, a light grey a little darker, and
        // a colour keeps its hue.
        #expect(Theme.sepia.readable(background: .white) == Theme.sepia.background)
        let grey = Theme.sepia.readable(background: Color(red: 0xEE, green: 0xEE, blue: 0xEE))
        #expect(Theme.luminance(grey) < Theme.luminance(Theme.sepia.background) && grey.red > grey.blue, "\(grey)")
        let blue = Theme.sepia.readable(background: Color(red: 0xBE, green: 0xD4, blue: 0xEB))
        #expect(blue.blue > blue.red, "\(blue)")

        // Drawn: the navy word's ink on a dark page is the lifted colour, not navy.
        let layout = try Self.layout("Some navy words.", range: 5..<9, style: TextStyle(color: navy))
        let bitmap = try PageRenderer().render(page: 0, of: layout, appearance: RenderFixtures.appearance(.dark))
        let rects = layout.selectionRects(for: 5..<9)
        let ink = Self.ink(bitmap, in: try #require(rects.first).rect, dark: true)
        #expect(ink.blue > ink.red && RenderFixtures.luma(ink) > RenderFixtures.luma(navy) + 40, "\(ink)")
    }

    /// A run's own background is what its text is drawn on, on a page without any box too: white words on a navy
    /// run stay light on every theme (made readable on the page, they were greyed to nearly navy).
    @Test(arguments: [Theme.light, .sepia, .dark])
    func aRunsOwnBackgroundIsItsGround(_ theme: Theme) throws {
        let navy = Color(red: 0x1A, green: 0x23, blue: 0x7E)
        let layout = try Self.layout("Some white words.", range: 5..<10, style: TextStyle(color: .white, backgroundColor: navy))
        #expect(layout.pages[0].boxes.isEmpty)
        let bitmap = try PageRenderer().render(page: 0, of: layout, appearance: Appearance(theme: theme, pixelScale: 2))
        let rect = try #require(layout.selectionRects(for: 5..<10).first).rect
        let ground = theme.readable(background: navy)
        // The drawn text: the pixel of the run's box farthest in luminance from its background.
        let ink = RenderFixtures.pixels(of: bitmap, in: rect, scale: 2).max {
            abs(Theme.luminance($0) - Theme.luminance(ground)) < abs(Theme.luminance($1) - Theme.luminance(ground))
        }
        let contrast = Theme.contrast(try #require(ink), ground)
        #expect(contrast >= 4.4, "\(theme): \(String(describing: ink)) on \(ground), contrast \(contrast)")
    }

    /// Underline and line-through are drawn across their run; a background fills the run's line box.
    @Test func decorationsAndBackgroundsAreDrawn() throws {
        let string = "Some underlined words here."
        let plain = try Self.layout(string, range: 0..<4, style: TextStyle())
        let underlined = try Self.layout(string, range: 5..<15, style: TextStyle(decoration: .underline))
        let struck = try Self.layout(string, range: 5..<15, style: TextStyle(decoration: .lineThrough))
        let filled = try Self.layout(string, range: 5..<15, style: TextStyle(backgroundColor: Color(red: 0xFF, green: 0xFF, blue: 0)))
        let renderer = try PageRenderer()
        let bare = try renderer.render(page: 0, of: plain, appearance: RenderFixtures.appearance())
        let run = try #require(underlined.glyphRuns(onPage: 0).first { $0.range.lowerBound == 5 })
        #expect(run.decoration == .underline)
        // Below the baseline, between two letters' descenders: ink where the underline is, page where it is not.
        let underY = Int(((run.baseline + run.size * 0.13) * 2).rounded()), midX = Int(((run.minX + run.maxX) / 2 * 2).rounded())
        let drawn = try renderer.render(page: 0, of: underlined, appearance: RenderFixtures.appearance())
        #expect(RenderFixtures.luma(drawn[x: midX, y: underY]) < 100 && RenderFixtures.luma(bare[x: midX, y: underY]) > 200)
        // The PNG path draws the same pixels as the bitmap path.
        let png = try renderer.renderPNG(page: 0, of: underlined, appearance: RenderFixtures.appearance())
        #expect(try PNGDecoder.decode(png) == drawn)
        let through = try renderer.render(page: 0, of: struck, appearance: RenderFixtures.appearance())
        let throughY = Int(((run.baseline - run.size * 0.3 + run.size * 0.03) * 2).rounded())
        #expect(RenderFixtures.luma(through[x: Int((run.minX + 1) * 2), y: throughY]) < 100)
        // The background fills the line box, above the glyphs too.
        let background = try renderer.render(page: 0, of: filled, appearance: RenderFixtures.appearance())
        let fillRun = try #require(filled.glyphRuns(onPage: 0).first { $0.range.lowerBound == 5 })
        let top = background[x: midX, y: Int((fillRun.lineTop * 2).rounded()) + 1]
        #expect(top.red > 240 && top.green > 240 && top.blue < 30, "\(top)")
    }

    /// `text-underline-position: under` draws the underline below the descenders, at the face's descent; without
    /// it the underline sits just under the baseline, where the descenders cross it.
    @Test func anUnderlineUnderTheDescenders() throws {
        let string = "Some jumpy glyphs here."
        let renderer = try PageRenderer()
        func inkRows(_ decoration: TextDecorationLines) throws -> (rows: Set<Int>, run: GlyphRun) {
            let layout = try Self.layout(string, range: 5..<17, style: TextStyle(decoration: decoration))
            let run = try #require(layout.glyphRuns(onPage: 0).first { $0.range.lowerBound == 5 })
            let bitmap = try renderer.render(page: 0, of: layout, appearance: RenderFixtures.appearance())
            // Rows below the baseline where the underline runs the whole run's width (a line, not a descender).
            var rows = Set<Int>()
            let x0 = Int((run.minX * 2).rounded()) + 2, x1 = Int((run.maxX * 2).rounded()) - 2
            for y in Int((run.baseline * 2).rounded())..<Int((run.lineBottom * 2).rounded())
            where (x0..<x1).allSatisfy({ RenderFixtures.luma(bitmap[x: $0, y: y]) < 160 }) { rows.insert(y) }
            return (rows, run)
        }
        let (atBaseline, run) = try inkRows(.underline)
        let (under, _) = try inkRows([.underline, .underlineBelowDescenders])
        let descent = Int(((run.baseline + run.face.descent * run.size) * 2).rounded())
        #expect(!atBaseline.isEmpty && atBaseline.allSatisfy { $0 < descent - 4 }, "\(atBaseline.sorted()) vs descent \(descent)")
        #expect(!under.isEmpty && under.allSatisfy { $0 >= descent - 1 }, "\(under.sorted()) vs descent \(descent)")
    }

    /// A table's borders and cell backgrounds are drawn where the layout's boxes are.
    @Test func tableBoxesAreDrawn() throws {
        let cell = { (column: Int) in
            TableCell(table: 0, row: 0, column: column, border: 0.1, borderColor: Color(red: 0, green: 0x5A, blue: 0x9C),
                      background: column == 0 ? Color(hex: "#eeeeff") : nil)
        }
        var paragraphs: [Paragraph] = []
        var start = 0
        for (column, string) in ["Left", "Right"].enumerated() {
            let units = Array((string + "\n").utf16)
            paragraphs.append(Paragraph(start: start, units: units, contentRange: 0..<(units.count - 1),
                                        style: ParagraphStyle(tableCell: cell(column))))
            start += units.count
        }
        let layout = try Self.layout(try StyledText(paragraphs: paragraphs))
        let boxes = layout.pages[0].boxes
        #expect(boxes.count == 2)
        let bitmap = try PageRenderer().render(page: 0, of: layout, appearance: RenderFixtures.appearance())
        let first = boxes[0].rect
        let edge = bitmap[x: Int((first.minX * 2).rounded()), y: Int((first.center.y * 2).rounded())]
        #expect(edge.blue > edge.red + 60, "the border is drawn in its colour: \(edge)")
        let inside = bitmap[x: Int(((first.minX + 3) * 2).rounded()), y: Int(((first.minY + 3) * 2).rounded())]
        #expect(inside == Color(hex: "#eeeeff"))
    }
}
