import TypesetCore

/// Checks the structural promises of a layout and returns every violation found (empty when it holds):
/// - pages partition the text with no gap or overlap, and lines partition each page's range in order;
/// - every line fits its column (a line the breaker cannot cut further, a single grapheme or one shaping cluster,
///   is allowed to overflow a page narrower than that glyph; an outside list marker hangs before it, as wide as
///   it is);
/// - no line crosses the bottom margin (unless it is alone in its column and taller than the text area);
/// - every line starts and ends on an extended grapheme cluster boundary (Swift's own `Character` segmentation,
///   a cross-check of ICU's), never inside hidden units (``Paragraph/hiddenRanges``), and on a caret stop
///   (``GraphemeSegmenter/isCaretStop(_:in:)``: hidden units join a neighbour, so a line never starts with the
///   markup that ends the word before it).
public enum LayoutInvariants {
    /// The violations, at most `limit` of them.
    public static func violations(in layout: BookLayout, limit: Int = 20) -> [String] {
        var problems: [String] = []
        func report(_ message: String) { if problems.count < limit { problems.append(message) } }
        let text = layout.text
        let settings = layout.settings
        let content = settings.contentRect
        let boundaries = GraphemeBoundaries(text)
        let segmenter = GraphemeSegmenter()
        func insideHiddenUnits(_ offset: Int) -> Bool {
            guard let p = text.paragraphIndex(containing: offset) else { return false }
            let paragraph = text.paragraphs[p]
            let local = offset - paragraph.range.lowerBound
            return paragraph.hiddenRanges.contains { $0.lowerBound < local && local < $0.upperBound }
        }
        var expected = 0
        for page in layout.pages {
            if page.range.lowerBound != expected {
                report("page \(page.index) starts at \(page.range.lowerBound), expected \(expected)")
            }
            expected = page.range.upperBound
            let lines = layout.lines(onPage: page.index)
            var lineExpected = page.range.lowerBound
            for line in lines {
                if line.range.lowerBound != lineExpected {
                    report("page \(page.index): line \(line.range) starts at \(line.range.lowerBound), expected \(lineExpected)")
                }
                lineExpected = line.range.upperBound
                // A line the breaker cannot cut (a single grapheme or cluster) wider than the column may overflow
                // it, but only past its far edge: it still starts inside a column (an indent is never allowed to
                // push it out).
                // Punctuation may hang into the margins by the line's protrusion.
                let hang = (settings.protrusion ? layout.adjustment(of: line).protrusion : 0)
                    + markerHang(line, text: text, runs: { layout.glyphRuns(onPage: page.index) })
                if !fitsColumn(line.rect, settings: settings, hang: hang)
                    && !(isUnbreakable(line, runs: layout.glyphRuns(onPage: page.index), text: text, boundaries: boundaries)
                         && startsInAColumn(line, settings: settings, hang: hang)) {
                    report("page \(page.index): line \(line.range) at \(line.rect) does not fit its column")
                }
                if layout.mode == .paged && line.rect.maxY > content.maxY + 0.01
                    && !startsItsColumn(line, settings: settings) {
                    report("page \(page.index): line \(line.range) ends at y \(formatPoints(line.rect.maxY)), below the margin \(formatPoints(content.maxY))")
                }
                if !boundaries.contains(line.range.lowerBound) || !boundaries.contains(line.range.upperBound) {
                    report("page \(page.index): line \(line.range) does not start and end on grapheme boundaries")
                }
                if insideHiddenUnits(line.range.lowerBound) || insideHiddenUnits(line.range.upperBound)
                    || !segmenter.isCaretStop(line.range.lowerBound, in: text) || !segmenter.isCaretStop(line.range.upperBound, in: text) {
                    report("page \(page.index): line \(line.range) starts or ends inside hidden units, or off a caret stop")
                }
            }
            if !lines.isEmpty && lineExpected != page.range.upperBound {
                report("page \(page.index): lines end at \(lineExpected), page at \(page.range.upperBound)")
            }
        }
        if expected != text.length { report("pages end at \(expected), text at \(text.length)") }
        return problems
    }

    /// How far an outside list marker starting `line` hangs before its column: the advances of its glyphs among
    /// `runs` (the page's, asked for only when the line starts with a marker); 0 for a line without one.
    static func markerHang(_ line: Line, text: StyledText, runs: () -> [GlyphRun]) -> Double {
        guard let p = text.paragraphIndex(containing: line.range.lowerBound) else { return 0 }
        let paragraph = text.paragraphs[p]
        let start = paragraph.range.lowerBound + paragraph.contentRange.lowerBound
        guard paragraph.style.markerLength > 0, line.range.lowerBound == start else { return 0 }
        let marker = start..<(start + paragraph.style.markerLength)
        var width = 0.0
        for run in runs() { for (g, cluster) in run.clusters.enumerated() where marker.contains(cluster) { width += run.advances[g] } }
        return width
    }

