import Testing
import TypesetCore
@testable import TypesetDocuments
import TypesetTestSupport

/// A decorated block at the top of a page or column (a chapter that opens with a bordered box, or a box the page
/// break falls before): CSS Fragmentation 3 §5.2 truncates the margins that adjoin the break, not the box's border
/// and padding, nor the margins inside it. So the box's top edge is the content area's top (below its own margin
/// at the document's start, a forced break, after which §5.2 keeps margins), and its first line sits its border,
/// padding and inner margins below. A generated family: a framed note (a box inside a box, the
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
                        // At the document's start (a forced break) the frame's margin (2 em) is kept above it.
                        let expected = index == 0 && before == 0 ? top + 2 * settings.fontSize : top
                        #expect(abs(outer - expected) < 0.01, "\(name): page \(index + 1)'s first box starts at \(outer), not \(expected)")
                        boxesAtTop += 1
                    }
                }
            }
        }
        #expect(boxesAtTop >= 10 && boxes > 100, "\(boxesAtTop) boxes at a page top of \(boxes)")
    }
}

/// A float at the start of a paragraph's text (a figure, a line number) stands at the top of the paragraph's first
/// line (CSS 2.1 §9.5.1: a float's top is its line's), below the paragraph's spacing, whatever comes before it:
/// a paragraph's margin, a framed box's bottom padding, border and inner margins (which wait past the float), or
/// nothing at a page's top. A generated family: 3 things before × 2 sides × 2 kinds of float × 3 margins.
@Suite struct FloatAtParagraphStartTests {
    static let words = BoxFragmentationTests.words

    @Test(arguments: ["frame", "paragraph", "none"])
    func aFloatStartsWithItsParagraphsFirstLine(before: String) throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        var checked = 0
        for margin in [0.5, 1.0, 2.0] {
            for side in ["left", "right"] {
                for kind in ["img", "span"] {
                    let css = ".frame { border: 3px double #333; padding: 4px } .note { border: 1px solid; padding: 0.5em; margin: 1em 0 } "
                        + "p { margin: \(margin)em 0 } .f { float: \(side); width: 3em; height: 2em; border: 1px solid }"
                    let float = kind == "img" ? "<img class='f' src='dot.png' alt=''/>" : "<span class='f'>12</span>"
                    let head = switch before {
                    case "frame": "<div class='frame'><div class='note'><p>\(Self.words)</p></div></div>"
                    case "paragraph": "<p>\(Self.words)</p>"
                    default: ""
                    }
                    let book = try XHTMLConversionTests.read(head + "<p>\(float)\(Self.words) \(Self.words)</p>", css: css)
                    let layout = try typesetter.layout(book.text, settings: Fixtures.settings)
                    let paragraphs = book.text.paragraphs
                    let name = "\(kind) floated \(side) after \(before), margins \(margin)em"
                    guard let f = try #require(paragraphs.indices.first { paragraphs[$0].style.float != nil } as Int?, "\(name): no float"),
                          f + 1 < paragraphs.count else { continue }
                    let lines = layout.lines(onPage: 0)
                    let floatTop = try #require(lines.first { paragraphs[f].range.contains($0.range.lowerBound) }).rect.minY
                    let hostLine = try #require(lines.first { paragraphs[f + 1].range.contains($0.range.lowerBound) })
                    // The float's line stands inside its own border (1 px, a sixteenth of an em, above it).
                    #expect(abs(floatTop - Fixtures.settings.fontSize / 16 - hostLine.rect.minY) < 0.01, "\(name): float at \(floatTop), its line at \(hostLine.rect.minY)")
                    for box in layout.pages[0].boxes where box.edges != nil && box.rect.minY < hostLine.rect.minY {
                        #expect(box.rect.maxY <= hostLine.rect.minY + 0.01, "\(name): the box above ends at \(box.rect.maxY), below the line at \(hostLine.rect.minY)")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked == 12)
    }
}

/// An image sized by a percentage inside a table cell or a floated block is drawn (and hit) at the size the layout
/// gave it, a share of the cell's or the float's box, not of the column: the drawing's format used to size it in
/// the column, so that a `width: 100%` image in a half-width cell was drawn across both cells and above the table.
/// A generated family: 2 containers × 4 percentages; each image stands inside its container's drawn box, and the
/// line holding it is as tall as the image drawn (layout and drawing agree).
@Suite struct ImagesInBoxesTests {
    @Test(arguments: ["cell", "float"])
    func aPercentageSizedImageIsDrawnInItsBox(container: String) throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        var checked = 0
        for percent in [25, 50, 80, 100] {
            let image = "<img src='dot.png' style='width: \(percent)%' alt=''/>"
            let body = container == "cell"
                ? "<table style='width: 100%; border-collapse: collapse'><tr><td style='border: 1px solid; width: 40%'>\(image) a</td>"
                    + "<td style='border: 1px solid'>the other cell's words, enough of them to wrap</td></tr></table>"
                : "<div style='float: left; width: 40%; border: 1px solid'>\(image)</div><p>Words beside the float, enough to wrap.</p>"
            let book = try XHTMLConversionTests.read(body, extraEntries: [EPUBImageTests.entry("dot.png", EPUBImageTests.pngHeader(width: 40, height: 40))])
            let layout = try typesetter.layout(book.text, settings: Fixtures.settings)
            let boxes = layout.pages[0].boxes
            for placed in layout.attachments(onPage: 0) {
                let inside = boxes.contains { $0.rect.minX - 0.01 <= placed.rect.minX && placed.rect.maxX <= $0.rect.maxX + 0.01
                    && $0.rect.minY - 0.01 <= placed.rect.minY && placed.rect.maxY <= $0.rect.maxY + 0.01 }
                #expect(inside, "\(percent)% in a \(container): drawn at \(placed.rect), boxes \(boxes.map(\.rect))")
                let line = try #require(layout.lines(onPage: 0).first { $0.range.contains(placed.range.lowerBound) })
                #expect(placed.rect.height <= line.rect.height + 0.01, "\(percent)% in a \(container): \(placed.rect) on a line \(line.rect)")
                checked += 1
            }
        }
        #expect(checked == 4)
    }
}
