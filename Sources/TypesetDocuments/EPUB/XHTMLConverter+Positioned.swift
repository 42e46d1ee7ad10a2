import TypesetCore

/// Boxes positioned out of flow on a fixed-layout page (CSS 2.1 §9.6): in a pre-paginated document
/// (``XHTMLConverter/positionsOutOfFlow``) an element of `position: absolute` or `fixed` becomes a block of its own
/// (CSS 2.1 §9.7: an inline one too, an `<img>` placed by coordinates), its text in paragraphs of their own with no
/// indent or space from the blocks around it, and a ``PositionedBox`` in the item's ``FixedPageStyle`` says where
/// the page places it; the margins noted before it still separate the flow's paragraphs around it, as though it were
/// not there. Its own margins, padding, border and background are the box's, drawn by the page, not its
/// paragraphs'. A reflowable document's positioned elements stay in flow (its pages have no coordinates to place
/// them by); those out of sight are hidden as before (``ComputedStyle/isOutOfSight``).
extension XHTMLConverter {
    /// Whether `style` takes an element out of flow to a place of its own. Always inlined (asked from mutating code for
    /// every element: a call could copy the whole converter to pass it as `self`).
    @inline(__always)
    func isPositioned(_ style: ComputedStyle) -> Bool {
        positionsOutOfFlow && style.isSeen && (style.position == .absolute || style.position == .fixed)
    }

    /// An absolutely positioned element: its content as paragraphs of its own, between saved and restored flow
    /// state, and its box.
    mutating func handlePositioned(_ path: ElementPath, kind: Category, style: ComputedStyle, block parentBlock: BlockContext,
                                   inline: InlineContext) {
        emitPendingMarker()
        flushParagraph()
        let saved = FlowSpace(self)
        clearPendingSpace()
        pendingBoxSpace = 0
        openedBoxes = []
        let index = output.pageStyle.boxes.count
        var box = PositionedBox(range: output.units.count..<output.units.count, parent: style.position == .fixed ? nil : positionedBoxes.last)
        describe(&box, style: style)
        output.pageStyle.boxes.append(box)
        positionedBoxes.append(index)
        var neutral = style
        neutral.marginLeft = 0; neutral.marginRight = 0; neutral.marginTop = 0; neutral.marginBottom = 0
        neutral.padding = ComputedStyle.Insets()
        neutral.inlinePercents = ComputedStyle.InlinePercents()
        neutral.borders = ComputedStyle().borders
        neutral.backgroundColor = nil
        neutral.background = CSSBackgroundLayers()
        neutral.floatSide = nil
        var outer = parentBlock
        outer.clearIndents(); outer.boxes = []; outer.widths = []; outer.floatIndex = -1; outer.columnsIndex = -1
        outer.fractionsOfReference = false
        var inner = inline
        inner.style = neutral
        switch kind {
        case .block, .listContainer, .listItem, .table, .tableRow, .tableCell:
            handleBlock(path, kind: kind, style: neutral, block: outer, inline: inner)
        default:
            let block = enterBlock(path, style: neutral, parent: outer)
            walkElement(path, kind: kind, style: neutral, block: block, inline: inner)
            emitPendingMarker()
            flushParagraph()
            leaveBlock(path, style: neutral)
        }
        flushParagraph()
        positionedBoxes.removeLast()
        output.pageStyle.boxes[index].range = box.range.lowerBound..<output.units.count
        saved.restore(into: &self)
    }

    /// A block of `position: relative` on a fixed page: a box in flow (``PositionedBox/inFlow``), the containing
    /// block of the boxes positioned inside it. Its index among the page's boxes, nil for any other element.
    mutating func beginRelativeBox(_ style: ComputedStyle, kind: Category, block: BlockContext) -> Int? {
        guard positionsOutOfFlow, style.isSeen, style.position == .relative,
              [.block, .listContainer, .listItem, .table].contains(kind) else { return nil }
        let start = output.units.count + line.count
        var box = PositionedBox(range: start..<start, parent: positionedBoxes.last)
        describe(&box, style: style)
        box.inFlow = true
        box.background = nil
        box.images = []
        box.flowIndent = (block.referenceStart + (style.marginLeft ?? 0)) * 16
        let index = output.pageStyle.boxes.count
        output.pageStyle.boxes.append(box)
        positionedBoxes.append(index)
        return index
    }

    /// Ends the relative box `index` where its element's content ends.
    mutating func endRelativeBox(_ index: Int) {
        positionedBoxes.removeLast()
        let end = output.units.count + line.count
        let start = output.pageStyle.boxes[index].range.lowerBound
        output.pageStyle.boxes[index].range = start..<max(start, end)
    }

