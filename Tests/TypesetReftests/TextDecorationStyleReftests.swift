import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// `text-decoration-style`, `-color` and `-thickness` and the `text-decoration` shorthand (CSS Text Decoration 3
/// §2.2–2.4, Level 4 §2.6). Spellings of one look draw the same pixels; each style draws its own; a colour draws
/// the lines, not the text, in it; a thicker line covers more pixels.
@Suite struct TextDecorationStyleReftests {
    static func book(_ css: String) -> Reftest.Book {
        Reftest.Book(body: "<p>Plain words and <span class='d'>decorated words here</span> after.</p>", css: ".d { \(css) }")
    }

    static func render(_ css: String) throws -> Bitmap {
        let pages = try Reftest.render(Self.book(css)).pages
        return try #require(pages.first)
    }

    /// Pixels of exactly `color` on the page.
    static func count(_ color: (UInt8, UInt8, UInt8), in bitmap: Bitmap) -> Int {
        stride(from: 0, to: bitmap.pixels.count, by: 4).reduce(0) { sum, i in
            sum + (bitmap.pixels[i] == color.0 && bitmap.pixels[i + 1] == color.1 && bitmap.pixels[i + 2] == color.2 ? 1 : 0)
        }
    }

    /// The shorthand in any order is its longhands, prefixed or not; `solid` and `currentColor` are the default.
    @Test func spellingsOfOneLookAreTheSame() throws {
        let pairs = [
            ("text-decoration: underline dotted #c81e28", "text-decoration-line: underline; text-decoration-style: dotted; text-decoration-color: #c81e28"),
            ("text-decoration: #c81e28 wavy underline", "text-decoration: underline wavy #c81e28"),
            ("text-decoration: underline double", "-webkit-text-decoration-line: underline; -webkit-text-decoration-style: double"),
            ("text-decoration: underline solid currentColor", "text-decoration: underline"),
            ("text-decoration: line-through dashed 3px", "text-decoration-line: line-through; text-decoration-style: dashed; text-decoration-thickness: 3px"),
            ("text-decoration: underline dotted; text-decoration: underline", "text-decoration: underline"),
            ("text-decoration: underline blink", "text-decoration: underline"),
        ]
        for (test, reference) in pairs {
            let mismatch = Reftest.mismatch(try Reftest.render(Self.book(test)), try Reftest.render(Self.book(reference)))
            #expect(mismatch == nil, "\(test) against \(reference): \(mismatch ?? "")")
        }
    }

    /// Every style draws differently from every other, and from no decoration; an unreadable shorthand is dropped.
    @Test func eachStyleDrawsItsOwnLine() throws {
        let styles = ["solid", "double", "dotted", "dashed", "wavy"]
        let drawn = try styles.map { try Reftest.render(Self.book("text-decoration: underline \($0); text-decoration-thickness: 2px")) }
        let plain = try Reftest.render(Self.book(""))
        for (i, a) in drawn.enumerated() {
            #expect(Reftest.mismatch(a, plain) != nil, "\(styles[i]) draws a line")
            for (j, b) in drawn.enumerated() where j > i {
                #expect(Reftest.mismatch(a, b) != nil, "\(styles[i]) differs from \(styles[j])")
            }
        }
        let unread = Reftest.mismatch(try Reftest.render(Self.book("text-decoration: underline squiggly")), plain)
        #expect(unread == nil, "an unknown word drops the declaration: \(unread ?? "")")
    }

    /// A decoration colour draws the line in it and leaves the text in the text's colour; a thicker line covers
    /// more of the page.
    @Test func colourAndThicknessApplyToTheLine() throws {
        let red: (UInt8, UInt8, UInt8) = (200, 30, 40)
        let coloured = try Self.render("text-decoration: underline; text-decoration-color: rgb(200, 30, 40)")
        let redPixels = Self.count(red, in: coloured)
        #expect(redPixels > 50, "the underline is red: \(redPixels) pixels")
        let plainUnderline = try Self.render("text-decoration: underline")
        #expect(Self.count(red, in: plainUnderline) == 0)
        let ink: (UInt8, UInt8, UInt8) = (Reftest.settings.appearance.theme.text.red, Reftest.settings.appearance.theme.text.green,
                                          Reftest.settings.appearance.theme.text.blue)
        // The glyphs stay in the text colour: as many ink pixels as without a line, less the underline's.
        #expect(Self.count(ink, in: coloured) + redPixels >= Self.count(ink, in: plainUnderline) - 20)
        let thin = Self.count(ink, in: try Self.render("text-decoration: underline; text-decoration-thickness: 1px"))
        let thick = Self.count(ink, in: try Self.render("text-decoration: underline; text-decoration-thickness: 4px"))
        #expect(thick > thin + 100, "4px covers more than 1px: \(thick) against \(thin)")
        let percent = Self.count(ink, in: try Self.render("text-decoration: underline; text-decoration-thickness: 50%"))
        #expect(percent > thick, "50% of the 14 pt text is thicker than 4px: \(percent)")
    }
}
