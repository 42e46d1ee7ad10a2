import TypesetCore

extension EPUBBook {
    /// Where an EPUB CFI points in the text. The spine step names the item (by the itemref `id` it asserts, else
    /// by its index); in the item, the steps are followed through the document's elements and chunks of character
    /// data, as recorded when the item was converted (`CFIMap`), and a character offset (UTF-16 code units of
    /// the chunk's character data, as EPUB CFI 1.1 counts them) lands on the unit of the text it became. A range
    /// stands for its start (EPUB CFI 1.1, "Simple ranges").
    ///
    /// `exact` says whether every step was followed and every id assertion held. When an asserted id does not
    /// match the element at its step (the book changed since the CFI was made), the innermost step whose id
    /// names an element of the item gives the place instead (the specification's target correction by id):
    /// that element's first character. Nil when the CFI does not start at the package's spine, names no spine item
    /// in the text, or has no step into a content document.
    public func offset(of cfi: EPUBCFI) -> (offset: UTF16Offset, exact: Bool)? {
        var path = cfi.path
        if let start = cfi.range?.start {
            // The range's start: its subpath appended to the common parent.
            var documents = path.documents
            for (index, steps) in start.documents.enumerated() {
                if index == 0, !documents.isEmpty { documents[documents.count - 1] += steps } else { documents.append(steps) }
            }
            path = EPUBCFI.Path(documents: documents, characterOffset: start.characterOffset)
        }
        let documents = path.documents
        guard let package = documents.first, package.count >= 2, package[0].index == cfiSpineStep else { return nil }
        let itemStep = package[1]
        let item = itemStep.assertion.flatMap { id in spine.first { $0.itemrefID == id } }
            ?? spine.first { $0.cfiStep == itemStep.index }
        guard let item, let range = item.range else { return nil }
        let content = documents.count > 1 ? documents[1] : []
        var structural: (offset: Int, exact: Bool)?
        if documents.count == 2, let map = cfiMaps[item.href],
           let found = map.offset(of: content, characterOffset: path.characterOffset), found.offset <= range.count {
            if found.exact { return (range.lowerBound + found.offset, true) }
            structural = found
        }
        let ids = anchors[item.href] ?? [:]
        for step in content.reversed() {
            guard let id = step.assertion, let local = ids[id], local <= range.count else { continue }
            return (range.lowerBound + local, false)
        }
        if let structural { return (range.lowerBound + structural.offset, false) }
        return (range.lowerBound, content.isEmpty && path.characterOffset == nil)
    }

    /// The EPUB CFI of a global offset: the spine step and the item's itemref step (asserting the itemref's `id`),
    /// then the path in the item's document to the chunk of character data holding the offset and the character
    /// offset in it (UTF-16 code units), each element step asserting the element's id. A place the document does
    /// not hold (inside a list marker, a quotation mark `<q>` adds) gets the CFI of the next place it does (see
    /// `CFIMap`); every other offset comes back from its CFI unchanged (``offset(of:)-(EPUBCFI)``). Nil outside the text or
    /// in an item with no recorded document.
    public func cfi(at offset: UTF16Offset) -> EPUBCFI? {
        guard let location = location(ofOffset: offset), let item = laidOutItem(href: location.href),
              let content = cfiMaps[location.href]?.path(at: location.offset) else { return nil }
        let spineSteps = [EPUBCFI.Step(index: cfiSpineStep), EPUBCFI.Step(index: item.cfiStep, assertion: item.itemrefID)]
        return EPUBCFI(path: EPUBCFI.Path(documents: [spineSteps] + content.documents, characterOffset: content.characterOffset))
    }
}
