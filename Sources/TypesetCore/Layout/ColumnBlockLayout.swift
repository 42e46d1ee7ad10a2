/// The multi-column blocks of a text (CSS Multi-column Layout 1), sized before pagination: each block's used
/// column count and width in the page's column (§3.4), and its paragraphs set again in that width. How the lines
/// are balanced across the columns and carried over pages is the paginator's (see ``Paginator``).
struct ColumnBlockLayout {
    /// One multi-column block: consecutive paragraphs of the same ``BlockColumns``.
    struct Block: Sendable {
        /// Document paragraph indices.
        var paragraphs: Range<Int>
        var count: Int
        /// Each column's width and the gap between columns, in points.
        var width: Float
        var gap: Float
        /// The content box's left edge from the page column's, in points: the first column's left edge (the
        /// block's margins, borders and padding are outside its columns, Multi-column §2).
        var left: Float = 0
        /// The rule between columns with content, its width in ems (``BlockColumns/rule``).
        var rule = BorderEdge()
        /// How many of its paragraphs' boxes are drawn across the block (``BlockColumns/outerBoxes``).
        var outerBoxes = 0
        var fill = BlockColumns.Fill.balance
        /// The block's `height` in points, nil for `auto` (``BlockColumns/height``).
        var height: Double?

        /// Whether its lines are placed as the flow's: one column and no height (every `column-fill` then fills the
        /// one column in order, as the flow does, with its keeps, widows and orphans).
        var isInFlow: Bool { count == 1 && height == nil }
    }

    /// The blocks the paginator places in columns (two or more), by their first document paragraph.
    private(set) var blocks: [Int: Block] = [:]
    /// Every block whose lines are not where the flow sets them (in columns, or one column inside the block's
    /// margins), by their first document paragraph; and the block each of their paragraphs is in.
    private(set) var frames: [Int: Block] = [:]
    private var blockOfParagraph: [Int: Int] = [:]

    init() {}

    /// Finds and sizes the blocks of `paragraphRange`, replacing their paragraphs' layouts (`layouts[i]` is
    /// paragraph `paragraphRange.lowerBound + i`) by layouts in their columns; `relayout(paragraph, cell)` sets one
    /// paragraph in a box. Linear in the paragraphs; a block of one column, no margins and no height is left as it
    /// is, one inside margins is set in its content box, in the flow. `contentHeight` is the page's, for a percentage height.
    init(_ text: StyledText, paragraphRange: Range<Int>, layouts: inout [ParagraphLayout], columnWidth: Float, emSize: Float,
         contentHeight: Double, relayout: (Int, CellBox) -> ParagraphLayout) {
        let first = paragraphRange.lowerBound
        for (paragraphs, columns) in text.runs(in: paragraphRange, of: { $0.columns }, continuedBy: { !$0.startsBlock }) {
            let used = columns.used(available: columnWidth, emSize: emSize)
            guard used.count > 1 || used.left > 0 || used.width < columnWidth || columns.height != nil else { continue }
            let block = Block(paragraphs: paragraphs, count: used.count, width: used.width, gap: used.gap, left: used.left,
                              rule: columns.rule, outerBoxes: columns.outerBoxes, fill: columns.fill,
                              height: columns.height.map { Self.points($0, emSize: emSize, contentHeight: contentHeight) })
            // One column of no height is set in the flow, moved into the content box by its cell's offset.
            let cell = CellBox(x: block.isInFlow ? used.left : 0, width: used.width)
            for p in paragraphs { layouts[p - first] = relayout(p, cell) }
            frames[paragraphs.lowerBound] = block
            for p in paragraphs { blockOfParagraph[p] = paragraphs.lowerBound }
            if !block.isInFlow { blocks[paragraphs.lowerBound] = block }
        }
    }

    /// A block's `height` in points: a percentage is of the page's content height, as an image's.
    private static func points(_ length: TextAttachment.Length, emSize: Float, contentHeight: Double) -> Double {
        switch length {
        case .points(let value): value
        case .ems(let value): value * Double(emSize)
        case .percent(let value): contentHeight * value / 100
        }
    }

    /// The block that starts at document paragraph `index`, if one does.
    func block(startingAt index: Int) -> Block? { blocks.isEmpty ? nil : blocks[index] }

    /// The block document paragraph `index` is in, if its lines are not where the flow sets them.
    func frame(containing index: Int) -> Block? {
        guard !frames.isEmpty, let start = blockOfParagraph[index] else { return nil }
        return frames[start]
    }
}

/// A multi-column block's lines as the paginator fills columns with them: each line's height and the space above
/// it (a paragraph's spacing, dropped at a column's top).
struct ColumnBlockLines {
    var items: [(paragraph: Int, line: Int, height: Float, spaceBefore: Float)] = []

    init(_ block: ColumnBlockLayout.Block, layouts: [ParagraphLayout], first: Int) {
        for p in block.paragraphs {
            let layout = layouts[p - first]
            for (index, line) in layout.lines.enumerated() {
                let space = index == 0 && p != block.paragraphs.lowerBound ? layout.spaceBefore : 0
                items.append((p, index, line.height, space))
            }
        }
    }

    /// Where the columns break when `items[start..<end]` (to the last by default) fill columns `height` points
    /// tall: the index each column starts at (the first is `start`), one per column used, at most `limit + 1` (one
    /// more: they did not fit).
    func columnStarts(from start: Int, height: Double, limit: Int, end: Int? = nil) -> [Int] {
        let end = min(end ?? items.count, items.count)
        var starts = [start]
        var used = 0.0
        var index = start
        while index < end {
            let item = items[index]
            let needed = Double(item.height) + (index == starts[starts.count - 1] ? 0 : Double(item.spaceBefore))
            if used + needed > height + 0.01 && index > starts[starts.count - 1] {
                starts.append(index)
                if starts.count > limit { return starts }
                used = 0
                continue
            }
            used += needed
            index += 1
        }
        return starts
    }

    /// The balanced height for `items[start..<end]` in `count` columns (Multi-column §7.1: as short as lets the lines fit in
    /// the columns): the least height from the total divided by the count upward, raised by the least overflow each
    /// time the lines do not fit, at most `maximum` (then the columns are filled to `maximum`); a bounded search.
    func balancedHeight(from start: Int, to end: Int, count: Int, maximum: Double) -> Double {
        let end = min(end, items.count)
        guard start < end else { return 0 }
        var total = 0.0, tallest = 0.0
        for index in start..<end {
            total += Double(items[index].height) + (index == start ? 0 : Double(items[index].spaceBefore))
            tallest = max(tallest, Double(items[index].height))
        }
        var height = max(total / Double(count), tallest)
        // Each step raises the height past at least one column's first line that did not fit: 64 steps reach it for
        // every block a book has; a block that needs more is set at the maximum.
        for _ in 0..<64 {
            if height >= maximum { return maximum }
            let starts = columnStarts(from: start, height: height, limit: count, end: end)
            if starts.count <= count { return height }
            // The least the height must grow for some column to take one more line.
            var grow = Double.infinity
            for k in 1..<starts.count {
                var used = 0.0
                for index in starts[k - 1]..<starts[k] {
                    used += Double(items[index].height) + (index == starts[k - 1] ? 0 : Double(items[index].spaceBefore))
                }
                let next = starts[k]
                grow = min(grow, used + Double(items[next].height + items[next].spaceBefore) - height)
            }
            height += max(grow, 0.5)
        }
        return min(height, maximum)
    }
}
