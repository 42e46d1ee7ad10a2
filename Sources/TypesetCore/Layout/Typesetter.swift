/// The entry point of the pipeline: shapes a ``StyledText`` and lays it out as pages or as one scroll.
///
/// ```swift
/// let typesetter = Typesetter(fonts: fonts)
/// let shaped = try typesetter.shape(text, fontFamily: settings.fontFamily)   // width-independent
/// let layout = try typesetter.layout(shaped, settings: settings)              // lines and pages
/// ```
/// A typesetter keeps one scratch context per worker thread (HarfBuzz buffer, ICU iterators, word cache), so
/// create one per app and reuse it. It is thread-safe.
public final class Typesetter: Sendable {
    /// The library's version (`typeset --version` prints it).
    public static let version = "0.16.0"

    /// The fonts used.
    public let fonts: FontContext
    /// How many threads shaping and line breaking may use.
    public let threads: Int
    let pool: ContextPool
    /// The layout workers' scratch.
    let layoutPool = ScratchPool { LayoutScratch() }
    let segmenter = GraphemeSegmenter()
    /// The width-independent work of the last layouts, per paragraph (see ``LayoutBasisCache``).
    let layoutBases = LayoutBasisCache()

    /// Creates a typesetter over a font context.
    ///
    /// - Parameter threads: Worker threads for shaping and line breaking (paragraphs are independent, so two
    ///   threads are nearly twice as fast on two cores).
    /// - Parameter fonts: The fonts every layout of this typesetter draws from (one context per app).
    public init(fonts: FontContext, threads: Int = 2) {
        self.fonts = fonts
        self.threads = max(1, threads)
        self.pool = ContextPool(fonts: fonts)
    }

    /// Shapes every paragraph of `text` with `fontFamily` where the text does not name a family, everything
    /// else as the text has it.
    ///
    /// - Throws: ``FontError`` when no font can be found for a style.
    public func shape(_ text: StyledText, fontFamily: String, language: String? = nil) throws(FontError) -> ShapedText {
        try shape(text, settings: ShapingSettings(fontFamily: fontFamily, language: language), paragraphRange: 0..<text.paragraphs.count)
    }

    /// Shapes every paragraph of `text` under the shaping part of the reader's settings
    /// (`ShapingSettings(typography)`).
    ///
    /// - Throws: ``FontError`` when no font can be found for a style.
    public func shape(_ text: StyledText, settings: ShapingSettings) throws(FontError) -> ShapedText {
        try shape(text, settings: settings, paragraphRange: 0..<text.paragraphs.count)
    }

    /// Shapes the paragraphs of `sections` (indices into `text.sectionStarts`) only: a reading session shapes
    /// the sections it shows, and a section's pages never depend on another section.
    ///
    /// - Throws: ``StyledText/InvalidSections`` for a range outside `0..<text.sectionStarts.count`, and
    ///   ``FontError`` when no font can be found for a style.
    public func shape(_ text: StyledText, fontFamily: String, language: String? = nil, sections: Range<Int>) throws -> ShapedText {
        try shape(text, settings: ShapingSettings(fontFamily: fontFamily, language: language), sections: sections)
    }

    /// ``shape(_:settings:)`` for the paragraphs of `sections` only.
    ///
    /// - Throws: ``StyledText/InvalidSections`` for a range outside `0..<text.sectionStarts.count`, and
    ///   ``FontError`` when no font can be found for a style.
    public func shape(_ text: StyledText, settings: ShapingSettings, sections: Range<Int>) throws -> ShapedText {
        guard sections.lowerBound >= 0, sections.upperBound <= text.sectionStarts.count else {
            throw StyledText.InvalidSections(sections: sections, sectionCount: text.sectionStarts.count)
        }
        return try shape(text, settings: settings, paragraphRange: text.paragraphRange(ofSections: sections))
    }

