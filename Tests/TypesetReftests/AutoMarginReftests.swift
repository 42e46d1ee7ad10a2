import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// Auto inline margins and `box-sizing` (CSS 2.1 §10.3.3, §17.4; CSS Box Sizing 3 §3), against the same blocks with
/// their margins said in px, on ``BlockWidthReftests``' page (a 256 px containing block). When the width is not
/// `auto`, both margins `auto` take equal shares of what the width, padding and borders leave; the start margin
/// alone takes all of it; an over-constrained block's auto margins are 0 and its end margin gives way, in the
/// direction of its text. A percentage inside a centred block is of its content box, which moves with it. With
/// `box-sizing: border-box` the width (and `min-width`, `max-width`) is of the border box. Generated families over
/// widths, padding, directions and which margin is auto; nested, multi-column and empty blocks; a table's wrapper
/// box; the lines of a centred block are where taps and carets find them.
@Suite struct AutoMarginReftests {
    typealias Widths = BlockWidthReftests

    static let hebrew = "<p>בתוך הגוש, עם מילים רבות די הצורך לכמה שורות בו, יהיה רוחבו אשר יהיה.</p>"

    /// Which margin is `auto`, physically.
    enum Auto: String, CaseIterable { case both, left, right }

    /// The margins a block `px` wide with `padding` and its 3 px border has when `auto` is so in `direction`:
    /// (left, right) in px, the end one nil (it gives way).
    static func margins(_ auto: Auto, px: Double, padding: Double, rightToLeft: Bool) -> (left: Double?, right: Double?) {
        let room = max(0, Widths.room - px - 2 * padding - 6)
        switch (auto, rightToLeft) {
        case (.both, false): return (room / 2, nil)
        case (.both, true): return (nil, room / 2)
        case (.left, false): return (room, nil)      // the start margin takes it all
        case (.right, true): return (nil, room)
        case (.left, true), (.right, false): return (nil, nil)  // the end margin alone: as without it
        }
    }

    static func style(_ auto: Auto) -> String {
        switch auto {
        case .both: "margin-left: auto; margin-right: auto"
        case .left: "margin-left: auto"
        case .right: "margin-right: auto"
        }
    }

    /// A family over widths, padding, both directions and which margin is auto: the block where the margins in px
    /// put it (limited to the references the layout can draw: margins up to half the column).
    @Test(arguments: [0.0, 8, 20], [false, true])
    func autoMarginsTakeWhatTheWidthLeaves(_ padding: Double, _ rightToLeft: Bool) throws {
        let body = rightToLeft ? Self.hebrew : Widths.text
        let direction = rightToLeft ? "direction: rtl" : "direction: ltr"
        var compared = 0
        for (width, px) in Widths.widths {
            for auto in Auto.allCases {
                let (left, right) = Self.margins(auto, px: px, padding: padding, rightToLeft: rightToLeft)
                guard (left ?? 0) + (right ?? 0) <= Widths.widestMargin else { continue }
                let common = "\(Widths.look); \(direction); padding: \(padding)px; width: \(width)"
                let said = [left.map { "margin-left: \($0)px" }, right.map { "margin-right: \($0)px" }].compactMap { $0 }
                try Widths.expectSame(Widths.book("\(common); \(Self.style(auto))", body: body),
                                      Widths.book(([common] + said).joined(separator: "; "), body: body),
                                      "\(auto) auto, width \(width), padding \(padding), \(direction)")
                compared += 1
            }
        }
        #expect(compared >= 12)
    }

    /// Centring moves the block: the family above can fail (a centred block is not the block at the start).
    @Test func aCentredBlockIsNotAtTheStart() throws {
        let centred = try Widths.render(Widths.book("\(Widths.look); width: 160px; margin: 0 auto"))
        #expect(Reftest.mismatch(centred, try Widths.render(Widths.book("\(Widths.look); width: 160px; margin: 0"))) != nil)
        let end = try Widths.render(Widths.book("\(Widths.look); width: 160px; margin-left: auto"))
        #expect(Reftest.mismatch(end, centred) != nil)
    }

    /// Standard Ebooks' imprint (`width: 75%; margin: 1em auto 0 auto`), a `max-width` and a `min-width` with auto
    /// margins, and an over-constrained block (its width, padding and border wider than the room: margins 0).
    @Test func boundedAndOverConstrainedWidthsCentre() throws {
        let cases: [(String, String)] = [
            ("width: 75%; margin: 1em auto 0 auto", "width: 75%; margin: 1em 0 0 \((Widths.room * 0.25 - 6) / 2)px"),
            ("max-width: 60%; margin-left: auto; margin-right: auto", "width: 60%; margin-left: \((Widths.room * 0.4 - 6) / 2)px"),
            ("width: 100px; min-width: 150px; margin: 0 auto", "width: 150px; margin: 0 0 0 \((Widths.room - 156) / 2)px"),
            ("width: 200px; padding: 40px; margin: 0 auto", "width: 200px; padding: 40px; margin: 0"),
            ("width: 400px; margin: 0 auto", "margin: 0"),
        ]
        for (test, reference) in cases {
            try Widths.expectSame(Widths.book("\(Widths.look); \(test)"), Widths.book("\(Widths.look); \(reference)"), test)
        }
    }

