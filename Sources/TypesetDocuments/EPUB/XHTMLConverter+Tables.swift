import TypesetCore

extension XHTMLConverter {
    /// A table being read: its number in the item, the row and column reached, the columns still covered by a
    /// cell of an earlier row (`rowspan`), and what its cells inherit.
    struct TableState {
        var number: Int
        var row = -1
        var column = 0
        /// Per column, how many more rows a cell above still covers.
        var covered: [Int] = []
        /// The columns of the current row covered from above.
        var coveredNow: Set<Int> = []
        /// The table's own box (border, background, spacing, border model), and the border and padding its
        /// attributes give every cell, in ems.
        var frame: TableFrame
        var cellBorder: Double
        var cellPadding: Double?
        /// The table's indent from its column's start edge, in ems.
        var indent: Double
        /// The current row's background and its row group's.
        var rowBackground: Color?
        var groupBackground: Color?
        /// The current row's and row group's `vertical-align` (or HTML `valign`), which their cells inherit.
        var rowAlignment: TableCell.ContentAlignment?
        var groupAlignment: TableCell.ContentAlignment?
        /// The table's specified width.
        var width: TableCell.TableWidth?
        /// Its auto inline margins and its indent from the column's end edge, in ems.
        var autoMargins = BlockWidth.AutoMargins.none
        var endIndent = 0.0
        /// The first paragraph (index in the output) of the current row group, and whether a cell of it spans
        /// rows (else ``XHTMLConverter/endRowGroup()`` has no span to clamp, and reads none of its paragraphs).
        var groupStart: Int
        var groupHasRowSpans = false
        /// The widths its `<col>` and `<colgroup>` elements give its columns, by column (nil: none), at most
        /// ``TableCell/maximumColumns`` + 1 of them (a wider table is set as a list).
        var columnWidths: [TableCell.TableWidth?] = []
        /// The width of the `<colgroup>` being read, which its `<col>`s without one take (HTML's `width` on a
        /// column group: the default width of each of its columns).
        var groupColumnWidth: TableCell.TableWidth?
        /// Whether one of its cells is being read: blocks inside it draw their boxes (XHTMLConverter+Boxes); and
        /// the index its first paragraph has (or will have).
        var cellOpen = false
        var cellStart = 0
        /// An anonymous table (CSS 2.1 §17.2.1: rows or cells no table holds): the depth of the element whose
        /// children they are, and whether a run of its cells without a row is open as an anonymous row.
        var anonymousOwnerDepth: Int?
        var anonymousRowOpen = false

        /// Starts the next row: its columns from the first, those a cell above still covers noted.
        mutating func startRow() {
            row += 1
            column = 0
            coveredNow = []
            for column in covered.indices where covered[column] > 0 {
                coveredNow.insert(column)
                covered[column] -= 1
            }
        }

        /// The width column `column` is given, if any.
        func columnWidth(_ column: Int) -> TableCell.TableWidth? {
            columnWidths.indices.contains(column) ? columnWidths[column] : nil
        }
    }

    /// The elements that group a table's rows (HTML's row groups).
    static let rowGroups: Set<String> = ["thead", "tbody", "tfoot"]

    /// The most columns a `rowspan` is tracked for (a crafted `colspan` must not make a huge array); the layout
    /// sets tables wider than ``TableCell/maximumColumns`` as lists anyway.
    static let maximumTrackedColumns = 1024

