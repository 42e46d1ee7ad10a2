import TypesetCore

/// What a job learns from a layout, section by section (``BookLayoutPass`` lays a book out a few sections at a
/// time): the page and line counts, the checksum, and, when asked, the findings only a layout shows: lines and
/// images past their column, and text on no line.
struct LayoutAudit {
    /// Whether findings are made (the layout at the job's settings) or only counts and the checksum (the
    /// reference profile's).
    let findsProblems: Bool
    private(set) var pages = 0
    private(set) var lines = 0
    private(set) var checksum = LayoutChecksum()
    var findings = FindingList()

    /// A line may pass its column by this much, in points, before it counts (rounding).
    static let tolerance = 0.5
    /// How far a line may pass its column, in ems of the body size, when it ends with a mark that may hang there
    /// (an ideographic stop or comma: burasage) or when protrusion is on.
    static let hangingAllowance = 1.05

    init(findsProblems: Bool) { self.findsProblems = findsProblems }

    /// Takes in a layout of some sections, whose first page is page `pages` of the book.
    mutating func add(_ layout: BookLayout) {
        var coverage = LineCoverage()
        for pageIndex in layout.pages.indices {
            let pageLines = layout.lines(onPage: pageIndex)
            let attachments = layout.attachments(onPage: pageIndex)
            checksum.add(page: pageIndex, number: pages + pageIndex, of: layout, lines: pageLines, attachments: attachments)
            lines += pageLines.count
            guard findsProblems else { continue }
            let columns = ColumnGeometry(layout, page: pageIndex)
            for line in pageLines {
                coverage.add(line, text: layout.text, findings: &findings)
                checkOverflow(line, columns: columns, layout: layout)
            }
            for attachment in attachments where attachment.attachment.formula == nil {
                checkWidth(attachment, columns: columns, settings: layout.settings)
            }
        }
        if findsProblems { coverage.finish(layout, findings: &findings) }
        pages += layout.pages.count
    }

    private mutating func checkOverflow(_ line: Line, columns: ColumnGeometry, layout: BookLayout) {
        let excess = columns.excess(of: line.rect)
        guard excess > Self.tolerance else { return }
        let size = layout.settings.fontSize
        if excess <= Self.hangingAllowance * size, layout.settings.protrusion || Self.endsWithHangingMark(line, layout.text) { return }
        findings.add(.lineOverflow, at: line.range.lowerBound, [
            ("range", .range(line.range)), ("page", .integer(pages + columns.pageIndex + 1)),
            ("width", .number(line.rect.width)), ("columnWidth", .number(columns.width)), ("excess", .number(excess)),
        ])
    }

    private mutating func checkWidth(_ placed: PlacedAttachment, columns: ColumnGeometry, settings: TypographySettings) {
        let excess = columns.excess(of: placed.rect)
        let asked = Self.askedWidth(placed.attachment, fontSize: settings.fontSize)
        let presentation = placed.attachment.presentation
        // A page image fills the page by design; an image the book sizes as a percentage or caps with max-width
        // is meant to fit.
        let tooWide = presentation != .page && (asked ?? 0) > columns.width + Self.tolerance
        guard excess > Self.tolerance || tooWide else { return }
        var detail: [(String, JSONWriter.Value)] = [
            ("href", placed.attachment.source.map(JSONWriter.Value.string) ?? .null),
            ("page", .integer(pages + columns.pageIndex + 1)), ("width", .number(placed.rect.width)),
            ("columnWidth", .number(columns.width)),
        ]
        if let asked { detail.append(("askedWidth", .number(asked))) }
        findings.add(.imageTooWide, at: placed.range.lowerBound, detail)
    }

    /// The width the book asks for an image, in points: its CSS width in points or ems, else (without a
    /// max-width or a percentage) its natural size; nil when the book lets it fit (a percentage, a max-width) or
    /// nothing is known.
    static func askedWidth(_ attachment: TextAttachment, fontSize: Double) -> Double? {
        if attachment.maxWidth != nil { return nil }
        switch attachment.width {
        case .points(let points)?: return points
        case .ems(let ems)?: return ems * fontSize
        case .percent?: return nil
        case nil:
            if case .percent? = attachment.height { return nil }
            return attachment.intrinsicSize?.width
        }
    }

