/// Rows (`mrow` and the elements laid out as one), fractions, radicals, `mpadded` and `menclose`.
extension MathLayout {
    /// A pixel, in ems of the formula (see ``MathLength/pixelsPerEm``).
    static let pixel = 1 / MathLength.pixelsPerEm

    /// MathML Core's layout of `mrow`: the children side by side on the baseline, operators spaced by their
    /// `lspace` and `rspace` (unless the row is itself an embellished operator), italic corrections added after
    /// slanted children. Sets the children's offsets from the row's origin and returns the row's box.
    mutating func layOutRow(_ node: Int, children: [Int], x start: Double = 0) -> MathBox {
        let addsSpace = formula.nodes[node].element == .math || core[node] < 0
        var x = start, previousItalic = 0.0
        var box = MathBox()
        var first = true
        for child in children {
            let childBox = boxes[child]
            let op = core[child] >= 0 ? operators[Int(core[child])] : nil
            let slanted = op == nil && childBox.italic != 0
            if !slanted { x += previousItalic }
            if let op, addsSpace { x += op.lspace }
            offsets[child] = (x, 0)
            x += childBox.width
            previousItalic = slanted ? childBox.italic : 0
            if let op, addsSpace { x += op.rspace }
            if first {
                box.ascent = childBox.ascent; box.descent = childBox.descent
                box.inkAscent = childBox.inkAscent; box.inkDescent = childBox.inkDescent
                first = false
            } else {
                box.ascent = max(box.ascent, childBox.ascent); box.descent = max(box.descent, childBox.descent)
                box.inkAscent = max(box.inkAscent, childBox.inkAscent); box.inkDescent = max(box.inkDescent, childBox.inkDescent)
            }
        }
        box.width = x + previousItalic - start
        box.italic = previousItalic
        if children.count == 1 { box.topAccent = boxes[children[0]].topAccent.map { $0 + offsets[children[0]].x - start } }
        return box
    }

    /// Moves the children of a row by `dx`, `dy`.
    mutating func shift(_ children: [Int], dx: Double, dy: Double) {
        for child in children { offsets[child].x += dx; offsets[child].y += dy }
    }

    /// Adds a rule of `node` (left, bottom, width, height in its coordinates).
    mutating func rule(_ node: Int, x: Double, y: Double, width: Double, height: Double) {
        guard width > 0, height > 0 else { return }
        ruleItems.append((Int32(node), MathDrawing.Rule(x: x, y: y, width: width, height: height, color: nil)))
    }

    /// The style a MathML 3 line value names (`none`, `solid`, `dashed`; CSS's `dotted` and `double` too), nil for
    /// an unknown one.
    static func lineStyle(_ keyword: some StringProtocol) -> BorderStyle? {
        switch keyword.lowercased() {
        case "hidden": .none
        default: BorderStyle(rawValue: keyword.lowercased())
        }
    }

    /// Adds a line of `node` in `style` (left, bottom, width, height in its coordinates): a rule whose dashes or
    /// dots the renderer draws as a border edge's, along its width or, when `vertical`, its height.
    mutating func line(_ node: Int, _ style: BorderStyle, x: Double, y: Double, width: Double, height: Double,
                       vertical: Bool, color: Color? = nil) {
        guard style != .none, width > 0, height > 0 else { return }
        ruleItems.append((Int32(node), MathDrawing.Rule(x: x, y: y, width: width, height: height, color: color, style: style,
                                                        isVertical: vertical)))
    }

    /// The fraction line thickness: `linethickness` (a length, a percentage or multiple of the default, or
    /// MathML 3's `thin`, `medium`, `thick`), else FractionRuleThickness; never negative.
    private func lineThickness(_ node: Int) -> Double {
        let scale = styles[node].scale
        let standard = constants.fractionRuleThickness * scale
        guard let value = formula.attribute("linethickness", of: node) else { return standard }
        let text = value.trimmingSpaces.lowercased()
        switch text {
        case "thin": return standard / 2
        case "medium": return standard
        case "thick": return standard * 2
        default: break
        }
        if let multiple = Double(text), multiple.isFinite { return max(0, multiple * standard) }
        guard let length = MathLength.parse(value) else { return standard }
        return max(0, length.resolve(scale: scale, xHeight: constants.xHeight, reference: standard))
    }

