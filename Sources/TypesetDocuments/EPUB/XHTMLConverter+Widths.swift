import TypesetCore

/// Block widths (CSS 2.1 §10.2–10.4): a block-level, non-replaced element in the normal flow with a `width` or a
/// `max-width` (and its `min-width`) keeps them as a ``BlockWidth``, which its paragraphs and boxes carry and the
/// layout resolves in its column, so that its lines and its background end where its used width does and stand
/// where its `auto` inline margins put them (§10.3.3: centred by both, moved to the end by the start one); a
/// multi-column block's columns stand in the content box its width leaves (``BlockColumns/widths``), the blocks
/// inside them in their column. With `box-sizing: border-box` (CSS Box Sizing 3 §3) the widths are of the border
/// box. Not for the blocks whose widths others lay out (floats, positioned boxes, tables and their cells, replaced
/// elements), nor in vertical text.
extension XHTMLConverter {
    /// Elements whose `width` is not a block's: replaced elements size themselves (`imageSize(_:style:)`).
    static let widthlessBlocks: Set<String> = ["img", "svg", "video", "audio", "iframe", "embed", "object", "canvas",
                                               "math", "image", "picture"]

    /// Notes the width of the block `name` of `style` entered with `block` (its indents at its content edges, its
    /// box opened) within `parent`: a ``BlockWidth`` for the paragraphs inside it and for its own box.
    mutating func noteWidth(_ name: String, style: ComputedStyle, parent: BlockContext, block: inout BlockContext) {
        if var width = blockWidth(name, style: style, parent: parent, block: block) {
            if width.fitsContent { fittedBlockCount += 1; width.serial = fittedBlockCount }
            // Its own percentages are of the column, as its width's; those of the blocks inside it are of the
            // reference measure, as their widths are worked out from its used width (XHTMLConverter+PercentIndents.swift).
            block.widths.append(width)
        }
        // The block's own box (opened just before) ends with its width and those around it: a box inside a
        // narrowed block is inside it. The boxes around it do not change.
        guard !block.widths.isEmpty, block.boxes.count > parent.boxes.count, let last = block.boxes.indices.last else { return }
        block.boxes[last].widths = block.widths
        block.boxes[last].endsLeft = block.direction == .rightToLeft
    }

    /// The width of the block `name` of `style`, or nil when it has none or it is not a block whose width is kept.
    ///
    /// An `inline-block` set as a block (one holding blocks: ``effectiveCategory(_:style:path:)``), an element
    /// of `display: table` that is not an HTML table (a poem centred by `display: table; margin: auto`: its content
    /// is one anonymous cell, CSS 2.1 §17.2.1) and a block of `width: fit-content` or `max-content` fit their
    /// content (``BlockWidth/fitsContent``) unless a `width` says otherwise. As CSS 2.1 §10.3.9 has it, an
    /// inline-block's auto margins are 0: it stands where its parent's `text-align` puts its line's content
    /// (centred, at the end), which become its auto margins here.
    /// Always inlined into its one caller, which is mutating: a call copied the whole converter to pass it as `self`.
    @inline(__always)
    private func blockWidth(_ name: String, style: ComputedStyle, parent: BlockContext, block: BlockContext) -> BlockWidth? {
        // What a block has first: most have no width, and then nothing else is asked.
        let size = style.replacedSize
        let inlineBlock = style.display == .inline && style.isAtomicInline
        let fits = (inlineBlock || style.isTableBox || size.fitsContent) && size.width.map({ $0 == .auto }) != false
        guard publisherStyles, fits || size.width.map({ $0 != .auto }) == true || size.maxWidth.map({ $0 != .auto }) == true,
              style.isSeen, !style.float, !isPositioned(style), block.cell == nil, block.floatIndex < 0, block.columnsIndex < 0,
              tables.isEmpty,
              output.writingMode?.isVertical != true, style.writingMode?.isVertical != true,
              !Self.tableElements.contains(name), !Self.widthlessBlocks.contains(name),
              block.widths.count < BlockWidth.maximumNesting else { return nil }
        func length(_ css: CSSLength?) -> BackgroundLayer.Length? { css?.layerLength(fontScale: style.fontScale) }
        let rightToLeft = block.direction == .rightToLeft
        // The width is measured from the content edges, or from the border edges for `border-box`.
        let edges = size.borderBox ? Self.borderEdgeIndents(style, parent: parent, rightToLeft: rightToLeft) : block
        let margins = inlineBlock ? Self.lineAutoMargins(parent.style, direction: parent.direction)
            : Self.autoMargins(style, rightToLeft: rightToLeft)
        return BlockWidth(width: length(size.width), minWidth: length(size.minWidth), maxWidth: length(size.maxWidth),
                          start: edges.startIndent, end: edges.endIndent, containerStart: parent.startIndent,
                          containerEnd: parent.endIndent, autoMargins: margins, fitsContent: fits,
                          fractions: BlockWidth.EdgeFractions(start: edges.startFraction, end: edges.endFraction,
                                                              containerStart: parent.startFraction, containerEnd: parent.endFraction))
    }

    /// The paragraphs' blocks fitting their content whose serials are `serials` (those holding a float) made blocks
    /// that fill what they may: a float's paragraphs leave their block's widths, and the lines beside a float are
    /// narrowed only when it is placed, so the block's lines as first set are not its content's widths.
    static func fill(_ serials: Set<Int>, in paragraphs: inout [SpineItemText.ParagraphDraft]) {
        func filling(_ widths: [BlockWidth]) -> [BlockWidth] {
            widths.map { width in
                guard width.fitsContent, serials.contains(width.serial) else { return width }
                var filling = width
                filling.fitsContent = false; filling.serial = 0
                return filling
            }
        }
        for index in paragraphs.indices {
            let style = paragraphs[index].style
            guard style.widths.contains(where: { $0.fitsContent && serials.contains($0.serial) }) else { continue }
            paragraphs[index].style.widths = filling(style.widths)
            paragraphs[index].style.boxes = style.boxes.map { box in
                var box = box
                box.widths = filling(box.widths)
                return box
            }
        }
    }

    /// Where the `text-align` of a block of `style` written in `direction` puts an atomic inline that is its line's
    /// only content, as auto margins: centred, at the end, or at the start.
    static func lineAutoMargins(_ style: ComputedStyle, direction: WritingDirection?) -> BlockWidth.AutoMargins {
        switch style.textAlignment(direction: direction) {
        case .center?: .both
        case .end?: .start
        default: .none
        }
    }

    /// Which of the inline margins of `style` are `auto`, in the flow's direction.
    static func autoMargins(_ style: ComputedStyle, rightToLeft: Bool) -> BlockWidth.AutoMargins {
        let (start, end) = rightToLeft ? (style.marginRightAuto, style.marginLeftAuto) : (style.marginLeftAuto, style.marginRightAuto)
        return start ? (end ? .both : .start) : .none
    }
}
