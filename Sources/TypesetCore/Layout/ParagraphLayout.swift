/// The lines of one paragraph at one width and one set of typography settings.
struct ParagraphLayout: Sendable {
    /// Lines in logical order.
    var lines: [LineBox]
    /// Space above the paragraph when it does not start a column, in points.
    var spaceBefore: Float
    /// Sum of the line heights, in points.
    var height: Float { lines.last.map { $0.top + $0.height } ?? 0 }
}

/// Resolved per-paragraph values that line layout needs: sizes per attribute run, alignment, indents.
struct ParagraphFormat {
    let sizes: [Float]
    let alignment: TextAlignment
    let firstLineIndent: Float
    let blockIndent: Float
    let spaceBefore: Float
    let bodySize: Float

    init(_ paragraph: Paragraph, settings: TypographySettings, columnWidth: Float) {
        let base = settings.fontSize
        sizes = paragraph.runs.map { Float(base * $0.style.fontScale) }
        let role = paragraph.style.role
        let roleDefault: TextAlignment = switch role {
        case .body, .blockQuote, .listItem: settings.alignment
        case .heading, .preformatted: .start
        }
        alignment = paragraph.style.alignment ?? roleDefault
        let indentEm: Double = switch role {
        case .body: paragraph.style.firstLineIndent ?? settings.firstLineIndent
        default: paragraph.style.firstLineIndent ?? 0
        }
        // Indents are limited to the column, so that every line starts inside it whatever the settings (an
        // indent of 100 em is a valid setting) and the styles (a nested block quote on a narrow page) ask for.
        let blockIndent = min(Float(paragraph.style.blockIndent * base), max(0, (columnWidth - 1) / 2))
        let available = columnWidth - 2 * blockIndent
        self.blockIndent = blockIndent
        firstLineIndent = min(max(Float(indentEm * base), -blockIndent), max(0, available - 1))
        spaceBefore = paragraph.style.continuesBlock
            ? Float(paragraph.style.spaceBefore * base)
            : Float((settings.paragraphSpacing + paragraph.style.spaceBefore) * base)
        bodySize = Float(base * (paragraph.runs.first?.style.fontScale ?? 1))
    }
}

/// Breaks a shaped paragraph into positioned lines for one column width.
struct ParagraphLayouter {
    let settings: TypographySettings
    let faces: [FontFace]
    let columnWidth: Float

    func layout(_ paragraph: Paragraph, shaped: ShapedParagraph, metrics: inout ParagraphMetrics,
                context: ShapingContext) -> ParagraphLayout {
        let format = ParagraphFormat(paragraph, settings: settings, columnWidth: columnWidth)
        metrics.measure(shaped, sizes: format.sizes)
        // The breaker gets at least 1 pt (it places one grapheme per line when nothing fits); alignment uses the
        // real width, so that on a column narrower than 1 pt an end-aligned line still starts inside it.
        let available = max(0, columnWidth - 2 * format.blockIndent)
        let breaker = GreedyLineBreaker(firstLineWidth: max(1, available - format.firstLineIndent), width: max(1, available))
        let content = paragraph.units[paragraph.contentRange]
        var graphemesReady = false
        let breaks = breaker.breakLines(shaped, metrics: metrics, units: content) {
            guard let iterator = context.characterIterator else { return nil }
            if !graphemesReady { iterator.setText(content); graphemesReady = true }
            return iterator
        }
        var lines: [LineBox] = []
        lines.reserveCapacity(breaks.count)
        var start = 0
        var top: Float = 0
        let rtl = shaped.paragraphLevel & 1 == 1
        let lineHeightMultiple = Float(settings.lineHeightMultiple)
        for (index, lineBreak) in breaks.enumerated() {
            let end = lineBreak.end
            var visibleEnd = end
            while visibleEnd > start, CharacterClass.isHangingSpace(content[content.startIndex + visibleEnd - 1]) { visibleEnd -= 1 }
            let width = shaped.contentLength == 0 ? 0 : metrics.width(start, visibleEnd)
            let extents = verticalExtents(shaped, start: start, end: end, format: format)
            let height = extents.natural * lineHeightMultiple
            let baseline = (height - (extents.ascent + extents.descent)) / 2 + extents.ascent
            let indent = index == 0 ? format.firstLineIndent : 0
            let lineAvailable = available - indent
            let isLast = index == breaks.count - 1
            var stretch: Float = 0
            var x: Float
            var alignment = format.alignment
            if alignment == .justified {
                let spaces = shaped.justifiableCount(from: start, to: visibleEnd, content: content)
                if !isLast && !lineBreak.hard && spaces > 0 && width < lineAvailable {
                    stretch = (lineAvailable - width) / Float(spaces)
                } else {
                    alignment = .start
                }
            }
            let stretched = stretch == 0 ? 0 : stretch * Float(shaped.justifiableCount(from: start, to: visibleEnd, content: content))
            let slack = max(0, lineAvailable - width - stretched)
            switch alignment {
            case .start, .justified: x = rtl ? slack : indent
            case .end: x = rtl ? indent : slack
            case .center: x = (rtl ? 0 : indent) + slack / 2
            }
            x += format.blockIndent
            lines.append(LineBox(start: Int32(start), end: Int32(end), width: width, x: x, top: top, height: height,
                                 baseline: baseline, ascent: extents.ascent, descent: extents.descent,
                                 spaceStretch: stretch, endsParagraphOrHardBreak: lineBreak.hard || isLast))
            top += height
            start = end
        }
        return ParagraphLayout(lines: lines, spaceBefore: format.spaceBefore)
    }

    /// The ascent, descent and natural line height of the fonts on `start..<end` at their sizes; for an empty
    /// line, those of the paragraph's first style.
    private func verticalExtents(_ shaped: ShapedParagraph, start: Int, end: Int, format: ParagraphFormat)
        -> (ascent: Float, descent: Float, natural: Float) {
        var ascent: Float = 0, descent: Float = 0, natural: Float = 0
        for run in shaped.runs where Int(run.end) > start && Int(run.start) < max(end, start + 1) {
            let face = faces[Int(run.metricsFaceID)]
            let size = format.sizes[Int(run.attributeIndex)]
            ascent = max(ascent, Float(face.ascent) * size)
            descent = max(descent, Float(face.descent) * size)
            natural = max(natural, Float(face.naturalLineHeight) * size)
        }
        if natural == 0 {
            let primary = faces[Int(shaped.primaryFaceID)]
            ascent = Float(primary.ascent) * format.bodySize
            descent = Float(primary.descent) * format.bodySize
            natural = Float(primary.naturalLineHeight) * format.bodySize
        }
        return (ascent, descent, natural)
    }
}
