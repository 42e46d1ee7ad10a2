import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// Borders, padding and backgrounds on inline elements (CSS 2.1 §8 and §10.8.1, Backgrounds 3 §3.9), as
/// css/CSS2/box-display and css-break/box-decoration-break write their reftests: room taken one way against the same
/// room taken another, a border against the ring two nested backgrounds leave, a box split over lines drawn sliced.
/// The reftests' page is 240 × 320 pt with 16 pt margins, text 14 pt (16 CSS px = 14 pt), on a white page.
@Suite struct InlineBoxReftests {
    static let paragraph = "<p>It was a calm <span class='x'>evening on</span> the water.</p>"
    static let hebrew = "<p dir='rtl' lang='he'>שלום <span class='x'>עולם יפה</span> וטוב.</p>"

    /// Horizontal padding takes room in the line as a margin of the same width does (CSS 2.1 §8.3, §8.4), on the
    /// side it is on, in left-to-right and right-to-left text; and it is room: the line differs without it.
    @Test(arguments: [1, 3, 8, 13], ["left", "right"]) func paddingTakesTheRoomAMarginDoes(_ pixels: Int, _ side: String) throws {
        for body in [Self.paragraph, Self.hebrew] {
            let padded = Reftest.Book(body: body, css: ".x { padding-\(side): \(pixels)px }")
            try BoxDecorationReftests.expectSame(padded, Reftest.Book(body: body, css: ".x { margin-\(side): \(pixels)px }"), "padding-\(side) \(pixels)px")
            try BoxDecorationReftests.expectDifferent(padded, Reftest.Book(body: body), "padding-\(side) \(pixels)px against none")
        }
    }

    /// A solid border is the ring a box with a background and padding of the border's width leaves around a box
    /// inside it with the page's background over its content area: the border goes around the content area, not the
    /// line box, and takes its width of room on both sides; the inner box is drawn over its parent's background.
    /// Widths here are whole pixels (8 CSS px are 7 pt at 14 pt): a border is drawn whole pixels wide (snapped as a
    /// border width), the backgrounds' sides each at the nearest pixel, so only then are the two the same pixels.
    @Test(arguments: [8, 16, 24], ["1.4", "3"]) func aBorderIsTheRingOfTwoNestedBackgrounds(_ pixels: Int, _ lineHeight: String) throws {
        for body in [Self.paragraph, Self.hebrew] {
            let ring = body.replacingOccurrences(of: "<span class='x'>evening on</span>", with: "<span class='o'><span class='i'>evening on</span></span>")
                .replacingOccurrences(of: "<span class='x'>עולם יפה</span>", with: "<span class='o'><span class='i'>עולם יפה</span></span>")
            try BoxDecorationReftests.expectSame(Reftest.Book(body: body, css: "p { line-height: \(lineHeight) } .x { border: \(pixels)px solid #c81e28 }"),
                                Reftest.Book(body: ring, css: "p { line-height: \(lineHeight) } .o { background: #c81e28; padding: \(pixels)px } .i { background: #ffffff }"),
                                "\(pixels)px, line-height \(lineHeight)")
        }
    }

    /// Vertical padding does not change the line's height (CSS 2.1 §10.8.1): the text after a span with a wide
    /// vertical padding, and the next paragraph, sit where they sit without it.
    @Test(arguments: ["20px 0", "3em 0 1em", "0 0 40px"]) func verticalPaddingTakesNoRoom(_ padding: String) throws {
        let body = "<p>It was a calm <span class='x'>evening</span> on the water, and the ship lay still while the crew slept below.</p><p>Next.</p>"
        try BoxDecorationReftests.expectSame(Reftest.Book(body: body, css: ".x { padding: \(padding) }"), Reftest.Book(body: body), padding)
    }

    /// An inline background covers the element's content area, not its line box (CSS 2.1 §10.6.1, Backgrounds 3
    /// §3.9): as many rows of it with lines as tall as the font's size or three times it as with lines 1.4 times it
    /// (the font's ascent and descent, here more than 1.4 em), at least the font's size and less than 30 rows.
    @Test(arguments: ["1", "1.4", "3"]) func aBackgroundIsTheContentAreaNotTheLine(_ lineHeight: String) throws {
        func rows(_ lineHeight: String) throws -> Int {
            let body = "<p>It was a calm <span class='x'>evening</span> on the water.</p>"
            let page = try Reftest.render(Reftest.Book(body: body, css: "p { line-height: \(lineHeight) } .x { background: #c81e28 }")).pages[0]
            let red = Color(red: 0xC8, green: 0x1E, blue: 0x28)
            return (0..<page.height).filter { y in (0..<page.width).contains { page[x: $0, y: y] == red } }.count
        }
        let count = try rows(lineHeight)
        #expect(count == (try rows("1.4")), "line-height \(lineHeight): \(count) rows")
        #expect(count >= 14 && count < 30, "line-height \(lineHeight): \(count) rows")
    }

    /// Publisher styles off, as for a block's box: the border and horizontal padding carry meaning and stay, the
    /// background colour is the reader's business and goes.
    @Test func withoutPublisherStylesBordersStayAndBackgroundsGo() throws {
        var settings = Reftest.settings
        settings.publisherStyles = false
        let body = "<p>Call <code class='x'>layout(text)</code> to lay it out.</p>"
        let both = Reftest.Book(body: body, css: ".x { background-color: #dde8f4; border: 2px solid #c81e28; padding: 0 3px }")
        let border = Reftest.Book(body: body, css: ".x { border: 2px solid #c81e28; padding: 0 3px }")
        #expect(Reftest.mismatch(try Reftest.render(both, settings: settings), try Reftest.render(border, settings: settings)) == nil)
        #expect(Reftest.mismatch(try Reftest.render(both, settings: settings), try Reftest.render(Reftest.Book(body: body), settings: settings)) != nil)
        #expect(Reftest.mismatch(try Reftest.render(both), try Reftest.render(border)) != nil, "publisher styles on: the background is drawn")
    }
}
