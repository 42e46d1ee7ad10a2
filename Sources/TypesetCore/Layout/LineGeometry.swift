/// One directional piece of a line in visual order: part of one shaped run, placed at an x.
struct VisualPiece {
    /// Index into the shaped paragraph's runs.
    var runIndex: Int
    /// Content-relative UTF-16 range.
    var start: Int
    var end: Int
    /// Glyph index range (logical storage order) of the piece.
    var glyphStart: Int
    var glyphEnd: Int
    var isRightToLeft: Bool
    /// Left and right edges, in column coordinates (points from the column's left edge).
    var minX: Float
    var maxX: Float
    /// Whether the piece holds spaces that hang beyond the line's end edge (they get no justification stretch).
    var isHanging = false
}

/// The visual arrangement of one line: its pieces left to right, and the x of every glyph.
/// Built on demand from the shaped paragraph and the line box; nothing here is stored in the layout.
struct LineGeometry {
    let pieces: [VisualPiece]
    /// The hyphen drawn at the end of a hyphenated line, and its left edge (column coordinates): after the
    /// content in a left-to-right paragraph, before it in a right-to-left one.
    let hyphen: HyphenGlyph?
    let hyphenX: Float
    /// The part of its width each justifiable space gives up on a shrinking line (see
    /// ``LineBox/spaceShrink(shaped:content:sizes:)``); 0 on other lines.
    let spaceShrink: Float
    /// The horizontal scale of the line's glyphs (font expansion, ``LineMicrotypography/glyphScale``).
    let glyphScale: Float

    /// Arranges line `box` of `shaped` (whose content units are `content`, sizes per attribute run `sizes`,
    /// faces by id `faces`), its glyphs scaled by `glyphScale` (the line's ``LineMicrotypography/glyphScale``).
    init(box: LineBox, glyphScale: Float, shaped: ShapedParagraph, content: ArraySlice<UInt16>, sizes: [Float], faces: [FontFace]) {
        let start = Int(box.start), end = Int(box.end)
        let visibleEnd = CharacterClass.visibleEnd(of: content, from: start, to: end)
        var logical: [VisualPiece] = []
        LineGeometry.collectPieces(shaped, from: start, to: visibleEnd, into: &logical)
        let order = Bidi.visualOrder(levels: logical.map { shaped.runs[$0.runIndex].level })
        let rtlParagraph = shaped.paragraphLevel & 1 == 1
        let hyphen = box.hyphenated ? HyphenGlyph(shaped, before: end, sizes: sizes, faces: faces) : nil
        let shrink = box.spaceShrink(shaped: shaped, content: content, sizes: sizes)
        spaceShrink = shrink
        self.glyphScale = glyphScale
        var x = box.x
        var hyphenAt = x
        if let hyphen, rtlParagraph { x += hyphen.width }
        var placed: [VisualPiece] = []
        placed.reserveCapacity(logical.count + 1)
        for index in order {
            var piece = logical[index]
            let size = sizes[Int(shaped.runs[piece.runIndex].attributeIndex)]
            var width: Float = 0
            for g in piece.glyphStart..<piece.glyphEnd {
                width += shaped.advances[g] * size + box.extraAdvance(afterGlyph: g, size: size, shrink: shrink, glyphScale: glyphScale,
                                                                   shaped: shaped, content: content)
            }
            piece.minX = x
            piece.maxX = x + width
            x += width
            placed.append(piece)
        }
        if let hyphen, !rtlParagraph { hyphenAt = x; x += hyphen.width }
        self.hyphen = hyphen
        self.hyphenX = hyphenAt
        // Hanging spaces sit beyond the line's end edge, outside the aligned content.
        var hanging: [VisualPiece] = []
        LineGeometry.collectPieces(shaped, from: visibleEnd, to: end, into: &hanging)
        var edge = rtlParagraph ? box.x : x
        for var piece in hanging {
            piece.isHanging = true
            let size = sizes[Int(shaped.runs[piece.runIndex].attributeIndex)]
            var width: Float = 0
            for g in piece.glyphStart..<piece.glyphEnd { width += shaped.advances[g] * size }
            if rtlParagraph {
                piece.maxX = edge; piece.minX = edge - width; edge -= width
                placed.insert(piece, at: 0)
            } else {
                piece.minX = edge; piece.maxX = edge + width; edge += width
                placed.append(piece)
            }
        }
        pieces = placed
    }

