#if canImport(Glibc)
import Glibc
#endif

/// The lines of one paragraph at one width and one set of typography settings.
struct ParagraphLayout: Sendable {
    /// Lines in logical order.
    var lines: LineList
    /// Space above the paragraph when it does not start a column, in points.
    var spaceBefore: Float
    /// The width the paragraph's lines are set in: its column (or table cell) less its block indents.
    var available: Float = 0
    /// The first line's indent (a list marker's hang included), and that of the lines beside a drop cap
    /// (lines 2...``capLines``).
    var firstLineIndent: Float = 0
    var capIndent: Float = 0
    var capLines: Int32 = 0
    /// How far the drop cap's baseline lies below the first line's baseline, in points.
    var capDrop: Float = 0
    /// Space left below the paragraph's last line (beside a drop cap taller than the paragraph), in points.
    var spaceAfter: Float = 0
    /// Sum of the line heights, in points.
    var height: Float { lines.last.map { $0.top + $0.height } ?? 0 }

    /// The width line `index` is set in (its indent taken off).
    func availableWidth(ofLine index: Int) -> Float {
        available - (index == 0 ? firstLineIndent : (index < Int(capLines) ? capIndent : 0))
    }
}

/// Which of the book's styles give way to the reader's settings in a layout: those the reader set
/// (``TypographySettings/userSet``), looked up once per layout rather than per paragraph.
struct LayoutPrecedence {
    /// The reader set `align`, `indent`, `paragraph-spacing`, `line-height`, `hyphenate`.
    let alignment: Bool
    let indent: Bool
    let spacing: Bool
    let lineHeight: Bool
    let hyphenation: Bool
    /// The power relative sizes are raised to for ``TypographySettings/typeScale`` (1 at the default 1.2).
    let typeExponent: Double

    init(_ settings: TypographySettings) {
        let set = settings.userSet
        alignment = set.contains("align")
        indent = set.contains("indent")
        spacing = set.contains("paragraph-spacing")
        lineHeight = set.contains("line-height")
        hyphenation = set.contains("hyphenate")
        typeExponent = settings.typeScale == 1.2 || !settings.typeScale.isFinite || settings.typeScale <= 0
            ? 1 : log(settings.typeScale) / log(1.2)
    }

    /// The book's space above a paragraph it separates by margins, in ems, that a reader's paragraph spacing does
    /// not replace: more than this sets a block apart (a scene break, a stanza).
    static let keptSpace = 1.0
}

/// Resolved per-paragraph values that line layout needs: sizes per attribute run, alignment, indents, spacing,
/// the book's styles weighed against the reader's settings (``LayoutPrecedence``).
struct ParagraphFormat {
    let sizes: [Float]
    let alignment: TextAlignment
    /// The alignment of the last line and of lines before a forced break, when the book sets one that applies
    /// (CSS `text-align-last`); nil for ``alignment``'s (start for a justified paragraph).
    let lastLineAlignment: TextAlignment?
    let firstLineIndent: Float
    /// Indents from the start and end edges.
    let blockIndent: Float
    let endIndent: Float
    let spaceBefore: Float
    let bodySize: Float
    /// The book's line height as a multiple of the font size, when it applies.
    let lineHeight: Float?
    /// Baseline shifts per attribute run in points (raised positive), nil when no run is shifted.
    let shifts: [Float]?
    /// The laid-out height of each attribute run's attachment, -1 for runs without one; nil when the paragraph
    /// has no attachment (their widths are in ``sizes``: see ``ParagraphFormat/sizeAttachments(_:sizes:width:height:turned:)``).
    let attachmentHeights: [Float]?
    /// How far each attribute run's formula reaches below the baseline, -1 for other runs; nil when the paragraph
    /// has no formula (see ``ParagraphFormat/sizeFormulas(_:runs:sizes:heights:width:height:)``).
    let attachmentDepths: [Float]?
    /// The page's content height when the paragraph holds an object presented as a page (a cover): its line is as
    /// tall as the page, the object centred on it.
    let pageLineHeight: Float?

    /// - Parameter bodySizes: `[settings.fontSize]`, made once by the caller: the sizes of a paragraph in one run
    ///   at the body size (most of them), shared rather than allocated per paragraph.
    /// - Parameter capFace: For a paragraph with a drop cap, the face whose metrics size it (the body text's);
    ///   the layout and every later query pass the same, so they agree on its size.
    @inline(__always)
    init(_ paragraph: borrowing Paragraph, settings: borrowing TypographySettings, columnWidth: Float, bodySizes: [Float]? = nil,
         capFace: FontFace? = nil, formulas: [ShapedFormula] = []) {
        self.init(runs: paragraph.runs, style: paragraph.style, settings: settings, precedence: LayoutPrecedence(copy settings),
                  columnWidth: columnWidth, bodySizes: bodySizes,
                  capMetrics: capFace.map { (Float($0.naturalLineHeight), Float($0.capHeight)) }, formulas: formulas)
    }

