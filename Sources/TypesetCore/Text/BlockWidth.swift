/// A block's `width`, `min-width` and `max-width` (CSS 2.1 §10.2, §10.3.3 and §10.4) for a block-level,
/// non-replaced element in the normal flow: its lines end where its used width does, not at the column's end.
///
/// The converter knows the block's edges in ems (its indents) but not the column's width, so the width is kept as
/// a length and resolved when the paragraph (or the block's box) is laid out in its column: a percentage is of the
/// containing block's width (its parent's content box, itself narrowed by the widths of the blocks around it). Auto
/// inline margins take what the used width leaves (``AutoMargins``): both share it equally (the block is centred),
/// a start margin alone takes it all; otherwise, as CSS does for an over-constrained block, the end margin gives way
/// (`margin-right` in left-to-right text, `margin-left` in right-to-left). A width wider than the room there is
/// limited to that room, as the reader never sets a line past the column. Lengths are in ems of the body text, as
/// indents are.
///
/// A block may instead *fit its content* (``fitsContent``: CSS 2.1 §10.3.9's shrink-to-fit width of an
/// `inline-block`, CSS Sizing 3's `fit-content`): its width is what it would fill, less the room its widest line
/// leaves (``FittedBlocks``, measured on its lines as first set, since the width depends on its paragraphs'
/// content, not on the column alone). Its auto margins then place it as they place a block with a width.
package struct BlockWidth: Hashable, Sendable {
    /// `width`, nil for `auto`.
    package var width: BackgroundLayer.Length?
    /// `min-width`, nil for 0.
    package var minWidth: BackgroundLayer.Length?
    /// `max-width`, nil for `none`.
    package var maxWidth: BackgroundLayer.Length?
    /// From the column's start edge to the edge the width is measured from (the content edge, or the border edge
    /// for `box-sizing: border-box`), and from the column's end edge to the matching edge at the end (where it is
    /// with `width: auto`).
    package var start: Double
    package var end: Double
    /// The containing block's content edges from the column's start and end edges.
    package var containerStart: Double
    package var containerEnd: Double
    /// The parts of those four that are fractions of the column's width (percentage margins and padding, as a
    /// paragraph's indents have them: ``IndentFractions``), in the same order; the ems above are then the rest
    /// (and may be below 0). Zero but for a book's percentages.
    package var fractions = EdgeFractions()

    /// Fractions of the column's width in a block's four edges (``fractions``).
    package struct EdgeFractions: Hashable, Sendable {
        package var start = 0.0, end = 0.0, containerStart = 0.0, containerEnd = 0.0

        package init(start: Double = 0, end: Double = 0, containerStart: Double = 0, containerEnd: Double = 0) {
            self.start = start; self.end = end; self.containerStart = containerStart; self.containerEnd = containerEnd
        }
    }
    /// Which inline margins are `auto` (their ems in ``start`` and ``end`` are 0).
    package var autoMargins: AutoMargins
    /// Whether an `auto` width shrinks to the block's content (``FittedBlocks``) rather than filling the
    /// containing block; a `width` or `max-width` still bounds it.
    package var fitsContent: Bool
    /// Which block of its document this is, for a block that fits its content (0 for others; the converter numbers
    /// them): two such blocks one after the other are sized apart even when their styles are alike.
    package var serial: Int

    /// The block's `auto` inline margins (CSS 2.1 §10.3.3), in the flow's direction: they take what is left of
    /// the containing block once the width, padding, borders and the other margin are taken; none when that is
    /// negative (an auto margin is then 0, and the end margin gives way).
    package enum AutoMargins: Hashable, Sendable {
        /// No auto margin, or the end one alone: the block stays at its start, as without a width.
        case none
        /// The start margin alone (`margin-left: auto` in left-to-right text): the block moves to the end.
        case start
        /// Both (`margin: 0 auto`): the block is centred.
        case both
    }

    /// The most widths a paragraph keeps (nested blocks with widths); the outermost are kept, a deeper one is
    /// dropped, so its lines are as wide as its nearest kept ancestor lets them be.
    package static let maximumNesting = 4

    /// `fractions` (start, end, container start, container end) are the parts of the four edges that are fractions of
    /// the column's width; each taken within ±1, an edge with one may be below 0 ems (and within ±10,000).
    package init(width: BackgroundLayer.Length?, minWidth: BackgroundLayer.Length? = nil, maxWidth: BackgroundLayer.Length? = nil,
                 start: Double, end: Double, containerStart: Double, containerEnd: Double, autoMargins: AutoMargins = .none,
                 fitsContent: Bool = false, fractions: EdgeFractions = EdgeFractions()) {
        let fraction = IndentFractions.clean
        let (startShare, endShare, containerStartShare, containerEndShare) = (fraction(fractions.start), fraction(fractions.end),
                                                                              fraction(fractions.containerStart), fraction(fractions.containerEnd))
        func clean(_ value: Double, _ share: Double) -> Double { value.isFinite ? min(max(share == 0 ? 0 : -1e4, value), 1e4) : 0 }
        self.width = width; self.minWidth = minWidth; self.maxWidth = maxWidth; self.autoMargins = autoMargins
        self.fitsContent = fitsContent; serial = 0
        self.start = clean(start, startShare); self.end = clean(end, endShare)
        self.containerStart = clean(containerStart, containerStartShare); self.containerEnd = clean(containerEnd, containerEndShare)
        self.fractions = EdgeFractions(start: startShare, end: endShare, containerStart: containerStartShare, containerEnd: containerEndShare)
    }

    /// Its four edges in points in a column `columnWidth` points wide, ems of `emSize` (start, end, container
    /// start, container end), each at 0 or more.
    func edges(columnWidth: Double, emSize: Double) -> (start: Double, end: Double, containerStart: Double, containerEnd: Double) {
        func points(_ ems: Double, _ share: Double) -> Double { share == 0 ? ems * emSize : max(0, ems * emSize + share * columnWidth) }
        return (points(start, fractions.start), points(end, fractions.end), points(containerStart, fractions.containerStart),
                points(containerEnd, fractions.containerEnd))
    }

    /// The used width in points in a containing block `reference` points wide, or nil when it is `auto` and
    /// unbounded (the block then ends where its indents say).
    func used(reference: Double, emSize: Double) -> Double? {
        func points(_ length: BackgroundLayer.Length?) -> Double? {
            length.map { max(0, $0.points(emSize: emSize, reference: reference)) }
        }
        guard width != nil || maxWidth != nil else { return nil }
        var used = points(width) ?? .infinity
        if let maximum = points(maxWidth) { used = min(used, maximum) }
        if let minimum = points(minWidth) { used = max(used, minimum) }
        return used.isFinite ? used : nil
    }
}

