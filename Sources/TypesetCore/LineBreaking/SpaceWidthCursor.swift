/// The width in points (summed in `Double`, as positions far into a paragraph need) of a paragraph's justifiable
/// (inter-word) spaces before a content offset, read with a cursor
/// over the glyphs: the optimal breaker asks for ascending offsets (with small steps back over a line's trailing
/// spaces), so each answer costs O(1) amortised and nothing is allocated.
struct SpaceWidthCursor {
    // The shaped paragraph's arrays, held directly: read through the paragraph's storage, each access cost a
    // retain and a release (a third of the cursor's time, callgrind).
    private let clusters: ShapedArray<UInt32>
    private let advances: ShapedArray<Float>
    private let runs: ShapedArray<ShapedRun>
    private let content: ArraySlice<UInt16>
    private let sizes: [Float]
    /// Glyphs before `glyph` are summed into `sum`; `run` is the run holding `glyph` (or the last run).
    private var glyph = 0
    private var run = 0
    private var sum: Double = 0

    init(_ shaped: ShapedParagraph, content: ArraySlice<UInt16>, sizes: [Float]) {
        clusters = shaped.clusters
        advances = shaped.advances
        runs = shaped.runs
        self.content = content
        self.sizes = sizes
    }

    /// The width of glyph `g` of run `r` when it is a justifiable space, else 0.
    @inline(__always)
    private func spaceWidth(_ g: Int, run r: Int) -> Double {
        ShapedParagraph.isJustifiable(advance: advances[g], cluster: Int(clusters[g]), content: content)
            ? Double(advances[g] * sizes[Int(runs[r].attributeIndex)]) : 0
    }

    /// Width of the justifiable spaces whose clusters start before `offset`.
    mutating func width(before offset: Int) -> Double {
        let count = clusters.count
        while glyph < count, Int(clusters[glyph]) < offset {
            while run + 1 < runs.count, glyph >= Int(runs[run].glyphEnd) { run += 1 }
            sum += spaceWidth(glyph, run: run)
            glyph += 1
        }
        while glyph > 0, Int(clusters[glyph - 1]) >= offset {
            glyph -= 1
            while run > 0, glyph < Int(runs[run].glyphStart) { run -= 1 }
            sum -= spaceWidth(glyph, run: run)
        }
        return glyph == 0 ? 0 : sum
    }
}
