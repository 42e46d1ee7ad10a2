/// A ruby annotation as shaping leaves it: the annotation's own glyphs, set at ``scale`` times its base's size
/// above (or below) the base, or in a column after it (inter-character). The annotation's units stay out of the line (invisible glyphs without width, no
/// caret stop of their own); these glyphs are drawn over the base by ``BookLayout/glyphRuns(onPage:)``.
struct ShapedRuby: Sendable {
    /// The ruby's size as a fraction of its base's: about half, as JLReq has it.
    static let scale: Float = 0.5
    /// Where the ideographic em box of CJK faces lies around the baseline, in ems (Noto CJK, Source Han and the
    /// Adobe-Japan1 convention): the ruby sits on the base's em box, not on its ascent, which includes a line gap.
    static let emBoxTop: Float = 0.88
    static let emBoxBottom: Float = 0.12

    /// The base's content-relative range.
    var base: Range<Int>
    /// The annotation's content-relative range (hidden units of the same paragraph).
    var annotation: Range<Int>
    /// The side of the base the annotation goes on.
    var position: RubyPosition
    /// Index of the base's attribute run (its size sets the ruby's).
    var baseAttributeIndex: Int32
    /// Index of the annotation's attribute run (its colour).
    var annotationAttributeIndex: Int32
    /// ``FontFace/id`` of the face the annotation was shaped with.
    var faceID: Int32
    /// The annotation's glyphs in visual order, with content-relative clusters and advances in ems of the ruby.
    var glyphIDs: [UInt16]
    var clusters: [Int32]
    var advances: [Float]
    /// The annotation's width in ems of the ruby's size.
    var width: Float

    /// How far above the baseline (or below it, for ``RubyPosition/under``) the annotation reaches, in ems of the
    /// base: the base's em box and the ruby's.
    static var extentAboveBase: Float { emBoxTop + scale * (emBoxTop + emBoxBottom) }
    static var extentBelowBase: Float { emBoxBottom + scale * (emBoxTop + emBoxBottom) }

    /// The width of an inter-character annotation's column (``RubyPosition/interCharacter`` in horizontal text),
    /// in ems of the base: one ruby em, the room it takes after its base.
    static var columnWidth: Float { scale }

    /// How far above and below the baseline an inter-character annotation's column reaches, in ems of the base:
    /// each glyph a ruby em long down the column (upright, as `vertical-rl` sets it), the column centred on the
    /// base's em box.
    var columnReach: (above: Float, below: Float) {
        let length = Float(glyphIDs.count) * Self.scale
        let middle = (Self.emBoxTop - Self.emBoxBottom) / 2
        return (middle + length / 2, length / 2 - middle)
    }

    /// The baseline of what is set beside text of `baseSize` points on `baseline` (a ruby annotation, emphasis
    /// marks): at ``scale`` of its size, its em box on the text's, over (above) or under it.
    static func baseline(over: Bool, baseline: Double, baseSize: Double) -> Double {
        let size = baseSize * Double(scale)
        return over ? baseline - baseSize * Double(emBoxTop) - size * Double(emBoxBottom)
            : baseline + baseSize * Double(emBoxBottom) + size * Double(emBoxTop)
    }
}
