/// One decoration as laid out on one page.
public struct PlacedDecoration: Hashable, Sendable {
    /// The group's name.
    public var group: String
    /// The decoration.
    public var decoration: Decoration
    /// The whole resolved range (it may continue on other pages).
    public var range: Range<UTF16Offset>
    /// Its rectangles on the page: the layout's selection rectangles of the part of the range on the page, one
    /// per line and directional run, in document order.
    public var rects: [SelectionRect]
}

/// The decoration under a point (see ``DecorationSet/decoration(at:onPage:of:)``).
public struct DecorationHit: Hashable, Sendable {
    /// The group's name.
    public var group: String
    /// The decoration (its id is ``Decoration/id``).
    public var decoration: Decoration
    /// The page.
    public var page: Int
    /// The decoration's rectangle on the line under the point (the union of its rectangles on that line).
    public var lineRect: Rect
    /// The union of all the decoration's rectangles on the page: where to anchor a popover.
    public var unionRect: Rect
}

extension DecorationSet {
    /// The decorations with a part on page `page` of `layout`, bottom first, with their rectangles.
    ///
    /// Rectangles come from `layout` now (``BookLayout/selectionRects(for:)`` of the part of each range on the
    /// page), never from a cache, so they are right for whatever layout is passed. Cost: an interval lookup for
    /// the page's range plus the selection rectangles of the decorations found.
    public func placedDecorations(onPage page: Int, of layout: BookLayout) -> [PlacedDecoration] {
        guard layout.pages.indices.contains(page) else { return [] }
        let pageRange = layout.pages[page].range
        return decorations(overlapping: pageRange).map { f in
            let group = groups[f.group]
            return PlacedDecoration(group: group.name, decoration: group.decorations[f.item], range: f.range,
                                    rects: DecorationSet.rects(of: f.range, onPage: page, of: layout))
        }
    }

    /// The rectangles of decoration `id` of group `group` on every page of `layout`, in document order: exactly
    /// `layout.selectionRects(for: range)` of its resolved range. Nil when the group has no such id.
    public func rects(of id: String, in group: String, layout: BookLayout) -> [SelectionRect]? {
        guard let range = self.group(named: group)?.range(id: id) else { return nil }
        return layout.selectionRects(for: range)
    }

    /// The decoration under `point` on page `page` of `layout`: the topmost one (the last group first, the
    /// last decoration of its list first) with a rectangle containing the point (top and left edges in, bottom
    /// and right edges out, no tolerance: the gaps between paragraphs and the margins hit nothing).
    ///
    /// - Returns: The group, the decoration, the rectangle of the line hit and the union of the decoration's
    ///   rectangles on the page; nil when no decoration is under the point.
    public func decoration(at point: Point, onPage page: Int, of layout: BookLayout) -> DecorationHit? {
        for placed in placedDecorations(onPage: page, of: layout).reversed() {
            guard let hit = placed.rects.firstIndex(where: { $0.rect.contains(point) }) else { continue }
            // The rectangles of one line are consecutive and share the line box's top.
            var lineRect = placed.rects[hit].rect
            var i = hit - 1
            while i >= 0, placed.rects[i].rect.minY == lineRect.minY { lineRect = lineRect.union(placed.rects[i].rect); i -= 1 }
            i = hit + 1
            while i < placed.rects.count, placed.rects[i].rect.minY == lineRect.minY { lineRect = lineRect.union(placed.rects[i].rect); i += 1 }
            let union = placed.rects.dropFirst().reduce(placed.rects[0].rect) { $0.union($1.rect) }
            return DecorationHit(group: placed.group, decoration: placed.decoration, page: page, lineRect: lineRect, unionRect: union)
        }
        return nil
    }

    /// The selection rectangles of the part of `range` on page `page` (clipped to the page first, so a decoration
    /// spanning a chapter costs only its lines on this page).
    static func rects(of range: Range<UTF16Offset>, onPage page: Int, of layout: BookLayout) -> [SelectionRect] {
        let pageRange = layout.pages[page].range
        let lower = max(range.lowerBound, pageRange.lowerBound), upper = min(range.upperBound, pageRange.upperBound)
        guard lower < upper else { return [] }
        return layout.selectionRects(for: lower..<upper).filter { $0.page == page }
    }

    /// The rectangles of the part of `range` on page `page` of `layout` (for drawing a ``DecorationRun``).
    public func rects(of range: Range<UTF16Offset>, onPage page: Int, of layout: BookLayout) -> [SelectionRect] {
        guard layout.pages.indices.contains(page) else { return [] }
        return DecorationSet.rects(of: range, onPage: page, of: layout)
    }
}
