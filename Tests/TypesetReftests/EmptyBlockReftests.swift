import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// An empty block given a `height` (CSS 2.1 §10.5) and a background or border: a block of that height with its
/// box, in the flow between the paragraphs around it, as the same box holding an image of that size is (the image
/// of the box's colour, so that both draw the same pixels), moving to the next page whole as an image block does.
/// Generated over heights in px, em and percentages, and over colours, images and borders.
@Suite struct EmptyBlockReftests {
    static func book(_ box: String, style: String) throws -> Reftest.Book {
        Reftest.Book(body: "<p>Before the box.</p>\(box)<p>After the box.</p>",
                     css: ".box { \(style) }", files: try BackgroundImageReftests.files())
    }

    static let blue = "background-color: #1e5ac8"

    /// The empty block is the block holding an image of its height across its width, of the block's colour.
    @Test(arguments: ["20px", "50px", "3em", "10%"], [blue, "background: url(images/solid.png)", "\(blue); border: 4px solid #c81e28",
                                                      "\(blue); padding: 6px; margin: 0 20px"])
    func anEmptyBlockIsAnImageBlockOfItsHeight(_ height: String, _ look: String) throws {
        let test = try Reftest.render(Self.book("<div class='box'></div>", style: "\(look); height: \(height)"))
        let image = "<img src='images/solid.png' alt='' style='width: 100%; height: \(height)'/>"
        let reference = try Reftest.render(Self.book("<div class='box'>\(image)</div>", style: look))
        #expect(Reftest.mismatch(test, reference) == nil, "\(height) \(look): \(Reftest.mismatch(test, reference) ?? "")")
        // Drawn at all: not the page without the block.
        let without = try Reftest.render(Self.book("", style: look))
        #expect(Reftest.mismatch(test, without) != nil, "\(height) \(look) draws something")
    }

    /// The box is as tall as the height says (its border and padding outside it: `height` is the content box's,
    /// CSS 2.1 §10.5), and the text after it starts below it.
    @Test(arguments: [20, 50, 137])
    func theBoxIsAsTallAsItsHeight(_ height: Int) throws {
        let layout = try Reftest.layout(Self.book("<div class='box'></div>", style: "\(Self.blue); border: 3px solid #c81e28; padding: 5px; height: \(height)px"))
        let box = try #require(layout.pages.first?.boxes.first)
        // The height in points (a CSS px is a point, as for images); the border and padding, 8 px a side, in ems of
        // the 16 px body set at the reader's 14 pt.
        #expect(box.rect.height == Double(height) + 16 * 14 / 16, "\(box.rect)")
        let after = try #require(layout.lines(onPage: 0).last)
        #expect(after.rect.minY >= box.rect.maxY, "the text after it is below it: \(after.rect) \(box.rect)")
    }

    /// An empty block that does not fit in what is left of the page moves to the next page whole.
    @Test func aBlockThatDoesNotFitMovesToTheNextPage() throws {
        let filler = String(repeating: "<p>A line of text to fill the page.</p>", count: 14)
        let layout = try Reftest.layout(Reftest.Book(body: filler + "<div class='box'></div><p>After.</p>",
                                                  css: ".box { \(Self.blue); height: 200px }"))
        let boxes = layout.pages.flatMap { page in page.boxes.map { (page.index, $0.rect.height) } }
        #expect(boxes.count == 1 && boxes.first?.0 ?? 0 > 0 && boxes.first?.1 == 200, "\(boxes)")
    }

    /// Without a height an empty block's room is its border and padding along the flow (CSS 2.1 §10.6.3: no
    /// content, height 0): a box of borders and padding of one colour is the block of that colour as tall as they
    /// are together. Generated over top and bottom borders, padding, widths and margins.
    @Test(arguments: [(0.5, 0.0), (0.0, 0.75), (0.25, 0.25)], [0.0, 0.5])
    func anEmptyBlockWithoutHeightIsItsBorderAndPadding(_ borders: (top: Double, bottom: Double), _ padding: Double) throws {
        for frame in ["", "; width: 50%; margin: 1em auto", "; margin: 2em 3em"] {
            let red = "#c81e28"
            let test = try Reftest.render(Self.book("<div class='box'></div>", style: "background-color: \(red); border-top: \(borders.top)em solid \(red); "
                + "border-bottom: \(borders.bottom)em solid \(red); padding: \(padding)em 0\(frame)"))
            let total = borders.top + borders.bottom + 2 * padding
            let reference = try Reftest.render(Self.book("<div class='box'></div>", style: "background-color: \(red); height: \(total)em\(frame)"))
            #expect(Reftest.mismatch(test, reference) == nil, "\(borders) \(padding) \(frame): \(Reftest.mismatch(test, reference) ?? "")")
            let without = try Reftest.render(Self.book("<div class='none'></div>", style: "background-color: \(red)\(frame)"))
            #expect(Reftest.mismatch(test, without) != nil, "\(borders) \(padding) \(frame) draws something")
        }
    }

