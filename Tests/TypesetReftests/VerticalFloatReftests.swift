import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// Floats in vertical text through whole EPUBs (CSS Writing Modes 4 §7 with CSS 2.1 §9.5 in flow-relative terms):
/// `float: left` is line-left, the top of the page's columns in `vertical-rl` and `vertical-lr`, and the float
/// stands where it occurs in the block flow (the right of a `vertical-rl` page); its inline size is its `height`;
/// its box is drawn turned with it, and an image floated stands at its own size with the text's columns shortened
/// below it. The reftests' page is 240 × 320 pt (320 × 240 for the horizontal reference), 16 pt margins, text 14 pt.
@Suite struct VerticalFloatReftests {
    static let png: [UInt8] = (try? PNGEncoder.encode(Bitmap(width: 60, height: 80, fill: Color(red: 30, green: 90, blue: 200)))) ?? []
    static let text = "<p>Sideways Latin text beside a float, long enough to wrap over a good many lines of the column.</p>"
        + "<p>A second paragraph after it, which reaches past the float's end.</p>"

    static func book(_ body: String, mode: WritingMode, css: String, language: String = "en") -> Reftest.Book {
        let style = "<style type=\"text/css\">html { writing-mode: \(mode.rawValue) } p { margin: 0; text-indent: 0 } \(css)</style>"
        return Reftest.Book(documents: [("d.xhtml", Reftest.document(body: body, head: style, language: language))],
                            files: [("portrait.png", png)])
    }

    /// A floated box with a border of a colour on each side and a background, its text and the text beside it
    /// hidden so that only boxes show: the vertical page is the horizontal page of the same document turned (the
    /// float's `width` there is its `height` here: its inline size), so the float is placed, sized and drawn in
    /// flow-relative terms. Both `left` (the top) and `right` (the bottom), and the `inline-` names.
    @Test(arguments: [WritingMode.verticalRightToLeft, .verticalLeftToRight], ["left", "inline-end"])
    func aFloatedBoxIsTheHorizontalOneTurned(_ mode: WritingMode, _ side: String) throws {
        let box = "float: \(side); padding-block: 0.3em; padding-inline: 0.5em; margin-block-end: 0.5em; margin-inline-end: 0.5em; background-color: #ffd; "
            + "border-block-start: 3px solid #c00; border-inline-start: 5px solid #0a0; border-block-end: 2px solid #00c; "
            + "border-inline-end: 4px solid #cc0"
        let body = "<p>Before the float.</p><div class=\"f\"><p>A floated note.</p></div>" + Self.text
        let hidden = " p { visibility: hidden }"
        let horizontal = try Reftest.render(Self.book(body, mode: .horizontal, css: ".f { \(box); width: 7em }" + hidden),
                                            settings: VerticalBoxReftests.settings(page: Size(width: 320, height: 240)))
        let vertical = try Reftest.render(Self.book(body, mode: mode, css: ".f { \(box); height: 7em }" + hidden))
        FloatReftests.keep(vertical, "vertical float \(mode.rawValue) \(side)")
        let horizontalPage = try #require(horizontal.pages.first), verticalPage = try #require(vertical.pages.first)
        let turned = VerticalBoxReftests.turned(horizontalPage, to: mode)
        if let folder = ProcessInfo.processInfo.environment["TYPESET_REFTEST_PAGES"], let bytes = try? PNGEncoder.encode(turned) {
            try? PNGEncoder.write(bytes, to: "\(folder)/turned-\(mode.rawValue)-\(side).png")
        }
        #expect(turned.width == verticalPage.width && turned.height == verticalPage.height)
        // Where two border edges meet, the renderer gives the corner to the page's top or bottom edge (as in
        // VerticalBoxReftests): only there may the two differ.
        let grounds = [Theme.light.background, Color(red: 0xFF, green: 0xFF, blue: 0xDD)]
        var corners = 0, others: [String] = []
        for y in 0..<min(turned.height, verticalPage.height) {
            for x in 0..<min(turned.width, verticalPage.width) where turned[x: x, y: y] != verticalPage[x: x, y: y] {
                if !grounds.contains(turned[x: x, y: y]) && !grounds.contains(verticalPage[x: x, y: y]) { corners += 1 } else { others.append("(\(x), \(y))") }
            }
        }
        #expect(others.isEmpty, "\(mode.rawValue) \(side): \(others.count) pixels differ from the turned horizontal page: \(others.prefix(8))")
        #expect(corners <= 4 * 5 * 5)
        // The float is there: its background (inside the column, 7 em along it) at the line head or end.
        let ground = Color(red: 0xFF, green: 0xFF, blue: 0xDD)
        let rows = (0..<verticalPage.height).filter { y in (0..<verticalPage.width).contains { verticalPage[x: $0, y: y] == ground } }
        let top = try #require(rows.first), bottom = try #require(rows.last)
        #expect(bottom - top > 80 && bottom - top < 7 * 14 + 20, "the float's box \(top)...\(bottom) along the column")
        #expect(side == "left" ? top < 30 : bottom > 290, "\(side): at \(top)...\(bottom)")
    }

