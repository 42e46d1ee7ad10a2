import Testing
@testable import TypesetCore
import TypesetTestSupport

/// Writing modes per section and per block (CSS Writing Modes 4 at the granularity of the document and of the
/// block): a book whose documents or blocks differ sets each in its own mode, and the position model follows each
/// page's. Checked over a small generated family: every book mode with sections of every mode, in several orders,
/// with and without an orthogonal block (a horizontal block in a vertical section, a vertical one in a horizontal
/// section) in each section.
@Suite struct MixedWritingModeTests {
    /// Vertical Japanese with Latin inside it, and horizontal English with Hebrew and Arabic inside it (bidi).
    static let japanese = "賈寶玉初見林黛玉、「紅樓夢」第三回を読む。JIS X 4051 に従い、12月に組む。ＪＩＳの規格。寶釵と湘雲。"
    static let english = "Reading “שלום עולם” and “السلام عليكم” in an office, fluffy and fine: the colophon of 2026. "

    /// A book's text and its segments: the runs of paragraphs of one section in one mode, in order.
    struct Book {
        var text: StyledText
        var segments: [(paragraphs: Range<Int>, mode: WritingMode)]

        /// The segment holding paragraph `paragraph`.
        func segment(ofParagraph paragraph: Int) -> (paragraphs: Range<Int>, mode: WritingMode)? {
            segments.first { $0.paragraphs.contains(paragraph) }
        }
    }

    /// The mode of an orthogonal block in a section of `mode` (section `section`): horizontal in vertical text;
    /// `vertical-rl` and `vertical-lr` in turn in horizontal text.
    static func orthogonal(to mode: WritingMode, section: Int) -> WritingMode {
        mode.isVertical ? .horizontal : section % 2 == 0 ? .verticalRightToLeft : .verticalLeftToRight
    }

    /// A book of one section per entry, each a few paragraphs of its mode's text, with `book` as its main mode;
    /// with `blocks`, each section's second paragraph is a block in the orthogonal mode (the last paragraph of a
    /// section of two, between two of a section of three).
    static func book(_ modes: [WritingMode], book: WritingMode?, blocks: Bool = false) throws -> Book {
        var paragraphs: [Paragraph] = []
        var blockModes: [Int: WritingMode] = [:]
        var segments: [(paragraphs: Range<Int>, mode: WritingMode)] = []
        var start = 0
        for (section, sectionMode) in modes.enumerated() {
            for number in 0..<(2 + section % 2) {
                var mode = sectionMode
                if blocks && number == 1 {
                    mode = orthogonal(to: sectionMode, section: section)
                    blockModes[paragraphs.count] = mode
                }
                let sample = mode.isVertical ? japanese : english
                let units = Array(String(repeating: sample, count: 2 + number).utf16) + [0x0A]
                let style = ParagraphStyle(startsSection: number == 0)
                if let last = segments.last, number > 0, last.mode == mode {
                    segments[segments.count - 1].paragraphs = last.paragraphs.lowerBound..<(paragraphs.count + 1)
                } else {
                    segments.append((paragraphs.count..<(paragraphs.count + 1), mode))
                }
                paragraphs.append(Paragraph(start: start, units: units, contentRange: 0..<(units.count - 1), style: style))
                start += units.count
            }
        }
        var text = try StyledText(paragraphs: paragraphs, language: "ja")
        text.writingMode = book
        text.sectionWritingModes = modes
        text.paragraphWritingModes = blockModes
        return Book(text: text, segments: segments)
    }

    static var settings: TypographySettings {
        var settings = Fixtures.settings
        settings.pageSize = Size(width: 300, height: 420)
        settings.fontSize = 15
        return settings
    }

    /// The families: the book's main mode, its sections' modes, and whether each section holds an orthogonal block.
    static let families: [(book: WritingMode?, sections: [WritingMode], blocks: Bool)] = [
        (.verticalRightToLeft, [.verticalRightToLeft, .horizontal, .verticalRightToLeft], false),
        (nil, [.horizontal, .verticalRightToLeft, .verticalLeftToRight], false),
        (.horizontal, [.verticalLeftToRight, .horizontal, .verticalRightToLeft, .horizontal], false),
        (.verticalLeftToRight, [.horizontal, .verticalLeftToRight, .verticalRightToLeft], false),
        (.verticalRightToLeft, [.verticalRightToLeft, .horizontal, .verticalRightToLeft], true),
        (nil, [.horizontal, .verticalRightToLeft, .horizontal, .verticalLeftToRight], true),
        (.verticalLeftToRight, [.verticalLeftToRight, .horizontal], true),
    ]

