/// The table pass of a layout, before lines are broken: which paragraphs are table cells, each table's column
/// widths from its cells' content, and the box each cell's text is set in.
///
/// A table is a run of consecutive paragraphs of one ``TableCell/table``; a row is those of one row; a cell is
/// those of one row and first column, stacked. Column widths follow CSS's automatic table layout: every column
/// has a narrowest width (its longest unbreakable word, with the cell's padding and borders) and a widest (its
/// longest line set unbroken). When the widest widths fit, the table takes them; when even the narrowest do
/// not, the whole table is scaled down until they do (``Table/scale``: its cells' text, sizes, indents, padding
/// and borders set smaller, as a picture of it would be), so that no word breaks; but never below
/// ``minimumScale(fontSize:)``, past which its columns are squeezed (words then break between letters, as any word wider
/// than its line does) and an app offers the table alone, whole (``Typesetter/layoutAlone(_:of:settings:maximumWidth:)``);
/// otherwise each column gets its narrowest width and a share of the rest in proportion to how much more it
/// wants. A table with a specified width (CSS 2.1 §17.5.2.2: ``TableCell/tableWidth``) shares that width instead
/// of the column's, never less than its columns' narrowest widths: room beyond their widest goes to the columns in
/// proportion to their widest. A cell spanning columns spreads what it needs over them. A cell spanning rows
/// (``TableCell/rowSpan``, clamped to the rows the table has) joins its rows into one group, which the paginator
/// places together (see ``Table/rowGroupEnd(from:)``); rows do not change column widths. A table of more than
/// ``TableCell/maximumColumns`` columns is not laid out as a table: its cells are set one after the other.
struct TableLayout {
    /// One table of the layout.
    struct Table {
        /// Its paragraphs (document indices).
        var paragraphs: Range<Int>
        var rows: [Row]
        /// The left edge of the table's outer border from the column's left edge, and its width, in points.
        var x: Float
        var width: Float
        /// Room from the table's outer edges to its cells, in points: its border and ``spacing`` (separated
        /// borders), or the outer half of its outer cells' collapsed edges.
        var inset = CellInsets()
        /// `border-spacing` in points: between columns (and outside the outer ones) across, between rows down (0
        /// when the borders collapse).
        var spacing: (across: Float, down: Float) = (0, 0)
        /// The table's own border drawn around it (widths in points: none when its borders collapse into its
        /// cells' outer edges), and its background.
        var edges = BorderEdges()
        var background: Color?
        var collapsesBorders = false
        /// The factor its cells are set smaller by, so that its columns' narrowest widths fit the column: 1 when
        /// they fit at the reader's sizes, never below ``TableLayout/minimumScale(fontSize:)``.
        var scale: Float = 1

        /// The end of the group of rows that starts at row `start`: the rows joined to it by cells spanning rows
        /// (each row's cells may reach further down), at least `start + 1`.
        func rowGroupEnd(from start: Int) -> Int {
            var end = start + 1, k = start
            while k < end && k < rows.count {
                for cell in rows[k].cells where k + cell.rowSpan > end { end = k + cell.rowSpan }
                k += 1
            }
            return min(end, rows.count)
        }

        /// The end of the rows from `start` that stay in one column: its group of rows joined by spans
        /// (``rowGroupEnd(from:)``), and the next group while the last paragraph before it keeps with the next
        /// (``ParagraphStyle/keepsWithNext``: CSS `break-inside: avoid` on the table or a row group, `break-after:
        /// avoid` on a row, a head row). The paginator places rows that together are taller than a column a group
        /// at a time (CSS Fragmentation 3 §4.4 lets an avoided break be taken when no other will do).
        func keptRowsEnd(from start: Int, in text: StyledText) -> Int {
            var end = rowGroupEnd(from: start)
            while end < rows.count, let last = rows[end - 1].paragraphs.last, text.paragraphs[last].style.keepsWithNext {
                end = rowGroupEnd(from: end)
            }
            return end
        }

        /// The height of the rows the table starts with and keeps together (``keptRowsEnd(from:in:)``), each as
        /// tall as its tallest cell of one row, as set in `layouts` (`layouts[0]` is document paragraph `first`);
        /// summed until it passes `limit`, so that a kept run's walk stays bounded.
        func keptStartHeight(_ layouts: [ParagraphLayout], first: Int, text: StyledText, limit: Double) -> Float {
            var height: Float = 0
            for r in 0..<keptRowsEnd(from: 0, in: text) where Double(height) <= limit {
                height += lead(r) + trail(r)
                height += rows[r].cells.reduce(0) { $1.rowSpan == 1 ? max($0, $1.height(layouts, first: first)) : $0 }
            }
            return height
        }

