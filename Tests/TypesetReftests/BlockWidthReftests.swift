import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// A block's `width`, `min-width` and `max-width` (CSS 2.1 §10.2–10.4, §10.3.3): a block-level element in the
/// normal flow with a used width ends its lines and its box there, its end margin giving way, so it is the same
/// block with the margin that fills the rest of its containing block. The page's content box is 224 pt, 16 ems of
/// 14 pt, 256 px of 16 to the em (the engine's CSS px are sixteenths of the reader's em for blocks), so that each
/// width has an exact margin to compare with. A margin is limited to half the column, a width is not: a width
/// narrower than half is compared with the same width said otherwise, and an empty block's drawn width is
/// measured. Generated families over widths in px, ems and percentages, margins, padding and borders; nested
/// widths (a percentage of a narrowed block); `max-width` and `min-width`; a width wider than its room;
/// right-to-left text, where the left margin gives way; an empty block drawn with a height; a multi-column block.
@Suite struct BlockWidthReftests {
    static var settings: ReaderSettings {
        var settings = Reftest.settings
        settings.typography.pageSize = Size(width: 256, height: 320)
        return settings
    }

    /// The containing block's width in px.
    static let room = 256.0

    static let text = "<p>Inside the block, with words enough for a few lines of it, whatever its width.</p>"

    static func book(_ style: String, inner: String? = nil, body: String = text) -> Reftest.Book {
        let content = inner == nil ? body : "<div class='inner'>\(body)</div>"
        return Reftest.Book(body: "<p>Before the block.</p><div class='box'>\(content)</div><p>After the block.</p>",
                            css: ".box { \(style) } .inner { \(inner ?? "") }")
    }

    static func render(_ book: Reftest.Book) throws -> Reftest.Rendering {
        try Reftest.render(book, settings: settings)
    }

    static func expectSame(_ test: Reftest.Book, _ reference: Reftest.Book, _ comment: String,
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        let mismatch = Reftest.mismatch(try render(test), try render(reference))
        #expect(mismatch == nil, "\(comment): \(mismatch ?? "")", sourceLocation: sourceLocation)
    }

    static let look = "background-color: #1e5ac8; border: 3px solid #c81e28"

    /// (width as written, its px in the 256 px containing block).
    static let widths: [(String, Double)] = [("160px", 160), ("9em", 144), ("50%", room / 2), ("11.25em", 180), ("75%", room * 0.75)]

    /// The most px a reference's margins may add up to: the layout limits an indent to half the column.
    static let widestMargin = 127.0

    /// A block `width` wide with a start margin, padding and a border is the block whose end margin is the rest.
    @Test(arguments: [(0.0, 0.0), (16, 0), (8, 8), (24, 4)])
    func theWidthEndsTheLinesAndTheBox(_ left: Double, _ padding: Double) throws {
        for (width, px) in Self.widths {
            let right = Self.room - left - px - 2 * padding - 6
            guard right >= 0, left + right <= Self.widestMargin else { continue }
            let common = "\(Self.look); margin-left: \(left)px; padding: \(padding)px"
            try Self.expectSame(Self.book("\(common); width: \(width)"), Self.book("\(common); margin-right: \(right)px"),
                                "width \(width), margin \(left), padding \(padding)")
        }
    }

    /// Widths narrower than half the column, each said in px, ems, a percentage, a `max-width` and as a
    /// percentage of a block twice as wide, are the same block.
    @Test(arguments: [(96.0, "6em", "37.5%"), (64, "4em", "25%"), (32, "2em", "12.5%")])
    func narrowWidthsAreTheSameSaidAnyWay(_ px: Double, _ ems: String, _ percent: String) throws {
        let reference = Self.book("\(Self.look); width: \(px)px")
        for other in ["width: \(ems)", "width: \(percent)", "max-width: \(px)px", "width: \(px / 2)px; min-width: \(ems)"] {
            try Self.expectSame(Self.book("\(Self.look); \(other)"), reference, "\(other) against \(px)px")
        }
        try Self.expectSame(Self.book("width: \(2 * px)px", inner: "\(Self.look); width: 50%"),
                            Self.book("", inner: "\(Self.look); width: \(px)px"), "half of \(2 * px)px")
    }