    /// The same from a paragraph's runs and style (the layouter reads them through a pointer: borrowing a whole
    /// paragraph from an array's storage copied it, retaining its arrays, 3 % of a relayout).
    @inline(__always)
    init(runs: borrowing [AttributeRun], style: borrowing ParagraphStyle, settings: borrowing TypographySettings,
         precedence: LayoutPrecedence, columnWidth: Float, bodySizes: [Float]? = nil,
         capMetrics: (natural: Float, capHeight: Float)? = nil, formulas: [ShapedFormula] = []) {
        let base = settings.fontSize
        var sizes: [Float]
        if let bodySizes, runs.count == 1, runs[0].style.fontScale == 1, bodySizes.count == 1, runs[0].style.attachment == nil {
            sizes = bodySizes
        } else if precedence.typeExponent == 1 {
            sizes = runs.map { Float(base * $0.style.fontScale) }
        } else {
            sizes = runs.map { Float(base * pow($0.style.fontScale, precedence.typeExponent)) }
        }
        let role = style.role
        var bodyScale = runs.first?.style.fontScale ?? 1
        if let cap = style.dropCap, runs.count > 1, runs[0].range.count == cap.length { bodyScale = runs[1].style.fontScale }
        let body = Float(base * bodyScale)
        // A paragraph of hidden units only (markup on a line of its own, an EPUB block with `display: none`)
        // takes no room at all: no spacing above it, and lines without height.
        let allHidden = !runs.isEmpty && runs.allSatisfy { $0.style.isOutOfFlow }
        bodySize = allHidden ? 0 : body
        let bookLineHeight = precedence.lineHeight ? nil : style.lineHeight.map(Float.init)
        lineHeight = bookLineHeight
        // A drop cap (its own first run) is as tall as its lines: its cap height spans from the first line's
        // cap height down to the last line's baseline.
        if let cap = style.dropCap, runs.count > 1, runs[0].range.count == cap.length, let capMetrics, capMetrics.capHeight > 0 {
            let lineHeight = bookLineHeight.map { $0 * body } ?? capMetrics.natural * body * Float(settings.lineHeightMultiple)
            sizes[0] = min(body + Float(cap.lines - 1) * lineHeight / capMetrics.capHeight, body * 20)
        }
        // Indents are limited to the column, so that every line starts inside it whatever the settings (an
        // indent of 100 em is a valid setting) and the styles (a nested block quote on a narrow page) ask for.
        let blockIndent = min(Float(style.blockIndent * base), max(0, (columnWidth - 1) / 2))
        let endIndent = min(Float(style.endIndent * base), max(0, (columnWidth - 1) / 2))
        let available = columnWidth - blockIndent - endIndent
        // Objects take their laid-out widths as their runs' sizes (their one glyph is 1 em).
        var heights = ParagraphFormat.sizeAttachments(runs, sizes: &sizes, width: max(0, available),
                                                      height: Float(settings.contentRect.height),
                                                      turned: settings.linesRunVertically)
        attachmentDepths = formulas.isEmpty ? nil
            : ParagraphFormat.sizeFormulas(formulas, runs: runs, sizes: &sizes, heights: &heights, width: max(0, available),
                                           height: Float(settings.contentRect.height))
        attachmentHeights = heights
        pageLineHeight = attachmentHeights != nil && runs.contains(where: { $0.style.attachment?.presentation == .page })
            ? Float(settings.contentRect.height) : nil
        self.sizes = sizes
        let shifted = runs.contains { $0.style.baselineShift != 0 }
        shifts = shifted ? zip(runs, sizes).map { Float($0.style.baselineShift) * $1 } : nil
        switch role {
        case .body, .blockQuote, .listItem:
            if style.tableCell != nil {
                // A table cell is set as its table says: justified cells in narrow columns would gape.
                alignment = style.alignment ?? style.bookAlignment ?? .start
            } else {
                alignment = style.alignment ?? (precedence.alignment ? settings.alignment : style.bookAlignment ?? settings.alignment)
            }
        case .heading:
            alignment = style.alignment ?? style.bookAlignment ?? .start
        case .preformatted:
            // Preformatted text keeps its spaces: stretching them would misalign its columns.
            let chosen = style.alignment ?? style.bookAlignment ?? .start
            alignment = chosen == .justified ? .start : chosen
        }
        // The book's last-line alignment goes with its alignment of running text: the reader's `align`, when it
        // replaces the book's, replaces this too.
        if case .preformatted = role, style.lastLineAlignment == .justified {
            lastLineAlignment = nil
        } else {
            lastLineAlignment = style.alignment == nil && precedence.alignment && style.tableCell == nil ? nil : style.lastLineAlignment
        }
        let indentEm: Double
        switch role {
        case _ where style.continuesText: indentEm = 0
        case .body:
            // A hanging (negative) indent carries meaning; a positive one is the paragraph indent, the reader's
            // when they set it.
            if let book = style.firstLineIndent, book < 0 || !precedence.indent { indentEm = book } else { indentEm = settings.firstLineIndent }
        default: indentEm = style.firstLineIndent ?? 0
        }
        self.blockIndent = blockIndent
        self.endIndent = endIndent
        firstLineIndent = style.dropCap != nil ? 0 : min(max(Float(indentEm * base), -blockIndent), max(0, available - 1))
        let spaceEm: Double
        if style.continuesBlock {
            spaceEm = style.spaceBefore
        } else if style.publisherSpacing {
            spaceEm = precedence.spacing && style.spaceBefore <= LayoutPrecedence.keptSpace ? settings.paragraphSpacing : style.spaceBefore
        } else {
            spaceEm = settings.paragraphSpacing + style.spaceBefore
        }
        spaceBefore = allHidden ? 0 : Float(spaceEm * base)
    }

