import TypesetCore

/// What maps between one spine item's text offsets and the content part of an EPUB CFI (`/4[body01]/10/3:10`):
/// a flat table recorded while the XHTML is converted (``XHTMLConverter``), linear in the document and read with
/// loops and binary searches only (no recursion a file decides).
///
/// EPUB CFI 1.1 counts elements in even steps and the chunks of character data between them in odd ones, from the
/// document's root element; a character offset counts UTF-16 code units of the chunk's character data, entities
/// expanded and white space as written (section 3.1.4: "a position between UTF-16 code units"), which is the unit
/// of Typeset's offsets too. The converter collapses white space and adds text no document holds (list markers,
/// quotation marks, the rule of `<hr>`), so the table records, per chunk, the stretches of its character data that
/// map one to one onto units of the text (``Piece``); a run of collapsed white space starts a new stretch.
///
/// - **Offset to CFI** (``path(at:)``): the chunk and offset of the unit at the offset; else the end of the stretch
///   just before it (the end of a paragraph's text); a unit drawn for an element itself (an image, a `<br>`, the
///   rule of `<hr>`, a formula) names the element. A unit no document holds (inside a list marker or `<q>`'s marks) has no place of its own in the
///   document: its CFI is that of the next place that has one.
/// - **CFI to offset** (``offset(of:)``): the steps are followed through the element table; a character offset in
///   a chunk lands on the unit it maps to, or, inside collapsed white space, just after the text before it. A path
///   to an element lands on its first unit; a step into something the converter skips lands on the nearest element
///   it knows.
///
/// So every offset that is a place in the document (a caret before or after a character of its text, an image,
/// a line break) comes back from its CFI unchanged.
struct CFIMap: Sendable {
    /// An element of the document, in the order its parent's children were registered (a parent's children are
    /// contiguous). Offsets are local to the item; -1 when unknown.
    struct Element: Sendable {
        var parent: Int32
        /// Its even step in its parent.
        var step: Int32
        /// Its first child's index (-1 while its children are not registered: an element never read) and how many.
        var firstChild: Int32 = -1
        var childCount: Int32 = 0
        /// The offset of its first unit (where a link to its id lands), and just past its content.
        var start: Int32 = -1
        var end: Int32 = -1
        var id: String?
    }

    /// Units `output..<output + length` of the text come from the character data `source..<source + length` of chunk
    /// `step` (odd) of `element`; or, with `step` 0, are drawn for the element itself (an image, a `<br>`). An empty
    /// piece marks where a chunk that made no text is.
    struct Piece: Sendable {
        var element: Int32
        var step: Int32
        var source: Int32
        var output: Int32
        var length: Int32
    }

    var elements: [Element] = []
    /// In text order (their outputs never decrease).
    var pieces: [Piece] = []
    /// The text pieces, by element, step and source (indices into ``pieces``).
    var bySource: [Int32] = []

    /// Sorts ``bySource`` once the table is complete.
    mutating func finish() {
        let pieces = self.pieces
        bySource = pieces.indices.filter { pieces[$0].step > 0 }.map { Int32($0) }
        bySource.sort { a, b in
            let x = pieces[Int(a)], y = pieces[Int(b)]
            return (x.element, x.step, x.source, x.output) < (y.element, y.step, y.source, y.output)
        }
    }

    // MARK: Offset to CFI

    /// The content path of local offset `offset`: element steps from the root (each asserting the element's id)
    /// and, for a place in character data, the chunk's step and the character offset. Nil for an item with no
    /// recorded text.
    func path(at offset: Int) -> EPUBCFI.Path? {
        guard let (element, chunk) = place(at: offset) else { return nil }
        var steps = elementSteps(to: element)
        var characterOffset: Int?
        if let chunk {
            steps.append(EPUBCFI.Step(index: Int(chunk.step)))
            characterOffset = Int(chunk.offset)
        }
        return EPUBCFI.Path(documents: [steps], characterOffset: characterOffset)
    }

