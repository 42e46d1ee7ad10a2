import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// The width of an atomic inline (`display: inline-block`, CSS 2.1 §10.3.9, CSS Display 3 §2.4): its content box is
/// `width` wide, so that what follows it starts as far along the line whatever narrower text it holds (a table of
/// contents' column of numbers: `<span class="n">12.</span>Title`). Written as reftests: the numbers are hidden
/// (`visibility: hidden`), so that the pages differ only where the titles stand.
@Suite struct InlineBlockWidthReftests {
    static let numbers = ["1.", "12.", "135.", "ii.", "xviii."]

    /// A contents page: each number in an inline block of class `n`, hidden, then its title.
    static func contents(_ numbers: [String], css: String) -> Reftest.Book {
        let body = numbers.map { "<p class='toc'><span class='n'><span class='h'>\($0)</span></span>Loomings</p>" }.joined()
        return Reftest.Book(body: body, css: ".h { visibility: hidden } " + css)
    }

    /// Titles after numbers of any width narrower than the block stand where the title after the widest does, for
    /// widths in ems, rems, px and pt; `display: inline` (the width ignored) moves them.
    @Test(arguments: ["3em", "4em", "2.5rem", "64px", "40pt"], ["inline-block", "inline-flex", "inline-table"])
    func titlesStandInAColumn(_ width: String, _ display: String) throws {
        let css = ".n { display: \(display); width: \(width) }"
        let column = Self.contents(Self.numbers, css: css)
        let allWidest = Self.contents(Array(repeating: "xviii.", count: Self.numbers.count), css: css)
        try BoxDecorationReftests.expectSame(column, allWidest, "\(display) \(width)")
        let inline = ".n { display: inline; width: \(width) }"
        try BoxDecorationReftests.expectDifferent(Self.contents(Self.numbers, css: inline),
                                                  Self.contents(Array(repeating: "xviii.", count: Self.numbers.count), css: inline),
                                                  "inline \(width): the width is not an inline's")
    }

    /// `min-width` widens as `width` does; a block narrower than its text is as wide as the text (the title right
    /// after it, as after an inline); a percentage (of the line, which shaping does not know) is not read.
    @Test func minimumWidthNarrowAndPercent() throws {
        try BoxDecorationReftests.expectSame(Self.contents(Self.numbers, css: ".n { display: inline-block; min-width: 3em }"),
                                             Self.contents(Self.numbers, css: ".n { display: inline-block; width: 3em }"), "min-width")
        try BoxDecorationReftests.expectSame(Self.contents(Self.numbers, css: ".n { display: inline-block; width: 0.5em }"),
                                             Self.contents(Self.numbers, css: ".n { display: inline }"), "narrower than its text")
        try BoxDecorationReftests.expectSame(Self.contents(Self.numbers, css: ".n { display: inline-block; width: 20% }"),
                                             Self.contents(Self.numbers, css: ".n { display: inline }"), "a percentage")
    }

    /// The width is the content box's: with `box-sizing: border-box` the border and padding are inside it, and a
    /// border is drawn around the whole width (the box drawn the same either way).
    @Test(arguments: [0.0, 0.25]) func theWidthIsTheContentBoxs(_ padding: Double) throws {
        let body = "<p>See <span class='n'>12</span> here, and <span class='n'>3</span> there.</p>"
        let inside = 4 - 2 * 0.125 - 2 * padding
        let contentBox = Reftest.Book(body: body, css: ".n { display: inline-block; border: 0.125em solid #c81e28; padding: 0 \(padding)em; width: \(inside)em }")
        let borderBox = Reftest.Book(body: body, css: ".n { display: inline-block; border: 0.125em solid #c81e28; padding: 0 \(padding)em; width: 4em; box-sizing: border-box }")
        try BoxDecorationReftests.expectSame(borderBox, contentBox, "padding \(padding)")
        try BoxDecorationReftests.expectDifferent(borderBox, Reftest.Book(body: body, css: ".n { border: 0.125em solid #c81e28; padding: 0 \(padding)em }"),
                                                  "padding \(padding) against no width")
    }
}