extension Array where Element == BlockWidth {
    /// How far a line (or box edge) moves from its start indent, and its end indent, in points, when its end indent
    /// is `endIndent` ems, in a column `columnWidth` points wide, within the blocks of these widths (outermost
    /// first): a block's used width ends its content sooner, its auto margins move it (and all inside it) toward
    /// the end. The end indent is never less than `endIndent`, so a width only narrows; the shift is never negative.
    /// `fitSlack` is how much narrower than it would be the outermost block that fits its content is
    /// (``FittedBlocks``); the blocks inside it that fit their content fill it.
    func indents(end endIndent: Double, columnWidth: Double, emSize: Double, fitSlack: Double = 0) -> (shift: Double, end: Double) {
        var indent = endIndent * emSize
        // How far the blocks so far moved their content toward the end: the start edges of all inside them move too.
        var shift = 0.0
        // Each block's end edge, from the column's start, and its end indent: the next one's containing block.
        var outer: (edge: Double, end: Double)?
        // The room the outermost block that fits its content gives back; taken once.
        var slack = fitSlack
        for block in self {
            // Its edges in points (percentages of the column resolved).
            let points = block.edges(columnWidth: columnWidth, emSize: emSize)
            var containerEdge = columnWidth - points.containerEnd
            if let outer { containerEdge = Swift.min(containerEdge, outer.edge - (points.containerEnd - outer.end)) }
            let reference = Swift.max(0, containerEdge - (points.containerStart + shift))
            // Where the block's content ends with `width: auto`: a used width only takes room from there.
            var edge = columnWidth - points.end
            if let outer { edge = Swift.min(edge, outer.edge - (points.end - outer.end)) }
            var fitted: Double?
            if block.fitsContent, slack > 0 {
                // Its content's width: what it would fill (its width, else to its end edge) less the room left.
                let fill = block.used(reference: reference, emSize: emSize) ?? (edge - (points.start + shift))
                let least = block.minWidth.map { $0.points(emSize: emSize, reference: reference) } ?? 0
                fitted = Swift.max(0, least, fill - slack)
                slack = 0
            }
            if let used = fitted ?? block.used(reference: reference, emSize: emSize) {
                let start = points.start + shift
                shift += block.autoMargins.share(of: edge - (start + used))
                edge = Swift.min(edge, points.start + shift + used)
            }
            outer = (edge, points.end)
            // This line's end edge within the block: its indent past the block's end edge.
            indent = Swift.max(indent, columnWidth - (edge - (endIndent * emSize - points.end)))
        }
        // Never past the column (a width of 0 inside an indented block); the layout leaves the line its em.
        let end = indent.isFinite ? Swift.min(indent, Swift.max(endIndent * emSize, columnWidth)) : endIndent * emSize
        return (shift.isFinite ? Swift.min(Swift.max(0, shift), columnWidth) : 0, end)
    }

    /// The end indent alone (``indents(end:columnWidth:emSize:)``).
    func endIndent(_ endIndent: Double, columnWidth: Double, emSize: Double) -> Double {
        indents(end: endIndent, columnWidth: columnWidth, emSize: emSize).end
    }
}

extension BlockWidth.AutoMargins {
    /// What the start margin takes of `room` points the used width leaves: half, all or none; none of a negative
    /// room (an over-constrained block's auto margins are 0).
    func share(of room: Double) -> Double {
        guard room > 0, room.isFinite else { return 0 }
        switch self {
        case .none: return 0
        case .start: return room
        case .both: return room / 2
        }
    }
}