    /// The element, and the chunk and character offset in it, of `offset` (see the type's rules).
    private func place(at offset: Int) -> (element: Int32, chunk: (step: Int32, offset: Int32)?)? {
        let target = Int32(clamping: offset)
        // The last piece that starts at or before the offset and has units.
        var index = firstPiece(startingAfter: target) - 1
        while index >= 0, pieces[index].length == 0 { index -= 1 }
        if index >= 0 {
            let piece = pieces[index]
            if target < piece.output + piece.length {
                // The unit at the offset is this piece's.
                if piece.step > 0 { return (piece.element, (piece.step, piece.source + target - piece.output)) }
                return (piece.element, nil)
            }
            if target == piece.output + piece.length {
                // Just after the piece: the end of its stretch, or the chunk after its element.
                if piece.step > 0 { return (piece.element, (piece.step, piece.source + piece.length)) }
                let element = elements[Int(piece.element)]
                if element.parent >= 0 { return (element.parent, (element.step + 1, 0)) }
            }
        }
        // Generated text: the next place the document has.
        var next = index + 1
        while next < pieces.count, pieces[next].length == 0 { next += 1 }
        if next < pieces.count {
            let piece = pieces[next]
            return piece.step > 0 ? (piece.element, (piece.step, piece.source)) : (piece.element, nil)
        }
        if index >= 0 {
            let piece = pieces[index]
            if piece.step > 0 { return (piece.element, (piece.step, piece.source + piece.length)) }
            return (piece.element, nil)
        }
        return elements.isEmpty ? nil : (0, nil)
    }

    /// The index of the first piece whose output is after `offset` (binary search).
    private func firstPiece(startingAfter offset: Int32) -> Int {
        var low = 0, high = pieces.count
        while low < high {
            let middle = (low + high) / 2
            if pieces[middle].output <= offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The steps from the root to `element`, each asserting the element's id (a loop over parents, as deep as
    /// the document).
    private func elementSteps(to element: Int32) -> [EPUBCFI.Step] {
        var steps: [EPUBCFI.Step] = []
        var current = element
        while current > 0, Int(current) < elements.count, steps.count < elements.count {
            let entry = elements[Int(current)]
            steps.append(EPUBCFI.Step(index: Int(entry.step), assertion: entry.id))
            current = entry.parent
        }
        return steps.reversed()
    }

    // MARK: CFI to offset

    /// Where a content path (the steps after the spine item's `!`, and its character offset) lands: the local
    /// offset, and whether every step was followed and every id it asserts held. Nil for an empty table.
    func offset(of steps: [EPUBCFI.Step], characterOffset: Int?) -> (offset: Int, exact: Bool)? {
        guard !elements.isEmpty else { return nil }
        var current: Int32 = 0
        var exact = true
        for (number, step) in steps.enumerated() {
            let element = elements[Int(current)]
            if step.index % 2 == 1 {
                // Character data: the last step that means anything.
                let landed = chunkOffset(element: current, step: Int32(clamping: step.index), offset: Int32(clamping: characterOffset ?? 0))
                return (landed.offset, exact && landed.exact && number == steps.count - 1)
            }
            let childNumber = step.index / 2 - 1
            guard element.firstChild >= 0 else {
                // Inside an element the converter never read (the head, a script): where it would start.
                return (Int(max(0, element.start)), false)
            }
            guard step.index > 0, childNumber < Int(element.childCount) else {
                // The virtual elements before the first chunk (0) and after the last (n + 2).
                let virtualEnd = step.index > 0 && childNumber == Int(element.childCount)
                return (Int(virtualEnd && element.end >= 0 ? element.end : max(0, element.start)), exact && (step.index == 0 || virtualEnd))
            }
            current = element.firstChild + Int32(childNumber)
            if let asserted = step.assertion, elements[Int(current)].id != asserted { exact = false }
        }
        return (Int(max(0, elements[Int(current)].start)), exact && characterOffset == nil)
    }

    /// Where character offset `offset` of chunk `step` of `element` lands.
    private func chunkOffset(element: Int32, step: Int32, offset: Int32) -> (offset: Int, exact: Bool) {
        // The chunk's pieces in `bySource`: the first whose key is not less than (element, step).
        var low = 0, high = bySource.count
        while low < high {
            let middle = (low + high) / 2
            let piece = pieces[Int(bySource[middle])]
            if (piece.element, piece.step) < (element, step) { low = middle + 1 } else { high = middle }
        }
        var best: Piece?
        var index = low
        while index < bySource.count {
            let piece = pieces[Int(bySource[index])]
            guard piece.element == element, piece.step == step else { break }
            if best == nil || piece.source <= offset { best = piece }
            if piece.source > offset { break }
            index += 1
        }
        guard let piece = best else {
            // A chunk that holds nothing: right after the element before it, else where its parent starts.
            let parent = elements[Int(element)]
            let before = Int(step / 2) - 1
            if before >= 0, before < Int(parent.childCount), parent.firstChild >= 0 {
                let sibling = elements[Int(parent.firstChild) + before]
                return (Int(max(0, sibling.end >= 0 ? sibling.end : sibling.start)), offset == 0)
            }
            return (Int(max(0, parent.start)), offset == 0)
        }
        if offset < piece.source { return (Int(piece.output), false) }
        return (Int(piece.output + min(offset - piece.source, piece.length)), true)
    }
}
