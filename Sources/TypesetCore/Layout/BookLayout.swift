/// A text laid out under one set of typography settings: lines per paragraph, and pages.
///
/// Produced by ``Typesetter``. A value: keep it as long as the settings hold, query it from any thread.
///
/// A layout covers the paragraphs its ``ShapedText`` shaped: the whole text, or whole sections (a reading
/// session lays out the sections it shows). Offsets are always document offsets; position queries answer for
/// offsets in ``textRange`` and return nil (or nothing) outside it.
public struct BookLayout: Sendable {
    /// The settings the layout was made with.
    public let settings: TypographySettings
    /// The settings its lines were broken and paginated with, one per writing mode laid out: ``settings``, with
    /// the page turned a quarter for vertical text (see ``LineFrame``).
    let lineSettingsByMode: [WritingModeSettings]
    /// The runs of sections (or blocks) laid out in one writing mode, in order; a scroll layout has a page per run.
    let writingModeRuns: [WritingModeRun]
    /// Paged or scroll.
    public let mode: LayoutMode
    /// The width-independent shaping result the layout was made from (reuse it for the next layout).
    public let shaped: ShapedText
    /// The pages, in order; they partition ``textRange``. A scroll layout has one per run of one writing mode
    /// between layout breaks (``StyledText/layoutBreaks``; exactly one when the text has one mode and no break).
    public let pages: [Page]
    /// Line layouts of the paragraphs of ``paragraphRange``, in order (index with ``paragraphLayout(_:)``).
    let paragraphs: [ParagraphLayout]
    /// The narrowing of the paragraphs set beside floats, by document paragraph (few: kept apart so that every
    /// other paragraph's layout stays small).
    let exclusions: [Int: LineExclusion]
    /// The factor each paragraph of a scaled table's cells is set smaller by (``CellBox/scale``), by document
    /// paragraph (only those of tables too wide for their column).
    let cellScales: [Int: Float]
    /// The blocks fitting their content, whose paragraphs' formats are of their narrower widths.
    let fitted: FittedBlocks
    /// Grapheme segmentation for the position queries (a pool of ICU iterators shared with the typesetter).
    let segmenter: GraphemeSegmenter
    /// Caret geometry of recently queried lines (shared by copies of this layout, which never changes).
    let caretCache = CaretCache()

    init(settings: TypographySettings, lineSettings: [WritingModeSettings], runs: [WritingModeRun], mode: LayoutMode,
         shaped: ShapedText, paragraphs: [ParagraphLayout], exclusions: [Int: LineExclusion] = [:],
         cellScales: [Int: Float] = [:], fitted: FittedBlocks = FittedBlocks(), pages: [Page], segmenter: GraphemeSegmenter) {
        self.settings = settings; self.lineSettingsByMode = lineSettings; self.writingModeRuns = runs
        self.mode = mode; self.shaped = shaped; self.paragraphs = paragraphs; self.pages = pages
        self.exclusions = exclusions
        self.cellScales = cellScales
        self.fitted = fitted
        self.segmenter = segmenter
    }

    /// The laid-out text.
    public var text: StyledText { shaped.text }

    /// The indices into `text.paragraphs` laid out: the whole text or whole sections.
    public var paragraphRange: Range<Int> { shaped.paragraphRange }

    /// The UTF-16 range of the text laid out (`0..<text.length` for a whole-text layout).
    public var textRange: Range<UTF16Offset> { shaped.textRange }

    /// The line layout of document paragraph `index` (in ``paragraphRange``).
    @inline(__always)
    func paragraphLayout(_ index: Int) -> ParagraphLayout { paragraphs[index - shaped.paragraphRange.lowerBound] }