        /// The room across its border and spacing take beside its `columnCount` columns, in points.
        func gaps(columnCount: Int) -> Float {
            inset.left + inset.right + spacing.across * Float(max(0, columnCount - 1))
        }

        /// Scales its border, spacing and inset by `factor` (a table set smaller to fit its column).
        mutating func scaleFrame(by factor: Float) {
            inset = inset.scaled(by: factor)
            spacing = (spacing.across * factor, spacing.down * factor)
            edges = edges.scaled(by: Double(factor))
        }

        /// Room above row `r`'s cells, in points: the table's top border and spacing above its first row, the
        /// spacing between rows above the others.
        func lead(_ r: Int) -> Float { r == 0 ? inset.top : spacing.down }

        /// Room below row `r`'s cells, in points: the spacing and the table's bottom border below its last row.
        func trail(_ r: Int) -> Float { r == rows.count - 1 ? inset.bottom : 0 }
    }

    /// One row: its paragraphs and its cells, in text order.
    struct Row {
        var paragraphs: Range<Int>
        var cells: [Cell]
        /// Whether its cells are set one below the other across the table's width, a row of them side by side
        /// being taller than a column (``TableLayout/stackTallRows(_:shaped:layouter:columnWidth:columnHeight:metrics:layouts:first:relayout:)``).
        var isStacked = false
    }

    /// One cell: its paragraphs, and its box from the table's left edge (border and padding included).
    struct Cell {
        var paragraphs: Range<Int>
        var x: Float
        var width: Float
        /// Padding on each side, in points.
        var padding: CellInsets
        /// The border drawn around it, widths in points: its own edges, or in the collapsing model the edges it
        /// won against its neighbours' and the table's (``TableLayout/collapseBorders(_:table:columnCount:text:rightToLeft:)``),
        /// drawn centred on the lines between cells.
        var edges: BorderEdges
        var background: Color?
        /// Whether its edges are collapsed: half of each lies in the cell, the other half in its neighbour's.
        var collapsed = false
        /// How many of the table's rows it covers, from its own down (at least 1, within the table).
        var rowSpan = 1
        /// Where its content sits when its rows are taller than it.
        var alignment = TableCell.ContentAlignment.top

        /// The cell's height as its paragraphs are set in `layouts` (`layouts[0]` is document paragraph `first`):
        /// the paragraphs with the space between them, border and padding.
        func height(_ layouts: [ParagraphLayout], first: Int) -> Float {
            var height: Float = 0
            for p in paragraphs {
                let layout = layouts[p - first]
                if p != paragraphs.lowerBound { height += layout.spaceBefore }
                height += layout.height + layout.spaceAfter
            }
            return height + inset.top + inset.bottom
        }

        /// Room from the cell's box to its text on each side, in points: padding and border (half the border when
        /// it is collapsed).
        var inset: CellInsets {
            let share: Float = collapsed ? 0.5 : 1
            return CellInsets(top: padding.top + share * Float(edges.top.usedWidth), right: padding.right + share * Float(edges.right.usedWidth),
                              bottom: padding.bottom + share * Float(edges.bottom.usedWidth), left: padding.left + share * Float(edges.left.usedWidth))
        }

        /// Scales its padding and border by `factor`.
        mutating func scale(by factor: Float) {
            padding = padding.scaled(by: factor)
            edges = edges.scaled(by: Double(factor))
        }
    }

    /// The tables, in text order.
    var tables: [Table] = []
    /// The box each cell paragraph's text is set in, by document paragraph index.
    var boxes: [Int: CellBox] = [:]
    /// The table starting at each document paragraph index.
    private(set) var tableStarting: [Int: Int] = [:]
    /// The scale of each paragraph of a scaled table's cells (``Table/scale`` below 1), by document paragraph index.
    private(set) var scales: [Int: Float] = [:]

