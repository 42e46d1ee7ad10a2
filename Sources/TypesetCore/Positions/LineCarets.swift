/// One grapheme cluster of a line with its horizontal extent on the page: the unit of caret placement, hit
/// testing and selection. A ligature's advance is divided equally among its graphemes (as CoreText does);
/// a grapheme shaped as several clusters gets their summed advance.
struct CaretGrapheme {
    /// Document range.
    var start: UTF16Offset
    var end: UTF16Offset
    /// Left and right edges in page coordinates.
    var minX: Double
    var maxX: Double
    var isRightToLeft: Bool

    /// The x of the edge before the grapheme in logical order (its leading edge).
    var leadingX: Double { isRightToLeft ? maxX : minX }
    /// The x of the edge after it (its trailing edge).
    var trailingX: Double { isRightToLeft ? minX : maxX }
}

/// The caret geometry of one placed line: its graphemes in visual order and its vertical metrics.
struct LineCarets {
    let page: Int
    let placementIndex: Int
    /// Graphemes left to right (hard-break terminators excluded).
    let graphemes: [CaretGrapheme]
    /// The line box in page coordinates.
    let box: Rect
    let baseline: Double
    let ascent: Double
    let descent: Double
    /// The first caret offset of the line (for the first line of a paragraph, the start of its content).
    let startOffset: UTF16Offset
    /// The last caret offset of the line: the next line's start after a soft wrap, else the offset of the hard
    /// break (the caret before the newline) or the end of the paragraph's content.
    let endOffset: UTF16Offset
    /// Whether the line ends at a soft wrap (its end offset is also the next line's start).
    let isSoftWrapped: Bool
    let isRightToLeft: Bool
    /// The whole document range of the line (separators included, as ``Line/range``).
    let range: Range<UTF16Offset>
    let paragraphIndex: Int
    let lineIndex: Int

    /// Left and right edges of the line's visible content (the line box's horizontal extent).
    var contentMinX: Double { box.minX }
    var contentMaxX: Double { box.maxX }

    /// The x where the caret for `offset` is drawn on this line, preferring the grapheme after the offset for
    /// `.forward` and the one before it for `.backward` (they differ only at bidi boundaries and line ends).
    func caretX(for offset: UTF16Offset, affinity: TextAffinity) -> Double {
        var before: CaretGrapheme?  // grapheme ending at offset
        var after: CaretGrapheme?   // grapheme starting at offset
        for g in graphemes {
            if g.end == offset { before = g }
            if g.start == offset { after = g }
        }
        switch (affinity, before, after) {
        case (.forward, _, let a?): return a.leadingX
        case (.backward, let b?, _): return b.trailingX
        case (_, let b?, nil): return b.trailingX
        case (_, nil, let a?): return a.leadingX
        default:
            // An offset with no grapheme on this line next to it: the start or end edge of the line.
            if offset <= startOffset { return isRightToLeft ? contentMaxX : contentMinX }
            if offset >= endOffset { return endEdgeX }
            // Inside the line (an offset inside a grapheme): snap to the grapheme that contains it.
            if let g = graphemes.first(where: { $0.start < offset && offset < $0.end }) { return g.leadingX }
            return isRightToLeft ? contentMinX : contentMaxX
        }
    }

    /// The x of the line's end edge: after the last visible grapheme in paragraph direction.
    var endEdgeX: Double {
        // The caret at the end of the line sits after the grapheme ending at the end offset when there is one
        // (hanging spaces included), else at the content's end edge.
        if let g = graphemes.first(where: { $0.end == endOffset }) { return g.trailingX }
        return isRightToLeft ? contentMinX : contentMaxX
    }
}

