/// Style values that cannot be laid out, replaced where they enter the text model.
///
/// A ``TextStyle`` or ``ParagraphStyle`` comes from an API caller or a book's CSS, and a NaN, infinite or negative
/// size would otherwise turn into NaN geometry (lines nowhere, carets at NaN, selection rectangles of infinite
/// width) or lines outside their column. As CSS ignores an invalid declaration,
/// a value that means nothing falls back to its default, and a finite one is clamped to a range that layout
/// arithmetic handles; the text and its offsets are never touched.
extension TextStyle {
    /// The largest font scale kept (100 × the reader's size; `ParagraphFormat` caps the resulting points too).
    public static let maximumFontScale: Double = 100

    /// The largest letter and word spacing kept, in ems either way (a negative spacing tightens).
    public static let maximumSpacing: Double = 4

    /// This style with `fontScale` finite and in `0...maximumFontScale` (NaN, infinite and negative scales
    /// become 1; 0 stays: zero-size text is valid), `weight` in OpenType's `1...1000`, letter and word spacing
    /// finite and within ±``maximumSpacing`` ems (a spacing that would give a character a negative advance is
    /// limited when shaped), and the baseline shift finite and within ±2 ems.
    public var sanitized: TextStyle {
        func clamped(_ value: Double, _ limit: Double) -> Double { value.isFinite ? min(max(value, -limit), limit) : 0 }
        var style = self
        style.fontScale = fontScale.isFinite && fontScale >= 0 ? min(fontScale, Self.maximumFontScale) : 1
        style.weight = min(max(weight, 1), 1000)
        style.letterSpacing = clamped(letterSpacing, Self.maximumSpacing)
        style.wordSpacing = clamped(wordSpacing, Self.maximumSpacing)
        style.baselineShift = clamped(baselineShift, 2)
        if !inlineBoxes.isEmpty { style.inlineBoxes = inlineBoxes.prefix(InlineBox.maximumNesting).map(\.sanitized) }
        return style
    }
}

extension ParagraphStyle {
    /// The largest space before and block indent kept, in ems (as ``TypographySettings``' paragraph spacing).
    public static let maximumEms: Double = 100

