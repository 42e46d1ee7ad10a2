import Testing
import TypesetCore
import TypesetTestSupport

/// Floats (CSS 2.1 §9.5) as the layout sets them: a generated family of floats (sides × widths × column widths ×
/// text lengths) checked for the invariants WPT's float tests rest on: no line overlaps a float, lines partition
/// the text, every float is whole on one page and inside its column, and carets round-trip beside floats.
@Suite struct FloatLayoutTests {
    static let words = "The ship lay still on the calm water and the crew slept below the deck while the watch kept an eye on the stars. "

    /// A paragraph, a floated box of `floatText` (its `width`, its `side`), then `sentences` sentences of text, then
    /// a paragraph that clears the float when `clears`.
    static func text(side: BlockFloat.Side, width: TextAttachment.Length?, floatText: String, sentences: Int,
                     clears: Bool = false) throws -> StyledText {
        var floated = ParagraphStyle.body
        floated.float = BlockFloat(side: side, width: width)
        floated.continuesBlock = true
        var cleared = ParagraphStyle.body
        if clears { cleared.clear = .both }
        return try PaginationTests.text([("Before the float.", .body), (floatText, floated),
                                         (String(repeating: words, count: sentences), .body),
                                         ("After the text.", cleared)])
    }

    static func layout(_ text: StyledText, pageWidth: Double, height: Double = 600) throws -> BookLayout {
        var settings = Fixtures.settings
        settings.pageSize = Size(width: pageWidth, height: height)
        return try Typesetter(fonts: try Fixtures.bundledFonts()).layout(text, settings: settings)
    }

