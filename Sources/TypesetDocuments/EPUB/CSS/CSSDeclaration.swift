/// A CSS length as written, converted to ems by ``CSSLength/ems(fontScale:)`` once the element's font size
/// is known.
enum CSSLength: Equatable, Sendable {
    /// `1.5em`: relative to the element's own font size.
    case em(Double)
    /// `1rem`: relative to the root (body) font size.
    case rem(Double)
    /// `10%`: of the containing block's width for margins and indents (see ``percentEm``), of the parent's
    /// font size for `font-size`.
    case percent(Double)
    /// `12px` (16 px = 1 em, as browsers default).
    case px(Double)
    /// `9pt` (12 pt = 1 em).
    case pt(Double)
    /// `auto`.
    case auto

    /// Ems per percent for widths: Typeset's paragraphs do not know their column width when styles are
    /// resolved (styles never depend on settings), so a percentage of the width is taken of a 20 em measure,
    /// about a phone's column at the default size.
    static let percentEm = 0.2

    /// The length in ems of the body font, for an element whose font is `fontScale` times the body's.
    func ems(fontScale: Double) -> Double {
        switch self {
        case .em(let value): return value * fontScale
        case .rem(let value): return value
        case .percent(let value): return value * CSSLength.percentEm
        case .px(let value): return value / 16
        case .pt(let value): return value / 12
        case .auto: return 0
        }
    }

    /// Parses `0`, `1.5em`, `10%`, `12px`, `auto`...; nil for anything else (`calc()`, `vh`).
    init?(_ text: Substring) {
        let lowered = text.lowercased()
        if lowered == "auto" { self = .auto; return }
        var number = Substring(lowered)
        var unit = ""
        while let last = number.last, last.isLetter || last == "%" { unit.insert(last, at: unit.startIndex); number.removeLast() }
        if number.hasPrefix("+") { number.removeFirst() }
        if number.hasPrefix(".") || number.hasPrefix("-.") { number = Substring(number.replacing(".", with: "0.")) }
        guard let value = Double(number), value.isFinite else { return nil }
        switch unit {
        case "em": self = .em(value)
        case "rem": self = .rem(value)
        case "%": self = .percent(value)
        case "px": self = .px(value)
        case "pt": self = .pt(value)
        case "ex", "ch": self = .em(value / 2)
        case "": if value == 0 { self = .px(0) } else { return nil }
        default: return nil
        }
    }
}

/// One declaration of the subset Typeset honours: text-align, font-style, font-weight, font-size (em, %, rem,
/// px, pt and keywords), font-variant small-caps, font-family monospace, margins, text-indent, display:none,
/// list-style none and page breaks before an element. Anything else is dropped at parse time.
enum CSSDeclaration: Equatable, Sendable {
    /// `text-align`.
    enum Alignment: Equatable, Sendable { case left, right, center, justify, start, end }
    /// `font-weight`.
    enum Weight: Equatable, Sendable { case absolute(Int), bolder, lighter }
    /// `font-size`.
    enum FontSize: Equatable, Sendable {
        /// A length or percentage (relative to the parent's size).
        case length(CSSLength)
        /// `small`, `large`...: a multiple of the body size.
        case absolute(Double)
        /// `smaller`, `larger`: a multiple of the parent's size.
        case relative(Double)
    }
    /// A side of the box.
    enum Side: Equatable, Sendable { case top, right, bottom, left }

    case textAlign(Alignment)
    case italic(Bool)
    case weight(Weight)
    case fontSize(FontSize)
    case smallCaps(Bool)
    case monospace(Bool)
    case margin(Side, CSSLength)
    case textIndent(CSSLength)
    /// `display: none` (true) or any other display (false).
    case displayNone(Bool)
    /// `page-break-before: always` / `break-before: page` (true), or `auto`/`avoid` (false).
    case breakBefore(Bool)
    /// `list-style-type: none` or `list-style: none` (true), or another marker type (false).
    case listMarkerHidden(Bool)

