/// An sRGB colour with straight (non-premultiplied) alpha, 8 bits per channel.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// Red, 0–255.
    public var red: UInt8
    /// Green, 0–255.
    public var green: UInt8
    /// Blue, 0–255.
    public var blue: UInt8
    /// Opacity, 0 (transparent) – 255 (opaque).
    public var alpha: UInt8

    /// Creates a colour from 8-bit channels.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (the `#` is optional). Returns nil for anything else.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
        switch digits.count {
        case 3:
            func expand(_ v: UInt32) -> UInt8 { UInt8(v * 17) }
            self.init(red: expand(value >> 8 & 0xF), green: expand(value >> 4 & 0xF), blue: expand(value & 0xF))
        case 6:
            self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
        case 8:
            self.init(red: UInt8(value >> 24 & 0xFF), green: UInt8(value >> 16 & 0xFF),
                      blue: UInt8(value >> 8 & 0xFF), alpha: UInt8(value & 0xFF))
        default:
            return nil
        }
    }

    /// `#rrggbb`, or `#rrggbbaa` when not opaque.
    public var description: String {
        func hex2(_ v: UInt8) -> String { let s = String(v, radix: 16); return s.count == 1 ? "0" + s : s }
        return "#" + hex2(red) + hex2(green) + hex2(blue) + (alpha == 255 ? "" : hex2(alpha))
    }

    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 255, green: 255, blue: 255)
}
