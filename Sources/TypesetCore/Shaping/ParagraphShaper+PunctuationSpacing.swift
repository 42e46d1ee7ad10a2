extension ParagraphShaper {
    /// Whether `units` may hold a pair of full-width marks to space: a paragraph with no East Asian character has
    /// none worth a pass.
    static func mayHavePunctuationPairs(_ units: [UInt16]) -> Bool {
        // Text without a unit from U+3001 up (nearly all text but CJK) has none: its largest unit says so in a
        // vectorised pass, a fraction of an instruction a unit (the exact test below took 15 a unit: 4 % of laying
        // out English text, for a feature it never uses).
        let largest = units.withUnsafeBufferPointer { buffer in
            var largest: UInt16 = 0
            for unit in buffer { largest = max(largest, unit) }
            return largest
        }
        guard largest >= 0x3001 else { return false }
        return units.contains { ($0 >= 0x3001 && $0 <= 0x301F) || $0 == 0x30FB || ($0 >= 0xFF08 && $0 <= 0xFF60) }
    }

    /// Sets one of each two adjacent full-width marks half-width, as JLReq 3.1.4 says (see
    /// ``PunctuationWidthClass/trimmed(_:_:)``), with the face's `halt` (`vhal` in vertical text) applied to that
    /// one glyph: its advance and offset change by what the feature changes in the mark shaped alone. Runs whose
    /// face spaces marks itself (`chws`, `vchw`, applied when shaping) and faces without the half-width feature
    /// are left alone. Done after shaping, so that the word cache holds words as the font shapes them, and before
    /// line breaking, so that lines measure the narrower marks; a mark at a line's end keeps its half-width form
    /// (shaping never depends on width).
    func spacePunctuationPairs(_ paragraph: Paragraph, units: [UInt16], runs: [ShapedRun], glyphs sink: inout GlyphSink) {
        struct Mark {
            var glyph: Int
            var run: Int
            var widthClass: PunctuationWidthClass?
        }
        var previous: Mark?
        var deltas: [HalfWidthKey: HalfWidthDelta?] = [:]
        for (runIndex, run) in runs.enumerated() {
            let start = Int(run.glyphStart), end = Int(run.glyphEnd)
            for g in start..<end {
                let id = sink.id(g)
                // Invisible glyphs without width (markup, a removed line end) do not part two marks.
                if id == ShapedParagraph.invisibleGlyph && sink.advance(g) == 0 { continue }
                let cluster = Int(sink.cluster(g))
                let alone = (g == start || sink.cluster(g - 1) != sink.cluster(g))
                    && (g + 1 == end || sink.cluster(g + 1) != sink.cluster(g))
                let widthClass = alone && !run.isOutOfFlow && cluster < units.count ? PunctuationWidthClass.of(units[cluster]) : nil
                let mark = Mark(glyph: g, run: runIndex, widthClass: widthClass)
                defer { previous = mark }
                guard let before = previous, let first = before.widthClass, let second = widthClass,
                      let side = PunctuationWidthClass.trimmed(first, second) else { continue }
                let trimmed = side == .first ? before : mark
                let trimmedRun = runs[trimmed.run]
                let unit = units[Int(sink.cluster(trimmed.glyph))]
                guard let delta = halfWidthDelta(paragraph, unit: unit, run: trimmedRun, cache: &deltas),
                      delta.glyph == sink.id(trimmed.glyph) else { continue }
                sink.setAdvance(trimmed.glyph, max(0, sink.advance(trimmed.glyph) + delta.advance))
                if delta.offset != .zero { sink.setOffset(trimmed.glyph, sink.offset(trimmed.glyph) + delta.offset) }
            }
        }
    }

    private struct HalfWidthKey: Hashable {
        var faceID: Int32
        var unit: UInt16
        var vertical: Bool
        var languageID: Int32
    }

    private struct HalfWidthDelta {
        /// The glyph the mark shapes to alone (the change applies only where shaping in context gave the same).
        var glyph: UInt16
        /// Ems added to the advance and the offset (in the line's frame, as ``GlyphSink`` keeps them).
        var advance: Float
        var offset: SIMD2<Float>
    }

    /// What the face's half-width feature changes in `unit` shaped alone in `run`'s direction and language; nil
    /// when the run is not set in a direction the marks have half-width forms in, or the face has none.
    private func halfWidthDelta(_ paragraph: Paragraph, unit: UInt16, run: ShapedRun,
                                cache: inout [HalfWidthKey: HalfWidthDelta?]) -> HalfWidthDelta? {
        guard !run.isRightToLeft, !vertical || run.isUpright, let face = context.fonts.face(id: Int(run.faceID)),
              face.punctuationSpacing.halfWidth(vertical: run.isUpright),
              !face.punctuationSpacing.contextual(vertical: run.isUpright) else { return nil }
        let style = paragraph.runs[Int(run.attributeIndex)].style
        let language = style.language ?? paragraph.style.language ?? documentLanguage
        let key = HalfWidthKey(faceID: run.faceID, unit: unit, vertical: run.isUpright, languageID: context.languageID(language))
        if let known = cache[key] { return known }
        let harfBuzzLanguage = context.language(language)
        var plain: [HarfBuzzBuffer.Glyph] = [], half: [HarfBuzzBuffer.Glyph] = []
        [unit].withUnsafeBufferPointer { text in
            context.buffer.shape(text: text, start: 0, length: 1, font: face.harfBuzz, script: run.script, rightToLeft: false,
                                 topToBottom: run.isUpright, language: harfBuzzLanguage, features: [], into: &plain)
            context.buffer.shape(text: text, start: 0, length: 1, font: face.harfBuzz, script: run.script, rightToLeft: false,
                                 topToBottom: run.isUpright, language: harfBuzzLanguage,
                                 features: [PunctuationSpacingFeatures.halfWidthFeature(vertical: run.isUpright)], into: &half)
        }
        var delta: HalfWidthDelta?
        if plain.count == 1, half.count == 1, plain[0].id == half[0].id, plain[0].id <= 0xFFFE {
            let scale = 1 / Float(face.unitsPerEm)
            let dx = Float(half[0].xOffset - plain[0].xOffset) * scale, dy = Float(half[0].yOffset - plain[0].yOffset) * scale
            // Offsets in the line's frame, as shapeSegment keeps them: along the line, then across it.
            let offset = run.isUpright ? SIMD2(-dy, dx) : SIMD2(dx, dy)
            delta = HalfWidthDelta(glyph: UInt16(plain[0].id), advance: Float(half[0].advance - plain[0].advance) * scale,
                                   offset: offset)
        }
        cache[key] = delta
        return delta
    }
}
