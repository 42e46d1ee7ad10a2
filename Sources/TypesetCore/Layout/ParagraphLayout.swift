/// The lines of one paragraph at one width and one set of typography settings.
struct ParagraphLayout: Sendable {
    /// Lines in logical order.
    var lines: LineList
    /// Space above the paragraph when it does not start a column, in points.
    var spaceBefore: Float
    /// Sum of the line heights, in points.
    var height: Float { lines.last.map { $0.top + $0.height } ?? 0 }
}

/// The lines of one paragraph: a stretch of one array shared by the paragraphs laid out together, so that a
/// layout allocates (and later frees) an array per batch of up to 256 paragraphs rather than one per paragraph.
/// Allocating and then freeing the previous layout's arrays was over a third of a relayout (callgrind).
struct LineList: RandomAccessCollection, Sendable {
    private let storage: [LineBox]
    private let offset: Int
    /// The number of lines.
    let count: Int

    /// The lines `range` of `storage`.
    init(_ storage: [LineBox], range: Range<Int>) {
        self.storage = storage
        offset = range.lowerBound
        count = range.count
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }
    subscript(index: Int) -> LineBox { storage[offset + index] }
}

/// Resolved per-paragraph values that line layout needs: sizes per attribute run, alignment, indents.
struct ParagraphFormat {
    let sizes: [Float]
    let alignment: TextAlignment
    let firstLineIndent: Float
    let blockIndent: Float
    let spaceBefore: Float
    let bodySize: Float

    /// - Parameter bodySizes: `[settings.fontSize]`, made once by the caller: the sizes of a paragraph in one run
    ///   at the body size (most of them), shared rather than allocated per paragraph.
    @inline(__always)
    init(_ paragraph: borrowing Paragraph, settings: borrowing TypographySettings, columnWidth: Float, bodySizes: [Float]? = nil) {
        self.init(runs: paragraph.runs, style: paragraph.style, settings: settings, columnWidth: columnWidth, bodySizes: bodySizes)
    }

    /// The same from a paragraph's runs and style (the layouter reads them through a pointer: borrowing a whole
    /// paragraph from an array's storage copied it, retaining its arrays, 3 % of a relayout).
    @inline(__always)
    init(runs: borrowing [AttributeRun], style: borrowing ParagraphStyle, settings: borrowing TypographySettings,
         columnWidth: Float, bodySizes: [Float]? = nil) {
        let base = settings.fontSize
        if let bodySizes, runs.count == 1, runs[0].style.fontScale == 1, bodySizes.count == 1 {
            sizes = bodySizes
        } else {
            sizes = runs.map { Float(base * $0.style.fontScale) }
        }
        let role = style.role
        let roleDefault: TextAlignment = switch role {
        case .body, .blockQuote, .listItem: settings.alignment
        case .heading, .preformatted: .start
        }
        alignment = style.alignment ?? roleDefault
        let indentEm: Double = switch role {
        case .body: style.firstLineIndent ?? settings.firstLineIndent
        default: style.firstLineIndent ?? 0
        }
        // Indents are limited to the column, so that every line starts inside it whatever the settings (an
        // indent of 100 em is a valid setting) and the styles (a nested block quote on a narrow page) ask for.
        let blockIndent = min(Float(style.blockIndent * base), max(0, (columnWidth - 1) / 2))
        let available = columnWidth - 2 * blockIndent
        self.blockIndent = blockIndent
        firstLineIndent = min(max(Float(indentEm * base), -blockIndent), max(0, available - 1))
        // A paragraph of hidden units only (markup on a line of its own, an EPUB block with `display: none`)
        // takes no room at all: no spacing above it, and lines without height.
        let allHidden = !runs.isEmpty && runs.allSatisfy { $0.style.isOutOfFlow }
        spaceBefore = allHidden ? 0 : style.continuesBlock
            ? Float(style.spaceBefore * base)
            : Float((settings.paragraphSpacing + style.spaceBefore) * base)
        bodySize = allHidden ? 0 : Float(base * (runs.first?.style.fontScale ?? 1))
    }
}

/// Breaks a shaped paragraph into positioned lines for one column width.
struct ParagraphLayouter {
    let settings: TypographySettings
    let faces: [FontFace]
    let columnWidth: Float
    /// The language of paragraphs that do not name one (the document's, else the settings').
    let documentLanguage: String?
    /// `[settings.fontSize]`, shared by every paragraph in one run at the body size.
    let bodySizes: [Float]
    /// Per face (indexed like `faces`): ascent, descent and natural line height in ems, as plain values, so that
    /// measuring a line's extents neither converts them nor retains the face.
    private let verticalMetrics: [(ascent: Float, descent: Float, natural: Float)]

    init(settings: TypographySettings, faces: [FontFace], columnWidth: Float, documentLanguage: String?) {
        self.settings = settings
        self.faces = faces
        self.columnWidth = columnWidth
        self.documentLanguage = documentLanguage
        bodySizes = [Float(settings.fontSize)]
        verticalMetrics = faces.map { (Float($0.ascent), Float($0.descent), Float($0.naturalLineHeight)) }
    }