    /// Whether `line` is anchored in a column: one of its edges lies within one, or within what may hang before it
    /// (an overflowing line sticks out on the right, whatever its direction; a list marker hangs on the left).
    static func startsInAColumn(_ line: Line, settings: TypographySettings, hang: Double = 0) -> Bool {
        let content = settings.contentRect
        for column in 0..<settings.columns {
            let left = content.minX + Double(column) * (settings.columnWidth + settings.columnGap)
            for edge in [line.rect.minX, line.rect.maxX]
            where edge >= left - 0.01 - hang && edge <= left + settings.columnWidth + 0.01 {
                return true
            }
        }
        return false
    }

    /// Whether `line` cannot be broken any further: none of the offsets inside its visible text is a grapheme
    /// boundary, a caret stop and the start of a shaping cluster, which is where the breaker may cut a word wider than
    /// the line. A ligature such as Arabic "لله" spans several graphemes in one cluster; a mark that its base's
    /// font cannot draw is set in another font, so that one grapheme spans two clusters and two runs (the fuzzer
    /// found U+FFFD with a fatha, then a tatweel with marks, all one cluster in the Arabic font).
    static func isUnbreakable(_ line: Line, runs: [GlyphRun], text: StyledText, boundaries: GraphemeBoundaries) -> Bool {
        // The visible text: a line's range also holds the blank lines before a paragraph, and the spaces that hang
        // at its end and its hard break (a page narrower than one glyph holds one grapheme and those).
        let units = text.units(in: line.range)
        func isBlank(_ unit: UInt16) -> Bool { Unicode.Scalar(unit)?.properties.isWhitespace ?? false }
        guard let first = units.firstIndex(where: { !isBlank($0) }), let last = units.lastIndex(where: { !isBlank($0) }) else {
            return true
        }
        let visible = (line.range.lowerBound + (first - units.startIndex))...(line.range.lowerBound + (last - units.startIndex))
        var clusterStarts = Set<Int>()
        for run in runs where run.range.overlaps(line.range) {
            for cluster in run.clusters where visible.contains(cluster) { clusterStarts.insert(cluster) }
        }
        // Hidden units join their neighbour into one caret unit, which is not cut either.
        let segmenter = GraphemeSegmenter()
        return !clusterStarts.contains { $0 > visible.lowerBound && boundaries.contains($0) && segmenter.isCaretStop($0, in: text) }
    }

    /// Whether `line` is at the top of its column: only there may a line taller than the text area overflow it
    /// (columns fill top to bottom, so it is alone there; one per column of a spread).
    static func startsItsColumn(_ line: Line, settings: TypographySettings) -> Bool {
        line.rect.minY <= settings.contentRect.minY + 0.01
    }

    static func fitsColumn(_ rect: Rect, settings: TypographySettings, hang: Double = 0) -> Bool {
        let content = settings.contentRect
        for column in 0..<settings.columns {
            let left = content.minX + Double(column) * (settings.columnWidth + settings.columnGap)
            if rect.minX >= left - 0.01 - hang && rect.maxX <= left + settings.columnWidth + 0.01 + hang { return true }
        }
        return false
    }
}

/// Extended grapheme cluster boundaries of a text, per paragraph, from Swift's `Character` segmentation.
public struct GraphemeBoundaries {
    private var starts: [Int: [Int]] = [:]
    private let text: StyledText

    /// Computes the boundaries of every paragraph.
    public init(_ text: StyledText) {
        self.text = text
        for (index, paragraph) in text.paragraphs.enumerated() {
            var offsets: [Int] = [paragraph.range.lowerBound]
            var offset = paragraph.range.lowerBound
            for character in String(decoding: paragraph.units, as: UTF16.self) {
                offset += character.utf16.count
                offsets.append(offset)
            }
            starts[index] = offsets
        }
    }

    /// Whether `offset` is a grapheme boundary.
    public func contains(_ offset: Int) -> Bool {
        if offset == 0 || offset == text.length { return true }
        guard let p = text.paragraphIndex(containing: offset), let offsets = starts[p] else { return false }
        return binarySearch(offsets, offset)
    }

    private func binarySearch(_ array: [Int], _ value: Int) -> Bool {
        var low = 0, high = array.count
        while low < high {
            let mid = (low + high) / 2
            if array[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low < array.count && array[low] == value
    }
}
