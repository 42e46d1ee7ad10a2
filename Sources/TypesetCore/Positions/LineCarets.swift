import Synchronization

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
    /// `.forward` and the one before it for `.backward` (they differ only at bidi boundaries and line ends). The
    /// caret stays within the line's visible content: spaces hanging past the line's end edge put their carets on
    /// that edge, where hit testing maps them back (as TextKit draws the caret of a wrapped line's end).
    func caretX(for offset: UTF16Offset, affinity: TextAffinity) -> Double {
        min(max(unclampedCaretX(for: offset, affinity: affinity), contentMinX), contentMaxX)
    }

    private func unclampedCaretX(for offset: UTF16Offset, affinity: TextAffinity) -> Double {
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

    /// The x of the line's end edge: the end of its visible content in the paragraph's direction.
    var endEdgeX: Double { isRightToLeft ? contentMinX : contentMaxX }
}

/// The caret geometry of recently queried lines of one layout, so that a run of hit tests or caret queries on a
/// page (a drag, a selection) builds each line's geometry once. Bounded: cleared when it holds 512 lines.
final class CaretCache: Sendable {
    private let lines = Locked<[Int: LineCarets]>([:])
    /// The font sizes of the paragraph whose lines were built last: resolving a paragraph's format is a pass over
    /// its attribute runs, which per line made the carets of a paragraph of many runs cost its lines × its runs.
    private let lastSizes = Locked<(paragraph: Int, sizes: [Float])?>(nil)

    func sizes(ofParagraph paragraph: Int, resolve: () -> [Float]) -> [Float] {
        if let last = lastSizes.withLock({ $0 }), last.paragraph == paragraph { return last.sizes }
        let sizes = resolve()
        lastSizes.withLock { $0 = (paragraph, sizes) }
        return sizes
    }

    /// The cached geometry of placement `index` of page `page`, if any.
    func carets(page: Int, index: Int) -> LineCarets? {
        let key = page << 20 | index
        return lines.withLock { $0[key] }
    }

    /// Keeps `carets` as the geometry of placement `index` of page `page`.
    func store(_ carets: LineCarets, page: Int, index: Int) {
        let key = page << 20 | index
        lines.withLock { cache in
            if cache.count >= 512 { cache.removeAll(keepingCapacity: true) }
            cache[key] = carets
        }
    }
}

extension BookLayout {
    /// The caret geometry of placement `placementIndex` of page `page` (cached).
    /// Looked up and stored apart, with no closure between: a closure that builds the carets captured the layout,
    /// copying it (retaining each of its references) on every query, a sixth of a hit test.
    func carets(page: Int, placementIndex: Int) -> LineCarets {
        if let known = caretCache.carets(page: page, index: placementIndex) { return known }
        let made = buildCarets(page: page, placementIndex: placementIndex)
        caretCache.store(made, page: page, index: placementIndex)
        return made
    }

    /// Builds the caret geometry of placement `placementIndex` of page `page`.
    func buildCarets(page: Int, placementIndex: Int) -> LineCarets {
        let placement = pages[page].placements[placementIndex]
        let p = Int(placement.paragraph), l = Int(placement.line)
        let layout = paragraphLayout(p)
        let box = layout.lines[l]
        let micro = layout.lines.microtypography(ofLine: l)
        let paragraph = text.paragraphs[p]
        let shapedParagraph = shaped.paragraph(p)
        let content = paragraph.units[paragraph.contentRange]
        let contentStart = paragraph.contentStart
        let sizes = caretCache.sizes(ofParagraph: p) { format(ofParagraph: p).sizes }
        let geometry = LineGeometry(box: box, glyphScale: micro.glyphScale, shaped: shapedParagraph, content: content, sizes: sizes,
                                    faces: shaped.faces)
        let isLastLine = l == layout.lines.count - 1
        let rtl = shapedParagraph.paragraphLevel & 1 == 1

        // The hard break that ends a line inside a preserved paragraph (its caret goes before it).
        var terminatorStart = Int(box.end)
        if !isLastLine && box.endsParagraphOrHardBreak {
            // Not into hidden units: a hard break hidden by the book's styles is markup, and the end caret must stay on
            // a caret stop (the fuzzer found form feeds hidden before a visible one giving a line end inside them).
            while terminatorStart > Int(box.start), CharacterClass.isLineTerminator(content[content.startIndex + terminatorStart - 1]),
                  CaretSpan.allowsStop(at: terminatorStart - 1, in: paragraph.caretSpans) {
                terminatorStart -= 1
            }
        }
        // Hidden units with nothing to join (a line of markup only) have no caret place, as a hard break has none.
        if let start = CaretSpan.aloneStart(endingAt: terminatorStart, in: paragraph.caretSpans) {
            terminatorStart = max(Int(box.start), start)
        }
        // Caret stops of the line's text: its grapheme boundaries (a line starts on one, so segmenting from its
        // start is exact), content-relative, without those inside hidden units (see ``CaretSpan``).
        let lineStart = Int(box.start)
        var boundaries = segmenter.caretStops(of: paragraph, from: lineStart, to: terminatorStart)
        // Generated text (a list marker) is measured as units of its own, then left out (see CaretSpan).
        let generated = paragraph.caretSpans.filter { $0.isGenerated && $0.end > lineStart && $0.start < terminatorStart }
        if !generated.isEmpty {
            boundaries = LineCarets.boundaries(boundaries, addingEdgesOf: generated, within: lineStart...terminatorStart)
        }
        let measure = CaretMeasure(geometry: geometry, boundaries: boundaries, terminatorStart: terminatorStart,
                                   contentStart: contentStart, dx: Double(placement.x), sizes: sizes, shaped: shapedParagraph,
                                   box: box, content: content)
        var fragments = measure.fragments()
        if !generated.isEmpty { fragments = LineCarets.foldingGenerated(fragments, spans: generated, contentStart: contentStart) }
        let graphemes = CaretMeasure.graphemes(merging: fragments)

        let rangeValue = documentRange(of: box, lineIndex: l, in: layout, paragraph: paragraph)
        let startOffset = l == 0 ? contentStart : contentStart + Int(box.start)
        let endOffset: UTF16Offset = isLastLine ? contentStart + min(terminatorStart, paragraph.contentRange.count)
            : (box.endsParagraphOrHardBreak ? contentStart + terminatorStart : contentStart + Int(box.end))
        let width = box.justifiedWidth(micro)
        let rect = Rect(x: Double(placement.x) + Double(box.x), y: Double(placement.y), width: width, height: Double(box.height))
        return LineCarets(page: page, placementIndex: placementIndex, graphemes: graphemes, box: rect,
                          baseline: placement.y + Double(box.baseline), ascent: Double(box.ascent),
                          descent: Double(box.descent), startOffset: startOffset, endOffset: endOffset,
                          isSoftWrapped: !isLastLine && !box.endsParagraphOrHardBreak, isRightToLeft: rtl,
                          range: rangeValue, paragraphIndex: p, lineIndex: l)
    }
}
