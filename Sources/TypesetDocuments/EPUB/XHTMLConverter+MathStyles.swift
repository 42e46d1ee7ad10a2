import TypesetCore

/// What a book's CSS gives the elements of a formula (MathML Core §3.1: MathML elements are CSS boxes, styled by
/// any selector): the cascade is resolved for each element as for HTML's, and what formula layout reads is passed
/// on as MathML's own presentational attributes, which the CSS overrides: `background-color` as `mathbackground`,
/// a `color` or `font-size` the element sets (it differs from its parent's) as `mathcolor` and `mathsize`, a bold
/// `font-weight` on a token as a bold `mathvariant`; `padding` and `border` as the element's
/// ``MathFormula/BoxStyle``. Margins, `display` and positioning inside a formula are not applied.
struct MathStyles {
    /// The `math` element's own style.
    let root: ComputedStyle
    /// Whether the book's styles apply (backgrounds and boxes are drawn only then, as for HTML's blocks).
    let publisherStyles: Bool
    /// The cascade: an element's style under its parent's.
    let resolve: (ElementPath, ComputedStyle) -> ComputedStyle

    init(root: ComputedStyle, publisherStyles: Bool, resolve: @escaping (ElementPath, ComputedStyle) -> ComputedStyle) {
        self.root = root; self.publisherStyles = publisherStyles; self.resolve = resolve
    }

    /// The attributes the element's style stands for, to put before its own (the first of a name is read).
    func attributes(of element: XMLElement, style: ComputedStyle, parent: ComputedStyle?) -> [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        if publisherStyles, let background = style.backgroundColor { result.append(("mathbackground", background.hexString)) }
        guard let parent else { return result }   // the root's colour and size are its run's
        if let color = style.color, color != parent.color { result.append(("mathcolor", color.hexString)) }
        if style.fontScale != parent.fontScale, parent.fontScale > 0 {
            result.append(("mathsize", "\(style.fontScale / parent.fontScale * 100)%"))
        }
        let name = element.lowercasedName
        if style.weight >= 600, parent.weight < 600, MathFormula.Element(name: name).isToken, element.attribute("mathvariant") == nil {
            // A one-letter mi is italic by default: bold keeps it slanted.
            let oneLetter = name == "mi" && XHTMLConverter.tokenText(element).trimmingWhiteSpace().count == 1
            result.append(("mathvariant", oneLetter ? "bold-italic" : "bold"))
        }
        return result
    }

    /// The element's padding and border in ems of the formula (the style's are in body ems).
    func boxStyle(_ style: ComputedStyle) -> MathFormula.BoxStyle {
        guard publisherStyles else { return MathFormula.BoxStyle() }
        let em = root.fontScale > 0 ? root.fontScale : 1
        var border = style.borders
        for side in [\BorderEdges.top, \.right, \.bottom, \.left] { border[keyPath: side].width /= em }
        return MathFormula.BoxStyle(top: style.padding.top / em, right: style.padding.right / em, bottom: style.padding.bottom / em,
                                    left: style.padding.left / em, border: border)
    }
}
