extension ReadingSession {
    /// Goes to the page holding `result` and anchors there, as any navigation does (the page's first grapheme
    /// becomes the reading position).
    ///
    /// - Throws: ``ReadingError`` when the result is not in this session's text.
    @discardableResult
    public func go(to result: SearchResult) throws -> ReaderPage {
        try go(to: result.range.lowerBound)
    }

    /// Makes the next result active (after the active one; with none active, the first at or after the reading
    /// position) and goes to its page, moving the reading position there. Nil, with nothing changed, when there
    /// is no next result.
    public func nextSearchResult(in list: inout SearchResultList) throws -> (page: ReaderPage, result: SearchResult)? {
        guard let index = list.indexOfNext(after: anchor.position.offset) else { return nil }
        return try move(to: index, in: &list)
    }

    /// Makes the previous result active (before the active one; with none active, the last before the reading
    /// position) and goes to its page. Nil, with nothing changed, when there is none.
    public func previousSearchResult(in list: inout SearchResultList) throws -> (page: ReaderPage, result: SearchResult)? {
        guard let index = list.indexOfPrevious(before: anchor.position.offset) else { return nil }
        return try move(to: index, in: &list)
    }

    private func move(to index: Int, in list: inout SearchResultList) throws -> (page: ReaderPage, result: SearchResult) {
        let result = list.results[index]
        let page = try go(to: result)
        list.activate(index)
        return (page, result)
    }
}
