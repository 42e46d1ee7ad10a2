/// Marks set beside every character of a span to emphasise it: East Asian emphasis dots (CSS `text-emphasis`,
/// Japanese 傍点). An attribute for the renderer; it never changes layout or offsets.
public struct TextEmphasis: Hashable, Sendable {
    /// The mark.
    public var mark: Mark
    /// The side of the text it goes on.
    public var side: Side

    /// Creates an emphasis.
    public init(mark: Mark, side: Side = .over) { self.mark = mark; self.side = side }

    /// The shape of the mark (CSS `text-emphasis-style` names where CSS has one).
    public enum Mark: String, Hashable, Sendable, CaseIterable {
        /// Filled sesame ﹅ (傍点, the default).
        case sesame
        /// Open sesame ﹆ (白ゴマ傍点).
        case openSesame
        /// Filled circle ● (丸傍点).
        case dot
        /// Open circle ○ (白丸傍点).
        case circle
        /// Filled triangle ▲ (黒三角傍点).
        case triangle
        /// Open triangle △ (白三角傍点).
        case openTriangle
        /// Open double circle ◎ (二重丸傍点).
        case doubleCircle
        /// Filled double circle ◉ (蛇の目傍点).
        case bullseye
        /// A cross × (ばつ傍点).
        case cross
    }

    /// The side of the text.
    public enum Side: String, Hashable, Sendable {
        /// Above horizontal text, to the right of vertical text.
        case over
        /// Below horizontal text, to the left of vertical text (Aozora Bunko's `左に`).
        case under
    }
}

/// A line along a span of text on one side of it (Japanese 傍線: beside vertical text, over or under horizontal
/// text; CSS `text-decoration` in East Asian typesetting). An attribute for the renderer; it never changes layout.
public struct TextSideLine: Hashable, Sendable {
    /// The line's style.
    public var style: Style
    /// The side of the text it goes on.
    public var side: TextEmphasis.Side

    /// Creates a side line.
    public init(style: Style, side: TextEmphasis.Side = .over) { self.style = style; self.side = side }

    /// How the line is drawn.
    public enum Style: String, Hashable, Sendable, CaseIterable {
        /// Solid (傍線).
        case solid
        /// Double (二重傍線).
        case double
        /// Dotted, a chain of dots (鎖線).
        case dotted
        /// Dashed (破線).
        case dashed
        /// Wavy (波線).
        case wavy
    }
}
