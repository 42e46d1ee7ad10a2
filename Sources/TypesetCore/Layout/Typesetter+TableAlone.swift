/// A table laid out alone, whole, at its natural width: what an app shows when the reader opens a table that page
/// flow had to scale down (``Typesetter/layoutAlone(_:of:settings:maximumWidth:)``).
public struct TableAloneLayout: Sendable {
    /// The table's text laid out as one scroll page as wide as the table and its margins, as tall as its rows.
    /// Its offsets are the table's own (from 0): add ``table``'s `range.lowerBound` to map one into the book.
    public let layout: BookLayout
    /// The table, in the book's text.
    public let table: TextTable
    /// The table's natural width in points: every column at its widest content (CSS's maximum content width), or
    /// the table's specified width, within the maximum asked for.
    public let naturalWidth: Double
    /// Whether page flow scales the table down: its natural width is wider than `settings`' column.
    public let isWiderThanColumn: Bool
}

extension Typesetter {
    /// Lays `table` of `text` out alone at its natural width, with `settings`' fonts, sizes, spacing and margins,
    /// as one scroll page (the table's rows one after another, never split): the view a reading app opens for a
    /// table too wide for its page. Page flow keeps scaling such a table down to its column, so that reading on is
    /// never blocked by a table one cannot see whole; the app offers this view beside it (a tap on the table's
    /// ``TextTable/range``).
    ///
    /// The natural width is measured by laying the table out once in a column `maximumWidth` points wide (its
    /// columns then take their widest content, as CSS's automatic table layout gives them room), then laid out
    /// again at that width. Costs two layouts of the table's paragraphs alone.
    ///
    /// - Throws: ``StyledText/InvalidParagraphs`` when `table` is not `text`'s, and what
    ///   ``Typesetter/layout(_:settings:mode:)-(StyledText,_,_)`` throws.
    public func layoutAlone(_ table: TextTable, of text: StyledText, settings: TypographySettings,
                            maximumWidth: Double = 3000) throws -> TableAloneLayout {
        let alone = try text.text(of: table)
        let margins = settings.margins.left + settings.margins.right
        var wide = settings
        wide.pageSize.width = min(TypographySettings.maximumDimension, max(1, maximumWidth) + margins)
        let measured = try layout(alone, settings: wide, mode: .scroll)
        let natural = max(1, Self.tableWidth(measured))
        var fitted = settings
        fitted.pageSize.width = min(TypographySettings.maximumDimension, natural.rounded(.up) + margins)
        let result = try layout(alone, settings: fitted, mode: .scroll)
        let column = settings.pageSize.width - margins
        return TableAloneLayout(layout: result, table: table, naturalWidth: natural, isWiderThanColumn: natural > column + 0.5)
    }

    /// The width the laid-out table takes: from the leftmost to the rightmost of its boxes and cells, in points.
    private static func tableWidth(_ layout: BookLayout) -> Double {
        var minX = Double.infinity, maxX = -Double.infinity
        for page in layout.pages {
            for box in page.boxes {
                // A table's border is drawn centred on its box's edges.
                minX = min(minX, box.rect.minX - box.border / 2); maxX = max(maxX, box.rect.maxX + box.border / 2)
            }
            for row in page.tableRows {
                for cell in row.cells { minX = min(minX, Double(cell.minX)); maxX = max(maxX, Double(cell.maxX)) }
            }
        }
        return maxX > minX ? maxX - minX : 0
    }
}
