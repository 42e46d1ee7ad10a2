#if canImport(Glibc)
import Glibc
#endif

/// The style of a node as MathML Core's user agent stylesheet and attributes make it.
struct MathStyle {
    /// `math-style: normal` (display style); false is `compact`.
    var display = false
    /// `math-depth` (the script level).
    var depth = 0
    /// `math-shift: compact` (cramped: superscripts raised less).
    var cramped = false
    /// The font size, as a multiple of the formula's.
    var scale = 1.0
    /// The `mathvariant` in force (MathML 3 inherits it through `mstyle`), nil for none.
    var variant: MathVariant?
    /// The colour (`mathcolor`, `color`), nil for the text's.
    var color: Color?
    /// Whether the node is not drawn (inside an `mphantom`).
    var hidden = false
}

extension MathLayout {
    /// Styles, parent before child.
    mutating func computeStyles() {
        let nodes = formula.nodes
        styles = Array(repeating: MathStyle(), count: nodes.count)
        var root = MathStyle()
        root.display = formula.isDisplay
        if let display = formula.attribute("display", of: 0)?.trimmingSpaces.lowercased() { root.display = display == "block" }
        styles[0] = applyAttributes(0, to: root, inherited: root)
        for index in 1..<max(1, nodes.count) {
            let parent = Int(nodes[index].parent)
            var style = inheritedStyle(index, parent: parent)
            style = applyAttributes(index, to: style, inherited: styles[parent])
            styles[index] = style
        }
    }

    /// The style a child gets from its parent's element (the user agent stylesheet's rules).
    private func inheritedStyle(_ index: Int, parent: Int) -> MathStyle {
        let parentStyle = styles[parent]
        var style = parentStyle
        style.cramped = parentStyle.cramped
        let position = Int(childIndex[index])
        let element = formula.nodes[parent].element
        func script(shiftsCompact: Bool, keepsSize: Bool = false) {
            style.depth = parentStyle.depth + 1
            style.display = false
            if !keepsSize { style.scale = parentStyle.scale * scaleFactor(from: parentStyle.depth, to: style.depth) }
            if shiftsCompact { style.cramped = true }
        }
        switch element {
        case .mfrac:
            // math-depth: auto-add (one more only when the fraction is already compact), math-style: compact.
            if !parentStyle.display { style.depth = parentStyle.depth + 1 }
            style.scale = parentStyle.scale * scaleFactor(from: parentStyle.depth, to: style.depth)
            style.display = false
            if position == 1 { style.cramped = true }
        case .mroot where position > 0:
            style.depth = parentStyle.depth + 2
            style.scale = parentStyle.scale * scaleFactor(from: parentStyle.depth, to: style.depth)
            style.display = false
        case .msub where position > 0, .msubsup where position > 0:
            script(shiftsCompact: position == 1)
        case .msup where position > 0:
            script(shiftsCompact: false)
        case .mmultiscripts where position > 0:
            // Subscripts (even positions counting the base as 1, before and after mprescripts) are cramped.
            let isPrescriptsMarker = formula.nodes[index].element == .mprescripts
            script(shiftsCompact: !isPrescriptsMarker && subscriptPosition(index, parent: parent))
        case .munder where position > 0:
            script(shiftsCompact: false, keepsSize: isTrue("accentunder", of: parent))
        case .mover where position > 0:
            script(shiftsCompact: false, keepsSize: isTrue("accent", of: parent))
        case .munderover where position > 0:
            script(shiftsCompact: false, keepsSize: isTrue(position == 1 ? "accentunder" : "accent", of: parent))
        case .mover, .munderover:
            // The base of an accent is cramped.
            if isTrue("accent", of: parent) { style.cramped = true }
        default:
            break
        }
        switch formula.nodes[index].element {
        case .msqrt, .mroot: style.cramped = true
        case .mtable: style.display = false
        case .mphantom: style.hidden = true
        default: break
        }
        return style
    }