    /// Whether the line ends with a mark that may hang past the column (burasage: 。、，． and their half-width
    /// forms), or a punctuation that protrusion hangs.
    static func endsWithHangingMark(_ line: Line, _ text: StyledText) -> Bool {
        guard line.range.count > 0 else { return false }
        var units = text.units(in: max(line.range.lowerBound, line.range.upperBound - 3)..<line.range.upperBound)
        while let last = units.last, last == 0x20 || last == 0x0A || last == 0x3000 { units.removeLast() }
        guard let last = units.last else { return false }
        return [0x3002, 0x3001, 0xFF0C, 0xFF0E, 0xFF61, 0xFF64, 0x002E, 0x002C].contains(last)
    }
}

/// The columns of a page, to say how far a box passes them.
struct ColumnGeometry {
    let pageIndex: Int
    /// The column boxes' horizontal extents (vertical text: the content box's vertical extent).
    private let extents: [ClosedRange<Double>]
    private let vertical: Bool
    let width: Double

    init(_ layout: BookLayout, page: Int) {
        pageIndex = page
        let settings = layout.settings
        let content = settings.contentRect
        vertical = layout.writingMode(ofPage: page).isVertical
        if vertical || layout.mode == .scroll && settings.columns == 1 {
            extents = vertical ? [content.minY...content.maxY] : [content.minX...content.maxX]
            width = vertical ? content.height : content.width
        } else {
            let column = settings.columnWidth
            extents = (0..<settings.columns).map { index in
                let x = content.minX + Double(index) * (column + settings.columnGap)
                return x...(x + column)
            }
            width = column
        }
    }

    /// How far `rect` passes the column it is in (the one its middle is over), in points; 0 inside.
    func excess(of rect: Rect) -> Double {
        let low = vertical ? rect.minY : rect.minX, high = vertical ? rect.maxY : rect.maxX
        let middle = (low + high) / 2
        let extent = extents.first { $0.contains(middle) } ?? extents.min { distance(middle, $0) < distance(middle, $1) } ?? (low...high)
        return max(0, extent.lowerBound - low) + max(0, high - extent.upperBound)
    }

    private func distance(_ value: Double, _ range: ClosedRange<Double>) -> Double {
        value < range.lowerBound ? range.lowerBound - value : max(0, value - range.upperBound)
    }
}

/// Which units of each paragraph its lines cover, to find visible text no line holds (a layout defect: the text
/// is in the book and on no page).
struct LineCoverage {
    /// For each paragraph met, the end of the text its lines cover so far.
    private var covered: [Int: Int] = [:]

    mutating func add(_ line: Line, text: StyledText, findings: inout FindingList) {
        let paragraph = text.paragraphs[line.paragraphIndex]
        let start = covered[line.paragraphIndex] ?? Self.firstVisible(paragraph)
        if line.range.lowerBound > start { Self.report(start..<line.range.lowerBound, in: paragraph, findings: &findings) }
        covered[line.paragraphIndex] = max(start, line.range.upperBound)
    }

    /// Reports the end of every paragraph of the layout its lines did not reach, and paragraphs without lines.
    func finish(_ layout: BookLayout, findings: inout FindingList) {
        for index in layout.paragraphRange {
            let paragraph = layout.text.paragraphs[index]
            let start = covered[index] ?? Self.firstVisible(paragraph)
            let end = paragraph.contentDocumentRange.upperBound
            if start < end { Self.report(start..<end, in: paragraph, findings: &findings) }
        }
    }

    /// Where a paragraph's lines must start: its content, past a drop cap (which may be set beside the lines
    /// rather than in them).
    private static func firstVisible(_ paragraph: Paragraph) -> Int {
        paragraph.contentDocumentRange.lowerBound + (paragraph.style.dropCap?.length ?? 0)
    }

    /// A gap of `range` counts when it holds a unit that is neither white space, nor hidden, nor a control.
    private static func report(_ range: Range<Int>, in paragraph: Paragraph, findings: inout FindingList) {
        let base = paragraph.range.lowerBound
        // Hidden ranges are in order: one pass over them and the gap together.
        let hidden = paragraph.hiddenRanges.map { ($0.lowerBound + base)..<($0.upperBound + base) }
        var next = 0
        var first: Int?
        for offset in range {
            while next < hidden.count, hidden[next].upperBound <= offset { next += 1 }
            if next < hidden.count, hidden[next].contains(offset) { continue }
            let unit = paragraph.units[offset - base]
            if unit > 0x20, unit != 0x00A0, unit != 0x00AD, unit != 0x200B, unit != 0x2028, unit != 0x2029, unit != 0x3000, unit != 0xFEFF {
                first = offset
                break
            }
        }
        guard let first else { return }
        findings.add(.invisibleText, at: first, [("range", .range(first..<range.upperBound)), ("reason", .string("onNoLine"))])
    }
}
