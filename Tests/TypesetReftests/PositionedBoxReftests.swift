import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// CSS positioning on fixed-layout pages (CSS 2.1 §9.6, §10.3.7, §10.6.4): boxes of `position: absolute` or `fixed`
/// taken out of flow and laid out at their own places, drawn as their backgrounds and borders with their text; the
/// body's margins and the canvas's background. Reftests (a positioned page and a reference reached without
/// positioning, or with other but equivalent offsets, must be the same pixels), generated families, hit tests.
@Suite struct PositionedBoxReftests {
    static let css = "p { margin: 0; font-size: 20px; line-height: 30px; color: #102040 } html { background: #ffffff }"
    static let viewport = (width: 400, height: 300)

    /// A one-page fixed-layout book of `body` at the viewport, laid out at one reader point per CSS px.
    static func page(_ body: String, css: String = Self.css, layout: String? = "pre-paginated") throws -> (FixedPage, Bitmap, EPUBBook) {
        let book = try EPUBReader().read(bytes: try FixedLayoutBook.epub([FixedLayoutBook.Page(viewport: (Self.viewport.width, Self.viewport.height), body: body)],
                                                                         layout: layout, css: css), name: "positioned.epub")
        let size = Size(width: Double(Self.viewport.width), height: Double(Self.viewport.height))
        let range = try #require(book.spine[0].range)
        var settings = Reftest.settings.typography
        settings.pageSize = size
        let page = try FixedPage.make(text: book.text, range: range, viewport: size, pageSize: size,
                                      typesetter: Typesetter(fonts: try Fixtures.bundledFonts()), settings: settings,
                                      style: book.spine[0].fixedLayout?.page ?? FixedPageStyle())
        let bitmap = try PageRenderer().render(fixed: page, pageSize: size, appearance: Appearance(theme: .light, pixelScale: 1),
                                               resources: book.resourceLoader)
        return (page, bitmap, book)
    }

    /// Nil when the bitmaps are the same pixels, else how many differ and where.
    static func mismatch(_ a: Bitmap, _ b: Bitmap) -> String? { Reftest.mismatch(a, b) }

    static let red = Color(red: 0xC0, green: 0x30, blue: 0x30)