    /// A percentage inside a centred block is of its content box, and a block inside it moves with it: 50 % of a
    /// centred 50 % block, itself centred, starts 64 + 29 px in.
    @Test func blocksInsideACentredBlockMoveWithIt() throws {
        try Widths.expectSame(Widths.book("width: 50%; margin: 0 auto", inner: "\(Widths.look); width: 50%; margin: 0 auto"),
                              Widths.book("margin: 0", inner: "\(Widths.look); width: 64px; margin: 0 0 0 93px"), "50% in 50%")
        try Widths.expectSame(Widths.book("\(Widths.look); width: 160px; margin: 0 auto", inner: "background-color: #f0c000; margin-left: 2em"),
                              Widths.book("\(Widths.look); width: 160px; margin: 0 0 0 45px", inner: "background-color: #f0c000; margin-left: 2em"),
                              "an auto width inside a centred block")
    }

    /// A list in a centred block, and a centred list, keep their markers beside their items: the markers hang in
    /// the start margin of the moved lines.
    @Test func listsMoveWithTheirMarkers() throws {
        let list = "<ul><li>An item with words enough for two lines of it.</li><li>Another.</li></ul><ol><li>First.</li><li>Second.</li></ol>"
        try Widths.expectSame(Widths.book("\(Widths.look); width: 160px; margin: 0 auto", body: list),
                              Widths.book("\(Widths.look); width: 160px; margin: 0 0 0 45px", body: list), "a list in a centred block")
        try Widths.expectSame(Reftest.Book(body: "<p>Before.</p>\(list)", css: "ul, ol { width: 160px; margin: 0 auto }"),
                              Reftest.Book(body: "<p>Before.</p>\(list)", css: "ul, ol { width: 160px; margin: 0 0 0 36px }"), "centred lists (their 1.5 em start padding inside)")
    }

    /// A multi-column block's columns stand in its centred content box (Multi-column §2).
    @Test(arguments: [("160px", 160.0), ("60%", Widths.room * 0.6)])
    func multiColumnBlocksCentre(_ width: String, _ px: Double) throws {
        let columns = "\(Widths.look); column-count: 2; column-gap: 1em; width: \(width)"
        let text = Widths.text + Widths.text
        try Widths.expectSame(Widths.book("\(columns); margin: 0 auto", body: text),
                              Widths.book("\(columns); margin: 0 0 0 \((Widths.room - px - 6) / 2)px", body: text), "columns \(width)")
    }

    /// An empty block with a height (WPT's squares) is drawn centred: its first drawn pixel column is half the room in.
    @Test(arguments: [32.0, 64, 128, 192])
    func anEmptyCentredBlockIsDrawnInTheMiddle(_ px: Double) throws {
        let green = Color(red: 0x2a, green: 0x8c, blue: 0x3c)
        let page = try Widths.render(Widths.book("background-color: #2a8c3c; height: 16px; margin: 0 auto; width: \(px)px", body: "")).pages[0]
        var columns: [Int] = []
        for x in 0..<page.width where (0..<page.height).contains(where: { page[x: x, y: $0] == green }) { columns.append(x) }
        #expect(columns.count == Int(px * 14 / 16), "\(px)px wide: \(columns.count) pixels")
        #expect(columns.first == 16 + Int((Widths.room - px) / 2 * 14 / 16), "\(px)px centred: \(columns.first ?? -1)")
    }