    /// The smallest a table is scaled down to fit its column, so that its text stays legible (a table wider still
    /// is squeezed; the app shows it alone at its size): its text at ``minimumScaledSize`` points, and never below
    /// a quarter of its size. A reader's size at or below 10 pt is never scaled down.
    static func minimumScale(fontSize: Float) -> Float {
        max(0.25, min(1, minimumScaledSize / max(fontSize, 1)))
    }
    /// The body size, in points, a scaled table's text keeps at least (footnote size on a phone).
    static let minimumScaledSize: Float = 10

    /// No tables.
    init() {}

    /// Finds the tables among the paragraphs `paragraphRange` of `text` and sizes their columns for `columnWidth`,
    /// measuring cells as `layouter` would set them.
    ///
    /// Each table is laid out on its own, so they are laid out in parallel on up to `threads` threads (each with the
    /// metrics of a scratch from `pool`): a chapter of tables is otherwise serial work between shaping and line
    /// breaking, which both run in parallel.
    init(_ text: StyledText, paragraphRange: Range<Int>, shaped: ShapedText, layouter: ParagraphLayouter,
         columnWidth: Float, threads: Int, pool: ScratchPool<LayoutScratch>) {
        var ranges: [Range<Int>] = []
        var index = paragraphRange.lowerBound
        while index < paragraphRange.upperBound {
            guard text.paragraphs[index].style.isTableCell else { index += 1; continue }
            let end = text.tableEnd(from: index, limit: paragraphRange.upperBound)
            ranges.append(index..<end)
            index = end
        }
        let found = ranges
        let laidOut: [Table?] = parallelChunks(count: found.count, threads: threads, pool: pool, grain: 2) { chunk, scratch, output in
            for (k, t) in chunk.enumerated() {
                output.initializeElement(at: k, to: TableLayout.table(text, found[t], shaped: shaped, layouter: layouter,
                                                                      columnWidth: columnWidth, metrics: &scratch.metrics))
            }
        }
        for (range, table) in zip(found, laidOut) {
            guard let table else { continue }
            tableStarting[range.lowerBound] = tables.count
            tables.append(table)
            recordBoxes(of: tables.count - 1)
        }
    }

    /// The boxes and scale of the cells of table `t` (``boxes``, ``scales``): a stacked row's cells across the table
    /// (``stackedBox(_:in:)``), the others in their columns.
    mutating func recordBoxes(of t: Int) {
        let table = tables[t]
        for row in table.rows {
            for cell in row.cells {
                let inset = cell.inset
                let width = max(0, cell.width - inset.left - inset.right)
                // A float in the cell floats in its content box, and an object floated there is sized in it.
                let box = row.isStacked ? stackedBox(cell, in: table)
                    : CellBox(x: table.x + cell.x + inset.left, width: width, objectWidth: width, scale: table.scale)
                for paragraph in cell.paragraphs {
                    boxes[paragraph] = box
                    scales[paragraph] = table.scale != 1 ? table.scale : nil
                }
            }
        }
    }