    /// The declarations one `property: value` pair stands for (shorthands expand); empty when unsupported.
    static func parse(property: String, value rawValue: Substring) -> [CSSDeclaration] {
        let value = rawValue.trimmingWhiteSpace().lowercased()
        let words = value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        switch property {
        case "text-align":
            let map: [String: Alignment] = ["left": .left, "right": .right, "center": .center, "justify": .justify,
                                            "start": .start, "end": .end, "initial": .start, "-webkit-center": .center]
            return map[value].map { [.textAlign($0)] } ?? []
        case "font-style":
            switch value {
            case "italic", "oblique": return [.italic(true)]
            case "normal", "initial": return [.italic(false)]
            default: return []
            }
        case "font-weight":
            switch value {
            case "bold": return [.weight(.absolute(700))]
            case "normal", "initial": return [.weight(.absolute(400))]
            case "bolder": return [.weight(.bolder)]
            case "lighter": return [.weight(.lighter)]
            default:
                guard let number = Int(value), (1...1000).contains(number) else { return [] }
                return [.weight(.absolute(number))]
            }
        case "font-size":
            let keywords: [String: Double] = ["xx-small": 0.6, "x-small": 0.75, "small": 0.89, "medium": 1,
                                              "large": 1.2, "x-large": 1.5, "xx-large": 2, "xxx-large": 3]
            if let scale = keywords[value] { return [.fontSize(.absolute(scale))] }
            if value == "smaller" { return [.fontSize(.relative(0.83))] }
            if value == "larger" { return [.fontSize(.relative(1.2))] }
            guard let length = CSSLength(Substring(value)), length != .auto else { return [] }
            return [.fontSize(.length(length))]
        case "font-variant", "font-variant-caps":
            if words.contains("small-caps") || words.contains("all-small-caps") { return [.smallCaps(true)] }
            if value == "normal" || value == "initial" { return [.smallCaps(false)] }
            return []
        case "font-family":
            // Only the generic monospace family is honoured: named families are the reader's choice.
            let families = value.split(separator: ",").map { $0.trimmingWhiteSpace() }
            return [.monospace(families.contains("monospace"))]
        case "margin":
            let lengths = words.compactMap { CSSLength($0) }
            guard lengths.count == words.count, (1...4).contains(lengths.count) else { return [] }
            let (top, right, bottom, left): (CSSLength, CSSLength, CSSLength, CSSLength)
            switch lengths.count {
            case 1: (top, right, bottom, left) = (lengths[0], lengths[0], lengths[0], lengths[0])
            case 2: (top, right, bottom, left) = (lengths[0], lengths[1], lengths[0], lengths[1])
            case 3: (top, right, bottom, left) = (lengths[0], lengths[1], lengths[2], lengths[1])
            default: (top, right, bottom, left) = (lengths[0], lengths[1], lengths[2], lengths[3])
            }
            return [.margin(.top, top), .margin(.right, right), .margin(.bottom, bottom), .margin(.left, left)]
        case "margin-top", "margin-right", "margin-bottom", "margin-left":
            let sides: [String: Side] = ["margin-top": .top, "margin-right": .right, "margin-bottom": .bottom, "margin-left": .left]
            guard let side = sides[property], let length = CSSLength(Substring(value)) else { return [] }
            return [.margin(side, length)]
        case "text-indent":
            return CSSLength(Substring(value)).map { [.textIndent($0)] } ?? []
        case "display":
            return words.isEmpty ? [] : [.displayNone(value == "none")]
        case "list-style-type", "list-style":
            if words.contains("none") { return [.listMarkerHidden(true)] }
            return property == "list-style-type" || words.contains(where: { !$0.hasPrefix("url(") }) ? [.listMarkerHidden(false)] : []
        case "page-break-before", "break-before":
            switch value {
            case "always", "page", "left", "right", "recto", "verso": return [.breakBefore(true)]
            case "auto", "avoid", "avoid-page": return [.breakBefore(false)]
            default: return []
            }
        default:
            return []
        }
    }
}

extension StringProtocol {
    /// The string without leading and trailing XML/CSS white space (space, tab, CR, LF, form feed).
    /// (Foundation's `trimmingCharacters(in:)` is not used: this module does not import Foundation.)
    func trimmingWhiteSpace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" || $0 == "\r\n" }
        var start = startIndex, end = endIndex
        while start < end, isSpace(self[start]) { start = index(after: start) }
        while end > start, isSpace(self[index(before: end)]) { end = index(before: end) }
        return String(self[start..<end])
    }
}