    /// MathML Core's layout of `mfrac` (with a bar, or without one: a binomial), with its 1 px padding on each side.
    mutating func layOutFraction(_ node: Int, _ numerator: Int, _ denominator: Int) {
        let scale = styles[node].scale, display = styles[node].display
        let c = constants
        let numeratorBox = boxes[numerator], denominatorBox = boxes[denominator]
        let thickness = lineThickness(node)
        let axis = c.axisHeight * scale
        var numeratorShift: Double, denominatorShift: Double
        if thickness > 0 {
            numeratorShift = max((display ? c.fractionNumeratorDisplayStyleShiftUp : c.fractionNumeratorShiftUp) * scale,
                                 axis + thickness / 2 + (display ? c.fractionNumDisplayStyleGapMin : c.fractionNumeratorGapMin) * scale
                                    + numeratorBox.inkDescent)
            denominatorShift = max((display ? c.fractionDenominatorDisplayStyleShiftDown : c.fractionDenominatorShiftDown) * scale,
                                   thickness / 2 + (display ? c.fractionDenomDisplayStyleGapMin : c.fractionDenominatorGapMin) * scale
                                    + denominatorBox.inkAscent - axis)
        } else {
            numeratorShift = (display ? c.stackTopDisplayStyleShiftUp : c.stackTopShiftUp) * scale
            denominatorShift = (display ? c.stackBottomDisplayStyleShiftDown : c.stackBottomShiftDown) * scale
            let gap = (denominatorShift - denominatorBox.inkAscent) + (numeratorShift - numeratorBox.inkDescent)
            let delta = (display ? c.stackDisplayStyleGapMin : c.stackGapMin) * scale - gap
            if delta > 0 { numeratorShift += delta / 2; denominatorShift += delta - delta / 2 }
        }
        let padding = Self.pixel
        let content = max(numeratorBox.width, denominatorBox.width)
        func alignedX(_ childWidth: Double, _ attribute: String) -> Double {
            switch formula.attribute(attribute, of: node)?.trimmingSpaces.lowercased() {
            case "left": 0
            case "right": content - childWidth
            default: (content - childWidth) / 2
            }
        }
        offsets[numerator] = (padding + alignedX(numeratorBox.width, "numalign"), numeratorShift)
        offsets[denominator] = (padding + alignedX(denominatorBox.width, "denomalign"), -denominatorShift)
        var box = MathBox(width: content + 2 * padding)
        box.ascent = max(numeratorShift + numeratorBox.ascent, -denominatorShift + denominatorBox.ascent)
        box.descent = max(-numeratorShift + numeratorBox.descent, denominatorShift + denominatorBox.descent)
        if thickness > 0 {
            box.ascent = max(box.ascent, axis + thickness / 2)
            box.descent = max(box.descent, -axis + thickness / 2)
            rule(node, x: padding, y: axis - thickness / 2, width: content, height: thickness)
        }
        box.inkAscent = box.ascent; box.inkDescent = box.descent
        boxes[node] = box
    }

    /// MathML Core's layout of `msqrt` (its children as a row, the base) and `mroot` (`base`, `index`): the
    /// radical glyph stretched to the base's ink height and the gaps, a rule over the base.
    mutating func layOutRadical(_ node: Int, base children: [Int], index: Int?) {
        let scale = styles[node].scale, c = constants
        let base = index == nil ? layOutRow(node, children: children) : boxes[children[0]]
        let gap = (styles[node].display ? c.radicalDisplayStyleVerticalGap : c.radicalVerticalGap) * scale
        let thickness = c.radicalRuleThickness * scale, extra = c.radicalExtraAscender * scale
        let target = thickness + gap + base.inkAscent + base.inkDescent
        var radical = Stretched(parts: [], width: 0, ascent: 0, descent: 0, italic: 0)
        if let glyph = font.glyph(for: 0x221A) { radical = stretch(glyph, to: target / scale, vertical: true) }
        let radicalWidth = radical.width * scale, radicalHeight = (radical.ascent + radical.descent) * scale
        var box = MathBox()
        box.ascent = max(base.ascent, base.inkAscent + gap + thickness + extra)
        box.descent = max(base.descent, radicalHeight + extra - box.ascent)
        // The index (mroot): before the surd, raised by RadicalDegreeBottomRaisePercent of the radical's height.
        var x = 0.0
        if let index {
            let indexBox = boxes[index]
            let before = max(0, c.radicalKernBeforeDegree * scale)
            let after = max(-indexBox.width, c.radicalKernAfterDegree * scale)
            let raise = c.radicalDegreeBottomRaisePercent * (box.ascent + box.descent)
            let indexBaseline = -box.descent + raise + indexBox.descent
            offsets[index] = (before, indexBaseline)
            box.ascent = max(box.ascent, indexBaseline + indexBox.ascent)
            box.descent = max(box.descent, -indexBaseline + indexBox.descent)
            x = before + indexBox.width + after
        }
        // The surd: its top at the overbar's top.
        let barTop = box.ascent - extra
        for part in radical.parts {
            append(glyph: part.glyph, face: font.face, x: x + part.x * scale,
                   y: barTop - radical.ascent * scale + part.y * scale, scale: scale, node: node)
        }
        if index == nil { shift(children, dx: x + radicalWidth, dy: 0) } else { offsets[children[0]] = (x + radicalWidth, 0) }
        rule(node, x: x + radicalWidth, y: barTop - thickness, width: base.width, height: thickness)
        box.width = x + radicalWidth + base.width
        box.inkAscent = box.ascent; box.inkDescent = box.descent
        boxes[node] = box
    }

