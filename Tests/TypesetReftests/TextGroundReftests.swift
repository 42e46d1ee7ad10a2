import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// A book's text colour is made readable on what it is drawn on (Theme+ReadableColors.swift): the background of the
/// box under it (a block's, a table cell's, an inline element's, a formula element's), as the theme draws that
/// background, else the page. White text in a navy box is the book's own contrast and stays white on every theme;
/// text that would not read on its box is moved away from the box's lightness, not towards the page's ink.
///
/// A generated family: 6 containers × 7 backgrounds × 6 text colours × 3 themes, measured on the pixels. The drawn
/// text is the pixel inside the box's background farthest in luminance from it.
@Suite struct TextGroundReftests {
    static let grounds = ["#1a237e", "#000000", "#404040", "#006400", "#b22222", "#ffffcc", "#808080"]
    static let texts = ["#ffffff", "#ffff00", "#000000", "#777777", "#cc0000", "#000080"]
    static let themes: [(name: String, theme: Theme)] = [("light", .light), ("sepia", .sepia), ("dark", .dark)]

    /// Containers of text drawn on a background.
    static let containers = ["block", "cell", "span", "padded span", "formula", "formula token"]

    /// The markup of container `name` with text colour `text` on background `ground`.
    static func markup(_ name: String, _ text: String, _ ground: String) -> String {
        switch name {
        case "block": "<div style='background-color: \(ground); color: \(text); padding: 6px'>Ground wh</div>"
        case "cell": "<table><tr><th style='background: \(ground); color: \(text); padding: 6px'>Ground wh</th></tr></table>"
        case "span": "<p>Ab <span style='background: \(ground); color: \(text)'>Ground wh</span> cd</p>"
        case "padded span": "<p>Ab <span style='background: \(ground); color: \(text); padding: 0 4px'>Ground wh</span> cd</p>"
        case "formula token":
            "<p><math xmlns='http://www.w3.org/1998/Math/MathML' mathsize='2em'><mn>2</mn><mstyle mathbackground='\(ground)' "
                + "mathcolor='\(text)' mathvariant='bold'><mi>x</mi></mstyle></math></p>"
        default:
            "<p><math xmlns='http://www.w3.org/1998/Math/MathML'><mstyle mathbackground='\(ground)' mathcolor='\(text)' mathsize='2em'><mi>W</mi><mi>H</mi></mstyle></math></p>"
        }
    }

    static func color(_ hex: String) -> Color {
        let value = Int(hex.dropFirst(), radix: 16) ?? 0
        return Color(red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// The text colour drawn inside the box of background `ground` as the theme draws it (nil: no such box drawn).
    static func drawnText(_ page: Bitmap, ground: Color) -> Color? {
        var x0 = page.width, y0 = page.height, x1 = -1, y1 = -1
        // Pixels inside the background: of its colour with their four neighbours (an anti-aliased edge of other text
        // can be that colour by chance, never a block of it).
        func inside(_ x: Int, _ y: Int) -> Bool {
            page[x: x, y: y] == ground && page[x: x - 1, y: y] == ground && page[x: x + 1, y: y] == ground
                && page[x: x, y: y - 1] == ground && page[x: x, y: y + 1] == ground
        }
        for y in 1..<(page.height - 1) { for x in 1..<(page.width - 1) where inside(x, y) {
            x0 = min(x0, x); x1 = max(x1, x); y0 = min(y0, y); y1 = max(y1, y)
        } }
        guard x1 > x0, y1 > y0 else { return nil }
        let level = Theme.luminance(ground)
        var text = ground
        for y in y0...y1 { for x in x0...x1 where abs(Theme.luminance(page[x: x, y: y]) - level) > abs(Theme.luminance(text) - level) {
            text = page[x: x, y: y]
        } }
        return text
    }

    @Test(arguments: containers)
    func bookColoursReadOnTheirOwnGround(container name: String) throws {
        var failures: [String] = []
        for (themeName, theme) in Self.themes {
            var settings = Reftest.settings
            settings.appearance = Appearance(theme: theme, pixelScale: 2)
            settings.typography.pageSize = Size(width: 240, height: 110)
            for groundHex in Self.grounds {
                for textHex in Self.texts where textHex != groundHex {
                    let rendering = try Reftest.render(Reftest.Book(body: Self.markup(name, textHex, groundHex)), settings: settings)
                    let page = try #require(rendering.pages.first)
                    let book = Self.color(textHex), ground = theme.readable(background: Self.color(groundHex))
                    guard let drawn = Self.drawnText(page, ground: ground) else {
                        failures.append("\(themeName) \(textHex) on \(groundHex): no box drawn"); continue
                    }
                    let contrast = Theme.contrast(drawn, ground)
                    // Anti-aliased edges aside, the glyphs' cores are the colour chosen; 4.5:1 less rounding.
                    if contrast < 4.4 {
                        failures.append("\(themeName) \(textHex) on \(groundHex): drawn \(drawn), contrast \(contrast)")
                    }
                    // The book's own contrast, where the theme draws its box as it is, is kept exactly.
                    if ground == Self.color(groundHex), Theme.contrast(book, ground) >= Theme.minimumContrast, drawn != book {
                        failures.append("\(themeName) \(textHex) on \(groundHex): drawn \(drawn), not the book's colour")
                    }
                }
            }
        }
        let total = Self.themes.count * Self.grounds.count * Self.texts.count
        #expect(failures.isEmpty, Comment(rawValue: "\(name): \(failures.count) of \(total):\n" + failures.prefix(12).joined(separator: "\n")))
    }
}
