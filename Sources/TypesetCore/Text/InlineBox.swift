/// The box of an inline element drawn around its text (CSS 2.1 §8 and §10.8.1, Backgrounds 3 §3.9): a `<span>` with
/// a border, padding or a background. Text carries the boxes it is inside (``TextStyle/inlineBoxes``, outermost
/// first); the runs of one element carry the same ``id``.
///
/// Lengths are in ems of the body text. The box's start edge (its margin, border and padding on the inline-start
/// side: the left in left-to-right text, the right in right-to-left text) takes room in the line before its first
/// character, its end edge after its last: shaping gives the room to those characters' glyphs as extra advance,
/// so the text and its offsets are unchanged and line breaking counts the room. Its top and bottom padding and
/// border are drawn around the font's content area (ascent and descent at the element's size) and take no room:
/// the line's height does not change. Split across lines, the box is sliced (`box-decoration-break: slice`): each
/// line draws its part, the start edge on the first only, the end edge on the last only.
public struct InlineBox: Hashable, Sendable {
    /// Tells one element's box from another's with the same look (any value unique in the text).
    public var id: Int
    /// The background colour, or nil for none; drawn made readable on the theme's page, as a block's is.
    public var background: Color?
    /// The border's edges (physical sides), widths in body ems.
    public var border: BorderEdges
    /// The padding, in body ems.
    public var padding: EdgeInsets
    /// The left and right margins, in body ems (room outside the border; never negative here).
    public var marginLeft: Double
    public var marginRight: Double
    /// The element's font size as a multiple of the body size: its content area is its font's ascent and descent
    /// at that size.
    public var fontScale: Double
    /// The least width of its content, in body ems (an `inline-block`'s `width`; 0 for none): when its text is
    /// narrower, its end edge takes the rest as room too (a table of contents' column of numbers). Only a box whose
    /// text is one run of one style is widened; at most ``maximumWidth``.
    public var minimumWidth: Double = 0

    /// The most boxes a character is drawn inside (nested boxed inline elements); an element deeper draws none.
    public static let maximumNesting = 8
    /// The most room one edge takes, in body ems (a larger length is cut to it).
    public static let maximumEdge = 10.0
    /// The largest ``minimumWidth``, in body ems (a larger one is cut to it).
    public static let maximumWidth = 40.0

    /// Creates a box; lengths that are not finite or below 0 are 0, edges larger than ``maximumEdge`` are cut to it.
    public init(id: Int, background: Color? = nil, border: BorderEdges = BorderEdges(),
                padding: EdgeInsets = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0), marginLeft: Double = 0,
                marginRight: Double = 0, fontScale: Double = 1, minimumWidth: Double = 0) {
        func clean(_ value: Double) -> Double { value.isFinite ? min(Self.maximumEdge, max(0, value)) : 0 }
        func cleanEdge(_ edge: BorderEdge) -> BorderEdge { BorderEdge(width: clean(edge.width), style: edge.style, color: edge.color) }
        self.id = id; self.background = background
        self.border = BorderEdges(top: cleanEdge(border.top), right: cleanEdge(border.right), bottom: cleanEdge(border.bottom),
                                  left: cleanEdge(border.left))
        self.padding = EdgeInsets(top: clean(padding.top), left: clean(padding.left), bottom: clean(padding.bottom),
                                  right: clean(padding.right))
        self.marginLeft = clean(marginLeft); self.marginRight = clean(marginRight)
        self.fontScale = fontScale.isFinite && fontScale > 0 ? fontScale : 1
        self.minimumWidth = minimumWidth.isFinite ? min(Self.maximumWidth, max(0, minimumWidth)) : 0
    }

    /// The room the left edge takes in the line (margin, border and padding), in body ems.
    public var leftRoom: Double { marginLeft + border.left.usedWidth + padding.left }
    /// The room the right edge takes in the line, in body ems.
    public var rightRoom: Double { marginRight + border.right.usedWidth + padding.right }
    /// The room the box's start edge takes (`rightToLeft`: its right edge), in body ems.
    func startRoom(rightToLeft: Bool) -> Double { rightToLeft ? rightRoom : leftRoom }
    /// The room the box's end edge takes, in body ems.
    func endRoom(rightToLeft: Bool) -> Double { rightToLeft ? leftRoom : rightRoom }
}

extension InlineBox {
    /// This box with its lengths made valid (as
    /// ``init(id:background:border:padding:marginLeft:marginRight:fontScale:minimumWidth:)`` makes them).
    public var sanitized: InlineBox {
        InlineBox(id: id, background: background, border: border, padding: padding, marginLeft: marginLeft,
                  marginRight: marginRight, fontScale: fontScale, minimumWidth: minimumWidth)
    }
}
