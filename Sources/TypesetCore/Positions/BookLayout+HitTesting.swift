extension BookLayout {
    /// The caret position closest to `point` on page `page`, as `UITextInput.closestPosition(to:)`.
    ///
    /// The line is the one whose vertical band holds the point (bands split the gaps between lines at their
    /// midpoints); above the first line the point is projected onto it; below the last line the answer is the end
    /// of the last line. Left or right of a line gives its start or end (mirrored for a right-to-left paragraph),
    /// whichever has its caret drawn on that side; a line that begins or ends with text of the other direction
    /// gives the position drawn at that edge instead. Where a line sticks out of its column, a point on it
    /// belongs to that line's column.
    /// Over a grapheme, the nearer of its two edges wins (a ligature's advance is divided among its graphemes).
    /// The end of a soft-wrapped line comes with `.backward` affinity; a hard line end gives the offset before
    /// the newline. Only the page's lines are candidates, and the answer is never inside a grapheme cluster.
    ///
    /// - Parameters:
    ///   - point: In page coordinates (points). NaN coordinates count as 0; infinite ones as far off that edge.
    ///   - page: A page index; an index out of range is clamped to the first or last page.
    /// - Returns: Offset 0 for an empty document.
    ///
    /// In vertical text the line is the column nearest the point, then the position along it (see ``writingMode``).
    public func closestPosition(to point: Point, onPage page: Int) -> TextPosition {
        guard !pages.isEmpty else { return TextPosition(offset: 0) }
        let page = min(max(page, 0), pages.count - 1)
        let point = sanitized(frame(page: page).line(point))
        let column = columnPlacements(onPage: page, nearestTo: point)
        guard let (index, endsStack) = placementIndex(for: point, onPage: page, among: column) else {
            return TextPosition(offset: pages[page].range.lowerBound)
        }
        let carets = self.carets(page: page, placementIndex: index)
        if endsStack && point.y >= carets.box.maxY {
            // Below the last line of the column (or of a table cell): the end of that line.
            return endPosition(of: carets)
        }
        return closestPosition(toX: point.x, in: carets)
    }

    /// The position closest to `point` among `range`'s positions (both ends included), as
    /// `UITextInput.closestPosition(to:within:)`: the procedure of ``closestPosition(to:onPage:)`` over the
    /// page's lines that intersect the range, clamped to the range. When none of the range is on the page, the
    /// range end nearer to the page in reading order. Nil for a range outside `0...length`.
    public func closestPosition(to point: Point, onPage page: Int, within range: Range<UTF16Offset>) -> TextPosition? {
        guard range.lowerBound >= 0, range.upperBound <= text.length else { return nil }
        guard !pages.isEmpty else { return TextPosition(offset: 0) }
        let page = min(max(page, 0), pages.count - 1)
        let point = sanitized(frame(page: page).line(point))
        let pageRange = pages[page].range
        if range.upperBound < pageRange.lowerBound { return TextPosition(offset: range.upperBound, affinity: .backward) }
        if range.lowerBound > pageRange.upperBound { return TextPosition(offset: range.lowerBound) }
        let column = columnPlacements(onPage: page, nearestTo: point)
        // Lines of the column that intersect the range (the range may touch a line at its ends).
        var first = column.upperBound, last = column.lowerBound - 1
        for i in column {
            let carets = self.carets(page: page, placementIndex: i)
            if carets.endOffset >= range.lowerBound && carets.startOffset <= range.upperBound {
                first = min(first, i); last = max(last, i)
            }
        }
        guard first <= last else {
            return TextPosition(offset: range.lowerBound >= pageRange.upperBound ? range.lowerBound : range.upperBound)
        }
        let (index, endsStack) = placementIndex(for: point, onPage: page, among: first..<(last + 1)) ?? (first, false)
        let carets = self.carets(page: page, placementIndex: index)
        var position = endsStack && point.y >= carets.box.maxY ? endPosition(of: carets)
            : closestPosition(toX: point.x, in: carets)
        if position.offset < range.lowerBound { position = TextPosition(offset: range.lowerBound) }
        if position.offset > range.upperBound { position = TextPosition(offset: range.upperBound, affinity: .backward) }
        return position
    }

    /// The grapheme cluster under `point`, as `UITextInput.characterRange(at:)`: nil over margins, between
    /// lines, beyond a line's end and on empty lines. A ligature answers with the grapheme under the point.
    public func characterRange(at point: Point, onPage page: Int) -> Range<UTF16Offset>? {
        guard pages.indices.contains(page), point.x.isFinite, point.y.isFinite else { return nil }
        let point = frame(page: page).line(point)
        let placements = pages[page].placements
        for index in placements.indices {
            let placement = placements[index]
            let box = paragraphLayout(Int(placement.paragraph)).lines[Int(placement.line)]
            let top = Double(placement.y), bottom = top + Double(box.height)
            guard point.y >= top && point.y < bottom else { continue }
            let carets = self.carets(page: page, placementIndex: index)
            guard point.x >= carets.box.minX && point.x < carets.box.maxX else { continue }
            if let g = carets.graphemes.first(where: { point.x >= $0.minX && point.x < $0.maxX && $0.maxX > $0.minX }) {
                return g.start..<g.end
            }
        }
        return nil
    }

    // MARK: - Helpers

    func sanitized(_ point: Point) -> Point {
        Point(x: point.x.isNaN ? 0 : point.x, y: point.y.isNaN ? 0 : point.y)
    }

    /// The position at the end of a line: after a soft wrap, its end offset upstream; else before the newline.
    func endPosition(of carets: LineCarets) -> TextPosition {
        TextPosition(offset: carets.endOffset, affinity: carets.isSoftWrapped ? .backward : .forward)
    }

    /// The position on one line closest to `x`.
    func closestPosition(toX x: Double, in carets: LineCarets) -> TextPosition {
        let start = TextPosition(offset: carets.startOffset)
        let end = endPosition(of: carets)
        guard !carets.graphemes.isEmpty else { return start }
        // A caret on the column's edge is drawn with its centre 1 pt inside it (see caretRect), so a point within
        // 1 pt of that edge stands for the edge itself (else the end caret drawn over a narrow last character
        // maps back to the offset before it).
        let edges = caretEdges(carets)
        var x = x <= edges.left + 1 ? min(x, edges.left) : (x >= edges.right - 1 ? max(x, edges.right) : x)
        // Outside the line's visible content: the line's start or end, whichever has its caret drawn on that edge
        // (hanging spaces are beyond the end edge). Usually that is the start on the paragraph's start side; but a
        // line that begins or ends with text of the other direction (an LTR "F" alone on a line of an Arabic
        // paragraph) draws its start and end carets elsewhere, so the point then goes to the outer edge of the
        // grapheme at that edge, below (the point on an RTL line's left edge must not give the line's end, drawn
        // on its right edge).
        let leftEdge = x <= carets.contentMinX
        if leftEdge || x >= carets.contentMaxX {
            let edgeX = leftEdge ? carets.contentMinX : carets.contentMaxX
            let candidates = leftEdge == carets.isRightToLeft ? [end, start] : [start, end]
            if let onEdge = candidates.first(where: { abs(carets.caretX(for: $0.offset, affinity: $0.affinity) - edgeX) < 0.01 }) {
                return onEdge
            }
            x = edgeX
        }
        // The grapheme under x (graphemes are sorted left to right), then its nearer edge.
        var low = 0, high = carets.graphemes.count - 1
        while low < high {
            let mid = (low + high) / 2
            if carets.graphemes[mid].maxX <= x { low = mid + 1 } else { high = mid }
        }
        let g = carets.graphemes[low]
        let leftHalf = x < (g.minX + g.maxX) / 2
        let offset = leftHalf == g.isRightToLeft ? g.end : g.start
        if offset == end.offset { return end }
        if offset <= start.offset { return start }
        // The edge after g is drawn at g's trailing edge only upstream when the next grapheme runs the other way
        // (an LTR digit inside RTL text): there, downstream would put the caret on the far side of that grapheme,
        // not where the point is ("|3|" in an Arabic line).
        if offset == g.end, carets.caretX(for: offset, affinity: .forward) != carets.caretX(for: offset, affinity: .backward),
           abs(carets.caretX(for: offset, affinity: .backward) - g.trailingX) < abs(carets.caretX(for: offset, affinity: .forward) - g.trailingX) {
            return TextPosition(offset: offset, affinity: .backward)
        }
        return TextPosition(offset: offset)
    }
}
