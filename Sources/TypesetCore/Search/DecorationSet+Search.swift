extension DecorationSet {
    /// Shows search results as the decoration group `group` ("search"), the active result distinct; call it again
    /// after each move to show the new active result (only the two results that changed are reported).
    @discardableResult
    public mutating func apply(_ search: SearchResultList, in group: String = SearchResultList.groupName) -> DecorationChanges {
        apply(search.decorations, in: group)
    }
}
