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
            let end = Float(InlineBoxRun.endRoom(attribute.style.inlineBoxes, edges.ends, rightToLeft: rightToLeft) * scale)
            let widening = edges.starts & edges.ends == 0 ? 0
                : minimumWidthRoom(attribute, edges: edges, end: Int(run.glyphEnd), from: attribute.range.lowerBound - contentStart,
                                   sink: sink, scale: Float(scale), rightToLeft: rightToLeft)
            let room = end + widening
            let g = Int(run.glyphEnd) - 1
            sink.setAdvance(g, sink.advance(g) + room)
            if rightToLeft { sink.setOffset(g, sink.offset(g) + SIMD2(room, 0)) }
        }
    }

    /// The room that makes the boxes both starting and ending with the attribute run (whose text is its glyphs from
    /// the one of cluster `from` to `end`) as wide as their ``InlineBox/minimumWidth``, in the glyphs' ems: from the
    /// innermost out, each box's content (its glyphs' advances, less the start edges outside it, plus the end edges
    /// and widening inside it) short of its minimum width.
    private static func minimumWidthRoom(_ attribute: AttributeRun, edges: (starts: UInt8, ends: UInt8), end: Int, from start: Int,
                                         sink: GlyphSink, scale: Float, rightToLeft: Bool) -> Float {
        let boxes = attribute.style.inlineBoxes
        let whole = edges.starts & edges.ends
        guard boxes.indices.contains(where: { whole & (1 << $0) != 0 && boxes[$0].minimumWidth > 0 }) else { return 0 }
        // The glyphs' advances, with every start edge's room (given to the first glyph before this).
        var advance: Float = 0
        var g = end - 1
        while g >= 0, Int(sink.cluster(g)) >= start { advance += sink.advance(g); g -= 1 }
        var extra: Float = 0
        for k in boxes.indices.reversed() where edges.starts & (1 << k) != 0 {
            let box = boxes[k]
            // The box's own start edge and those outside it are not its content; its own end edge is not either.
            let outside = (0...k).reduce(0.0) { edges.starts & (1 << $1) != 0 ? $0 + boxes[$1].startRoom(rightToLeft: rightToLeft) : $0 }
            let inside = ((k + 1)..<boxes.count).reduce(0.0) { edges.ends & (1 << $1) != 0 ? $0 + boxes[$1].endRoom(rightToLeft: rightToLeft) : $0 }
            let content = advance - Float(outside) * scale + Float(inside) * scale + extra
            guard whole & (1 << k) != 0, box.minimumWidth > 0 else { continue }
            extra += max(0, Float(box.minimumWidth) * scale - content)
        }
        return extra
    }
}