extension BookLayout {
    /// Builds the caret geometry of placement `placementIndex` of page `page`.
    func carets(page: Int, placementIndex: Int) -> LineCarets {
        let placement = pages[page].placements[placementIndex]
        let p = Int(placement.paragraph), l = Int(placement.line)
        let layout = paragraphs[p]
        let box = layout.lines[l]
        let paragraph = text.paragraphs[p]
        let shapedParagraph = shaped.paragraphs[p]
        let content = paragraph.units[paragraph.contentRange]
        let contentStart = paragraph.range.lowerBound + paragraph.contentRange.lowerBound
        let sizes = ParagraphFormat(paragraph, settings: settings).sizes
        let geometry = LineGeometry(box: box, shaped: shapedParagraph, content: content, sizes: sizes)
        let isLastLine = l == layout.lines.count - 1
        let rtl = shapedParagraph.paragraphLevel & 1 == 1

        // The hard break that ends a line inside a preserved paragraph (its caret goes before it).
        var terminatorStart = Int(box.end)
        if !isLastLine && box.endsParagraphOrHardBreak {
            while terminatorStart > Int(box.start), CharacterClass.isLineTerminator(content[content.startIndex + terminatorStart - 1]) {
                terminatorStart -= 1
            }
        }
        var graphemes: [CaretGrapheme] = []
        let dx = Double(placement.x)
        for piece in geometry.pieces {
            let pieceEnd = min(piece.end, terminatorStart)
            guard piece.start < pieceEnd else { continue }
            // Cluster widths in logical order.
            var clusters: [(start: Int, width: Double)] = []
            var g = piece.glyphStart
            while g < piece.glyphEnd {
                let cluster = Int(shapedParagraph.clusters[g])
                var width: Double = 0
                while g < piece.glyphEnd, Int(shapedParagraph.clusters[g]) == cluster {
                    width += Double(shapedParagraph.advances[g] * sizes[Int(shapedParagraph.runs[piece.runIndex].attributeIndex)])
                    if box.spaceStretch != 0, shapedParagraph.isJustifiable(g, content: content) { width += Double(box.spaceStretch) }
                    g += 1
                }
                clusters.append((max(cluster, piece.start), width))
            }
            // Grapheme boundaries of the piece (Swift's segmentation of its units).
            var boundaries: [Int] = [piece.start]
            var offset = piece.start
            for character in String(decoding: content[(content.startIndex + piece.start)..<(content.startIndex + pieceEnd)], as: UTF16.self) {
                offset += character.utf16.count
                boundaries.append(offset)
            }
            // Width of each grapheme: a cluster's advance is shared equally by the graphemes that start in it
            // (a ligature); a cluster in which no grapheme starts (an emoji modifier shaped on its own) adds its
            // advance to the grapheme that contains it.
            var widths = [Double](repeating: 0, count: boundaries.count - 1)
            var first = 0  // first grapheme not starting before the current cluster
            for (ci, cluster) in clusters.enumerated() where cluster.start < pieceEnd {
                let clusterEnd = ci + 1 < clusters.count ? clusters[ci + 1].start : pieceEnd
                while first < widths.count && boundaries[first] < cluster.start { first += 1 }
                var last = first
                while last < widths.count && boundaries[last] < clusterEnd { last += 1 }
                if last > first {
                    let share = cluster.width / Double(last - first)
                    for index in first..<last { widths[index] += share }
                } else if first > 0 {
                    widths[first - 1] += cluster.width
                }
            }
            // Place them: left to right in logical order, or right to left for an RTL piece.
            var x = piece.isRightToLeft ? Double(piece.maxX) + dx : Double(piece.minX) + dx
            var placed: [CaretGrapheme] = []
            for i in 0..<widths.count {
                let start = contentStart + boundaries[i], end = contentStart + boundaries[i + 1]
                if piece.isRightToLeft {
                    placed.append(CaretGrapheme(start: start, end: end, minX: x - widths[i], maxX: x, isRightToLeft: true))
                    x -= widths[i]
                } else {
                    placed.append(CaretGrapheme(start: start, end: end, minX: x, maxX: x + widths[i], isRightToLeft: false))
                    x += widths[i]
                }
            }
            graphemes.append(contentsOf: piece.isRightToLeft ? placed.reversed() : placed)
        }

        let rangeValue = documentRange(of: box, lineIndex: l, in: layout, paragraph: paragraph)
        let startOffset = l == 0 ? contentStart : contentStart + Int(box.start)
        let endOffset: UTF16Offset = isLastLine ? contentStart + paragraph.contentRange.count
            : (box.endsParagraphOrHardBreak ? contentStart + terminatorStart : contentStart + Int(box.end))
        let width = Double(box.width) + Double(box.spaceStretch) * Double(justifiableSpaceCount(box, paragraphIndex: p))
        let rect = Rect(x: dx + Double(box.x), y: Double(placement.y), width: width, height: Double(box.height))
        return LineCarets(page: page, placementIndex: placementIndex, graphemes: graphemes, box: rect,
                          baseline: Double(placement.y + box.baseline), ascent: Double(box.ascent),
                          descent: Double(box.descent), startOffset: startOffset, endOffset: endOffset,
                          isSoftWrapped: !isLastLine && !box.endsParagraphOrHardBreak, isRightToLeft: rtl,
                          range: rangeValue, paragraphIndex: p, lineIndex: l)
    }
}