    func shape(_ text: StyledText, settings: ShapingSettings, paragraphRange: Range<Int>) throws(FontError) -> ShapedText {
        let documentLanguage = text.language ?? settings.language
        let first = paragraphRange.lowerBound
        // Each paragraph is shaped in its section's writing mode (top to bottom where vertical).
        let runs = WritingModeRun.runs(of: text, paragraphRange: paragraphRange, reader: settings.verticalText)
        let paragraphs = try parallelMap(count: paragraphRange.count, threads: threads, pool: pool) { index, context throws(FontError) in
            try ParagraphShaper(context: context, settings: settings, documentLanguage: documentLanguage, documentFonts: text.fonts,
                                vertical: runs.mode(ofParagraph: first + index).isVertical)
                .shape(text.paragraphs[first + index])
        }
        return ShapedText(text: text, settings: settings, language: documentLanguage, paragraphRange: paragraphRange,
                          paragraphs: paragraphs, faces: fonts.loadedFaces)
    }

    /// Breaks the lines of an already shaped text (or of the sections shaped) for `settings` and paginates
    /// them. No shaping happens here, so a new width, size or page size costs only line breaking.
    ///
    /// A paged layout sets each run of sections (or orthogonal blocks, ``StyledText/paragraphWritingModes``) in one
    /// writing mode (``Page/writingMode``) in its own line frame, on pages of its own. A scroll layout is one page
    /// per such run, each a scroll in its own mode (one page when the text has one mode): a book whose documents
    /// differ in mode scrolls each run along its own lines' progression, as an app shows chapters one after another.
    ///
    /// - Throws: ``InvalidSetting`` for settings that cannot be laid out.
    public func layout(_ shaped: ShapedText, settings pageSettings: TypographySettings, mode: LayoutMode = .paged) throws -> BookLayout {
        let pageSettings = try pageSettings.validated()
        let runs = shaped.writingModeRuns
        var layouts: [ParagraphLayout] = [], exclusions: [Int: LineExclusion] = [:], pages: [Page] = []
        var cellScales: [Int: Float] = [:], fitted = FittedBlocks()
        var lineSettings: [WritingModeSettings] = []
        for run in runs {
            // Vertical text is broken and paginated as horizontal text on the page turned a quarter (see LineFrame).
            let settings = lineSettings.first { $0.mode == run.mode }?.settings ?? pageSettings.lineFrame(run.mode)
            if !lineSettings.contains(where: { $0.mode == run.mode }) { lineSettings.append(WritingModeSettings(mode: run.mode, settings: settings)) }
            var part = try layoutRun(shaped, paragraphs: run.paragraphs, writingMode: run.mode, settings: settings, mode: mode)
            if runs.count == 1 {
                swap(&layouts, &part.layouts); swap(&exclusions, &part.exclusions); swap(&pages, &part.pages)
                swap(&cellScales, &part.cellScales); fitted = part.fitted
            } else {
                layouts += part.layouts
                exclusions.merge(part.exclusions) { first, _ in first }
                cellScales.merge(part.cellScales) { first, _ in first }
                fitted = fitted.merging(part.fitted)
                let base = pages.count
                pages += part.pages.map { $0.placed(index: base + $0.index, writingMode: $0.writingMode, size: $0.size, boxes: $0.boxes) }
            }
        }
        return BookLayout(settings: pageSettings, lineSettings: lineSettings, runs: runs, mode: mode, shaped: shaped,
                          paragraphs: layouts, exclusions: exclusions, cellScales: cellScales, fitted: fitted, pages: pages,
                          segmenter: segmenter)
    }

