/// Room for inline boxes (``InlineBox``): the start edges of the boxes that start with an attribute run go before its
/// first glyph, the end edges of those that end with it after its last, as extra advance (and, for room before a
/// glyph, as much offset), so that the text, its clusters and its shaping are unchanged. Horizontal text only.
extension ParagraphShaper {
    /// Gives `run` (shaped, its glyphs in `sink`) the room of the edges of its attribute run's inline boxes that fall
    /// in it: the start edges when it holds the attribute run's first unit, the end edges when it holds its last.
    static func makeInlineBoxRoom(_ run: ShapedRun, of paragraph: Paragraph, sink: inout GlyphSink) {
        let index = Int(run.attributeIndex)
        let attribute = paragraph.runs[index]
        guard run.glyphEnd > run.glyphStart, attribute.style.fontScale > 0 else { return }
        let contentStart = paragraph.contentRange.lowerBound
        let edges = InlineBoxRun.edges(of: index, in: paragraph.runs)
        let rightToLeft = run.isRightToLeft
        // Body ems in the glyphs' own ems (advances are in ems of the run's size).
        let scale = 1 / attribute.style.fontScale
        if edges.starts != 0, contentStart + Int(run.start) == attribute.range.lowerBound {
            let room = Float(InlineBoxRun.startRoom(attribute.style.inlineBoxes, edges.starts, rightToLeft: rightToLeft) * scale)
            // Glyphs are in logical order: the first is the start; before it in left-to-right text, the glyph moves on.
            let g = Int(run.glyphStart)
            sink.setAdvance(g, sink.advance(g) + room)
            if !rightToLeft { sink.setOffset(g, sink.offset(g) + SIMD2(room, 0)) }
        }
        if edges.ends != 0, contentStart + Int(run.end) == attribute.range.upperBound {
            let room = Float(InlineBoxRun.endRoom(attribute.style.inlineBoxes, edges.ends, rightToLeft: rightToLeft) * scale)
            let g = Int(run.glyphEnd) - 1
            sink.setAdvance(g, sink.advance(g) + room)
            if rightToLeft { sink.setOffset(g, sink.offset(g) + SIMD2(room, 0)) }
        }
    }
}
