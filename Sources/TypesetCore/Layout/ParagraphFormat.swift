#if canImport(Glibc)
import Glibc
#endif

/// Resolved per-paragraph values that line layout needs: sizes per attribute run, alignment, indents, spacing,
/// the book's styles weighed against the reader's settings (``LayoutPrecedence``).
struct ParagraphFormat {
    let sizes: [Float]
    let alignment: TextAlignment
    /// The alignment of the last line and of lines before a forced break, when the book sets one that applies
    /// (CSS `text-align-last`); nil for ``alignment``'s (start for a justified paragraph).
    let lastLineAlignment: TextAlignment?
    let firstLineIndent: Float
    /// Indents from the start and end edges.
    let blockIndent: Float
    let endIndent: Float
    let spaceBefore: Float
    let bodySize: Float
    /// The book's line height as a multiple of the font size, when it applies.
    let lineHeight: Float?
    /// Baseline shifts per attribute run in points (raised positive), nil when no run is shifted.
    let shifts: [Float]?
    /// The laid-out height of each attribute run's attachment, -1 for runs without one; nil when the paragraph
    /// has no attachment (their widths are in ``sizes``: see ``ParagraphFormat/sizeAttachments(_:sizes:width:height:turned:)``).
    let attachmentHeights: [Float]?
    /// How far each attribute run's formula reaches below the baseline, -1 for other runs; nil when the paragraph
    /// has no formula (see ``ParagraphFormat/sizeFormulas(_:runs:sizes:heights:width:height:)``).
    let attachmentDepths: [Float]?
    /// The page's content height when the paragraph holds an object presented as a page (a cover): its line is as
    /// tall as the page, the object centred on it.
    let pageLineHeight: Float?

    /// - Parameter bodySizes: `[settings.fontSize]`, made once by the caller: the sizes of a paragraph in one run
    ///   at the body size (most of them), shared rather than allocated per paragraph.
    /// - Parameter capFace: For a paragraph with a drop cap, the face whose metrics size it (the body text's);
    ///   the layout and every later query pass the same, so they agree on its size.
    @inline(__always)
    init(_ paragraph: borrowing Paragraph, settings: borrowing TypographySettings, columnWidth: Float, bodySizes: [Float]? = nil,
         capFace: FontFace? = nil, formulas: [ShapedFormula] = []) {
        self.init(runs: paragraph.runs, style: paragraph.style, settings: settings, precedence: LayoutPrecedence(copy settings),
                  columnWidth: columnWidth, bodySizes: bodySizes,
                  capMetrics: capFace.map { (Float($0.naturalLineHeight), Float($0.capHeight)) }, formulas: formulas)
    }