    /// The table of paragraphs `range` (all in one table), or nil when it has too many columns to be one. Its rows
    /// `stacked` (``Row/isStacked``) have no say in its columns' widths, and it then takes the column's whole width.
    static func table(_ text: StyledText, _ range: Range<Int>, shaped: ShapedText, layouter: ParagraphLayouter,
                      columnWidth: Float, metrics: inout ParagraphMetrics, stacked: Set<Int> = []) -> Table? {
        let base = Float(layouter.settings.fontSize)
        if let firstCell = text.paragraphs[range.lowerBound].style.tableCell, let flow = firstCell.frame.flow {
            return flowTable(text, range, flow: flow, firstCell: firstCell, shaped: shaped, layouter: layouter,
                             columnWidth: columnWidth, metrics: &metrics, stacked: stacked)
        }
        guard let (found, columnCount) = rows(text, range, base: base), columnCount > 0,
              let firstCell = text.paragraphs[range.lowerBound].style.tableCell else { return nil }
        // A right-to-left table (its first cell's paragraph is) has its first column on the right.
        let rtl = shaped.paragraphRange.contains(range.lowerBound) && shaped.paragraph(range.lowerBound).paragraphLevel & 1 == 1
        // Indent, border and spacing leave the columns room, whatever the styles ask for (as indents do in paragraphs).
        let (indent, endIndent) = indents(of: firstCell, columnWidth: columnWidth, base: base)
        var rows = found
        var frame = Table(paragraphs: range, rows: [], x: indent, width: 0)
        frameTable(&frame, &rows, firstCell.frame, base: base, room: max(0, (columnWidth - indent - 1) / 4),
                   columnCount: columnCount, text: text, rightToLeft: rtl)
        var gaps = frame.gaps(columnCount: columnCount)
        var available = columnWidth - indent - gaps
        // A column too narrow for a point per table column: the cells are set as a list.
        guard available >= Float(columnCount) else { return nil }
        for r in stacked where rows.indices.contains(r) { rows[r].isStacked = true }
        let sized = stacked.isEmpty ? rows : rows.filter { !$0.isStacked }
        let needs = columnNeeds(sized, columnCount: columnCount, text: text, shaped: shaped, layouter: layouter,
                                metrics: &metrics, base: base)
        // The width the columns' percentages are of: the table's given width, else the one its content and
        // percentages make (``ColumnNeeds/percentBasis(available:)``).
        let room = columnWidth - indent - gaps
        let given = stacked.isEmpty ? firstCell.tableWidth.map { Self.points($0, column: columnWidth - indent, base: base) - gaps } : nil
        let basis = given ?? needs.percentBasis(available: available)
        var (minimum, maximum) = needs.resolved(percentsOf: min(basis ?? room, room), room: room)
        frame.scale = scaleToFit(&rows, minimum: &minimum, maximum: &maximum, available: available,
                                 floor: minimumScale(fontSize: base))
        if frame.scale < 1 {
            // The table's border and spacing are set smaller with its cells; the columns get the room they leave.
            frame.scaleFrame(by: frame.scale)
            gaps = frame.gaps(columnCount: columnCount)
            available = columnWidth - indent - gaps
        }
        let inset = frame.inset, across = frame.spacing.across
        let specified = stacked.isEmpty ? firstCell.tableWidth.map { Self.points($0, column: columnWidth - indent, base: base) - gaps }
            ?? (frame.scale < 1 ? nil : basis) : available
        let widths = columnWidths(minimum: minimum, maximum: maximum, available: available, specified: specified,
                                  growing: needs.growing)
        // Each column's start and end from the table's left edge, `across` apart.
        var starts: [Float] = [], ends: [Float] = []
        var edge = inset.left
        for width in widths {
            starts.append(edge)
            ends.append(edge + width)
            edge += width + across
        }
        frame.width = edge - across + inset.right
        placeCells(&rows, starts: starts, ends: ends, tableWidth: frame.width, rightToLeft: rtl, text: text)
        frame.rows = rows
        // Auto margins share what the table leaves of its column (CSS 2.1 §17.4, §10.3.3).
        frame.x = indent + Float(firstCell.tableAutoMargins.share(of: Double(columnWidth - indent - endIndent - frame.width)))
        return frame
    }

    /// The table's own box (``TableFrame``) in points: its border, background and spacing, or, when its borders
    /// collapse, its cells' edges resolved (``collapseBorders(_:table:columnCount:text:rightToLeft:)``) and the
    /// outer half of the outer ones as its inset. Each side's room is at most `room` points.
    private static func frameTable(_ table: inout Table, _ rows: inout [Row], _ frame: TableFrame, base: Float, room: Float,
                                   columnCount: Int, text: StyledText, rightToLeft: Bool) {
        table.background = frame.background
        let edges = frame.borders.scaled(by: Double(base))
        if frame.collapsesBorders {
            table.collapsesBorders = true
            table.inset = collapseBorders(&rows, table: edges, columnCount: columnCount, text: text, rightToLeft: rightToLeft)
                .limited(to: room)
            return
        }
        let across = min(Float(frame.spacing.width) * base, room / 2), down = min(Float(frame.spacing.height) * base, room / 2)
        table.spacing = (across, down)
        table.edges = edges.limited(to: Double(room / 2))
        table.inset = CellInsets(top: Float(table.edges.top.usedWidth) + down, right: Float(table.edges.right.usedWidth) + across,
                                 bottom: Float(table.edges.bottom.usedWidth) + down, left: Float(table.edges.left.usedWidth) + across)
    }