    /// A table: a paragraph per cell (or more, when a cell holds blocks), each knowing its row and column; the
    /// layout sets them side by side (see `TableLayout` in TypesetCore). A table inside a cell is read as the
    /// cell's paragraphs, one per inner cell.
    mutating func handleTable(_ path: ElementPath, style: ComputedStyle, block: BlockContext, inline: InlineContext) {
        emitPendingMarker()
        flushParagraph()
        let element = path.element
        let firstParagraph = output.paragraphs.count
        avoidBreak(before: style, first: firstParagraph)
        let tableBlock = enterBlock(path, style: style, parent: block)
        // The HTML attributes `border` and `cellpadding` (in pixels: 16 to an em).
        let borderAttribute = Double(element.attribute("border")?.trimmingWhiteSpace() ?? "").map { $0 > 0 ? min($0, 16) / 16 : 0 }
        let paddingAttribute = Double(element.attribute("cellpadding")?.trimmingWhiteSpace() ?? "").map { min(max($0, 0), 64) / 16 }
        tables.append(TableState(number: tableCount, frame: tableFrame(element, style: style, borderAttribute: borderAttribute),
                                 cellBorder: borderAttribute.map { $0 > 0 ? 1.0 / 16 : 0 } ?? 0, cellPadding: paddingAttribute,
                                 indent: tableBlock.referenceStart, width: Self.tableWidth(element, style: style),
                                 autoMargins: tableAutoMargins(element, style: style, block: tableBlock),
                                 endIndent: tableBlock.referenceEnd, groupStart: output.paragraphs.count))
        tableCount += 1
        walkChildren(path, block: tableBlock, inline: inline)
        flushParagraph()
        endRowGroup()
        tables.removeLast()
        avoidBreaks(of: style, from: firstParagraph)
        leaveBlock(path, style: style)
    }

    /// A row of the innermost table.
    mutating func handleTableRow(_ path: ElementPath, style: ComputedStyle, block: BlockContext, inline: InlineContext) {
        flushParagraph()
        if tables.isEmpty {
            if style.isAtomicInline { openInlineBlockRow(path, in: block, first: style) } else { openAnonymousTable(in: block) }
        }
        guard var table = tables.popLast() else { return }
        table.startRow()
        table.rowBackground = publisherStyles ? style.backgroundColor : nil
        table.rowAlignment = style.cellAlignment ?? Self.alignment(path.element)
        tables.append(table)
        let firstParagraph = output.paragraphs.count
        avoidBreak(before: style, first: firstParagraph)
        let rowBlock = enterBlock(path, style: style, parent: block)
        walkChildren(path, block: rowBlock, inline: inline)
        flushParagraph()
        // Read in place: `tables.last` copied the whole state (its arrays and set retained and released) per row.
        if let last = tables.indices.last, tables[last].frame.collapsesBorders {
            collapseEdges(of: style, into: firstParagraph..<output.paragraphs.count, table: tables[last].number, rows: table.row...table.row)
        }
        avoidBreaks(of: style, from: firstParagraph)
        leaveBlock(path, style: style)
    }