    /// The lines and pages of the paragraphs of one writing-mode run (`paragraphs`, inside the shaped ones), set
    /// in `writingMode` with `settings` (the page turned a quarter for vertical text); pages numbered from 0.
    private func layoutRun(_ shaped: ShapedText, paragraphs range: Range<Int>, writingMode: WritingMode,
                           settings: TypographySettings, mode: LayoutMode) throws
        -> (layouts: [ParagraphLayout], exclusions: [Int: LineExclusion], cellScales: [Int: Float], fitted: FittedBlocks, pages: [Page]) {
        let layouter = ParagraphLayouter(settings: settings, faces: shaped.faces, columnWidth: Float(settings.columnWidth),
                                         documentLanguage: shaped.language ?? settings.language,
                                         bookHangsPunctuation: shaped.text.hangingPunctuation)
        let text = shaped.text
        // Tables first: a cell's width depends on every cell of its column.
        var tables = TableLayout()
        if text.hasTables {
            tables = TableLayout(text, paragraphRange: range, shaped: shaped, layouter: layouter,
                                 columnWidth: Float(settings.columnWidth), threads: threads, pool: layoutPool)
        }
        let bases = try bases(shaped, paragraphs: range, settings: settings, layouter: layouter)
        var layouts = try breakLines(shaped, paragraphs: range, layouter: layouter, cellBoxes: tables.boxes, bases: bases)
        if text.hasTables && mode == .paged {
            // A row taller than a page cannot stay a row: its cells are stacked (TableLayout+TallRows.swift).
            let relayout = ParagraphRelayout(text: text, shaped: shaped, layouter: layouter, pool: layoutPool)
            let scratch = layoutPool.checkOut()
            tables.stackTallRows(text, shaped: shaped, layouter: layouter, columnWidth: Float(settings.columnWidth),
                                 columnHeight: settings.contentRect.height, metrics: &scratch.metrics, layouts: &layouts,
                                 first: range.lowerBound) { relayout.layout($0, cell: $1) }
            layoutPool.checkIn(scratch)
        }
        // Blocks that fit their content: measured on their lines as first set, then set again in their widths.
        var fitted = FittedBlocks()
        if text.hasFittedBlocks {
            var relayout = ParagraphRelayout(text: text, shaped: shaped, layouter: layouter, pool: layoutPool)
            fitted = FittedBlocks(text, paragraphRange: range, layouts: layouts) { relayout.longestLaterStretch($0) }
            relayout.fitted = fitted
            fitted.setAgain(&layouts, first: range.lowerBound) { relayout.layout($0) }
        }
        // Vertical text's columns (blocks of lines, in the line frame) stack down the page whatever its direction.
        let rightToLeft = !writingMode.isVertical && shaped.columnsRunRightToLeft
        var paginator = Paginator(settings: settings, mode: mode, tables: tables, columnsRightToLeft: rightToLeft)
        if text.hasFloats {
            placeFloatsAndColumns(shaped, paragraphs: range, settings: settings, layouter: layouter, fitted: fitted,
                                  layouts: &layouts, paginator: &paginator)
        }
        var exclusions: [Int: LineExclusion] = [:]
        var floatShifts: [Int: Float] = [:]
        var pages = paginator.paginate(text, paragraphRange: range, layouts: &layouts, exclusions: &exclusions,
                                       floatShifts: &floatShifts)
        // Blocks' backgrounds and borders, in the line frame (turned onto the page with the rest below).
        BoxDecorationPass(text: text, layouts: layouts, first: range.lowerBound,
                          emSize: settings.fontSize, columnWidth: settings.columnWidth,
                          floats: paginator.floats, floatShifts: floatShifts,
                          columnBlocks: paginator.columnBlocks, pageColumnLefts: paginator.columnLefts, fitted: fitted,
                          cellBoxes: paginator.tables.boxes)
            .decorate(&pages, threads: threads, pool: layoutPool)
        return (layouts, exclusions, tables.scales, fitted, writingMode.isVertical ? Self.turned(pages, writingMode: writingMode) : pages)
    }