    /// The same from a paragraph's runs and style (the layouter reads them through a pointer: borrowing a whole
    /// paragraph from an array's storage copied it, retaining its arrays, 3 % of a relayout): its
    /// ``ParagraphFormat/Basis`` limited to the column, objects and formulas sized to it.
    ///
    /// - Parameter objectColumnWidth: The column a floated object's percentages are of, when the paragraph is set
    ///   in the float's narrower box (``BlockFloat/isObject``); nil for `columnWidth`.
    /// - Parameter scale: The factor a scaled table's cell is set smaller by (``CellBox/scale``).
    /// - Parameter fitSlack: How much narrower the block fitting its content that the paragraph is in is than the
    ///   block would fill (``FittedBlocks``); 0 for nearly every paragraph.
    /// - Parameter intrinsic: The format measures the paragraph's content widths (a table's columns): its
    ///   percentages are of zero (CSS Sizing 3 §5.2.1: a cyclic percentage in a margin or padding resolves against
    ///   zero for an intrinsic size contribution).
    @inline(__always)
    init(runs: borrowing [AttributeRun], style: borrowing ParagraphStyle, settings: borrowing TypographySettings,
         precedence: LayoutPrecedence, columnWidth: Float, bodySizes: [Float]? = nil,
         capMetrics: (natural: Float, capHeight: Float)? = nil, formulas: [ShapedFormula] = [], objectColumnWidth: Float? = nil,
         scale: Float = 1, fitSlack: Float = 0, intrinsic: Bool = false) {
        var basis = Basis(runs: runs, style: style, settings: settings, precedence: precedence, bodySizes: bodySizes,
                          capMetrics: capMetrics, scale: scale)
        if intrinsic { basis.fractions = nil }
        let indents = basis.indents(columnWidth: columnWidth, fitSlack: fitSlack)
        let available = columnWidth - indents.block - indents.end
        var objectAvailable = available
        if let objectColumnWidth {
            let objectIndents = basis.indents(columnWidth: objectColumnWidth, fitSlack: fitSlack)
            objectAvailable = objectColumnWidth - objectIndents.block - objectIndents.end
        }
        // Objects take their laid-out widths as their runs' sizes (their one glyph is 1 em).
        var sizes = basis.sizes
        var heights = ParagraphFormat.sizeAttachments(runs, sizes: &sizes, width: max(0, objectAvailable),
                                                      height: Float(settings.contentRect.height),
                                                      turned: settings.linesRunVertically)
        let depths = formulas.isEmpty ? nil
            : ParagraphFormat.sizeFormulas(formulas, runs: runs, sizes: &sizes, heights: &heights, width: max(0, available),
                                           height: Float(settings.contentRect.height))
        let pageLineHeight = heights != nil && runs.contains(where: { $0.style.attachment?.presentation == .page })
            ? Float(settings.contentRect.height) : nil
        // Shifts are in points of each run's final size (an object's size is its width).
        let shifts = heights == nil && depths == nil ? basis.shifts : Basis.shifts(runs, sizes: sizes)
        self.init(basis, columnWidth: columnWidth, fitSlack: fitSlack, sizes: sizes, shifts: shifts, attachmentHeights: heights,
                  attachmentDepths: depths, pageLineHeight: pageLineHeight)
    }

    /// The format of a paragraph without objects or formulas from its cached `basis`: only what depends on the
    /// column width is worked out (see ``ParagraphLayouter/basis(_:shaped:scratch:)``).
    @inline(__always)
    init(_ basis: borrowing Basis, columnWidth: Float, fitSlack: Float = 0) {
        self.init(basis, columnWidth: columnWidth, fitSlack: fitSlack, sizes: basis.sizes, shifts: basis.shifts, attachmentHeights: nil,
                  attachmentDepths: nil, pageLineHeight: nil)
    }

    @inline(__always)
    private init(_ basis: borrowing Basis, columnWidth: Float, fitSlack: Float, sizes: [Float], shifts: [Float]?, attachmentHeights: [Float]?,
                 attachmentDepths: [Float]?, pageLineHeight: Float?) {
        self.sizes = sizes
        self.shifts = shifts
        self.attachmentHeights = attachmentHeights
        self.attachmentDepths = attachmentDepths
        self.pageLineHeight = pageLineHeight
        alignment = basis.alignment
        lastLineAlignment = basis.lastLineAlignment
        bodySize = basis.bodySize
        lineHeight = basis.lineHeight
        spaceBefore = basis.spaceBefore
        // Indents are limited to the column, so that every line starts inside it whatever the settings (an
        // indent of 100 em is a valid setting) and the styles (a nested block quote on a narrow page) ask for.
        let indents = basis.indents(columnWidth: columnWidth, fitSlack: fitSlack)
        blockIndent = indents.block
        endIndent = indents.end
        let available = columnWidth - indents.block - indents.end
        // A percentage of the first line's indent is of the paragraph's own content width (CSS Text 3 §8.1).
        let firstLineFraction = basis.fractions.map { $0.firstLine * max(0, available) } ?? 0
        firstLineIndent = basis.firstLineIndent.map { min(max($0 + firstLineFraction, -indents.block), max(0, available - 1)) } ?? 0
    }

