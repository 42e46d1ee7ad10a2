/// A formula as laid out on a page: what a renderer draws for it (its glyphs in the math font, the rules of its
/// fraction bars, radicals and enclosures), and its box. The formula is also an attachment
/// (``BookLayout/attachments(onPage:)``): one unit of the text for every position API.
public struct PlacedFormula: Sendable {
    /// A filled rectangle of the formula (a fraction bar, a radical's overbar, a table line), in page points.
    public struct Rule: Sendable {
        /// The rectangle.
        public let rect: Rect
        /// Its colour (MathML's `mathcolor`), nil for the text's.
        public let color: Color?
        /// How it is drawn: filled (solid), or as a border edge of that style (a `dashed` table frame) of the
        /// rectangle's thickness, along its width or, when ``isVertical``, its height.
        public let style: BorderStyle
        /// Whether the line runs up the page.
        public let isVertical: Bool
    }

    /// Its one unit in the document (a U+FFFC).
    public let range: Range<UTF16Offset>
    /// Its box in page coordinates: from its ascent above the baseline to its descent below.
    public let rect: Rect
    /// The baseline's y on the page.
    public let baseline: Double
    /// The formula.
    public let formula: MathFormula
    /// Its glyphs, by face, size and colour.
    public let glyphRuns: [GlyphRun]
    /// Its rules.
    public let rules: [Rule]
    /// Its elements' backgrounds (`mathbackground`, CSS `background-color`), to draw under its rules and glyphs,
    /// in order (an outer element's first).
    public let backgrounds: [Rule]
}

/// Where a formula's drawing is placed: kept with its attachment until ``BookLayout/formulas(onPage:)`` asks.
struct FormulaPlacement: Sendable {
    let drawing: MathDrawing
    /// The size of an em of the drawing, in points (the text's, or less when the formula was scaled to fit).
    let size: Double
    /// The drawing's origin: its left end on the baseline, page coordinates.
    let origin: Point
    /// The text style of the formula's unit (colour, link).
    let style: TextStyle

    init?(_ shaped: ShapedParagraph, attributeIndex: Int, size: Double, origin: Point, style: TextStyle) {
        guard style.attachment?.formula != nil else { return nil }
        // The formulas are in attribute-run order: found by binary search, not a scan per formula.
        let formulas = shaped.formulas
        let index = formulas.partitioningIndex { Int($0.attributeIndex) >= attributeIndex }
        guard index < formulas.count, Int(formulas[index].attributeIndex) == attributeIndex else { return nil }
        drawing = formulas[index].drawing
        self.size = size
        self.origin = origin
        self.style = style
    }
}

extension BookLayout {
    /// The formulas laid out on page `pageIndex`, in placement order: their glyphs and rules in page coordinates.
    /// Empty for an index out of range, a page without formulas, and vertical pages (formulas in vertical text
    /// keep their place and size, but are not drawn).
    public func formulas(onPage pageIndex: Int) -> [PlacedFormula] {
        guard !writingMode(ofPage: pageIndex).isVertical else { return [] }
        return placedFormulas(attachments(onPage: pageIndex))
    }

    /// The formulas of the lines of page `pageIndex` that may draw into the strip `band` (see
    /// ``glyphRuns(onPage:in:)``).
    public func formulas(onPage pageIndex: Int, in band: Range<Double>) -> [PlacedFormula] {
        guard !writingMode(ofPage: pageIndex).isVertical else { return [] }
        return placedFormulas(attachments(onPage: pageIndex, in: band))
    }

    private func placedFormulas(_ attachments: [PlacedAttachment]) -> [PlacedFormula] {
        attachments.compactMap { placed in
            guard let formula = placed.attachment.formula, let placement = placed.formula else { return nil }
            return PlacedFormula(range: placed.range, rect: placed.rect, baseline: placement.origin.y, formula: formula,
                                 glyphRuns: placement.glyphRuns(range: placed.range, lineBox: placed.rect),
                                 rules: placement.rules(placement.drawing.rules),
                                 backgrounds: placement.rules(placement.drawing.backgrounds))
        }
    }
}

extension FormulaPlacement {
    /// The drawing's glyphs as runs of one face, size and colour, in page coordinates.
    func glyphRuns(range: Range<UTF16Offset>, lineBox: Rect) -> [GlyphRun] {
        struct Key: Hashable { let face: ObjectIdentifier; let size: Double; let color: Color? }
        var order: [Key] = []
        var groups: [Key: [MathDrawing.Glyph]] = [:]
        for glyph in drawing.glyphs {
            let key = Key(face: ObjectIdentifier(glyph.face), size: glyph.size, color: glyph.color)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(glyph)
        }
        return order.compactMap { key in
            guard let glyphs = groups[key], let first = glyphs.first else { return nil }
            let positions = glyphs.map { Point(x: origin.x + $0.x * size, y: origin.y - $0.y * size) }
            let xs = positions.map(\.x)
            return GlyphRun(face: first.face, size: key.size * size, color: key.color ?? style.color, glyphs: glyphs.map(\.id),
                            positions: positions, clusters: Array(repeating: range.lowerBound, count: glyphs.count),
                            advances: Array(repeating: 0, count: glyphs.count), range: range, backgroundColor: nil,
                            decoration: [], baseline: origin.y, minX: xs.min() ?? origin.x, maxX: xs.max() ?? origin.x,
                            lineTop: lineBox.minY, lineBottom: lineBox.maxY, isLink: style.link != nil)
        }
    }

    /// Rectangles of the drawing (its rules, its backgrounds) in page coordinates.
    func rules(_ rectangles: [MathDrawing.Rule]) -> [PlacedFormula.Rule] {
        rectangles.map { rule in
            PlacedFormula.Rule(rect: Rect(x: origin.x + rule.x * size, y: origin.y - (rule.y + rule.height) * size,
                                          width: rule.width * size, height: rule.height * size),
                               color: rule.color ?? style.color, style: rule.style, isVertical: rule.isVertical)
        }
    }
}
