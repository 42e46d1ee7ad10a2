/// A whole text laid out under one set of typography settings: lines per paragraph, and pages.
///
/// Produced by ``Typesetter``. A value: keep it as long as the settings hold, query it from any thread.
public struct BookLayout: Sendable {
    /// The settings the layout was made with.
    public let settings: TypographySettings
    /// Paged or scroll.
    public let mode: LayoutMode
    /// The width-independent shaping result the layout was made from (reuse it for the next layout).
    public let shaped: ShapedText
    /// The pages, in order; they partition the text. A scroll layout has exactly one.
    public let pages: [Page]
    let paragraphs: [ParagraphLayout]
    /// Grapheme segmentation for the position queries (a pool of ICU iterators shared with the typesetter).
    let segmenter: GraphemeSegmenter
    /// Caret geometry of recently queried lines (shared by copies of this layout, which never changes).
    let caretCache = CaretCache()

    init(settings: TypographySettings, mode: LayoutMode, shaped: ShapedText, paragraphs: [ParagraphLayout], pages: [Page],
         segmenter: GraphemeSegmenter) {
        self.settings = settings; self.mode = mode; self.shaped = shaped; self.paragraphs = paragraphs; self.pages = pages
        self.segmenter = segmenter
    }

    /// The laid-out text.
    public var text: StyledText { shaped.text }

    /// Total number of lines.
    public var lineCount: Int { paragraphs.reduce(0) { $0 + $1.lines.count } }

    /// The lines of page `pageIndex`, in placement order (column by column, top to bottom); empty for a page
    /// index out of range.
    public func lines(onPage pageIndex: Int) -> [Line] {
        guard pages.indices.contains(pageIndex) else { return [] }
        return pages[pageIndex].placements.map(line(for:))
    }

    func line(for placement: PlacedLine) -> Line {
        let p = Int(placement.paragraph), l = Int(placement.line)
        let layout = paragraphs[p]
        let box = layout.lines[l]
        let paragraph = text.paragraphs[p]
        let range = documentRange(of: box, lineIndex: l, in: layout, paragraph: paragraph)
        let width = box.justifiedWidth
        let rect = Rect(x: Double(placement.x + box.x), y: Double(placement.y), width: width, height: Double(box.height))
        return Line(range: range, rect: rect, baseline: Double(placement.y + box.baseline), paragraphIndex: p,
                    lineIndex: l, direction: shaped.paragraphs[p].baseDirection, isHyphenated: box.hyphenated)
    }

    /// The index of the page whose range contains `offset` (at a page boundary, the page that starts there; the
    /// last page for the end of the text); nil outside `0...length`. Binary search: O(log pages).
    public func pageIndex(containing offset: UTF16Offset) -> Int? {
        guard offset >= 0, offset <= text.length, !pages.isEmpty else { return nil }
        var low = 0, high = pages.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if pages[mid].range.lowerBound <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }
}