    /// Whether child `index` of an `mmultiscripts` is a subscript: after the base, scripts alternate subscript,
    /// superscript, on both sides of `mprescripts`.
    private func subscriptPosition(_ index: Int, parent: Int) -> Bool {
        var child = parent + 1, position = 0, afterPrescripts = false
        while child < index {
            if formula.nodes[child].element == .mprescripts { afterPrescripts = true; position = 0 } else { position += 1 }
            child = Int(formula.nodes[child].end)
        }
        // position counts the base before mprescripts: the first script after the base is at 1.
        return afterPrescripts ? position % 2 == 0 : position % 2 == 1
    }

    /// Whether a boolean attribute is `true` (ASCII case-insensitive).
    func isTrue(_ name: String, of node: Int) -> Bool {
        formula.attribute(name, of: node)?.trimmingSpaces.lowercased() == "true"
    }

    /// The node's own attributes: `displaystyle`, `scriptlevel`, `mathsize`, `mathvariant`, `mathcolor`.
    private func applyAttributes(_ index: Int, to style: MathStyle, inherited: MathStyle) -> MathStyle {
        var style = style
        if let value = formula.attribute("displaystyle", of: index)?.trimmingSpaces.lowercased() {
            if value == "true" { style.display = true } else if value == "false" { style.display = false }
        }
        if let value = formula.attribute("scriptlevel", of: index).map({ String($0.trimmingSpaces) }), !value.isEmpty {
            let depth: Int?
            if value.hasPrefix("+"), let step = Int(value.dropFirst()) { depth = style.depth + step }
            else if value.hasPrefix("-"), let step = Int(value.dropFirst()) { depth = style.depth - step }
            else { depth = Int(value) }
            if let depth {
                // A hostile level (a million) would scale the text to nothing, which is harmless, but is held to
                // ±100 so that the scale's power stays finite.
                let clamped = min(max(depth, -100), 100)
                style.scale *= scaleFactor(from: style.depth, to: clamped)
                style.depth = clamped
            }
        }
        if let value = formula.attribute("mathsize", of: index) ?? formula.attribute("fontsize", of: index) {
            style.scale = mathSize(value, scale: style.scale)
        }
        if let value = formula.attribute("mathvariant", of: index), let variant = MathVariant(attribute: value) {
            style.variant = variant
        }
        if let value = formula.attribute("mathcolor", of: index) ?? formula.attribute("color", of: index),
           let color = Color(hex: String(value.trimmingSpaces)) {
            style.color = color
        }
        return style
    }

    /// The scale a `mathsize` gives: `small`, `normal`, `big` (MathML 3's names), a percentage or a length (ems of
    /// the inherited size). Held to 1/100–100 times the formula's size.
    private func mathSize(_ value: String, scale: Double) -> Double {
        let result: Double
        switch value.trimmingSpaces.lowercased() {
        case "small": result = scale * 0.8
        case "normal": result = scale
        case "big": result = scale * 1.2
        default:
            guard let length = MathLength.parse(value) else { return scale }
            switch length {
            case .percent(let percent): result = scale * percent / 100
            default: result = length.resolve(scale: scale, xHeight: constants.xHeight)
            }
        }
        return result.isFinite ? min(max(result, 0.01), 100) : scale
    }

    /// The font-size factor from math-depth `a` to `b` (MathML Core's math-depth algorithm), with the font's
    /// script scale-downs.
    func scaleFactor(from a: Int, to b: Int) -> Double {
        guard a != b else { return 1 }
        var (low, high) = (a, b)
        let inverted = b < a
        if inverted { (low, high) = (b, a) }
        var exponent = high - low
        var factor = 1.0
        let script = constants.scriptPercentScaleDown, scriptScript = constants.scriptScriptPercentScaleDown
        if font.hasMathTable {
            if low <= 0 && high >= 2 {
                factor *= scriptScript; exponent -= 2
            } else if low == 1 {
                factor *= scriptScript / script; exponent -= 1
            } else if high == 1 {
                factor *= script; exponent -= 1
            }
        }
        factor *= pow(0.71, Double(exponent))
        guard factor.isFinite, factor > 0 else { return 1 }
        return inverted ? 1 / factor : factor
    }
}