    /// Whether the paragraph is hyphenated: the reader's setting when they set it, else the book's, else the
    /// reader's default.
    static func hyphenates(_ style: borrowing ParagraphStyle, settings: borrowing TypographySettings,
                           precedence: LayoutPrecedence) -> Bool {
        precedence.hyphenation ? settings.hyphenation : style.hyphenation ?? settings.hyphenation
    }
}

/// A table cell's box in its column: where its lines start and how wide they may be (see ``TableLayout``).
struct CellBox: Sendable {
    /// From the column's left edge to the cell's text, in points.
    var x: Float
    /// The width of the cell's text.
    var width: Float
}

/// Breaks a shaped paragraph into positioned lines for one column width.
struct ParagraphLayouter {
    let settings: TypographySettings
    /// Burasage (``TypographySettings/hangingPunctuation``): the reader's choice, else the book's.
    let hangsPunctuation: Bool
    let precedence: LayoutPrecedence
    let faces: [FontFace]
    let columnWidth: Float
    /// The language of paragraphs that do not name one (the document's, else the settings').
    let documentLanguage: String?
    /// `[settings.fontSize]`, shared by every paragraph in one run at the body size.
    let bodySizes: [Float]
    /// Per face (indexed like `faces`): ascent, descent and natural line height in ems, as plain values, so that
    /// measuring a line's extents neither converts them nor retains the face.
    private let verticalMetrics: [(ascent: Float, descent: Float, natural: Float)]

    init(settings: TypographySettings, faces: [FontFace], columnWidth: Float, documentLanguage: String?,
         bookHangsPunctuation: Bool? = nil) {
        self.settings = settings
        hangsPunctuation = settings.userSet.contains("hanging-punctuation") ? settings.hangingPunctuation
            : bookHangsPunctuation ?? settings.hangingPunctuation
        self.precedence = LayoutPrecedence(settings)
        self.faces = faces
        self.columnWidth = columnWidth
        self.documentLanguage = documentLanguage
        bodySizes = [Float(settings.fontSize)]
        verticalMetrics = faces.map { (Float($0.ascent), Float($0.descent), Float($0.naturalLineHeight)) }
    }

    /// The face that sizes a drop cap in `shaped` (the metrics face of its body text), when it has one.
    static func capFace(_ shaped: ShapedParagraph, style: borrowing ParagraphStyle, faces: [FontFace]) -> FontFace? {
        guard style.dropCap != nil else { return nil }
        let id = shaped.runs.first { $0.attributeIndex > 0 }?.metricsFaceID ?? shaped.primaryFaceID
        return faces.indices.contains(Int(id)) ? faces[Int(id)] : nil
    }

    /// The format of a paragraph as this layouter sets it.
    func format(_ paragraph: UnsafePointer<Paragraph>, shaped: borrowing ShapedParagraph, width: Float) -> ParagraphFormat {
        let capFace = paragraph.pointee.style.dropCap == nil ? nil
            : ParagraphLayouter.capFace(shaped, style: paragraph.pointee.style, faces: faces)
        return ParagraphFormat(runs: paragraph.pointee.runs, style: paragraph.pointee.style, settings: settings,
                               precedence: precedence, columnWidth: width, bodySizes: bodySizes,
                               capMetrics: capFace.map { (Float($0.naturalLineHeight), Float($0.capHeight)) },
                               formulas: shaped.formulas)
    }