    /// Lays out one paragraph, appending its lines to `lines` (the batch's scratch); returns where they are
    /// in it and the space above the paragraph. The source paragraph comes as a pointer into the text's storage,
    /// and only the fields needed are read from it: borrowing the whole value copied it (see ``ParagraphFormat``).
    @inline(__always)
    func layout(_ paragraph: UnsafePointer<Paragraph>, shaped: borrowing ShapedParagraph, metrics: inout ParagraphMetrics,
                context: ShapingContext, into lines: LineScratch) -> (lines: Range<Int>, spaceBefore: Float) {
        let format = ParagraphFormat(runs: paragraph.pointee.runs, style: paragraph.pointee.style, settings: settings,
                                     columnWidth: columnWidth, bodySizes: bodySizes)
        metrics.measure(shaped, sizes: format.sizes)
        // The breakers get at least 1 pt (they place one grapheme per line when nothing fits); alignment uses the
        // real width, so that on a column narrower than 1 pt an end-aligned line still starts inside it.
        let available = max(0, columnWidth - 2 * format.blockIndent)
        let breakWidth = max(1, available)
        let firstLineWidth = max(1, available - format.firstLineIndent)
        let content = paragraph.pointee.units[paragraph.pointee.contentRange]
        let candidates = breakCandidates(paragraph, shaped: shaped, content: content, context: context)
        // A local function, not a closure value: it is passed down without a heap context per paragraph.
        func hyphenWidth(_ end: Int) -> Float { HyphenGlyph(shaped, before: end, sizes: format.sizes, faces: faces)?.width ?? 0 }
        // The breaks go into the context's scratch array (taken out for the paragraph, so that its storage is
        // reused rather than allocated per paragraph).
        var chosen = context.lineBreakScratch
        context.lineBreakScratch = []
        defer { context.lineBreakScratch = chosen }
        var brokenOptimally = false
        if usesOptimalBreaking(format), let optimal = OptimalLineBreaker(firstLineWidth: firstLineWidth, width: breakWidth,
                                                                         allowsShrinking: format.alignment == .justified)
            .breakLines(shaped, breaks: candidates, metrics: metrics, units: content, sizes: format.sizes,
                        hyphenWidth: hyphenWidth, scratch: context.optimalScratch) {
            chosen = optimal
            brokenOptimally = true
        }
        if !brokenOptimally {
            var graphemesReady = false
            // An emergency cut may take a hyphenation point of the paragraph's language even when hyphenation is off.
            func emergencyPoints(_ range: Range<Int>) -> [Int] {
                switch paragraph.pointee.style.role {
                case .heading, .preformatted: return []
                case .body, .blockQuote, .listItem: break
                }
                guard let language = paragraph.pointee.style.language ?? documentLanguage else { return [] }
                var points: [UInt32] = []
                context.hyphenator.hyphenationPoints(content, language: language, into: &points)
                return points.map(Int.init).filter { range.contains($0) }
            }
            GreedyLineBreaker(firstLineWidth: firstLineWidth, width: breakWidth)
                .breakLines(shaped, breaks: candidates, metrics: metrics, units: content, hyphenWidth: hyphenWidth, graphemes: {
                    guard let iterator = context.characterIterator else { return nil }
                    if !graphemesReady { iterator.setText(content); graphemesReady = true }
                    return iterator
                }, hyphenationPoints: emergencyPoints, into: &chosen)
        }
        lines.reserve(chosen.count)
        let firstLine = lines.count
        var start = 0
        var top: Float = 0
        let rtl = shaped.paragraphLevel & 1 == 1
        let lineHeightMultiple = Float(settings.lineHeightMultiple)
        // A paragraph in one run (most of them) has the same extents on every line that holds text: measured once.
        let oneRunExtents = shaped.runs.count == 1
            ? verticalExtents(shaped, start: 0, end: shaped.contentLength, format: format) : nil
        for (index, lineBreak) in chosen.enumerated() {
            let end = lineBreak.end
            let visibleEnd = CharacterClass.visibleEnd(of: content, from: start, to: end, hyphenated: lineBreak.hyphenated)
            var width: Float = shaped.contentLength == 0 ? 0 : Float(metrics.width(start, visibleEnd)
                + metrics.startAdjustment(start) + (visibleEnd == end && !lineBreak.hyphenated ? metrics.endAdjustment(end) : 0))
            if lineBreak.hyphenated { width += hyphenWidth(end) }
            let extents = if let oneRunExtents, start < shaped.contentLength { oneRunExtents }
                else { verticalExtents(shaped, start: start, end: end, format: format) }
            let height = extents.natural * lineHeightMultiple
            let indent = index == 0 ? format.firstLineIndent : 0
            let lineAvailable = available - indent
            let isLast = index == chosen.count - 1
            var stretch: Float = 0, clusterStretch: Float = 0
            var stretchCount = 0
            var x: Float
            var alignment = format.alignment
            if alignment == .justified {
                // The last line and a line ending at a hard break keep their natural spacing.
                let justifies = !isLast && !lineBreak.hard && width != lineAvailable
                let spaces = justifies ? shaped.justifiableCount(from: start, to: visibleEnd, content: content) : 0
                if spaces > 0 {
                    // Inter-word spacing: stretched, or shrunk when the optimal breaker chose a tight line. Spaces
                    // shrink in proportion to their widths (LineBox.spaceShrink), at most to nothing: a line that
                    // is still too wide (one the greedy breaker could not cut) sticks out of its column rather
                    // than draw a space with a negative advance.
                    var adjustment = lineAvailable - width
                    if adjustment < 0 {
                        adjustment = max(adjustment, -shaped.justifiableWidth(from: start, to: visibleEnd, content: content, sizes: format.sizes))
                    }
                    stretch = adjustment / Float(spaces)
                    stretchCount = spaces
                } else if justifies && spaces == 0 && width < lineAvailable && visibleEnd > start
                            && LayoutText.isWide(content[content.startIndex + start]) {
                    // A line without spaces (Chinese, Japanese): the slack goes between its characters.
                    let gaps = shaped.interCharacterGapCount(from: start, to: visibleEnd, content: content)
                    if gaps > 0 {
                        clusterStretch = (lineAvailable - width) / Float(gaps)
                        stretchCount = gaps
                    } else {
                        alignment = .start
                    }
                } else {
                    alignment = .start
                }
            }
            let stretched = stretchCount == 0 ? 0 : (stretch + clusterStretch) * Float(stretchCount)
            let slack = max(0, lineAvailable - width - stretched)
            switch alignment {
            case .start, .justified: x = rtl ? slack : indent
            case .end: x = rtl ? indent : slack
            case .center: x = (rtl ? 0 : indent) + slack / 2
            }
            x += format.blockIndent
            lines.append(LineBox(start: Int32(start), end: Int32(end), width: width, x: x, top: top, height: height,
                                 ascent: extents.ascent, descent: extents.descent,
                                 spaceStretch: stretch, clusterStretch: clusterStretch, stretchCount: Int32(stretchCount),
                                 endsParagraphOrHardBreak: lineBreak.hard || isLast, hyphenated: lineBreak.hyphenated))
            top += height
            start = end
        }
        return (firstLine..<lines.count, format.spaceBefore)
    }