    /// The pieces of runs overlapping `from..<to`, in logical order, with their glyph ranges.
    private static func collectPieces(_ shaped: ShapedParagraph, from: Int, to: Int, into pieces: inout [VisualPiece]) {
        guard from < to else { return }
        // First run ending after `from` (runs are sorted and contiguous).
        var low = 0, high = shaped.runs.count
        while low < high {
            let mid = (low + high) / 2
            if Int(shaped.runs[mid].end) <= from { low = mid + 1 } else { high = mid }
        }
        var r = low
        while r < shaped.runs.count, Int(shaped.runs[r].start) < to {
            let run = shaped.runs[r]
            let s = max(from, Int(run.start)), e = min(to, Int(run.end))
            let g0 = firstGlyph(shaped, in: run, atOrAfter: s)
            let g1 = firstGlyph(shaped, in: run, atOrAfter: e)
            pieces.append(VisualPiece(runIndex: r, start: s, end: e, glyphStart: g0, glyphEnd: g1,
                                      isRightToLeft: run.isRightToLeft, minX: 0, maxX: 0))
            r += 1
        }
    }

    /// The first glyph of `run` whose cluster is at or after `offset` (glyphs are in logical order).
    private static func firstGlyph(_ shaped: ShapedParagraph, in run: ShapedRun, atOrAfter offset: Int) -> Int {
        var low = Int(run.glyphStart), high = Int(run.glyphEnd)
        while low < high {
            let mid = (low + high) / 2
            if Int(shaped.clusters[mid]) < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The justification extra after glyph `g` of `piece`, set at `size` points: none for the spaces hanging past
    /// the line's end (with it, a stretched space hanging at the start side of a right-to-left piece was laid over
    /// the text: a position fuzz finding), else the line box's
    /// (``LineBox/extraAdvance(afterGlyph:size:shrink:glyphScale:shaped:content:)``).
    @inline(__always)
    func extraAdvance(afterGlyph g: Int, in piece: VisualPiece, size: Float, box: LineBox, shaped: ShapedParagraph,
                      content: ArraySlice<UInt16>) -> Float {
        piece.isHanging ? 0 : box.extraAdvance(afterGlyph: g, size: size, shrink: spaceShrink, glyphScale: glyphScale,
                                               shaped: shaped, content: content)
    }

    /// Calls `body` for every glyph in visual order with its pen x (column coordinates), its size, the
    /// justification extra after it and the piece. Spaces hanging past the line's end get no extra, as their
    /// piece's width and the carets have it.
    func forEachGlyph(shaped: ShapedParagraph, content: ArraySlice<UInt16>, sizes: [Float], box: LineBox,
                      _ body: (_ glyph: Int, _ penX: Float, _ size: Float, _ extra: Float, _ piece: VisualPiece) -> Void) {
        for piece in pieces {
            let size = sizes[Int(shaped.runs[piece.runIndex].attributeIndex)]
            var x = piece.minX
            var g = piece.isRightToLeft ? piece.glyphEnd - 1 : piece.glyphStart
            let step = piece.isRightToLeft ? -1 : 1
            for _ in piece.glyphStart..<piece.glyphEnd {
                let extra = extraAdvance(afterGlyph: g, in: piece, size: size, box: box, shaped: shaped, content: content)
                body(g, x, size, extra, piece)
                x += shaped.advances[g] * size + extra
                g += step
            }
        }
    }
}
