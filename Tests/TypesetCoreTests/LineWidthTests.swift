import Testing
@testable import TypesetCore
import TypesetTestSupport

/// Line widths are exact to the font's units wherever a line stands in its paragraph.
@Suite struct LineWidthTests {
    /// A paragraph of `count` units or more: words of several lengths, no line break.
    static func longParagraph(units count: Int) -> String {
        let words = ["Untersuchungsrichter", "a", "reader", "turned", "the", "page", "while", "long", "sentences",
                     "wrapped", "over", "lines", "of", "text", "AVATAR", "Wavy", "office", "fjord", "Tolstoy"]
        var generator = SplitMix64(seed: 30_000)
        var string = ""
        while string.utf16.count < count { string += words[Int(generator.next() % UInt64(words.count))] + " " }
        return string
    }

    /// Each line of a 30,000-unit paragraph measures the sum of HarfBuzz's advances of its glyphs (font units, in
    /// `Double`), to half a font unit, also its last lines, 15,000 em into the paragraph: positions measured from the
    /// paragraph's start in `Float` rounded to 2⁻¹⁰ em there (two font units of Charis SIL), and lines that fit were
    /// taken as too wide.
    @Test func lineWidthsFarIntoAParagraphEqualHarfBuzzsSums() throws {
        let text = StyledText(plain: Self.longParagraph(units: 30_000))
        #expect(text.paragraphs.count == 1 && text.length >= 30_000)
        var settings = Fixtures.settings
        settings.pageSize = Size(width: 390, height: 100_000)
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(text, settings: settings)
        let shaped = layout.shaped.paragraph(0)
        let face = try #require(layout.shaped.primaryFace)
        let unitsPerEm = Double(face.unitsPerEm)
        let size = settings.fontSize
        let content = text.paragraphs[0].units[text.paragraphs[0].contentRange]
        let lines = layout.paragraphLayout(0).lines
        #expect(lines.count > 300)
        var worst = 0.0
        for line in lines {
            let end = line.visibleEnd(content: content)
            // HarfBuzz's advances are whole font units: the shaper keeps them as ems, which round back exactly.
            var units = 0.0
            for g in shaped.glyphRange(from: Int(line.start), to: end) {
                units += (Double(shaped.advances[g]) * unitsPerEm).rounded()
            }
            let exact = units * size / unitsPerEm
            worst = max(worst, abs(Double(line.width) - exact) * unitsPerEm / size)
            #expect(abs(Double(line.width) - exact) <= 0.5 * size / unitsPerEm,
                    "line \(line.start)..<\(end): \(line.width) pt, HarfBuzz's sum \(exact) pt")
        }
        // Every line but the last fills the column as far as it can: the next word would not fit.
        let column = settings.columnWidth
        #expect(lines.dropLast().allSatisfy { Double($0.width) <= column + size / unitsPerEm / 2 })
        #expect(worst < 0.5, "worst difference \(worst) font units")
    }
}
