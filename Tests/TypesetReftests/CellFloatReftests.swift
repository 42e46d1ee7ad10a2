import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// Floats in table cells (CSS 2.1 §9.5, §10.6.7; css/CSS2/floats and css-tables write such tests as reftests): a
/// float in a cell is placed in the cell's content box, the cell's text beside it, the cell as tall as the float.
/// The reference builds the same boxes explicitly: the float's box as a cell of its own beside the text's cell
/// (a cell without padding or border: its content box is its box), on the reftests' 240 × 320 pt page.
@Suite struct CellFloatReftests {
    static let png: [UInt8] = (try? PNGEncoder.encode(Bitmap(width: 60, height: 80, fill: Color(red: 30, green: 90, blue: 200)))) ?? []
    static let css = "p { margin: 0; text-indent: 0; text-align: left } td { vertical-align: top } .f { width: 60px }"

    static func book(_ cells: String, css: String = "") -> Reftest.Book {
        Reftest.Book(body: "<p>Before.</p><table cellpadding='0' cellspacing='0'><tr>\(cells)</tr></table><p>After the table.</p>",
                     css: Self.css + css, files: [("portrait.png", png)])
    }

    static let texts = ["Cell text.", "Cell text that wraps beside the image over two lines or three."]

    /// A left float at the start of a cell is the image's own cell before the text's; a right float, after it.
    @Test(arguments: ["left", "right"], texts)
    func aFloatInACellIsACellBesideTheText(_ side: String, _ text: String) throws {
        let image = "<img src='portrait.png' alt=''/>"
        let test = Self.book("<td><div class='f' style='float: \(side)'>\(image)</div><p>\(text)</p></td>")
        let reference = side == "left" ? Self.book("<td><div class='f'>\(image)</div></td><td><p>\(text)</p></td>")
            : Self.book("<td><p>\(text)</p></td><td><div class='f'>\(image)</div></td>")
        try FloatReftests.expectSame(test, reference, "float \(side) in a cell, \(text.prefix(12))")
    }

    /// The float is not set in the flow: the cell's text is beside the image, not below it (the page differs from
    /// the same cell with the image in the flow).
    @Test func aFloatInACellIsNotSetInTheFlow() throws {
        let image = "<img src='portrait.png' alt=''/>"
        let floated = try Reftest.render(Self.book("<td><div class='f' style='float: left'>\(image)</div><p>Cell text.</p></td>"))
        let inFlow = try Reftest.render(Self.book("<td><div class='f'>\(image)</div><p>Cell text.</p></td>"))
        #expect(Reftest.mismatch(floated, inFlow) != nil)
    }
}

/// An image floated in a cell is sized in the cell, its containing block (CSS 2.1 §10.2: `width: 40%` is 40 % of
/// the cell's content box, not of the page's column), stands at the cell's side, and the cell's text wraps beside
/// it; the cell is as tall as the image at least.
@Suite struct CellFloatImageTests {
    @Test(arguments: [25, 40, 60], ["left", "right"])
    func aPercentageSizedImageFloatsInItsCell(_ percent: Int, _ side: String) throws {
        let text = "Cell text that should wrap beside the image over a few lines of the cell."
        let book = CellFloatReftests.book("<td><img style='float: \(side); width: \(percent)%' src='portrait.png' alt=''/>\(text)</td><td>Second cell.</td>",
                                          css: "table { width: 100% }")
        let rendered = try Reftest.render(book)
        FloatReftests.keep(rendered, "image \(percent)% \(side) in a cell")
        let page = rendered.pages[0]
        let blue = Color(red: 30, green: 90, blue: 200)
        let bluePixels = (0..<page.height).flatMap { y in (0..<page.width).filter { page[x: $0, y: y] == blue }.map { ($0, y) } }
        let minX = try #require(bluePixels.map(\.0).min()), maxX = try #require(bluePixels.map(\.0).max())
        let minY = try #require(bluePixels.map(\.1).min()), maxY = try #require(bluePixels.map(\.1).max())
        // The first cell is narrower than the column: the image is a share of it, not of the 208 pt column.
        let width = maxX - minX + 1
        #expect(Double(width) < 208 * Double(percent) / 100 - 2, "\(percent)% \(side): \(width) px wide, as in the column")
        #expect(maxY - minY + 1 == (width * 80 + 30) / 60 || abs(Double(maxY - minY + 1) - Double(width) * 80 / 60) <= 1.5,
                "\(percent)% \(side): its ratio kept")
        // Text ink beside the image, on its rows, on the side away from it.
        let beside = side == "left" ? (maxX + 2)..<(maxX + 40) : max(16, minX - 40)..<(minX - 2)
        #expect((minY...maxY).contains { y in beside.contains { x in x < page.width && page[x: x, y: y] != Theme.light.background && page[x: x, y: y] != blue } },
                "\(percent)% \(side): no text beside the image")
    }
}

/// A float in the middle of a cell's text (`<td>words <img style="float: right"/> more words</td>`) leaves the
/// cell's text one paragraph, the float anchored in it (CSS 2.1 §9.5: the line boxes beside it are shortened, the
/// text goes on in them), both in the cell; the image stands in the cell with text beside it.
@Suite struct CellFloatAnchorTests {
    @Test(arguments: ["left", "right"])
    func aFloatInTheMiddleOfACellsTextIsAnchoredInIt(_ side: String) throws {
        let text = "Cell text before the image <img style='float: \(side); width: 40%' src='portrait.png' alt=''/>and the text after it, which wraps beside the image in the cell."
        let book = CellFloatReftests.book("<td>\(text)</td><td>Second cell.</td>", css: "table { width: 100% }")
        let rendered = try Reftest.render(book)
        let paragraphs = rendered.book.text.paragraphs
        let floated = try #require(paragraphs.firstIndex { $0.style.float != nil })
        #expect(paragraphs[floated].style.tableCell != nil, "the float is in the cell")
        #expect(paragraphs[floated].style.float?.anchor != nil, "the float is anchored in the cell's text")
        #expect(paragraphs[floated + 1].style.tableCell == paragraphs[floated].style.tableCell)
        #expect(String(decoding: paragraphs[floated + 1].units, as: UTF16.self).hasPrefix("Cell text before the image"))
        FloatReftests.keep(rendered, "anchored \(side) in a cell")
        let page = rendered.pages[0]
        let blue = Color(red: 30, green: 90, blue: 200)
        let rows = (0..<page.height).filter { y in (0..<page.width).contains { page[x: $0, y: y] == blue } }
        let xs = (0..<page.width).filter { x in rows.contains { page[x: x, y: $0] == blue } }
        let top = try #require(rows.first), bottom = try #require(rows.last)
        let minX = try #require(xs.first), maxX = try #require(xs.last)
        let beside = side == "left" ? (maxX + 2)..<(maxX + 40) : max(16, minX - 40)..<(minX - 2)
        #expect((top...bottom).contains { y in beside.contains { x in page[x: x, y: y] != Theme.light.background && page[x: x, y: y] != blue } },
                "\(side): no text beside the image")
    }
}