    static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX - 0.5 && b.minX < a.maxX - 0.5 && a.minY < b.maxY - 0.5 && b.minY < a.maxY - 0.5
    }

    static let family: [(BlockFloat.Side, TextAttachment.Length?, String)] = [
        (.right, nil, "10"), (.left, nil, "§ 4"), (.left, .points(120), "A floated note that wraps over a few of its own lines."),
        (.right, .percent(40), "A floated note that wraps over a few of its own lines."),
        (.left, .percent(100), "A float as wide as the column."), (.right, .ems(30), "Wider than any column here."),
    ]

    @Test(arguments: [240.0, 390.0], [1, 4])
    func noLineOverlapsAFloatAndLinesPartitionTheText(pageWidth: Double, sentences: Int) throws {
        for (side, width, floatText) in Self.family {
            for clears in [false, true] {
                let text = try Self.text(side: side, width: width, floatText: floatText, sentences: sentences, clears: clears)
                let layout = try Self.layout(text, pageWidth: pageWidth)
                let label = "\(side) \(String(describing: width)) \(floatText.prefix(8)) at \(pageWidth), \(sentences), clears \(clears)"
                #expect(LayoutInvariants.violations(in: layout).isEmpty, "\(label): \(LayoutInvariants.violations(in: layout))")
                let column = layout.settings.contentRect
                for page in layout.pages.indices {
                    let lines = layout.lines(onPage: page)
                    let floated = lines.filter { $0.paragraphIndex == 1 }
                    // A float is whole on one page, inside its column, at its side.
                    if !floated.isEmpty {
                        #expect(floated.count == lines.filter { $0.paragraphIndex == 1 }.count)
                        for line in floated {
                            #expect(line.rect.minX >= column.minX - 0.5 && line.rect.maxX <= column.maxX + 0.5, "\(label)")
                        }
                    }
                    for line in lines where line.paragraphIndex != 1 {
                        for float in floated {
                            #expect(!Self.overlaps(line.rect, float.rect), "\(label): line \(line.paragraphIndex).\(line.lineIndex) \(line.rect) over the float's \(float.rect)")
                        }
                    }
                    if clears, let after = lines.first(where: { $0.paragraphIndex == 3 }), let bottom = floated.map(\.rect.maxY).max() {
                        #expect(after.rect.minY >= bottom - 0.5, "\(label): the cleared paragraph starts below the float")
                    }
                }
                let floatPages = Set(layout.pages.indices.filter { page in layout.lines(onPage: page).contains { $0.paragraphIndex == 1 } })
                #expect(floatPages.count == 1, "\(label): the float is on one page")
            }
        }
    }

    /// A narrow float shortens the lines beside it: the text's first lines end before a right float (start after a
    /// left one), and the lines below it use the whole column.
    @Test(arguments: [BlockFloat.Side.left, .right])
    func linesBesideAFloatAreShortenedUntilItsBottom(side: BlockFloat.Side) throws {
        let text = try Self.text(side: side, width: .points(100), floatText: "A floated note over lines of its own, four or so.",
                                 sentences: 4)
        let layout = try Self.layout(text, pageWidth: 390)
        let lines = layout.lines(onPage: 0)
        let floated = lines.filter { $0.paragraphIndex == 1 }
        let float = try #require(floated.first)
        let bottom = floated.map(\.rect.maxY).max() ?? 0
        let box = (minX: side == .left ? layout.settings.contentRect.minX : layout.settings.contentRect.maxX - 100,
                   maxX: side == .left ? layout.settings.contentRect.minX + 100 : layout.settings.contentRect.maxX)
        #expect(float.rect.minX >= box.minX - 0.5 && float.rect.maxX <= box.maxX + 0.5)
        let body = lines.filter { $0.paragraphIndex == 2 }
        let beside = body.filter { $0.rect.minY < bottom - 0.5 }, below = body.filter { $0.rect.minY >= bottom - 0.5 }
        #expect(beside.count >= 2 && below.count >= 2)
        // Beside: inside the room the float leaves. Below: justified lines span the column again.
        for line in beside { #expect(side == .left ? line.rect.minX >= box.maxX - 0.5 : line.rect.maxX <= box.minX + 0.5) }
        #expect(beside[0].rect.minY < float.rect.maxY, "the text starts beside the float, not below it")
        #expect((below.dropLast().map(\.rect.width).max() ?? 0) > (beside.map(\.rect.width).max() ?? 0) + 50)
    }

    /// Carets round-trip beside floats and inside them: the point at the middle of the caret of every offset maps back to
    /// that offset (hit testing takes the float and the lines beside it as cells side by side).
    @Test(arguments: [BlockFloat.Side.left, .right])
    func caretsRoundTripBesideAFloat(side: BlockFloat.Side) throws {
        let text = try Self.text(side: side, width: .points(100), floatText: "A floated note over some lines.", sentences: 2)
        let layout = try Self.layout(text, pageWidth: 390)
        var failures: [String] = []
        // The caret before a line's trailing (hanging) space stands where the caret after it does, which is the
        // next line's start: those offsets map forward in any layout, floats or not.
        let lineEnds = Set(layout.pages.indices.flatMap { layout.lines(onPage: $0) }.map { $0.range.upperBound - 1 })
        let trailingSpaces = Set(lineEnds.map { $0 - 1 }.filter { $0 >= 0 && text.string(in: $0..<($0 + 1)) == " " })
        for offset in 0..<text.length where !lineEnds.contains(offset) && !trailingSpaces.contains(offset) {
            guard let caret = layout.caretRect(for: TextPosition(offset: offset)) else { continue }
            let point = Point(x: caret.rect.minX + caret.rect.width / 2, y: caret.rect.minY + caret.rect.height / 2)
            let found = layout.closestPosition(to: point, onPage: caret.page).offset
            if found != offset {
                failures.append("\(offset) → \(found)")
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    /// A float taller than the room left moves to the next page whole, and the text after it follows it there
    /// (pages keep partitioning the text in order).
    @Test func aFloatTallerThanTheRoomLeftMovesToTheNextPageWithTheTextAfterIt() throws {
        var paragraphs: [(String, ParagraphStyle)] = (0..<14).map { ("Line \($0) of the text before.", .body) }
        var style = ParagraphStyle.body
        style.float = BlockFloat(side: .right, width: .points(120))
        paragraphs.append((String(repeating: "A long floated note. ", count: 5), style))
        paragraphs.append((Self.words, .body))
        let text = try PaginationTests.text(paragraphs)
        let layout = try Self.layout(text, pageWidth: 390, height: 500)
        #expect(LayoutInvariants.violations(in: layout).isEmpty, "\(LayoutInvariants.violations(in: layout))")
        let floatStart = text.paragraphs[14].range.lowerBound
        let page = try #require(layout.pageIndex(containing: floatStart))
        #expect(page > 0)
        let floated = layout.lines(onPage: page).filter { $0.paragraphIndex == 14 }
        #expect(floated.count == layout.pages.indices.flatMap { layout.lines(onPage: $0) }.filter { $0.paragraphIndex == 14 }.count)
        #expect(layout.pageIndex(containing: text.paragraphs[15].range.lowerBound) == page)
    }

    /// A float's room and inset as an app may give them (``BlockFloat/room``, ``BlockFloat/inset``): its box
    /// stands its inset from the column's edge, as wide as its width and room, and values past any column (or not
    /// numbers) are held in it rather than trap.
    @Test(arguments: [BlockFloat.Side.left, .right])
    func aFloatsRoomAndInsetPlaceItsBox(side: BlockFloat.Side) throws {
        let fontSize = Fixtures.settings.fontSize
        for (room, inset) in [(1.0, 2.0), (0, 0), (1e9, 1e9), (.nan, -5), (.infinity, .nan)] {
            var floated = ParagraphStyle.body
            floated.float = BlockFloat(side: side, width: .ems(6), room: room, inset: inset)
            let text = try PaginationTests.text([("Before the float.", .body), ("10", floated), (Self.words, .body)])
            let layout = try Self.layout(text, pageWidth: 390)
            let label = "room \(room), inset \(inset), \(side)"
            #expect(LayoutInvariants.violations(in: layout).isEmpty, "\(label): \(LayoutInvariants.violations(in: layout))")
            let column = layout.settings.contentRect
            let line = try #require(layout.lines(onPage: 0).first { $0.paragraphIndex == 1 })
            #expect(line.rect.minX >= column.minX - 0.5 && line.rect.maxX <= column.maxX + 0.5, "\(label)")
            guard room == 1, inset == 2 else { continue }
            // Its box: 2 em in from its side, 6 + 1 em wide; the paragraph set at the box's start (no indent).
            let boxStart = side == .left ? column.minX + 2 * fontSize : column.maxX - 2 * fontSize - 7 * fontSize
            #expect(abs(line.rect.minX - boxStart) < 0.5, "\(label): the line at \(line.rect.minX), the box at \(boxStart)")
        }
    }

    /// A float with a `width` narrower than its longest word is as wide as that word (a paragraph number "10" in a
    /// float 2 % wide), not broken a letter a line; a word wider than the column still breaks.
    @Test(arguments: [(BlockFloat.Side.right, TextAttachment.Length.points(5), "10"), (.left, .percent(2), "1234"),
                      (.right, .ems(1), "Floated"), (.left, .ems(1), String(repeating: "Unbreakable", count: 6))])
    func aFloatIsNeverNarrowerThanItsLongestWord(side: BlockFloat.Side, width: TextAttachment.Length, word: String) throws {
        let text = try Self.text(side: side, width: width, floatText: word, sentences: 2)
        let layout = try Self.layout(text, pageWidth: 240)
        #expect(LayoutInvariants.violations(in: layout).isEmpty, "\(word): \(LayoutInvariants.violations(in: layout))")
        let lines = layout.pages.indices.flatMap { layout.lines(onPage: $0) }.filter { $0.paragraphIndex == 1 }
        let fits = word.count < 20
        #expect(fits ? lines.count == 1 : lines.count > 1, "\(word): \(lines.count) lines")
        let column = layout.settings.contentRect
        #expect(lines.allSatisfy { $0.rect.minX >= column.minX - 0.5 && $0.rect.maxX <= column.maxX + 0.5 }, "\(word)")
    }
}