    /// An empty box with a size and a background is drawn where `left` and `top` put it: the same pixels as the
    /// body's own background inside margins that leave that rectangle (the root having its own background).
    @Test(arguments: [(0, 0, 100, 50), (40, 60, 100, 50), (37, 55, 123, 77), (150, 200, 250, 100), (300, 13, 1, 1)])
    func anEmptyBoxIsItsBackground(_ x: Int, _ y: Int, _ width: Int, _ height: Int) throws {
        let test = try Self.page("<div style=\"position: absolute; left: \(x)px; top: \(y)px; width: \(width)px; height: \(height)px; background: #c03030\"></div>")
        let (w, h) = (Self.viewport.width, Self.viewport.height)
        let reference = try Self.page("", css: Self.css + " body { margin: \(y)px \(w - x - width)px \(h - y - height)px \(x)px; background: #c03030 }")
        #expect(Self.mismatch(test.1, reference.1) == nil, "\(Self.mismatch(test.1, reference.1) ?? "")")
        #expect(test.1[x: x, y: y] == Self.red && test.1[x: x + width - 1, y: y + height - 1] == Self.red)
        if x > 0 { #expect(test.1[x: x - 1, y: y] != Self.red) }
        #expect(test.0.boxes.count == 1 && test.0.boxes[0].rect == Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)))
    }

    /// Text in a positioned box is laid out in its own width at its place: the same pixels as that text in flow
    /// inside body margins that leave the same column.
    @Test(arguments: [(40, 60, 200), (0, 0, 400), (123, 17, 150)])
    func textIsLaidOutAtItsPlace(_ x: Int, _ y: Int, _ width: Int) throws {
        let text = "<p>Sphinx of black quartz, judge my vow; the five boxing wizards jump quickly.</p>"
        let test = try Self.page("<div style=\"position: absolute; left: \(x)px; top: \(y)px; width: \(width)px\">\(text)</div>")
        let reference = try Self.page(text, css: Self.css + " body { margin: \(y)px \(Self.viewport.width - x - width)px 0 \(x)px }")
        #expect(Self.mismatch(test.1, reference.1) == nil, "\(Self.mismatch(test.1, reference.1) ?? "")")
        #expect(test.0.layout.lines(onPage: 0).isEmpty && test.0.boxes[0].layout?.lines(onPage: 0).count ?? 0 > 1)
    }

    /// The same box reached by other offsets is the same pixels: `right`/`bottom` anchoring, percentages of the
    /// viewport, a positioned parent (its padding box the child's containing block: its border inside), and
    /// over-constrained `left`/`width`/`right` (right ignored).
    @Test(arguments: [
        ("right: 160px; bottom: 90px; width: 100px; height: 50px", 140, 160),
        ("left: 35%; top: 40%; width: 25%; height: 10%", 140, 120),
        ("left: 140px; right: 160px; top: 160px; bottom: 90px", 140, 160),
        ("left: 140px; width: 100px; right: 7px; top: 160px; height: 50px; bottom: 3px", 140, 160),
    ])
    func offsetsResolveAsCSSSays(_ offsets: String, _ x: Int, _ y: Int) throws {
        let test = try Self.page("<div style=\"position: absolute; \(offsets); background: #c03030\"></div>")
        let height = offsets.contains("10%") ? 30 : 50
        let reference = try Self.page("<div style=\"position: absolute; left: \(x)px; top: \(y)px; width: 100px; height: \(height)px; background: #c03030\"></div>")
        #expect(Self.mismatch(test.1, reference.1) == nil, "\(offsets): \(Self.mismatch(test.1, reference.1) ?? "")")
        #expect(test.0.boxes.first?.rect == reference.0.boxes.first?.rect, "\(offsets): \(test.0.boxes.map(\.rect))")
    }

    /// A family of nested positioned boxes: the child's containing block is the parent's padding box (inside its
    /// border), whatever the parent's place; a `fixed` child's is the viewport.
    @Test(arguments: [(0, 0, 0), (20, 30, 0), (50, 10, 4), (113, 71, 9)])
    func nestedBoxesPlaceInTheirParents(_ px: Int, _ py: Int, _ border: Int) throws {
        let child = "position: absolute; left: 15px; top: 25px; width: 40px; height: 20px; background: #c03030"
        let parent = "position: absolute; left: \(px)px; top: \(py)px; width: 200px; height: 150px; padding: 6px; border: \(border)px solid #000000"
        let test = try Self.page("<div style=\"\(parent)\"><div style=\"\(child)\"></div><div style=\"position: fixed; left: 300px; top: 250px; width: 10px; height: 10px; background: #c03030\"></div></div>")
        #expect(test.0.boxes.count == 3)
        #expect(test.0.boxes[1].rect == Rect(x: Double(px + border + 15), y: Double(py + border + 25), width: 40, height: 20), "\(test.0.boxes.map(\.rect))")
        #expect(test.0.boxes[2].rect == Rect(x: 300, y: 250, width: 10, height: 10))
        let flat = try Self.page("<div style=\"\(parent)\"></div><div style=\"position: absolute; left: \(px + border + 15)px; top: \(py + border + 25)px; width: 40px; height: 20px; background: #c03030\"></div><div style=\"position: absolute; left: 300px; top: 250px; width: 10px; height: 10px; background: #c03030\"></div>")
        #expect(Self.mismatch(test.1, flat.1) == nil, "\(Self.mismatch(test.1, flat.1) ?? "")")
    }

    /// Text after a positioned box flows as though it were not there: the flow's lines are where they are without
    /// it, whatever its margins; an `auto` width shrinks to the text's widest line; an `auto` top is the box's
    /// static position (where the next line of the flow starts).
    @Test func theFlowIgnoresPositionedBoxes() throws {
        let flow = "<p>First paragraph.</p><p>Second paragraph.</p>"
        let with = try Self.page("<p>First paragraph.</p><div style=\"position: absolute; left: 200px; margin: 40px\"><p>Aside</p></div><p>Second paragraph.</p>")
        let without = try Self.page(flow)
        #expect(with.0.layout.lines(onPage: 0).map(\.rect) == without.0.layout.lines(onPage: 0).map(\.rect))
        let box = try #require(with.0.boxes.first)
        let aside = try #require(box.layout?.lines(onPage: 0).first)
        #expect(box.rect.width == aside.rect.maxX.rounded(.up) && box.rect.width < 100, "shrink-to-fit: \(box.rect)")
        let second = try #require(without.0.layout.lines(onPage: 0).last)
        #expect(box.rect.minX == 240 && box.rect.minY == second.rect.minY + 40, "static top: the second paragraph's, then its margin: \(box.rect)")
    }

    /// A positioned `<img>` is placed and sized by its offsets: the same pixels as a box of the image's colour
    /// there. (Made a block of its own, it ends the line of the text before it: a limit of taking it out of flow
    /// by paragraphs, see ComicsAndFixedLayout.md.)
    @Test func anImageIsPlacedByCoordinates() throws {
        // A 4 × 4 PNG of the box's colour, stretched to 80 × 60 (`object-fit: fill`).
        let png = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGM4YGAARwzEcQDdQxIBgHWiQQAAAABJRU5ErkJggg=="
        let test = try Self.page("<p>Text <img style=\"position: absolute; left: 50px; top: 120px; width: 80px; height: 60px\" src=\"\(png)\" alt=\"\"/> around</p>")
        let reference = try Self.page("<p>Text</p><p>around</p><div style=\"position: absolute; left: 50px; top: 120px; width: 80px; height: 60px; background: #c03030\"></div>")
        #expect(Self.mismatch(test.1, reference.1) == nil, "\(Self.mismatch(test.1, reference.1) ?? "")")
        #expect(test.1[x: 50, y: 120] == Self.red && test.1[x: 129, y: 179] == Self.red && test.1[x: 49, y: 150] != Self.red)
        #expect(test.0.boxes.first?.rect == Rect(x: 50, y: 120, width: 80, height: 60))
    }

    /// Hit tests and carets inside positioned boxes: a point on a box's text is an offset in its range, the
    /// topmost box wins where boxes overlap, a point off every box is the flow's; the caret of an offset in a box
    /// is drawn inside it.
    @Test func hitTestsInsidePositionedBoxes() throws {
        let body = "<p>Flow text here.</p><div id=\"a\" style=\"position: absolute; left: 100px; top: 100px; width: 200px\"><p>Lower box</p></div>"
            + "<div id=\"b\" style=\"position: absolute; left: 100px; top: 160px; width: 200px; height: 100px; background: #eeeeee\"><p>Upper box</p></div>"
        let (page, _, book) = try Self.page(body)
        #expect(page.boxes.count == 2)
        let range = try #require(book.spine[0].range)
        // "Flow text here.\n" (16 units), "Lower box\n" (10), "Upper box\n" (10).
        let start = range.lowerBound
        let lower = try #require(page.offset(at: Point(x: 130, y: 110)))
        #expect(lower >= start + 16 && lower <= start + 25, "in 'Lower box': \(lower - start)")
        let upper = try #require(page.offset(at: Point(x: 130, y: 170)))
        #expect(upper >= start + 26 && upper <= start + 35, "in 'Upper box', over the lower one: \(upper - start)")
        let empty = try #require(page.offset(at: Point(x: 250, y: 250)))
        #expect(empty >= start + 26 && empty <= start + 36, "the upper box holds the point: its text's closest: \(empty - start)")
        let flow = try #require(page.offset(at: Point(x: 20, y: 10)))
        #expect(flow >= start && flow < start + 16, "the flow's text: \(flow - start)")
        let caret = try #require(page.caretRect(for: TextPosition(offset: upper)))
        #expect(page.boxes[1].rect.contains(caret.center), "\(caret) in \(page.boxes[1].rect)")
        let flowCaret = try #require(page.caretRect(for: TextPosition(offset: flow)))
        #expect(flowCaret.minY < 30)
    }

    /// A reflowable book's positioned elements stay in flow (the page has no coordinates to place them by); a
    /// fixed page's element placed out of sight (`left: -9999px`) is still hidden, not a box.
    @Test func reflowableBooksAndOutOfSightTextAreUnchanged() throws {
        let body = "<p>Before.</p><div style=\"position: absolute; left: 50px; top: 50px\"><p>Placed.</p></div><p>After.</p>"
        let reflowable = try EPUBReader().read(bytes: try FixedLayoutBook.epub([FixedLayoutBook.Page(viewport: (400, 300), body: body)], layout: nil, css: Self.css),
                                               name: "reflowable.epub")
        #expect(reflowable.spine[0].fixedLayout == nil)
        #expect(reflowable.text.paragraphs.map { String(decoding: $0.units, as: UTF16.self) }.joined().contains("Before.\nPlaced.\nAfter."))
        let hidden = try Self.page("<p>Shown.</p><h1 style=\"position: absolute; left: -9999px\">Title</h1>")
        #expect(hidden.0.boxes.isEmpty)
    }

    /// A block of `position: relative` is the containing block of the boxes positioned inside it, where its lines
    /// are (its padding box: inside its border); the text around stays in flow.
    @Test(arguments: [(0, 0, 0), (30, 12, 3)])
    func aRelativeBlockContainsItsPositionedBoxes(_ margin: Int, _ padding: Int, _ border: Int) throws {
        let css = Self.css + " body { margin: 0 } html { background: #ffffff }"
        let body = "<p>Above</p><div style=\"position: relative; margin-left: \(margin)px; padding: \(padding)px; border: \(border)px solid #000000\">"
            + "<p>Inside</p><div style=\"position: absolute; left: 10px; top: 5px; width: 20px; height: 20px; background: #c03030\"></div></div>"
        let (page, _, _) = try Self.page(body, css: css)
        #expect(page.boxes.count == 2)
        let first = try #require(page.layout.lines(onPage: 0).first), inside = try #require(page.layout.lines(onPage: 0).last)
        let relative = page.boxes[0].rect
        #expect(relative.minX == Double(margin) && abs(relative.minY - (inside.rect.minY - Double(padding + border))) < 0.01, "\(relative) \(inside.rect)")
        #expect(relative.minY >= first.rect.maxY - 0.01)
        #expect(page.boxes[1].rect == Rect(x: relative.minX + Double(border) + 10, y: relative.minY + Double(border) + 5, width: 20, height: 20),
                "\(page.boxes.map(\.rect))")
    }

