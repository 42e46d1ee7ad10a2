/// Breaks a shaped paragraph into positioned lines for one column width: its format (``ParagraphFormat``), then
/// three passes, each a type of its own as in parley: break (``LineBreakInput`` to ``GreedyLineBreaker`` or
/// ``OptimalLineBreaker``), extents (``LineExtents``: height, ascent and descent with ruby, emphasis marks and
/// objects) and setting (``LineSetter``: what hangs, alignment, justification, expansion, tracking and East Asian
/// gaps). A feature a paragraph does not use costs it nothing: each pass asks once per paragraph whether it applies.
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
    /// Per face (indexed like `faces`): ascent, descent and natural line height in ems (see ``LineExtents``).
    let verticalMetrics: [LineExtents.FaceMetrics]
    /// Per face (indexed like `faces`): units per em, to which line widths are exact (see ``HalfUnitGrid``).
    let unitsPerEm: [Int32]

    init(settings: TypographySettings, faces: [FontFace], columnWidth: Float, documentLanguage: String?,
         bookHangsPunctuation: Bool? = nil) {
        self.settings = settings
        self.precedence = LayoutPrecedence(settings)
        hangsPunctuation = precedence.hangingPunctuation ? settings.hangingPunctuation
            : bookHangsPunctuation ?? settings.hangingPunctuation
        self.faces = faces
        self.columnWidth = columnWidth
        self.documentLanguage = documentLanguage
        bodySizes = [Float(settings.fontSize)]
        verticalMetrics = faces.map { LineExtents.FaceMetrics($0) }
        unitsPerEm = faces.map { Int32(clamping: $0.unitsPerEm) }
    }

    /// The face that sizes a drop cap in `shaped` (the metrics face of its body text), when it has one.
    static func capFace(_ shaped: ShapedParagraph, style: borrowing ParagraphStyle, faces: [FontFace]) -> FontFace? {
        guard style.dropCap != nil else { return nil }
        let id = shaped.runs.first { $0.attributeIndex > 0 }?.metricsFaceID ?? shaped.primaryFaceID
        return faces.indices.contains(Int(id)) ? faces[Int(id)] : nil
    }

    /// The format of a paragraph as this layouter sets it.
    func format(_ paragraph: UnsafePointer<Paragraph>, shaped: borrowing ShapedParagraph, width: Float,
                objectWidth: Float? = nil, scale: Float = 1, fitSlack: Float = 0, intrinsic: Bool = false) -> ParagraphFormat {
        let capFace = paragraph.pointee.style.dropCap == nil ? nil
            : ParagraphLayouter.capFace(shaped, style: paragraph.pointee.style, faces: faces)
        // A floated object is set in its box but sized in its containing block, the column or its table cell
        // (`objectWidth`; BlockFloat.isObject).
        let objectColumn = paragraph.pointee.style.float?.isObject == true ? objectWidth ?? columnWidth : nil
        return ParagraphFormat(runs: paragraph.pointee.runs, style: paragraph.pointee.style, settings: settings,
                               precedence: precedence, columnWidth: width, bodySizes: bodySizes,
                               capMetrics: capFace.map { (Float($0.naturalLineHeight), Float($0.capHeight)) },
                               formulas: shaped.formulas, objectColumnWidth: objectColumn, scale: scale, fitSlack: fitSlack,
                               intrinsic: intrinsic)
    }

    /// What laying out the paragraph works out before any width is known (see ``LayoutBasisCache``): its format's
    /// basis, unless objects, formulas or a drop cap make the format depend on more, and its merged hyphenation
    /// candidates, when it is hyphenated.
    func basis(_ paragraph: UnsafePointer<Paragraph>, shaped: borrowing ShapedParagraph, scratch: LayoutScratch) -> ParagraphBasis {
        let widthDependent = paragraph.pointee.style.dropCap != nil || !shaped.formulas.isEmpty
            || paragraph.pointee.runs.contains { $0.style.attachment != nil }
        let format = widthDependent ? nil
            : ParagraphFormat.Basis(runs: paragraph.pointee.runs, style: paragraph.pointee.style, settings: settings,
                                    precedence: precedence, bodySizes: bodySizes)
        let content = paragraph.pointee.units[paragraph.pointee.contentRange]
        let merged = mergedBreakCandidates(paragraph, shaped: shaped, content: content, scratch: scratch)
        // The extents need the format's sizes and shifts only, which a column width does not change.
        let extents = format.flatMap { LineExtents.oneRunExtents(shaped, format: ParagraphFormat($0, columnWidth: columnWidth),
                                                                 faces: verticalMetrics) }
        var metrics = ParagraphMetrics()
        let measured = format.map { ParagraphMetrics.measuresInPlace($0.sizes) } ?? false
        if measured, let format {
            metrics.measure(shaped, sizes: format.sizes, scratch: scratch.measuredPrefix, unitsPerEm: commonUnits(shaped))
        }
        return ParagraphBasis(format: format, hyphenatedCandidates: merged ? CandidateList(scratch.candidates.candidates) : nil,
                              oneRunExtents: extents, metrics: metrics.withoutOwner(), hasMetrics: measured)
    }

    /// Lays out one paragraph, appending its lines to `lines` (the batch's scratch); returns where they are
    /// in it and the paragraph's geometry (see ``layout(_:shaped:metrics:scratch:into:writing:cell:exclusion:basis:fitSlack:)``).
    func layout(_ paragraph: UnsafePointer<Paragraph>, shaped: borrowing ShapedParagraph, metrics: UnsafeMutablePointer<ParagraphMetrics>,
                scratch: LayoutScratch, into lines: LineScratch, cell: CellBox? = nil,
                exclusion: LineExclusion? = nil, basis: UnsafePointer<ParagraphBasis>? = nil,
                fitSlack: Float = 0) -> (lines: Range<Int>, layout: ParagraphLayout) {
        let result = UnsafeMutablePointer<ParagraphLayout>.allocate(capacity: 1)
        defer { result.deallocate() }
        let range = withUnsafePointer(to: shaped) { shaped in
            layout(paragraph, shaped: shaped, metrics: metrics, scratch: scratch, into: lines, writing: result, cell: cell,
                   exclusion: exclusion, basis: basis, fitSlack: fitSlack)
        }
        return (range, result.move())
    }

    /// Lays out one paragraph, appending its lines to `lines` (the batch's scratch) and initializing `result` (not
    /// initialized before) with its geometry; returns where its lines are in `lines`. Written in place: returned,
    /// the layout was copied and destroyed twice per paragraph of every relayout. The source paragraph comes as a
    /// pointer into the text's storage, and only the fields needed are read from it: borrowing the whole value copied
    /// it (see ``ParagraphFormat``).
    /// A table cell's (or a float's) paragraph is set in its `cell` box instead of the column; a paragraph beside
    /// floats has its first lines narrowed by `exclusion` (and is broken greedily, as beside a drop cap); one in a
    /// block fitting its content is set in that block `fitSlack` points narrower than it fills (``FittedBlocks``).
    /// With a pointer to the paragraph's `basis` (from ``basis(_:shaped:scratch:)``, kept between layouts; a pointer,
    /// as copying it retained its arrays), its width-independent work is not done again. `metrics` (the worker's,
    /// measured again for a paragraph whose basis has none) comes as a pointer too: the break input borrows it rather
    /// than copy it per paragraph, as does the shaped paragraph (the caller's, in storage it keeps: a copy retained it).
    @inline(__always)
    func layout(_ paragraph: UnsafePointer<Paragraph>, shaped: UnsafePointer<ShapedParagraph>, metrics: UnsafeMutablePointer<ParagraphMetrics>,
                scratch: LayoutScratch, into lines: LineScratch, writing result: UnsafeMutablePointer<ParagraphLayout>,
                cell: CellBox? = nil, exclusion: LineExclusion? = nil, basis: UnsafePointer<ParagraphBasis>? = nil,
                fitSlack: Float = 0) -> Range<Int> {
        // A scaled table's cell is set at other sizes than its basis was worked out for (few paragraphs).
        let scale = cell?.scale ?? 1
        let basis = scale == 1 ? basis : nil
        // The basis's one-run extents, when it has its format (`.some(nil)`: known not to be one run).
        let knownExtents: LineExtents.Extents?? = if let basis, basis.pointee.format != nil { .some(basis.pointee.oneRunExtents) } else { nil }
        // The format and the break input are `let`s, borrowed by the passes through pointers: a `var` (as
        // `withUnsafePointer(to: &x)` needs) was copied, retaining its references, wherever it was passed on.
        let format = if let basis, case .some(let known) = basis.pointee.format {
            ParagraphFormat(known, columnWidth: cell?.width ?? columnWidth, fitSlack: fitSlack)
        } else {
            self.format(paragraph, shaped: shaped.pointee, width: cell?.width ?? columnWidth, objectWidth: cell?.objectWidth, scale: scale,
                        fitSlack: fitSlack)
        }
        // The basis's metrics when it measured this paragraph in place, else the worker's, measured now.
        let measured: UnsafePointer<ParagraphMetrics>
        if let known = basis.flatMap({ $0.pointee.hasMetrics ? $0.pointer(to: \.metrics) : nil }),
           ParagraphMetrics.readOwnPrefixSums(known, at: shaped) {
            measured = known
        } else {
            metrics.pointee.measure(shaped.pointee, sizes: format.sizes, scratch: scratch.measuredPrefix, unitsPerEm: commonUnits(shaped.pointee))
            measured = UnsafePointer(metrics)
        }
        // The geometry is made in `result` and the passes below complete it there (made in a local and then moved
        // in, it was copied and destroyed once more per paragraph).
        geometry(paragraph.pointee.style, shaped: shaped.pointee, metrics: measured, format: format, cell: cell, into: result)
        var indents = result.pointee.indents
        if let exclusion { indents.exclusion = exclusion.within(format: format, direction: shaped.pointee.baseDirection) }
        let expansion = expansionLimit(format)
        // Lines beside a drop cap or beside floats are narrower, which only the greedy breaker knows.
        let optimal = result.pointee.capLines == 0 && exclusion == nil && usesOptimalBreaking(format)
        let capRun = result.pointee.capLines > 0 ? 0 : -1
        let content = paragraph.pointee.units[paragraph.pointee.contentRange]
        // The breaks go into the scratch's buffer, reused rather than allocated per paragraph, through a pointer
        // (see LineBreakBuffer).
        let chosen = scratch.lineBreaks.buffer
        let firstLine = lines.count
        // The content as a buffer, taken once for the paragraph: the setting pass reads it per line (taken from the
        // input's slice, it was a retain and a release per paragraph).
        let top = content.withUnsafeBufferPointer { units in withUnsafePointer(to: faces) { faces in withUnsafePointer(to: format) { format in
            withUnsafePointer(to: verticalMetrics) { verticalMetrics in withUnsafePointer(to: content) { content in
                let input = breakInput(paragraph, shaped: shaped, faces: faces, content: content, units: units, metrics: measured,
                                       format: format, indents: indents, scratch: scratch, basis: basis)
                return withUnsafePointer(to: input) { input in
                    let brokenOptimally = optimal && breakOptimally(input, justified: format.pointee.alignment == .justified,
                                                                    expansion: expansion, scratch: scratch, into: chosen)
                    if !brokenOptimally { GreedyLineBreaker().breakLines(input, into: chosen) }
                    let setter = LineSetter(input: input, format: format, indents: indents, expansion: expansion,
                                            brokenOptimally: brokenOptimally, rightToLeft: shaped.pointee.paragraphLevel & 1 == 1,
                                            cellX: cell?.x ?? 0)
                    let extents = LineExtents(input: input, format: format, faces: verticalMetrics,
                                              lineHeightMultiple: Float(settings.lineHeightMultiple), capRun: capRun,
                                              oneRunExtents: knownExtents)
                    return setLines(chosen.pointee.breaks, input: input, content: units, extents: extents, setter: setter,
                                    layout: &result.pointee, into: lines)
                }
            } }
        } } }
        if Int(result.pointee.capLines) > chosen.pointee.count, chosen.pointee.count > 0 {
            let last = chosen.pointee.count - 1
            // A paragraph shorter than its drop cap: the cap still drops as many lines, and space is left below
            // the paragraph for the lines it lacks, so that the next paragraph starts below the cap.
            let box = lines[firstLine + last]
            result.pointee.spaceAfter = Float(Int(result.pointee.capLines) - chosen.pointee.count) * box.height
            result.pointee.capDrop += top - box.height + box.baseline + result.pointee.spaceAfter
        }
        return firstLine..<lines.count
    }

    /// The units per em of the faces that set `shaped`'s text when they all have the same (nearly every paragraph),
    /// else 0: line widths are exact to half that unit (a sum of advances in two faces' units lies on neither grid,
    /// and is measured with a tolerance instead; see ``ParagraphMetrics/measure(_:sizes:scratch:unitsPerEm:)``).
    @inline(__always)
    private func commonUnits(_ shaped: ShapedParagraph) -> Int {
        var units: Int32 = 0
        for run in shaped.runs where !run.isOutOfFlow {
            guard unitsPerEm.indices.contains(Int(run.faceID)) else { return 0 }
            let face = unitsPerEm[Int(run.faceID)]
            if units == 0 { units = face } else if face != units { return 0 }
        }
        return Int(units)
    }

    /// The paragraph's geometry before its lines: the width its lines are set in (its column or cell less its
    /// block indents), the first line's indent (a list marker hangs in the start margin), and the lines beside a
    /// drop cap. Made in `layout` (not initialized before): returned, it was copied into place once more per paragraph.
    private func geometry(_ style: borrowing ParagraphStyle, shaped: borrowing ShapedParagraph, metrics: UnsafePointer<ParagraphMetrics>,
                          format: ParagraphFormat, cell: CellBox?, into layout: UnsafeMutablePointer<ParagraphLayout>) {
        let width = cell?.width ?? columnWidth
        layout.initialize(to: ParagraphLayout(lines: .empty, spaceBefore: format.spaceBefore))
        // The breakers get at least 1 pt (they place one grapheme per line when nothing fits); alignment uses the
        // real width, so that on a column narrower than 1 pt an end-aligned line still starts inside it.
        layout.pointee.available = max(0, width - format.blockIndent - format.endIndent)
        layout.pointee.boxWidth = width
        if style.float?.isObject == true { layout.pointee.objectBoxWidth = cell?.objectWidth ?? 0 }
        layout.pointee.firstLineIndent = format.firstLineIndent
        if style.markerLength > 0 && shaped.contentLength >= style.markerLength {
            // An outside marker's box hangs in the start margin, as wide as its content, and never moves the item's
            // text (CSS Lists 3, CSS 2.1 12.5.1): every item's text starts at the block indent, and a marker wider
            // than the indent ("VIII. " in a narrow list) reaches past it into the page's (or the cell's, or the
            // column gap's) margin, as a browser draws it, rather than pushing its line's text along. It never
            // hangs past that room (off the page, or over the previous column): what does not fit pushes the text.
            let room = format.blockIndent + markerRoom(rightToLeft: shaped.paragraphLevel & 1 == 1, cell: cell)
            layout.pointee.firstLineIndent = -min(Float(metrics.pointee.width(0, style.markerLength)), room)
        }
        if let cap = style.dropCap, shaped.contentLength > cap.length {
            layout.pointee.capLines = Int32(cap.lines)
            layout.pointee.capIndent = min(Float(metrics.pointee.width(0, cap.length)), max(0, layout.pointee.available - 1))
        }
    }

    /// The room before a line's start edge outside its column (or cell) that an outside list marker may hang
    /// into: the page's start margin (the right one for a right-to-left paragraph; the lines' frame turns a
    /// vertical page's top margin into `left`), no more than the column gap when columns stand side by side, plus
    /// the cell's own offset in its column.
    private func markerRoom(rightToLeft: Bool, cell: CellBox?) -> Float {
        let margin = Float(max(0, rightToLeft ? settings.margins.right : settings.margins.left))
        let page = settings.columns > 1 ? min(margin, Float(max(0, settings.columnGap))) : margin
        guard let cell else { return page }
        return page + max(0, rightToLeft ? columnWidth - cell.x - cell.width : cell.x)
    }

    /// The break pass's input for a paragraph: its candidates (merged with hyphenation points when it is
    /// hyphenated), the widths of its lines, what may hang, and what an emergency cut needs.
    /// `shaped`, `faces` and `format` are borrowed by the input for the caller's call (see ``LineBreakInput``).
    private func breakInput(_ paragraph: UnsafePointer<Paragraph>, shaped: UnsafePointer<ShapedParagraph>,
                            faces: UnsafePointer<[FontFace]>, content: UnsafePointer<ArraySlice<UInt16>>, units: UnsafeBufferPointer<UInt16>,
                            metrics: UnsafePointer<ParagraphMetrics>, format: UnsafePointer<ParagraphFormat>, indents: LineIndents,
                            scratch: LayoutScratch, basis: UnsafePointer<ParagraphBasis>?) -> LineBreakInput {
        // The paragraph's candidates: those of its basis (which the caller keeps until the lines are set), else
        // merged now into the scratch when it is hyphenated, else its own.
        let candidates: UnsafeBufferPointer<UInt32>
        if let basis {
            candidates = basis.pointee.hyphenatedCandidates?.candidates ?? ShapedParagraph.breakBuffer(at: shaped)
        } else {
            let merged = mergedBreakCandidates(paragraph, shaped: shaped.pointee, content: content.pointee, scratch: scratch)
            candidates = merged ? scratch.candidates.candidates : ShapedParagraph.breakBuffer(at: shaped)
        }
        let widths = LineWidths(indents)
        // An emergency cut may take a hyphenation point of the paragraph's language even when hyphenation is off.
        var emergencyLanguage: String?
        switch paragraph.pointee.style.role {
        case .heading, .preformatted: break
        case .body, .blockQuote, .listItem: emergencyLanguage = paragraph.pointee.style.language ?? documentLanguage
        }
        // Lines beside a drop cap would hang into the cap; centred lines have no edge to align or hang past;
        // preformatted lines keep their columns (a code listing's indents and tab stops). Made whole, in one
        // initializer (set field by field, it was copied once more).
        // `sizes` is a stored property, so its pointer is never nil.
        let hangs = format.pointee.alignment != .center && paragraph.pointee.style.role != .preformatted
        return LineBreakInput(shapedPointer: shaped, contentPointer: content, units: units, candidates: candidates,
                              metricsPointer: metrics, sizesPointer: format.pointer(to: \.sizes).unsafelyUnwrapped,
                              facesPointer: faces, widths: widths,
                              protrusion: settings.protrusion && indents.capLines == 0 && hangs ? ProtrusionTable.standard : nil,
                              hangsStops: hangsPunctuation && hangs,
                              graphemes: scratch.graphemes,
                              emergencyHyphenator: emergencyLanguage == nil ? nil : scratch.hyphenator, emergencyLanguage: emergencyLanguage)
    }

    /// The break pass's optimal breaker, where the settings ask for it (lines beside a drop cap are narrower, which
    /// only the greedy breaker knows, so the caller asks only without one): whether it could set the paragraph
    /// (its breaks are then in `chosen`); else the greedy breaker sets it.
    private func breakOptimally(_ input: UnsafePointer<LineBreakInput>, justified: Bool, expansion: Float,
                                scratch: LayoutScratch, into chosen: UnsafeMutablePointer<LineBreakBuffer>) -> Bool {
        guard let optimal = OptimalLineBreaker(allowsShrinking: justified, expansion: expansion)
            .breakLines(input.pointee, scratch: scratch.optimal) else { return false }
        chosen.pointee.replace(with: optimal)
        return true
    }

    /// Measures, sizes and sets each chosen line (the extents and setting passes), appending it to `lines`;
    /// records the drop cap's drop in `layout`. Returns the paragraph's height.
    @inline(__always)
    private func setLines(_ chosen: UnsafeBufferPointer<LineBreak>, input: UnsafePointer<LineBreakInput>, content: UnsafeBufferPointer<UInt16>,
                          extents: LineExtents, setter: LineSetter, layout: inout ParagraphLayout, into lines: LineScratch) -> Float {
        let count = input.pointee.count
        let capLines = Int(layout.capLines)
        let onlyAligns = setter.onlyAligns, uniformLine = extents.uniformLine
        let adjusted = input.pointee.metrics.hasAdjustments
        if onlyAligns, let uniformLine, capLines == 0, !adjusted, count > 0 {
            return setPlainLines(chosen, input: input, content: content, uniformLine: uniformLine, extents: extents,
                                 setter: setter, into: lines)
        }
        lines.reserve(chosen.count)
        let widths = input.pointee.metrics.widths
        var start = 0
        var top: Float = 0
        // The content is read through the paragraph's buffer (`content`): read as `input.pointee.content` per line,
        // the slice was copied, retained and released on every line (callgrind: 2 % of a relayout).
        for (index, lineBreak) in chosen.enumerated() {
            let end = lineBreak.end
            // A break past the content (none is) keeps its whole line visible rather than reading past the buffer.
            let visibleEnd = end <= content.count
                ? CharacterClass.visibleEnd(of: content, from: start, to: end, hyphenated: lineBreak.hyphenated) : end
            let width = count == 0 ? 0 : lineWidth(input, widths: widths, start: start, end: end, visibleEnd: visibleEnd,
                                                   hyphenated: lineBreak.hyphenated, adjusted: adjusted)
            let line = if let uniformLine, start < count { uniformLine } else { extents.line(index, start: start, end: end) }
            let isLast = index == chosen.count - 1
            let set = onlyAligns
                ? LineSetter.Setting(x: setter.alignedX(ofLine: index, width: width, endsBlock: isLast || lineBreak.hard))
                : setter.set(LineSetter.Line(index: index, start: start, end: end, visibleEnd: visibleEnd, width: width,
                                             lineBreak: lineBreak, isLast: isLast), onlyAligns: false)
            let box = LineBox(start: Int32(start), end: Int32(end), width: width, x: set.x, top: top, height: line.height,
                              ascent: line.ascent, descent: line.descent,
                              spaceStretch: set.spaceStretch, clusterStretch: set.clusterStretch,
                              stretchCount: Int32(set.stretchCount), gapCount: set.gapCount,
                              widensGapsBesideSpaces: set.widensGapsBesideSpaces, endsParagraphOrHardBreak: lineBreak.hard || index == chosen.count - 1,
                              hyphenated: lineBreak.hyphenated)
            if capLines > 0 {
                if index == 0 { layout.capDrop = -box.baseline }
                if index == capLines - 1 { layout.capDrop += top + box.baseline }
            }
            if let microtypography = set.microtypography {
                lines.append(box, microtypography: microtypography)
            } else {
                lines.append(box)
            }
            top += line.height
            start = end
        }
        return top
    }

    /// ``setLines(_:input:content:extents:setter:layout:into:)`` for a plain paragraph, as most of a book's are: its
    /// lines only aligned (``LineSetter/onlyAligns``), all of one height (``LineExtents/uniformLine``), no drop cap, no
    /// break adjustments. Each line is measured, aligned and appended, and nothing else is asked of it (set by the
    /// general loop, it gave the same lines). Not inlined: inside the layout, whose many live values left no
    /// registers, this loop read its own values back from the stack (a quarter of a relayout's instructions).
    /// The lines are written in place in `lines` (one capacity check for the paragraph), and what measures them is
    /// read once (``ParagraphMetrics/widths``): read through the input, it was loaded again after every line written.
    @inline(never)
    private func setPlainLines(_ chosen: UnsafeBufferPointer<LineBreak>, input: UnsafePointer<LineBreakInput>,
                               content: UnsafeBufferPointer<UInt16>, uniformLine: LineExtents.Line, extents: LineExtents,
                               setter: LineSetter, into lines: LineScratch) -> Float {
        let count = input.pointee.count
        let alignment = setter.alignment(endsBlock: false), lastAlignment = setter.alignment(endsBlock: true)
        let widths = input.pointee.metrics.widths
        let written = lines.appendUninitialized(chosen.count)
        var start = 0
        var top: Float = 0
        for (index, lineBreak) in chosen.enumerated() {
            let end = lineBreak.end, hyphenated = lineBreak.hyphenated
            let visibleEnd = end <= content.count
                ? CharacterClass.visibleEnd(of: content, from: start, to: end, hyphenated: hyphenated) : end
            let width = lineWidth(input, widths: widths, start: start, end: end, visibleEnd: visibleEnd, hyphenated: hyphenated,
                                  adjusted: false)
            let line = start < count ? uniformLine : extents.line(index, start: start, end: end)
            let endsBlock = lineBreak.hard || index == chosen.count - 1
            (written + index).initialize(to: LineBox(start: Int32(start), end: Int32(end), width: width,
                                                     x: setter.alignedX(ofLine: index, width: width,
                                                                        alignment: endsBlock ? lastAlignment : alignment),
                                                     top: top, height: line.height, ascent: line.ascent, descent: line.descent,
                                                     spaceStretch: 0, endsParagraphOrHardBreak: endsBlock, hyphenated: hyphenated))
            top += line.height
            start = end
        }
        return top
    }

    /// The natural width of a line from `start` to `end` whose visible text ends at `visibleEnd`: exact to half a
    /// font unit, as the breakers measured it, so that a line that fits is never wider than its column.
    /// `adjusted`: the paragraph has break adjustments (``ParagraphMetrics/hasAdjustments``); without, the
    /// adjustments (zeros) are not looked up.
    /// `widths` are the input's metrics' (``ParagraphMetrics/widths``), read once per paragraph by the caller.
    @inline(__always)
    private func lineWidth(_ input: UnsafePointer<LineBreakInput>, widths: ParagraphMetrics.Widths, start: Int, end: Int,
                           visibleEnd: Int, hyphenated: Bool, adjusted: Bool) -> Float {
        // `+ 0` as below (a width of -0 becomes +0).
        guard adjusted || hyphenated else { return Float(widths.exact(widths.width(start, visibleEnd) + 0)) }
        return Float(widths.exact(widths.width(start, visibleEnd)
            + input.pointee.metrics.startAdjustment(start)
            + (visibleEnd == end && !hyphenated ? input.pointee.metrics.endAdjustment(end) : 0)
            + (hyphenated ? Double(input.pointee.hyphenWidth(end)) : 0)))
    }

    /// How far this paragraph's glyphs may expand or compress (a fraction; 0 off): the settings' limit, for a
    /// justified paragraph without attached objects (an image's glyph would be widened, not the image).
    func expansionLimit(_ format: borrowing ParagraphFormat) -> Float {
        guard format.alignment == .justified, format.attachmentHeights == nil,
              settings.expansion.isFinite, settings.expansion > 0 else { return 0 }
        return Float(min(settings.expansion, TypographySettings.maximumExpansion) / 100)
    }

    /// Whether this paragraph is set with the optimal breaker.
    func usesOptimalBreaking(_ format: borrowing ParagraphFormat) -> Bool {
        switch settings.lineBreaking {
        case .greedy: false
        case .optimal: true
        case .automatic: format.alignment == .justified
        }
    }

    /// Whether the paragraph's break candidates are its own opportunities merged with the hyphenation points of its
    /// words, left in `scratch.candidates` (hyphenation on, a language with patterns, points found; headings
    /// and preformatted text are not hyphenated), rather than its own opportunities alone.
    private func mergedBreakCandidates(_ paragraph: UnsafePointer<Paragraph>, shaped: ShapedParagraph, content: ArraySlice<UInt16>,
                                       scratch: LayoutScratch) -> Bool {
        guard ParagraphFormat.hyphenates(paragraph.pointee.style, settings: settings, precedence: precedence),
              shaped.contentLength > 0 else { return false }
        switch paragraph.pointee.style.role {
        case .heading, .preformatted: return false
        case .body, .blockQuote, .listItem: break
        }
        guard let language = paragraph.pointee.style.language ?? documentLanguage else { return false }
        scratch.hyphenationPoints.removeAll(keepingCapacity: true)
        scratch.hyphenator.hyphenationPoints(content, language: language, into: &scratch.hyphenationPoints)
        guard !scratch.hyphenationPoints.isEmpty else { return false }
        BreakCandidate.merge(shaped.breakBuffer, hyphenationPoints: scratch.hyphenationPoints, into: scratch.candidates)
        return true
    }
}
