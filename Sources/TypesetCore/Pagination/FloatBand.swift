/// The floats of the column being filled and the band of the page they form with the lines beside them
/// (``PageFilling``): where a new float may go (CSS 2.1 §9.5.1: below the floats on its side, and below the others
/// when it does not fit beside them), how much room the lines beside them have, and, for hit testing, the band as
/// a ``TableRowPlacement`` whose cells are the floats and the runs of lines beside them (each contiguous in
/// placement order, as a table row's cells are).
struct FloatBand {
    /// A float in the column: its side, its box across the column (from the column's left edge) and its bottom.
    struct Active {
        var side: BlockFloat.Side
        var x: Float
        var width: Float
        var top: Double
        var bottom: Double
    }

    private(set) var floats: [Active] = []
    /// The open band: its first placement, its cells so far, and the run of lines beside the floats being added to.
    private var start: Int?
    private var cells: [(placements: Range<Int>, minX: Float, maxX: Float)] = []
    private var textStart = 0
    private var textExtent: (minX: Float, maxX: Float) = (0, 0)

    /// Whether a band is open (a float was placed in the column and the lines beside it are not all placed).
    var isOpen: Bool { start != nil }

    /// The bottom of the lowest float.
    var lowest: Double { floats.map(\.bottom).max() ?? 0 }

    /// The bottom of the lowest float on `sides`, nil when there is none.
    func bottom(of sides: ClearSides) -> Double? {
        floats.filter { sides.contains($0.side == .left ? .left : .right) }.map(\.bottom).max()
    }

    /// The room the floats leave: taken on the left and on the right, and what is left between, in points.
    func room(columnWidth: Float, at y: Double? = nil) -> (left: Float, right: Float, width: Float) {
        var left: Float = 0, right: Float = 0
        for float in floats where y.map({ float.bottom > $0 + 0.01 }) ?? true {
            if float.side == .left { left = max(left, float.x + float.width) } else { right = max(right, columnWidth - float.x) }
        }
        return (left, right, max(0, columnWidth - left - right))
    }

    /// The narrowest a line beside floats may be: 4 em or a fifth of the column, whichever is wider (never more
    /// than the column). CSS sets lines beside a float however narrow; a reading column of a word or two per
    /// line reads worse than the text below the float, so narrower room is skipped.
    static func narrowestBeside(columnWidth: Float, emSize: Float) -> Float {
        min(max(4 * emSize, columnWidth / 5), columnWidth)
    }

    /// Where `box` goes at `y` (its left edge from the column's left edge), beside the floats reaching below `y`:
    /// a left float right of the left floats there, a right float left of the right ones (CSS 2.1 §9.5.1 rules
    /// 2 and 3), and no nearer the column's edge than its containing block's (rule 1, its inset), when it fits
    /// between them and the other side's (rule 7); nil when it does not.
    func x(for box: FloatLayout.Box, at y: Double, columnWidth: Float) -> Float? {
        var room = room(columnWidth: columnWidth, at: y)
        if box.side == .left { room.left = max(room.left, box.inset) } else { room.right = max(room.right, box.inset) }
        guard columnWidth - room.left - room.right + 0.01 >= box.width else { return nil }
        return box.side == .left ? room.left : columnWidth - room.right - box.width
    }

    /// Whether `box` fits beside the floats reaching below `y`.
    func fits(_ box: FloatLayout.Box, at y: Double, columnWidth: Float) -> Bool {
        x(for: box, at: y, columnWidth: columnWidth) != nil
    }

    /// The highest top at or below `y` where `box` fits (§9.5.1 rules 2, 3, 6 and 7: beside the earlier floats
    /// when there is room, else below the highest bottom that makes room).
    func top(for box: FloatLayout.Box, from y: Double, columnWidth: Float) -> Double {
        // Never above an earlier float's top (rule 5).
        var top = max(y, floats.map(\.top).max() ?? y)
        // Each step moves below one more float: at most as many steps as floats.
        for _ in 0...floats.count {
            if fits(box, at: top, columnWidth: columnWidth) { break }
            guard let next = floats.map(\.bottom).filter({ $0 > top + 0.01 }).min() else { break }
            top = next
        }
        return top
    }

    /// Opens the band (or ends its current run of lines) for a float about to be placed at placement `count`;
    /// `beside` is the placement of the line the float sits beside, when it does.
    mutating func open(beside: Int?, placements count: Int, columnX: Float, columnWidth: Float) {
        if start == nil {
            start = beside ?? count
            textStart = beside ?? count
            textExtent = (columnX, columnX + columnWidth)
        }
        closeText(count)
    }

