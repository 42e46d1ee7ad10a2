/// Marks set beside every character of a span to emphasise it: East Asian emphasis marks (CSS `text-emphasis`,
/// Japanese 傍点). One mark at half the text's size is drawn beside each typographic character unit (not beside
/// spaces, punctuation or controls); a line grows where its marks need room, as it does for ruby. Marks have no
/// offsets of their own: carets, selection and hit testing never see them.
public struct TextEmphasis: Hashable, Sendable {
    /// The mark.
    public var mark: Mark
    /// The side of horizontal text it goes on (CSS `text-emphasis-position`'s `over` or `under`).
    public var side: Side
    /// The side of vertical text it goes on (CSS `text-emphasis-position`'s `right` or `left`).
    public var verticalSide: VerticalSide
    /// The marks' colour, or nil for the text's own (CSS `currentColor`).
    public var color: Color?

    /// Creates an emphasis; without a `verticalSide`, marks over horizontal text go right of vertical text and
    /// marks under it left (Aozora Bunko's `左に`).
    public init(mark: Mark, side: Side = .over, verticalSide: VerticalSide? = nil, color: Color? = nil) {
        self.mark = mark; self.side = side; self.color = color
        self.verticalSide = verticalSide ?? (side == .over ? .right : .left)
    }

    /// The shape of the mark (CSS `text-emphasis-style`).
    public enum Mark: Hashable, Sendable {
        /// A filled shape (`filled dot`, `sesame`...).
        case filled(Shape)
        /// An open shape (`open circle`...).
        case open(Shape)
        /// A character of the book's choosing (CSS's quoted string): its first grapheme is drawn, none when empty.
        case character(String)

        /// The character drawn as the mark in text of that direction (``Shape/automatic`` resolved: sesame in
        /// vertical text, circle in horizontal text, as CSS Text Decoration 3 says); empty for no mark.
        public func character(vertical: Bool) -> String {
            switch self {
            case .character(let string): return string.first.map(String.init) ?? ""
            case .filled(let shape): return shape.resolved(vertical: vertical).characters.filled
            case .open(let shape): return shape.resolved(vertical: vertical).characters.open
            }
        }
    }

    /// A shape of mark; each has a filled and an open form.
    public enum Shape: String, Hashable, Sendable, CaseIterable {
        /// Sesame in vertical text, circle in horizontal text (CSS `filled` or `open` alone).
        case automatic
        /// A small dot, U+2022 • (open: U+25E6 ◦).
        case dot
        /// A large circle, U+25CF ● (open: U+25CB ○; 丸傍点, 白丸傍点).
        case circle
        /// A double circle, U+25C9 ◉ (open: U+25CE ◎; 蛇の目傍点, 二重丸傍点).
        case doubleCircle
        /// A triangle, U+25B2 ▲ (open: U+25B3 △; 黒三角傍点, 白三角傍点).
        case triangle
        /// A sesame dot, U+FE45 ﹅ (open: U+FE46 ﹆; 傍点, 白ゴマ傍点).
        case sesame

        func resolved(vertical: Bool) -> Shape { self == .automatic ? (vertical ? .sesame : .circle) : self }

        var characters: (filled: String, open: String) {
            switch self {
            case .automatic, .circle: ("\u{25CF}", "\u{25CB}")
            case .dot: ("\u{2022}", "\u{25E6}")
            case .doubleCircle: ("\u{25C9}", "\u{25CE}")
            case .triangle: ("\u{25B2}", "\u{25B3}")
            case .sesame: ("\u{FE45}", "\u{FE46}")
            }
        }
    }

    /// The side of horizontal text.
    public enum Side: String, Hashable, Sendable {
        /// Above horizontal text (and, for ``TextSideLine``, to the right of vertical text).
        case over
        /// Below horizontal text (and, for ``TextSideLine``, to the left of vertical text; Aozora Bunko's `左に`).
        case under
    }

    /// The side of vertical text.
    public enum VerticalSide: String, Hashable, Sendable {
        /// To the right of the column.
        case right
        /// To the left of the column.
        case left
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
