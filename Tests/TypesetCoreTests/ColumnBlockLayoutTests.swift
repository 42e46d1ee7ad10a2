import Testing
@testable import TypesetCore
import TypesetTestSupport

/// Multi-column blocks (CSS Multi-column 1) as the layout sets them: a generated family (column counts × widths ×
/// page widths × text lengths) checked for no two lines overlapping, lines partitioning the text, the columns
/// balanced on the block's last page and carried over pages, and carets round-tripping in the columns.
@Suite struct ColumnBlockLayoutTests {
    static let sentence = "The ship lay still on the calm water and the crew slept below the deck. "

    /// A paragraph, `paragraphs` paragraphs of `sentences` sentences in a multi-column block, a paragraph.
    static func text(_ columns: BlockColumns, paragraphs: Int, sentences: Int) throws -> StyledText {
        var style = ParagraphStyle.body
        var list: [(String, ParagraphStyle)] = [("Before the columns.", .body)]
        for index in 0..<paragraphs {
            var block = columns
            block.startsBlock = index == 0
            style.columns = block
            list.append((String(repeating: sentence, count: sentences), style))
        }
        list.append(("After the columns.", .body))
        return try PaginationTests.text(list)
    }

    @Test(arguments: [240.0, 390.0], [(2, 1), (3, 3), (2, 20)])
    func columnsNeverOverlapAndPartitionTheText(pageWidth: Double, size: (paragraphs: Int, sentences: Int)) throws {
        for columns in [BlockColumns(count: 2), BlockColumns(count: 3, gap: 2), BlockColumns(width: 8), BlockColumns(count: 4, width: 6)] {
            let text = try Self.text(columns, paragraphs: size.paragraphs, sentences: size.sentences)
            let layout = try FloatLayoutTests.layout(text, pageWidth: pageWidth)
            let label = "\(columns) at \(pageWidth), \(size)"
            #expect(LayoutInvariants.violations(in: layout).isEmpty, "\(label): \(LayoutInvariants.violations(in: layout))")
            for page in layout.pages.indices {
                let lines = layout.lines(onPage: page)
                for (i, a) in lines.enumerated() {
                    for b in lines[(i + 1)...] where FloatLayoutTests.overlaps(a.rect, b.rect) {
                        Issue.record("\(label): page \(page) line \(a.paragraphIndex).\(a.lineIndex) \(a.rect) overlaps \(b.paragraphIndex).\(b.lineIndex) \(b.rect)")
                    }
                }
            }
            // The paragraph after the block starts below every line of it.
            let all = layout.pages.indices.flatMap { page in layout.lines(onPage: page).map { (page, $0) } }
            let after = try #require(all.last { $0.1.paragraphIndex == text.paragraphs.count - 1 })
            let blockOnItsPage = all.filter { $0.0 == after.0 && $0.1.paragraphIndex > 0 && $0.1.paragraphIndex < text.paragraphs.count - 1 }
            #expect(blockOnItsPage.allSatisfy { $0.1.rect.maxY <= after.1.rect.minY + 0.5 }, "\(label)")
        }
    }

    /// Two columns of a short block are balanced: side by side, starting at the same height, their line counts
    /// differing by at most one, each column as wide as half the column less half the gap.
    @Test func aShortBlockIsBalancedInItsColumns() throws {
        let text = try Self.text(BlockColumns(count: 2), paragraphs: 1, sentences: 4)
        let layout = try FloatLayoutTests.layout(text, pageWidth: 390)
        let lines = layout.lines(onPage: 0).filter { $0.paragraphIndex == 1 }
        let left = lines.filter { $0.rect.minX < 150 }, right = lines.filter { $0.rect.minX >= 150 }
        #expect(left.count >= 2 && abs(left.count - right.count) <= 1, "\(left.count) and \(right.count) lines")
        #expect(abs((left.first?.rect.minY ?? 0) - (right.first?.rect.minY ?? 1)) < 0.01)
        let gap = layout.settings.fontSize
        let width = (layout.settings.columnWidth - gap) / 2
        #expect(lines.allSatisfy { $0.rect.width <= width + 0.5 })
        #expect((right.first?.rect.minX ?? 0) >= layout.settings.contentRect.minX + width + gap - 0.5)
    }

