/// Places the lines of laid-out paragraphs on pages (or on one scroll column): lines fill the first column
/// top to bottom, then the next column, then a new page; a line never straddles two pages; paragraph spacing is
/// dropped at the top of a column; every section (chapter) starts a new page.
struct Paginator {
    let settings: TypographySettings
    let mode: LayoutMode

    /// Paginates the paragraphs `paragraphRange` of `text` (whole sections), whose layouts are `layouts` in order.
    func paginate(_ text: StyledText, paragraphRange: Range<Int>, layouts: [ParagraphLayout]) -> [Page] {
        let content = settings.contentRect
        let columnWidth = Float(settings.columnWidth)
        let gap = Float(settings.columnGap)
        let columns = mode == .scroll ? 1 : settings.columns
        // Positions down the page in Double (see PlacedLine); line heights are Float.
        let columnTop = content.minY
        let columnBottom = mode == .scroll ? Double.greatestFiniteMagnitude : content.maxY
        var pages: [Page] = []
        var placements: [PlacedLine] = []
        var column = 0
        var y = columnTop
        let first = paragraphRange.lowerBound
        var section = text.sectionIndex(ofParagraph: first)
        var pageStart = paragraphRange.isEmpty ? 0 : text.paragraphs[first].range.lowerBound
        let end = paragraphRange.isEmpty ? 0 : text.paragraphs[paragraphRange.upperBound - 1].range.upperBound

        func columnX(_ column: Int) -> Float { Float(content.minX) + Float(column) * (columnWidth + gap) }
        var x = columnX(0)  // of the current column
        func finishPage(end: Int) {
            let height = mode == .scroll ? y + settings.margins.bottom : settings.pageSize.height
            pages.append(Page(index: pages.count, range: pageStart..<end,
                              size: Size(width: settings.pageSize.width, height: height),
                              section: section, placements: placements))
            placements.removeAll(keepingCapacity: true)
            pageStart = end
            column = 0
            x = columnX(0)
            y = columnTop
        }

        var nextSection = section + 1
        for (local, layout) in layouts.enumerated() {
            let index = first + local
            if nextSection < text.sectionStarts.count, text.sectionStarts[nextSection] == index {
                if mode == .paged && !placements.isEmpty { finishPage(end: text.paragraphs[index].range.lowerBound) }
                section = nextSection
                nextSection += 1
            }
            // A heading keeps its lines together and stays with the first line of the paragraph after it: when
            // they do not fit in what is left of the column, the heading starts the next column (or page). A
            // heading taller than a whole column is set line by line like any paragraph.
            let keepHeight = keptHeight(local, first: first, layouts: layouts, text: text)
            let lineCount = layout.lines.count
            // The first of this paragraph's lines in the current column, and whether it opened the column.
            var firstInColumn = 0
            var firstOpenedColumn = y == columnTop
            var lineIndex = 0
            while lineIndex < lineCount {
                let line = layout.lines[lineIndex]
                let atColumnTop = y == columnTop
                let spacing = Double(lineIndex == 0 && !atColumnTop ? layout.spaceBefore : 0)
                let needed = Double(lineIndex == 0 && keepHeight > line.height ? keepHeight : line.height)
                let fitsInAColumn = Double(keepHeight) <= columnBottom - columnTop
                if y + spacing + (fitsInAColumn ? needed : Double(line.height)) > columnBottom + 0.01 && !atColumnTop {
                    // Orphans and widows: break where at least `orphansAndWidows` lines stay on each side, moving
                    // this paragraph's last lines of the column along when needed (never emptying the column).
                    let breakLine = allowedBreak(before: lineIndex, lineCount: lineCount,
                                                 lowest: firstInColumn + (firstOpenedColumn ? 1 : 0))
                    if breakLine < lineIndex { placements.removeLast(lineIndex - breakLine) }
                    lineIndex = breakLine
                    let moved = layout.lines[breakLine]
                    if column + 1 < columns {
                        column += 1
                        x = columnX(column)
                        y = columnTop
                    } else {
                        let lineStart = documentRange(of: moved, lineIndex: breakLine, in: layout,
                                                      paragraph: text.paragraphs[index]).lowerBound
                        finishPage(end: lineStart)
                    }
                    firstInColumn = breakLine
                    firstOpenedColumn = true
                    placements.append(PlacedLine(paragraph: Int32(index), line: Int32(breakLine), x: x, y: y))
                    y += Double(moved.height)
                } else {
                    if lineIndex == 0 { firstOpenedColumn = atColumnTop }
                    y += spacing
                    placements.append(PlacedLine(paragraph: Int32(index), line: Int32(lineIndex), x: x, y: y))
                    y += Double(line.height)
                }
                lineIndex += 1
            }
        }
        if !placements.isEmpty || pages.isEmpty { finishPage(end: end) }
        return pages
    }
}

extension Paginator {
    /// For a heading paragraph, or one that keeps with the next (`layouts[local]`, document paragraph `first + local`), the height it needs to stay
    /// whole and with the first lines of the next paragraph that may end a page (its first line, or its first
    /// `orphansAndWidows` lines, or all of a paragraph too short to be split; their spacing included); 0 for any
    /// other paragraph.
    func keptHeight(_ local: Int, first: Int, layouts: [ParagraphLayout], text: StyledText) -> Float {
        let style = text.paragraphs[first + local].style
        if case .heading = style.role {} else if !style.keepsWithNext { return 0 }
        var height = layouts[local].height
        if local + 1 < layouts.count, !text.paragraphs[first + local + 1].style.startsSection,
           !layouts[local + 1].lines.isEmpty {
            let next = layouts[local + 1].lines
            let minimum = settings.orphansAndWidows
            let kept = next.count < 2 * minimum ? next.count : minimum
            height += layouts[local + 1].spaceBefore + next[kept - 1].top + next[kept - 1].height
        }
        return height
    }

    /// The line of a paragraph of `lineCount` lines that should start the next column when line `wanted` does not
    /// fit: the latest line at or before `wanted` that leaves at least `orphansAndWidows` lines on each side (or
    /// the first line, moving the whole paragraph), but not before `lowest` (lines already in an earlier column,
    /// or the line that opened this column). When no such line exists the rule gives way: `wanted`.
    func allowedBreak(before wanted: Int, lineCount: Int, lowest: Int) -> Int {
        let minimum = settings.orphansAndWidows
        guard minimum > 1 else { return wanted }
        var k = wanted
        while k >= lowest {
            if k == 0 || (k >= minimum && lineCount - k >= minimum) { return k }
            k -= 1
        }
        return wanted
    }
}

/// The document range of line `lineIndex` of a paragraph: lines partition the paragraph's whole range, so the
/// first line starts at the paragraph's start and the last one ends at its end, separators included.
func documentRange(of line: LineBox, lineIndex: Int, in layout: ParagraphLayout, paragraph: Paragraph) -> Range<UTF16Offset> {
    let contentStart = paragraph.range.lowerBound + paragraph.contentRange.lowerBound
    let start = lineIndex == 0 ? paragraph.range.lowerBound : contentStart + Int(line.start)
    let end = lineIndex == layout.lines.count - 1 ? paragraph.range.upperBound : contentStart + Int(line.end)
    return start..<end
}