    /// The resolved format of document paragraph `index` (its sizes as the layout set them, drop cap included): in
    /// the box the layout set it in (a table cell's or a float's, whose width its objects' percentages are of), a
    /// floated object sized in its containing block (the column, or its table cell) as the layouter sizes it
    /// (``BlockFloat/isObject``), a scaled table's cell at its scale.
    func format(ofParagraph index: Int) -> ParagraphFormat {
        let paragraph = text.paragraphs[index]
        let capFace = paragraph.style.dropCap == nil ? nil
            : ParagraphLayouter.capFace(shaped.paragraph(index), style: paragraph.style, faces: shaped.faces)
        let lineSettings = lineSettings(ofParagraph: index)
        // The one field, not the whole layout (a copy retains its lines): hit testing asks for every query.
        let column = Float(lineSettings.columnWidth), box = paragraphs[index - shaped.paragraphRange.lowerBound].boxWidth
        let objectBox = paragraph.style.float?.isObject == true ? paragraphs[index - shaped.paragraphRange.lowerBound].objectBoxWidth : 0
        return ParagraphFormat(runs: paragraph.runs, style: paragraph.style, settings: lineSettings,
                               precedence: LayoutPrecedence(copy lineSettings), columnWidth: box > 0 ? box : column,
                               capMetrics: capFace.map { (Float($0.naturalLineHeight), Float($0.capHeight)) },
                               formulas: shaped.paragraph(index).formulas,
                               objectColumnWidth: paragraph.style.float?.isObject == true ? (objectBox > 0 ? objectBox : column) : nil,
                               scale: cellScales.isEmpty ? 1 : cellScales[index] ?? 1,
                               fitSlack: fitted.slack(ofParagraph: index))
    }

    /// Total number of lines.
    public var lineCount: Int { paragraphs.reduce(0) { $0 + $1.lines.count } }

    /// The lines of page `pageIndex`, in placement order (column by column, top to bottom); empty for a page
    /// index out of range.
    public func lines(onPage pageIndex: Int) -> [Line] {
        guard pages.indices.contains(pageIndex) else { return [] }
        let frame = frame(page: pageIndex)
        return pages[pageIndex].placements.map { line(for: $0).onPage(frame) }
    }

    func line(for placement: PlacedLine) -> Line {
        let p = Int(placement.paragraph), l = Int(placement.line)
        let layout = paragraphLayout(p)
        let box = layout.lines[l]
        let paragraph = text.paragraphs[p]
        let range = documentRange(of: box, lineIndex: l, in: layout, paragraph: paragraph)
        let width = box.justifiedWidth(layout.lines.microtypography(ofLine: l))
        let rect = Rect(x: Double(placement.x + box.x), y: Double(placement.y), width: width, height: Double(box.height))
        return Line(range: range, rect: rect, baseline: placement.y + Double(box.baseline), paragraphIndex: p,
                    lineIndex: l, direction: shaped.paragraph(p).baseDirection, isHyphenated: box.hyphenated)
    }

    /// The index of the page whose range contains `offset` (at a page boundary, the page that starts there; the
    /// last page for the end of ``textRange``); nil outside `textRange.lowerBound...textRange.upperBound`.
    /// Binary search: O(log pages).
    public func pageIndex(containing offset: UTF16Offset) -> Int? {
        guard covers(offset), !pages.isEmpty else { return nil }
        var low = 0, high = pages.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if pages[mid].range.lowerBound <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Whether page `pageIndex` is the last page of the whole text: the layout's last page, and the layout
    /// reaches the text's end (a layout of the last section, or of the whole book).
    public func isLastPageOfText(_ pageIndex: Int) -> Bool {
        pageIndex == pages.count - 1 && textRange.upperBound == text.length
    }

    /// Whether `offset` lies in `textRange.lowerBound...textRange.upperBound`.
    public func covers(_ offset: UTF16Offset) -> Bool {
        offset >= textRange.lowerBound && offset <= textRange.upperBound
    }

    /// Whether `range` lies inside ``textRange`` (its ends included).
    public func covers(_ range: Range<UTF16Offset>) -> Bool {
        range.lowerBound >= textRange.lowerBound && range.upperBound <= textRange.upperBound
    }
}