    /// The line layouts of the paragraphs `range` (inside the shaped ones), in order.
    private func breakLines(_ shaped: ShapedText, paragraphs range: Range<Int>, layouter: ParagraphLayouter,
                            cellBoxes: [Int: CellBox], bases: [ParagraphBasis]) throws -> [ParagraphLayout] {
        let text = shaped.text
        let first = range.lowerBound
        // `range`'s first paragraph in `shaped.paragraphs`.
        let shapedBase = range.lowerBound - shaped.paragraphRange.lowerBound
        let unitsLayout = Paragraph.unitsLayout
        return parallelChunks(count: range.count, threads: threads, pool: layoutPool, writing: { chunk, scratch, output in
            // The metrics are moved out of the scratch for the chunk (no exclusivity check on class storage per use),
            // and lent to each paragraph's layout through a pointer.
            var metrics = scratch.metrics
            defer { scratch.metrics = metrics }
            // The chunk's lines are gathered in the scratch (see LineScratch) and handed to the block its paragraphs
            // share (see LineList). Each paragraph's layout is written straight into the array returned, and given its
            // lines once the block is made; until then only where they end is kept.
            let lines = scratch.lines
            lines.removeAll()
            // Written through a buffer pointer (an append per paragraph was a call, with its capacity check).
            var lineEnds = [Int32](repeating: 0, count: chunk.count)
            // Borrowed through buffer pointers: reading an array element copies it, and copying a paragraph
            // retains each of its arrays, whose headers are cold (a third of a relayout's time, perf). Source
            // paragraphs go to the layouter as pointers: even a borrow of one read from a buffer was a copy.
            text.paragraphs.withUnsafeBufferPointer { paragraphs in
                shaped.paragraphs.withUnsafeBufferPointer { shapedParagraphs in
                    bases.withUnsafeBufferPointer { bases in withUnsafeMutablePointer(to: &metrics) { metrics in
                    lineEnds.withUnsafeMutableBufferPointer { lineEnds in
                        // The shaped text's paragraphs are paragraphs of its text, so the chunk is inside both.
                        guard let paragraphBase = paragraphs.baseAddress, first + chunk.upperBound <= paragraphs.count,
                              let basisBase = bases.baseAddress, chunk.upperBound <= bases.count,
                              let shapedStart = shapedParagraphs.baseAddress, shapedBase >= 0,
                              shapedBase + chunk.upperBound <= shapedParagraphs.count,
                              let outputBase = output.baseAddress, chunk.count <= output.count, chunk.count <= lineEnds.count else {
                            preconditionFailure("a shaped text's paragraph range lies inside its text")
                        }
                        for local in chunk {
                            let index = shapedBase + local
                            // Relayout waits on memory more than it computes: fetch the next paragraphs' data early.
                            if let base = shapedParagraphs.baseAddress {
                                if index + 4 < shapedParagraphs.count { ShapedParagraph.prefetchStorage(at: base + index + 4) }
                                if index + 2 < shapedParagraphs.count { ShapedParagraph.prefetchForLayout(at: base + index + 2) }
                            }
                            // And its text, whose units each line's end reads (the shaped paragraphs are the text's).
                            if first + local + 2 < paragraphs.count { Paragraph.prefetchUnits(at: paragraphBase + first + local + 2, layout: unitsLayout) }
                            let cell = cellBoxes.isEmpty ? nil : cellBoxes[first + local]
                            let placed = layouter.layout(paragraphBase + first + local, shaped: shapedStart + index,
                                                         metrics: metrics, scratch: scratch, into: lines,
                                                         writing: outputBase + (local - chunk.lowerBound), cell: cell,
                                                         basis: basisBase + local)
                            lineEnds[local - chunk.lowerBound] = Int32(truncatingIfNeeded: placed.upperBound)
                        }
                    } } }
                }
            }
            let shared = lines.makeStorage()
            var start = 0
            for (k, end) in lineEnds.enumerated() {
                output[k].lines = LineList(shared, range: start..<Int(end))
                start = Int(end)
            }
        })
    }

    /// The width-independent work of laying out `shaped`'s paragraphs under `settings` (a ``ParagraphBasis`` per
    /// paragraph of its range): kept from an earlier layout of the same text, range and settings but for the page
    /// geometry, else worked out now in a pass of its own and kept for the next layout.
    /// `range` (inside the shaped paragraphs; a writing-mode run) is cached only when it is the whole shaped range.
    private func bases(_ shaped: ShapedText, paragraphs range: Range<Int>, settings: TypographySettings,
                       layouter: ParagraphLayouter) throws(FontError) -> [ParagraphBasis] {
        let key = LayoutBasisCache.key(settings)
        let whole = range == shaped.paragraphRange
        if whole, let known = layoutBases.entry(for: shaped, settings: key, documentLanguage: layouter.documentLanguage) {
            return known.bases
        }
        let text = shaped.text
        let first = range.lowerBound, shapedBase = range.lowerBound - shaped.paragraphRange.lowerBound
        let bases = try parallelChunks(count: range.count, threads: threads, pool: layoutPool) { chunk, scratch in
            text.paragraphs.withUnsafeBufferPointer { paragraphs in
                shaped.paragraphs.withUnsafeBufferPointer { shapedParagraphs in
                    guard let paragraphBase = paragraphs.baseAddress, first + chunk.upperBound <= paragraphs.count else {
                        preconditionFailure("a shaped text's paragraph range lies inside its text")
                    }
                    return chunk.map { layouter.basis(paragraphBase + first + $0, shaped: shapedParagraphs[shapedBase + $0], scratch: scratch) }
                }
            }
        }
        if whole, !bases.isEmpty {
            layoutBases.store(LayoutBasisCache.Entry(paragraphs: text.paragraphs, paragraphRange: shaped.paragraphRange,
                                                     shaping: shaped.settings, documentLanguage: layouter.documentLanguage,
                                                     settings: key, bases: bases))
        }
        return bases
    }

