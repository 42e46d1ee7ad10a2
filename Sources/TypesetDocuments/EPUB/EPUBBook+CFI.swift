import TypesetCore

extension EPUBBook {
    /// Where an EPUB CFI points in the text: its spine step names the item (by the itemref `id` it asserts, else
    /// by its index), and in the item, the innermost step of the content path whose id assertion names an element
    /// of the item gives the offset (an element's first character, as a link to its id lands); with none, the
    /// item's start. `exact` says whether the CFI named that element itself (no deeper step, no character offset).
    ///
    /// Steps without an id and character offsets inside text nodes are not followed: the text model keeps the
    /// ids of the XHTML, not its whole tree, so a CFI into the middle of a paragraph lands on the nearest element
    /// with an id above it. Nil when the CFI does not start at the package's spine, names no spine item in the text,
    /// or has no step into a content document.
    public func offset(of cfi: EPUBCFI) -> (offset: UTF16Offset, exact: Bool)? {
        let documents = cfi.path.documents
        guard let package = documents.first, package.count >= 2, package[0].index == cfiSpineStep else { return nil }
        let itemStep = package[1]
        let item = itemStep.assertion.flatMap { id in spine.first { $0.itemrefID == id } }
            ?? spine.first { $0.cfiStep == itemStep.index }
        guard let item, let range = item.range else { return nil }
        let content = documents.count > 1 ? documents[1] : []
        let ids = anchors[item.href] ?? [:]
        for (depth, step) in content.enumerated().reversed() {
            guard let id = step.assertion, let local = ids[id], local <= range.count else { continue }
            let deepest = depth == content.count - 1 && documents.count <= 2 && cfi.path.characterOffset == nil && cfi.range == nil
            return (range.lowerBound + local, deepest)
        }
        return (range.lowerBound, content.count <= 1 && cfi.path.characterOffset == nil)
    }
}