    /// The scale a table whose columns' narrowest widths (`minimum`) are more than the room `available` is set at
    /// (``Table/scale``): the room over their sum, at least `floor` (``minimumScale(fontSize:)``); 1 when they fit.
    /// The columns' widths scale by that, so that they fill the room; the cells' text, padding and borders by a
    /// hair less (``scaleSlack``), so that the longest word of each column still fits once its width is added up
    /// again at the smaller size (a word exactly as wide as its line may be broken by a rounding).
    private static func scaleToFit(_ rows: inout [Row], minimum: inout [Float], maximum: inout [Float], available: Float,
                                   floor: Float) -> Float {
        let sumMinimum = minimum.reduce(0, +)
        guard sumMinimum > available, sumMinimum.isFinite, available > 0, floor < 1 else { return 1 }
        let columns = max(floor, available / sumMinimum)
        let scale = max(floor, columns * (1 - scaleSlack))
        minimum = minimum.map { $0 * columns }
        maximum = maximum.map { $0 * columns }
        for r in rows.indices {
            for k in rows[r].cells.indices { rows[r].cells[k].scale(by: scale) }
        }
        return scale
    }

    /// What a column given its widest width gets beyond it, in points, when the room allows: its words' widths are
    /// summed again when its lines are broken, in another order (and, for text of two fonts, on neither's grid),
    /// and a line that came out a rounding wider than the width it was measured at was broken, between letters
    /// when it was one word.
    static let widthTolerance: Float = 1.0 / 32

    /// How much smaller a scaled table's text is set than its columns (see ``scaleToFit``): 0.2 %.
    static let scaleSlack: Float = 0.002

    /// The rows and cells of the table of paragraphs `range` (cells unplaced), and its column count; nil when a
    /// paragraph is no cell or there are more than ``TableCell/maximumColumns`` columns.
    private static func rows(_ text: StyledText, _ range: Range<Int>, base: Float) -> (rows: [Row], columnCount: Int)? {
        var rows: [Row] = []
        var columnCount = 0
        var p = range.lowerBound
        while p < range.upperBound {
            guard let cell = text.paragraphs[p].style.tableCell else { return nil }
            var rowEnd = p + 1
            while rowEnd < range.upperBound, text.paragraphs[rowEnd].style.tableCell?.row == cell.row { rowEnd += 1 }
            var cells: [Cell] = []
            var c = p
            while c < rowEnd {
                guard let style = text.paragraphs[c].style.tableCell else { return nil }
                var cellEnd = c + 1
                while cellEnd < rowEnd, text.paragraphs[cellEnd].style.tableCell?.column == style.column { cellEnd += 1 }
                columnCount = max(columnCount, style.column + style.columnSpan)
                guard columnCount <= TableCell.maximumColumns else { return nil }
                cells.append(unplacedCell(style, text, c..<cellEnd, base: base))
                c = cellEnd
            }
            rows.append(Row(paragraphs: p..<rowEnd, cells: cells))
            p = rowEnd
        }
        spanRows(&rows, text: text)
        return (rows, columnCount)
    }

    /// The start and end indents of the table whose first cell is `firstCell`, in points: each at most half of what
    /// the column leaves past a point (as indents do in paragraphs).
    static func indents(of firstCell: TableCell, columnWidth: Float, base: Float) -> (start: Float, end: Float) {
        let most = max(0, (columnWidth - 1) / 2)
        return (min(Float(firstCell.tableIndent) * base, most), min(Float(firstCell.tableEndIndent) * base, most))
    }

    /// The unplaced cell of `style` holding `paragraphs`: its padding (``padding(_:_:_:base:)``), border, background
    /// and alignment, in points.
    static func unplacedCell(_ style: TableCell, _ text: StyledText, _ paragraphs: Range<Int>, base: Float) -> Cell {
        Cell(paragraphs: paragraphs, x: 0, width: 0, padding: padding(style, text, paragraphs, base: base),
             edges: style.borders.scaled(by: Double(base)), background: style.background, alignment: style.alignment)
    }

    /// The padding of a cell of `style` holding `paragraphs`, in points, with the room the boxes of its blocks take
    /// (``BoxDecoration/inCell``): the top border and padding of the boxes its first paragraph opens above it, the
    /// bottom ones of those its last closes below it (a cell's first paragraph has no space before it, nor its last
    /// after it, where that room would otherwise be).
    static func padding(_ style: TableCell, _ text: StyledText, _ paragraphs: Range<Int>, base: Float) -> CellInsets {
        var padding = CellInsets(style.padding, scale: base)
        if let first = text.paragraphs[paragraphs.lowerBound].style.boxes.first(where: \.inCell) {
            padding.top += Float(first.above) * base
        }
        if let last = text.paragraphs[paragraphs.upperBound - 1].style.boxes.first(where: \.inCell) {
            padding.bottom += Float(last.below) * base
        }
        return padding
    }

