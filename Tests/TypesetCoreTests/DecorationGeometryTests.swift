import Testing
import TypesetCore
import TypesetTestSupport

/// Decoration geometry comes from the layout it is asked against: rectangles, hit testing, relayout.
@Suite struct DecorationGeometryTests {
    static let text = StyledText(plain: """
        It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife.
        However little known the feelings or views of such a man may be on his first entering a neighbourhood, this truth is so well fixed in the minds of the surrounding families, that he is considered the rightful property of some one or other of their daughters.
        "My dear Mr. Bennet," said his lady to him one day, "have you heard that Netherfield Park is let at last?"
        """)

    static func layout(fontSize: Double = 19) throws -> BookLayout {
        var settings = Fixtures.settings
        settings.fontSize = fontSize
        settings.pageSize = Size(width: 300, height: 400)
        return try Typesetter(fonts: try Fixtures.bundledFonts()).layout(text, settings: settings)
    }

    /// From inside the first paragraph to inside the third: crosses lines, paragraphs and (at 19 pt on a
    /// 300 × 400 page) a page break.
    static let longRange = 60..<330

    @Test func hitTestingFindsTheDecorationOnEveryLineAndNothingBetween() throws {
        let layout = try Self.layout()
        try #require(layout.pages.count >= 2, "the fixture must span pages")
        var set = DecorationSet(text: Self.text)
        set.apply([Decoration(id: "long", range: Self.longRange, style: .highlight())], in: "highlights")
        var linesChecked = 0
        for page in layout.pages.indices {
            let rects = layout.selectionRects(for: Self.longRange).filter { $0.page == page }
            guard !rects.isEmpty else { continue }
            let union = rects.dropFirst().reduce(rects[0].rect) { $0.union($1.rect) }
            for rect in rects {
                let hit = try #require(set.decoration(at: rect.rect.center, onPage: page, of: layout), "line at y \(rect.rect.minY)")
                #expect(hit.group == "highlights" && hit.decoration.id == "long")
                #expect(hit.lineRect == rect.rect, "the rectangle of the line hit")
                #expect(hit.unionRect == union, "the union over the page")
                // Just inside the line's top-left corner hits; just outside its right end does not (unless
                // the next line's box is there).
                #expect(set.decoration(at: Point(x: rect.rect.minX + 0.01, y: rect.rect.minY + 0.01), onPage: page, of: layout) != nil)
                #expect(set.decoration(at: Point(x: rect.rect.maxX + 0.5, y: rect.rect.center.y), onPage: page, of: layout) == nil)
                linesChecked += 1
            }
            // Between consecutive rectangles that do not touch (a paragraph gap), nothing.
            for (a, b) in zip(rects, rects.dropFirst()) where b.rect.minY > a.rect.maxY {
                let gap = Point(x: (max(a.rect.minX, b.rect.minX) + min(a.rect.maxX, b.rect.maxX)) / 2, y: (a.rect.maxY + b.rect.minY) / 2)
                #expect(set.decoration(at: gap, onPage: page, of: layout) == nil, "paragraph gap at y \(gap.y)")
            }
            // Margins and the space below the last rectangle hit nothing.
            #expect(set.decoration(at: Point(x: 5, y: rects[0].rect.center.y), onPage: page, of: layout) == nil)
            #expect(set.decoration(at: Point(x: union.center.x, y: union.maxY + 1), onPage: page, of: layout) == nil)
        }
        #expect(linesChecked >= 8, "a long multi-line highlight (\(linesChecked) lines)")
        #expect(Set(layout.selectionRects(for: Self.longRange).map(\.page)).count >= 2, "it crosses a page break")
    }

    @Test func theTopmostGroupAndTheLastDecorationWin() throws {
        let layout = try Self.layout()
        var set = DecorationSet(text: Self.text)
        set.apply([Decoration(id: "under", range: 0..<100, style: .highlight()),
                   Decoration(id: "over", range: 20..<40, style: .highlight(tint: .green))], in: "highlights")
        let point = try #require(layout.selectionRects(for: 25..<26).first)
        #expect(set.decoration(at: point.rect.center, onPage: point.page, of: layout)?.decoration.id == "over")
        set.apply([Decoration(id: "search-hit", range: 24..<28, style: .underline(tint: .blue))], in: "search")
        let top = set.decoration(at: point.rect.center, onPage: point.page, of: layout)
        #expect(top?.group == "search" && top?.decoration.id == "search-hit")
        // Outside the search hit, the highlights group answers again.
        let other = try #require(layout.selectionRects(for: 50..<51).first)
        #expect(set.decoration(at: other.rect.center, onPage: other.page, of: layout)?.decoration.id == "under")
    }

    @Test func afterAFontSizeChangeTheRectsAreTheSelectionRectsOfTheNewLayout() throws {
        var set = DecorationSet(text: Self.text)
        set.apply([Decoration(id: "long", range: Self.longRange, style: .highlight()),
                   Decoration(id: "short", range: 200..<215, style: .underline())], in: "highlights")
        let small = try Self.layout(fontSize: 19), large = try Self.layout(fontSize: 26)
        for id in ["long", "short"] {
            let range = try #require(set.group(named: "highlights")?.range(id: id))
            let before = try #require(set.rects(of: id, in: "highlights", layout: small))
            let after = try #require(set.rects(of: id, in: "highlights", layout: large))
            #expect(before == small.selectionRects(for: range))
            #expect(after == large.selectionRects(for: range))
            #expect(before != after, "the geometry followed the relayout")
            // Page by page, the placed rectangles are the selection rectangles too.
            for page in large.pages.indices {
                let placed = set.placedDecorations(onPage: page, of: large).first { $0.decoration.id == id }
                let expected = after.filter { $0.page == page }.map(\.rect)
                #expect((placed?.rects.map(\.rect) ?? []) == expected, "\(id) on page \(page)")
            }
        }
        #expect(set.rects(of: "missing", in: "highlights", layout: large) == nil)
    }

    /// The manual's Decorations example (minus the rendering, which lives in TypesetRender), run.
    @Test func theReadmeExample() throws {
        let layout = try Self.layout()
        let tapLine = try #require(layout.selectionRects(for: 230..<231).first)
        let page = tapLine.page
        let tap = tapLine.rect.center
        // --- README ---
        var decorations = DecorationSet(text: layout.text)
        let changes = decorations.apply([Decoration(id: "db-17", range: 200..<290, style: .highlight(tint: .green))], in: "highlights")
        let hit = decorations.decoration(at: tap, onPage: page, of: layout)        // group, decoration, lineRect, unionRect
        // --- end ---
        #expect(changes.added.map(\.id) == ["db-17"])
        #expect(hit?.decoration.id == "db-17" && hit?.lineRect.contains(tap) == true && hit?.lineRect.minY == tapLine.rect.minY)
    }
}
