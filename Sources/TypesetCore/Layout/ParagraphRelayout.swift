/// Sets one paragraph again, in a box or beside floats (see ``FloatLayout``, ``ColumnBlockLayout`` and
/// ``PageFilling``): the few paragraphs in and near floats and multi-column blocks, one at a time, each in lines
/// of its own, and those of blocks fitting their content (``FittedBlocks``). The same layouter as the batch's, so
/// that a paragraph set again differs only in its widths.
struct ParagraphRelayout {
    let text: StyledText
    let shaped: ShapedText
    let layouter: ParagraphLayouter
    let pool: ScratchPool<LayoutScratch>
    /// The blocks fitting their content, whose paragraphs are set in their narrower widths.
    var fitted = FittedBlocks()

    /// Document paragraph `index` (inside the shaped range) in `cell`, its first lines narrowed by `exclusion`.
    /// With `scratch`, a worker's (``parallelChunks(count:threads:pool:grain:writing:)``), else one from the pool.
    func layout(_ index: Int, cell: CellBox? = nil, exclusion: LineExclusion? = nil, scratch: LayoutScratch? = nil) -> ParagraphLayout {
        // Lines of its own: the scratch's lines were handed to the batch's storage, and this layout outlives the call.
        let lines = LineScratch(capacity: 16)
        let placed = withParagraph(index, scratch: scratch) { paragraph, shapedParagraph, scratch, metrics in
            layouter.layout(paragraph, shaped: shapedParagraph.pointee, metrics: metrics, scratch: scratch,
                            into: lines, cell: cell, exclusion: exclusion, fitSlack: fitted.slack(ofParagraph: index))
        }
        var layout = placed.layout
        layout.lines = LineList(lines.makeStorage(), range: placed.lines)
        return layout
    }

    /// The longest stretch of document paragraph `index` (inside the shaped range) that starts a line of its own
    /// when every break is taken (a word but its first, with what clings to it), in points
    /// (``ParagraphLayouter/contentWidths(_:shaped:metrics:scratch:)``).
    func longestLaterStretch(_ index: Int) -> Float {
        withParagraph(index) { paragraph, shapedParagraph, scratch, metrics in
            layouter.contentWidths(paragraph, shaped: shapedParagraph.pointee, metrics: &metrics.pointee,
                                   scratch: scratch.measuredPrefix).later
        }
    }

    /// The narrowest width document paragraph `index` (inside the shaped range) can be set in without breaking a
    /// word, its block indents included, in points (``ParagraphLayouter/contentWidths(_:shaped:metrics:scratch:)``).
    func narrowestWidth(_ index: Int) -> Float {
        withParagraph(index) { paragraph, shapedParagraph, scratch, metrics in
            layouter.contentWidths(paragraph, shaped: shapedParagraph.pointee, metrics: &metrics.pointee,
                                   scratch: scratch.measuredPrefix).minimum
        }
    }

    /// `body` given document paragraph `index` and its shaped paragraph, through pointers into the texts' storage
    /// (read from the arrays, a paragraph was copied, its arrays retained), and a worker's scratch and metrics.
    private func withParagraph<Result>(_ index: Int, scratch given: LayoutScratch? = nil,
                                       _ body: (UnsafePointer<Paragraph>, UnsafePointer<ShapedParagraph>, LayoutScratch,
                                                UnsafeMutablePointer<ParagraphMetrics>) -> Result) -> Result {
        let scratch = given ?? pool.checkOut()
        defer { if given == nil { pool.checkIn(scratch) } }
        var metrics = scratch.metrics
        defer { scratch.metrics = metrics }
        let local = index - shaped.paragraphRange.lowerBound
        return text.paragraphs.withUnsafeBufferPointer { paragraphs in
            shaped.paragraphs.withUnsafeBufferPointer { shapedParagraphs in
                guard let base = paragraphs.baseAddress, paragraphs.indices.contains(index),
                      let shapedBase = shapedParagraphs.baseAddress, shapedParagraphs.indices.contains(local) else {
                    preconditionFailure("a paragraph set again lies inside the shaped range")
                }
                return withUnsafeMutablePointer(to: &metrics) { body(base + index, shapedBase + local, scratch, $0) }
            }
        }
    }
}
