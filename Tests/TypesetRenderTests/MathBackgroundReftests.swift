import Testing
import TypesetCore
import TypesetDocuments
@testable import TypesetRender

/// Reftests for MathML's backgrounds and table lines (MathML Core §3.2.5.1 `mathbackground`; MathML 3 §3.5.1.2
/// `frame`, `rowlines`, `columnlines`): two formulas that must paint the same pixels, in a line of text.
@Suite struct MathBackgroundReftests {
    static let pairs: [(name: String, test: String, reference: String)] = [
        ("an mspace's background is its box, as an empty mpadded of its size",
         "<mspace width=\"3em\" height=\"1em\" depth=\"0.5em\" mathbackground=\"#ffe000\"/>",
         "<mpadded width=\"3em\" height=\"1em\" depth=\"0.5em\" mathbackground=\"#ffe000\"></mpadded>"),
        ("mstyle paints its own box as an mrow does", "<mstyle mathbackground=\"green\"><mn>2</mn><mo>+</mo><mn>3</mn></mstyle>",
         "<mrow mathbackground=\"#008000\"><mn>2</mn><mo>+</mo><mn>3</mn></mrow>"),
        ("a background is not inherited: an inner one over the same box paints nothing more",
         "<mrow mathbackground=\"#ffe000\"><mrow mathbackground=\"#ffe000\"><mn>2</mn></mrow></mrow>",
         "<mrow mathbackground=\"#ffe000\"><mrow><mn>2</mn></mrow></mrow>"),
        ("the only cell's and row's backgrounds are the table's",
         "<mtable><mtr><mtd mathbackground=\"#c0e0ff\"><mi>x</mi><mo>+</mo><mn>1</mn></mtd></mtr></mtable>",
         "<mtable mathbackground=\"#c0e0ff\"><mtr mathbackground=\"#c0e0ff\"><mtd><mi>x</mi><mo>+</mo><mn>1</mn></mtd></mtr></mtable>"),
        ("a phantom's background is not painted",
         "<mphantom mathbackground=\"red\"><mi mathbackground=\"red\">x</mi></mphantom><mi>y</mi>",
         "<mphantom><mi>x</mi></mphantom><mi>y</mi>"),
        ("MathML 2's background attribute is mathbackground", "<mrow background=\"#ffe000\"><mi>a</mi></mrow>",
         "<mrow mathbackground=\"#ffe000\"><mi>a</mi></mrow>"),
        ("a dashed frame of one line style is its frame of dashed lines",
         "<mtable frame=\"dashed\"><mtr><mtd><mi>a</mi></mtd></mtr></mtable>",
         "<mtable frame=\"dashed\" rowlines=\"dashed\" columnlines=\"dashed\"><mtr><mtd><mi>a</mi></mtd></mtr></mtable>"),
    ]

    @Test(arguments: 0..<pairs.count) func reftest(_ index: Int) throws {
        let pair = Self.pairs[index]
        let test = try MathReftests.render(pair.test), reference = try MathReftests.render(pair.reference)
        #expect(test.ink > 0 && reference.ink > 0, "\(pair.name): a page is blank")
        #expect(test.png == reference.png, "\(pair.name)")
    }

    /// Mismatches: a background paints (more ink than without it), and the glyphs stay over it; a dashed frame
    /// draws less than a solid one and more than none.
    @Test func mismatches() throws {
        let plain = try MathReftests.render("<mrow><mi>x</mi><mo>+</mo><mn>1</mn></mrow>")
        let painted = try MathReftests.render("<mrow mathbackground=\"#ffe000\"><mi>x</mi><mo>+</mo><mn>1</mn></mrow>")
        #expect(painted.ink > plain.ink + 50)
        let cells = "<mtr><mtd><mi>a</mi></mtd><mtd><mi>b</mi></mtd></mtr><mtr><mtd><mi>c</mi></mtd><mtd><mi>d</mi></mtd></mtr>"
        let none = try MathReftests.render("<mtable>\(cells)</mtable>").ink
        let dashed = try MathReftests.render("<mtable frame=\"dashed\" rowlines=\"dashed\" columnlines=\"dashed\">\(cells)</mtable>").ink
        let solid = try MathReftests.render("<mtable frame=\"solid\" rowlines=\"solid\" columnlines=\"solid\">\(cells)</mtable>").ink
        #expect(none < dashed && dashed < solid, "\(none) \(dashed) \(solid)")
    }

    /// The glyphs are drawn over the background: red text inside a black background shows.
    @Test func glyphsAreDrawnOverTheBackground() throws {
        let bitmap = try MathReftests.bitmap("<mrow mathbackground=\"#000000\" mathcolor=\"#ff0000\"><mn>888</mn></mrow>")
        var red = 0, black = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let pixel = bitmap[x: x, y: y]
                if pixel.red > 200 && pixel.green < 80 && pixel.blue < 80 { red += 1 }
                if pixel.red < 30 && pixel.green < 30 && pixel.blue < 30 { black += 1 }
            }
        }
        #expect(red > 20 && black > 100, "\(red) red, \(black) black pixels")
    }

    /// A colour the formula gives is made readable on the element's background under it, not on the page: white
    /// on green stays white on the light page (where white text alone would be darkened): inside the green box,
    /// the glyphs are light.
    @Test func aColourIsReadableOnItsOwnBackground() throws {
        let bitmap = try MathReftests.bitmap("<mrow mathbackground=\"#008000\" mathcolor=\"#ffffff\"><mn>888</mn></mrow>")
        func isGreen(_ pixel: Color) -> Bool { pixel.red < 20 && pixel.green > 110 && pixel.green < 150 && pixel.blue < 20 }
        var box = (minX: bitmap.width, minY: bitmap.height, maxX: -1, maxY: -1)
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where isGreen(bitmap[x: x, y: y]) {
                box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
            }
        }
        try #require(box.maxX > box.minX)
        var light = 0
        for y in box.minY...box.maxY {
            for x in box.minX...box.maxX {
                let pixel = bitmap[x: x, y: y]
                if pixel.red > 200 && pixel.green > 200 && pixel.blue > 200 { light += 1 }
            }
        }
        #expect(light > 20, "\(light) light pixels in the green box")
    }
}
