import TypesetCore

/// Floats in the middle of a paragraph's text (CSS 2.1 §9.5: a float that occurs in a line is placed at the top of
/// that line, or below it, and the line boxes beside it are shortened; the text around it stays one paragraph).
///
/// The walk sets a float where it occurs, so the text of the paragraph it interrupts is flushed around it in parts
/// (the part after it marked ``SpineItemText/ParagraphDraft/joinsAcrossFloat``). This pass joins the parts into one
/// paragraph again and puts the floats' paragraphs right before it (and a float that ended its text,
/// ``BlockFloat/followsLine``), each anchored at its place in the joined text
/// (``BlockFloat/anchor``): paragraphs keep partitioning the text, and the paginator places each float at the line
/// holding its anchor. Every offset the walk recorded (anchors, links, notes, images, page breaks, boxes, the CFI
/// table) moves with its unit. Linear in the item (a binary search per recorded offset).
extension SpineItemText {
    /// A stretch of units moved: `old` now starts at `new`.
    struct Move {
        var old: Range<Int>
        var new: Int
    }

    /// Joins the paragraphs split by floats (see above); `cfi` is the item's CFI table, not yet finished.
    mutating func joinParagraphsAcrossFloats(cfi: inout CFIMap) {
        guard paragraphs.contains(where: { $0.joinsAcrossFloat != nil || $0.style.float?.followsLine == true }) else { return }
        var drafts: [ParagraphDraft] = []
        drafts.reserveCapacity(paragraphs.count)
        var joined = units
        var moves: [Move] = []
        var index = 0
        while index < paragraphs.count {
            let (parts, floats, end) = group(at: index)
            if floats.isEmpty {
                drafts.append(paragraphs[index])
            } else {
                drafts += join(parts: parts, floats: floats, into: &joined, moves: &moves)
            }
            index = end
        }
        paragraphs = drafts
        units = joined
        moves.sort { $0.old.lowerBound < $1.old.lowerBound }
        moveOffsets(by: moves, cfi: &cfi)
    }

    /// The paragraph at `index` and the parts after it that continue it across floats: the parts' indices, each
    /// float paragraph with the number of parts before it, and the index after the last part.
    private func group(at index: Int) -> (parts: [Int], floats: [(draft: Int, after: Int)], end: Int) {
        var parts = [index], floats: [(draft: Int, after: Int)] = []
        var scan = index + 1
        // A paragraph in a table cell joins parts of the same cell only (its floats float in the cell).
        let cell = paragraphs[index].style.tableCell
        guard paragraphs[index].style.float == nil else { return (parts, floats, scan) }
        while true {
            var next = scan
            while next < paragraphs.count, paragraphs[next].style.float != nil, paragraphs[next].style.tableCell == cell { next += 1 }
            guard next < paragraphs.count, paragraphs[next].joinsAcrossFloat != nil, paragraphs[next].style.tableCell == cell else { break }
            floats += (scan..<next).map { ($0, parts.count) }
            parts.append(next)
            scan = next + 1
        }
        // A float that ended the paragraph's last line of text is anchored at its end (placed at that line's top
        // when it fits beside it, as CSS places a float at the end of a line's content).
        var last = scan
        while last < paragraphs.count, let float = paragraphs[last].style.float, paragraphs[last].style.tableCell == cell,
              last == scan ? float.followsLine : !float.startsBox {
            last += 1
        }
        if last > scan {
            floats += (scan..<last).map { ($0, parts.count) }
            scan = last
        }
        return (parts, floats, floats.isEmpty ? index + 1 : scan)
    }

