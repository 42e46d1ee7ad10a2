import Testing
import TypesetCore
@testable import TypesetRender

/// Highlights and underlines in the PNG renderer: fills behind the glyphs, lines below the baseline, blending
/// in the set's order, theme-adapted colours, and a bare page unchanged.
@Suite struct DecorationRenderingTests {
    static let text = "It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife.\nHowever little known the feelings or views of such a man may be."

    static func render(_ layout: BookLayout, _ set: DecorationSet?, theme: Theme = .light) throws -> Bitmap {
        try PageRenderer().render(page: 0, of: layout, appearance: RenderFixtures.appearance(theme), decorations: set)
    }

    /// `source` (straight alpha) over the opaque `destination`, as the renderer blends: round((s·a + d·(255 − a)) / 255).
    static func over(_ source: Color, _ destination: Color) -> Color {
        func mix(_ s: UInt8, _ d: UInt8) -> UInt8 {
            UInt8((Double(Int(s) * Int(source.alpha) + Int(d) * (255 - Int(source.alpha))) / 255).rounded())
        }
        return Color(red: mix(source.red, destination.red), green: mix(source.green, destination.green), blue: mix(source.blue, destination.blue))
    }

    static func close(_ a: Color, _ b: Color) -> Bool {
        abs(Int(a.red) - Int(b.red)) <= 1 && abs(Int(a.green) - Int(b.green)) <= 1 && abs(Int(a.blue) - Int(b.blue)) <= 1
    }

    /// The pixel one pixel inside the top-left corner of a rectangle in points: inside the line box but above
    /// the glyphs (the line's leading).
    static func topLeftPixel(of rect: Rect, in bitmap: Bitmap, scale: Double) -> Color {
        bitmap[x: Int((rect.minX * scale).rounded()) + 1, y: Int((rect.minY * scale).rounded()) + 1]
    }

    @Test func aBarePageIsUnchangedByAnEmptySetOrDecorationsElsewhere() throws {
        let settings = RenderFixtures.settings(page: Size(width: 300, height: 160))
        let layout = try RenderFixtures.layout(Self.text, settings: settings)
        try #require(layout.pages.count >= 2)
        let bare = try Self.render(layout, nil)
        var set = DecorationSet(text: layout.text)
        #expect(try Self.render(layout, set) == bare)
        // A highlight on page 2 only.
        let second = layout.pages[1].range
        set.apply([Decoration(id: "later", range: second.lowerBound..<(second.lowerBound + 10), style: .highlight())], in: "h")
        #expect(try Self.render(layout, set) == bare)
    }

    @Test func aHighlightFillsItsSelectionRectsBehindTheGlyphsAndNothingElse() throws {
        for theme in [Theme.light, .sepia, .dark] {
            let settings = RenderFixtures.settings()
            let layout = try RenderFixtures.layout(Self.text, settings: settings)
            let range = 8..<60  // crosses lines
            var set = DecorationSet(text: layout.text)
            set.apply([Decoration(id: "h", range: range, style: .highlight(tint: .yellow))], in: "h")
            let bare = try Self.render(layout, nil, theme: theme), drawn = try Self.render(layout, set, theme: theme)
            let rects = layout.selectionRects(for: range).filter { $0.page == 0 }
            try #require(rects.count >= 2)
            let expected = Self.over(DecorationTint.yellow.paint(on: theme).fill, theme.background)
            for r in rects {
                let pixel = Self.topLeftPixel(of: r.rect, in: drawn, scale: 2)
                #expect(Self.close(pixel, expected), "\(theme.name): fill \(pixel), expected \(expected)")
                // The glyphs are drawn over the fill: the rectangle still holds text-coloured pixels.
                let inside = RenderFixtures.pixels(of: drawn, in: r.rect, scale: 2)
                let text = theme.text
                #expect(inside.contains { Self.close($0, text) }, "\(theme.name): glyphs on top of the fill")
            }
            // Pixels outside every rectangle are the bare page's.
            var differing = 0, outside = 0
            for y in 0..<drawn.height {
                for x in 0..<drawn.width {
                    let point = Point(x: (Double(x) + 0.5) / 2, y: (Double(y) + 0.5) / 2)
                    let covered = rects.contains { $0.rect.insetBy(-0.5).contains(point) }
                    if covered { continue }
                    outside += 1
                    if drawn[x: x, y: y] != bare[x: x, y: y] { differing += 1 }
                }
            }
            #expect(outside > 10_000 && differing == 0, "\(theme.name): \(differing) pixels changed outside the highlight")
        }
    }