    /// Without its width the block is wider: the family above can fail.
    @Test func aWidthNarrowsTheBlock() throws {
        let test = try Self.render(Self.book("\(Self.look); width: 160px"))
        #expect(Reftest.mismatch(test, try Self.render(Self.book(Self.look))) != nil)
    }

    /// A percentage is of the containing block, itself narrowed by its own width; a block without a width inside
    /// a narrowed one ends with it.
    @Test func nestedWidthsResolveInTheirContainingBlock() throws {
        try Self.expectSame(Self.book("\(Self.look); width: 75%", inner: "background-color: #f0c000; width: 75%"),
                            Self.book("\(Self.look); margin-right: \(Self.room * 0.25 - 6)px",
                                      inner: "background-color: #f0c000; margin-right: \(Self.room * 0.75 / 4)px"),
                            "75% then 75%")
        try Self.expectSame(Self.book("\(Self.look); width: 160px", inner: "background-color: #f0c000; margin-left: 2em"),
                            Self.book("\(Self.look); margin-right: \(Self.room - 166)px", inner: "background-color: #f0c000; margin-left: 2em"),
                            "an auto width inside a width")
    }

    /// `max-width` bounds a width and an auto width; `min-width` wins over both (CSS 2.1 §10.4).
    @Test func minAndMaxWidthsBoundTheWidth() throws {
        let cases: [(String, Double)] = [("max-width: 140px", 140), ("width: 200px; max-width: 50%", Self.room / 2),
                                         ("width: 100px; min-width: 150px", 150), ("max-width: 100px; min-width: 9em", 144),
                                         ("width: 80%; max-width: none", Self.room * 0.8)]
        for (style, px) in cases {
            try Self.expectSame(Self.book("\(Self.look); \(style)"), Self.book("\(Self.look); margin-right: \(Self.room - px - 6)px"), style)
        }
    }

    /// A width wider than the room the block has is limited to that room: never a line past the column.
    @Test func aWidthWiderThanItsRoomFillsIt() throws {
        for width in ["400px", "120%", "30em"] {
            try Self.expectSame(Self.book("\(Self.look); width: \(width)"), Self.book(Self.look), width)
        }
    }

    /// A multi-column block's columns stand in the content box its width leaves (Multi-column §2, §3).
    @Test(arguments: [("160px", 160.0), ("60%", room * 0.6), ("10em", 160)])
    func multiColumnBlocksHaveTheirWidth(_ width: String, _ px: Double) throws {
        let columns = "\(Self.look); column-count: 2; column-gap: 1em"
        let text = Self.text + Self.text
        try Self.expectSame(Self.book("\(columns); width: \(width)", body: text),
                            Self.book("\(columns); margin-right: \(Self.room - px - 6)px", body: text), "columns \(width)")
    }

    /// In right-to-left text the block starts at the right and its left margin gives way.
    @Test func rightToLeftBlocksEndOnTheLeft() throws {
        let hebrew = "<p>בתוך הגוש, עם מילים רבות די הצורך לכמה שורות בו, יהיה רוחבו אשר יהיה.</p>"
        try Self.expectSame(Self.book("\(Self.look); direction: rtl; width: 160px", body: hebrew),
                            Self.book("\(Self.look); direction: rtl; margin-left: \(Self.room - 166)px", body: hebrew), "rtl")
    }

    /// An empty block with a height and a width is drawn that wide (WPT's green squares): 14/16 of a pixel a px
    /// at this size and scale, wherever its start margin puts it.
    @Test(arguments: [(32.0, 0.0), (64, 16), (128, 8), (192, 0)])
    func anEmptyBlockIsDrawnItsWidth(_ px: Double, _ left: Double) throws {
        let green = Color(red: 0x2a, green: 0x8c, blue: 0x3c)
        let page = try Self.render(Self.book("background-color: #2a8c3c; height: 16px; margin-left: \(left)px; width: \(px)px", body: "")).pages[0]
        var columns: [Int] = []
        for x in 0..<page.width where (0..<page.height).contains(where: { page[x: x, y: $0] == green }) { columns.append(x) }
        #expect(columns.count == Int(px * 14 / 16), "\(px)px wide: \(columns.count) pixels")
        #expect(columns.first == 16 + Int(left * 14 / 16), "\(px)px at \(left)px")
    }
}