    /// Adds a placed float (its placements `placements`, its left edge `x` from the column's) to the band.
    mutating func add(_ box: FloatLayout.Box, x: Float, top: Double, bottom: Double, placements: Range<Int>, columnX: Float,
                      columnWidth: Float) {
        cells.append((placements, columnX + x, columnX + x + box.width))
        floats.append(Active(side: box.side, x: x, width: box.width, top: top, bottom: bottom))
        textStart = placements.upperBound
        let room = room(columnWidth: columnWidth)
        textExtent = (columnX + room.left, columnX + columnWidth - room.right)
    }

    /// Forgets the floats that end at or above `y` (the top of the next line), closing the band when none is left.
    mutating func settle(at y: Double, placements count: Int, into rows: inout [TableRowPlacement]) {
        floats.removeAll { $0.bottom <= y + 0.01 }
        if floats.isEmpty { close(placements: count, into: &rows) }
    }

    /// Forgets the floats when the lines `placements[start...]`, just placed beside them, reach below them all:
    /// the band then ends at the first such line (as ``settle(at:placements:into:)`` before each of those lines).
    mutating func settle(lines placements: [PlacedLine], from start: Int, into rows: inout [TableRowPlacement]) {
        guard !floats.isEmpty, start <= placements.count else { return }
        let lowest = self.lowest
        guard let below = placements[start...].firstIndex(where: { $0.y >= lowest - 0.01 }) else { return }
        close(placements: below, into: &rows)
    }

    /// Ends the band at placement `count` (the column or page ends, or its floats did), adding it to `rows`; the
    /// rows are cut to the `count` placements left (lines the paginator moved on to the next column for widows).
    mutating func close(placements count: Int, into rows: inout [TableRowPlacement]) {
        floats.removeAll()
        guard let first = start else { return }
        closeText(count)
        start = nil
        rows.append(TableRowPlacement(placements: first..<max(first, count), cells: cells))
        cells = []
        rows = rows.compactMap { row in
            guard row.placements.upperBound > count else { return row }
            let keeps = row.cells.indices.filter { row.cells[$0].placements.lowerBound < count }
            let kept = keeps.map { (row.cells[$0].placements.clamped(to: 0..<count), row.cells[$0].minX, row.cells[$0].maxX) }
            return kept.isEmpty ? nil : TableRowPlacement(placements: row.placements.clamped(to: 0..<count), cells: kept,
                                                          cellExtents: row.cellExtents.isEmpty ? [] : keeps.map { row.cellExtents[$0] })
        }
    }

    private mutating func closeText(_ count: Int) {
        if textStart < count { cells.append((textStart..<count, textExtent.minX, textExtent.maxX)) }
        textStart = count
    }

    /// `layout` set again with its first lines shortened beside floats reaching `height` points below its top
    /// (`left` and `right` taken on each side): as many lines as start above that height, counted on the layout
    /// and counted again on the shortened one (narrower lines may be more), at most three settings; a paragraph
    /// all of whose lines start above that height has as many narrowed as the height holds. Lines that would not end
    /// inside the `room` left in the column are not narrowed: they go on in the next column, beside none of these
    /// floats.
    static func besideLayout(_ layout: ParagraphLayout, height: Float, room: Float, left: Float, right: Float,
                             relayout: (LineExclusion) -> ParagraphLayout) -> (ParagraphLayout, LineExclusion)? {
        guard height > 0.01, !layout.lines.isEmpty else { return nil }
        // When every line starts above that height, the narrowed lines may be more: as many as the floats'
        // height holds at the paragraph's shortest line (narrowing lines the paragraph does not have costs nothing).
        func linesAbove(_ layout: ParagraphLayout) -> Int {
            let above = layout.lines.prefix { $0.top < height - 0.01 && $0.top + $0.height <= room + 0.01 }.count
            guard above == layout.lines.count, let shortest = layout.lines.map(\.height).min(), shortest > 0.01 else { return above }
            let held = (height / shortest).rounded(.up)
            return held.isFinite ? max(above, Int(min(1e6, held))) : above
        }
        var exclusion = LineExclusion(lines: max(1, linesAbove(layout)), left: left, right: right)
        var result = relayout(exclusion)
        for _ in 0..<2 {
            let needed = linesAbove(result)
            guard needed > exclusion.lines else { break }
            exclusion.lines = needed
            result = relayout(exclusion)
        }
        return (result, exclusion)
    }
}
