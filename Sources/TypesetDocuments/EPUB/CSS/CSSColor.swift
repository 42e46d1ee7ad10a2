import TypesetCore

/// CSS colour values: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()` and `rgba()` (commas or spaces, numbers or
/// percentages, an alpha after a comma or a slash), `hsl()`/`hsla()`, and the named colours books use. Anything
/// else (`currentColor`, `inherit`, system colours) is not a colour here, and the declaration is dropped.
enum CSSColor {
    /// The colour `text` spells (lower case, trimmed), or nil.
    static func parse(_ text: String) -> Color? {
        if text.hasPrefix("#") {
            let digits = text.dropFirst()
            if digits.count == 4, let rgb = Color(hex: String(digits.prefix(3))), let alpha = UInt8(String(digits.suffix(1)), radix: 16) {
                return Color(red: rgb.red, green: rgb.green, blue: rgb.blue, alpha: alpha * 17)
            }
            return Color(hex: text)
        }
        if let open = text.firstIndex(of: "("), text.hasSuffix(")") {
            let name = text[..<open].trimmingWhiteSpace()
            let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
            let parts = inside.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" }).map(String.init)
            guard parts.count == 3 || parts.count == 4 else { return nil }
            let alpha = parts.count == 4 ? component(parts[3], scale: 1) : 1
            guard let alpha else { return nil }
            switch name {
            case "rgb", "rgba":
                guard let r = component(parts[0], scale: 255), let g = component(parts[1], scale: 255),
                      let b = component(parts[2], scale: 255) else { return nil }
                return color(r / 255, g / 255, b / 255, alpha)
            case "hsl", "hsla":
                guard let hue = Double(parts[0].replacing("deg", with: "")), hue.isFinite,
                      let saturation = component(parts[1], scale: 1), let lightness = component(parts[2], scale: 1) else { return nil }
                return hsl(hue / 360, saturation, lightness, alpha)
            default:
                return nil
            }
        }
        return named[text]
    }

    /// A number (of `scale`) or a percentage, as 0...scale.
    private static func component(_ text: String, scale: Double) -> Double? {
        if text.hasSuffix("%") {
            guard let percent = Double(text.dropLast()), percent.isFinite else { return nil }
            return min(max(percent / 100, 0), 1) * scale
        }
        guard let number = Double(text), number.isFinite else { return nil }
        return min(max(number, 0), scale)
    }

    private static func color(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> Color {
        func byte(_ v: Double) -> UInt8 { UInt8(min(max((v * 255).rounded(), 0), 255)) }
        return Color(red: byte(r), green: byte(g), blue: byte(b), alpha: byte(a))
    }

    private static func hsl(_ h: Double, _ s: Double, _ l: Double, _ a: Double) -> Color {
        func channel(_ t: Double) -> Double {
            var t = t - t.rounded(.down)
            if t < 0 { t += 1 }
            let q = l < 0.5 ? l * (1 + s) : l + s - l * s, p = 2 * l - q
            if t < 1.0 / 6 { return p + (q - p) * 6 * t }
            if t < 0.5 { return q }
            if t < 2.0 / 3 { return p + (q - p) * (2.0 / 3 - t) * 6 }
            return p
        }
        return color(channel(h + 1.0 / 3), channel(h), channel(h - 1.0 / 3), a)
    }

    /// The named colours of CSS Color 4 that books use (the basic sixteen and the common extended ones).
    static let named: [String: Color] = {
        let table: [(String, UInt32)] = [
            ("black", 0x000000), ("silver", 0xC0C0C0), ("gray", 0x808080), ("grey", 0x808080), ("white", 0xFFFFFF),
            ("maroon", 0x800000), ("red", 0xFF0000), ("purple", 0x800080), ("fuchsia", 0xFF00FF), ("magenta", 0xFF00FF),
            ("green", 0x008000), ("lime", 0x00FF00), ("olive", 0x808000), ("yellow", 0xFFFF00), ("navy", 0x000080),
            ("blue", 0x0000FF), ("teal", 0x008080), ("aqua", 0x00FFFF), ("cyan", 0x00FFFF), ("orange", 0xFFA500),
            ("darkgray", 0xA9A9A9), ("darkgrey", 0xA9A9A9), ("dimgray", 0x696969), ("dimgrey", 0x696969),
            ("lightgray", 0xD3D3D3), ("lightgrey", 0xD3D3D3), ("gainsboro", 0xDCDCDC), ("whitesmoke", 0xF5F5F5),
            ("darkred", 0x8B0000), ("firebrick", 0xB22222), ("crimson", 0xDC143C), ("indianred", 0xCD5C5C),
            ("brown", 0xA52A2A), ("sienna", 0xA0522D), ("saddlebrown", 0x8B4513), ("chocolate", 0xD2691E),
            ("darkblue", 0x00008B), ("mediumblue", 0x0000CD), ("royalblue", 0x4169E1), ("steelblue", 0x4682B4),
            ("cornflowerblue", 0x6495ED), ("dodgerblue", 0x1E90FF), ("deepskyblue", 0x00BFFF), ("skyblue", 0x87CEEB),
            ("lightblue", 0xADD8E6), ("darkgreen", 0x006400), ("forestgreen", 0x228B22), ("seagreen", 0x2E8B57),
            ("darkolivegreen", 0x556B2F), ("lightgreen", 0x90EE90), ("darkorange", 0xFF8C00), ("gold", 0xFFD700),
            ("goldenrod", 0xDAA520), ("darkgoldenrod", 0xB8860B), ("khaki", 0xF0E68C), ("beige", 0xF5F5DC),
            ("ivory", 0xFFFFF0), ("linen", 0xFAF0E6), ("wheat", 0xF5DEB3), ("tan", 0xD2B48C), ("pink", 0xFFC0CB),
            ("hotpink", 0xFF69B4), ("deeppink", 0xFF1493), ("violet", 0xEE82EE), ("indigo", 0x4B0082),
            ("darkviolet", 0x9400D3), ("darkmagenta", 0x8B008B), ("slategray", 0x708090), ("slategrey", 0x708090),
            ("darkslategray", 0x2F4F4F), ("darkslategrey", 0x2F4F4F), ("lightyellow", 0xFFFFE0), ("lemonchiffon", 0xFFFACD),
            ("aliceblue", 0xF0F8FF), ("lavender", 0xE6E6FA), ("mintcream", 0xF5FFFA), ("honeydew", 0xF0FFF0),
            ("snow", 0xFFFAFA), ("seashell", 0xFFF5EE), ("oldlace", 0xFDF5E6), ("floralwhite", 0xFFFAF0),
            ("antiquewhite", 0xFAEBD7), ("cornsilk", 0xFFF8DC), ("tomato", 0xFF6347), ("coral", 0xFF7F50),
            ("salmon", 0xFA8072), ("orangered", 0xFF4500), ("darkcyan", 0x008B8B), ("turquoise", 0x40E0D0),
        ]
        var colors: [String: Color] = ["transparent": Color(red: 0, green: 0, blue: 0, alpha: 0)]
        for (name, value) in table {
            colors[name] = Color(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
        }
        return colors
    }()
}
