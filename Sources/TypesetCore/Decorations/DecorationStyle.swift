/// How a decoration is drawn: a highlight (a fill behind the glyphs) or an underline (a line below the
/// baseline), with a tint and an active flag, as Readium's `Decoration.Style.highlight(tint:isActive:)` and
/// `.underline(tint:isActive:)`.
public struct DecorationStyle: Hashable, Sendable {
    /// The two built-in kinds.
    public enum Kind: String, Hashable, Sendable {
        /// A translucent fill behind the glyphs of every line the range covers.
        case highlight
        /// A line below the baseline of every line the range covers.
        case underline
    }

    /// Highlight or underline.
    public var kind: Kind
    /// The colour; adapted to the page's theme when drawn (see ``DecorationTint/paint(on:)``).
    public var tint: DecorationTint
    /// Whether the decoration is the active one (the one a popover is open on): drawn as fill plus underline,
    /// whatever its kind (Readium's rule).
    public var isActive: Bool

    /// Creates a style.
    public init(kind: Kind, tint: DecorationTint = .yellow, isActive: Bool = false) {
        self.kind = kind; self.tint = tint; self.isActive = isActive
    }

    /// A highlight (default tint yellow, as Readium's).
    public static func highlight(tint: DecorationTint = .yellow, isActive: Bool = false) -> DecorationStyle {
        DecorationStyle(kind: .highlight, tint: tint, isActive: isActive)
    }

    /// An underline.
    public static func underline(tint: DecorationTint = .yellow, isActive: Bool = false) -> DecorationStyle {
        DecorationStyle(kind: .underline, tint: tint, isActive: isActive)
    }

    /// Whether the style paints a fill behind the glyphs (a highlight, or any active decoration).
    public var hasFill: Bool { kind == .highlight || isActive }
    /// Whether the style draws a line below the baseline (an underline, or any active decoration).
    public var hasUnderline: Bool { kind == .underline || isActive }
}
