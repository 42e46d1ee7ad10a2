internal import CHarfBuzz

/// Token elements (`mi`, `mn`, `mtext`, `ms`, `mo`, `mspace`) and stretchy glyphs.
extension MathLayout {
    /// Characters never drawn: invisible operators (function application, invisible times, separator, plus),
    /// zero-width spaces and joiners, the word joiner, the soft hyphen.
    static func isInvisible(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x2061...0x2064, 0x200B...0x200D, 0x2060, 0xFEFF, 0x00AD: true
        default: false
        }
    }

    /// The characters a token draws: its text with `mathvariant` applied (an `mi` of one character is italic
    /// unless a variant is given: MathML Core's `text-transform: math-auto`), `ms` in quotes.
    func tokenScalars(_ node: Int) -> [UInt32] {
        var scalars = String(decoding: formula.text(of: node), as: UTF16.self).unicodeScalars.map(\.value)
        let element = formula.nodes[node].element
        if element == .ms {
            let open = formula.attribute("lquote", of: node) ?? "\"", close = formula.attribute("rquote", of: node) ?? "\""
            scalars = open.unicodeScalars.map(\.value) + scalars + close.unicodeScalars.map(\.value)
        }
        var variant = styles[node].variant
        if element == .mi, variant == nil, scalars.count == 1 { variant = .italic }
        if let variant, variant != .normal { scalars = scalars.map(variant.transform) }
        if element == .mo, scalars.count == 1, let above = accentPosition(node),
           let equivalent = MathOperatorDictionary.combiningEquivalents.first(where: { $0.above == above && $0.spacing == scalars[0] }),
           font.glyph(for: equivalent.combining) != nil {
            // A spacing accent (^, ~, ¯, →) used as one stands for its combining character (MathML Core's
            // Combining Character Equivalences), which the font places and stretches as an accent.
            scalars = [equivalent.combining]
        }
        return scalars
    }

    /// Whether `node` is the accent of an `mover`/`munderover` with `accent="true"` (true: above) or of an
    /// `munder`/`munderover` with `accentunder="true"` (false: below); nil otherwise.
    func accentPosition(_ node: Int) -> Bool? {
        let parent = Int(formula.nodes[node].parent)
        guard parent >= 0 else { return nil }
        let position = childIndex[node]
        switch formula.nodes[parent].element {
        case .mover where position == 1, .munderover where position == 2: return isTrue("accent", of: parent) ? true : nil
        case .munder where position == 1, .munderover where position == 1: return isTrue("accentunder", of: parent) ? false : nil
        default: return nil
        }
    }

    /// Lays out a token as text (MathML Core's layout of `mtext`).
    mutating func layOutToken(_ node: Int) {
        let scalars = tokenScalars(node)
        let scale = styles[node].scale
        var box = MathBox()
        let text = appendText(scalars, node: node, scale: scale, depth: styles[node].depth)
        box.width = text.width
        box.inkAscent = text.ascent; box.inkDescent = text.descent
        box.ascent = text.ascent; box.descent = text.descent
        if text.glyphCount == 1, let glyph = text.firstMathGlyph {
            box.italic = font.italicCorrection(glyph) * scale
            box.topAccent = font.topAccentAttachment(glyph).map { $0 * scale }
        }
        boxes[node] = box
    }

    /// Shapes `scalars` at `scale` into glyph items of `node` from x = 0: the math face where it has the
    /// characters, the fallback face for the others. Returns the advance and ink extents.
    mutating func appendText(_ scalars: [UInt32], node: Int, scale: Double, depth: Int)
        -> (width: Double, ascent: Double, descent: Double, glyphCount: Int, firstMathGlyph: UInt32?) {
        var x = 0.0, ascent = -Double.infinity, descent = -Double.infinity
        var count = 0, firstMathGlyph: UInt32?
        var index = 0
        while index < scalars.count {
            if Self.isInvisible(scalars[index]) { index += 1; continue }
            if font.glyph(for: scalars[index]) != nil {
                // A stretch of characters the math face has, shaped together (ligatures, kerning, ssty).
                var end = index
                while end < scalars.count, !Self.isInvisible(scalars[end]), font.glyph(for: scalars[end]) != nil { end += 1 }
                let run = font.shape(Array(scalars[index..<end]), scriptLevel: depth)
                for shaped in run {
                    let ink = font.extents(shaped.glyph)
                    // A combining mark alone (an accent) takes its ink as its box (see single(_:)).
                    let alone = run.count == 1 && shaped.advance <= 0 && ink.right > ink.left
                    let shift = alone ? -ink.left : 0
                    append(glyph: shaped.glyph, face: font.face, x: x + (shaped.x + shift) * scale, y: shaped.y * scale,
                           scale: scale, node: node)
                    ascent = max(ascent, (ink.ascent + shaped.y) * scale)
                    descent = max(descent, (ink.descent - shaped.y) * scale)
                    x += (alone ? ink.right - ink.left : shaped.advance) * scale
                    if count == 0 { firstMathGlyph = shaped.glyph }
                    count += 1
                }
                index = end
                continue
            }
            if let face = fallback(scalars[index]), let glyph = face.harfBuzz.glyph(for: scalars[index]) {
                let ink = MathFont.extents(glyph, in: face)
                append(glyph: glyph, face: face, x: x, y: 0, scale: scale, node: node)
                ascent = max(ascent, ink.ascent * scale)
                descent = max(descent, ink.descent * scale)
                x += Double(face.harfBuzz.advance(of: glyph)) / Double(face.unitsPerEm) * scale
                count += 1
            }
            index += 1
        }
        return (x, ascent.isFinite ? ascent : 0, descent.isFinite ? descent : 0, count, count == 1 ? firstMathGlyph : nil)
    }

    mutating func append(glyph: UInt32, face: FontFace, x: Double, y: Double, scale: Double, node: Int) {
        guard glyph <= 0xFFFE else { return }
        glyphItems.append((Int32(node), MathDrawing.Glyph(face: face, id: UInt16(glyph), x: x, y: y, size: scale, color: nil)))
    }

    /// `mspace`: its `width`, `height` and `depth`.
    mutating func layOutSpace(_ node: Int) {
        let scale = spacesAtFormulaSize ? 1 : styles[node].scale, xHeight = constants.xHeight
        func length(_ name: String) -> Double {
            guard let value = formula.attribute(name, of: node), let length = MathLength.parse(value) else { return 0 }
            if case .percent = length { return 0 }
            return length.resolve(scale: scale, xHeight: xHeight)
        }
        boxes[node] = MathBox(width: length("width"), ascent: max(0, length("height")), descent: max(0, length("depth")))
    }

    /// `mo`: stretched along its axis to `constraint` when it is stretchy, enlarged in display style when it is a
    /// large operator, else laid out as text (MathML Core's layout of operators).
    mutating func layOutOperator(_ node: Int, constraint: Constraint) {
        guard let op = operators[node] else { layOutToken(node); return }
        let scalars = tokenScalars(node).filter { !Self.isInvisible($0) }
        guard scalars.count == 1, let glyph = font.glyph(for: scalars[0]) else { layOutToken(node); return }
        let scale = styles[node].scale
        let axis = constants.axisHeight * scale
        if op.stretchy, op.stretchesInline, case .inline(let width) = constraint {
            var stretched = stretch(glyph, to: width / scale, vertical: false)
            if stretched.parts.count == 1 {
                // One glyph (a size variant of an accent or arrow): centred on its ink, which some fonts draw off
                // the middle of its advance.
                let ink = font.extents(stretched.parts[0].glyph)
                stretched.parts[0].x = (stretched.width - (ink.left + ink.right)) / 2
            }
            place(stretched, node: node, scale: scale, shift: 0)
            return
        }
        if op.stretchy, !op.stretchesInline, case .block(let ascent, let descent) = constraint {
            let (targetAscent, targetDescent) = blockTarget(op, glyph: glyph, ascent: ascent, descent: descent,
                                                            scale: scale, axis: axis)
            let stretched = stretch(glyph, to: (targetAscent + targetDescent) / scale, vertical: true)
            let shift = ((stretched.ascent - stretched.descent) * scale - (targetAscent - targetDescent)) / 2
            place(stretched, node: node, scale: scale, shift: shift)
            return
        }
        if op.largeop, styles[node].display, font.hasMathTable {
            let stretched = Self.withOverhang(stretch(glyph, to: constants.displayOperatorMinHeight, vertical: true),
                                              ink: font.extents)
            let shift = op.symmetric ? ((stretched.ascent - stretched.descent) * scale - 2 * axis) / 2 : 0
            place(stretched, node: node, scale: scale, shift: shift)
            return
        }
        layOutToken(node)
    }

    /// The ascent and descent a block-stretchy operator covers: its row's, symmetric about the math axis for a
    /// symmetric operator, then held between its `minsize` and `maxsize`.
    private func blockTarget(_ op: MathOperator, glyph: UInt32, ascent: Double, descent: Double, scale: Double,
                             axis: Double) -> (Double, Double) {
        var targetAscent = ascent, targetDescent = descent
        if op.symmetric {
            let half = max(ascent - axis, descent + axis)
            targetAscent = half + axis
            targetDescent = half - axis
        }
        let ink = font.extents(glyph)
        let glyphSize = (ink.ascent + ink.descent) * scale
        let xHeight = constants.xHeight
        var minimum = op.minsize.map { $0.resolve(scale: scale, xHeight: xHeight, reference: glyphSize) } ?? glyphSize
        var maximum = op.maxsize.map { $0.resolve(scale: scale, xHeight: xHeight, reference: glyphSize) } ?? .infinity
        minimum = max(0, minimum)
        if maximum < minimum { maximum = minimum }
        let total = targetAscent + targetDescent
        if total <= 0 {
            targetAscent = minimum / 2 + axis
            targetDescent = minimum - targetAscent
        } else if total < minimum {
            targetAscent = max(0, (targetAscent - axis) * minimum / total + axis)
            targetDescent = minimum - targetAscent
        } else if maximum < total {
            targetAscent = max(0, (targetAscent - axis) * maximum / total + axis)
            targetDescent = maximum - targetAscent
        }
        return (targetAscent, targetDescent)
    }

    /// Sets `node`'s box and glyphs from a stretched glyph at `scale`, moved down by `shift`.
    private mutating func place(_ stretched: Stretched, node: Int, scale: Double, shift: Double) {
        for part in stretched.parts {
            append(glyph: part.glyph, face: font.face, x: part.x * scale, y: part.y * scale - shift, scale: scale, node: node)
        }
        var box = MathBox(width: stretched.width * scale, ascent: stretched.ascent * scale - shift,
                          descent: stretched.descent * scale + shift)
        box.italic = stretched.italic * scale
        boxes[node] = box
    }

    /// A large operator whose ink reaches past its advance and whose font gives it no italic correction (STIX Math
    /// 1.x's display integral: advance 585 units, ink to 1035): as wide as its ink, the overhang its italic
    /// correction, as OpenType MATH fonts that have one draw it, so a superscript goes past the top hook and a
    /// subscript tucks under it by the overhang (they overprinted the hook).
    static func withOverhang(_ stretched: Stretched,
                             ink: (UInt32) -> (ascent: Double, descent: Double, left: Double, right: Double)) -> Stretched {
        guard stretched.italic == 0, stretched.parts.count == 1 else { return stretched }
        let part = stretched.parts[0]
        let overhang = part.x + ink(part.glyph).right - stretched.width
        guard overhang > 0 else { return stretched }
        var result = stretched
        result.width += overhang
        result.italic = overhang
        return result
    }

    /// A glyph stretched to a size: the glyphs drawn (positions at scale 1, y up) and its box.
    struct Stretched {
        var parts: [(glyph: UInt32, x: Double, y: Double)]
        var width: Double
        var ascent: Double
        var descent: Double
        var italic: Double
    }

    /// A glyph as it is.
    func single(_ glyph: UInt32) -> Stretched {
        let ink = font.extents(glyph)
        let advance = font.advance(glyph)
        if advance <= 0, ink.right > ink.left {
            // A combining mark (an accent): no advance, its ink left of its origin. Its ink is its box.
            return Stretched(parts: [(glyph, -ink.left, 0)], width: ink.right - ink.left, ascent: ink.ascent,
                             descent: ink.descent, italic: 0)
        }
        return Stretched(parts: [(glyph, 0, 0)], width: advance, ascent: ink.ascent, descent: ink.descent,
                         italic: font.italicCorrection(glyph))
    }

    /// MathML Core's "shape a stretchy glyph": the glyph if it is large enough, else the first size variant that
    /// is, else its glyph assembly, else the largest variant tried. `target` is in the font's ems.
    func stretch(_ glyph: UInt32, to target: Double, vertical: Bool) -> Stretched {
        let base = single(glyph)
        let baseSize = vertical ? base.ascent + base.descent : base.width
        if baseSize >= target { return base }
        var last = base
        for variant in font.variants(glyph, vertical: vertical) {
            last = single(variant.glyph)
            if variant.size >= target { return last }
        }
        if let assembly = font.assembly(glyph, vertical: vertical) {
            return assemble(assembly.parts, overlap: assembly.minimumOverlap, italic: assembly.italicCorrection,
                            target: target, vertical: vertical)
        }
        return last
    }

    /// A glyph assembly of size at least `target` (MathML Core's "The GlyphAssembly table"): each extender repeated
    /// r times, the parts overlapping evenly by as much as their connectors allow.
    private func assemble(_ parts: [MathFont.Part], overlap minimum: Double, italic: Double, target: Double,
                          vertical: Bool) -> Stretched {
        let extenders = parts.filter(\.isExtender)
        let extenderCount = Double(extenders.count), nonExtenderCount = Double(parts.count - extenders.count)
        let extenderSize = extenders.reduce(0) { $0 + $1.fullAdvance }
        let nonExtenderSize = parts.reduce(0) { $0 + ($1.isExtender ? 0 : $1.fullAdvance) }
        let nonOverlapping = extenderSize - minimum * extenderCount
        let wanted = ((target - nonExtenderSize + minimum * (nonExtenderCount - 1)) / nonOverlapping).rounded(.up)
        // Held so that the assembly draws at most maximumAssemblyGlyphs glyphs.
        let cap = Double(max(0, (Self.maximumAssemblyGlyphs - parts.count) / max(1, extenders.count)))
        let repeats = Int(min(max(0, wanted.isFinite ? wanted : 0), cap))
        let glyphCount = Double(parts.count - extenders.count) + Double(repeats) * extenderCount
        func size(_ overlap: Double) -> Double {
            nonExtenderSize + Double(repeats) * extenderSize - overlap * (glyphCount - 1)
        }
        var overlap = minimum
        if glyphCount > 1 {
            overlap = max(minimum, (size(0) - target) / (glyphCount - 1))
            for (index, part) in parts.enumerated() {
                // Part k meets part k + 1 with its end connector and their start one (OpenType's order: bottom to
                // top, left to right); an extender's copies meet one another, by at least the minimum overlap even
                // where the font gives an edge 0 (STIX Two's bar: abutting copies showed a seam).
                if index < parts.count - 1 {
                    overlap = min(overlap, part.endConnector, parts[index + 1].startConnector)
                }
                if part.isExtender && repeats > 1 {
                    overlap = min(overlap, max(minimum, min(part.startConnector, part.endConnector)))
                }
            }
            overlap = max(0, overlap)
        }
        var placed: [(glyph: UInt32, x: Double, y: Double)] = []
        var position = 0.0, width = 0.0, ascent = 0.0, descent = 0.0
        for part in parts {
            for _ in 0..<(part.isExtender ? repeats : 1) {
                let ink = font.extents(part.glyph)
                if vertical {
                    placed.append((part.glyph, 0, position + ink.descent))
                    width = max(width, font.advance(part.glyph))
                } else {
                    placed.append((part.glyph, position, 0))
                    ascent = max(ascent, ink.ascent); descent = max(descent, ink.descent)
                }
                position += part.fullAdvance - overlap
            }
        }
        let total = size(overlap)
        return vertical ? Stretched(parts: placed, width: width, ascent: total, descent: 0, italic: italic)
            : Stretched(parts: placed, width: total, ascent: ascent, descent: descent, italic: italic)
    }
}

extension MathFont {
    /// A glyph's ink extents in another face (a fallback for a character the math face lacks), in ems.
    static func extents(_ glyph: UInt32, in face: FontFace) -> (ascent: Double, descent: Double) {
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(face.harfBuzz.raw, glyph, &extents) != 0 else { return (0, 0) }
        let scale = 1 / Double(face.unitsPerEm)
        return (Double(extents.y_bearing) * scale, -Double(extents.y_bearing + extents.height) * scale)
    }
}