    /// The box's offsets, size, margins, padding, border and background from the element's style (lengths in CSS
    /// px: ems of the 16 px body).
    mutating func describe(_ box: inout PositionedBox, style: ComputedStyle) {
        func length(_ value: CSSLength?) -> PositionedBox.Length? {
            switch value {
            case nil, .auto?: nil
            case .percent(let percent)?: .percent(percent)
            case let value?: .points(value.ems(fontScale: style.fontScale) * 16)
            }
        }
        box.left = length(style.offsetLeft); box.top = length(style.offsetTop)
        box.right = length(style.offsetRight); box.bottom = length(style.offsetBottom)
        box.width = length(style.replacedSize.width); box.height = length(style.replacedSize.height)
        func px(_ ems: Double?) -> Double { (ems ?? 0).isFinite ? (ems ?? 0) * 16 : 0 }
        box.margin = EdgeInsets(top: px(style.marginTop), left: px(style.marginLeft), bottom: px(style.marginBottom), right: px(style.marginRight))
        box.padding = EdgeInsets(top: px(style.padding.top), left: px(style.padding.left), bottom: px(style.padding.bottom),
                                 right: px(style.padding.right))
        box.border = style.borders
        box.background = publisherStyles ? style.backgroundColor : nil
        box.backgroundClip = style.background.colorClip
        box.images = backgroundLayers(style)
        box.radii = BorderRadii(style.radii, fontScale: style.fontScale)
    }

    /// What a fixed page takes from its root (`html`) or body element: the body's margins and padding (where its
    /// text starts), the canvas's background (the root's, else the body's), the body's own when both have one.
    mutating func notePageStyle(_ style: ComputedStyle, isRoot: Bool) {
        guard positionsOutOfFlow else { return }
        let color = publisherStyles ? style.backgroundColor : nil
        let images = backgroundLayers(style)
        if isRoot {
            output.pageStyle.background = color
            output.pageStyle.images = images
            return
        }
        // HTML's rendering of the body: a margin of 8 px (half an em of 16 px) unless the book's CSS sets one.
        func px(_ ems: Double?) -> Double { (ems ?? 0.5).isFinite ? max(0, ems ?? 0.5) * 16 : 0 }
        func padding(_ ems: Double) -> Double { ems.isFinite ? max(0, ems) * 16 : 0 }
        output.pageStyle.margins = EdgeInsets(top: px(style.marginTop) + padding(style.padding.top),
                                              left: px(style.marginLeft) + padding(style.padding.left),
                                              bottom: px(style.marginBottom) + padding(style.padding.bottom),
                                              right: px(style.marginRight) + padding(style.padding.right))
        if output.pageStyle.background == nil && output.pageStyle.images.isEmpty {
            output.pageStyle.background = color
            output.pageStyle.images = images
        } else {
            output.pageStyle.bodyBackground = color
        }
    }

    /// The space and breaks noted for the flow's next paragraph, kept across a positioned element.
    struct FlowSpace {
        var margins: CollapsingMargins
        var boxSpace, bookMargin: Double
        var fromPublisher, bookMarginSaid, breakBefore, continuation: Bool
        var readerSpacing: ReaderSpacing
        var opened: [(id: Int, offset: Double?)]
        var afterBreak: SpaceAfterBreak

        init(_ converter: XHTMLConverter) {
            margins = converter.pendingMargins; boxSpace = converter.pendingBoxSpace
            bookMargin = converter.pendingBookMargin; fromPublisher = converter.pendingMarginFromPublisher
            readerSpacing = converter.pendingReaderSpacing; bookMarginSaid = converter.pendingBookMarginSaid
            breakBefore = converter.pendingBreakBefore; continuation = converter.pendingContinuation
            opened = converter.openedBoxes; afterBreak = converter.spaceAfterBreak
        }

        func restore(into converter: inout XHTMLConverter) {
            converter.pendingMargins = margins; converter.pendingBoxSpace = boxSpace
            converter.pendingBookMargin = bookMargin; converter.pendingMarginFromPublisher = fromPublisher
            converter.pendingReaderSpacing = readerSpacing; converter.pendingBookMarginSaid = bookMarginSaid
            converter.pendingBreakBefore = breakBefore; converter.pendingContinuation = continuation
            converter.openedBoxes = opened; converter.spaceAfterBreak = afterBreak
        }
    }
}
