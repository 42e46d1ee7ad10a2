/// A book's page count while not all of it is laid out: the sections laid out count exactly, the others are
/// estimated from a model of their paragraphs' lines calibrated on what is laid out.
///
/// The model: a paragraph of `n` units takes `max(1, ⌈n / u⌉)` lines, where `u` is the units per full line measured
/// on the laid-out paragraphs (so it carries the font's widths, the column and what line breaking leaves at line
/// ends; a line in a larger font holds proportionally fewer), each as tall as a laid-out body line times the
/// paragraph's font scale, plus the paragraph's spacing; a section's pages are its model height, times the ratio of
/// real to model height on the sections laid out (widows, orphans, headings kept with their text), over the page's
/// text height, rounded up. Counting lines per paragraph rather than units per page is what keeps
/// a book that opens with a title page, a table of contents or verse (a line per short paragraph) from being
/// estimated at many times its length. A scroll layout has one page per section: its count is always exact.
struct PageCountEstimate: Sendable, Equatable {
    /// Pages of each section: exact for the sections laid out, estimated for the others.
    let sectionPages: [Int]
    /// Whether every section is laid out.
    let isExact: Bool
    /// The book's page count.
    var total: PageCount { PageCount(value: sectionPages.reduce(0, +), isExact: isExact) }

    /// Pages before section `section`.
    func pages(before section: Int) -> Int { sectionPages.prefix(max(0, section)).reduce(0, +) }

    /// The model's pages for every section (empty for an exact count), the model and ratio they come from, and the
    /// units laid out they were measured on: what ``refreshed`` reuses.
    private(set) var modelPages: [Int] = []
    private var model: LineModel?
    private var ratio = 1.0
    private var laidOutUnits = 0

    /// The estimate for the layouts now, reusing `previous`'s model while the units laid out have grown by less than
    /// a quarter since it was measured: a session laying out a book section by section (or a long section in parts)
    /// does not measure every paragraph of the book again for each.
    static func refreshed(_ previous: PageCountEstimate?, text: StyledText, settings: TypographySettings, mode: LayoutMode,
                          layouts: [Int: BookLayout], partial: (section: Int, layout: BookLayout, finalPages: Int)?,
                          sample: BookLayout?) -> PageCountEstimate {
        let sectionCount = max(1, text.sectionStarts.count)
        let units = layouts.values.reduce(0) { $0 + $1.textRange.count } + (partial?.layout.textRange.count ?? 0)
        guard let previous, let model = previous.model, previous.modelPages.count == sectionCount,
              units * 4 <= previous.laidOutUnits * 5, layouts.count < sectionCount else {
            var estimate = PageCountEstimate(text: text, settings: settings, mode: mode, layouts: layouts, partial: partial, sample: sample)
            estimate.laidOutUnits = units
            return estimate
        }
        var pages = previous.modelPages
        for (section, layout) in layouts { pages[section] = layout.pages.count }
        if let partial {
            pages[partial.section] = partialPages(partial, text: text, model: model, ratio: previous.ratio)
        }
        var estimate = PageCountEstimate(sectionPages: pages, isExact: false)
        estimate.modelPages = previous.modelPages
        estimate.model = model
        estimate.ratio = previous.ratio
        estimate.laidOutUnits = previous.laidOutUnits
        return estimate
    }

    private init(sectionPages: [Int], isExact: Bool) {
        self.sectionPages = sectionPages
        self.isExact = isExact
    }

    /// A partial layout's section: its final pages, then the model's pages for the paragraphs after them.
    private static func partialPages(_ partial: (section: Int, layout: BookLayout, finalPages: Int), text: StyledText,
                                     model: LineModel, ratio: Double) -> Int {
        let paragraphs = text.paragraphRange(ofSection: partial.section)
        guard partial.finalPages > 0 else { return estimate(paragraphs, text: text, model: model, ratio: ratio) }
        let end = partial.layout.pages[partial.finalPages - 1].range.upperBound
        let next = text.paragraphIndex(containing: end).map { text.paragraphs[$0].range.lowerBound < end ? $0 + 1 : $0 }
            ?? paragraphs.upperBound
        let rest = min(max(next, paragraphs.lowerBound), paragraphs.upperBound)..<paragraphs.upperBound
        return partial.finalPages + (rest.isEmpty ? 0 : estimate(rest, text: text, model: model, ratio: ratio))
    }

    /// The model's pages for `paragraphs`.
    private static func estimate(_ paragraphs: Range<Int>, text: StyledText, model: LineModel, ratio: Double) -> Int {
        guard !paragraphs.isEmpty else { return 0 }
        return max(1, Int((ratio * model.height(paragraphs, in: text) / model.pageHeight).rounded(.up)))
    }

