import TypesetCore

/// The flow-relative box properties of CSS Logical Properties 1: margins, padding, borders and insets named by the
/// flow (`padding-inline-start`, `margin-block`, `border-inline-end-color`, `inset-inline-start`, and WebKit's
/// older `-webkit-padding-start`, `-webkit-margin-before`), each a side that the element's own writing mode and
/// direction turn into a physical one when the style is computed (see ``ComputedStyle``), so that a logical
/// declaration and a physical one for the same side cascade together: the later in cascade order wins.
extension CSSDeclaration {
    /// A side of a box named by the flow.
    enum LogicalSide: Equatable, Sendable {
        case blockStart, inlineEnd, blockEnd, inlineStart

        /// The side a declaration for `side` names in horizontal left-to-right text (see ``logical(_:_:)``).
        init(horizontalLeftToRight side: Side) {
            switch side {
            case .top: self = .blockStart
            case .right: self = .inlineEnd
            case .bottom: self = .blockEnd
            case .left: self = .inlineStart
            }
        }

        /// The physical side this one is in `mode` and `direction` (CSS Writing Modes 4, §6.4's table): the block
        /// start is the top of horizontal text, the right of `vertical-rl` and the left of `vertical-lr`; the
        /// inline start is the left (right-to-left: the right) of horizontal text and the top (the bottom) of
        /// vertical text.
        func physical(_ mode: WritingMode, _ direction: WritingDirection) -> Side {
            let rtl = direction == .rightToLeft
            switch (self, mode) {
            case (.blockStart, .horizontal): return .top
            case (.blockEnd, .horizontal): return .bottom
            case (.inlineStart, .horizontal): return rtl ? .right : .left
            case (.inlineEnd, .horizontal): return rtl ? .left : .right
            case (.blockStart, .verticalRightToLeft), (.blockEnd, .verticalLeftToRight): return .right
            case (.blockEnd, .verticalRightToLeft), (.blockStart, .verticalLeftToRight): return .left
            case (.inlineStart, _): return rtl ? .bottom : .top
            case (.inlineEnd, _): return rtl ? .top : .bottom
            }
        }
    }

    /// WebKit's old names of the flow-relative margins and paddings (built once: every declaration of a style
    /// sheet asks).
    private static let webkitAliases = [
        "-webkit-margin-start": "margin-inline-start", "-webkit-margin-end": "margin-inline-end",
        "-webkit-margin-before": "margin-block-start", "-webkit-margin-after": "margin-block-end",
        "-webkit-padding-start": "padding-inline-start", "-webkit-padding-end": "padding-inline-end",
        "-webkit-padding-before": "padding-block-start", "-webkit-padding-after": "padding-block-end"]
    /// The physical sides of each flow-relative one in horizontal left-to-right text.
    private static let horizontalLeftToRightSides = [
        "inline-start": ["left"], "inline-end": ["right"], "block-start": ["top"], "block-end": ["bottom"],
        "inline": ["left", "right"], "block": ["top", "bottom"]]

    /// The physical property a flow-relative one stands for in horizontal left-to-right text, which the parser of
    /// the physical ones reads; nil when `property` is not flow-relative. Two-value forms (`margin-inline: 1em 2em`)
    /// stand for two properties.
    private static func horizontalLeftToRightNames(_ property: String) -> [String]? {
        let name = webkitAliases[property] ?? property
        for prefix in ["margin", "padding", "inset", "border"] where name.hasPrefix(prefix + "-") {
            var rest = name.dropFirst(prefix.count + 1)
            var suffix = ""
            if prefix == "border", let dash = rest.lastIndex(of: "-"), ["width", "style", "color"].contains(rest[rest.index(after: dash)...]) {
                suffix = "-" + rest[rest.index(after: dash)...]
                rest = rest[..<dash]
            }
            guard let physical = horizontalLeftToRightSides[String(rest)] else { return nil }
            return physical.map { prefix == "inset" ? $0 : prefix + "-" + $0 + suffix }
        }
        return nil
    }

    /// The declarations of a flow-relative property, each ``logical(_:_:)`` around what the property says in
    /// horizontal left-to-right text; nil when `property` is not flow-relative. A two-value form takes its second
    /// value for the end side, its first when there is one value.
    static func parseLogical(_ property: String, rawValue: Substring) -> [CSSDeclaration]? {
        guard let names = horizontalLeftToRightNames(property) else { return nil }
        var values = [rawValue]
        if names.count == 2 && !property.hasPrefix("border-") || property.hasSuffix("-width") || property.hasSuffix("-style")
            || property.hasSuffix("-color") {
            let words = CSSParser.splitTopLevel(String(rawValue.trimmingWhiteSpace()), separator: " ")
            guard (1...names.count).contains(words.count) else { return [] }
            values = words.map { Substring($0) }
        }
        return names.enumerated().flatMap { index, name in
            parse(property: name, value: values[min(index, values.count - 1)]).compactMap { declaration in
                declaration.side.map { .logical(LogicalSide(horizontalLeftToRight: $0), declaration) }
            }
        }
    }

    /// The physical side of a box declaration (margin, padding, border, inset); nil for any other.
    var side: Side? {
        switch self {
        case .margin(let side, _), .padding(let side, _), .borderWidth(let side, _), .borderStyle(let side, _),
             .borderColor(let side, _), .offset(let side, _): return side
        default: return nil
        }
    }

    /// This box declaration on `side` instead of its own.
    func on(_ side: Side) -> CSSDeclaration {
        switch self {
        case .margin(_, let length): return .margin(side, length)
        case .padding(_, let length): return .padding(side, length)
        case .borderWidth(_, let length): return .borderWidth(side, length)
        case .borderStyle(_, let style): return .borderStyle(side, style)
        case .borderColor(_, let color): return .borderColor(side, color)
        case .offset(_, let length): return .offset(side, length)
        default: return self
        }
    }

    /// A flow-relative declaration as physical for an element of `mode` and `direction`; any other as it is.
    func resolved(_ mode: WritingMode, _ direction: WritingDirection) -> CSSDeclaration {
        guard case .logical(let side, let declaration) = self else { return self }
        return declaration.on(side.physical(mode, direction))
    }
}
