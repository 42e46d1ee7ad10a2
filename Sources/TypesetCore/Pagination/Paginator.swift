/// Places the lines of laid-out paragraphs on pages (or on one scroll column): lines fill the first column
/// top to bottom, then the next column, then a new page; a line never straddles two pages; paragraph spacing is
/// dropped at the top of a column; every section (chapter) starts a new page. A table row is placed whole, its
/// cells side by side, on the page where it fits (a row taller than a column has its cells stacked, one below
/// the other across the table, ``TableLayout/Row/isStacked``); rows joined by a cell spanning rows are placed whole together. A float sits at its side of the column, the lines beside it shortened; a
/// multi-column block's lines are balanced across its columns (``PageFilling``'s float and column steps).
struct Paginator {
    let settings: TypographySettings
    let mode: LayoutMode
    var tables = TableLayout()
    /// Whether the first column is the rightmost (``StyledText/columnProgression``).
    var columnsRightToLeft = false
    /// The text's floated boxes, sized (see ``FloatLayout``).
    var floats = FloatLayout()
    /// The text's multi-column blocks, sized (see ``ColumnBlockLayout``).
    var columnBlocks = ColumnBlockLayout()
    /// Sets a document paragraph again with its first lines shortened beside floats (nil: the text has none).
    var relayout: ((Int, LineExclusion) -> ParagraphLayout)?
    /// Whether a paragraph's lines after its first are placed in runs while they fit (``PageFilling``'s
    /// `placeFittingLines`) rather than one by one in the general loop; both place the same lines (`PaginationRunTests`).
    var placesFittingRuns = true

    /// Paginates the paragraphs `paragraphRange` of `text` (whole sections), whose layouts are `layouts` in order
    /// (a paragraph set beside floats gets its shortened layout there, and its narrowing in `exclusions`, by
    /// document paragraph).
    /// `floatShifts` gets how far right of where they were set floats placed beside others were moved (by a float's
    /// first document paragraph).
    func paginate(_ text: StyledText, paragraphRange: Range<Int>, layouts: inout [ParagraphLayout],
                  exclusions: inout [Int: LineExclusion], floatShifts: inout [Int: Float]) -> [Page] {
        var run = PageFilling(self, text: text, paragraphRange: paragraphRange, layouts: layouts)
        // The run holds the only reference to the layouts (set again beside floats without a copy).
        layouts = []
        let first = paragraphRange.lowerBound
        var nextSection = run.section + 1
        var index = first
        while index < paragraphRange.upperBound {
            if nextSection < text.sectionStarts.count, text.sectionStarts[nextSection] == index {
                if mode == .paged && !run.placements.isEmpty { run.finishPage(end: text.paragraphs[index].range.lowerBound) }
                run.section = nextSection
                nextSection += 1
            }
            index = run.place(index)
        }
        if !run.placements.isEmpty || run.pages.isEmpty { run.finishPage(end: run.end) }
        layouts = run.layouts
        exclusions = run.exclusions
        floatShifts = run.floatShifts
        return run.pages
    }
}

extension Paginator {
    /// The left edge of a page's column `column` (the first is the rightmost when ``columnsRightToLeft``).
    func columnX(_ column: Int) -> Float {
        let columns = mode == .scroll ? 1 : settings.columns
        return Float(settings.contentRect.minX)
            + Float(columnsRightToLeft ? columns - 1 - column : column) * (Float(settings.columnWidth) + Float(settings.columnGap))
    }

    /// The left edges of a page's columns.
    var columnLefts: [Float] { (0..<(mode == .scroll ? 1 : max(1, settings.columns))).map(columnX) }

    /// The line of a paragraph of `lineCount` lines that should start the next column when line `wanted` does not
    /// fit: the latest line at or before `wanted` that leaves at least `orphansAndWidows` lines on each side (or
    /// the first line, moving the whole paragraph), and at least `firstLines` before it (the lines beside a drop
    /// cap), but not before `lowest` (lines already in an earlier column, or the line that opened this column).
    /// When no such line exists the rule gives way: `wanted`.
    func allowedBreak(before wanted: Int, lineCount: Int, lowest: Int, firstLines: Int = 0) -> Int {
        let minimum = settings.orphansAndWidows
        guard minimum > 1 || firstLines > 1 else { return wanted }
        var k = wanted
        while k >= lowest {
            if k == 0 || (k >= max(minimum, firstLines) && lineCount - k >= minimum) { return k }
            k -= 1
        }
        return wanted
    }
}

/// The document range of line `lineIndex` of a paragraph: lines partition the paragraph's whole range, so the
/// first line starts at the paragraph's start and the last one ends at its end, separators included.
func documentRange(of line: LineBox, lineIndex: Int, in layout: ParagraphLayout, paragraph: Paragraph) -> Range<UTF16Offset> {
    let start = lineIndex == 0 ? paragraph.range.lowerBound : paragraph.documentOffset(ofContentOffset: Int(line.start))
    let end = lineIndex == layout.lines.count - 1 ? paragraph.range.upperBound : paragraph.documentOffset(ofContentOffset: Int(line.end))
    return start..<end
}