    /// A cell of the innermost table's current row: its paragraphs carry their place (``TableCell``).
    mutating func handleTableCell(_ path: ElementPath, style: ComputedStyle, block: BlockContext, inline: InlineContext) {
        flushParagraph()
        if tables.isEmpty {
            if style.isAtomicInline { openInlineBlockRow(path, in: block, first: style) } else { openAnonymousTable(in: block) }
        }
        guard var table = tables.popLast() else { return }
        if table.anonymousOwnerDepth == elementDepth - 1, !table.anonymousRowOpen {
            table.startRow()
            table.anonymousRowOpen = true
        }
        let element = path.element
        func number(_ name: String, zero: Bool = false, maximum: Int) -> Int {
            let value = Int(element.attribute(name)?.trimmingWhiteSpace() ?? "") ?? 1
            return value == 0 && zero ? 0 : min(max(value, 1), maximum)
        }
        // HTML's limits: `colspan` to 1,000, `rowspan` to 65,534, and `rowspan="0"` to the end of the row group.
        let columnSpan = number("colspan", maximum: 1000)
        let rowSpan = number("rowspan", zero: true, maximum: TableCell.maximumRowSpan)
        if table.row < 0 { table.row = 0 }  // a cell outside any row starts one
        var column = table.column
        while table.coveredNow.contains(column) { column += 1 }
        table.column = column + columnSpan
        if rowSpan != 1 { table.groupHasRowSpans = true }
        if rowSpan != 1, column + columnSpan <= XHTMLConverter.maximumTrackedColumns {
            if table.covered.count < column + columnSpan {
                table.covered.append(contentsOf: repeatElement(0, count: column + columnSpan - table.covered.count))
            }
            let below = rowSpan == 0 ? TableCell.maximumRowSpan : rowSpan - 1
            for covered in column..<(column + columnSpan) { table.covered[covered] = max(table.covered[covered], below) }
        }
        tables.append(table)
        var cellBlock = enterBlock(path, style: style, parent: block)
        // The cell's text starts at its padding; the layout places the cell in its column.
        cellBlock.clearIndents()
        cellBlock.widths = []
        // The cell's own padding when its styles set any (else the table's `cellpadding` or the reader's default).
        let padding = style.padding
        // A cell by its `display` alone has none of HTML's (CSS 2.1's initial 0).
        let htmlCell = element.lowercasedName == "td" || element.lowercasedName == "th"
        let cellPadding = style.paddingDeclared ? EdgeInsets(top: padding.top, left: padding.left, bottom: padding.bottom, right: padding.right)
            : EdgeInsets(all: table.cellPadding ?? (htmlCell ? 0.25 : 0))
        // HTML's cells take their row's alignment, and rows their group's, else the middle (its rendering rules:
        // `tr, tbody { vertical-align: middle }`, `td { vertical-align: inherit }`); other cells CSS's initial
        // `baseline`, set as `top`, but an inline-block's, its last line's, as its bottom (``CellFlow``).
        let alignment = style.cellAlignment ?? Self.alignment(element) ?? table.rowAlignment ?? table.groupAlignment
            ?? (htmlCell ? .middle : table.frame.flow != nil ? .bottom : .top)
        var cell = TableCell(table: table.number, row: table.row, column: column, columnSpan: columnSpan, rowSpan: rowSpan,
                             padding: cellPadding, borders: style.borders.isVisible ? style.borders : .solid(table.cellBorder),
                             background: publisherStyles ? style.backgroundColor ?? table.rowBackground ?? table.groupBackground : nil,
                             frame: table.frame, alignment: alignment, tableIndent: table.indent, tableWidth: table.width)
        cell.width = Self.tableWidth(element, style: style)
        if table.frame.flow != nil {
            cell.minimumWidth = Self.tableWidth(length: style.replacedSize.minWidth, style: style)
            cell.maximumWidth = Self.tableWidth(length: style.replacedSize.maxWidth, style: style)
        }
        cell.columnWidth = columnSpan == 1 ? table.columnWidth(column) : nil
        cell.tableAutoMargins = table.autoMargins
        cell.tableEndIndent = table.endIndent
        cellBlock.cell = cell
        tables[tables.count - 1].cellOpen = true
        tables[tables.count - 1].cellStart = output.paragraphs.count
        walkChildren(path, block: cellBlock, inline: inline)
        flushParagraph()
        if !tables.isEmpty { tables[tables.count - 1].cellOpen = false }
        // The room below the boxes that end with the cell is inside it (its layout adds it to the cell's padding).
        pendingBoxSpace = 0
        leaveBlock(path, style: style)
    }

    /// A `<col>` or `<colgroup>` of the innermost table (HTML's column model, CSS 2.1 §17.3): the next `span`
    /// columns take its width (CSS `width`, else HTML's `width` attribute); a column group with `<col>`s inside
    /// is as many columns as they are, its width the default of theirs. Their borders and backgrounds are not
    /// drawn (CSS 2.1 §17.5.1 layers; books draw rules on cells). Outside a table's own rows, nothing.
    mutating func handleTableColumns(_ path: ElementPath, style: ComputedStyle, block: BlockContext, inline: InlineContext) {
        guard block.cell == nil, !tables.isEmpty else { return }
        let element = path.element
        let span = min(max(1, Int(element.attribute("span")?.trimmingWhiteSpace() ?? "") ?? 1), 1000)
        let width = Self.tableWidth(element, style: style)
        guard element.lowercasedName == "colgroup" else {
            addColumns(span, width: width ?? tables[tables.count - 1].groupColumnWidth)
            return
        }
        let start = tables[tables.count - 1].columnWidths.count
        tables[tables.count - 1].groupColumnWidth = width
        walkChildren(path, block: block, inline: inline)
        tables[tables.count - 1].groupColumnWidth = nil
        // Its `span` counts only when it holds no `<col>` (HTML's column model).
        if tables[tables.count - 1].columnWidths.count == start { addColumns(span, width: width) }
    }