    /// This style with `spaceBefore`, `blockIndent` and `endIndent` finite and in `0...maximumEms` (NaN, infinite
    /// and negative values become 0, but for an indent with a percentage beside it, in `-maximumEms...maximumEms`;
    /// the space kept after a break at most `spaceBefore`), `firstLineIndent` finite and in `-blockIndent...maximumEms` (a non-finite
    /// indent becomes nil: the reader's), a line height in `0.5...10` (else nil), a drop cap of 2 to
    /// ``DropCap/maximumLines`` lines, and a table cell's sizes finite and small (padding at most 4 em, borders
    /// 1 em), a float's width finite and positive (no float in a table cell), boxes' lengths likewise and at most ``BoxDecoration/maximumNesting`` of them, at most `BlockWidth.maximumNesting` widths (4). Indents wider than the column are limited later, when the width is known; a marker or drop cap
    /// longer than the content is limited by ``Paragraph``.
    public var sanitized: ParagraphStyle {
        // Each value below is written through a key path into the shared extras: 1,700 instructions a paragraph
        // for War and Peace's 12,000 when every one of them was already at its default.
        guard !hasDefaultExtras else { return self }
        func ems(_ value: Double) -> Double { value.isFinite && value >= 0 ? min(value, Self.maximumEms) : 0 }
        var style = self
        style.spaceBefore = ems(spaceBefore)
        style.spaceAfterBreak = min(style.spaceBefore, ems(spaceAfterBreak))
        // With a percentage beside them (``indentFractions``) the ems may be below 0: a nested percentage is of its
        // parent's width less the parent's ems. The layout keeps each whole indent at 0 or more.
        let fractions = indentFractions.sanitized
        style.indentFractions = fractions
        func signedEms(_ value: Double, besides fraction: Double) -> Double {
            fraction == 0 ? ems(value) : value.isFinite ? min(max(value, -Self.maximumEms), Self.maximumEms) : 0
        }
        style.blockIndent = signedEms(blockIndent, besides: fractions.start)
        style.endIndent = signedEms(endIndent, besides: fractions.end)
        let leastIndent = fractions.start == 0 ? -style.blockIndent : -Self.maximumEms
        style.firstLineIndent = firstLineIndent.flatMap { $0.isFinite ? min(max($0, leastIndent), Self.maximumEms) : nil }
        style.lineHeight = lineHeight.flatMap { $0.isFinite && $0 > 0 ? min(max($0, 0.5), 10) : nil }
        style.markerLength = max(0, markerLength)
        style.dropCap = dropCap.flatMap { cap in
            cap.length > 0 ? DropCap(length: cap.length, lines: min(max(cap.lines, 2), DropCap.maximumLines)) : nil
        }
        // A cell already in range (every cell a book's table makes) is kept as it is: rebuilt, and compared with
        // the old one in the setter, it cost some 1,300 instructions a cell.
        if isTableCell, let tableCell, !tableCell.isSanitized {
            var cell = tableCell
            cell.row = max(0, cell.row)
            cell.column = max(0, cell.column)
            cell.columnSpan = min(max(1, cell.columnSpan), TableCell.maximumColumns + 1)
            cell.rowSpan = cell.rowSpan < 0 ? 1 : min(cell.rowSpan, TableCell.maximumRowSpan)
            let padding = cell.padding
            cell.padding = EdgeInsets(top: min(ems(padding.top), 4), left: min(ems(padding.left), 4),
                                      bottom: min(ems(padding.bottom), 4), right: min(ems(padding.right), 4))
            cell.borders = cell.borders.limited(to: 1)
            cell.frame.borders = cell.frame.borders.limited(to: TableFrame.maximumEms)
            cell.frame.spacing = Size(width: min(ems(cell.frame.spacing.width), TableFrame.maximumEms),
                                      height: min(ems(cell.frame.spacing.height), TableFrame.maximumEms))
            cell.tableIndent = ems(cell.tableIndent)
            cell.tableEndIndent = ems(cell.tableEndIndent)
            func clean(_ width: TableCell.TableWidth?) -> TableCell.TableWidth? {
                width.flatMap { width in
                    switch width {
                    case .percent(let percent): percent.isFinite && percent > 0 ? .percent(min(percent, 100)) : nil
                    case .ems(let value): value.isFinite && value > 0 ? .ems(ems(value)) : nil
                    }
                }
            }
            cell.tableWidth = clean(cell.tableWidth)
            cell.width = clean(cell.width)
            cell.columnWidth = clean(cell.columnWidth)
            cell.minimumWidth = clean(cell.minimumWidth)
            cell.maximumWidth = clean(cell.maximumWidth)
            style.tableCell = cell
        }
        // A float's width is finite and positive (else it shrinks to fit); a float in a table cell floats in the
        // cell. (Asked first: most paragraphs have none, and setting one goes through a key path.)
        if let float {
            style.float = float.sanitized
        }
        // Columns in a float or a table cell are set as one column; gaps and widths finite, in ems.
        if let columns {
            style.columns = isTableCell || style.float != nil ? nil : columns.sanitized(maximumEms: Self.maximumEms)
            // The boxes kept below are the innermost: the block's outer ones counted among them.
            let dropped = max(0, boxes.count - BoxDecoration.maximumNesting)
            style.columns?.outerBoxes = min(max(0, columns.outerBoxes - dropped), min(boxes.count, BoxDecoration.maximumNesting))
        }
        // Boxes already in range (every box a book's styles make) are kept as they are: a new array, compared
        // with the old one in the setter, cost some 2,000 instructions a paragraph in a box.
        let fraction = IndentFractions.clean
        func isClean(_ box: BoxDecoration) -> Bool {
            box.border.limited(to: 1) == box.border && signedEms(box.left, besides: box.leftFraction) == box.left
                && signedEms(box.right, besides: box.rightFraction) == box.right
                && fraction(box.leftFraction) == box.leftFraction && fraction(box.rightFraction) == box.rightFraction
                && ems(box.above) == box.above && ems(box.below) == box.below && box.widths.count <= BlockWidth.maximumNesting
        }
        if !boxes.isEmpty, boxes.count > BoxDecoration.maximumNesting || !boxes.allSatisfy(isClean) {
            // Borders of an em at most, boxes ``BoxDecoration/maximumNesting`` deep (the innermost kept).
            style.boxes = boxes.suffix(BoxDecoration.maximumNesting).map { box in
                var box = box
                box.border = box.border.limited(to: 1)
                box.leftFraction = fraction(box.leftFraction); box.rightFraction = fraction(box.rightFraction)
                box.left = signedEms(box.left, besides: box.leftFraction); box.right = signedEms(box.right, besides: box.rightFraction)
                box.above = ems(box.above); box.below = ems(box.below)
                box.widths = Array(box.widths.prefix(BlockWidth.maximumNesting))
                return box
            }
        }
        // Widths ``BlockWidth/maximumNesting`` deep (the outermost kept); their lengths are clean when made.
        if widths.count > BlockWidth.maximumNesting { style.widths = Array(widths.prefix(BlockWidth.maximumNesting)) }
        return style
    }
}