    /// Vertical text's pages in page coordinates: their size and their boxes turned back (placements stay in the
    /// line frame, which the position API and glyph runs turn).
    private static func turned(_ pages: [Page], writingMode: WritingMode) -> [Page] {
        pages.map { page in
            let size = LineFrame.pageSize(page.size, mode: writingMode)
            let frame = LineFrame(mode: writingMode, pageWidth: size.width)
            return page.placed(index: page.index, writingMode: writingMode, size: size,
                               boxes: page.boxes.map(frame.page))
        }
    }

    /// Floats (in the line frame, so horizontal and vertical text alike) and multi-column blocks (horizontal text
    /// only: the reader marks none in vertical text; a text without either skips this): sized, and their
    /// paragraphs set in their boxes, before pagination; placed by the paginator, which sets the paragraphs beside
    /// floats again with their first lines shortened (through `paginator.relayout`) and balances the columns.
    private func placeFloatsAndColumns(_ shaped: ShapedText, paragraphs range: Range<Int>, settings: TypographySettings,
                                       layouter: ParagraphLayouter, fitted: FittedBlocks, layouts: inout [ParagraphLayout],
                                       paginator: inout Paginator) {
        var relayout = ParagraphRelayout(text: shaped.text, shaped: shaped, layouter: layouter, pool: layoutPool)
        relayout.fitted = fitted
        let columnWidth = Float(settings.columnWidth), emSize = Float(settings.fontSize)
        // A float in a table cell floats in the cell's content box, and the text beside it is set again in the cell.
        let cellBoxes = paginator.tables.boxes
        // The floats' paragraphs set in their boxes on the workers, as the batch's lines were (each on its own).
        let floatRelayout = relayout
        paginator.floats = FloatLayout(shaped.text, paragraphRange: range, layouts: &layouts, columnWidth: columnWidth,
                                       emSize: emSize, cellBoxes: cellBoxes, narrowest: { relayout.narrowestWidth($0) }) { settings in
            parallelChunks(count: settings.count, threads: threads, pool: layoutPool, grain: 16) { chunk, scratch, output in
                for (k, s) in chunk.enumerated() {
                    output.initializeElement(at: k, to: floatRelayout.layout(settings[s].paragraph, cell: settings[s].box, scratch: scratch))
                }
            }
        }
        paginator.relayout = { relayout.layout($0, cell: cellBoxes.isEmpty ? nil : cellBoxes[$0], exclusion: $1) }
        paginator.columnBlocks = ColumnBlockLayout(shaped.text, paragraphRange: range, layouts: &layouts,
                                                   columnWidth: columnWidth, emSize: emSize,
                                                   contentHeight: settings.contentRect.height) { relayout.layout($0, cell: $1) }
    }

    /// Shapes and lays out `text` in one call.
    public func layout(_ text: StyledText, settings: TypographySettings, mode: LayoutMode = .paged) throws -> BookLayout {
        let settings = try settings.validated()
        return try layout(shape(text, settings: ShapingSettings(settings)), settings: settings, mode: mode)
    }

    /// Word-cache hits, misses and entries since the last reset, summed over the worker contexts.
    package func wordCacheStatistics(reset: Bool = false) -> (hits: Int, misses: Int, entries: Int) {
        pool.cacheStatistics(reset: reset)
    }
}