    /// MathML Core's layout of `mpadded`: its children as a row in a box of the requested width, height and depth,
    /// moved right by `lspace` and up by `voffset` (MathML 3's `+`/`-` values and pseudo-units accepted).
    mutating func layOutPadded(_ node: Int, children: [Int]) {
        let inner = layOutRow(node, children: children)
        let scale = styles[node].scale, xHeight = constants.xHeight
        let dimensions = (width: inner.width, height: inner.ascent, depth: inner.descent)
        func requested(_ name: String, inner value: Double, clamps: Bool = true) -> Double {
            guard let raw = formula.attribute(name, of: node), let length = MathLength.parse(raw, allowsPseudoUnits: true) else {
                return value
            }
            if case .percent(let percent) = length { return value * percent / 100 }
            let resolved = length.resolve(scale: scale, xHeight: xHeight, reference: value, dimensions: dimensions)
            let text = raw.trimmingSpaces
            let result = text.hasPrefix("+") || text.hasPrefix("-") ? value + resolved : resolved
            return clamps ? max(0, result) : result
        }
        let width = requested("width", inner: inner.width)
        let height = requested("height", inner: inner.ascent), depth = requested("depth", inner: inner.descent)
        let lspace = requested("lspace", inner: 0, clamps: false), voffset = requested("voffset", inner: 0, clamps: false)
        shift(children, dx: lspace, dy: voffset)
        boxes[node] = MathBox(width: width, ascent: height, descent: depth)
    }

    /// `menclose` (MathML 3; not in MathML Core) as books use it: its children as a row, padded, with the rules of
    /// its notations: `box`, `roundedbox` and `circle` (drawn as a box), `left`, `right`, `top`, `bottom`,
    /// `actuarial`, `longdiv`, `madruwb`, `horizontalstrike`, `verticalstrike`; `radical` draws a square root. Also
    /// `merror`, a box.
    mutating func layOutEnclosed(_ node: Int, children: [Int], notations given: Set<String>? = nil) {
        let raw = formula.attribute("notation", of: node) ?? "longdiv"
        let notations = given ?? Set(raw.lowercased().split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init))
        if notations == ["radical"] { layOutRadical(node, base: children, index: nil); return }
        let inner = layOutRow(node, children: children)
        let scale = styles[node].scale
        let thickness = constants.fractionRuleThickness * scale
        let padding = 3 * thickness + 0.1 * scale
        let boxed = !notations.isDisjoint(with: ["box", "roundedbox", "circle"])
        let left = boxed || !notations.isDisjoint(with: ["left", "longdiv"])
        let right = boxed || !notations.isDisjoint(with: ["right", "actuarial", "madruwb"])
        let top = boxed || !notations.isDisjoint(with: ["top", "actuarial", "longdiv"])
        let bottom = boxed || !notations.isDisjoint(with: ["bottom", "madruwb"])
        let padLeft = left ? padding + thickness : 0, padRight = right ? padding + thickness : 0
        let padTop = top ? padding + thickness : 0, padBottom = bottom ? padding + thickness : 0
        shift(children, dx: padLeft, dy: 0)
        let width = padLeft + inner.width + padRight
        let ascent = inner.ascent + padTop, descent = inner.descent + padBottom
        if left { rule(node, x: 0, y: -descent, width: thickness, height: ascent + descent) }
        if right { rule(node, x: width - thickness, y: -descent, width: thickness, height: ascent + descent) }
        if top { rule(node, x: 0, y: ascent - thickness, width: width, height: thickness) }
        if bottom { rule(node, x: 0, y: -descent, width: width, height: thickness) }
        if notations.contains("horizontalstrike") {
            rule(node, x: 0, y: constants.axisHeight * scale - thickness / 2, width: width, height: thickness)
        }
        if notations.contains("verticalstrike") {
            rule(node, x: width / 2 - thickness / 2, y: -descent, width: thickness, height: ascent + descent)
        }
        if given != nil {
            ruleItems.indices.suffix(4).forEach { ruleItems[$0].rule.color = Color(red: 0xD0, green: 0, blue: 0) }
        }
        boxes[node] = MathBox(width: width, ascent: ascent, descent: descent)
    }
}
