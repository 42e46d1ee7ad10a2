/// Measures one line's graphemes piece by piece: the steps of ``BookLayout/buildCarets(page:placementIndex:)``
/// between the line's caret stops and its graphemes in visual order.
struct CaretMeasure {
    let geometry: LineGeometry
    /// The line's caret stops, content-relative and ascending (at least the line's start and end).
    let boundaries: [Int]
    let terminatorStart: Int
    let contentStart: UTF16Offset
    /// The placement's x (page coordinates of the column's left edge).
    let dx: Double
    let sizes: [Float]
    let shaped: ShapedParagraph
    let box: LineBox
    let content: ArraySlice<UInt16>

    /// The index of the grapheme (into ``boundaries``) that contains content offset `offset`.
    func graphemeIndex(containing offset: Int) -> Int {
        var low = 0, high = boundaries.count - 2
        while low < high {
            let mid = (low + high + 1) / 2
            if boundaries[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Fragments: the part of a grapheme that lies in one piece (a grapheme split between two runs, such as a
    /// base and a mark from different fonts, has two), with its x extent, in visual order.
    func fragments() -> [CaretGrapheme] {
        var fragments: [CaretGrapheme] = []
        for piece in geometry.pieces {
            let pieceEnd = min(piece.end, terminatorStart)
            guard piece.start < pieceEnd, boundaries.count > 1 else { continue }
            let widths = graphemeWidths(of: piece, end: pieceEnd)
            let firstIndex = graphemeIndex(containing: piece.start)
            // Place them: left to right in logical order, or right to left for an RTL piece.
            var x = piece.isRightToLeft ? Double(piece.maxX) + dx : Double(piece.minX) + dx
            var placed: [CaretGrapheme] = []
            for (i, width) in widths.enumerated() {
                let start = contentStart + boundaries[firstIndex + i], end = contentStart + boundaries[firstIndex + i + 1]
                if piece.isRightToLeft {
                    placed.append(CaretGrapheme(start: start, end: end, minX: x - width, maxX: x, isRightToLeft: true))
                    x -= width
                } else {
                    placed.append(CaretGrapheme(start: start, end: end, minX: x, maxX: x + width, isRightToLeft: false))
                    x += width
                }
            }
            fragments.append(contentsOf: piece.isRightToLeft ? placed.reversed() : placed)
        }
        return fragments
    }

    /// The widths of the graphemes overlapping `piece` (up to content offset `pieceEnd`), in logical order: a
    /// cluster's advance is shared equally by the graphemes that start in it (a ligature); a cluster in which none
    /// starts (an emoji modifier shaped on its own) adds its advance to the grapheme that contains it.
    private func graphemeWidths(of piece: VisualPiece, end pieceEnd: Int) -> [Double] {
        let clusters = clusterWidths(of: piece)
        let firstIndex = graphemeIndex(containing: piece.start)
        let lastIndex = graphemeIndex(containing: pieceEnd - 1)
        var widths = [Double](repeating: 0, count: lastIndex - firstIndex + 1)
        for (ci, cluster) in clusters.enumerated() where cluster.start < pieceEnd {
            let clusterEnd = min(ci + 1 < clusters.count ? clusters[ci + 1].start : pieceEnd, pieceEnd)
            let containing = graphemeIndex(containing: cluster.start)
            var starting: [Int] = []
            var k = containing
            while k <= lastIndex && boundaries[k] < clusterEnd {
                if boundaries[k] >= cluster.start { starting.append(k) }
                k += 1
            }
            if starting.isEmpty {
                widths[containing - firstIndex] += cluster.width
            } else {
                for index in starting { widths[index - firstIndex] += cluster.width / Double(starting.count) }
            }
        }
        return widths
    }

    /// The piece's clusters with their widths (advances and justification), in logical order.
    private func clusterWidths(of piece: VisualPiece) -> [(start: Int, width: Double)] {
        let size = Double(sizes[Int(shaped.runs[piece.runIndex].attributeIndex)])
        var clusters: [(start: Int, width: Double)] = []
        var g = piece.glyphStart
        while g < piece.glyphEnd {
            let cluster = Int(shaped.clusters[g])
            var width: Double = 0
            while g < piece.glyphEnd, Int(shaped.clusters[g]) == cluster {
                width += Double(shaped.advances[g]) * size
                let extra = geometry.extraAdvance(afterGlyph: g, in: piece, size: Float(size), box: box, shaped: shaped,
                                                  content: content)
                if extra != 0 { width += Double(extra) }
                g += 1
            }
            clusters.append((max(cluster, piece.start), width))
        }
        return clusters
    }

    /// One entry per grapheme (fragments of the same grapheme merge into their union), in visual order.
    static func graphemes(merging fragments: [CaretGrapheme]) -> [CaretGrapheme] {
        var graphemes: [CaretGrapheme] = []
        var seen: [Int: Int] = [:]
        for fragment in fragments {
            if let index = seen[fragment.start] {
                // A fragment with no width adds no place to a grapheme that has one: out-of-flow units joined to
                // it (a ruby annotation after its base) form a piece of their own wherever the bidi order puts it,
                // and their union spread the grapheme over the line (a fuzz finding, positions-caret-round-trip-
                // to-another-offset-on-its-line: an Arabic letter stretched to the line's far edge).
                let existing = graphemes[index]
                if fragment.maxX <= fragment.minX && existing.maxX > existing.minX { continue }
                if existing.maxX <= existing.minX && fragment.maxX > fragment.minX {
                    (graphemes[index].minX, graphemes[index].maxX) = (fragment.minX, fragment.maxX)
                    continue
                }
                graphemes[index].minX = min(graphemes[index].minX, fragment.minX)
                graphemes[index].maxX = max(graphemes[index].maxX, fragment.maxX)
            } else {
                seen[fragment.start] = graphemes.count
                graphemes.append(fragment)
            }
        }
        // Hit testing searches them by x, so they must be in visual order. Merged fragments can break it, and so
        // can zero-width graphemes (controls) in a piece of their own next to a piece that ends at the same x up to
        // rounding, which the line geometry may order either way (NULs in an Arabic run). Sorting
        // by midpoint keeps zero-width graphemes beside their neighbours whatever the rounding.
        if zip(graphemes, graphemes.dropFirst()).contains(where: { $0.maxX > $1.maxX || $0.minX > $1.minX }) {
            graphemes.sort { $0.minX + $0.maxX < $1.minX + $1.maxX }
        }
        return graphemes
    }
}
