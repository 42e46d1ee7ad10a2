/// A table of a text: a run of consecutive paragraphs of one ``TableCell/table``, found in the text itself (no
/// layout needed). In page flow a table wider than its column is scaled down to fit (its columns narrowed, long
/// words broken); an app that wants to show it whole, at its natural width, in a view of its own (a zoomable
/// sheet, as reading apps do for wide tables) finds it here and lays it out alone (``StyledText/text(of:)``).
public struct TextTable: Hashable, Sendable {
    /// The table's paragraphs (indices into ``StyledText/paragraphs``).
    public let paragraphs: Range<Int>
    /// The table's text, in UTF-16 offsets of the whole text: what a tap on it, a highlight in it or a locator
    /// into it is measured in.
    public let range: Range<UTF16Offset>
}

extension StyledText {
    /// The text's tables, in text order; one look at each paragraph.
    public var tables: [TextTable] {
        guard hasTables else { return [] }
        var result: [TextTable] = []
        var index = 0
        while index < paragraphs.count {
            guard paragraphs[index].style.isTableCell else { index += 1; continue }
            let end = tableEnd(from: index, limit: paragraphs.count)
            result.append(TextTable(paragraphs: index..<end, range: paragraphs[index].range.lowerBound..<paragraphs[end - 1].range.upperBound))
            index = end
        }
        return result
    }

    /// The end of the table whose first paragraph is `index` (a table cell), at most `limit`: the run of
    /// paragraphs of its ``TableCell/table`` number within its section. Tables are numbered per document, so the
    /// last table of one document and the first of the next may share a number; they are two tables all the same.
    func tableEnd(from index: Int, limit: Int) -> Int {
        guard let table = paragraphs[index].style.tableCell?.table else { return index + 1 }
        let section = sectionIndex(ofParagraph: index)
        let sectionEnd = section + 1 < sectionStarts.count ? sectionStarts[section + 1] : paragraphs.count
        let end = min(limit, sectionEnd)
        var next = index + 1
        while next < end, paragraphs[next].style.tableCell?.table == table { next += 1 }
        return next
    }

    /// The table `table` alone: its paragraphs as a text of their own (offsets from 0: add
    /// `table.range.lowerBound` to map one back into this text), with this text's fonts and language and its
    /// section's writing mode, for laying it out at its natural width (``Typesetter/layoutAlone(_:of:settings:maximumWidth:)``). The
    /// table's indent and a width given as a percentage of its column are dropped: it has no column now.
    ///
    /// - Throws: ``InvalidParagraphs`` when `table` is not one of this text's (its paragraphs out of range).
    public func text(of table: TextTable) throws -> StyledText {
        guard table.paragraphs.lowerBound >= 0, table.paragraphs.upperBound <= paragraphs.count, !table.paragraphs.isEmpty else {
            throw InvalidParagraphs(problem: .notAPartition,
                                    description: "the table's paragraphs \(table.paragraphs) are not in the text's \(paragraphs.count)")
        }
        let base = paragraphs[table.paragraphs.lowerBound].range.lowerBound
        let moved = paragraphs[table.paragraphs].map { paragraph in
            var style = paragraph.style
            // The table alone is not indented from a column's edge it no longer has, nor a share of its width.
            if var cell = style.tableCell {
                cell.tableIndent = 0
                cell.tableAutoMargins = .none
                if case .percent? = cell.tableWidth { cell.tableWidth = nil }
                style.tableCell = cell
            }
            return Paragraph(start: paragraph.range.lowerBound - base, units: paragraph.units, contentRange: paragraph.contentRange,
                             runs: paragraph.runs, style: style)
        }
        var result = try StyledText(paragraphs: moved, language: language, title: title)
        result.fonts = fonts
        result.writingMode = writingMode(ofSection: sectionIndex(ofParagraph: table.paragraphs.lowerBound))
        result.columnProgression = columnProgression
        return result
    }
}