    /// The lines of a centred block are where a tap finds them and their carets are drawn: each line's rectangle is
    /// inside the block's box and starts at its content edge, a tap on its middle is an offset of that line whose
    /// caret is on it.
    @Test(arguments: [false, true])
    func tapsAndCaretsFollowACentredBlocksLines(_ rightToLeft: Bool) throws {
        var options = EPUBReader.Options()
        options.media = MediaEnvironment(settings: Widths.settings)
        let style = "\(Widths.look); width: 160px; margin: 0 auto; direction: \(rightToLeft ? "rtl" : "ltr"); text-align: start"
        let book = Widths.book(style, body: rightToLeft ? Self.hebrew : Widths.text)
        let read = try EPUBReader(options: options).read(bytes: try Reftest.archive(book), name: "centred.epub")
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(read.publication.text, settings: Widths.settings.typography)
        let box = try #require(layout.pages.first?.boxes.first).rect
        // The box is centred: 45 px of 16 to 14 pt on either side.
        #expect(abs(box.minX - (16 + 45.0 * 14 / 16)) < 0.01 && abs(box.width - 166.0 * 14 / 16) < 0.01, "\(box)")
        let range = try #require(read.spine.first?.range)
        let lines = layout.selectionRects(for: range).filter { $0.page == 0 && box.contains($0.rect.center) }
        #expect(lines.count >= 3, "\(lines.count) lines in the box")
        let border = 3.0 * 14 / 16
        for line in lines {
            #expect(line.rect.minX >= box.minX + border - 0.01 && line.rect.maxX <= box.maxX - border + 0.01, "\(line.rect) in \(box)")
            let position = layout.closestPosition(to: line.rect.center, onPage: 0)
            let caret = try #require(layout.caretRect(for: position))
            let x = caret.rect.center.x
            #expect(caret.page == 0 && x >= line.rect.minX - 1.5 && x <= line.rect.maxX + 1.5 && line.rect.contains(Point(x: line.rect.center.x, y: caret.rect.center.y)),
                    "\(caret.rect) on \(line.rect)")
        }
        // Its lines start at its content edge: the second line's start (the first may be indented) is the box's
        // edge and border in.
        let second = try #require(lines.dropFirst().first).rect
        let start = rightToLeft ? box.maxX - border - second.maxX : second.minX - box.minX - border
        #expect(abs(start) < 0.5, "the second line starts \(start) pt from the content edge")
    }
}

extension AutoMarginReftests {
    /// `box-sizing: border-box` (CSS Box Sizing 3 §3): a width W with padding P and a 3 px border is the content
    /// box W − 2P − 6 wide; so are `max-width` and `min-width`, and a centred border box; `content-box` is the default.
    @Test(arguments: [0.0, 8, 20])
    func borderBoxWidthsIncludePaddingAndBorder(_ padding: Double) throws {
        for (width, px) in Widths.widths {
            let content = px - 2 * padding - 6
            let common = "\(Widths.look); padding: \(padding)px"
            for property in ["width", "max-width"] {
                try Widths.expectSame(Widths.book("\(common); box-sizing: border-box; \(property): \(width)"),
                                      Widths.book("\(common); width: \(content)px"), "border-box \(property) \(width), padding \(padding)")
            }
            try Widths.expectSame(Widths.book("\(common); -webkit-box-sizing: border-box; width: 10px; min-width: \(width)"),
                                  Widths.book("\(common); width: \(content)px"), "border-box min-width \(width), padding \(padding)")
            let margin = (Widths.room - px) / 2
            try Widths.expectSame(Widths.book("\(common); box-sizing: border-box; width: \(width); margin: 0 auto"),
                                  Widths.book("\(common); width: \(content)px; margin: 0 0 0 \(margin)px"), "centred border-box \(width)")
            try Widths.expectSame(Widths.book("\(common); box-sizing: content-box; width: \(width)"),
                                  Widths.book("\(common); width: \(width)"), "content-box \(width)")
        }
    }

    /// The border box is not the content box: the family above can fail.
    @Test func borderBoxIsNarrowerThanContentBox() throws {
        let style = "\(Widths.look); padding: 8px; width: 160px"
        #expect(Reftest.mismatch(try Widths.render(Widths.book("\(style); box-sizing: border-box")),
                                 try Widths.render(Widths.book(style))) != nil)
    }

    /// A book's `box-sizing: border-box` and `content-box` are read, not reported as ignored; a value CSS does not
    /// have is.
    @Test func boxSizingIsNotReportedAsIgnored() throws {
        var options = EPUBReader.Options()
        options.reportsIgnoredCSS = true
        let book = Widths.book("box-sizing: border-box; width: 50%", body: "<p style='box-sizing: content-box'>a</p><p style='box-sizing: padding-box'>b</p>")
        let read = try EPUBReader(options: options).read(bytes: try Reftest.archive(book), name: "sizing.epub")
        #expect(read.ignoredCSS.map { "\($0.property): \($0.value)" } == ["box-sizing: padding-box"])
    }

    /// A table's auto margins centre its wrapper box (CSS 2.1 §17.4), with a width or its content's; HTML's
    /// `align="center"` is the same.
    @Test func tablesCentreByAutoMargins() throws {
        func table(_ style: String, attributes: String = "") -> Reftest.Book {
            Reftest.Book(body: "<p>Before.</p><table \(attributes) style='\(style)'><tr><td>One</td><td>Two words</td></tr></table><p>After.</p>",
                         css: "td { background-color: #1e5ac8; color: #ffffff }")
        }
        try Widths.expectSame(table("width: 128px; margin: 0 auto"), table("width: 128px; margin: 0 0 0 64px"), "128px table")
        let centred = try Widths.render(table("margin-left: auto; margin-right: auto"))
        #expect(Reftest.mismatch(centred, try Widths.render(table("", attributes: "align='center'"))) == nil)
        #expect(Reftest.mismatch(centred, try Widths.render(table(""))) != nil, "a table of its content's width moves")
    }
}
