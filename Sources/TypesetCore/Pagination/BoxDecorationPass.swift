/// The pass after pagination that turns the decorated blocks (``ParagraphStyle/boxes``) of each page's lines into
/// the boxes the renderer draws behind them (``BlockBox``): one box per block and column part, from the top of
/// its first line on the page (less the block's border and padding where the block starts) to the bottom of its
/// last (plus them where it ends), between the block's outer edges in its column (or in its table cell's content
/// box). A block broken across columns
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
    /// The text's floats, and how far right of where they were set those placed beside others were moved: a float's
    /// own box and the boxes inside it are drawn in the float's box, not across the column.
    var floats = FloatLayout()
    var floatShifts: [Int: Float] = [:]
    /// The text's multi-column blocks, and the left edges of a page's columns: a block's own box and the boxes
    /// around it are drawn across the block in its page column, the boxes inside it in their column of the block.
    var columnBlocks = ColumnBlockLayout()
    var pageColumnLefts: [Float] = []
    /// The blocks fitting their content: a box of one (or inside one) is drawn in its narrower width.
    var fitted = FittedBlocks()
    /// The content box of each table cell's paragraph, by document index: a box inside a cell
    /// (``BoxDecoration/inCell``) is drawn in it.
    var cellBoxes: [Int: CellBox] = [:]

    /// A box's part in one column of the page being decorated.
    private struct Part {
        var box: BoxDecoration
        /// The section (document) of the box: box ids are unique in one document only.
        var section: Int
        /// The first paragraph of the box on the page (document index): whose block fitting its content is the box's.
        var paragraph: Int
        /// The left edge of what the box is laid in (its column, or the float it is in), and that width when it is a
        /// float's (nil: the column's).
        var columnX: Float
        var width: Double? = nil
        var top: Double
        var bottom: Double
        var startsHere: Bool
        var endsHere: Bool
        /// The bottom of its lowest line so far (a box across a multi-column block ends below its tallest column).
        var linesBottom: Double
    }

    /// Puts the decorated blocks' boxes of `pages` before their own (table) boxes; the pages are unchanged when no
    /// paragraph of the text is decorated.
    ///
    /// Each page's parts are found on their own, in parallel on up to `threads` threads (`pool` lends the workers
    /// their scratch objects, unused here): serial work after pagination otherwise.
    func decorate(_ pages: inout [Page], threads: Int, pool: ScratchPool<LayoutScratch>) {
        let range = first..<(first + layouts.count)
        guard text.paragraphs[range].contains(where: { !$0.style.boxes.isEmpty }) else { return }
        let parts = parts(of: pages, threads: threads, pool: pool)
        let wholeBoxes = Self.wholeBoxes(parts)
        // Only the pages with parts are made again: a new array of every page retained and released each one's arrays.
        for (pageIndex, parts) in parts.enumerated() where !parts.isEmpty && pages.indices.contains(pageIndex) {
            let boxes = parts.enumerated().map { blockBox($1, whole: wholeBoxes[pageIndex]?[$0]) }
            let page = pages[pageIndex]
            pages[pageIndex] = page.placed(index: page.index, writingMode: page.writingMode, size: page.size, boxes: boxes + page.boxes)
        }
    }

    /// The parts of each of `pages`, in parallel. One scratch for the pages of a chunk: the boxes open so far and
    /// the lines' reaches are emptied, not made again.
    private func parts(of pages: [Page], threads: Int, pool: ScratchPool<LayoutScratch>) -> [[Part]] {
        parallelChunks(count: pages.count, threads: threads, pool: pool, grain: 16) { chunk, _, output in
            var scratch = PageScratch()
            for (k, p) in chunk.enumerated() { output.initializeElement(at: k, to: self.parts(of: pages[p], scratch: &scratch)) }
        }
    }

    /// For the parts of boxes with background images or rounded corners: the top of the whole box, as though unbroken, and its
    /// height (`box-decoration-break: slice` paints the whole box's background cut into its parts), by page and
    /// part. The parts of one box follow one another in page and column order.
    private static func wholeBoxes(_ parts: [[Part]]) -> [Int: [Int: (top: Double, height: Double)]] {
        func needsWhole(_ box: BoxDecoration) -> Bool {
            !box.images.isEmpty || !box.radii.isSquare || (box.background != nil && box.backgroundClip != .borderBox)
        }
        guard parts.contains(where: { $0.contains { needsWhole($0.box) } }) else { return [:] }
        var heights: [BoxKey: Double] = [:]  // box → the heights of its parts so far, then in all
        var before: [Int: [Int: Double]] = [:]  // page → part → the heights of the box's parts before it
        for (pageIndex, page) in parts.enumerated() {
            for (partIndex, part) in page.enumerated() where needsWhole(part.box) {
                let key = BoxKey(section: part.section, id: part.box.id)
                before[pageIndex, default: [:]][partIndex] = heights[key, default: 0]
                heights[key, default: 0] += part.bottom - part.top
            }
        }
        var areas: [Int: [Int: (top: Double, height: Double)]] = [:]
        for (pageIndex, page) in before {
            for (partIndex, heightBefore) in page {
                let part = parts[pageIndex][partIndex]
                let height = heights[BoxKey(section: part.section, id: part.box.id)] ?? 0
                areas[pageIndex, default: [:]][partIndex] = (top: part.top - heightBefore, height: height)
            }
        }
        return areas
    }

    /// A box across the text: its document's section and its id there.
    private struct BoxKey: Hashable {
        var section: Int
        var id: Int
    }

    /// What ``parts(of:scratch:)`` keeps while it walks a page, reused from page to page.
    private struct PageScratch {
        /// Box id → its part in the page's parts, in the section of the last decorated paragraph.
        var open: [Int: Int] = [:]
        /// A box that starts (ends) at a line reaches up (down) from it by its room above (below): its border and
        /// padding, those of the boxes inside it that start (end) there too, and the margins between them.
        var reaches: [(top: Double, bottom: Double, starts: Bool, ends: Bool)] = []
    }

    /// The boxes of `page`, outer boxes before the boxes inside them.
    private func parts(of page: Page, scratch: inout PageScratch) -> [Part] {
        var parts: [Part] = []
        scratch.open.removeAll(keepingCapacity: true)
        // The section of the last decorated paragraph, and the paragraphs it holds (looked up again only when a
        // paragraph is outside them).
        var section = -1, sectionParagraphs = 0..<0
        for placement in page.placements {
            let index = Int(placement.paragraph)
            guard index >= first, index - first < layouts.count else { continue }
            // The style read once for the line: its boxes, and whether it is in a float or a multi-column block.
            let style = text.paragraphs[index].style
            let boxes = style.boxes
            guard !boxes.isEmpty else { continue }
            // A scroll page runs on through documents, whose boxes share ids: a box of another document is another
            // box (and never continues one of this page's), so the boxes open so far are closed when one starts.
            if !sectionParagraphs.contains(index) {
                let now = text.sectionIndex(ofParagraph: index), starts = text.sectionStarts
                if now != section { scratch.open.removeAll(keepingCapacity: true) }
                section = now
                let start = starts.indices.contains(now) ? starts[now] : 0
                let end = starts.indices.contains(now + 1) ? starts[now + 1] : Int.max
                sectionParagraphs = min(start, index)..<max(end, index + 1)
            }
            // The line only, not the whole layout copied (each of its arrays retained) for every line.
            let lineIndex = Int(placement.line), lineCount = layouts[index - first].lines.count
            guard lineIndex < lineCount else { continue }
            let lineHeight = Double(layouts[index - first].lines[lineIndex].height)
            scratch.reaches.removeAll(keepingCapacity: true)
            for box in boxes {
                let starts = lineIndex == 0 && !paragraph(index - 1, isIn: box.id, besides: index)
                let ends = lineIndex == lineCount - 1 && !paragraph(index + 1, isIn: box.id, besides: index)
                scratch.reaches.append((placement.y - (starts ? box.above * emSize : 0),
                                        placement.y + lineHeight + (ends ? box.below * emSize : 0), starts, ends))
            }
            let frame = floatFrame(of: index, float: style.float, at: placement)
            let columns = style.columns == nil ? nil : columnFrame(of: index, at: placement)
            let linesBottom = placement.y + lineHeight
            for number in boxes.indices {
                let (top, bottom, starts, ends) = scratch.reaches[number]
                let id = boxes[number].id, below = boxes[number].below
                let inFloat = frame.map { number >= $0.outerBoxes } ?? false
                var partX = inFloat ? frame?.x ?? placement.x : placement.x - (frame?.shift ?? 0)
                var width = inFloat ? frame?.width : nil
                if let columns { (partX, width) = number >= columns.outerBoxes ? (columns.x, columns.width) : (columns.blockX, nil) }
                if boxes[number].inCell, let cell = cellBoxes[index] { (partX, width) = (placement.x + cell.x, Double(cell.width)) }
                if let part = scratch.open[id], parts[part].columnX == partX {
                    parts[part].top = min(parts[part].top, top)
                    parts[part].bottom = max(parts[part].bottom, bottom)
                    parts[part].linesBottom = max(parts[part].linesBottom, linesBottom)
                    if ends && columns != nil { parts[part].bottom = max(parts[part].bottom, parts[part].linesBottom + below * emSize) }
                    parts[part].endsHere = parts[part].endsHere || ends
                    parts[part].startsHere = parts[part].startsHere || starts
                } else {
                    scratch.open[id] = parts.count
                    parts.append(Part(box: boxes[number], section: section, paragraph: index, columnX: partX, width: width, top: top, bottom: bottom,
                                      startsHere: starts, endsHere: ends, linesBottom: linesBottom))
                }
            }
        }
        return parts
    }

    /// For a paragraph of a multi-column block (one with ``ParagraphStyle/columns``, whose lines are not where the
    /// flow sets them) placed at `placement`: the left edge of the page column the block is in, the left edge and
    /// width of the column of the block the line is in, and how many of the paragraph's boxes are drawn across the
    /// block; nil for a paragraph in no block.
    private func columnFrame(of index: Int, at placement: PlacedLine) -> (blockX: Float, x: Float, width: Double, outerBoxes: Int)? {
        guard let block = columnBlocks.frame(containing: index) else { return nil }
        // A block of one column is set in the flow, its lines moved into its content box by their own offset.
        guard !block.isInFlow else { return (placement.x, placement.x + block.left, Double(block.width), block.outerBoxes) }
        let blockX = pageColumnLefts.filter { $0 <= placement.x - block.left + 0.01 }.max() ?? placement.x - block.left
        return (blockX, placement.x, Double(block.width), block.outerBoxes)
    }

    /// For a paragraph of a float (`float`, its ``ParagraphStyle/float``) placed at `placement`: the float's box
    /// across the page (its left edge and width), how many of the paragraph's boxes are outside the float, and how
    /// far the float was moved from where it was set; nil for a paragraph in no float.
    private func floatFrame(of index: Int, float: BlockFloat?, at placement: PlacedLine) -> (x: Float, width: Double, outerBoxes: Int, shift: Float)? {
        guard let float, let box = floats.box(containing: index) else { return nil }
        let shift = floatShifts[box.paragraphs.lowerBound] ?? 0
        return (placement.x + box.x, Double(box.width), float.outerBoxes, shift)
    }

    /// Whether paragraph `index` of the text is inside the box `id` with its neighbour `neighbour`: in it and in the
    /// same section (a box's id is unique in its document, and each document starts a section).
    private func paragraph(_ index: Int, isIn id: Int, besides neighbour: Int) -> Bool {
        guard text.paragraphs.indices.contains(index), text.paragraphs[index].style.boxes.contains(where: { $0.id == id }) else {
            return false
        }
        return text.sectionIndex(ofParagraph: index) == text.sectionIndex(ofParagraph: neighbour)
    }

    /// The box drawn for `part`; `whole` is the top of the whole box and its height when it has images or rounded corners.
    private func blockBox(_ part: Part, whole: (top: Double, height: Double)?) -> BlockBox {
        let box = part.box
        // The outer edges stay inside the column (or float) whatever the styles say, a point apart at least.
        let columnWidth = part.width ?? self.columnWidth
        let half = max(0, (columnWidth - 1) / 2)
        // A percentage margin is of the column's width, as the paragraphs' indents are (``IndentFractions``).
        let leftEms = box.leftFraction == 0 ? box.left : max(0, box.left + box.leftFraction * max(0, columnWidth) / emSize)
        let rightEms = box.rightFraction == 0 ? box.right : max(0, box.right + box.rightFraction * max(0, columnWidth) / emSize)
        // A percentage may take past half the column, as the paragraphs' do, leaving an em (``ParagraphFormat``).
        let leftLimit = box.leftFraction > 0 ? max(half, columnWidth - emSize - min(rightEms * emSize, half)) : half
        var left = min(leftEms * emSize, leftLimit)
        let rightLimit = box.rightFraction > 0 ? max(half, columnWidth - emSize - left) : half
        var right = min(rightEms * emSize, rightLimit)
        if !box.widths.isEmpty {
            // A block with a used width ends where it does (``BlockWidth``), a point from its start at least, and
            // its auto margins move it toward its end.
            let resolved = box.widths.indents(end: box.endsLeft ? leftEms : rightEms, columnWidth: columnWidth, emSize: emSize,
                                              fitSlack: Double(fitted.slack(ofParagraph: part.paragraph)))
            func place(start: inout Double, end: inout Double) {
                start = min(start + resolved.shift, max(start, columnWidth - min(end, half) - 1))
                end = min(resolved.end, max(end, columnWidth - start - 1))
            }
            if box.endsLeft { place(start: &right, end: &left) } else { place(start: &left, end: &right) }
        }
        var edges = box.border
        if !part.startsHere { edges.top = BorderEdge() }
        if !part.endsHere { edges.bottom = BorderEdge() }
        let rect = Rect(x: Double(part.columnX) + left, y: part.top, width: max(0, columnWidth - left - right),
                        height: max(0, part.bottom - part.top))
        var block = BlockBox(rect: rect, background: box.background, edges: edges, emSize: emSize)
        if let whole, !box.radii.isSquare {
            var radii = box.radii.resolved(size: Size(width: rect.width, height: whole.height), emSize: emSize)
            let square = Size(width: 0, height: 0)
            if !part.startsHere { radii.topLeft = square; radii.topRight = square }
            if !part.endsHere { radii.bottomLeft = square; radii.bottomRight = square }
            block.radii = radii.isSquare ? nil : radii
        }
        if let whole {
            // The padding box of the whole box: its border box less its border widths.
            let border = box.border
            block.borderWidths = EdgeInsets(top: border.top.usedWidth * emSize, left: border.left.usedWidth * emSize,
                                            bottom: border.bottom.usedWidth * emSize, right: border.right.usedWidth * emSize)
            block.padding = EdgeInsets(top: box.padding.top * emSize, left: box.padding.left * emSize,
                                       bottom: box.padding.bottom * emSize, right: box.padding.right * emSize)
            block.backgroundClip = box.backgroundClip
            block.images = box.images
            block.emSize = emSize
            block.imageArea = Rect(x: rect.minX, y: whole.top, width: rect.width, height: whole.height).inset(by: block.borderWidths)
        }
        return block
    }
}
