/// `mtable`, `mtr`, `mtd`: a CSS table as MathML Core lays it out (cells padded 0.5ex 0.4em and centred, rows on
/// their cells' baselines, the table centred on the math axis), with the MathML 3 attributes books use:
/// `columnalign`, `rowspacing`, `columnspacing`, `rowlines`, `columnlines`, `frame`, and `columnspan`.
extension MathLayout {
    /// A cell of the table: its node (an `mtd`, or any child standing for one), row, first column and span.
    private struct Cell {
        var node: Int
        var row: Int
        var column: Int
        var span: Int
    }

    /// The most columns a table has; cells past it are laid out in its last column's place (a hostile
    /// `columnspan` cannot make the table's arrays huge).
    static let maximumColumns = 1000

    mutating func layOutTable(_ node: Int, rows: [Int]) {
        let scale = styles[node].scale, c = constants
        // Cells: an mtr's children, or a child of the table that is not an mtr as a row of one cell.
        var cells: [Cell] = []
        var rowNodes: [Int?] = []
        for (rowIndex, row) in rows.enumerated() {
            let isRow = formula.nodes[row].element == .mtr
            rowNodes.append(isRow ? row : nil)
            var column = 0
            let entries = isRow ? Array(childrenOf(row)) : [row]
            for entry in entries where column < Self.maximumColumns {
                let span = formula.attribute("columnspan", of: entry).flatMap { Int($0.trimmingSpaces) } ?? 1
                let clamped = min(max(1, span), Self.maximumColumns - column)
                cells.append(Cell(node: entry, row: rowIndex, column: column, span: clamped))
                column += clamped
            }
        }
        let columnCount = cells.map { $0.column + $0.span }.max() ?? 0
        let padX = 0.4 * scale, padY = 0.5 * c.xHeight * scale
        let columnGaps = spacings("columnspacing", of: node, count: max(0, columnCount - 1), scale: scale)
        let rowGaps = spacings("rowspacing", of: node, count: max(0, rows.count - 1), scale: scale)
        // Column widths: single cells first, then spanning cells widen their last column.
        var widths = [Double](repeating: 0, count: columnCount)
        for cell in cells where cell.span == 1 { widths[cell.column] = max(widths[cell.column], boxes[cell.node].width + 2 * padX) }
        for cell in cells where cell.span > 1 {
            let covered = (cell.column..<(cell.column + cell.span)).reduce(0) { $0 + widths[$1] }
                + (cell.column..<(cell.column + cell.span - 1)).reduce(0) { $0 + (columnGaps.indices.contains($1) ? columnGaps[$1] : 0) }
            let missing = boxes[cell.node].width + 2 * padX - covered
            if missing > 0 { widths[cell.column + cell.span - 1] += missing }
        }
        var columnX = [Double](repeating: 0, count: columnCount)
        for column in 1..<max(1, columnCount) {
            columnX[column] = columnX[column - 1] + widths[column - 1] + (columnGaps.indices.contains(column - 1) ? columnGaps[column - 1] : 0)
        }
        let tableWidth = columnCount == 0 ? 0 : columnX[columnCount - 1] + widths[columnCount - 1]
        // Rows: as tall as their cells above and below their common baseline.
        var ascents = [Double](repeating: 0, count: rows.count), descents = [Double](repeating: 0, count: rows.count)
        for cell in cells {
            ascents[cell.row] = max(ascents[cell.row], boxes[cell.node].ascent + padY)
            descents[cell.row] = max(descents[cell.row], boxes[cell.node].descent + padY)
        }
        var baselines = [Double](repeating: 0, count: rows.count)   // from the table's top, down
        var y = 0.0
        for row in rows.indices {
            baselines[row] = y + ascents[row]
            y += ascents[row] + descents[row] + (rowGaps.indices.contains(row) ? rowGaps[row] : 0)
        }
        let height = y
        let axis = c.axisHeight * scale
        let top = height / 2 + axis    // the table's top above the formula's baseline
        for cell in cells {
            let cellWidth = (cell.column..<(cell.column + cell.span)).reduce(0) { $0 + widths[$1] }
                + (cell.column..<(cell.column + cell.span - 1)).reduce(0) { $0 + (columnGaps.indices.contains($1) ? columnGaps[$1] : 0) }
            let content = boxes[cell.node].width
            let x: Double
            switch columnAlignment(cell, table: node, rowNode: rowNodes[cell.row]) {
            case "left": x = columnX[cell.column] + padX
            case "right": x = columnX[cell.column] + cellWidth - padX - content
            default: x = columnX[cell.column] + (cellWidth - content) / 2
            }
            if let rowNode = rowNodes[cell.row] {
                offsets[rowNode] = (0, top - baselines[cell.row])
                offsets[cell.node] = (x, 0)
            } else {
                offsets[cell.node] = (x, top - baselines[cell.row])
            }
            // A cell's and a row's backgrounds cover their column and row, as a CSS table's do.
            let rowHeight = ascents[cell.row] + descents[cell.row]
            paintFrames[Int32(cell.node)] = (columnX[cell.column] - x, -descents[cell.row], cellWidth, rowHeight)
            if let rowNode = rowNodes[cell.row] { paintFrames[Int32(rowNode)] = (0, -descents[cell.row], tableWidth, rowHeight) }
        }
        drawTableLines(node, columnX: columnX, widths: widths, baselines: baselines, ascents: ascents, descents: descents,
                       top: top, height: height, width: tableWidth)
        var box = MathBox(width: tableWidth, ascent: top, descent: height - top)
        box.inkAscent = box.ascent; box.inkDescent = box.descent
        boxes[node] = box
    }