    /// The estimate for `text` laid out with `settings` in `mode`, given the complete section layouts, at most one
    /// partial one (the first paragraphs of `partial.section`, whose pages are final up to `finalPages`) and a
    /// sample of body text laid out on its own (``sample(of:)``) when those say too little.
    init(text: StyledText, settings: TypographySettings, mode: LayoutMode, layouts: [Int: BookLayout],
         partial: (section: Int, layout: BookLayout, finalPages: Int)?, sample: BookLayout? = nil) {
        let sectionCount = max(1, text.sectionStarts.count)
        guard mode == .paged else {
            sectionPages = Array(repeating: 1, count: sectionCount)
            isExact = true
            return
        }
        guard layouts.count < sectionCount else {
            sectionPages = (0..<sectionCount).map { layouts[$0]?.pages.count ?? 1 }
            isExact = true
            return
        }
        var samples = layouts.values.map { $0 }
        if let partial { samples.append(partial.layout) }
        if let sample { samples.append(sample) }
        let model = LineModel(samples: samples, settings: settings)
        // Real height per model height over what is laid out: a whole section's real height is its full pages and
        // what its last page holds (its pages alone would count a section of a page and a line as two); a partial
        // layout's, its final pages (full, since a page follows); the sample's, as a section's. Less than a model
        // page says little about the rest.
        var real = 0.0, modelled = 0.0
        func add(_ layout: BookLayout, paragraphs: Range<Int>, pages: Int, lastIsFull: Bool) {
            let height = model.height(paragraphs, in: text)
            guard height >= model.pageHeight, pages > 0 else { return }
            var lastPageHeight = model.pageHeight
            if !lastIsFull {
                lastPageHeight = settings.columns == 1
                    ? (layout.pages[pages - 1].placements.map { layout.line(for: $0).rect.maxY }.max() ?? settings.contentRect.minY)
                        - settings.contentRect.minY
                    : model.pageHeight / 2
            }
            real += Double(pages - 1) * model.pageHeight + max(0, lastPageHeight)
            modelled += height
        }
        for (section, layout) in layouts {
            add(layout, paragraphs: text.paragraphRange(ofSection: section), pages: layout.pages.count, lastIsFull: false)
        }
        if let partial, partial.finalPages > 0 {
            let end = partial.layout.pages[partial.finalPages - 1].range.upperBound
            let paragraphs = partial.layout.paragraphRange
            let last = text.paragraphIndex(containing: max(paragraphs.lowerBound, end - 1)).map { $0 + 1 } ?? paragraphs.upperBound
            add(partial.layout, paragraphs: paragraphs.lowerBound..<min(last, paragraphs.upperBound), pages: partial.finalPages, lastIsFull: true)
        }
        if let sample { add(sample, paragraphs: sample.paragraphRange, pages: sample.pages.count, lastIsFull: false) }
        let ratio = modelled >= 2 * model.pageHeight ? min(1.5, max(0.67, real / modelled)) : 1
        let estimates = (0..<sectionCount).map { section -> Int in
            if let layout = layouts[section] { return layout.pages.count }
            if let partial, partial.section == section {
                return Self.partialPages(partial, text: text, model: model, ratio: ratio)
            }
            return Self.estimate(text.paragraphRange(ofSection: section), text: text, model: model, ratio: ratio)
        }
        sectionPages = estimates
        modelPages = estimates
        self.model = model
        self.ratio = ratio
        isExact = false
    }

    /// Whether `layouts` and `partial` hold enough body text for the model: a few hundred full lines.
    static func needsSample(layouts: [Int: BookLayout], partial: BookLayout?) -> Bool {
        var samples = Array(layouts.values)
        if let partial { samples.append(partial) }
        return LineModel.fullLines(in: samples) < 200
    }

    /// The paragraphs to lay out as a sample of `text`'s body: about 8,000 units of the section holding the text's
    /// middle, from there on (or before it, in a short section).
    static func sample(of text: StyledText) -> Range<Int> {
        guard let middle = text.paragraphIndex(containing: text.length / 2) else { return 0..<0 }
        let section = text.paragraphRange(ofSection: text.sectionIndex(ofParagraph: middle))
        var start = middle, end = middle
        while end < section.upperBound && text.paragraphs[end].range.lowerBound - text.paragraphs[start].range.lowerBound < 8_000 { end += 1 }
        while start > section.lowerBound && text.paragraphs[end - 1].range.upperBound - text.paragraphs[start].range.lowerBound < 8_000 { start -= 1 }
        return start..<end
    }

    /// What the estimate measures on the laid-out paragraphs.
    struct LineModel: Sendable, Equatable {
        /// Units of a full line of body text at the body size.
        let unitsPerLine: Double
        /// Height of a body line, in points.
        let lineHeight: Double
        /// Text height of a page (every column), in points.
        let pageHeight: Double
        let fontSize: Double
        let paragraphSpacing: Double
        /// Width of a column, in points: an indented paragraph's lines hold proportionally fewer units.
        let columnWidth: Double