    /// Gives the innermost table's next `count` columns `width` (up to the columns a table is laid out with).
    private mutating func addColumns(_ count: Int, width: TableCell.TableWidth?) {
        let room = max(0, TableCell.maximumColumns + 1 - tables[tables.count - 1].columnWidths.count)
        tables[tables.count - 1].columnWidths.append(contentsOf: repeatElement(width, count: min(count, room)))
    }

    /// The cell of the innermost table's last paragraph, if the last paragraph is one of its cells'.
    var lastCellOfOpenTable: TableCell? {
        guard let table = tables.last, let cell = output.paragraphs.last?.style.tableCell, cell.table == table.number else { return nil }
        return cell
    }

    /// HTML's `valign` attribute: `top`, `middle`, `bottom` or `baseline` (set as `top`).
    static func alignment(_ element: XMLElement) -> TableCell.ContentAlignment? {
        switch element.attribute("valign")?.trimmingWhiteSpace().lowercased() {
        case "top", "baseline": .top
        case "middle", "center": .middle
        case "bottom": .bottom
        default: nil
        }
    }

    /// Ends the innermost table's row group (at a `thead`, `tbody` or `tfoot`'s start and end, and the table's
    /// end): its cells' row spans are clamped to its rows (`rowspan="0"` reaches its last), as HTML's table model
    /// clamps them, and no column stays covered past it.
    mutating func endRowGroup() {
        guard var table = tables.popLast() else { return }
        if table.groupHasRowSpans {
            for index in table.groupStart..<output.paragraphs.count {
                guard var cell = output.paragraphs[index].style.tableCell, cell.table == table.number, cell.rowSpan != 1 else { continue }
                let rows = max(1, table.row - cell.row + 1)
                cell.rowSpan = cell.rowSpan == 0 ? rows : min(cell.rowSpan, rows)
                output.paragraphs[index].style.tableCell = cell
            }
        }
        table.groupStart = output.paragraphs.count
        table.groupHasRowSpans = false
        table.covered = []
        tables.append(table)
    }

    /// The table's auto inline margins: its style's (``autoMargins(_:rightToLeft:)``), or both for HTML's
    /// `align="center"` (HTML's rendering maps it to auto margins); none with publisher styles off, as a block's width.
    func tableAutoMargins(_ element: XMLElement, style: ComputedStyle, block: BlockContext) -> BlockWidth.AutoMargins {
        guard publisherStyles else { return .none }
        if element.attribute("align")?.trimmingWhiteSpace().lowercased() == "center" { return .both }
        return Self.autoMargins(style, rightToLeft: block.direction == .rightToLeft)
    }

    /// The table's specified width: CSS `width` (a percentage of the column, or a length), else HTML's `width`
    /// attribute (`100%`, or pixels at 16 to an em); nil for `auto` or none (and for an anonymous table, no element).
    static func tableWidth(_ element: XMLElement?, style: ComputedStyle) -> TableCell.TableWidth? {
        let length = style.replacedSize.width ?? element?.attribute("width").flatMap { value -> CSSLength? in
            let trimmed = value.trimmingWhiteSpace()
            if let pixels = Double(trimmed) { return .px(pixels) }
            return CSSLength(Substring(trimmed))
        }
        return tableWidth(length: length, style: style)
    }

    /// A CSS `length` of an element of `style` as a table's or cell's width: nil for `auto`, none, and lengths not
    /// above 0; percentages to 100.
    static func tableWidth(length: CSSLength?, style: ComputedStyle) -> TableCell.TableWidth? {
        switch length {
        case .percent(let percent)?: return percent > 0 ? .percent(min(percent, 100)) : nil
        case .auto?, nil: return nil
        case let length?:
            let ems = length.ems(fontScale: style.fontScale)
            return ems > 0 ? .ems(ems) : nil
        }
    }
}