    static func book(family: Int) throws -> Book {
        let (bookMode, modes, blocks) = families[family]
        return try book(modes, book: bookMode, blocks: blocks)
    }

    /// Paragraphs `range` of `text` alone, from offset 0, in a book of `mode`.
    static func alone(_ text: StyledText, paragraphs range: Range<Int>, mode: WritingMode) throws -> StyledText {
        let base = text.paragraphs[range.lowerBound].range.lowerBound
        var alone = try StyledText(paragraphs: text.paragraphs[range].map {
            Paragraph(start: $0.range.lowerBound - base, units: $0.units, contentRange: $0.contentRange, style: $0.style)
        }, language: "ja")
        alone.writingMode = mode
        return alone
    }

    /// Each page is set in its segment's mode (its section's, or its block's), sections and orthogonal blocks start
    /// pages, and a segment's pages are exactly the pages of the same paragraphs alone in a book of its mode
    /// (lines, glyphs and page sizes), page for page.
    @Test(arguments: families.indices)
    func eachSectionAndBlockIsSetInItsOwnMode(_ family: Int) throws {
        let book = try Self.book(family: family)
        let text = book.text
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let layout = try typesetter.layout(text, settings: Self.settings)
        #expect(layout.writingMode == Self.families[family].book ?? .horizontal)
        #expect(Set(layout.pages.map(\.section)) == Set(Self.families[family].sections.indices))
        for page in layout.pages.indices {
            let first = try #require(text.paragraphIndex(containing: layout.pages[page].range.lowerBound))
            #expect(layout.pages[page].writingMode == book.segment(ofParagraph: first)?.mode)
            #expect(layout.writingMode(ofPage: page) == layout.pages[page].writingMode)
            let size = layout.pages[page].size
            #expect(size == Self.settings.pageSize, "page \(page) is \(size)")
        }
        for (number, segment) in book.segments.enumerated() {
            let base = text.paragraphs[segment.paragraphs.lowerBound].range.lowerBound
            let offsets = base..<text.paragraphs[segment.paragraphs.upperBound - 1].range.upperBound
            let reference = try typesetter.layout(try Self.alone(text, paragraphs: segment.paragraphs, mode: segment.mode),
                                                  settings: Self.settings)
            let pages = layout.pages.indices.filter { offsets.contains(layout.pages[$0].range.lowerBound) }
            #expect(pages.count == reference.pages.count, "segment \(number) (\(segment.mode)): \(pages.count) pages, alone \(reference.pages.count)")
            #expect(pages.last.map { layout.pages[$0].range.upperBound } == offsets.upperBound, "segment \(number) ends a page")
            for (page, referencePage) in zip(pages, reference.pages.indices) {
                #expect(reference.pages[referencePage].writingMode == segment.mode)
                let lines = layout.lines(onPage: page).map { ($0.rect, $0.baseline, $0.range.lowerBound - base) }
                let expected = reference.lines(onPage: referencePage).map { ($0.rect, $0.baseline, $0.range.lowerBound) }
                #expect(lines.elementsEqual(expected) { $0.0 == $1.0 && $0.1 == $1.1 && $0.2 == $1.2 },
                        "segment \(number) page \(page): lines differ from the segment alone")
                let glyphs = layout.glyphRuns(onPage: page).map { ($0.positions.map(\.x), $0.positions.map(\.y), $0.orientation) }
                let expectedGlyphs = reference.glyphRuns(onPage: referencePage).map { ($0.positions.map(\.x), $0.positions.map(\.y), $0.orientation) }
                #expect(glyphs.elementsEqual(expectedGlyphs) { $0.0 == $1.0 && $0.1 == $1.1 && $0.2 == $1.2 },
                        "segment \(number) page \(page): glyphs differ from the segment alone")
            }
        }
    }

    /// Every caret of every page maps back to its offset through `closestPosition` on its page, and lies on the
    /// page `pageIndex(containing:)` names; points over a grid of every page map to offsets of that page whose
    /// caret maps back to them (closestPosition is idempotent).
    @Test(arguments: families.indices)
    func positionsFollowEachPagesMode(_ family: Int) throws {
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts())
            .layout(try Self.book(family: family).text, settings: Self.settings)
        let (carets, points) = Self.checkPositions(layout)
        #expect(carets > 500)
        print("family \(family): \(carets) carets, \(points) points")
    }

    /// A scroll layout of a book whose sections or blocks differ in mode is one scroll page per run of one mode,
    /// each set in its mode (vertical scrolls as tall as the page, horizontal ones as wide): glyphs stand as their
    /// page's mode says (upright or turned in vertical text, never in horizontal text), each page's lines are the
    /// same as its paragraphs alone in a scroll of its mode, and carets and points round-trip on every page.
    @Test(arguments: families.indices.filter { families[$0].blocks })
    func scrollSetsEachRunInItsOwnMode(_ family: Int) throws {
        let book = try Self.book(family: family)
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let layout = try typesetter.layout(book.text, settings: Self.settings, mode: .scroll)
        #expect(layout.pages.count > 1)
        for page in layout.pages.indices {
            let mode = layout.pages[page].writingMode
            let range = layout.pages[page].range
            let paragraphs = try #require(book.text.paragraphIndex(containing: range.lowerBound))
                ..< (try #require(book.text.paragraphIndex(containing: range.upperBound - 1)) + 1)
            // Consecutive pages differ in mode, and every segment on a page has the page's mode.
            if page > 0 { #expect(layout.pages[page - 1].writingMode != mode) }
            #expect(book.segments.filter { $0.paragraphs.overlaps(paragraphs) }.allSatisfy { $0.mode == mode })
            if mode.isVertical {
                #expect(layout.pages[page].size.height == Self.settings.pageSize.height)
            } else {
                #expect(layout.pages[page].size.width == Self.settings.pageSize.width)
            }
            let runs = layout.glyphRuns(onPage: page)
            #expect(runs.contains { $0.orientation == (mode.isVertical ? .upright : .horizontal) })
            #expect(runs.allSatisfy { ($0.orientation == .horizontal) == !mode.isVertical }, "page \(page) (\(mode))")
            let alone = try typesetter.layout(try Self.alone(book.text, paragraphs: paragraphs, mode: mode),
                                              settings: Self.settings, mode: .scroll)
            let base = range.lowerBound
            #expect(alone.pages.count == 1)
            #expect(layout.lines(onPage: page).map { [$0.rect.minX, $0.rect.minY, $0.baseline, Double($0.range.lowerBound - base)] }
                    == alone.lines(onPage: 0).map { [$0.rect.minX, $0.rect.minY, $0.baseline, Double($0.range.lowerBound)] })
        }
        let (carets, _) = Self.checkPositions(layout)
        #expect(carets > 500)
    }

    /// Checks carets and a grid of points on every page of `layout` (see positionsFollowEachPagesMode); the
    /// number of carets and points checked.
    static func checkPositions(_ layout: BookLayout) -> (carets: Int, points: Int) {
        var carets = 0, points = 0
        for page in layout.pages.indices {
            for index in layout.pages[page].placements.indices {
                let line = layout.carets(page: page, placementIndex: index)
                var offsets = Set(line.graphemes.flatMap { [$0.start, $0.end] })
                let hanging = line.graphemes.filter { $0.maxX > line.contentMaxX + 0.001 || $0.minX < line.contentMinX - 0.001 }
                offsets.subtract(hanging.map(\.start))
                for offset in offsets.sorted() where offset >= line.startOffset && offset <= line.endOffset {
                    let affinity: TextAffinity = offset == line.endOffset && line.isSoftWrapped ? .backward : .forward
                    guard let caret = layout.caretRect(for: TextPosition(offset: offset, affinity: affinity)) else {
                        Issue.record("no caret for \(offset)"); continue
                    }
                    #expect(caret.page == page, "caret for \(offset) on page \(caret.page), its line on \(page)")
                    // A caret is a bar across the line: horizontal on a vertical page, vertical on a horizontal one.
                    #expect(layout.pages[page].writingMode.isVertical == (caret.rect.width > caret.rect.height))
                    let back = layout.closestPosition(to: caret.rect.center, onPage: caret.page)
                    if back.offset != offset {
                        let other = layout.caretRect(for: back)
                        #expect(other.map { abs($0.rect.center.x - caret.rect.center.x) < 0.01 && abs($0.rect.center.y - caret.rect.center.y) < 0.01 } == true,
                                "page \(page) (\(layout.pages[page].writingMode)): caret of \(offset) maps back to \(back.offset)")
                    }
                    carets += 1
                }
            }
            let size = layout.pages[page].size, range = layout.pages[page].range
            for i in 0...12 {
                for j in 0...16 {
                    let point = Point(x: size.width * Double(i) / 12, y: size.height * Double(j) / 16)
                    let position = layout.closestPosition(to: point, onPage: page)
                    #expect(position.offset >= range.lowerBound && position.offset <= range.upperBound,
                            "page \(page): \(point) gave \(position.offset) outside \(range)")
                    if let caret = layout.caretRect(for: position) {
                        // As for carets above, a place two offsets share (a bidi boundary, a line's hanging end)
                        // may map to the other, drawn at the same place.
                        let back = layout.closestPosition(to: caret.rect.center, onPage: caret.page)
                        let same = back.offset == position.offset || layout.caretRect(for: back).map {
                            abs($0.rect.center.x - caret.rect.center.x) < 0.01 && abs($0.rect.center.y - caret.rect.center.y) < 0.01 } == true
                        #expect(same, "page \(page) \(layout.pages[page].writingMode): \(point) gave \(position), its caret \(caret.rect) \(back) \(layout.text.string(in: min(back.offset, position.offset)..<max(back.offset, position.offset)).debugDescription)")
                    }
                    points += 1
                }
            }
        }
        return (carets, points)
    }

    /// `selectionRects` covers exactly the glyphs of its range on pages of both modes: vertical strips on vertical
    /// pages, horizontal bands on horizontal ones, for ranges that cross sections of different modes.
    @Test(arguments: families.indices)
    func selectionCoversTheGlyphsOnEveryPage(_ family: Int) throws {
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts())
            .layout(try Self.book(family: family).text, settings: Self.settings)
        var generator = SplitMix64(seed: UInt64(family + 1))
        let length = layout.text.length
        for _ in 0..<25 {
            guard let range = GlyphProbe.randomSelection(length: length, using: &generator) else { continue }
            let rects = layout.selectionRects(for: range)
            for rect in rects { #expect(rect.isVertical == layout.pages[rect.page].writingMode.isVertical) }
            for page in layout.pages.indices where layout.pages[page].range.overlaps(range) || range.contains(layout.pages[page].range.lowerBound) {
                let onPage = rects.filter { $0.page == page }
                for run in layout.glyphRuns(onPage: page) {
                    // A halved mark (JLReq spacing: 、。「」 set in half an em) stands off its cell's middle, where
                    // the point below is taken: it is left out.
                    for i in run.glyphs.indices where run.advances[i] > 0.5 && (run.orientation != .upright || run.advances[i] > run.size * 0.9) {
                        if let problem = GlyphProbe.coverageProblem(run, i, range: range, rects: onPage.map(\.rect)) {
                            Issue.record("\(problem), on page \(page) \(layout.pages[page].writingMode) \(run.orientation); \(layout.text.string(in: GlyphProbe.characters(run, i)))")
                        }
                    }
                }
            }
        }
    }

    /// The reader's vertical-text setting, when set, sets every section alike: false, all horizontal; true,
    /// horizontal sections `vertical-rl` and `vertical-lr` ones kept. A scroll is one page per run of one mode.
    @Test func readerSettingSetsOneModeAndScrollOnePagePerMode() throws {
        let text = try Self.book([.verticalRightToLeft, .horizontal, .verticalLeftToRight], book: .verticalRightToLeft).text
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        var horizontal = Self.settings
        horizontal.verticalText = false
        #expect(try typesetter.layout(text, settings: horizontal).pages.allSatisfy { $0.writingMode == .horizontal })
        var vertical = Self.settings
        vertical.verticalText = true
        let turned = try typesetter.layout(text, settings: vertical)
        #expect(turned.pages.map(\.writingMode) == turned.pages.map { $0.section == 2 ? .verticalLeftToRight : .verticalRightToLeft })
        let scroll = try typesetter.layout(text, settings: Self.settings, mode: .scroll)
        #expect(scroll.pages.map(\.writingMode) == [.verticalRightToLeft, .horizontal, .verticalLeftToRight])
        #expect(scroll.pages.map(\.section) == [0, 1, 2])
        #expect(try typesetter.layout(text, settings: horizontal, mode: .scroll).pages.count == 1)
    }

    /// Moving down on a vertical page runs along its column (to later offsets), and on a horizontal page to the
    /// next line: each step in its own page's frame.
    @Test func movementFollowsThePagesMode() throws {
        let text = try Self.book([.verticalRightToLeft, .horizontal], book: .verticalRightToLeft).text
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(text, settings: Self.settings)
        for page in [0, layout.pages.count - 1] {
            let lines = layout.lines(onPage: page)
            let first = try #require(lines.first)
            let start = TextPosition(offset: first.range.lowerBound)
            let down = try #require(layout.position(from: start, in: .down, offset: 1))
            if layout.pages[page].writingMode.isVertical {
                #expect(down.offset == first.range.lowerBound + 1, "down on a vertical page moves along the column")
            } else {
                #expect(lines.count > 1 && lines[1].range.contains(down.offset), "down on a horizontal page moves to the next line")
            }
        }
    }
}
