import TypesetCore

extension TypographyReport {
    /// One sample per line of `layout`, in page order, each with its column and its drawn inter-word gaps, read
    /// from the page's glyph runs (the renderer's source), so that justification, expansion and protrusion are in
    /// them as drawn. A vertical layout's lines have no gaps (rivers are measured across horizontal lines only).
    public static func samples(of layout: BookLayout) -> [LineSample] {
        var samples: [LineSample] = []
        var counts: [Int: Int] = [:]
        let settings = layout.settings
        let content = settings.contentRect
        let pitch = settings.columnWidth + settings.columnGap
        for page in layout.pages.indices {
            let gaps = layout.writingMode(ofPage: page).isVertical ? [:] : drawnGaps(layout, page: page)
            for line in layout.lines(onPage: page) {
                counts[line.paragraphIndex, default: 0] += 1
                let place = ((line.rect.minX + line.rect.maxX) / 2 - content.minX) / pitch
                let column = place.isFinite ? Int(max(0, min(Double(settings.columns - 1), place.rounded(.down)))) : 0
                let left = content.minX + Double(column) * pitch
                samples.append(LineSample(ratio: layout.adjustment(of: line).ratio, hyphenated: line.isHyphenated,
                                          paragraph: line.paragraphIndex, lineIndex: line.lineIndex, lineCount: 0, page: page,
                                          column: column,
                                          gaps: (gaps[line.rect.minY] ?? []).map { ($0.lowerBound - left)..<($0.upperBound - left) }))
            }
        }
        for i in samples.indices { samples[i].lineCount = counts[samples[i].paragraph] ?? 1 }
        return samples
    }

    /// The gaps of every line of a page, by the line's top (``GlyphRun/lineTop``), in page x: the pen intervals of
    /// the justifiable spaces' glyphs between the line's first and last visible glyph, adjacent ones merged.
    private static func drawnGaps(_ layout: BookLayout, page: Int) -> [Double: [Range<Double>]] {
        struct Glyph { var minX: Double; var maxX: Double; var isSpace: Bool }
        var glyphs: [Double: [Glyph]] = [:]
        for run in layout.glyphRuns(onPage: page) where run.orientation == .horizontal && !run.isRuby && !run.isEmphasis {
            // A drawn hyphen has an empty range: it is ink, never a space.
            let units = run.range.isEmpty ? [] : layout.text.units(in: run.range)
            for i in run.glyphs.indices {
                let unit = units.indices.contains(run.clusters[i] - run.range.lowerBound) ? units[run.clusters[i] - run.range.lowerBound] : 0
                let minX = run.positions[i].x, maxX = minX + run.advances[i]
                glyphs[run.lineTop, default: []].append(Glyph(minX: min(minX, maxX), maxX: max(minX, maxX),
                                                              isSpace: unit == 0x20 || unit == 0x09))
            }
        }
        return glyphs.mapValues { line in
            var gaps: [Range<Double>] = []
            // A gap opens at a space after some ink and is kept when ink follows it.
            var open: Range<Double>?, inked = false
            for glyph in line.sorted(by: { $0.minX < $1.minX }) {
                if !glyph.isSpace {
                    if let gap = open { gaps.append(gap) }
                    open = nil
                    inked = true
                } else if inked && glyph.maxX > glyph.minX {
                    open = (open?.lowerBound ?? glyph.minX)..<glyph.maxX
                }
            }
            return gaps
        }
    }
}