    /// The body's margins place the flow's text (8 px, HTML's, unless the book sets them); the canvas takes the
    /// root's background, else the body's; with both, the body's is drawn inside its margins.
    @Test func bodyMarginsAndBackgrounds() throws {
        let plain = try Self.page("<p>Hi</p>", css: "p { margin: 0 }")
        let line = try #require(plain.0.layout.lines(onPage: 0).first)
        #expect(line.rect.minX == 8 && line.rect.minY == 8, "\(line.rect)")
        let set = try Self.page("<p>Hi</p>", css: "p { margin: 0 } body { margin: 20px 0 0 30px; padding-left: 5px }")
        let moved = try #require(set.0.layout.lines(onPage: 0).first)
        #expect(moved.rect.minX == 35 && moved.rect.minY == 20, "\(moved.rect)")
        let body = try Self.page("", css: "body { background: #c03030; margin: 10px }")
        #expect(body.1[x: 0, y: 0] == Self.red && body.1[x: 399, y: 299] == Self.red, "the body's background is the canvas's")
        let both = try Self.page("", css: "html { background: #ffffff } body { background: #c03030; margin: 10px }")
        #expect(both.1[x: 5, y: 5] == Color(red: 255, green: 255, blue: 255) && both.1[x: 10, y: 10] == Self.red
                && both.1[x: 389, y: 289] == Self.red && both.1[x: 390, y: 290] != Self.red)
    }
}
