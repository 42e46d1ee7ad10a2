extension BookLayout {
    /// The document offset where the line of a placement starts (its ``Line/range`` lower bound).
    func lineStart(_ placement: PlacedLine) -> UTF16Offset {
        let p = Int(placement.paragraph), l = Int(placement.line)
        let paragraph = text.paragraphs[p]
        if l == 0 { return paragraph.range.lowerBound }
        return paragraph.documentOffset(ofContentOffset: Int(paragraphLayout(p).lines[l].start))
    }

    /// The placement (page, index) holding `offset`: the line whose range contains it; for `.backward` affinity at
    /// a soft wrap, the line that ends there. O(log pages + log lines per page). Nil for an offset outside
    /// `0...length` or an empty layout.
    func placement(for offset: UTF16Offset, affinity: TextAffinity) -> (page: Int, index: Int)? {
        guard let page = pageIndex(containing: offset) else { return nil }
        let placements = pages[page].placements
        guard !placements.isEmpty else { return nil }
        var low = 0, high = placements.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStart(placements[mid]) <= offset { low = mid } else { high = mid - 1 }
        }
        if affinity == .backward {
            let found = (page: page, index: low)
            if let previous = self.previous(found) {
                let carets = self.carets(page: previous.page, placementIndex: previous.index)
                if carets.isSoftWrapped && carets.endOffset == offset { return previous }
            }
            return found
        }
        return (page, low)
    }

    /// The placement before `location` in document order (across pages), if any.
    func previous(_ location: (page: Int, index: Int)) -> (page: Int, index: Int)? {
        if location.index > 0 { return (location.page, location.index - 1) }
        var page = location.page - 1
        while page >= 0 {
            if !pages[page].placements.isEmpty { return (page, pages[page].placements.count - 1) }
            page -= 1
        }
        return nil
    }

    /// The placement after `location` in document order (across pages), if any.
    func next(_ location: (page: Int, index: Int)) -> (page: Int, index: Int)? {
        if location.index + 1 < pages[location.page].placements.count { return (location.page, location.index + 1) }
        var page = location.page + 1
        while page < pages.count {
            if !pages[page].placements.isEmpty { return (page, 0) }
            page += 1
        }
        return nil
    }

    /// The placements of `page` in the column nearest to `point`, as a range of placement indices (columns are
    /// filled one after the other, so each is contiguous): the column nearest to `point.x`, unless the point lies
    /// on a line of another column that sticks out of it (a glyph wider than the column, or one pushed past its
    /// edge by an indent): then that line's column, so that the caret after a glyph sticking out into the gap maps
    /// back to its own line. Where lines of several columns hold the point (a giant
    /// glyph over its neighbours), the column that holds it too wins.
    func columnPlacements(onPage page: Int, nearestTo point: Point) -> Range<Int> {
        let placements = pages[page].placements
        guard !placements.isEmpty else { return 0..<0 }
        var columns: [(x: Float, range: Range<Int>)] = []
        var start = 0
        for i in 1...placements.count where i == placements.count || placements[i].x != placements[start].x {
            columns.append((placements[start].x, start..<i))
            start = i
        }
        guard columns.count > 1 else { return columns[0].range }
        func hasLine(under point: Point, in column: Range<Int>) -> Bool {
            column.contains { placement($0, onPage: page, holds: point) }
        }
        let width = columnWidth(pages[page].writingMode)
        var best = columns[0]
        var bestDistance = Double.infinity
        var lineHolder: Range<Int>?
        for column in columns {
            let left = Double(column.x), right = left + width
            let distance = point.x < left ? left - point.x : (point.x > right ? point.x - right : 0)
            if lineHolder == nil || distance == 0, hasLine(under: point, in: column.range) {
                if distance == 0 { return column.range }
                lineHolder = column.range
            }
            if distance < bestDistance { bestDistance = distance; best = column }
        }
        return lineHolder ?? best.range
    }

    /// Whether the box of placement `i` on page `page` holds `point`, widened by half a caret on each side: a
    /// caret at a line's edge is centred on it (and the line's width is summed in single precision, a hundredth of
    /// a point either way), so the centre of the caret of a line that sticks out of its column or table cell finds
    /// that line, not the next column's or cell's.
    func placement(_ i: Int, onPage page: Int, holds point: Point) -> Bool {
        placementOvershoot(i, onPage: page, for: point) != nil
    }

    /// How far `point` lies left or right of placement `i`'s box (0 inside it), when the box widened as
    /// `placement(_:onPage:holds:)` widens it holds the point; nil when it does not.
    func placementOvershoot(_ i: Int, onPage page: Int, for point: Point) -> Double? {
        let placement = pages[page].placements[i]
        let lines = paragraphLayout(Int(placement.paragraph)).lines, l = Int(placement.line)
        let box = lines[l]
        let edge = 1.01  // half a caret (2 pt wide: caretRect), and a hundredth
        let minX = Double(placement.x) + Double(box.x), top = Double(placement.y)
        let maxX = minX + box.justifiedWidth(lines.microtypography(ofLine: l))
        guard point.x >= minX - edge && point.x <= maxX + edge && point.y >= top && point.y < top + Double(box.height) else {
            return nil
        }
        return max(0, minX - point.x, point.x - maxX)
    }

    /// The placement that holds `point` among `candidates` (a column's placements, or part of them), and
    /// whether it is the last line of its stack (its column, or its table cell): each line owns its box extended
    /// halfway into the gaps above and below it; points above the first line belong to it, points below the last
    /// line to the last one. A table row (or rows joined by a cell spanning rows) is one band of the column: the
    /// point goes to the cell nearest to it horizontally among those whose rows hold its height, then to the line of
    /// that cell whose band holds it.
    func placementIndex(for point: Point, onPage page: Int, among candidates: Range<Int>) -> (index: Int, endsStack: Bool)? {
        guard !candidates.isEmpty else { return nil }
        let rows = pages[page].tableRows
        guard rows.contains(where: { $0.placements.overlaps(candidates) }) else {
            return placementIndex(forY: point.y, onPage: page, among: candidates).map { ($0, $0 == candidates.upperBound - 1) }
        }
        // Bands in order: single lines, and table rows.
        let placements = pages[page].placements
        func bottom(_ i: Int) -> Double {
            let p = placements[i]
            return p.y + Double(paragraphLayout(Int(p.paragraph)).lines[Int(p.line)].height)
        }
        var bands: [(range: Range<Int>, row: TableRowPlacement?, top: Double, bottom: Double)] = []
        var i = candidates.lowerBound
        var rowIndex = 0
        while i < candidates.upperBound {
            while rowIndex < rows.count, rows[rowIndex].placements.upperBound <= i { rowIndex += 1 }
            if rowIndex < rows.count, rows[rowIndex].placements.contains(i) {
                let range = rows[rowIndex].placements.clamped(to: candidates)
                let top = range.map { Double(placements[$0].y) }.min() ?? 0
                let lowest = range.map(bottom).max() ?? 0
                bands.append((range, rows[rowIndex], top, lowest))
                i = range.upperBound
            } else {
                bands.append((i..<(i + 1), nil, Double(placements[i].y), bottom(i)))
                i += 1
            }
        }
        var chosen = bands.count - 1
        for k in 0..<(bands.count - 1) where point.y < (bands[k].bottom + bands[k + 1].top) / 2 { chosen = k; break }
        let band = bands[chosen]
        guard let row = band.row else { return (band.range.lowerBound, chosen == bands.count - 1) }
        // The cell with a line under the point (a line that sticks out of its cell over the next one belongs to its
        // own; where two lines' widened boxes meet, as a shrunk float's last caret and the first of the text set
        // just after it do, the one the point is less far outside), else the cell nearest to the point
        // horizontally (among those with lines in the candidates). In rows joined by a cell spanning rows, only the
        // cells whose rows hold the point's height (the band's first or last row's above or below it) are
        // candidates: a point under a spanning cell's text is that cell's.
        let across = crossing(row, at: point.y, within: band.top..<band.bottom)
        var best: Range<Int>?
        var bestDistance = Double.infinity, bestOvershoot = Double.infinity
        for (k, cell) in row.cells.enumerated() where across?.contains(k) ?? true {
            let lines = cell.placements.clamped(to: band.range)
            guard !lines.isEmpty else { continue }
            if let overshoot = lines.compactMap({ placementOvershoot($0, onPage: page, for: point) }).min() {
                if overshoot < bestOvershoot { bestOvershoot = overshoot; best = lines }
                if overshoot == 0 { break }
                continue
            }
            guard bestOvershoot == .infinity else { continue }
            let distance = point.x < Double(cell.minX) ? Double(cell.minX) - point.x : max(0, point.x - Double(cell.maxX))
            if distance < bestDistance { bestDistance = distance; best = lines }
        }
        guard let cell = best, let index = placementIndex(forY: point.y, onPage: page, among: cell) else {
            return (band.range.lowerBound, false)
        }
        return (index, index == cell.upperBound - 1)
    }

    /// The cells of `row` (by index) whose vertical extent holds `y`, moved into `band` (a point above the band is
    /// its first row's, below it its last's); nil when every cell spans the band.
    private func crossing(_ row: TableRowPlacement, at y: Double, within band: Range<Double>) -> Set<Int>? {
        guard !row.cellExtents.isEmpty else { return nil }
        let top = row.cellExtents.map(\.minY).min() ?? band.lowerBound
        let bottom = row.cellExtents.map(\.maxY).max() ?? band.upperBound
        let clamped = min(max(y, top), bottom - 0.01)
        let cells = Set(row.cellExtents.indices.filter { row.cellExtents[$0].minY <= clamped && clamped < row.cellExtents[$0].maxY })
        return cells.isEmpty ? nil : cells
    }

    /// The placement whose vertical band holds `y` among `candidates` (sorted top to bottom): each line owns
    /// its box extended halfway into the gaps above and below it; points above the first line belong to it,
    /// points below the last line to the last one.
    func placementIndex(forY y: Double, onPage page: Int, among candidates: Range<Int>) -> Int? {
        guard !candidates.isEmpty else { return nil }
        let placements = pages[page].placements
        func top(_ i: Int) -> Double { Double(placements[i].y) }
        func bottom(_ i: Int) -> Double {
            let p = placements[i]
            return p.y + Double(paragraphLayout(Int(p.paragraph)).lines[Int(p.line)].height)
        }
        var low = candidates.lowerBound, high = candidates.upperBound - 1
        while low < high {
            let mid = (low + high) / 2
            let boundary = (bottom(mid) + top(mid + 1)) / 2
            if y < boundary { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