        /// The sample paragraphs read, at most (spread over the layouts): enough for the averages, and an estimate
        /// stays cheap on a long book.
        static let sampleParagraphs = 4_000

        /// The full lines (all but a paragraph's last) of body paragraphs in `samples`, as far as ``init`` reads.
        static func fullLines(in samples: [BookLayout]) -> Int {
            var count = 0
            let perLayout = sampleParagraphs / max(1, samples.count) + 1
            for layout in samples {
                for index in layout.paragraphRange.prefix(perLayout) where isPlainBody(layout.text.paragraphs[index]) {
                    count += max(0, layout.paragraphLayout(index).lines.count - 1)
                }
            }
            return count
        }

        /// Body text at the body size and the column's full width: what the per-line figures are measured on. Not an
        /// image alone in its paragraph (its line is as tall as the image: a cover taken for a line of text made
        /// Moby-Dick's EPUB, opened at its cover, estimated at 2,720 pages for 1,150) nor text hidden from the page (a title kept for screen
        /// readers has no line height).
        static func isPlainBody(_ paragraph: Paragraph) -> Bool {
            guard case .body = paragraph.style.role else { return false }
            return !paragraph.isEmpty && paragraph.runs.count == 1 && paragraph.runs[0].style.fontScale == 1
                && paragraph.runs[0].style.attachment == nil && !paragraph.runs[0].style.isOutOfFlow
                && paragraph.style.blockIndent == 0 && paragraph.style.endIndent == 0 && paragraph.style.indentFractions == .zero
        }

        init(samples: [BookLayout], settings: TypographySettings) {
            fontSize = settings.fontSize
            paragraphSpacing = settings.paragraphSpacing
            columnWidth = max(1, settings.columnWidth)
            pageHeight = max(1, settings.contentRect.height) * Double(settings.columns)
            var fullLines = 0, fullUnits = 0
            var heights = 0.0, heightCount = 0
            var emPerUnit = 0.0, emUnits = 0
            let perLayout = Self.sampleParagraphs / max(1, samples.count) + 1
            for layout in samples {
                let text = layout.text
                for index in layout.paragraphRange.prefix(perLayout) {
                    guard Self.isPlainBody(text.paragraphs[index]) else { continue }
                    let lines = layout.paragraphLayout(index).lines
                    for line in lines.dropLast() {
                        fullLines += 1
                        fullUnits += line.range.count
                    }
                    if let first = lines.first { heights += Double(first.height); heightCount += 1 }
                    let shaped = layout.shaped.paragraph(index)
                    if shaped.contentLength > 0 {
                        emPerUnit += shaped.totalEmAdvance
                        emUnits += shaped.contentLength
                    }
                }
            }
            lineHeight = heightCount > 0 ? heights / Double(heightCount) : 1.2 * settings.fontSize * settings.lineHeightMultiple
            if fullLines >= 20 {
                unitsPerLine = Double(fullUnits) / Double(fullLines)
            } else {
                // Too few full lines (a title page, verse): the shaped widths, less what breaking leaves at a
                // line's end.
                let em = emUnits > 0 && emPerUnit > 0 ? emPerUnit / Double(emUnits) : 0.5
                unitsPerLine = max(1, 0.95 * settings.columnWidth / (em * settings.fontSize))
            }
        }

        /// The model height of `paragraphs` of `text`, in points.
        func height(_ paragraphs: Range<Int>, in text: StyledText) -> Double {
            var total = 0.0
            for index in paragraphs {
                let paragraph = text.paragraphs[index]
                if paragraph.runs.count == 1, paragraph.runs[0].style.attachment?.presentation == .page {
                    // A cover or an image spine item fills a page of its own.
                    total += pageHeight
                    continue
                }
                let scale = paragraph.runs.first?.style.fontScale ?? 1
                let units = paragraph.contentRange.count
                // Block indents (quotes, verse, indented blocks) narrow every line; in ems of the body size.
                let fractions = paragraph.style.indentFractions
                let indent = (paragraph.style.blockIndent + paragraph.style.endIndent) * fontSize
                    + (fractions.start + fractions.end) * columnWidth
                let widthFraction = indent.isFinite ? min(1, max(0.05, (columnWidth - indent) / columnWidth)) : 1
                let lines = units == 0 ? 1 : max(1, (Double(units) * scale / (unitsPerLine * widthFraction)).rounded(.up))
                total += lines * lineHeight * scale
                total += paragraph.style.continuesBlock ? paragraph.style.spaceBefore * fontSize
                    : (paragraphSpacing + paragraph.style.spaceBefore) * fontSize
            }
            return total
        }
    }
}