    /// The paragraph's alignment and its last line's, the book's weighed against the reader's.
    @inline(__always)
    static func alignments(_ style: borrowing ParagraphStyle, settings: borrowing TypographySettings,
                           precedence: LayoutPrecedence) -> (TextAlignment, TextAlignment?) {
        let alignment: TextAlignment
        switch style.role {
        case .body, .blockQuote, .listItem:
            if style.isTableCell {
                // A table cell is set as its table says: justified cells in narrow columns would gape.
                alignment = style.alignment ?? style.bookAlignment ?? .start
            } else {
                alignment = style.alignment ?? (precedence.alignment ? settings.alignment : style.bookAlignment ?? settings.alignment)
            }
        case .heading:
            alignment = style.alignment ?? style.bookAlignment ?? .start
        case .preformatted:
            // Preformatted text keeps its spaces: stretching them would misalign its columns.
            let chosen = style.alignment ?? style.bookAlignment ?? .start
            alignment = chosen == .justified ? .start : chosen
        }
        // The book's last-line alignment goes with its alignment of running text: the reader's `align`, when it
        // replaces the book's, replaces this too.
        if case .preformatted = style.role, style.lastLineAlignment == .justified { return (alignment, nil) }
        return (alignment, style.alignment == nil && precedence.alignment && !style.isTableCell ? nil : style.lastLineAlignment)
    }

    /// The first line's indent in ems, and the fraction of the paragraph's content width added to it (a book's
    /// percentage, ``IndentFractions/firstLine``): a body paragraph's hanging (negative) indent carries meaning; a
    /// positive one is the paragraph indent, the reader's when they set it.
    @inline(__always)
    static func firstLineIndentEms(_ style: borrowing ParagraphStyle, settings: borrowing TypographySettings,
                                   precedence: LayoutPrecedence) -> (ems: Double, fraction: Double) {
        // Words that continue the paragraph before (after a displayed formula, ParagraphStyle.continuesText) are not
        // indented.
        if style.continuesText { return (0, 0) }
        guard case .body = style.role else { return (style.firstLineIndent ?? 0, style.firstLineIndent == nil ? 0 : style.indentFractions.firstLine) }
        if let book = style.firstLineIndent {
            let fraction = style.indentFractions.firstLine
            if book < 0 || (book <= 0 && fraction < 0) || !precedence.indent { return (book, fraction) }
        }
        return (settings.firstLineIndent, 0)
    }

    /// The space above the paragraph in ems: the book's within a block, the reader's spacing in place of the book's
    /// margins (unless they set a block apart), or added to the book's spacing.
    @inline(__always)
    static func spaceBeforeEms(_ style: borrowing ParagraphStyle, settings: borrowing TypographySettings,
                               precedence: LayoutPrecedence) -> Double {
        if style.continuesBlock { return style.spaceBefore }
        if style.publisherSpacing {
            return precedence.spacing && style.spaceBefore <= LayoutPrecedence.keptSpace ? settings.paragraphSpacing : style.spaceBefore
        }
        return settings.paragraphSpacing + style.spaceBefore
    }

    /// Whether the paragraph is hyphenated: the reader's setting when they set it, else the book's, else the
    /// reader's default.
    static func hyphenates(_ style: borrowing ParagraphStyle, settings: borrowing TypographySettings,
                           precedence: LayoutPrecedence) -> Bool {
        precedence.hyphenation ? settings.hyphenation : style.hyphenation ?? settings.hyphenation
    }
}

