/// The pass after pagination that turns the decorated blocks (``ParagraphStyle/boxes``) of each page's lines into
/// the boxes the renderer draws behind them (``BlockBox``): one box per block and column part, from the top of
/// its first line on the page (less the block's border and padding where the block starts) to the bottom of its
/// last (plus them where it ends), between the block's outer edges in its column. A block broken across columns
/// or pages is sliced (`box-decoration-break: slice`): its top edge is drawn where it starts, its bottom edge
/// where it ends. Costs one look at each placed line and at each box it is in.
struct BoxDecorationPass {
    let text: StyledText
    /// The paragraph layouts, the first being paragraph `first`'s.
    let layouts: [ParagraphLayout]
    let first: Int
    /// Points per em (the body size) and the column's width, in points.
    let emSize: Double
    let columnWidth: Double

    /// A box's part in one column of the page being decorated.
    private struct Part {
        var box: BoxDecoration
        var columnX: Float
        var top: Double
        var bottom: Double
        var startsHere: Bool
        var endsHere: Bool
    }

    /// `pages` with their decorated blocks' boxes put before their own (table) boxes; pages unchanged when no
    /// paragraph of the text is decorated.
    func decorate(_ pages: [Page]) -> [Page] {
        let range = first..<(first + layouts.count)
        guard text.paragraphs[range].contains(where: { !$0.style.boxes.isEmpty }) else { return pages }
        return pages.map { page in
            let boxes = self.boxes(of: page)
            guard !boxes.isEmpty else { return page }
            return Page(index: page.index, range: page.range, size: page.size, section: page.section,
                        placements: page.placements, boxes: boxes + page.boxes, tableRows: page.tableRows)
        }
    }

    /// The boxes of `page`, outer boxes before the boxes inside them.
    private func boxes(of page: Page) -> [BlockBox] {
        var parts: [Part] = []
        var open: [Int: Int] = [:]  // box id → its part in `parts`
        for placement in page.placements {
            let index = Int(placement.paragraph)
            guard index >= first, index - first < layouts.count else { continue }
            let boxes = text.paragraphs[index].style.boxes
            guard !boxes.isEmpty else { continue }
            let layout = layouts[index - first]
            let lineIndex = Int(placement.line)
            guard lineIndex < layout.lines.count else { continue }
            let line = layout.lines[lineIndex]
            // A box that starts (ends) here has the borders and padding of the boxes inside it that start (end) here
            // too between its edge and the line: sums from the innermost box out.
            var above = 0.0, below = 0.0
            var reaches: [(top: Double, bottom: Double, starts: Bool, ends: Bool)] = []
            reaches.reserveCapacity(boxes.count)
            for box in boxes.reversed() {
                let starts = lineIndex == 0 && !paragraph(index - 1, isIn: box.id, besides: index)
                let ends = lineIndex == layout.lines.count - 1 && !paragraph(index + 1, isIn: box.id, besides: index)
                if starts { above += box.above * emSize }
                if ends { below += box.below * emSize }
                reaches.append((placement.y - (starts ? above : 0), placement.y + Double(line.height) + (ends ? below : 0), starts, ends))
            }
            for (box, reach) in zip(boxes, reaches.reversed()) {
                let (top, bottom, starts, ends) = reach
                if let part = open[box.id], parts[part].columnX == placement.x {
                    parts[part].top = min(parts[part].top, top)
                    parts[part].bottom = max(parts[part].bottom, bottom)
                    parts[part].endsHere = parts[part].endsHere || ends
                    parts[part].startsHere = parts[part].startsHere || starts
                } else {
                    open[box.id] = parts.count
                    parts.append(Part(box: box, columnX: placement.x, top: top, bottom: bottom, startsHere: starts, endsHere: ends))
                }
            }
        }
        return parts.map(blockBox)
    }

    /// Whether paragraph `index` of the text is inside the box `id` with its neighbour `neighbour`: in it and in the
    /// same section (a box's id is unique in its document, and each document starts a section).
    private func paragraph(_ index: Int, isIn id: Int, besides neighbour: Int) -> Bool {
        guard text.paragraphs.indices.contains(index), text.paragraphs[index].style.boxes.contains(where: { $0.id == id }) else {
            return false
        }
        return text.sectionIndex(ofParagraph: index) == text.sectionIndex(ofParagraph: neighbour)
    }

    private func blockBox(_ part: Part) -> BlockBox {
        let box = part.box
        // The outer edges stay inside the column whatever the styles say, a point apart at least.
        let left = min(box.left * emSize, max(0, (columnWidth - 1) / 2))
        let right = min(box.right * emSize, max(0, (columnWidth - 1) / 2))
        var edges = box.border
        if !part.startsHere { edges.top = BorderEdge() }
        if !part.endsHere { edges.bottom = BorderEdge() }
        let rect = Rect(x: Double(part.columnX) + left, y: part.top, width: max(0, columnWidth - left - right),
                        height: max(0, part.bottom - part.top))
        return BlockBox(rect: rect, background: box.background, edges: edges, emSize: emSize)
    }
}