    /// Whether this paragraph is set with the optimal breaker.
    func usesOptimalBreaking(_ format: ParagraphFormat) -> Bool {
        switch settings.lineBreaking {
        case .greedy: false
        case .optimal: true
        case .automatic: format.alignment == .justified
        }
    }

    /// The paragraph's break candidates: its own opportunities, merged with the hyphenation points of its words
    /// when hyphenation is on and its language has patterns (headings and preformatted text are not hyphenated).
    private func breakCandidates(_ paragraph: UnsafePointer<Paragraph>, shaped: ShapedParagraph, content: ArraySlice<UInt16>,
                                 context: ShapingContext) -> [UInt32] {
        guard settings.hyphenation, shaped.contentLength > 0 else { return shaped.breaks }
        switch paragraph.pointee.style.role {
        case .heading, .preformatted: return shaped.breaks
        case .body, .blockQuote, .listItem: break
        }
        guard let language = paragraph.pointee.style.language ?? documentLanguage else { return shaped.breaks }
        context.hyphenationScratch.removeAll(keepingCapacity: true)
        context.hyphenator.hyphenationPoints(content, language: language, into: &context.hyphenationScratch)
        guard !context.hyphenationScratch.isEmpty else { return shaped.breaks }
        BreakCandidate.merge(shaped.breaks, hyphenationPoints: context.hyphenationScratch, into: &context.candidateScratch)
        return context.candidateScratch
    }

    /// The ascent, descent and natural line height of the fonts on `start..<end` at their sizes; for an empty
    /// line, those of the paragraph's first style.
    private func verticalExtents(_ shaped: ShapedParagraph, start: Int, end: Int, format: ParagraphFormat)
        -> (ascent: Float, descent: Float, natural: Float) {
        var ascent: Float = 0, descent: Float = 0, natural: Float = 0
        for run in shaped.runs where Int(run.end) > start && Int(run.start) < max(end, start + 1) && !run.isOutOfFlow {
            let face = verticalMetrics[Int(run.metricsFaceID)]
            let size = format.sizes[Int(run.attributeIndex)]
            ascent = max(ascent, face.ascent * size)
            descent = max(descent, face.descent * size)
            natural = max(natural, face.natural * size)
        }
        if natural == 0 {
            let primary = verticalMetrics[Int(shaped.primaryFaceID)]
            ascent = primary.ascent * format.bodySize
            descent = primary.descent * format.bodySize
            natural = primary.natural * format.bodySize
        }
        return (ascent, descent, natural)
    }
}