    @Test func overlappingHighlightsBlendInTheSetsOrder() throws {
        let settings = RenderFixtures.settings()
        let layout = try RenderFixtures.layout(Self.text, settings: settings)
        var set = DecorationSet(text: layout.text)
        set.apply([Decoration(id: "yellow", range: 0..<20, style: .highlight(tint: .yellow))], in: "a")
        set.apply([Decoration(id: "blue", range: 10..<30, style: .highlight(tint: .blue))], in: "b")
        let drawn = try Self.render(layout, set)
        let bg = Theme.light.background
        let yellow = DecorationTint.yellow.paint(on: .light).fill, blue = DecorationTint.blue.paint(on: .light).fill
        let onlyYellow = try #require(layout.firstRect(for: 2..<3)), both = try #require(layout.firstRect(for: 14..<15))
        let onlyBlue = try #require(layout.firstRect(for: 25..<26))
        #expect(Self.close(Self.topLeftPixel(of: onlyYellow.rect, in: drawn, scale: 2), Self.over(yellow, bg)))
        #expect(Self.close(Self.topLeftPixel(of: onlyBlue.rect, in: drawn, scale: 2), Self.over(blue, bg)))
        let mixed = Self.topLeftPixel(of: both.rect, in: drawn, scale: 2)
        #expect(Self.close(mixed, Self.over(blue, Self.over(yellow, bg))), "blue (upper group) over yellow: \(mixed)")
        #expect(!Self.close(mixed, Self.over(yellow, Self.over(blue, bg))), "the order is visible")
    }

    @Test func underlinesSitBelowTheBaselineAndActiveMeansFillPlusUnderline() throws {
        for theme in [Theme.light, .dark] {
            let settings = RenderFixtures.settings()
            let layout = try RenderFixtures.layout(Self.text, settings: settings)
            let line = layout.lines(onPage: 0)[0]
            var set = DecorationSet(text: layout.text)
            set.apply([Decoration(id: "u", range: 0..<5, style: .underline(tint: .green)),
                       Decoration(id: "active", range: 8..<13, style: .highlight(tint: .pink, isActive: true))], in: "g")
            let drawn = try Self.render(layout, set, theme: theme)
            let underlineY = Int(((line.baseline + 19 * 0.1) * 2).rounded())  // first pixel row of the line
            let plain = try #require(layout.firstRect(for: 0..<5)).rect
            let active = try #require(layout.firstRect(for: 8..<13)).rect
            // Probe x between glyph ink: scan the row for a pixel of the line colour.
            func row(_ rect: Rect, _ y: Int) -> [Color] {
                (Int(rect.minX * 2) + 1 ..< Int(rect.maxX * 2) - 1).map { drawn[x: $0, y: y] }
            }
            let green = DecorationTint.green.paint(on: theme).line, pink = DecorationTint.pink.paint(on: theme)
            #expect(row(plain, underlineY).filter { $0 == green }.count > 10, "\(theme.name): underline of u")
            #expect(row(plain, underlineY - 4).allSatisfy { $0 != green }, "\(theme.name): the line is below the baseline only")
            #expect(Self.close(Self.topLeftPixel(of: plain, in: drawn, scale: 2), theme.background), "an underline has no fill")
            #expect(row(active, underlineY).filter { $0 == pink.line }.count > 10, "\(theme.name): active adds the underline")
            #expect(Self.close(Self.topLeftPixel(of: active, in: drawn, scale: 2), Self.over(pink.fill, theme.background)),
                    "\(theme.name): active keeps the fill")
        }
    }

    @Test func tintsAdaptToTheTheme() {
        let light = DecorationTint.yellow.paint(on: .light), sepia = DecorationTint.yellow.paint(on: .sepia)
        let dark = DecorationTint.yellow.paint(on: .dark)
        #expect(light.fill.alpha == 89 && sepia.fill.alpha == 102 && dark.fill.alpha == 77)
        #expect(sepia.fill.green < light.fill.green, "a deeper, more orange yellow on cream paper")
        #expect(RenderFixtures.luma(dark.line) > RenderFixtures.luma(light.line), "lines are bright on dark pages, dark on light ones")
        // A custom theme follows its background's darkness.
        let night = Theme.custom(background: Color(red: 0, green: 0, blue: 40), text: .white)
        #expect(DecorationTint.yellow.paint(on: night) == dark)
        // A translucent custom tint keeps its alpha.
        let chosen = Color(red: 10, green: 200, blue: 10, alpha: 40)
        #expect(DecorationTint.custom(chosen).paint(on: .dark).fill == chosen)
    }
}

extension Rect {
    /// The rectangle grown by `amount` points on every side (negative `amount`: grown; tests only).
    func insetBy(_ amount: Double) -> Rect {
        Rect(x: minX + amount, y: minY + amount, width: width - 2 * amount, height: height - 2 * amount)
    }
}