    /// A rule (`hr`) is an empty block: drawn as the box its styles give it (a border, a background, an image,
    /// a height, a width with auto margins), as the same styles draw an empty `div`.
    @Test(arguments: [
        "border: none; border-top: 1px solid; height: 0; margin: 1.5em auto; width: 25%",  // Standard Ebooks
        "border: 0; height: 4px; background-color: #c81e28; width: 50%; margin: 1em auto",
        "border: 2px dashed #1e5ac8; margin: 2em 4em",
        "border: none; height: 2em; background: url(images/solid.png) no-repeat center; margin: 1em 0",
    ])
    func aRuleIsAnEmptyBlock(_ look: String) throws {
        let test = try Reftest.render(Self.book("<hr class='box'/>", style: look))
        let reference = try Reftest.render(Self.book("<div class='box'></div>", style: look))
        #expect(Reftest.mismatch(test, reference) == nil, "\(look): \(Reftest.mismatch(test, reference) ?? "")")
        let without = try Reftest.render(Self.book("", style: look))
        #expect(Reftest.mismatch(test, without) != nil, "\(look) draws something")
    }

    /// The default rule (a 1 px top border, the built-in sheet's), its auto inline margins (a width alone centres
    /// it: Project Gutenberg's `hr { width: 50% }`), and a rule without a border or background, which leaves only
    /// its margins, or not painted (`visibility: hidden`).
    @Test func aRuleByDefaultAndWithoutABorder() throws {
        let plain = try Reftest.render(Self.book("<hr/>", style: ""))
        let drawn = try Reftest.render(Self.book("<hr class='box'/>", style: "border: none; border-top: 1px solid"))
        #expect(Reftest.mismatch(plain, drawn) == nil, "default: \(Reftest.mismatch(plain, drawn) ?? "")")
        let thicker = try Reftest.render(Self.book("<hr class='box'/>", style: "border: none; border-top: 3px solid"))
        #expect(Reftest.mismatch(plain, thicker) != nil)
        let half = try Reftest.render(Self.book("<hr class='box'/>", style: "width: 50%"))
        let centred = try Reftest.render(Self.book("<hr class='box'/>", style: "width: 50%; margin-left: auto; margin-right: auto"))
        #expect(Reftest.mismatch(half, centred) == nil, "width: \(Reftest.mismatch(half, centred) ?? "")")
        let atStart = try Reftest.render(Self.book("<hr class='box'/>", style: "width: 50%; margin-left: 0"))
        #expect(Reftest.mismatch(half, atStart) != nil)
        let bare = try Reftest.render(Self.book("<hr class='box'/>", style: "border: none; margin: 2em 0"))
        let margins = try Reftest.render(Self.book("<div class='box'></div>", style: "margin: 2em 0"))
        #expect(Reftest.mismatch(bare, margins) == nil, "border none: \(Reftest.mismatch(bare, margins) ?? "")")
        #expect(Reftest.mismatch(bare, plain) != nil)
        let hidden = try Reftest.render(Self.book("<hr class='box'/>", style: "visibility: hidden; margin: 2em 0"))
        #expect(Reftest.mismatch(hidden, margins) == nil, "visibility hidden is not painted: \(Reftest.mismatch(hidden, margins) ?? "")")
    }

    /// Without a height, with `height: 0` or an invalid one, or without a background or border, nothing is drawn
    /// (the block has no lines).
    @Test(arguments: ["\(blue)", "\(blue); height: 0", "\(blue); height: -20px", "\(blue); height: auto", "height: 40px"])
    func nothingToDraw(_ style: String) throws {
        let test = try Reftest.render(Self.book("<div class='box'></div>", style: style))
        let reference = try Reftest.render(Self.book("", style: style))
        #expect(Reftest.mismatch(test, reference) == nil, "\(style): \(Reftest.mismatch(test, reference) ?? "")")
    }
}
