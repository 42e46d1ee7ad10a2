/// How justification adjusted a line's spacing, in the terms of TeX and of the optimal breaker: its natural width,
/// the width it had to fill, its inter-word space, and the adjustment ratio.
public struct LineAdjustment: Hashable, Sendable {
    /// The width of the line's content at natural spacing, hyphen included, trailing spaces excluded (points);
    /// with its glyphs as expanded or compressed (``glyphScale``).
    public let naturalWidth: Double
    /// The width a justified line fills: the column less indents (points).
    public let availableWidth: Double
    /// The natural width of the line's justifiable (inter-word) spaces (points).
    public let spaceWidth: Double
    /// The adjustment ratio the line needs to fill ``availableWidth``: 0 for natural spacing, 1 when its spaces
    /// stretch by half their width, -1 when they shrink by a third (the most the optimal breaker allows); +∞ for a
    /// short line with no space. Nil for a line set at natural width: the last line of a paragraph, a line ending
    /// at a hard break, and every line of a paragraph that is not justified.
    /// The ratio's spaces are what remains after the glyphs took their share (font expansion, which only
    /// the optimal breaker does): the ratio says how wide the spaces look.
    public let ratio: Double?
    /// The horizontal scale of the line's glyphs (font expansion, ``TypographySettings/expansion``): 1 when
    /// they are drawn at their natural width.
    public let glyphScale: Double
    /// How far the line's first and last characters hang into the margins together, in points (protrusion,
    /// ``TypographySettings/protrusion``); included in ``availableWidth``.
    public let protrusion: Double
    /// The letter-spacing added between the characters of a line of one or two spaces that would otherwise be
    /// loose (tracking, with font expansion), in points per gap; included in ``naturalWidth``.
    public let letterSpacing: Double

    /// An adjustment from its parts.
    public init(naturalWidth: Double, availableWidth: Double, spaceWidth: Double, ratio: Double?, glyphScale: Double = 1,
                protrusion: Double = 0, letterSpacing: Double = 0) {
        self.letterSpacing = letterSpacing
        self.naturalWidth = naturalWidth
        self.availableWidth = availableWidth
        self.spaceWidth = spaceWidth
        self.ratio = ratio
        self.glyphScale = glyphScale
        self.protrusion = protrusion
    }

    /// Lines whose ratio exceeds this are loose: their spaces are more than half as wide again as normal
    /// (TeX's "very loose" fitness class).
    public static let looseThreshold: Double = 1
    /// Lines whose ratio exceeds this are past TeX's badness cap (100 r³ = 10 000: the cube root of 100), their spaces
    /// more than three times their width: the optimal breaker's cap (``OptimalLineBreaker``) and the typographic
    /// report's "very loose" lines.
    package static let veryLooseThreshold = 4.641588833612779

    /// The ratio of a line of `naturalWidth` with `spaceWidth` of spaces filling `availableWidth`, by the model the
    /// optimal breaker minimises (so that other engines' lines can be measured the same way); within a thousandth
    /// of a point of the width, a line counts as set at its natural width.
    public static func ratio(naturalWidth: Double, spaceWidth: Double, availableWidth: Double) -> Double {
        Double(OptimalLineBreaker.adjustmentRatio(natural: naturalWidth, spaceWidth: spaceWidth, available: availableWidth,
                                                  tolerance: 0.001))
    }
}

extension BookLayout {
    /// The spacing adjustment of `line` (a line of this layout).
    public func adjustment(of line: Line) -> LineAdjustment {
        let p = line.paragraphIndex, l = line.lineIndex
        let layout = paragraphLayout(p)
        let box = layout.lines[l]
        let micro = layout.lines.microtypography(ofLine: l)
        let paragraph = text.paragraphs[p]
        let shapedParagraph = shaped.paragraph(p)
        let content = paragraph.units[paragraph.contentRange]
        let format = format(ofParagraph: p)
        var indents = layout.indents
        if let exclusion = exclusions[p] { indents.exclusion = exclusion.within(format: format, direction: shapedParagraph.baseDirection) }
        let available = indents.availableWidth(ofLine: l) + micro.protrusion
        let visibleEnd = box.visibleEnd(content: content)
        let spaceWidth = shapedParagraph.justifiableWidth(from: Int(box.start), to: visibleEnd, content: content, sizes: format.sizes)
        let natural = Double(box.width) + Double(micro.expansionWidth)
        let ratio: Double? = box.endsParagraphOrHardBreak || format.alignment != .justified ? nil
            : LineAdjustment.ratio(naturalWidth: natural, spaceWidth: Double(spaceWidth), availableWidth: Double(available))
        return LineAdjustment(naturalWidth: natural, availableWidth: Double(available), spaceWidth: Double(spaceWidth), ratio: ratio,
                              glyphScale: Double(micro.glyphScale), protrusion: Double(micro.protrusion),
                              letterSpacing: box.stretchesWideGaps ? 0 : Double(box.clusterStretch))
    }
}
