/// The result of comparing two positions, as `ComparisonResult`.
public enum TextOrder: String, Hashable, Sendable {
    /// The first position comes before the second.
    case ascending
    /// Same offset.
    case same
    /// The first position comes after the second.
    case descending
}

extension BookLayout {
    /// The start of the document (offset 0).
    public var beginningOfDocument: TextPosition { TextPosition(offset: 0) }
    /// The end of the document (offset = length).
    public var endOfDocument: TextPosition { TextPosition(offset: text.length) }

    /// `to.offset − from.offset`, in UTF-16 units, as `UITextInput.offset(from:to:)`; `Int.max` or `Int.min` where
    /// the difference of two positions a caller made up does not fit.
    public func offset(from: TextPosition, to: TextPosition) -> Int { to.offset.subtractingSaturating(from.offset) }

    /// `position.offset + offset`, or nil outside `0...length`, as `UITextInput.position(from:offset:)`. Pure
    /// arithmetic: the result may fall inside a grapheme or a surrogate pair (geometric methods snap).
    public func position(from position: TextPosition, offset: Int) -> TextPosition? {
        let (result, overflow) = position.offset.addingReportingOverflow(offset)
        guard !overflow, result >= 0, result <= text.length else { return nil }
        return TextPosition(offset: result)
    }

    /// Orders two positions by offset, as `UITextInput.compare(_:to:)`.
    public func compare(_ a: TextPosition, to b: TextPosition) -> TextOrder {
        a.offset < b.offset ? .ascending : (a.offset == b.offset ? .same : .descending)
    }

    /// The range between two positions (in either order), or nil if one lies outside `0...length`, as
    /// `UITextInput.textRange(from:to:)`. Ranges are `Range<UTF16Offset>` throughout the position API (as
    /// `NSRange` is in UIKit's): a range has no affinity of its own.
    public func textRange(from a: TextPosition, to b: TextPosition) -> Range<UTF16Offset>? {
        guard (0...text.length).contains(a.offset), (0...text.length).contains(b.offset) else { return nil }
        return min(a.offset, b.offset)..<max(a.offset, b.offset)
    }

    /// The position `offset` steps away in a layout direction, as `UITextInput.position(from:in:offset:)`:
    /// left and right move by grapheme clusters in visual order (in right-to-left text, right goes to lower
    /// offsets), continuing onto the next or previous line; up and down move by lines keeping the caret's x. In
    /// vertical text up and down move along a column and left and right across columns.
    /// Moving up from the first line gives the start of the document, down from the last line its end; moving
    /// left or right past either end gives nil. A negative `offset` moves the other way. Nil for a position
    /// outside `0...length` or outside the layout's ``textRange``.
    public func position(from position: TextPosition, in direction: TextLayoutDirection, offset: Int) -> TextPosition? {
        guard covers(position.offset) else { return nil }
        if offset == 0 { return position }
        if offset < 0 {
            let opposite: TextLayoutDirection = switch direction {
            case .left: .right
            case .right: .left
            case .up: .down
            case .down: .up
            }
            let (magnitude, overflow) = (0).subtractingReportingOverflow(offset)
            return overflow ? nil : self.position(from: position, in: opposite, offset: magnitude)
        }
        var current = TextPosition(offset: snappedToGrapheme(position.offset), affinity: position.affinity)
        for _ in 0..<min(offset, text.length + 2) {
            // Each step in the line frame of the page it starts on (pages may differ in writing mode).
            let direction = lineDirection(direction, mode: writingMode(at: current.offset))
            guard let next = step(from: current, direction) else {
                return direction == .up ? beginningOfDocument : (direction == .down ? endOfDocument : nil)
            }
            current = next
        }
        return current
    }

    /// A page direction as a direction in the line frame (see ``LineFrame``): in vertical text up and down run along
    /// a column, left and right cross columns (left is the next column in `vertical-rl`, the previous one in
    /// `vertical-lr`).
    private func lineDirection(_ direction: TextLayoutDirection, mode: WritingMode) -> TextLayoutDirection {
        switch (mode, direction) {
        case (.horizontal, _): direction
        case (_, .up): .left
        case (_, .down): .right
        case (.verticalRightToLeft, .left), (.verticalLeftToRight, .right): .down
        case (_, .left), (_, .right): .up
        }
    }

    /// One step of ``position(from:in:offset:)``.
    private func step(from position: TextPosition, _ direction: TextLayoutDirection) -> TextPosition? {
        guard let location = placement(for: position.offset, affinity: position.affinity) else { return nil }
        let carets = self.carets(page: location.page, placementIndex: location.index)
        switch direction {
        case .up, .down:
            let x = carets.caretX(for: position.offset, affinity: position.affinity)
            guard let target = direction == .up ? previous(location) : next(location) else { return nil }
            let line = self.carets(page: target.page, placementIndex: target.index)
            return closestPosition(toX: x, in: line)
        case .left, .right:
            // Caret stops of the line, left to right: each grapheme's left edge, then the last one's right edge.
            let stops = caretStops(carets)
            let x = carets.caretX(for: position.offset, affinity: position.affinity)
            guard let here = stops.firstIndex(where: { $0.offset == position.offset && abs($0.x - x) < 0.01 })
                ?? stops.firstIndex(where: { $0.offset == position.offset }) else {
                return nil
            }
            let target = direction == .right ? here + 1 : here - 1
            if stops.indices.contains(target) {
                let offset = stops[target].offset
                return TextPosition(offset: offset, affinity: offset == carets.endOffset && carets.isSoftWrapped ? .backward : .forward)
            }
            // Off the line's edge: onto the neighbouring line in reading order for the paragraph's direction.
            let forwardInText = (direction == .right) != carets.isRightToLeft
            guard let neighbour = forwardInText ? next(location) : previous(location) else { return nil }
            let line = self.carets(page: neighbour.page, placementIndex: neighbour.index)
            let lineStops = caretStops(line)
            if forwardInText {
                // The end of a soft-wrapped line and the start of the next are one offset: step one grapheme in.
                guard carets.isSoftWrapped, let s = lineStops.firstIndex(where: { $0.offset == line.startOffset }) else {
                    return TextPosition(offset: line.startOffset)
                }
                let inside = line.isRightToLeft ? s - 1 : s + 1
                return lineStops.indices.contains(inside) ? TextPosition(offset: lineStops[inside].offset) : endPosition(of: line)
            }
            guard line.isSoftWrapped, let e = lineStops.firstIndex(where: { $0.offset == line.endOffset }) else {
                return endPosition(of: line)
            }
            let inside = line.isRightToLeft ? e + 1 : e - 1
            return lineStops.indices.contains(inside) ? TextPosition(offset: lineStops[inside].offset) : TextPosition(offset: line.startOffset)
        }
    }

    /// The caret stops of a line, left to right, with their x.
    func caretStops(_ carets: LineCarets) -> [(offset: UTF16Offset, x: Double)] {
        var stops: [(offset: UTF16Offset, x: Double)] = []
        for g in carets.graphemes {
            stops.append((g.isRightToLeft ? g.end : g.start, g.minX))
        }
        if let last = carets.graphemes.last { stops.append((last.isRightToLeft ? last.start : last.end, last.maxX)) }
        if stops.isEmpty { stops.append((carets.startOffset, carets.contentMinX)) }
        return stops
    }
}
