import TypesetCore

/// The properties that decide whether a reader can see an element: `visibility`, and the positioning and clipping
/// books use to take text out of sight while keeping it for screen readers (Standard Ebooks' titles at
/// `position: absolute; left: -999em`, the `.sr-only` pattern of a 1 px box with `overflow: hidden` and
/// `clip: rect(0 0 0 0)`, `clip-path: inset(50%)`).
extension CSSDeclaration {
    /// `visibility`.
    enum Visibility: Equatable, Sendable {
        case visible
        /// `hidden` and `collapse`: the element keeps its place but is not drawn.
        case hidden
    }

    /// `position`.
    enum Position: Equatable, Sendable { case `static`, relative, absolute, fixed, sticky }

    /// The declarations of the visibility properties, or nil when `property` is none of them.
    static func parseVisibility(property: String, value: String, words: [String]) -> [CSSDeclaration]? {
        switch property {
        case "visibility":
            switch value {
            case "visible": return [.visibility(.visible)]
            case "hidden", "collapse": return [.visibility(.hidden)]
            default: return []
            }
        case "position":
            let map: [String: Position] = ["static": .static, "relative": .relative, "absolute": .absolute,
                                           "fixed": .fixed, "sticky": .sticky, "-webkit-sticky": .sticky]
            return map[value].map { [.position($0)] } ?? []
        case "left", "right", "top", "bottom":
            guard let length = CSSLength(Substring(value)), length != .auto else { return [] }
            let side: Side
            switch property {
            case "top": side = .top
            case "bottom": side = .bottom
            case "right": side = .right
            default: side = .left
            }
            return [.offset(side, length)]
        case "clip":
            return [.clipsAway(clipRectIsEmpty(value))]
        case "clip-path", "-webkit-clip-path":
            return [.clipPathHides(clipPathIsEmpty(value))]
        case "overflow", "overflow-x", "overflow-y":
            return words.first.map { [.overflowHidden($0 == "hidden" || $0 == "clip", containsFloats: ["hidden", "auto", "scroll"].contains($0))] } ?? []
        default:
            return nil
        }
    }

    /// Whether `clip: rect(top, right, bottom, left)` leaves nothing of a box at most 1 px across: an empty
    /// rectangle, or one of a pixel or less (`rect(1px, 1px, 1px, 1px)`, `rect(0 0 0 0)`). `auto` clips nothing.
    static func clipRectIsEmpty(_ value: String) -> Bool {
        guard value.hasPrefix("rect("), value.hasSuffix(")") else { return false }
        let inner = value.dropFirst(5).dropLast()
        let parts = inner.split(whereSeparator: { $0 == "," || $0 == " " }).map { CSSLength(Substring($0)) }
        guard parts.count == 4, let top = parts[0]?.ems(fontScale: 1), let right = parts[1]?.ems(fontScale: 1),
              let bottom = parts[2]?.ems(fontScale: 1), let left = parts[3]?.ems(fontScale: 1) else { return false }
        let pixel = 1.0 / 16
        return bottom - top <= pixel || right - left <= pixel
    }

    /// Whether a `clip-path` leaves nothing: `inset()` whose opposite insets meet (`inset(50%)`, `inset(100%)`), or a
    /// circle or ellipse of no radius.
    static func clipPathIsEmpty(_ value: String) -> Bool {
        func arguments(_ name: String) -> [String]? {
            guard value.hasPrefix(name + "("), let close = value.firstIndex(of: ")") else { return nil }
            let inner = value[value.index(value.startIndex, offsetBy: name.count + 1)..<close]
            return inner.split(separator: " ").map(String.init)
        }
        if let insets = arguments("inset") {
            // Only the percentages before `round` matter; one to four, as margins.
            // A length inset is of a box whose size is not known here: counted as nothing.
            let values = insets.prefix { $0 != "round" }.map { word -> Double? in
                switch CSSLength(Substring(word)) {
                case .percent(let percent)?: percent
                case nil, .auto?: nil
                default: 0
                }
            }
            guard (1...4).contains(values.count), values.allSatisfy({ $0 != nil }) else { return false }
            let v = values.compactMap { $0 }
            let (top, right, bottom, left) = (v[0], v.count > 1 ? v[1] : v[0], v.count > 2 ? v[2] : v[0], v.count > 3 ? v[3] : (v.count > 1 ? v[1] : v[0]))
            return top + bottom >= 100 || left + right >= 100
        }
        for shape in ["circle", "ellipse"] {
            if let radii = arguments(shape), let first = radii.first, let radius = CSSLength(Substring(first)) {
                return radius.ems(fontScale: 1) == 0
            }
        }
        return false
    }
}

