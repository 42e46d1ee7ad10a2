/// Glyphs of one face, size and colour, positioned on a page: what a renderer draws.
public struct GlyphRun: Sendable {
    /// The face to draw with.
    public let face: FontFace
    /// Font size in points.
    public let size: Double
    /// Text colour, or nil for the theme's text colour.
    public let color: Color?
    /// Glyph ids in the face (``ShapedParagraph/invisibleGlyph`` never appears here).
    public let glyphs: [UInt16]
    /// The pen position of each glyph's origin on the baseline, in page coordinates (points), offsets applied.
    public let positions: [Point]
    /// The document offset of each glyph's cluster (the first UTF-16 unit of the characters it draws).
    public let clusters: [UTF16Offset]
    /// Each glyph's advance in points (justification included), in drawing order.
    public let advances: [Double]
    /// The document range the run covers.
    public let range: Range<UTF16Offset>
}

extension BookLayout {
    /// The positioned glyphs of page `pageIndex`, in drawing order; empty for an index out of range.
    public func glyphRuns(onPage pageIndex: Int) -> [GlyphRun] {
        guard pages.indices.contains(pageIndex) else { return [] }
        var runs: [GlyphRun] = []
        for placement in pages[pageIndex].placements {
            appendGlyphRuns(for: placement, into: &runs)
        }
        return runs
    }

    func appendGlyphRuns(for placement: PlacedLine, into runs: inout [GlyphRun]) {
        let p = Int(placement.paragraph)
        let box = paragraphLayout(p).lines[Int(placement.line)]
        let shaped = shaped.paragraph(p)
        let paragraph = text.paragraphs[p]
        let content = paragraph.units[paragraph.contentRange]
        let sizes = ParagraphFormat(paragraph, settings: settings, columnWidth: Float(settings.columnWidth)).sizes
        let geometry = LineGeometry(box: box, shaped: shaped, content: content, sizes: sizes, faces: self.shaped.faces)
        let baseline = Double(placement.y + box.baseline)
        let contentStart = paragraph.range.lowerBound + paragraph.contentRange.lowerBound
        var currentPiece = -1
        var glyphs: [UInt16] = [], positions: [Point] = [], clusterOffsets: [UTF16Offset] = [], glyphAdvances: [Double] = []
        var pieceRun: ShapedRun?
        var pieceRange = 0..<0
        func flush() {
            defer { glyphs.removeAll(); positions.removeAll(); clusterOffsets.removeAll(); glyphAdvances.removeAll() }
            guard let run = pieceRun, !glyphs.isEmpty else { return }
            runs.append(GlyphRun(face: self.shaped.faces[Int(run.faceID)],
                                 size: Double(sizes[Int(run.attributeIndex)]),
                                 color: paragraph.runs[Int(run.attributeIndex)].style.color,
                                 glyphs: glyphs, positions: positions, clusters: clusterOffsets, advances: glyphAdvances,
                                 range: pieceRange))
        }
        var lastPieceStart = -1
        geometry.forEachGlyph(shaped: shaped, content: content, sizes: sizes, box: box) { g, penX, size, extra, piece in
            if piece.start != lastPieceStart || piece.runIndex != currentPiece {
                flush()
                currentPiece = piece.runIndex
                lastPieceStart = piece.start
                pieceRun = shaped.runs[piece.runIndex]
                pieceRange = (contentStart + piece.start)..<(contentStart + piece.end)
            }
            let id = shaped.glyphIDs[g]
            guard id != ShapedParagraph.invisibleGlyph else { return }
            var x = Double(placement.x + penX)
            var y = baseline
            if !shaped.offsets.isEmpty {
                x += Double(shaped.offsets[g].x * size)
                y -= Double(shaped.offsets[g].y * size)
            }
            glyphs.append(id)
            positions.append(Point(x: x, y: y))
            clusterOffsets.append(contentStart + Int(shaped.clusters[g]))
            var advance = Double(shaped.advances[g] * size)
            if extra != 0 { advance += Double(extra) }
            glyphAdvances.append(advance)
        }
        flush()
        // The hyphen of a hyphenated line: a run of its own, empty in the text, at the line's end.
        if let hyphen = geometry.hyphen {
            let end = contentStart + Int(box.end)
            runs.append(GlyphRun(face: self.shaped.faces[hyphen.faceID], size: Double(hyphen.size),
                                 color: paragraph.runs[hyphen.attributeIndex].style.color, glyphs: [hyphen.glyph],
                                 positions: [Point(x: Double(placement.x + geometry.hyphenX), y: baseline)],
                                 clusters: [end], advances: [Double(hyphen.width)], range: end..<end))
        }
    }
}