    /// Lays out one paragraph, appending its lines to `lines` (the batch's scratch); returns where they are
    /// in it and the paragraph's geometry. The source paragraph comes as a pointer into the text's storage,
    /// and only the fields needed are read from it: borrowing the whole value copied it (see ``ParagraphFormat``).
    /// A table cell's paragraph is set in its `cell` box instead of the column.
    @inline(__always)
    func layout(_ paragraph: UnsafePointer<Paragraph>, shaped: borrowing ShapedParagraph, metrics: inout ParagraphMetrics,
                context: ShapingContext, into lines: LineScratch, cell: CellBox? = nil) -> (lines: Range<Int>, layout: ParagraphLayout) {
        let format = self.format(paragraph, shaped: shaped, width: cell?.width ?? columnWidth)
        metrics.measure(shaped, sizes: format.sizes, scratch: context.measuredPrefix)
        let style = paragraph.pointee.style
        // The breakers get at least 1 pt (they place one grapheme per line when nothing fits); alignment uses the
        // real width, so that on a column narrower than 1 pt an end-aligned line still starts inside it.
        let available = max(0, (cell?.width ?? columnWidth) - format.blockIndent - format.endIndent)
        var firstLineIndent = format.firstLineIndent
        if style.markerLength > 0 && shaped.contentLength >= style.markerLength {
            // The marker hangs in the start margin, so that the item's text lines up with its following lines.
            firstLineIndent = -min(Float(metrics.width(0, style.markerLength)), format.blockIndent)
        }
        var capLines = 0, capIndent: Float = 0
        if let cap = style.dropCap, shaped.contentLength > cap.length {
            capLines = cap.lines
            capIndent = min(Float(metrics.width(0, cap.length)), max(0, available - 1))
        }
        let breakWidth = max(1, available)
        let firstLineWidth = max(1, available - firstLineIndent)
        let content = paragraph.pointee.units[paragraph.pointee.contentRange]
        let merged = mergedBreakCandidates(paragraph, shaped: shaped, content: content, context: context)
        // A local function, not a closure value: it is passed down without a heap context per paragraph.
        func hyphenWidth(_ end: Int) -> Float { HyphenGlyph(shaped, before: end, sizes: format.sizes, faces: faces)?.width ?? 0 }
        // The breaks go into the context's scratch array (taken out for the paragraph, so that its storage is
        // reused rather than allocated per paragraph).
        var chosen = context.lineBreakScratch
        context.lineBreakScratch = []
        defer { context.lineBreakScratch = chosen }
        // The paragraph's own opportunities (in its block, which `shaped` keeps alive), or those merged with
        // hyphenation points (in the context's scratch, which nothing changes until the paragraph is broken).
        let candidates = merged ? context.candidateScratch.candidates : shaped.breakBuffer
        var brokenOptimally = false
        let expansion = expansionLimit(format)
        // Lines beside a drop cap would hang into the cap; centred lines have no edge to align.
        let protrusion = settings.protrusion && capLines == 0 && format.alignment != .center ? ProtrusionTable.standard : nil
        // Burasage: not in centred lines, which have no end edge to hang past.
        let hangsStops = hangsPunctuation && format.alignment != .center
        // Lines beside a drop cap are narrower; only the greedy breaker knows lines of different widths.
        if capLines == 0, usesOptimalBreaking(format), let optimal = OptimalLineBreaker(firstLineWidth: firstLineWidth, width: breakWidth,
                                                                         allowsShrinking: format.alignment == .justified,
                                                                         expansion: expansion)
            .breakLines(shaped, breaks: candidates, metrics: metrics, units: content, sizes: format.sizes,
                        hyphenWidth: hyphenWidth, protrusion: protrusion, scratch: context.optimalScratch) {
            chosen = optimal
            brokenOptimally = true
        }
        if !brokenOptimally {
            var graphemesReady = false
            // An emergency cut may take a hyphenation point of the paragraph's language even when hyphenation is off.
            // The paragraph's points are found at the first cut and kept for the others (found again per cut, a
            // long word cut into many lines was looked through once per line: quadratic).
            var paragraphPoints: [Int]?
            func emergencyPoints(_ range: Range<Int>) -> ArraySlice<Int> {
                let points = paragraphPoints ?? emergencyHyphenationPoints(paragraph, content: content, context: context)
                paragraphPoints = points
                let low = points.partitioningIndex { $0 >= range.lowerBound }
                return points[low..<points[low...].partitioningIndex { $0 >= range.upperBound }]
            }
            GreedyLineBreaker(firstLineWidth: firstLineWidth, width: breakWidth,
                              narrowLines: (capLines, max(1, available - capIndent)), protrusion: protrusion,
                              hangsStops: hangsStops)
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
        let capRun = capLines > 0 ? 0 : -1
        // A paragraph in one run (most of them) has the same extents on every line that holds text: measured once.
        let oneRunExtents = shaped.runCount == 1 && format.shifts == nil
            ? verticalExtents(shaped, start: 0, end: shaped.contentLength, format: format, skippingRun: -1) : nil
        var capDrop: Float = 0
        for (index, lineBreak) in chosen.enumerated() {
            let end = lineBreak.end
            let visibleEnd = CharacterClass.visibleEnd(of: content, from: start, to: end, hyphenated: lineBreak.hyphenated)
            var width: Float = shaped.contentLength == 0 ? 0 : Float(metrics.width(start, visibleEnd)
                + metrics.startAdjustment(start) + (visibleEnd == end && !lineBreak.hyphenated ? metrics.endAdjustment(end) : 0))
            if lineBreak.hyphenated { width += hyphenWidth(end) }
            let extents = if let oneRunExtents, start < shaped.contentLength { oneRunExtents }
                else { verticalExtents(shaped, start: start, end: end, format: format, skippingRun: index == 0 ? capRun : -1) }
            // The book's line height is a multiple of the font size (CSS); the reader's of the face's natural line.
            var height = format.lineHeight.map { max($0 * extents.size, extents.ascent + extents.descent) }
                ?? extents.natural * lineHeightMultiple
            var ascent = extents.ascent, descent = extents.descent
            if shaped.hasAnnotations {
                // The line grows where ruby or emphasis marks are, and only as much as they need beyond its leading.
                let (above, below) = Self.annotationExtents(shaped, start: start, end: end, sizes: format.sizes)
                let baseline = (height - (ascent + descent)) / 2 + ascent
                let grow = max(0, above - baseline), growBelow = max(0, below - (height - baseline))
                // Growing the ascent and the height by the same amount moves the baseline down by exactly that much.
                ascent += grow; height += grow
                descent += growBelow; height += growBelow
            }
            // A line holding an object is at least as tall as the object and the text's descent; a line of objects
            // only (a block image) is exactly as tall as they are.
            if format.attachmentHeights != nil { height = max(height, ascent + descent, format.pageLineHeight ?? 0) }
            let indent = index == 0 ? firstLineIndent : (index < capLines ? capIndent : 0)
            // What hangs into the margins: the line's text may fill that much more, and starts that much before
            // its start edge (protrusion).
            var startHang: Float = 0, endHang: Float = 0
            if let protrusion, visibleEnd > start {
                startHang = Float(protrusion.startProtrusion(content: content, metrics: metrics, start: start, end: visibleEnd))
                endHang = Float(protrusion.endProtrusion(content: content, metrics: metrics, start: start, end: visibleEnd,
                                                         hyphenated: lineBreak.hyphenated,
                                                         hyphenWidth: lineBreak.hyphenated ? hyphenWidth(end) : 0))
            }
            if hangsStops && !brokenOptimally && visibleEnd > start && !lineBreak.hyphenated {
                // A stop or comma hangs whole, and only when the line does not fit without hanging it (CSS
                // allow-end): the line's other characters then fill the column.
                let mark = Float(HangingPunctuation.endHang(content: content, metrics: metrics, start: start, end: visibleEnd))
                if mark > 0 && Double(width) > Double(available - indent + startHang + endHang) + metrics.fitTolerance {
                    endHang = max(endHang, mark)
                }
            }
            let lineAvailable = available - indent + startHang + endHang
            let isLast = index == chosen.count - 1
            var stretch: Float = 0, clusterStretch: Float = 0
            var stretchCount = 0, gapCount = 0
            var glyphScale: Float = 1, expansionWidth: Float = 0
            var x: Float
            let endsBlock = isLast || lineBreak.hard
            var alignment = endsBlock ? format.lastLineAlignment ?? format.alignment : format.alignment
            if alignment == .justified {
                // The last line and a line ending at a hard break keep their natural spacing, unless the book
                // justifies them too (text-align-last).
                let justifies = (!endsBlock || format.lastLineAlignment == .justified) && width != lineAvailable
                let spaces = justifies ? shaped.justifiableCount(from: start, to: visibleEnd, content: content) : 0
                if spaces > 0 {
                    if brokenOptimally && expansion > 0 {
                        let spaceWidth = shaped.justifiableWidth(from: start, to: visibleEnd, content: content, sizes: format.sizes)
                        (glyphScale, expansionWidth) = Self.glyphExpansion(
                            width: width, hyphen: lineBreak.hyphenated ? hyphenWidth(end) : 0, available: lineAvailable,
                            spaceWidth: spaceWidth, limit: expansion)
                        // The last resort of a line with one or two spaces that would still stretch them by more than
                        // half: letter-spacing, of at most the expansion limit in ems per gap (Latin, Greek and
                        // Cyrillic only: it would break the joins of connected scripts and the grid of CJK text).
                        let excess = lineAvailable - width - expansionWidth - spaceWidth * OptimalLineBreaker.stretchFactor
                        if spaces <= Self.trackedLineSpaces, excess > 0, Self.allowsTracking(content, from: start, to: visibleEnd) {
                            let gaps = shaped.interCharacterGapCount(from: start, to: visibleEnd, content: content)
                            if gaps > 0 {
                                clusterStretch = min(excess / Float(gaps), expansion * format.sizes[0])
                                gapCount = gaps
                                expansionWidth += clusterStretch * Float(gaps)
                            }
                        }
                    }
                    // Inter-word spacing: stretched, or shrunk when the optimal breaker chose a tight line. Spaces
                    // shrink in proportion to their widths (LineBox.spaceShrink), at most to nothing: a line that
                    // is still too wide (one the greedy breaker could not cut) sticks out of its column rather
                    // than draw a space with a negative advance.
                    var adjustment = lineAvailable - width - expansionWidth
                    if adjustment < 0 {
                        adjustment = max(adjustment, -shaped.justifiableWidth(from: start, to: visibleEnd, content: content, sizes: format.sizes))
                    }
                    stretch = adjustment / Float(spaces)
                    stretchCount = spaces
                } else if justifies && spaces == 0 && width < lineAvailable && visibleEnd > start
                            && CharacterClass.isWideUnspaced(content[content.startIndex + start]) {
                    // A line without spaces (Chinese, Japanese): the slack goes between its characters.
                    let gaps = shaped.interCharacterGapCount(from: start, to: visibleEnd, content: content)
                    if gaps > 0 {
                        clusterStretch = (lineAvailable - width) / Float(gaps)
                        gapCount = gaps
                    } else {
                        alignment = .start
                    }
                } else {
                    alignment = .start
                }
            }
            // As LineBox.justifiedWidth(_:) has it: a tracked line's letter-spacing is in expansionWidth.
            let stretched = stretch * Float(stretchCount) + expansionWidth
                + (stretchCount == 0 ? clusterStretch * Float(gapCount) : 0)
            let slack = max(0, lineAvailable - width - stretched)
            switch alignment {
            case .start, .justified: x = rtl ? slack : indent
            case .end: x = rtl ? indent : slack
            case .center: x = (rtl ? 0 : indent) + slack / 2
            }
            x += (rtl ? format.endIndent : format.blockIndent) + (cell?.x ?? 0) - (rtl ? endHang : startHang)
            let box = LineBox(start: Int32(start), end: Int32(end), width: width, x: x, top: top, height: height,
                              ascent: ascent, descent: descent,
                              spaceStretch: stretch, clusterStretch: clusterStretch, stretchCount: Int32(stretchCount),
                              gapCount: gapCount,
                              endsParagraphOrHardBreak: lineBreak.hard || isLast, hyphenated: lineBreak.hyphenated)
            if capLines > 0 {
                if index == 0 { capDrop = -box.baseline }
                if index == capLines - 1 { capDrop += top + box.baseline }
            }
            if expansion > 0 || protrusion != nil {
                lines.append(box, microtypography: LineMicrotypography(glyphScale: glyphScale, expansionWidth: expansionWidth,
                                                                       protrusion: startHang + endHang))
            } else {
                lines.append(box)
            }
            top += height
            start = end
        }
        var spaceAfter: Float = 0
        if capLines > chosen.count, let last = chosen.indices.last {
            // A paragraph shorter than its drop cap: the cap still drops as many lines, and space is left below
            // the paragraph for the lines it lacks, so that the next paragraph starts below the cap.
            let box = lines[firstLine + last]
            spaceAfter = Float(capLines - chosen.count) * box.height
            capDrop += top - box.height + box.baseline + spaceAfter
        }
        var layout = ParagraphLayout(lines: .empty, spaceBefore: format.spaceBefore)
        layout.spaceAfter = spaceAfter
        layout.available = available
        layout.firstLineIndent = firstLineIndent
        layout.capIndent = capIndent
        layout.capLines = Int32(capLines)
        layout.capDrop = capDrop
        return (firstLine..<lines.count, layout)
    }

    /// How far this paragraph's glyphs may expand or compress (a fraction; 0 off): the settings' limit, for a
    /// justified paragraph without attached objects (an image's glyph would be widened, not the image).
    func expansionLimit(_ format: ParagraphFormat) -> Float {
        guard format.alignment == .justified, format.attachmentHeights == nil,
              settings.expansion.isFinite, settings.expansion > 0 else { return 0 }
        return Float(min(settings.expansion, TypographySettings.maximumExpansion) / 100)
    }

    /// Steps each way between no expansion and the limit: a line's glyphs are scaled by a multiple of a quarter
    /// of the limit (pdfTeX's `step`), so that a page holds few distinct widths of a glyph and neighbouring
    /// lines that differ a little in slack look the same.
    static let expansionSteps: Float = 4

    /// The horizontal scale of the glyphs of a justified line with spaces, and the width it adds (negative when
    /// they narrow), given the line's natural `width` (a drawn hyphen of `hyphen` points included, which keeps its
    /// width), the `available` width, the line's justifiable `spaceWidth` and the expansion `limit` (a fraction):
    /// the glyphs take the share of the slack the optimal breaker's model gives them, rounded to a step; the spaces
    /// take the rest.
    static func glyphExpansion(width: Float, hyphen: Float, available: Float, spaceWidth: Float,
                               limit: Float) -> (scale: Float, width: Float) {
        let glyphs = width - hyphen - spaceWidth
        guard limit > 0, glyphs > 0, spaceWidth > 0 else { return (1, 0) }
        let ratio = OptimalLineBreaker.adjustmentRatio(natural: Double(width), spaceWidth: Double(spaceWidth),
                                                       available: Double(available), tolerance: 0,
                                                       glyphWidth: Double(glyphs), expansion: limit)
        guard ratio.isFinite else { return (1, 0) }
        let step = limit / expansionSteps
        let fraction = (min(1, max(-1, ratio)) * expansionSteps).rounded() * step
        return (1 + fraction, fraction * glyphs)
    }

    /// Lines with at most this many spaces may be letter-spaced when their spaces would be loose.
    static let trackedLineSpaces = 2

    /// Whether the characters of `content[start..<end]` may be letter-spaced: Latin, Greek, Cyrillic and
    /// Armenian letters, their punctuation and symbols (every unit below U+0590, Latin and Greek extended,
    /// general punctuation, letter-like symbols, Latin presentation forms). Connected scripts (Arabic, Syriac,
    /// Indic and others) would lose their joins, and CJK text its grid.
    static func allowsTracking(_ content: ArraySlice<UInt16>, from start: Int, to end: Int) -> Bool {
        for i in start..<end {
            let unit = content[content.startIndex + i]
            switch unit {
            case 0..<0x0590, 0x1D00..<0x2150, 0xFB00...0xFB06: continue
            default: return false
            }
        }
        return true
    }

    /// Whether this paragraph is set with the optimal breaker.
    func usesOptimalBreaking(_ format: ParagraphFormat) -> Bool {
        switch settings.lineBreaking {
        case .greedy: false
        case .optimal: true
        case .automatic: format.alignment == .justified
        }
    }

    /// Whether the paragraph's break candidates are its own opportunities merged with the hyphenation points of its
    /// words, left in `context.candidateScratch` (hyphenation on, a language with patterns, points found; headings
    /// and preformatted text are not hyphenated), rather than its own opportunities alone.
    private func mergedBreakCandidates(_ paragraph: UnsafePointer<Paragraph>, shaped: ShapedParagraph, content: ArraySlice<UInt16>,
                                       context: ShapingContext) -> Bool {
        guard ParagraphFormat.hyphenates(paragraph.pointee.style, settings: settings, precedence: precedence),
              shaped.contentLength > 0 else { return false }
        switch paragraph.pointee.style.role {
        case .heading, .preformatted: return false
        case .body, .blockQuote, .listItem: break
        }
        guard let language = paragraph.pointee.style.language ?? documentLanguage else { return false }
        context.hyphenationScratch.removeAll(keepingCapacity: true)
        context.hyphenator.hyphenationPoints(content, language: language, into: &context.hyphenationScratch)
        guard !context.hyphenationScratch.isEmpty else { return false }
        BreakCandidate.merge(shaped.breakBuffer, hyphenationPoints: context.hyphenationScratch, into: context.candidateScratch)
        return true
    }

    /// Every hyphenation point of the paragraph's language in `content` (ascending), which an emergency cut may
    /// take even when hyphenation is off; none in headings and preformatted text, or without a language.
    private func emergencyHyphenationPoints(_ paragraph: UnsafePointer<Paragraph>, content: ArraySlice<UInt16>,
                                            context: ShapingContext) -> [Int] {
        switch paragraph.pointee.style.role {
        case .heading, .preformatted: return []
        case .body, .blockQuote, .listItem: break
        }
        guard let language = paragraph.pointee.style.language ?? documentLanguage else { return [] }
        var points: [UInt32] = []
        context.hyphenator.hyphenationPoints(content, language: language, into: &points)
        return points.map(Int.init)
    }

    /// How far above and below the baseline the ruby annotations whose bases start on `start..<end`, and the
    /// emphasis marks of the characters starting there, reach, in points. Both are set at half the text's size on
    /// its em box, so they reach as far.
    /// The rubies and emphasis runs of the line are found by a search (every line looked through all of the
    /// paragraph's: quadratic in a long Aozora Bunko line); `work`, when given, counts those looked at.
    static func annotationExtents(_ shaped: ShapedParagraph, start: Int, end: Int, sizes: [Float],
                                  work: WorkCounter? = nil) -> (above: Float, below: Float) {
        var above: Float = 0, below: Float = 0
        func reach(over: Bool, size: Float, ems: Float = 0) {
            if over { above = max(above, (ShapedRuby.extentAboveBase + ems) * size) }
            else { below = max(below, (ShapedRuby.extentBelowBase + ems) * size) }
        }
        let rubies = shaped.rubies(startingIn: start..<max(start, end))
        let emphases = shaped.emphases(reaching: start..<max(start, end))
        work?.count += rubies.count + emphases.count * (1 + rubies.count)
        for ruby in rubies {
            reach(over: ruby.position == .over, size: sizes[Int(ruby.baseAttributeIndex)])
        }
        for emphasis in emphases where emphasis.marksCharacter(from: start, to: end) {
            // Marks over ruby on their side stand outside it, a ruby em further (see glyphRuns(onPage:)).
            let outsideRuby = rubies.contains {
                ($0.position == .over) == emphasis.isOver && emphasis.marksCharacter(from: $0.base.lowerBound, to: $0.base.upperBound)
            }
            reach(over: emphasis.isOver, size: sizes[Int(emphasis.attributeIndex)], ems: outsideRuby ? ShapedRuby.scale : 0)
        }
        return (above, below)
    }

    /// The ascent, descent and natural line height of the fonts on `start..<end` at their sizes (raised or
    /// lowered runs extend them), and the largest size; for an empty line, those of the paragraph's first style.
    /// The attribute run `skippingRun` (a drop cap, which hangs over the lines below) does not count.
    private func verticalExtents(_ shaped: ShapedParagraph, start: Int, end: Int, format: ParagraphFormat, skippingRun: Int)
        -> (ascent: Float, descent: Float, natural: Float, size: Float) {
        var ascent: Float = 0, descent: Float = 0, natural: Float = 0, largest: Float = 0, objectHeight: Float = 0
        // The runs are in logical order and cover the content: search for the line's first, so a paragraph of many
        // runs costs its lines × log(runs), not × runs.
        let runs = shaped.runs
        let first = runs.partitioningIndex { Int($0.end) > start }
        for run in runs[first...] {
            if Int(run.start) >= max(end, start + 1) { break }
            guard !run.isOutOfFlow else { continue }
            if Int(run.attributeIndex) == skippingRun { continue }
            if let heights = format.attachmentHeights, heights[Int(run.attributeIndex)] >= 0 {
                // An object stands on the baseline: it raises the line, and adds no descent of its own; a formula
                // reaches below it by its depth.
                objectHeight = max(objectHeight, heights[Int(run.attributeIndex)])
                // A formula's line is at least as tall as the text's: it is text.
                guard let depths = format.attachmentDepths, depths[Int(run.attributeIndex)] >= 0 else { continue }
                descent = max(descent, depths[Int(run.attributeIndex)])
            }
            let face = verticalMetrics[Int(run.metricsFaceID)]
            let size = format.sizes[Int(run.attributeIndex)]
            let shift = format.shifts?[Int(run.attributeIndex)] ?? 0
            ascent = max(ascent, face.ascent * size + shift)
            descent = max(descent, face.descent * size - shift)
            natural = max(natural, face.natural * size + abs(shift))
            largest = max(largest, size)
        }
        if natural == 0 && objectHeight == 0 {
            let primary = verticalMetrics[Int(shaped.primaryFaceID)]
            ascent = primary.ascent * format.bodySize
            descent = primary.descent * format.bodySize
            natural = primary.natural * format.bodySize
            largest = format.bodySize
        }
        return (max(ascent, objectHeight), descent, natural, largest)
    }
}
