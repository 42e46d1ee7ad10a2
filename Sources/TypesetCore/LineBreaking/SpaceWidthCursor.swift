/// The width in points of a paragraph's justifiable (inter-word) spaces before a content offset, read with a cursor
/// over the glyphs: the optimal breaker asks for ascending offsets (with small steps back over a line's trailing
/// spaces), so each answer costs O(1) amortised and nothing is allocated.
struct SpaceWidthCursor {
    private let shaped: ShapedParagraph
    private let content: ArraySlice<UInt16>
    private let sizes: [Float]
    /// Glyphs before `glyph` are summed into `sum`; `run` is the run holding `glyph` (or the last run).
    private var glyph = 0
    private var run = 0
    private var sum: Float = 0

    init(_ shaped: ShapedParagraph, content: ArraySlice<UInt16>, sizes: [Float]) {
        self.shaped = shaped
        self.content = content
        self.sizes = sizes
    }

    @inline(__always)
    private func spaceWidth(_ g: Int, run r: Int) -> Float {
        shaped.isJustifiable(g, content: content) ? shaped.advances[g] * sizes[Int(shaped.runs[r].attributeIndex)] : 0
    }

    /// Width of the justifiable spaces whose clusters start before `offset`.
    mutating func width(before offset: Int) -> Float {
        let count = shaped.clusters.count
        while glyph < count, Int(shaped.clusters[glyph]) < offset {
            while run + 1 < shaped.runs.count, glyph >= Int(shaped.runs[run].glyphEnd) { run += 1 }
            sum += spaceWidth(glyph, run: run)
            glyph += 1
        }
        while glyph > 0, Int(shaped.clusters[glyph - 1]) >= offset {
            glyph -= 1
            while run > 0, glyph < Int(shaped.runs[run].glyphStart) { run -= 1 }
            sum -= spaceWidth(glyph, run: run)
        }
        return glyph == 0 ? 0 : sum
    }
}