    /// Each cell's ``Cell/rowSpan`` in the table's rows: the rows whose ``TableCell/row`` is below the cell's row
    /// plus its span (a row with no cells of its own is none of the table's), to the table's end for a span of 0 or
    /// one longer than the table (as HTML's table model clamps `rowspan` to its row group).
    private static func spanRows(_ rows: inout [Row], text: StyledText) {
        let numbers = rows.map { text.paragraphs[$0.paragraphs.lowerBound].style.tableCell?.row ?? 0 }
        for r in rows.indices {
            for k in rows[r].cells.indices {
                guard let style = text.paragraphs[rows[r].cells[k].paragraphs.lowerBound].style.tableCell,
                      style.rowSpan != 1 else { continue }
                let (last, overflow) = style.row.addingReportingOverflow(style.rowSpan)
                var end = rows.count
                if style.rowSpan > 0 && !overflow {
                    // The first row at or past `last` (row numbers rise through a table): a binary search, so that
                    // many long spans cost no more than their cells.
                    var low = r + 1
                    while low < end {
                        let mid = low + (end - low) / 2
                        if numbers[mid] < last { low = mid + 1 } else { end = mid }
                    }
                }
                rows[r].cells[k].rowSpan = end - r
            }
        }
    }

    /// What the cells of `rows` need of their columns (``ColumnNeeds``): their content's narrowest and widest widths
    /// (padding and borders included; a cell spanning columns spreads what it needs beyond theirs evenly over
    /// them), and the widths the cells and their `<col>`s give (``TableCell/width``, its content box, and
    /// ``TableCell/columnWidth``, the column's).
    private static func columnNeeds(_ rows: [Row], columnCount: Int, text: StyledText, shaped: ShapedText,
                                    layouter: ParagraphLayouter, metrics: inout ParagraphMetrics, base: Float) -> ColumnNeeds {
        var needs = ColumnNeeds(columnCount: columnCount)
        var spanning: [(column: Int, span: Int, minimum: Float, maximum: Float)] = []
        let measured = ParagraphMetrics.MeasuredPrefix()
        for row in rows {
            for cell in row.cells {
                guard let style = text.paragraphs[cell.paragraphs.lowerBound].style.tableCell else { continue }
                var (cellMinimum, cellMaximum) = contentExtents(of: cell, text: text, shaped: shaped, layouter: layouter,
                                                                metrics: &metrics, measured: measured)
                let inset = cell.inset.left + cell.inset.right
                cellMinimum += inset
                cellMaximum = max(cellMaximum + inset, cellMinimum)
                guard style.columnSpan == 1 else {
                    spanning.append((style.column, style.columnSpan, cellMinimum, cellMaximum))
                    continue
                }
                needs.minimum[style.column] = max(needs.minimum[style.column], cellMinimum)
                needs.maximum[style.column] = max(needs.maximum[style.column], cellMaximum)
                // The cell's own width is of its content box; its column's (`<col>`) already holds the cell's
                // padding and borders.
                needs.give(style.width, column: style.column, inset: inset, base: base)
                needs.give(style.columnWidth, column: style.column, inset: 0, base: base)
            }
        }
        for span in spanning {
            let columns = span.column..<min(columnCount, span.column + span.span)
            let haveMinimum = columns.reduce(0) { $0 + needs.minimum[$1] }, haveMaximum = columns.reduce(0) { $0 + needs.maximum[$1] }
            for column in columns {
                needs.minimum[column] += max(0, span.minimum - haveMinimum) / Float(columns.count)
                needs.maximum[column] += max(0, span.maximum - haveMaximum) / Float(columns.count)
            }
        }
        return needs
    }

    /// A table's width (or a cell's) in points: a percentage of `column` points, or ems of `base` points.
    static func points(_ width: TableCell.TableWidth, column: Float, base: Float) -> Float {
        switch width {
        case .percent(let percent): Float(percent / 100) * column
        case .ems(let value): Float(value) * base
        }
    }