extension ParagraphFormat {
    /// The part of a paragraph's format that does not depend on the column width: what its style and the
    /// reader's settings resolve to, before indents are limited to the column and objects sized to it. A
    /// typesetter keeps it per paragraph between layouts (``LayoutBasisCache``), so that a relayout at a new width
    /// only limits it.
    struct Basis {
        /// Sizes per attribute run (a drop cap's sized to its lines; objects and formulas not yet sized).
        let sizes: [Float]
        let alignment: TextAlignment
        let lastLineAlignment: TextAlignment?
        let bodySize: Float
        let lineHeight: Float?
        /// Baseline shifts per attribute run in points of ``sizes``, nil when no run is shifted.
        let shifts: [Float]?
        /// The block and end indents in points, before they are limited to the column.
        let blockIndent: Float
        let endIndent: Float
        /// The widths of the blocks the paragraph is in, which end its lines sooner (``BlockWidth``): nearly always
        /// none. With the em size they are in.
        let widths: [BlockWidth]
        let emSize: Double
        /// The first line's indent in points before it is limited to the column; nil beside a drop cap (none).
        let firstLineIndent: Float?
        /// The parts of the indents that are fractions of a width (``IndentFractions``): the start and end ones of
        /// the column's, the first line's of the paragraph's content width.
        /// Nil when all are 0 (nearly every paragraph: a relayout asks once, not three times).
        var fractions: (start: Float, end: Float, firstLine: Float)?
        let spaceBefore: Float

        /// - Parameter scale: The factor a scaled table's cell is set smaller by (``CellBox/scale``): every size,
        ///   indent and space in ems is of a base font size that much smaller.
        @inline(__always)
        init(runs: borrowing [AttributeRun], style: borrowing ParagraphStyle, settings: borrowing TypographySettings,
             precedence: LayoutPrecedence, bodySizes: [Float]? = nil, capMetrics: (natural: Float, capHeight: Float)? = nil,
             scale: Float = 1) {
            let base = scale == 1 ? settings.fontSize : settings.fontSize * Double(scale)
            var sizes: [Float]
            if let bodySizes, scale == 1, runs.count == 1, runs[0].style.fontScale == 1, bodySizes.count == 1, runs[0].style.attachment == nil {
                sizes = bodySizes
            } else if precedence.typeExponent == 1 {
                sizes = runs.map { Float(base * $0.style.fontScale) }
            } else {
                sizes = runs.map { Float(base * pow($0.style.fontScale, precedence.typeExponent)) }
            }
            var bodyScale = runs.first?.style.fontScale ?? 1
            if let cap = style.dropCap, runs.count > 1, runs[0].range.count == cap.length { bodyScale = runs[1].style.fontScale }
            let body = Float(base * bodyScale)
            // A paragraph of hidden units only (markup on a line of its own, an EPUB block with `display: none`)
            // takes no room at all: no spacing above it, and lines without height.
            let allHidden = !runs.isEmpty && runs.allSatisfy { $0.style.isOutOfFlow }
            bodySize = allHidden ? 0 : body
            let bookLineHeight = precedence.lineHeight ? nil : style.lineHeight.map(Float.init)
            lineHeight = bookLineHeight
            // A drop cap (its own first run) is as tall as its lines: its cap height spans from the first line's
            // cap height down to the last line's baseline.
            if let cap = style.dropCap, runs.count > 1, runs[0].range.count == cap.length, let capMetrics, capMetrics.capHeight > 0 {
                let lineHeight = bookLineHeight.map { $0 * body } ?? capMetrics.natural * body * Float(settings.lineHeightMultiple)
                sizes[0] = min(body + Float(cap.lines - 1) * lineHeight / capMetrics.capHeight, body * 20)
            }
            self.sizes = sizes
            shifts = Self.shifts(runs, sizes: sizes)
            (alignment, lastLineAlignment) = ParagraphFormat.alignments(style, settings: settings, precedence: precedence)
            blockIndent = Float(style.blockIndent * base)
            endIndent = Float(style.endIndent * base)
            widths = style.widths
            emSize = base
            let firstLine = ParagraphFormat.firstLineIndentEms(style, settings: settings, precedence: precedence)
            firstLineIndent = style.dropCap != nil ? nil : Float(firstLine.ems * base)
            let fractions = style.indentFractions
            self.fractions = fractions == .zero && firstLine.fraction == 0 ? nil
                : (Float(fractions.start), Float(fractions.end), Float(firstLine.fraction))
            spaceBefore = allHidden ? 0 : Float(ParagraphFormat.spaceBeforeEms(style, settings: settings, precedence: precedence) * base)
        }

