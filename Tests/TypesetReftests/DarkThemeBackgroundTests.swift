import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// A book's background images under the reader's dark theme. A picture made for dark ink (a children's book's
/// pale illustration behind its text) would leave the theme's light text unreadable, so an image with text over it
/// is dimmed until the text contrasts with its brightest pixel by WCAG's 4.5:1; a picture without text over it,
/// and every image on a light theme, is drawn as it is. Measured on the pixels: the text's against the image's
/// around it (the box's padding).
@Suite struct DarkThemeBackgroundTests {
    static let padding = 12.0

    /// What a box drew: the brightest pixel of its text (inside its padding) and every pixel of its padding's top
    /// strip (the image alone), on the first page.
    struct Drawn {
        var text: Color
        var padding: [Color]
        var page: Bitmap
        var box: (x0: Int, y0: Int, x1: Int, y1: Int)
    }

    /// Reads a book whose `.box` has `style` (and the padding), lays it out and draws its first page for `theme`.
    static func draw(_ style: String, body: String = BackgroundImageReftests.text, theme: Theme,
                     filter: ImageFilter = .none, color: String? = nil) throws -> Drawn {
        var settings = Reftest.settings
        settings.appearance = Appearance(theme: theme, pixelScale: 2, imageFilter: filter)
        let css = ".box { \(style); padding: \(padding)px } " + (color.map { ".box p { color: \($0) }" } ?? "")
        let book = Reftest.Book(body: "<p>Before the box.</p><div class='box'>\(body)</div><p>After the box.</p>", css: css,
                                files: try BackgroundImageReftests.files() + lightFiles())
        var options = EPUBReader.Options()
        options.media = MediaEnvironment(settings: settings)
        let read = try EPUBReader(options: options).read(bytes: try Reftest.archive(book), name: "dark.epub")
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(read.publication.text, settings: settings.typography)
        let page = try PageRenderer().render(page: 0, of: layout, appearance: settings.appearance, resources: read.publication.resourceLoader)
        let box = try #require(layout.pages.first?.boxes.first { !$0.images.isEmpty }, "the box has its image")
        let scale = settings.appearance.pixelScale
        let x0 = Int((box.rect.minX * scale).rounded()), x1 = Int((box.rect.maxX * scale).rounded())
        let y0 = Int((box.rect.minY * scale).rounded()), y1 = Int((box.rect.maxY * scale).rounded())
        let inset = Int(padding * scale)
        var strip: [Color] = []
        for y in (y0 + 1)..<(y0 + inset - 1) { for x in (x0 + 1)..<(x1 - 1) { strip.append(page[x: x, y: y]) } }
        var text = page[x: x0 + inset, y: y0 + inset]
        // The text's colour: the pixel inside the padding farthest in luminance from the padding's own.
        let ground = Theme.luminance(strip.max { Theme.luminance($0) < Theme.luminance($1) } ?? text)
        for y in (y0 + inset)..<(y1 - inset) {
            for x in (x0 + inset)..<(x1 - inset) where abs(Theme.luminance(page[x: x, y: y]) - ground) > abs(Theme.luminance(text) - ground) {
                text = page[x: x, y: y]
            }
        }
        return Drawn(text: text, padding: strip, page: page, box: (x0, y0, x1, y1))
    }

    /// Light pictures: white, paper, a pale two-tone, a light grey (each 10 × 10 pixels, 20 × 10 for two tones).
    static let light: [(name: String, left: Color, right: Color)] = [
        ("white", Color(red: 255, green: 255, blue: 255), Color(red: 255, green: 255, blue: 255)),
        ("paper", Color(red: 0xF4, green: 0xEB, blue: 0xD0), Color(red: 0xF4, green: 0xEB, blue: 0xD0)),
        ("pale", Color(red: 0xFF, green: 0xF8, blue: 0xE0), Color(red: 0xD8, green: 0xE8, blue: 0xFF)),
        ("grey", Color(red: 0xC0, green: 0xC0, blue: 0xC0), Color(red: 0xB0, green: 0xB0, blue: 0xB0)),
    ]

    static func lightFiles() throws -> [(name: String, bytes: [UInt8])] {
        try light.map { ("images/\($0.name).png", try BackgroundImageReftests.png(20, 10, $0.left, $0.right)) }
    }

    static func contrast(_ drawn: Drawn) -> Double {
        let brightest = drawn.padding.max { Theme.luminance($0) < Theme.luminance($1) } ?? drawn.text
        return Theme.contrast(drawn.text, brightest)
    }

    static let darkThemes: [Theme] = [.dark, .custom(background: Color(red: 0, green: 0, blue: 0), text: Color(red: 255, green: 255, blue: 255)),
                                      .custom(background: Color(red: 0x20, green: 0x28, blue: 0x30), text: Color(red: 0xC8, green: 0xD0, blue: 0xA0))]