    /// The narrowest and widest widths of a cell's content (its paragraphs as `layouter` sets them, block indents
    /// included), without its padding and borders. The cell's floats stand beside its text: their widest widths
    /// add to the text's (CSS Tables 3 §9.3).
    static func contentExtents(of cell: Cell, text: StyledText, shaped: ShapedText, layouter: ParagraphLayouter,
                               metrics: inout ParagraphMetrics, measured: ParagraphMetrics.MeasuredPrefix)
        -> (minimum: Float, maximum: Float) {
        var cellMinimum: Float = 0, cellMaximum: Float = 0
        var floatsMaximum: Float = 0, floatMaximum: Float = 0
        for paragraph in cell.paragraphs where shaped.paragraphRange.contains(paragraph) {
            let widths = text.paragraphs.withUnsafeBufferPointer { paragraphs in
                guard let base = paragraphs.baseAddress else {
                    return (minimum: Float(0), maximum: Float(0), indents: Float(0), later: Float(0))
                }
                return layouter.contentWidths(base + paragraph, shaped: shaped.paragraph(paragraph), metrics: &metrics,
                                               scratch: measured)
            }
            guard let float = text.paragraphs[paragraph].style.float else {
                cellMinimum = max(cellMinimum, widths.minimum)
                cellMaximum = max(cellMaximum, widths.maximum)
                continue
            }
            if float.startsBox { floatsMaximum += floatMaximum; floatMaximum = 0 }
            let outer = floatWidths(float, content: (widths.minimum, widths.maximum, widths.indents),
                                    base: Float(layouter.settings.fontSize))
            cellMinimum = max(cellMinimum, outer.minimum)
            floatMaximum = max(floatMaximum, outer.maximum)
        }
        return (cellMinimum, cellMaximum + floatsMaximum + floatMaximum)
    }

    /// A float's contributions to its cell's narrowest and widest widths (CSS Tables 3 §9.3, CSS Sizing 3 §5.2): its
    /// outer width when its `width` is a length (its content's indents, its margins, border and padding, added, as
    /// ``FloatLayout`` sizes it), else its content's (a percentage of a cell being sized is as `auto`).
    private static func floatWidths(_ float: BlockFloat, content: (minimum: Float, maximum: Float, indents: Float),
                                    base: Float) -> (minimum: Float, maximum: Float) {
        let width: Float
        switch float.width {
        case .points(let points)?: width = Float(points)
        case .ems(let ems)?: width = Float(ems) * base
        default: return (content.minimum, content.maximum)
        }
        guard width.isFinite, width >= 0 else { return (content.minimum, content.maximum) }
        let outer = width + max(0, content.indents)
        return (outer, outer)
    }

    /// Places each cell between the edges of its columns (`starts[k]` and `ends[k]`: column k's from the table's
    /// left edge, mirrored in a right-to-left table); padding and border leave the cell's text a point at least (a
    /// column scaled down to fit shrinks them).
    private static func placeCells(_ rows: inout [Row], starts: [Float], ends: [Float], tableWidth: Float, rightToLeft: Bool,
                                   text: StyledText) {
        let columnCount = starts.count
        for r in rows.indices {
            for k in rows[r].cells.indices {
                guard let style = text.paragraphs[rows[r].cells[k].paragraphs.lowerBound].style.tableCell,
                      style.column < columnCount else { continue }
                let from = starts[style.column], to = ends[min(columnCount, style.column + style.columnSpan) - 1]
                rows[r].cells[k].x = rightToLeft ? tableWidth - to : from
                rows[r].cells[k].width = to - from
                let inset = rows[r].cells[k].inset.left + rows[r].cells[k].inset.right
                let room = max(0, to - from - 1)
                if inset > room { rows[r].cells[k].scale(by: inset > 0 ? room / inset : 0) }
            }
        }
    }

