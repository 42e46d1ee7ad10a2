/// Search results as a reader sees them: every result highlighted in the text, one of them active (the one the
/// reader was taken to, drawn distinctly), with next and previous.
///
/// ```swift
/// var found = SearchResultList()
/// try publication.search("natasha").forEachBatch { found.append($0.results); return .proceed }
/// decorations.apply(found)                                        // the "search" group
/// if let (page, result) = try session.nextSearchResult(in: &found) {
///     decorations.apply(found)                                    // the new active result
///     draw(page)
/// }
/// ```
///
/// A value holding results and an index; the decorations it makes are ranges, so they stay right under every
/// relayout (see the manual's "Decorations").
public struct SearchResultList: Sendable {
    /// The decoration group search results are shown in.
    public static let groupName = "search"

    /// The results, in book order.
    public private(set) var results: [SearchResult]
    /// The position in ``results`` of the active result, if any.
    public private(set) var activeIndex: Int?
    /// How results are drawn.
    public var style: DecorationStyle
    /// How the active result is drawn (fill and underline, in another tint).
    public var activeStyle: DecorationStyle

    /// A list of `results` (in book order), none active.
    public init(results: [SearchResult] = [], style: DecorationStyle = .highlight(tint: .yellow),
                activeStyle: DecorationStyle = .highlight(tint: .orange, isActive: true)) {
        self.results = results
        self.style = style
        self.activeStyle = activeStyle
    }

    /// The active result.
    public var active: SearchResult? { activeIndex.map { results[$0] } }

    /// Adds results that a search streamed after those already held (a ``SearchBatch``'s).
    public mutating func append(_ more: [SearchResult]) { results.append(contentsOf: more) }

    /// Makes the result at `index` of ``results`` active, or none with nil (or an index outside the list).
    public mutating func activate(_ index: Int?) {
        activeIndex = index.flatMap { results.indices.contains($0) ? $0 : nil }
    }

    /// The position of the result after the active one; with none active, of the first result starting at or after
    /// `offset` (the reading position). Nil when there is none.
    public func indexOfNext(after offset: UTF16Offset) -> Int? {
        if let activeIndex { return activeIndex + 1 < results.count ? activeIndex + 1 : nil }
        let index = firstIndex(startingAtOrAfter: offset)
        return index < results.count ? index : nil
    }

    /// The position of the result before the active one; with none active, of the last result starting before
    /// `offset`. Nil when there is none.
    public func indexOfPrevious(before offset: UTF16Offset) -> Int? {
        if let activeIndex { return activeIndex > 0 ? activeIndex - 1 : nil }
        let index = firstIndex(startingAtOrAfter: offset)
        return index > 0 ? index - 1 : nil
    }

    /// One decoration per result, id `search-N` (N the result's ``SearchResult/index``), the active one last so
    /// that it is drawn on top.
    public var decorations: [Decoration] {
        var list: [Decoration] = []
        list.reserveCapacity(results.count)
        for (position, result) in results.enumerated() where position != activeIndex {
            list.append(Decoration(id: "search-\(result.index)", range: result.range, style: style))
        }
        if let active {
            list.append(Decoration(id: "search-\(active.index)", range: active.range, style: activeStyle))
        }
        return list
    }

    /// Binary search over the results' starts.
    private func firstIndex(startingAtOrAfter offset: UTF16Offset) -> Int {
        results.partitioningIndex { $0.range.lowerBound >= offset }
    }
}
