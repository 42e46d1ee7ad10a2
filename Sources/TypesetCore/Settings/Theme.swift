/// Page and text colours.
public enum Theme: Hashable, Sendable {
    /// Dark text on white.
    case light
    /// Dark brown text on warm paper.
    case sepia
    /// Light text on near-black.
    case dark
    /// Any background and text colour.
    case custom(background: Color, text: Color)

    /// The page background.
    public var background: Color {
        switch self {
        case .light: Color(red: 0xFF, green: 0xFF, blue: 0xFF)
        case .sepia: Color(red: 0xF8, green: 0xF1, blue: 0xE3)
        case .dark: Color(red: 0x12, green: 0x12, blue: 0x12)
        case .custom(let background, _): background
        }
    }

    /// The default text colour.
    public var text: Color {
        switch self {
        case .light: Color(red: 0x12, green: 0x12, blue: 0x12)
        case .sepia: Color(red: 0x3B, green: 0x2F, blue: 0x22)
        case .dark: Color(red: 0xE6, green: 0xE1, blue: 0xD8)
        case .custom(_, let text): text
        }
    }

    /// The colour of links the book does not colour itself (Readium's `--RS__linkColor`): blue on light pages,
    /// light blue on dark ones.
    public var link: Color {
        isDark ? Color(red: 0x63, green: 0xCA, blue: 0xFF) : Color(red: 0x00, green: 0x00, blue: 0xEE)
    }

    /// Whether the background is dark (decides how tints adapt).
    public var isDark: Bool {
        let b = background
        return 0.2126 * Double(b.red) + 0.7152 * Double(b.green) + 0.0722 * Double(b.blue) < 128
    }

    /// `light`, `sepia`, `dark`, or `custom`.
    public var name: String {
        switch self {
        case .light: "light"
        case .sepia: "sepia"
        case .dark: "dark"
        case .custom: "custom"
        }
    }
}