    /// Every light picture under text, on every dark theme, in the theme's text colour and in a book's colours
    /// (a red the theme makes readable, a grey the theme replaces): the text contrasts with the picture around it
    /// by at least 4.5:1, and the picture is still there (not the page's colour, its two tones still two).
    @Test(arguments: light.map(\.name), [nil, "#b22222", "#555"])
    func textOverALightPictureReadsOnADarkTheme(_ image: String, _ color: String?) throws {
        for theme in Self.darkThemes {
            let drawn = try Self.draw("background: url(images/\(image).png)", theme: theme, color: color)
            let ratio = Self.contrast(drawn)
            #expect(ratio >= Theme.minimumContrast, "\(image) on \(theme.name) \(theme.background), text \(color ?? "theme"): contrast \(ratio)")
            #expect(!drawn.padding.contains(theme.background), "\(image) on \(theme.name): the picture is drawn, not removed")
            let tones = Set(drawn.padding)
            let entry = try #require(Self.light.first { $0.name == image })
            if entry.left == entry.right {
                #expect(tones.count == 1, "\(image): one tone, \(tones)")
            } else {
                #expect(tones.count >= 2, "\(image): the picture's tones kept apart: \(tones)")
            }
        }
    }

    /// The same picture, dimmed, keeps its hue: paper stays warm (red above blue).
    @Test func aDimmedPictureKeepsItsHue() throws {
        let drawn = try Self.draw("background: url(images/paper.png)", theme: .dark)
        let pixel = try #require(drawn.padding.first)
        #expect(pixel.red > pixel.blue && pixel.green > pixel.blue, "\(pixel)")
        #expect(Theme.luminance(pixel) < Theme.luminance(Color(red: 0xF4, green: 0xEB, blue: 0xD0)))
    }

    /// On the light theme and on sepia nothing changes: the picture's pixels are its own and the text reads on it
    /// as the book made it.
    @Test(arguments: light.map(\.name))
    func aLightThemeDrawsThePictureAsItIs(_ image: String) throws {
        let entry = try #require(Self.light.first { $0.name == image })
        for theme in [Theme.light, .sepia] {
            let drawn = try Self.draw("background: url(images/\(image).png)", theme: theme)
            // The image's own pixels (and, where it is scaled to the page's pixels, blends of its two tones).
            let tones = Set(drawn.padding)
            let low = min(Theme.luminance(entry.left), Theme.luminance(entry.right))
            #expect(tones.isSuperset(of: [entry.left, entry.right]), "\(image) on \(theme.name): \(tones)")
            #expect(tones.allSatisfy { Theme.luminance($0) >= low - 0.01 }, "\(image) on \(theme.name): not dimmed, \(tones)")
            #expect(Self.contrast(drawn) >= Theme.minimumContrast)
        }
    }

    /// A picture with no text over it (a box holding only an image) is drawn as it is on a dark theme too, and
    /// as the image filter says: the dimming is for text, not for pictures.
    @Test func aPictureWithoutTextIsNotDimmed() throws {
        let picture = "<p><img src='images/solid.png' alt='' style='width: 20px; height: 20px'/></p>"
        let white = Color(red: 255, green: 255, blue: 255)
        let plain = try Self.draw("background: url(images/white.png)", body: picture, theme: .dark)
        #expect(Set(plain.padding).contains(white), "\(Set(plain.padding))")
        let darkened = try Self.draw("background: url(images/white.png)", body: picture, theme: .dark, filter: .darken)
        #expect(Set(darkened.padding).contains(Color(red: 178, green: 178, blue: 178)), "\(Set(darkened.padding))")
        // With a word beside the picture, the box has text over it: dimmed.
        let captioned = try Self.draw("background: url(images/white.png)", body: "<p>A word</p>" + picture, theme: .dark)
        #expect(!Set(captioned.padding).contains(white))
    }

    /// A dimmed white picture is a colour: on the dark theme, a white image under text draws as a solid fill of the
    /// grey that just reaches 4.5:1 with the theme's text, the same pixels as that background colour would give
    /// (the theme keeps a dark background colour as it is).
    @Test func aDimmedSolidPictureIsItsColour() throws {
        let drawn = try Self.draw("background: url(images/white.png)", theme: .dark)
        let grey = try #require(drawn.padding.first)
        #expect(Set(drawn.padding) == [grey])
        let hex = "#" + [grey.red, grey.green, grey.blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        var settings = Reftest.settings
        settings.appearance = Appearance(theme: .dark, pixelScale: 2)
        func book(_ style: String) throws -> Reftest.Book {
            Reftest.Book(body: "<p>Before the box.</p><div class='box'>\(BackgroundImageReftests.text)</div><p>After the box.</p>",
                         css: ".box { \(style) }", files: try Self.lightFiles())
        }
        let test = try Reftest.render(book("background: url(images/white.png)"), settings: settings)
        let colour = try Reftest.render(book("background-color: \(hex)"), settings: settings)
        #expect(Reftest.mismatch(test, colour) == nil, "\(hex): \(Reftest.mismatch(test, colour) ?? "")")
        #expect(Reftest.mismatch(test, try Reftest.render(book("background-color: #ffffff"), settings: settings)) != nil)
    }
}