extension ComputedStyle {
    /// Applies one of the visibility declarations (and `object-fit` and `filter`, properties of the box as they are).
    mutating func applyVisibility(_ declaration: CSSDeclaration) {
        switch declaration {
        case .visibility(let value): self.visibility = value
        case .position(let value): self.position = value
        case .offset(.left, let length): self.offsetLeft = length
        case .offset(.top, let length): self.offsetTop = length
        case .offset(.right, let length): self.offsetRight = length
        // `bottom` places an element below its place: never out of sight above the page (isOutOfSight does not
        // read it), but a fixed page's positioned box is placed by it.
        case .offset(.bottom, let length): self.offsetBottom = length
        case .clipsAway(let value): self.clipsAway = value
        case .clipPathHides(let value): self.clipPathHides = value
        case .overflowHidden(let value, let containsFloats): self.overflowHidden = value; self.overflowContainsFloats = containsFloats
        case .objectFit(let value): self.replacedSize.objectFit = value
        case .filter(let value): self.replacedSize.colorFilter = value
        default: break
        }
    }

    /// How far outside the page a positioned element must be placed to be out of sight: an offset of 5 em or more
    /// to the left or top (books use `-999em`, `-9999px`, `-10000px`; a hanging ornament at `-2em` is still seen).
    static let offPageOffset = -5.0

    /// Whether the element is drawn out of sight though it is in the document: placed off the page (`position:
    /// absolute` or `fixed` with a large negative `left`, `top` or `right`), clipped to nothing (`clip` on a
    /// positioned element, `clip-path` on any), or a box of a pixel or less that hides its overflow. Its text is for
    /// screen readers: not drawn and taking no place, but read aloud (``TextVisibility/assistive``).
    var isOutOfSight: Bool {
        let positioned = self.position == .absolute || self.position == .fixed
        let offPage = [self.offsetLeft, self.offsetTop, self.offsetRight].contains { ($0?.ems(fontScale: self.fontScale) ?? 0) <= Self.offPageOffset }
        if positioned && (offPage || self.clipsAway) { return true }
        if self.clipPathHides { return true }
        let pixel = 1.0 / 16 + 1e-9
        func tiny(_ length: CSSLength?) -> Bool {
            guard let length, length != .auto else { return false }
            if case .percent = length { return false }
            return length.ems(fontScale: self.fontScale) <= pixel
        }
        return self.overflowHidden && tiny(self.replacedSize.width) && tiny(self.replacedSize.height)
    }

    /// Whether the element has a box the reader sees (not `display: none`, not out of sight); `visibility: hidden`
    /// keeps its box.
    var isSeen: Bool { !self.hidden && !self.assistiveOnly }

    /// The visibility of the element's text: hidden from everyone (`display: none`: hidden units), for screen readers
    /// only (out of sight), invisible in its place (`visibility: hidden`), or visible.
    var textVisibility: TextVisibility {
        if self.hidden { return .visible }  // hidden units, not read: isHidden says it
        if self.assistiveOnly { return .assistive }
        return self.visibility == .hidden ? .invisible : .visible
    }
}
