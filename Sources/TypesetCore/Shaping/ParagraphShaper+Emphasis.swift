extension ParagraphShaper {
    /// Shapes the emphasis marks of a paragraph: for each attribute run with ``TextStyle/emphasis`` that takes
    /// place in the line, the mark's glyphs in the run's font (or a fallback that has the mark, as for ruby) and
    /// the typographic character units that carry one (grapheme clusters of the text as drawn, a replacement's
    /// included, less spaces, punctuation and controls). Nothing in the line changes: marks have no width and no
    /// offsets of their own.
    func shapeEmphases(_ paragraph: Paragraph, units: [UInt16]) -> [ShapedEmphasis] {
        let contentStart = paragraph.contentRange.lowerBound
        var emphases: [ShapedEmphasis] = []
        for (index, run) in paragraph.runs.enumerated() {
            guard let emphasis = run.style.emphasis, !run.style.isOutOfFlow, run.style.attachment == nil else { continue }
            let lower = max(0, min(units.count, run.range.lowerBound - contentStart))
            let range = lower..<max(lower, min(units.count, run.range.upperBound - contentStart))
            guard !range.isEmpty else { continue }
            var starts: [Int32] = [], ends: [Int32] = []
            var offset = range.lowerBound
            for character in String(decoding: units[range], as: UTF16.self) {
                let length = character.utf16.count
                if let first = character.unicodeScalars.first, ShapedEmphasis.isMarked(first) {
                    starts.append(Int32(offset)); ends.append(Int32(offset + length))
                }
                offset += length
            }
            guard !starts.isEmpty, let shaped = shapeMark(emphasis.mark, style: run.style, paragraph: paragraph) else { continue }
            emphases.append(ShapedEmphasis(attributeIndex: Int32(index),
                                           isOver: vertical ? emphasis.verticalSide == .right : emphasis.side == .over,
                                           color: emphasis.color, faceID: shaped.faceID, glyphIDs: shaped.ids,
                                           advances: shaped.advances, width: shaped.advances.reduce(0, +),
                                           starts: starts, ends: ends))
        }
        return emphases
    }

    /// The mark's glyphs in the style's font or a fallback; a mark no font has is drawn as a bullet (U+2022, which
    /// nearly every font has), and one that cannot even be that, or an empty character, is not drawn (never an
    /// empty box).
    private func shapeMark(_ mark: TextEmphasis.Mark, style: TextStyle, paragraph: Paragraph)
        -> (faceID: Int32, ids: [UInt16], clusters: [Int32], advances: [Float])? {
        let drawn = mark.character(vertical: vertical)
        guard !drawn.isEmpty else { return nil }
        for character in [drawn, "\u{2022}"] {
            let units = Array(character.utf16)
            guard let shaped = shapeAnnotation(units, 0..<units.count, style: style, paragraph: paragraph),
                  !shaped.ids.contains(0) else { continue }
            return shaped
        }
        return nil
    }
}
