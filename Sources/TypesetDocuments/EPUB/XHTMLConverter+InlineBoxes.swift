import TypesetCore

/// Inline elements drawn as boxes (CSS 2.1 §8 and §10.8.1, Backgrounds 3 §3.9): an inline element with a border,
/// horizontal padding or margins, or a background colour (with publisher styles on, as a block's) becomes an
/// ``InlineBox`` its text carries, inside the boxes of the inline elements around it. Its background moves from
/// the text (``TextStyle/backgroundColor``, which fills the line box) to the box, which fills its content area.
extension XHTMLConverter {
    /// The box of the inline element of `style`, or nil when it draws nothing and takes no room, is unseen, or is
    /// nested past ``InlineBox/maximumNesting`` boxed elements. Always inlined into its one caller, which is
    /// mutating: a call copied the whole converter to pass it as `self`.
    @inline(__always)
    func inlineBox(for style: ComputedStyle, id: Int) -> InlineBox? {
        let background = publisherStyles ? style.backgroundColor : nil
        let padding = style.padding
        let marginLeft = max(0, style.marginLeft ?? 0), marginRight = max(0, style.marginRight ?? 0)
        let width = Self.inlineBlockWidth(style)
        let room = padding.left > 0 || padding.right > 0 || marginLeft > 0 || marginRight > 0 || width > 0
        guard background != nil || style.borders.isVisible || room, style.isSeen,
              style.inlineBoxes.count < InlineBox.maximumNesting else { return nil }
        return InlineBox(id: id, background: background, border: style.borders,
                         padding: EdgeInsets(top: padding.top, left: padding.left, bottom: padding.bottom, right: padding.right),
                         marginLeft: marginLeft, marginRight: marginRight, fontScale: style.fontScale, minimumWidth: width)
    }

    /// The content width an atomic inline's `width` (or `min-width`) gives it, in body ems (CSS 2.1 §10.3.9:
    /// `inline-block`); 0 for other elements, `auto`, and percentages (of the line's width, which styles do not
    /// know: shaping never depends on the column). With `box-sizing: border-box` its border and padding are
    /// taken off. Wider content is not wrapped in it: its width is then the content's.
    static func inlineBlockWidth(_ style: ComputedStyle) -> Double {
        guard style.isAtomicInline else { return 0 }
        func ems(_ length: CSSLength?) -> Double {
            switch length {
            case nil, .auto?, .percent?: 0
            case let length?: length.ems(fontScale: style.fontScale)
            }
        }
        let size = style.replacedSize
        var width = max(ems(size.width), ems(size.minWidth))
        if size.borderBox {
            let borders = style.borders
            width -= style.padding.left + style.padding.right + borders.left.usedWidth + borders.right.usedWidth
        }
        return width.isFinite ? max(0, width) : 0
    }

    /// Opens the box of the inline element entered with `inline` (its own style), when it draws one: its text and
    /// its children's carry it. A block inside an inline element starts outside every inline box.
    mutating func openInlineBox(kind: Category, inline: inout InlineContext) {
        guard kind == .inline else {
            if !inline.style.inlineBoxes.isEmpty { inline.style.inlineBoxes = [] }
            return
        }
        guard let box = inlineBox(for: inline.style, id: boxCount) else { return }
        boxCount += 1
        inline.style.inlineBoxes.append(box)
        // The box draws the background now, around the content area, not each run over its line box.
        inline.style.backgroundColor = nil
    }

    /// The boxes a space between text of style `before` and text of style `after` is inside: those both are in. A
    /// collapsed space between an element's end and the text after it (`<code>x</code> y`) is outside the element's
    /// box, and so is one before an element's start; the converter no longer knows which side's it was.
    static func boxes(around before: TextStyle, _ after: TextStyle) -> [InlineBox] {
        let shared = zip(before.inlineBoxes, after.inlineBoxes).prefix { $0.id == $1.id }.count
        return Array(before.inlineBoxes.prefix(shared))
    }
}