    /// The table's `rowspacing` or `columnspacing` (a list, its last value repeated), or nothing (the cells'
    /// padding spaces them).
    private func spacings(_ name: String, of node: Int, count: Int, scale: Double) -> [Double] {
        guard count > 0, let value = formula.attribute(name, of: node) else { return [] }
        let values = value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
            .compactMap { MathLength.parse(String($0)) }
            .map { max(0, $0.resolve(scale: scale, xHeight: constants.xHeight) - (name == "rowspacing" ? constants.xHeight * scale : 0.8 * scale)) }
        guard let last = values.last else { return [] }
        return (0..<count).map { $0 < values.count ? values[$0] : last }
    }

    /// A cell's alignment: its own `columnalign`, its row's, else the table's (a list by column).
    private func columnAlignment(_ cell: Cell, table: Int, rowNode: Int?) -> String {
        func pick(_ value: String?) -> String? {
            guard let value else { return nil }
            let list = value.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
            guard let last = list.last else { return nil }
            return String(cell.column < list.count ? list[cell.column] : last)
        }
        if let own = formula.attribute("columnalign", of: cell.node) { return String(own.trimmingSpaces.lowercased()) }
        return pick(rowNode.flatMap { formula.attribute("columnalign", of: $0) }) ?? pick(formula.attribute("columnalign", of: table))
            ?? "center"
    }

    /// `frame`, `rowlines` and `columnlines` (MathML 3 §3.5.1.2: `none`, `solid` or `dashed`; a list by row or
    /// column, its last value repeated).
    private mutating func drawTableLines(_ node: Int, columnX: [Double], widths: [Double], baselines: [Double],
                                         ascents: [Double], descents: [Double], top: Double, height: Double, width: Double) {
        let thickness = constants.fractionRuleThickness * styles[node].scale
        func lines(_ name: String, count: Int) -> [BorderStyle] {
            guard count > 0, let value = formula.attribute(name, of: node) else { return [] }
            // An unknown value is drawn solid, as a line was asked for.
            let list = value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map { Self.lineStyle($0) ?? .solid }
            guard let last = list.last else { return [] }
            return (0..<count).map { $0 < list.count ? list[$0] : last }
        }
        for (row, style) in lines("rowlines", count: baselines.count - 1).enumerated() {
            let bottom = baselines[row] + descents[row]
            let next = baselines[row + 1] - ascents[row + 1]
            line(node, style, x: 0, y: top - (bottom + next) / 2 - thickness / 2, width: width, height: thickness, vertical: false)
        }
        for (column, style) in lines("columnlines", count: widths.count - 1).enumerated() {
            let right = columnX[column] + widths[column], next = columnX[column + 1]
            line(node, style, x: (right + next) / 2 - thickness / 2, y: top - height, width: thickness, height: height, vertical: true)
        }
        let frame = formula.attribute("frame", of: node).map { Self.lineStyle($0.trimmingSpaces) ?? .solid } ?? BorderStyle.none
        line(node, frame, x: 0, y: top - thickness, width: width, height: thickness, vertical: false)
        line(node, frame, x: 0, y: top - height, width: width, height: thickness, vertical: false)
        line(node, frame, x: 0, y: top - height + thickness, width: thickness, height: height - 2 * thickness, vertical: true)
        line(node, frame, x: width - thickness, y: top - height + thickness, width: thickness, height: height - 2 * thickness,
             vertical: true)
    }
}