    /// A block longer than the page fills the columns of the first page to the bottom, then goes on in columns
    /// on the next page, in order.
    @Test func aLongBlockGoesOnOverThePages() throws {
        let text = try Self.text(BlockColumns(count: 2), paragraphs: 6, sentences: 6)
        let layout = try FloatLayoutTests.layout(text, pageWidth: 390, height: 500)
        #expect(layout.pages.count >= 2)
        #expect(LayoutInvariants.violations(in: layout).isEmpty, "\(LayoutInvariants.violations(in: layout))")
        let first = layout.lines(onPage: 0).filter { $0.paragraphIndex > 0 }
        let columnsOnFirst = Set(first.map { ($0.rect.minX / 10).rounded() })
        #expect(first.contains { $0.rect.minX > 150 }, "the first page has a second column: \(columnsOnFirst)")
        let second = layout.lines(onPage: 1).filter { $0.paragraphIndex > 0 && $0.paragraphIndex < 7 }
        #expect(second.contains { $0.rect.minX > 150 })
    }

    /// Carets round-trip in the columns.
    @Test func caretsRoundTripInColumns() throws {
        let text = try Self.text(BlockColumns(count: 2), paragraphs: 2, sentences: 2)
        let layout = try FloatLayoutTests.layout(text, pageWidth: 390)
        let lineEnds = Set(layout.pages.indices.flatMap { layout.lines(onPage: $0) }.map { $0.range.upperBound - 1 })
        let trailingSpaces = Set(lineEnds.map { $0 - 1 }.filter { $0 >= 0 && text.string(in: $0..<($0 + 1)) == " " })
        var failures: [String] = []
        for offset in 0..<text.length where !lineEnds.contains(offset) && !trailingSpaces.contains(offset) {
            guard let caret = layout.caretRect(for: TextPosition(offset: offset)) else { continue }
            let point = Point(x: caret.rect.minX + caret.rect.width / 2, y: caret.rect.minY + caret.rect.height / 2)
            let found = layout.closestPosition(to: point, onPage: caret.page).offset
            if found != offset { failures.append("\(offset) → \(found)") }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    /// The generated family (counts × widths × gaps × the block's margins × `column-fill` × heights × text lengths):
    /// the lines stay inside the block's content box (its margins outside the columns) and never overlap; with a
    /// height, each part's columns end within it and the paragraph after the block starts below it; with `auto`, every
    /// column of a part but its last is filled until the next line would not fit.
    @Test(arguments: [BlockColumns.Fill.balance, .balanceAll, .auto], [nil, TextAttachment.Length.ems(6), .points(90), .points(10)])
    func aFamilyOfBlocksStaysInItsContentBoxAndFillsAsItSays(fill: BlockColumns.Fill, height: TextAttachment.Length?) throws {
        for base in [BlockColumns(count: 2), BlockColumns(count: 3, gap: 2), BlockColumns(width: 8), BlockColumns(count: 4, width: 6)] {
            for (left, right) in [(0.0, 0.0), (2.0, 0.0), (1.0, 3.0)] {
                for size in [(paragraphs: 1, sentences: 3), (paragraphs: 3, sentences: 6)] {
                    var columns = base
                    columns.left = left; columns.right = right; columns.fill = fill; columns.height = height
                    let text = try Self.text(columns, paragraphs: size.paragraphs, sentences: size.sentences)
                    let layout = try FloatLayoutTests.layout(text, pageWidth: 390, height: 500)
                    try Self.check(layout, text: text, columns: columns, label: "\(columns), \(size)")
                }
            }
        }
    }

    static func check(_ layout: BookLayout, text: StyledText, columns: BlockColumns, label: String) throws {
        #expect(LayoutInvariants.violations(in: layout).isEmpty, "\(label): \(LayoutInvariants.violations(in: layout))")
        let em = layout.settings.fontSize, content = layout.settings.contentRect
        let last = text.paragraphs.count - 1
        // The first page has room for the block's first line, whatever the block's height.
        #expect(layout.lines(onPage: 0).contains { $0.paragraphIndex == 1 }, "\(label): the block starts on a later page")
        let heightPoints: Double? = switch columns.height {
        case .points(let value)?: value
        case .ems(let value)?: value * em
        case .percent(let value)?: content.height * value / 100
        case nil: nil
        }
        for page in layout.pages.indices {
            let lines = layout.lines(onPage: page)
            for (i, a) in lines.enumerated() {
                for b in lines[(i + 1)...] where FloatLayoutTests.overlaps(a.rect, b.rect) {
                    Issue.record("\(label): page \(page) line \(a.paragraphIndex).\(a.lineIndex) overlaps \(b.paragraphIndex).\(b.lineIndex)")
                }
            }
            let block = lines.filter { $0.paragraphIndex > 0 && $0.paragraphIndex < last }
            guard let top = block.map(\.rect.minY).min() else { continue }
            #expect(block.allSatisfy { $0.rect.minX >= content.minX + columns.left * em - 0.5 && $0.rect.maxX <= content.maxX - columns.right * em + 0.5 },
                    "\(label): page \(page) has lines outside the content box")
            let partBottom = min(content.maxY, heightPoints.map { top + $0 } ?? content.maxY)
            if let heightPoints {
                #expect(block.allSatisfy { $0.rect.maxY <= top + max(heightPoints, $0.rect.height) + 0.5 }, "\(label): page \(page) past the height: top \(top) \(block.map { ($0.paragraphIndex, $0.lineIndex, $0.rect) })")
                if let after = lines.first(where: { $0.paragraphIndex == last }) {
                    #expect(after.rect.minY >= min(content.maxY, top + heightPoints) - 0.5, "\(label): the paragraph after is inside the block")
                }
            }
            guard columns.fill == .auto else { continue }
            // Columns left to right: each but the last filled until the next column's first line would not fit.
            let lefts = Set(block.map { ($0.rect.minX / 4).rounded() }).sorted()
            let columnsOnPage = lefts.map { x in block.filter { ($0.rect.minX / 4).rounded() == x } }
            for (column, next) in zip(columnsOnPage, columnsOnPage.dropFirst()) {
                let bottom = column.map(\.rect.maxY).max() ?? top
                let first = next.min { $0.rect.minY < $1.rect.minY }?.rect.height ?? 0
                #expect(bottom + first + 0.7 * em > partBottom, "\(label): page \(page): a column ends at \(bottom), the part at \(partBottom)")
            }
        }
    }
}

/// ``BlockColumns/used(available:emSize:)`` as Multi-column §3.4's pseudo-algorithm with a floor: over generated
/// counts, widths, gaps, type sizes and page columns, the used count is the most columns, up to the count asked, of
/// at least `column-width` and ``BlockColumns/minimumWidth`` ems each; one when none fit; the columns and gaps fill
/// the content box.
@Suite struct BlockColumnsUsedTests {
    @Test func theCountIsTheMostThatAreWideEnough() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let count = Bool.random(using: &generator) ? Int.random(in: 1...20, using: &generator) : nil
            let width = Bool.random(using: &generator) ? Double.random(in: 1...20, using: &generator) : nil
            var columns = BlockColumns(count: count, width: width, gap: Double.random(in: 0...3, using: &generator))
            if count == nil && width == nil { columns.count = 2 }
            let available = Float.random(in: 40...1400, using: &generator), em = Float.random(in: 8...48, using: &generator)
            let used = columns.used(available: available, emSize: em)
            let narrowest = Float(max(columns.width ?? 0, BlockColumns.minimumWidth)) * em
            let asked = min(columns.count ?? BlockColumns.maximumCount, BlockColumns.maximumCount)
            let label = "\(columns) in \(available) at \(em)"
            #expect(used.count >= 1 && used.count <= asked, "\(label)")
            if used.count > 1 { #expect(used.width >= narrowest * 0.999, "\(label): \(used)") }
            if used.count < asked {
                let more = (available + used.gap) / Float(used.count + 1) - used.gap
                #expect(more < narrowest * 1.001, "\(label): \(used) could have had one more")
            }
            #expect(abs(Float(used.count) * used.width + Float(used.count - 1) * used.gap - available) < 0.01 * available || used.width == 1,
                    "\(label): \(used)")
        }
    }
}
