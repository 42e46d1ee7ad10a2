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
        #expect(lines.dropLast().allSatisfy { Double($0.width) <= column })
        #expect(worst < 0.5, "worst difference \(worst) font units")
    }

    /// Fit is exact to half a font unit: a line exactly as wide as its column fits, and one a thousandth of a point
    /// wider does not (the 2⁻¹⁴ em tolerance that absorbed rounding, 0.0012 pt at 19 pt, let it fit and stick out of
    /// the column). At many widths, no line of a long paragraph that fits is wider than its column, by any amount.
    @Test func fitIsExactToHalfAFontUnit() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        var settings = Fixtures.settings
        settings.margins = EdgeInsets(all: 10)
        settings.pageSize = Size(width: 2_000, height: 400)
        let shaped = try typesetter.shape(StyledText(plain: "The quick brown fox jumps over the lazy dog"),
                                          settings: ShapingSettings(settings))
        let natural = try typesetter.layout(shaped, settings: settings).paragraphLayout(0).lines[0].width
        settings.pageSize.width = Double(natural) + 20
        #expect(try typesetter.layout(shaped, settings: settings).paragraphLayout(0).lines.count == 1)
        settings.pageSize.width = Double(natural) + 20 - 0.001
        #expect(try typesetter.layout(shaped, settings: settings).paragraphLayout(0).lines.count == 2)

        let long = try typesetter.shape(StyledText(plain: Self.longParagraph(units: 6_000)), settings: ShapingSettings(settings))
        var lines = 0
        for width in stride(from: 230.0, through: 600, by: 1.3) {
            settings.pageSize = Size(width: width + 20, height: 100_000)
            let laidOut = try typesetter.layout(long, settings: settings)
            let column = Float(laidOut.settings.columnWidth)
            for line in laidOut.paragraphLayout(0).lines {
                lines += 1
                #expect(line.x + line.width <= column, "at \(width) pt: \(line.x + line.width - column) pt wider")
            }
        }
        #expect(lines > 5_000)
    }

    /// A kerned pair across a break without a space (`—T` in Noto Sans: the em dash is 40 units narrower before a
    /// T): the kern belongs to neither line. The line ending at the dash measures the dash's own advance, so it no
    /// longer fits a column 0.3 font unit narrower than that (it did, and was drawn past the column's edge), and
    /// the next line starts with the T's own advance.
    @Test func aKernedPairAtABreakBelongsToNeitherLine() throws {
        let fonts = try Fixtures.bundledFonts()
        let typesetter = Typesetter(fonts: fonts)
        let string = "Nothing—The dash and the T kern"
        let text = StyledText(plain: string)
        let dashEnd = Array(string.utf16).firstIndex(of: 0x2014)! + 1
        var settings = Fixtures.settings
        settings.fontFamily = "Noto Sans"
        settings.margins = EdgeInsets(all: 0)
        let shaped = try typesetter.shape(text, fontFamily: "Noto Sans")
        let paragraph = shaped.paragraph(0)
        let face = try #require(shaped.primaryFace)
        let size = settings.fontSize
        let unit = size / Double(face.unitsPerEm)
        // In context the dash is kerned; alone it has its nominal advance.
        let dash = try #require(paragraph.glyphRange(from: dashEnd - 1, to: dashEnd).first)
        let kerned = Double(paragraph.advances[dash]), nominal = Double(face.harfBuzz.advance(of: UInt32(paragraph.glyphIDs[dash]))) / Double(face.unitsPerEm)
        #expect(nominal - kerned > 0.03, "Noto Sans kerns —T")
        var before = 0.0
        for g in paragraph.glyphRange(from: 0, to: dashEnd) { before += Double(paragraph.advances[g]) }
        let lineWidth = (before - kerned + nominal) * size
        // A column just as wide: the first line ends at the dash and measures the dash's own advance.
        settings.pageSize = Size(width: lineWidth + 0.3 * unit, height: 400)
        let fitting = try typesetter.layout(shaped, settings: settings)
        let lines = fitting.paragraphLayout(0).lines
        try #require(lines.count >= 2)
        #expect(Int(lines[0].end) == dashEnd)
        #expect(abs(Double(lines[0].width) - lineWidth) <= 0.5 * unit, "\(lines[0].width) pt for \(lineWidth) pt")
        var next = 0.0
        let content = text.paragraphs[0].units[text.paragraphs[0].contentRange]
        for g in paragraph.glyphRange(from: Int(lines[1].start), to: lines[1].visibleEnd(content: content)) { next += Double(paragraph.advances[g]) }
        #expect(abs(Double(lines[1].width) - next * size) <= 0.5 * unit)
        // A column 0.3 unit narrower than the line's true width: it does not fit any more.
        settings.pageSize = Size(width: lineWidth - 0.3 * unit, height: 400)
        let narrower = try typesetter.layout(shaped, settings: settings)
        #expect(Int(narrower.paragraphLayout(0).lines[0].end) != dashEnd)
        // The optimal breaker measures the same way.
        settings.alignment = .justified
        settings.lineBreaking = .optimal
        settings.pageSize = Size(width: lineWidth + 0.3 * unit, height: 400)
        let justified = try typesetter.layout(shaped, settings: settings).paragraphLayout(0).lines
        if Int(justified[0].end) == dashEnd {
            #expect(abs(Double(justified[0].width) - lineWidth) <= 0.5 * unit)
        }
    }
}
