/// Recording the ``CFIMap`` while a document is converted: which element each one is (its parent and even step),
/// where each element starts and ends in the text, and which stretches of each chunk of character data became
/// which units.
struct CFIRecorder {
    var map = CFIMap()
    /// The table index of each element registered so far.
    private var indices: [ObjectIdentifier: Int32] = [:]
    /// The chunk whose character data is being appended, and the offset of the text node's first unit in it (a
    /// chunk is every text node between two elements: a comment splits a node, not a chunk).
    var source: (element: Int32, step: Int32, offset: Int32)?
    /// Elements whose start waits, as an id's anchor does, for the next unit of content.
    var pendingStarts: [Int32] = []
    /// The element being handled (for the units it draws itself: an image, a `<br>`).
    var current: Int32 = 0

    /// Registers the root element (`<html>`), whose children the content path's first step counts.
    mutating func registerRoot(_ root: XMLElement) {
        map.elements = [CFIMap.Element(parent: -1, step: 0, id: root.id)]
        indices = [ObjectIdentifier(root): 0]
    }

    /// The table index of the element at `path`, registering it (and its siblings, all at once, so that each
    /// parent's children are read once) when it is not yet; a loop up the path, never recursion.
    mutating func index(of path: ElementPath) -> Int32 {
        if path.cfiIndex >= 0 { return path.cfiIndex }
        guard let index = lookUpIndex(of: path) else { return 0 }
        path.cfiIndex = index
        return index
    }

    /// ``index(of:)`` for a path that does not know its index yet: nil for an element outside the registered tree.
    private mutating func lookUpIndex(of path: ElementPath) -> Int32? {
        // Nearly every element: its parent knows its index, and the parent's children are registered together in
        // order, so it is the parent's `ordinal`th child (its path's place among them): no hashing of its identity.
        if let parent = path.parent, parent.cfiIndex >= 0, Int(parent.cfiIndex) < map.elements.count {
            let p = Int(parent.cfiIndex)
            if map.elements[p].firstChild < 0 { registerChildren(of: parent.element, at: parent.cfiIndex) }
            if path.ordinal >= 1, path.ordinal <= map.elements[p].childCount { return map.elements[p].firstChild + path.ordinal - 1 }
        }
        if let known = indices[ObjectIdentifier(path.element)] { return known }
        // The usual case, an element whose parent is registered and its children not yet: no chain to gather.
        if let parent = path.parent, let parentIndex = parent.cfiIndex >= 0 ? parent.cfiIndex : indices[ObjectIdentifier(parent.element)] {
            registerChildren(of: parent.element, at: parentIndex)
            return indices[ObjectIdentifier(path.element)]
        }
        var chain: [ElementPath] = []
        var cursor: ElementPath? = path
        while let step = cursor, indices[ObjectIdentifier(step.element)] == nil {
            chain.append(step)
            cursor = step.parent
        }
        for step in chain.reversed() where indices[ObjectIdentifier(step.element)] == nil {
            guard let parent = step.parent, let parentIndex = indices[ObjectIdentifier(parent.element)] else { continue }
            registerChildren(of: parent.element, at: parentIndex)
        }
        return indices[ObjectIdentifier(path.element)]
    }

    private mutating func registerChildren(of element: XMLElement, at parentIndex: Int32) {
        let first = Int32(clamping: map.elements.count)
        var count: Int32 = 0
        for child in element.children {
            guard case .element(let childElement) = child else { continue }
            count += 1
            indices[ObjectIdentifier(childElement)] = first + count - 1
            map.elements.append(CFIMap.Element(parent: parentIndex, step: 2 * count, id: childElement.id))
        }
        map.elements[Int(parentIndex)].firstChild = first
        map.elements[Int(parentIndex)].childCount = count
    }

    /// Places the starts waiting at `offset`.
    mutating func placeStarts(at offset: Int) {
        for element in pendingStarts where map.elements[Int(element)].start < 0 {
            map.elements[Int(element)].start = Int32(clamping: offset)
        }
        pendingStarts.removeAll()
    }

    /// Records that units `output..<output + sources.count` came from the current chunk's units `sources` (relative
    /// to the text node; -1 for a unit that came from no unit of it, such as a space carried from the node before).
    mutating func recordText(sources: [Int32], output: Int) {
        guard let source else { return }
        var position = Int32(clamping: output)
        for unit in sources {
            defer { position += 1 }
            guard unit >= 0 else { continue }
            if let piece = map.pieces.last, piece.element == source.element, piece.step == source.step, piece.length > 0,
               piece.output + piece.length == position, piece.source + piece.length == source.offset + unit {
                map.pieces[map.pieces.count - 1].length += 1
            } else {
                map.pieces.append(CFIMap.Piece(element: source.element, step: source.step, source: source.offset + unit,
                                               output: position, length: 1))
            }
        }
    }

    /// Records that units `range` were drawn for the element being handled.
    mutating func recordElementUnits(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        map.pieces.append(CFIMap.Piece(element: current, step: 0, source: 0, output: Int32(clamping: range.lowerBound),
                                       length: Int32(clamping: range.count)))
    }

    /// Marks an empty chunk's place at `output`.
    mutating func recordEmptyChunk(at output: Int) {
        guard let source else { return }
        map.pieces.append(CFIMap.Piece(element: source.element, step: source.step, source: source.offset,
                                       output: Int32(clamping: output), length: 0))
    }
}

extension XHTMLConverter {
    /// Where the next unit goes, before any pending space.
    var currentOffset: Int { output.units.count + line.count }

    /// Appends a text node that is part of chunk `step` of the element at `parent`, at `offset` in the chunk.
    mutating func appendChunkText(_ text: String, parent: Int32, step: Int, offset: Int, block: BlockContext, inline: InlineContext) {
        cfi.source = (parent, Int32(clamping: step), Int32(clamping: offset))
        let pieces = cfi.map.pieces.count
        let start = currentOffset
        appendText(text, block: block, inline: inline)
        if cfi.map.pieces.count == pieces, offset == 0 { cfi.recordEmptyChunk(at: start) }
        cfi.source = nil
    }

    /// Notes the start of the element at `path` (placed with the next unit of content) and makes it the element
    /// being handled; returns the one handled before, to restore.
    mutating func enterCFIElement(_ path: ElementPath) -> Int32 {
        let index = cfi.index(of: path)
        cfi.pendingStarts.append(index)
        let previous = cfi.current
        cfi.current = index
        return previous
    }

    /// Notes where the element being handled ends, and restores `previous`.
    mutating func leaveCFIElement(restoring previous: Int32) {
        let index = Int(cfi.current)
        if index < cfi.map.elements.count { cfi.map.elements[index].end = Int32(clamping: currentOffset) }
        cfi.current = previous
    }

    /// Records that the last units of the text came from the units `sources` of the current text node.
    mutating func recordTextUnits(_ sources: [Int32]) {
        guard cfi.source != nil else { return }
        cfi.recordText(sources: sources, output: currentOffset - sources.count)
    }

    /// Records that the last `count` units were drawn for the element being handled.
    mutating func recordElementUnits(count: Int) {
        cfi.recordElementUnits((currentOffset - count)..<currentOffset)
    }
}