extension TableCell {
    /// Whether ``ParagraphStyle/sanitized`` leaves the cell as it is: each value already what it would make of it.
    var isSanitized: Bool {
        func isEms(_ value: Double, limit: Double = ParagraphStyle.maximumEms) -> Bool { value.isFinite && value >= 0 && value <= limit }
        func isClean(_ width: TableWidth?) -> Bool {
            switch width {
            case nil: true
            case .percent(let percent)?: percent.isFinite && percent > 0 && percent <= 100
            case .ems(let value)?: value.isFinite && value > 0 && value <= ParagraphStyle.maximumEms
            }
        }
        let padding = self.padding, frame = self.frame
        return row >= 0 && column >= 0 && columnSpan >= 1 && columnSpan <= TableCell.maximumColumns + 1
            && rowSpan >= 0 && rowSpan <= TableCell.maximumRowSpan
            && isEms(padding.top, limit: 4) && isEms(padding.left, limit: 4) && isEms(padding.bottom, limit: 4) && isEms(padding.right, limit: 4)
            && borders.limited(to: 1) == borders && frame.borders.limited(to: TableFrame.maximumEms) == frame.borders
            && isEms(frame.spacing.width, limit: TableFrame.maximumEms) && isEms(frame.spacing.height, limit: TableFrame.maximumEms)
            && isEms(tableIndent) && isEms(tableEndIndent)
            && isClean(tableWidth) && isClean(width) && isClean(columnWidth) && isClean(minimumWidth) && isClean(maximumWidth)
    }
}

extension BlockFloat {
    /// This float with its width finite and positive (else nil: shrunk to fit), no negative count of outer boxes,
    /// its room finite, in `0...64` ems (four times a block's deepest indent; else nil: its paragraphs' indents),
    /// its room's fraction in `0...1` and its insets in `0...64` ems (else 0).
    var sanitized: BlockFloat {
        var float = self
        func clean(_ value: Double, _ limit: Double) -> Double { value.isFinite ? min(max(0, value), limit) : 0 }
        float.outerBoxes = max(0, outerBoxes)
        float.room = room.flatMap { $0.isFinite ? min(max(0, $0), 64) : nil }
        float.roomFraction = clean(roomFraction, 1)
        float.inset = clean(inset, 64)
        float.farInset = clean(farInset, 64)
        switch width {
        case .points(let value)?, .ems(let value)?, .percent(let value)?:
            if !value.isFinite || value <= 0 { float.width = nil }
        case nil: break
        }
        return float
    }
}

extension BlockColumns {
    /// These columns with a count in `1...maximumCount`, a width finite, positive and at most `maximumEms`, a gap
    /// and a rule's width finite, in `0...10` ems.
    func sanitized(maximumEms: Double) -> BlockColumns {
        func ems(_ value: Double) -> Double { value.isFinite && value >= 0 ? min(value, maximumEms) : 0 }
        var columns = self
        columns.count = count.map { min(max(1, $0), BlockColumns.maximumCount) }
        columns.width = width.flatMap { $0.isFinite && $0 > 0 ? ems($0) : nil }
        columns.gap = min(ems(gap), 10)
        columns.rule.width = min(ems(rule.width), 10)
        columns.left = ems(left); columns.right = ems(right)
        columns.widths = Array(widths.prefix(BlockWidth.maximumNesting))
        switch height {
        case .points(let value)?, .ems(let value)?, .percent(let value)?:
            if !(value.isFinite && value > 0) { columns.height = nil }
        case nil: break
        }
        return columns
    }
}
