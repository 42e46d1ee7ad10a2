/// An absolutely positioned box of a fixed-layout page (CSS 2.1 §9.6: `position: absolute` or `fixed`): taken out
/// of the page's flow and laid out at its own place, its containing block the padding box of its nearest
/// absolutely positioned ancestor's box (``parent``), else the viewport (the initial containing block). Its
/// lengths are in CSS px, which a fixed page's viewport is measured in.
///
/// ``FixedPage/make(text:range:viewport:pageSize:typesetter:settings:style:)`` resolves its place by CSS 2.1
/// §10.3.7 and §10.6.4: an `auto` width between a given `left` and `right` fills the room between them, else
/// shrinks to fit its content; an `auto` height is its content's; an `auto` `left` (`top`) is found from `right`
/// (`bottom`), else is where the box would have been in flow (its static position); when `left`, `width` and
/// `right` are all given, `right` is ignored (and `bottom` likewise). Auto margins are 0.
///
/// Package access: the EPUB reader makes these and the fixed page places them; an app passes them along inside
/// a ``FixedPageStyle`` without reading them.
package struct PositionedBox: Hashable, Sendable {
    /// A length of a positioned box: CSS px, or a percentage of the containing block's width (for `left`,
    /// `right`, `width`) or height (for `top`, `bottom`, `height`).
    package enum Length: Hashable, Sendable {
        case points(Double)
        case percent(Double)

        /// The length in points in a containing block `reference` points long.
        func resolved(in reference: Double) -> Double {
            let value: Double
            switch self {
            case .points(let points): value = points
            case .percent(let percent): value = reference * percent / 100
            }
            return value.isFinite ? min(max(value, -1e6), 1e6) : 0
        }
    }

    /// Its content in the book's text (empty for an empty box, which is drawn as its background and border). It
    /// holds the content of the boxes positioned inside it too.
    package var range: Range<UTF16Offset>
    /// The index, among the page's boxes, of the box whose padding box is its containing block; nil for the
    /// viewport. A parent comes before its children.
    package var parent: Int?
    /// `left`, `top`, `right`, `bottom`, `width` and `height`; nil for `auto`.
    package var left: Length?, top: Length?, right: Length?, bottom: Length?, width: Length?, height: Length?
    /// Its margins and padding in CSS px.
    package var margin = EdgeInsets(all: 0)
    package var padding = EdgeInsets(all: 0)
    /// Its border (widths in ems of 16 px).
    package var border = BorderEdges()
    /// Whether the box stays in flow (`position: relative`): its text is the flow's (or its positioned
    /// ancestor's), and it is only the containing block of the boxes positioned inside it, where its lines are;
    /// its offsets are not applied.
    package var inFlow = false
    /// For a box in flow: how far its border box starts from the start of its flow's content, in CSS px (its own
    /// margin and its ancestors' indents).
    package var flowIndent = 0.0
    /// Its background colour and image layers, and its rounded corners.
    package var background: Color?
    /// The box the colour is cut to (`background-clip` of the bottom image layer).
    package var backgroundClip = BackgroundLayer.Area.borderBox
    package var images: [BackgroundLayer] = []
    package var radii = BorderRadii()

    /// Creates a box of `range` placed in the viewport (or in box `parent`).
    package init(range: Range<UTF16Offset>, parent: Int? = nil) {
        self.range = range
        self.parent = parent
    }

    /// The box moved by `delta` in the text.
    func shifted(by delta: Int) -> PositionedBox {
        var box = self
        box.range = (range.lowerBound + delta)..<(range.upperBound + delta)
        return box
    }

    /// The border widths in points.
    var borderPoints: EdgeInsets {
        EdgeInsets(top: border.top.usedWidth * 16, left: border.left.usedWidth * 16,
                   bottom: border.bottom.usedWidth * 16, right: border.right.usedWidth * 16)
    }
}

/// What a fixed-layout page's document says of the page besides its text: the body's margins and padding (where
/// its in-flow text starts), the canvas's background (the root's, else the body's, CSS Backgrounds 3 §2.11.2),
/// the body's own background when the root has one, and the boxes positioned out of flow, in document order.
public struct FixedPageStyle: Hashable, Sendable {
    /// Room from the viewport's edges to the in-flow text: the body's margins and padding, in CSS px.
    public var margins = EdgeInsets(all: 0)
    /// The canvas's background colour and image layers (drawn over the whole viewport).
    public var background: Color?
    public var images: [BackgroundLayer] = []
    /// The body's background when the root has its own (drawn over the viewport inside the body's margins).
    public var bodyBackground: Color?
    /// The absolutely positioned boxes, parents before their children (made by the EPUB reader).
    package var boxes: [PositionedBox] = []

    /// Creates a page style without positioned boxes.
    public init(margins: EdgeInsets = EdgeInsets(all: 0), background: Color? = nil) {
        self.margins = margins
        self.background = background
    }

    /// The style with its boxes moved by `delta` in the text.
    package func shifted(by delta: Int) -> FixedPageStyle {
        var style = self
        style.boxes = boxes.map { $0.shifted(by: delta) }
        return style
    }
}
