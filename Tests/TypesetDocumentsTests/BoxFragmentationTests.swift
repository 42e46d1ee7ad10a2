import Testing
import TypesetCore
@testable import TypesetDocuments
import TypesetTestSupport

/// A decorated block at the top of a page or column (a chapter that opens with a bordered box, or a box the page
/// break falls before): CSS Fragmentation 3 §5.2 truncates the margins that adjoin the break, not the box's border
/// and padding, nor the margins inside it. So the box's top edge is the content area's top, and its first line
/// sits its border, padding and inner margins below. A generated family: a framed note (a box inside a box, the
/// inner one with margins) with border widths, paddings and margins varied, after 0 to 9 paragraphs so that pages
/// break before some of the boxes; every box drawn starts inside the content area, and every box that starts a
/// page starts at its top.
@Suite struct BoxFragmentationTests {
    static let words = "The river ran under the old bridge while the town slept and the lamps burned low along the quay."

    static func book(border: Int, padding: Double, innerMargin: Double, before: Int) throws -> EPUBBook {
        let css = ".frame { border: \(border)px double #333; padding: \(padding)em; margin: 2em 0 } "
            + ".note { border: 1px solid #5a7fa8; background-color: #eef3f8; padding: 0.5em; margin: \(innerMargin)em 0 }"
        var body = String(repeating: "<p>\(words) \(words)</p>", count: before)
        for _ in 0..<8 { body += "<div class='frame'><div class='note'><p>\(words)</p></div></div><p>\(words) \(words)</p>" }
        return try XHTMLConversionTests.read(body, css: css)
    }

    @Test(arguments: [1, 4])
    func aBoxAtTheTopOfAPageKeepsItsBorderAndPadding(border: Int) throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let settings = Fixtures.settings
        let top = settings.contentRect.minY
        var boxesAtTop = 0, boxes = 0
        for padding in [0, 0.75] {
            for innerMargin in [0, 1.0] {
                for before in 0..<10 {
                    let book = try Self.book(border: border, padding: padding, innerMargin: innerMargin, before: before)
                    let layout = try typesetter.layout(book.text, settings: settings)
                    let name = "border \(border)px, padding \(padding)em, inner margin \(innerMargin)em, after \(before)"
                    for (index, page) in layout.pages.enumerated() {
                        for box in page.boxes where box.edges != nil {
                            boxes += 1
                            #expect(box.rect.minY >= top - 0.01, "\(name): page \(index + 1) draws a box from \(box.rect.minY), above \(top)")
                        }
                        // The outermost box whose top edge is drawn here above the page's first line starts the page.
                        guard let firstLine = layout.lines(onPage: index).first,
                              let outer = page.boxes.filter({ ($0.edges?.top.usedWidth ?? 0) > 0 && $0.rect.minY <= firstLine.rect.minY })
                                .map(\.rect.minY).min() else { continue }
                        #expect(abs(outer - top) < 0.01, "\(name): page \(index + 1)'s first box starts at \(outer), not \(top)")
                        boxesAtTop += 1
                    }
                }
            }
        }
        #expect(boxesAtTop >= 10 && boxes > 100, "\(boxesAtTop) boxes at a page top of \(boxes)")
    }
}