    /// A floated image in `vertical-rl` stands at its own size at the head of the first columns, on the right of
    /// the page; the text's first columns start below it (ink below it, on its columns), and nothing is drawn
    /// between the image and that text.
    @Test(arguments: [WritingMode.verticalRightToLeft, .verticalLeftToRight])
    func aFloatedImageShortensTheColumnsBesideIt(_ mode: WritingMode) throws {
        let body = "<img class=\"p\" src=\"portrait.png\" alt=\"Portrait\"/>" + Self.text
        let rendered = try Reftest.render(Self.book(body, mode: mode, css: ".p { float: left; margin-inline-end: 6px }"))
        FloatReftests.keep(rendered, "vertical image \(mode.rawValue)")
        let page = try #require(rendered.pages.first)
        let blue = Color(red: 30, green: 90, blue: 200)
        let columns = (0..<page.width).filter { x in (0..<page.height).contains { page[x: x, y: $0] == blue } }
        let rows = (0..<page.height).filter { y in (0..<page.width).contains { page[x: $0, y: y] == blue } }
        let left = try #require(columns.first), right = try #require(columns.last)
        let top = try #require(rows.first), bottom = try #require(rows.last)
        #expect(bottom - top + 1 == 80 && right - left + 1 == 60, "the image at its own size: \(left)...\(right) × \(top)...\(bottom)")
        #expect(abs(top - 16) <= 1, "at the line head: \(top)")
        #expect(mode == .verticalRightToLeft ? right == page.width - 17 : left == 16, "at the block start: \(left)...\(right)")
        // Text ink on the image's columns below it, none in the 6 px margin under it.
        func ink(_ x: Int, _ y: Int) -> Bool { page[x: x, y: y] != Theme.light.background }
        #expect((left...right).contains { x in ((bottom + 7)..<(page.height - 16)).contains { ink(x, $0) } })
        #expect(!(left...right).contains { x in ((bottom + 1)...(bottom + 5)).contains { ink(x, $0) } })
        // A float in vertical text is not set in the flow: without `float` the image stands in a column of its own.
        let inFlow = try Reftest.render(Self.book(body, mode: mode, css: ""))
        #expect(Reftest.mismatch(rendered, inFlow) != nil)
    }

    /// An image floated in vertical text and sized by a percentage resolves it as CSS does for the float's
    /// containing block (CSS 2.1 §10.2 and §10.5 in Writing Modes 4's terms): `height` against the block's height,
    /// the column's inline size (the page's content height, 288 pt here), `width` against its width, the page's
    /// block extent (208 pt), as the same image in the flow does. Its float's box and the image are then one size:
    /// the page is the page of the image floated at that size in points, the image stands at that size with no
    /// text drawn over it, and it floats (the page differs from the image in the flow). A family over 10-90 % of
    /// either side × vertical-rl/lr.
    @Test(arguments: [WritingMode.verticalRightToLeft, .verticalLeftToRight], [10, 30, 50, 70, 90])
    func aPercentageSizedImageFloatsBesideTheText(_ mode: WritingMode, _ percent: Int) throws {
        let body = "<p>Before it.</p><img class=\"p\" src=\"portrait.png\" alt=\"Portrait\"/>" + Self.text
        let blue = Color(red: 30, green: 90, blue: 200)
        for (side, extent) in [("height", 288.0), ("width", 208.0)] {
            let points = Double(percent) / 100 * extent
            let label = "\(mode.rawValue), \(side): \(percent)%"
            let floated = try Reftest.render(Self.book(body, mode: mode, css: ".p { float: left; \(side): \(percent)% }"))
            let reference = try Reftest.render(Self.book(body, mode: mode, css: ".p { float: left; \(side): \(points)px }"))
            let inFlow = try Reftest.render(Self.book(body, mode: mode, css: ".p { \(side): \(percent)% }"))
            #expect(floated.imageProblems.isEmpty, "\(label)")
            #expect(Reftest.mismatch(floated, reference) == nil, "\(label): \(Reftest.mismatch(floated, reference) ?? "")")
            #expect(Reftest.mismatch(floated, inFlow) != nil, "\(label): the image is not floated")
            // The image at its size (the portrait is 60 × 80), and nothing but the image inside its rectangle (on
            // the next page when it is wider than the room the first column leaves).
            let page = try #require(floated.pages.first { page in
                (0..<page.height).contains { y in (0..<page.width).contains { page[x: $0, y: y] == blue } }
            })
            let columns = (0..<page.width).filter { x in (0..<page.height).contains { page[x: x, y: $0] == blue } }
            let rows = (0..<page.height).filter { y in (0..<page.width).contains { page[x: $0, y: y] == blue } }
            let left = try #require(columns.first), right = try #require(columns.last)
            let top = try #require(rows.first), bottom = try #require(rows.last)
            let expected = side == "height" ? Double(bottom - top + 1) : Double(right - left + 1)
            #expect(abs(expected - points) <= 1.5, "\(label): the image is \(right - left + 1) × \(bottom - top + 1), not \(points) along its \(side)")
            let covered = (left...right).flatMap { x in (top...bottom).map { (x, $0) } }.filter { page[x: $0.0, y: $0.1] != blue }
            #expect(covered.isEmpty, "\(label): \(covered.count) pixels drawn over the image, at \(covered.prefix(4))")
        }
    }
}
