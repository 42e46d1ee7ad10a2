extension BookLayout {
    /// The caret for a position, as `UITextInput.caretRect(for:)`: 2 pt wide, centred on the edge between the
    /// characters around the offset, as tall as the line's fonts (ascent + descent, not the line spacing).
    ///
    /// At a soft wrap, `.backward` draws the caret at the end of the first line and `.forward` at the start of
    /// the next; at a bidi boundary, `.forward` draws it at the edge of the following character. An offset inside
    /// a grapheme cluster (or a surrogate pair) is moved back to the grapheme's start. Nil for an offset outside
    /// `0...length` or outside the layout's ``textRange``. In an empty document the caret sits at the start of the
    /// text area.
    ///
    /// In vertical text the caret is a horizontal bar across the column, 2 pt tall (see ``writingMode``).
    public func caretRect(for position: TextPosition) -> PageRect? {
        lineCaretRect(for: position).map { PageRect(page: $0.page, rect: frame(page: $0.page).page($0.rect)) }
    }

    /// ``caretRect(for:)`` in the page's line frame (see ``LineFrame``).
    func lineCaretRect(for position: TextPosition) -> PageRect? {
        guard covers(position.offset) else { return nil }
        let offset = snappedToGrapheme(position.offset)
        guard let location = placement(for: offset, affinity: position.affinity) else { return nil }
        let carets = self.carets(page: location.page, placementIndex: location.index)
        let x = clampedToColumn(carets.caretX(for: offset, affinity: position.affinity), carets: carets)
        let top = carets.baseline - carets.ascent
        return PageRect(page: location.page, rect: Rect(x: x - 1, y: top, width: 2, height: carets.ascent + carets.descent))
    }

    /// The rectangles covering `range`, as `UITextInput.selectionRects(for:)`: one per line and directional run,
    /// in document order, each as tall as its line box (so the rectangles of consecutive lines of a paragraph
    /// touch) and as wide as the range's graphemes on that line. `containsStart` is set on the rectangle holding
    /// the range's first grapheme, `containsEnd` on the one holding its last. An empty range gives one
    /// zero-width rectangle at the caret with both flags set, and so does a range of line breaks only (blank
    /// lines). Empty for a range outside `0...length`; a range
    /// that reaches beyond the layout's ``textRange`` (a section layout) gives the rectangles of the part inside.
    ///
    /// On a vertical page the rectangles are vertical strips, one per column (see ``Page/writingMode``).
    public func selectionRects(for range: Range<UTF16Offset>) -> [SelectionRect] {
        let rects = lineSelectionRects(for: range)
        return rects.map {
            let frame = frame(page: $0.page)
            guard frame.mode.isVertical else { return $0 }
            return SelectionRect(page: $0.page, rect: frame.page($0.rect), writingDirection: $0.writingDirection,
                                 containsStart: $0.containsStart, containsEnd: $0.containsEnd, isVertical: true)
        }
    }

    /// ``selectionRects(for:)`` in the pages' line frames (see ``LineFrame``).
    func lineSelectionRects(for range: Range<UTF16Offset>) -> [SelectionRect] {
        guard range.lowerBound >= 0, range.upperBound <= text.length else { return [] }
        let covered = textRange
        guard range.isEmpty ? covers(range.lowerBound)
                            : range.lowerBound < covered.upperBound && range.upperBound > covered.lowerBound else { return [] }
        let lower = snappedToGrapheme(max(range.lowerBound, covered.lowerBound))
        let upper = snappedToGrapheme(min(range.upperBound, covered.upperBound), forward: true)
        if lower == upper {
            guard let caret = lineCaretRect(for: TextPosition(offset: lower)) else { return [] }
            let direction: WritingDirection = carets(containing: lower)?.isRightToLeft == true ? .rightToLeft : .leftToRight
            return [SelectionRect(page: caret.page, rect: Rect(x: caret.rect.center.x, y: caret.rect.minY, width: 0, height: caret.rect.height),
                                  writingDirection: direction, containsStart: true, containsEnd: true)]
        }
        guard var location = placement(for: lower, affinity: .forward) else { return [] }
        var rects: [SelectionRect] = []
        while true {
            let carets = self.carets(page: location.page, placementIndex: location.index)
            if carets.range.lowerBound >= upper && !(carets.range.isEmpty) { break }
            appendSelectionRects(for: lower..<upper, on: carets, into: &rects)
            guard carets.range.upperBound < upper, let next = self.next(location) else { break }
            location = next
        }
        // A range that starts or ends in a line break (a line's hard break, a paragraph's separator) has no drawn
        // grapheme at that end: the rectangle nearest it, the first or the last, holds it, so that a selection
        // always has a rectangle with each end (UITextSelectionRect).
        func marked(_ r: SelectionRect, start: Bool = false, end: Bool = false) -> SelectionRect {
            SelectionRect(page: r.page, rect: r.rect, writingDirection: r.writingDirection,
                          containsStart: r.containsStart || start, containsEnd: r.containsEnd || end)
        }
        if !rects.isEmpty {
            if !rects.contains(where: \.containsStart) { rects[0] = marked(rects[0], start: true) }
            if !rects.contains(where: \.containsEnd) { rects[rects.count - 1] = marked(rects[rects.count - 1], end: true) }
        }
        if rects.isEmpty, let caret = lineCaretRect(for: TextPosition(offset: lower)) {
            // A range of line breaks only (empty lines, a paragraph's separator) covers no grapheme that is drawn:
            // it gets the zero-width rectangle at its start, as an empty range does, rather than nothing, so that a
            // selection made of blank lines still shows where it is.
            let direction: WritingDirection = carets(containing: lower)?.isRightToLeft == true ? .rightToLeft : .leftToRight
            rects.append(SelectionRect(page: caret.page, rect: Rect(x: caret.rect.center.x, y: caret.rect.minY, width: 0, height: caret.rect.height),
                                       writingDirection: direction, containsStart: true, containsEnd: true))
        }
        return rects
    }

    /// The first rectangle of `range`, as `UITextInput.firstRect(for:)`: the union of its selection rectangles
    /// on the first line it covers. An empty range gives the caret rectangle with zero width. Nil for a range
    /// outside `0...length`.
    public func firstRect(for range: Range<UTF16Offset>) -> PageRect? {
        let rects = lineSelectionRects(for: range)
        guard let first = rects.first else { return nil }
        var union = first.rect
        for rect in rects.dropFirst() where rect.page == first.page && rect.rect.minY == first.rect.minY {
            union = union.union(rect.rect)
        }
        return PageRect(page: first.page, rect: frame(page: first.page).page(union))
    }

    // MARK: - Helpers

    private func appendSelectionRects(for range: Range<UTF16Offset>, on carets: LineCarets, into rects: inout [SelectionRect]) {
        var groupMin = 0.0, groupMax = 0.0
        var groupRTL = false
        var groupStart = false, groupEnd = false
        var open = false
        func close() {
            guard open else { return }
            rects.append(SelectionRect(page: carets.page,
                                       rect: Rect(x: groupMin, y: carets.box.minY, width: groupMax - groupMin, height: carets.box.height),
                                       writingDirection: groupRTL ? .rightToLeft : .leftToRight,
                                       containsStart: groupStart, containsEnd: groupEnd))
            open = false
        }
        for g in carets.graphemes {
            let inside = g.start >= range.lowerBound && g.end <= range.upperBound
            if !inside || (open && g.isRightToLeft != groupRTL) { close() }
            guard inside else { continue }
            if !open {
                open = true
                groupMin = g.minX; groupMax = g.maxX; groupRTL = g.isRightToLeft
                groupStart = false; groupEnd = false
            }
            groupMin = min(groupMin, g.minX); groupMax = max(groupMax, g.maxX)
            if g.start == range.lowerBound { groupStart = true }
            if g.end == range.upperBound { groupEnd = true }
        }
        close()
    }

    /// The caret geometry of the line holding `offset` (downstream).
    func carets(containing offset: UTF16Offset) -> LineCarets? {
        placement(for: offset, affinity: .forward).map { carets(page: $0.page, placementIndex: $0.index) }
    }

    /// Keeps a caret's x inside the text column, as UITextView does, or inside its line where the line sticks out
    /// of the column (a glyph wider than the column, or one pushed past its edge by a first-line indent): there
    /// the caret stays on the glyph's edge, where the glyph is drawn and where hit testing maps it back, not
    /// inside the glyph at the column's edge, which would map back to the offset before it.
    private func clampedToColumn(_ x: Double, carets: LineCarets) -> Double {
        let edges = caretEdges(carets)
        return min(max(x, edges.left + 1), edges.right - 1)
    }

    /// The left and right edges a caret of the line is kept within (its centre 1 pt inside them, so that the
    /// 2 pt caret is drawn inside): the column's, widened to the line's box where the line sticks out of it.
    func caretEdges(_ carets: LineCarets) -> (left: Double, right: Double) {
        let placement = pages[carets.page].placements[carets.placementIndex]
        return (min(Double(placement.x), carets.box.minX), max(Double(placement.x) + columnWidth(pages[carets.page].writingMode), carets.box.maxX))
    }

    /// `offset` moved to the start (or, with `forward`, the end) of the grapheme cluster containing it, so that
    /// geometry is never asked for the inside of a cluster or a surrogate pair.
    func snappedToGrapheme(_ offset: UTF16Offset, forward: Bool = false) -> UTF16Offset {
        segmenter.boundary(offset, in: text, forward: forward)
    }
}
