#if canImport(Glibc)
import Glibc
#endif

/// A book's colours drawn on a theme's page, made readable there (the renderer calls these; the text model keeps
/// the book's colours as they are, so that a change of theme never reads the book again).
///
/// A book is designed for white paper. Its colours are kept wherever they read well on what they are drawn on (a
/// contrast of at least 4.5:1 with it, WCAG's AA level for text): the page, or the background of the box under the
/// text (white text in a navy box, the book's own contrast): a red heading stays red on sepia. Grey and black text,
/// which only says "ink", takes the theme's text colour on a dark page, as Readium's night mode does; a colour
/// that does not contrast enough keeps its hue and saturation and is made lighter on a dark page (darker on a
/// light one) until it does: dark blue becomes light blue on black. Backgrounds keep their hue on a dark page
/// with their lightness mirrored (a pale yellow box becomes a deep one), so that the light text on them reads.
extension Theme {
    /// The contrast a book's text colour must have with the page to be kept as it is (WCAG AA).
    public static let minimumContrast = 4.5

    /// A book's text colour as drawn on this theme's page.
    public func readable(text color: Color) -> Color {
        readable(text: color, on: background)
    }

    /// A book's text colour as drawn on `ground`: the page, a box's background as drawn on this theme
    /// (``readable(background:)``: white text on a navy box stays white on a sepia page), or a picture dimmed
    /// beneath text. As ``readable(text:)`` does on the page; towards the other side when the theme's cannot read on
    /// `ground` (lighter on a light theme's navy box).
    public func readable(text color: Color, on ground: Color) -> Color {
        if Theme.contrast(color, ground) >= Theme.minimumContrast { return color }
        var hsl = HSL(color)
        // Towards the theme's side (lighter on a dark theme), unless even its extreme (white, black) cannot read on
        // this ground (white text's navy box on a light page): then towards the other side.
        let themeSide: Color = isDark ? .white : .black
        let lighter = Theme.contrast(themeSide, ground) >= Theme.minimumContrast ? isDark : !isDark
        if isDark && lighter && hsl.saturation < 0.2 && Theme.contrast(text, ground) >= Theme.minimumContrast {
            var ink = text
            ink.alpha = color.alpha
            return ink
        }
        // Search the lightness towards that side for the least change that reads.
        var low = hsl.lightness, high = lighter ? 1.0 : 0.0
        for _ in 0..<16 {
            let middle = (low + high) / 2
            hsl.lightness = middle
            if Theme.contrast(hsl.color(alpha: color.alpha), ground) >= Theme.minimumContrast { high = middle } else { low = middle }
        }
        hsl.lightness = high
        return hsl.color(alpha: color.alpha)
    }

    /// On a dark theme, the brightest a book's background image may be where text is drawn over it: the grey whose
    /// contrast with the theme's text colour is ``minimumContrast``. The renderer dims such an image until its
    /// brightest pixel is no brighter, and draws the book's coloured text there readable on it
    /// (``readable(text:on:)``); nil on a light theme, which draws images as they are.
    public var pictureGround: Color? {
        guard isDark else { return nil }
        let ceiling = max(0, (Theme.luminance(text) + 0.05) / Theme.minimumContrast - 0.05)
        let byte = Theme.srgbByte(linear: ceiling)
        return Color(red: byte, green: byte, blue: byte)
    }

    /// A book's background colour (of a table cell, or behind a span) as drawn on this theme's page: on a light
    /// theme as printed on its paper (each channel multiplied by the page's, as Readium CSS multiplies images onto
    /// its sepia page), so a book's white box is the page and its light grey a little darker, not a white patch on
    /// a sepia page; itself on a white page.
    public func readable(background color: Color) -> Color {
        guard isDark else {
            let page = background
            func multiply(_ channel: UInt8, _ paper: UInt8) -> UInt8 { UInt8((Int(channel) * Int(paper) + 127) / 255) }
            return Color(red: multiply(color.red, page.red), green: multiply(color.green, page.green),
                         blue: multiply(color.blue, page.blue), alpha: color.alpha)
        }
        var hsl = HSL(color)
        guard hsl.lightness > 0.5 else { return color }
        // Mirrored lightness, kept no lighter than a quarter, so the theme's light text reads on it.
        hsl.lightness = min(0.25, 1 - hsl.lightness)
        return hsl.color(alpha: color.alpha)
    }

    /// WCAG's contrast ratio of two colours (alpha ignored): 1 to 21.
    public static func contrast(_ a: Color, _ b: Color) -> Double {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// Relative luminance (sRGB, WCAG's formula).
    package static func luminance(_ color: Color) -> Double {
        0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
    }

    /// An sRGB channel's byte as linear light (0...1).
    package static func linear(_ value: UInt8) -> Double {
        let c = Double(value) / 255
        return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// Linear light (0...1) as an sRGB channel's byte, rounded down (never brighter than `value`).
    package static func srgbByte(linear value: Double) -> UInt8 {
        let v = max(0, min(1, value))
        let c = v <= 0.03928 / 12.92 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055
        return UInt8(max(0, min(255, (c * 255).rounded(.down))))
    }
}

/// Hue, saturation and lightness (each 0...1) of an sRGB colour.
private struct HSL {
    var hue: Double
    var saturation: Double
    var lightness: Double

    init(_ color: Color) {
        let r = Double(color.red) / 255, g = Double(color.green) / 255, b = Double(color.blue) / 255
        let high = max(r, g, b), low = min(r, g, b)
        lightness = (high + low) / 2
        let delta = high - low
        guard delta > 0 else { hue = 0; saturation = 0; return }
        saturation = delta / (1 - abs(2 * lightness - 1))
        var h: Double
        if high == r { h = (g - b) / delta } else if high == g { h = (b - r) / delta + 2 } else { h = (r - g) / delta + 4 }
        h /= 6
        hue = h < 0 ? h + 1 : h
    }

    func color(alpha: UInt8) -> Color {
        let chroma = (1 - abs(2 * lightness - 1)) * saturation
        let h6 = hue * 6
        let x = chroma * (1 - abs(h6.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double)
        switch h6 {
        case ..<1: (r, g, b) = (chroma, x, 0)
        case ..<2: (r, g, b) = (x, chroma, 0)
        case ..<3: (r, g, b) = (0, chroma, x)
        case ..<4: (r, g, b) = (0, x, chroma)
        case ..<5: (r, g, b) = (x, 0, chroma)
        default: (r, g, b) = (chroma, 0, x)
        }
        let m = lightness - chroma / 2
        func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, ((value + m) * 255).rounded()))) }
        return Color(red: byte(r), green: byte(g), blue: byte(b), alpha: alpha)
    }
}
