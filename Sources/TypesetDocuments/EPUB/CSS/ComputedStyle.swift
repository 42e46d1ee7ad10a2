import TypesetCore

/// The resolved style of one element: the inherited character and paragraph properties, plus the box
/// properties (margins, page break) that belong to the element alone.
struct ComputedStyle: Sendable {
    // Inherited.
    var italic = false
    var weight = 400
    /// Font size as a multiple of the body size.
    var fontScale = 1.0
    var smallCaps = false
    var monospace = false
    /// `text-align`, or nil for the reader's alignment.
    var alignment: CSSDeclaration.Alignment?
    /// `text-indent` in body ems, or nil for the reader's indent.
    var textIndent: Double?
    /// Hidden by `display: none` on the element or an ancestor (publisher styles only; see ``XHTMLConverter``).
    var hidden = false
    /// `list-style-type: none`: list markers are set invisibly.
    var listMarkerHidden = false

    // Not inherited.
    /// Margins in body ems, when declared.
    var marginTop: Double?
    var marginBottom: Double?
    var marginLeft: Double?
    var marginRight: Double?
    /// Whether the publisher's sheet (not the built-in one) set the top or bottom margin: the publisher's
    /// vertical spacing then replaces the reader's paragraph spacing, as in Readium.
    var marginTopFromPublisher = false
    var marginBottomFromPublisher = false
    var breakBefore = false

    /// The style a child starts from: inherited properties kept, box properties reset.
    var inherited: ComputedStyle {
        var child = self
        child.marginTop = nil; child.marginBottom = nil; child.marginLeft = nil; child.marginRight = nil
        child.marginTopFromPublisher = false; child.marginBottomFromPublisher = false
        child.breakBefore = false
        return child
    }

    /// Applies declarations in cascade order (later ones win), relative to the parent's style; each says
    /// whether it comes from the publisher's sheets (else from the built-in one).
    mutating func apply(_ declarations: [(declaration: CSSDeclaration, fromPublisher: Bool)], parent: ComputedStyle) {
        var pendingIndent: CSSLength?
        var pendingMargins: [(CSSDeclaration.Side, CSSLength, Bool)] = []
        for (declaration, fromPublisher) in declarations {
            switch declaration {
            case .textAlign(let value): alignment = value
            case .italic(let value): italic = value
            case .weight(let value):
                switch value {
                case .absolute(let number): weight = number
                case .bolder: weight = parent.weight < 600 ? 700 : 900
                case .lighter: weight = parent.weight > 500 ? 400 : 100
                }
            case .fontSize(let value):
                let scale: Double
                switch value {
                case .length(.percent(let percent)): scale = parent.fontScale * percent / 100
                case .length(.em(let em)): scale = parent.fontScale * em
                case .length(let length): scale = length.ems(fontScale: parent.fontScale)
                case .absolute(let multiple): scale = multiple
                case .relative(let multiple): scale = parent.fontScale * multiple
                }
                // A zero or absurd size would hide or swamp text: keep it readable.
                fontScale = min(4, max(0.5, scale))
            case .smallCaps(let value): smallCaps = value
            case .monospace(let value): monospace = value
            case .margin(let side, let length): pendingMargins.append((side, length, fromPublisher))
            case .textIndent(let length): pendingIndent = length
            case .displayNone(let value): hidden = value || parent.hidden
            case .breakBefore(let value): breakBefore = value
            case .listMarkerHidden(let value): listMarkerHidden = value
            }
        }
        // Lengths in em are relative to the element's final font size, known only now.
        for (side, length, fromPublisher) in pendingMargins {
            let ems = length.ems(fontScale: fontScale)
            switch side {
            case .top: marginTop = ems; marginTopFromPublisher = fromPublisher
            case .bottom: marginBottom = ems; marginBottomFromPublisher = fromPublisher
            case .left: marginLeft = ems
            case .right: marginRight = ems
            }
        }
        if let pendingIndent { textIndent = pendingIndent.ems(fontScale: fontScale) }
    }

    /// The character style for text in this element.
    func textStyle(language: String?, link: String?) -> TextStyle {
        TextStyle(fontFamily: monospace ? "monospace" : nil, weight: weight, isItalic: italic, fontScale: fontScale,
                  language: language, link: link, smallCaps: smallCaps, isHidden: hidden)
    }

    /// The alignment as Typeset's logical value for a paragraph written in `direction`.
    func textAlignment(direction: WritingDirection?) -> TextAlignment? {
        guard let alignment else { return nil }
        switch alignment {
        case .start: return .start
        case .end: return .end
        case .center: return .center
        case .justify: return .justified
        case .left: return direction == .rightToLeft ? .end : .start
        case .right: return direction == .rightToLeft ? .start : .end
        }
    }
}

/// The built-in (user-agent) style sheet: what every reader does with HTML elements, publisher styles or not.
enum UserAgentStyleSheet {
    static let source = """
        h1 { font-weight: bold; font-size: 1.6em; margin-top: 1em }
        h2 { font-weight: bold; font-size: 1.4em; margin-top: 1em }
        h3 { font-weight: bold; font-size: 1.2em; margin-top: 0.8em }
        h4 { font-weight: bold; font-size: 1.1em; margin-top: 0.8em }
        h5, h6 { font-weight: bold; margin-top: 0.8em }
        em, i, cite, dfn, var, address { font-style: italic }
        strong, b, th, dt { font-weight: bold }
        small { font-size: 0.85em }
        big { font-size: 1.2em }
        sub, sup { font-size: 0.75em }
        pre, code, tt, kbd, samp { font-family: monospace }
        center, caption, figcaption { text-align: center }
        blockquote { margin-left: 1.5em; margin-right: 1.5em }
        dd { margin-left: 1.5em }
        """

    /// The parsed sheet (parsed once per process).
    static let sheet = CSSStyleSheet(parsing: source)
}