        /// Baseline shifts per run in points of `sizes`, nil when no run is shifted.
        @inline(__always)
        static func shifts(_ runs: borrowing [AttributeRun], sizes: [Float]) -> [Float]? {
            guard runs.contains(where: { $0.style.baselineShift != 0 }) else { return nil }
            return zip(runs, sizes).map { Float($0.style.baselineShift) * $1 }
        }

        /// The block and end indents limited to a column `columnWidth` wide: each to less than half of it, but for
        /// what the widths of the blocks around add (``BlockWidth``), the block fitting its content `fitSlack`
        /// points narrower than it would fill.
        @inline(__always)
        func indents(columnWidth: Float, fitSlack: Float = 0) -> (block: Float, end: Float) {
            // A book's percentages are set apart (``fractionIndents(_:columnWidth:fitSlack:)``): a relayout asks this of
            // every paragraph, nearly none of which has one.
            if let fractions { return fractionIndents(fractions, columnWidth: columnWidth, fitSlack: fitSlack) }
            let half = max(0, (columnWidth - 1) / 2)
            let block = min(blockIndent, half)
            guard !widths.isEmpty else { return (block, min(endIndent, half)) }
            return widthIndents(columnWidth: columnWidth, fitSlack: fitSlack, block: block, endIndent: endIndent, endLimit: half)
        }

        /// ``indents(columnWidth:fitSlack:)`` of a paragraph with percentages `fractions`: a percentage is of the column's width
        /// (a nested one's ems may be below 0, never the whole indent), and, growing with the column, a book's
        /// percentage is kept past half of it as long as the line keeps an em (a letter's signature at
        /// `margin-left: 60%`); ems alone are limited to half, as ever.
        @inline(never)
        func fractionIndents(_ fractions: (start: Float, end: Float, firstLine: Float), columnWidth: Float,
                             fitSlack: Float) -> (block: Float, end: Float) {
            let half = max(0, (columnWidth - 1) / 2), em = Float(emSize)
            let blockIndent = max(0, self.blockIndent + fractions.start * max(0, columnWidth))
            let endIndent = max(0, self.endIndent + fractions.end * max(0, columnWidth))
            let startLimit = fractions.start > 0 ? max(half, columnWidth - em - min(endIndent, half)) : half
            let block = min(blockIndent, startLimit)
            let endLimit = fractions.end > 0 ? max(half, columnWidth - em - block) : half
            guard !widths.isEmpty else { return (block, min(endIndent, endLimit)) }
            return widthIndents(columnWidth: columnWidth, fitSlack: fitSlack, block: block, endIndent: endIndent, endLimit: endLimit)
        }

        /// The indents of a paragraph in blocks with widths: a block's used width may leave its lines less than
        /// half the column, an em at least; its auto margins move them toward the end, as far as leaves that em.
        func widthIndents(columnWidth: Float, fitSlack: Float, block: Float, endIndent: Float, endLimit: Float) -> (block: Float, end: Float) {
            let em = Float(emSize)
            let resolved = widths.indents(end: Double(endIndent) / emSize, columnWidth: Double(columnWidth), emSize: emSize,
                                          fitSlack: Double(fitSlack))
            let start = min(block + Float(resolved.shift), max(block, columnWidth - min(endIndent, endLimit) - em))
            return (start, min(Float(resolved.end), max(min(endIndent, endLimit), columnWidth - start - em)))
        }
    }
}