    /// The columns' widths from their narrowest and widest (CSS 2.1 §17.5.2.2): the widest when they fit in the
    /// room, else a share of the room past the narrowest in proportion to what each wants more, else the narrowest
    /// scaled down to the room; a specified width is the room (within `available`, never below the narrowest), and
    /// room beyond the widest goes to the `growing` columns (all when nil) in proportion to their widest. Every
    /// column keeps a point.
    private static func columnWidths(minimum: [Float], maximum: [Float], available: Float, specified: Float?,
                                     growing: [Bool]? = nil) -> [Float] {
        let sumMinimum = minimum.reduce(0, +), sumMaximum = maximum.reduce(0, +)
        // The width the columns share: the specified one within the column and above the columns' minimum.
        let target = specified.map { min(available, max($0, sumMinimum)) }
        let limit = target ?? available
        var widths: [Float]
        if target != nil, sumMaximum <= limit {
            // Wider than its content wants: the room left goes to the growing columns in proportion to their widest
            // widths (as browsers share it), or evenly when they are all empty.
            let grows = growing ?? maximum.map { _ in true }
            let growingMaximum = zip(maximum, grows).reduce(Float(0)) { $0 + ($1.1 ? $1.0 : 0) }
            let growingCount = Float(grows.filter { $0 }.count)
            widths = maximum.indices.map { k in
                guard grows[k] else { return maximum[k] }
                return maximum[k] + (limit - sumMaximum) * (growingMaximum > 0 ? maximum[k] / growingMaximum : 1 / growingCount)
            }
        } else if sumMaximum <= limit {
            // A rounding's worth more where there is room (``widthTolerance``): a column exactly as wide as its
            // widest line may break it.
            let extra = min(widthTolerance, (limit - sumMaximum) / Float(maximum.count))
            widths = maximum.map { $0 + extra }
        } else if sumMinimum >= limit || sumMaximum <= sumMinimum {
            widths = minimum.map { sumMinimum > 0 ? $0 * limit / sumMinimum : limit / Float(minimum.count) }
        } else {
            let share = (limit - sumMinimum) / (sumMaximum - sumMinimum)
            widths = minimum.indices.map { minimum[$0] + (maximum[$0] - minimum[$0]) * share }
        }
        // Every column keeps a point at least, so that no cell's box leaves the table; columns that fit keep theirs.
        if widths.contains(where: { $0 < 1 }) {
            let raised = widths.map { max(1, $0) }
            let total = widths.reduce(0, +)
            if raised.reduce(0, +) <= available {
                widths = raised
            } else if total > 0 {
                let spread = (available - Float(minimum.count)) / total
                widths = widths.map { 1 + $0 * spread }
            } else {
                widths = widths.map { _ in available / Float(minimum.count) }
            }
        }
        return widths
    }

    /// The table whose first paragraph is `paragraph`, if any.
    func table(startingAt paragraph: Int) -> Table? {
        tableStarting[paragraph].map { tables[$0] }
    }
}

extension ParagraphLayouter {
    /// The narrowest width a paragraph can be set in without breaking a word (its longest unbreakable stretch) and
    /// its widest (its longest line between hard breaks), block indents included, and those indents, in points;
    /// and the longest stretch but its first (`later`, without indents: those that start a line of their own
    /// when every break is taken, where no first-line indent moves them).
    func contentWidths(_ paragraph: UnsafePointer<Paragraph>, shaped: borrowing ShapedParagraph,
                       metrics: inout ParagraphMetrics, scratch: ParagraphMetrics.MeasuredPrefix)
        -> (minimum: Float, maximum: Float, indents: Float, later: Float) {
        let format = self.format(paragraph, shaped: shaped, width: columnWidth, intrinsic: true)
        let indents = format.blockIndent + format.endIndent
        guard shaped.contentLength > 0 else { return (indents, indents, indents, 0) }
        metrics.measure(shaped, sizes: format.sizes, scratch: scratch)
        let content = paragraph.pointee.units[paragraph.pointee.contentRange]
        var minimum: Float = 0, maximum: Float = 0, later: Float = 0
        var previous = 0, lineStart = 0
        for candidate in shaped.breaks {
            let offset = min(BreakCandidate.offset(candidate), shaped.contentLength)
            guard offset > previous else { continue }
            let visible = CharacterClass.visibleEnd(of: content, from: previous, to: offset)
            let stretch = Float(metrics.width(previous, visible))
            minimum = max(minimum, stretch)
            if previous > 0 { later = max(later, stretch) }
            previous = offset
            if BreakCandidate.isMandatory(candidate) {
                let lineEnd = CharacterClass.visibleEnd(of: content, from: lineStart, to: offset)
                maximum = max(maximum, Float(metrics.width(lineStart, lineEnd)))
                lineStart = offset
            }
        }
        return (minimum + indents, max(maximum, minimum) + indents + max(0, format.firstLineIndent), indents, later)
    }
}