    /// Writes the floats of a group, then its parts as one paragraph, into `joined` (at the group's first unit:
    /// the group keeps its units, reordered); returns their drafts.
    private func join(parts: [Int], floats: [(draft: Int, after: Int)], into joined: inout [UInt16],
                      moves: inout [Move]) -> [ParagraphDraft] {
        var cursor = paragraphs[parts[0]].start
        var drafts: [ParagraphDraft] = []
        // Where each part starts in the joined paragraph, and the float anchors: after the content of the part
        // before them.
        var partOffsets: [Int] = []
        var offset = 0
        for part in parts {
            partOffsets.append(offset)
            offset += paragraphs[part].length
        }
        for (draftIndex, after) in floats {
            var draft = paragraphs[draftIndex]
            let previous = paragraphs[parts[after - 1]]
            draft.style.float?.anchor = partOffsets[after - 1] + previous.contentLength
            draft.style.float?.followsLine = false
            moves.append(Move(old: draft.start..<(draft.start + draft.length), new: cursor))
            joined.replaceSubrange(cursor..<(cursor + draft.length), with: units[draft.start..<(draft.start + draft.length)])
            draft.start = cursor
            cursor += draft.length
            drafts.append(draft)
        }
        var host = paragraphs[parts[0]]
        host.start = cursor
        host.runs = []
        for (number, part) in parts.enumerated() {
            let draft = paragraphs[part]
            let base = partOffsets[number]
            moves.append(Move(old: draft.start..<(draft.start + draft.length), new: cursor + base))
            joined.replaceSubrange((cursor + base)..<(cursor + base + draft.length), with: units[draft.start..<(draft.start + draft.length)])
            host.runs += draft.runs.map { AttributeRun(range: ($0.range.lowerBound + base)..<($0.range.upperBound + base), style: $0.style) }
            if draft.style.innerLineBreaks == .preserve { host.style.innerLineBreaks = .preserve }
            guard number + 1 < parts.count else {
                host.length = base + draft.length
                host.contentLength = base + draft.contentLength
                break
            }
            // The break the walk ended the part with becomes what stood around the float: a space, a line break
            // (a `<br>` right after it), or nothing visible (a word joiner).
            let separator = paragraphs[parts[number + 1]].joinsAcrossFloat ?? ParagraphDraft.noSeparator
            let separators = (base + draft.contentLength)..<(base + draft.length)
            for unit in separators { joined[cursor + unit] = separator }
            if separator == 0x2028 { host.style.innerLineBreaks = .preserve }
            var style = draft.runs.last?.style ?? TextStyle.body
            style.attachment = nil
            if !separators.isEmpty { host.runs.append(AttributeRun(range: separators, style: style)) }
        }
        host.joinsAcrossFloat = nil
        drafts.append(host)
        return drafts
    }

    /// Moves every offset recorded in the moved stretches.
    private mutating func moveOffsets(by moves: [Move], cfi: inout CFIMap) {
        guard !moves.isEmpty else { return }
        // The move holding `offset`: as a start (the unit at it) or an end (the unit before it).
        func moved(_ offset: Int, end: Bool = false) -> Int {
            var low = 0, high = moves.count
            while low < high {
                let mid = (low + high) / 2
                if end ? moves[mid].old.lowerBound < offset : moves[mid].old.lowerBound <= offset { low = mid + 1 } else { high = mid }
            }
            guard low > 0 else { return offset }
            let move = moves[low - 1]
            guard end ? offset <= move.old.upperBound : offset < move.old.upperBound else { return offset }
            return move.new + (offset - move.old.lowerBound)
        }
        func movedRange(_ range: Range<Int>) -> Range<Int> {
            let lower = moved(range.lowerBound)
            return lower..<max(lower, moved(range.upperBound, end: true))
        }
        anchors = anchors.mapValues { moved($0) }
        anchorEnds = anchorEnds.mapValues { moved($0, end: true) }
        for index in images.indices { images[index].offset = moved(images[index].offset) }
        for index in links.indices { links[index].range = movedRange(links[index].range) }
        for index in notes.indices { notes[index].end = moved(notes[index].end, end: true) }
        pageBreaks = pageBreaks.map { (moved($0.offset), $0.label) }.enumerated()
            .sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element)
        for index in pageStyle.boxes.indices { pageStyle.boxes[index].range = movedRange(pageStyle.boxes[index].range) }
        for index in cfi.elements.indices {
            if cfi.elements[index].start >= 0 { cfi.elements[index].start = Int32(clamping: moved(Int(cfi.elements[index].start))) }
            if cfi.elements[index].end >= 0 { cfi.elements[index].end = Int32(clamping: moved(Int(cfi.elements[index].end), end: true)) }
        }
        // The pieces stay in text order.
        for index in cfi.pieces.indices { cfi.pieces[index].output = Int32(clamping: moved(Int(cfi.pieces[index].output))) }
        cfi.pieces = cfi.pieces.enumerated().sorted { ($0.element.output, $0.offset) < ($1.element.output, $1.offset) }.map(\.element)
    }
}
