/// A decoration's colour: one of the named reading-app colours, or any sRGB colour.
///
/// A tint is not drawn as given: ``paint(on:)`` turns it into the fill and line colours for the page's theme,
/// because one translucent colour cannot serve every paper (a yellow at 35 % nearly vanishes on sepia's cream and
/// turns muddy on a near-black page).
public enum DecorationTint: Hashable, Sendable, CustomStringConvertible {
    /// Yellow (the default, as in Readium).
    case yellow
    /// Green.
    case green
    /// Blue.
    case blue
    /// Pink.
    case pink
    /// Orange.
    case orange
    /// Purple.
    case purple
    /// Any colour. An opaque colour gets the theme's fill opacity; a translucent one is used as given.
    case custom(Color)

    /// The names accepted by ``init(parsing:)``, in order.
    public static let names = ["yellow", "green", "blue", "pink", "orange", "purple"]

    /// Parses a name (`yellow`, `green`, `blue`, `pink`, `orange`, `purple`, any case) or a hex colour (`#RGB`,
    /// `#RRGGBB`, `#RRGGBBAA`).
    ///
    /// - Throws: ``DecorationProblem/Reason/unknownColour(_:)`` inside a ``DecorationProblem`` naming the text and
    ///   the accepted forms.
    public init(parsing text: String) throws(DecorationProblem) {
        switch text.lowercased() {
        case "yellow": self = .yellow
        case "green": self = .green
        case "blue": self = .blue
        case "pink": self = .pink
        case "orange": self = .orange
        case "purple": self = .purple
        default:
            guard text.hasPrefix("#"), let color = Color(hex: text) else {
                throw DecorationProblem(id: nil, reason: .unknownColour(text), outcome: .rejected)
            }
            self = .custom(color)
        }
    }

    /// The name, or the hex form of a custom colour.
    public var description: String {
        switch self {
        case .yellow: "yellow"
        case .green: "green"
        case .blue: "blue"
        case .pink: "pink"
        case .orange: "orange"
        case .purple: "purple"
        case .custom(let color): color.description
        }
    }

    /// The colours to draw with on `theme`.
    ///
    /// The rule (manual, "Decorations"):
    /// - **light** (and custom themes with a light background): the tint's base colour at 35 % over the page;
    ///   the underline is the base colour darkened to 60 %, opaque, so that a yellow line still shows on white.
    /// - **sepia**: a deeper, more saturated variant of the named colour at 40 % (the cream paper already carries
    ///   yellow), underline darkened to 60 %.
    /// - **dark** (and custom themes whose background is dark, ``Theme/isDark``): the base colour at 30 %, so the
    ///   light text keeps its contrast over it; the underline is the base colour itself, opaque (bright on black).
    /// - A custom tint that is already translucent keeps its alpha on every theme (the caller chose it).
    public func paint(on theme: Theme) -> DecorationPaint {
        let isSepia = theme == .sepia
        let base = baseColor(sepia: isSepia)
        let dark = theme.isDark
        var fill = base
        if case .custom(let color) = self, color.alpha < 255 {
            fill = color
        } else {
            fill.alpha = dark ? 77 : (isSepia ? 102 : 89)   // 30 %, 40 %, 35 %
        }
        var line = base
        line.alpha = 255
        if !dark {
            line.red = UInt8(Double(line.red) * 0.6); line.green = UInt8(Double(line.green) * 0.6); line.blue = UInt8(Double(line.blue) * 0.6)
        }
        return DecorationPaint(fill: fill, line: line)
    }

    /// The opaque base colour; sepia gets deeper variants of the named colours.
    private func baseColor(sepia: Bool) -> Color {
        switch self {
        case .yellow: sepia ? Color(red: 0xF2, green: 0xB1, blue: 0x00) : Color(red: 0xFF, green: 0xD4, blue: 0x00)
        case .green: sepia ? Color(red: 0x5C, green: 0xB8, blue: 0x3A) : Color(red: 0x7E, green: 0xD9, blue: 0x57)
        case .blue: sepia ? Color(red: 0x4A, green: 0x96, blue: 0xE8) : Color(red: 0x6C, green: 0xB4, blue: 0xFF)
        case .pink: sepia ? Color(red: 0xF0, green: 0x5A, blue: 0x9A) : Color(red: 0xFF, green: 0x7E, blue: 0xB6)
        case .orange: sepia ? Color(red: 0xF0, green: 0x80, blue: 0x20) : Color(red: 0xFF, green: 0xA0, blue: 0x40)
        case .purple: sepia ? Color(red: 0x9A, green: 0x6C, blue: 0xE8) : Color(red: 0xB9, green: 0x8C, blue: 0xFF)
        case .custom(let color): Color(red: color.red, green: color.green, blue: color.blue)
        }
    }
}

/// The colours a decoration is drawn with on one theme (see ``DecorationTint/paint(on:)``).
public struct DecorationPaint: Hashable, Sendable {
    /// The fill behind the glyphs, translucent (straight alpha), composited source-over.
    public var fill: Color
    /// The underline colour, opaque.
    public var line: Color

    /// Creates a paint.
    public init(fill: Color, line: Color) { self.fill = fill; self.line = line }
}
