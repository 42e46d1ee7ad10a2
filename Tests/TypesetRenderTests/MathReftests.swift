import Testing
import TypesetCore
import TypesetDocuments
@testable import TypesetRender

/// Reftests for MathML (as web-platform-tests writes them): a formula and a simpler one that MathML Core says must
/// look the same render to the same pixels, in a line of text, and neither page is blank.
@Suite struct MathReftests {
    static let m = "xmlns=\"http://www.w3.org/1998/Math/MathML\""

    /// The PNG of a page holding "Let", the formula, "hold." and its pixels' count of ink.
    static func render(_ body: String, display: Bool = false) throws -> (png: [UInt8], ink: Int) {
        let bitmap = try bitmap(body, display: display)
        let background = bitmap[x: 0, y: 0]
        var ink = 0
        for y in 0..<bitmap.height { for x in 0..<bitmap.width where bitmap[x: x, y: y] != background { ink += 1 } }
        return (try PNGEncoder.encode(bitmap), ink)
    }

    /// The page holding "Let", the formula and "hold.".
    static func bitmap(_ body: String, display: Bool = false) throws -> Bitmap {
        let formula = try MathML.formula("<math \(m)\(display ? " display=\"block\"" : "")>\(body)</math>")
        let style = TextStyle(attachment: TextAttachment(formula: formula, presentation: display ? .block : .inline))
        let text = try StyledText(paragraphs: [Paragraph(start: 0, units: Array("Let \u{FFFC} hold.".utf16), contentRange: 0..<11,
                                                     runs: [AttributeRun(range: 0..<4, style: .body), AttributeRun(range: 4..<5, style: style),
                                                            AttributeRun(range: 5..<11, style: .body)])])
        let fonts = try FontContext(source: .bundledOnly(directory: RenderFixtures.fontsDirectory))
        let layout = try Typesetter(fonts: fonts).layout(text, settings: RenderFixtures.settings(page: Size(width: 360, height: 160)))
        let renderer = try PageRenderer()
        return try renderer.render(page: 0, of: layout, appearance: RenderFixtures.appearance())
    }

    static let pairs: [(name: String, test: String, reference: String)] = [
        ("an mrow draws its children side by side", "<mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow>", "<mi>a</mi><mo>+</mo><mi>b</mi>"),
        ("mphantom takes its content's room and draws nothing",
         "<mphantom><mfrac><mi>x</mi><mn>2</mn></mfrac></mphantom><mi>y</mi>",
         "<mfrac mathcolor=\"#00000000\"><mi>x</mi><mn>2</mn></mfrac><mi>y</mi>"),
        ("mstyle sets its children's attributes", "<mstyle mathvariant=\"bold\" mathcolor=\"#b00000\"><mi>x</mi><mn>2</mn></mstyle>",
         "<mrow><mi mathvariant=\"bold\" mathcolor=\"#b00000\">x</mi><mn mathvariant=\"bold\" mathcolor=\"#b00000\">2</mn></mrow>"),
        ("mstyle displaystyle is the fraction's own", "<mstyle displaystyle=\"true\"><mfrac><mi>a</mi><mi>b</mi></mfrac></mstyle>",
         "<mfrac displaystyle=\"true\"><mi>a</mi><mi>b</mi></mfrac>"),
        ("mstyle scriptlevel scales as a script does", "<mstyle scriptlevel=\"+1\"><mi>q</mi></mstyle>",
         "<mstyle mathsize=\"\(String(0.75))em\"><mi>q</mi></mstyle>"),
        ("mpadded without attributes is an mrow", "<mpadded><mi>x</mi><mo>=</mo><mn>1</mn></mpadded>", "<mrow><mi>x</mi><mo>=</mo><mn>1</mn></mrow>"),
        ("semantics draws its first child only",
         "<semantics><mfrac><mn>1</mn><mn>2</mn></mfrac><annotation encoding=\"TeX\">\\frac12</annotation></semantics>",
         "<mfrac><mn>1</mn><mn>2</mn></mfrac>"),
        ("mfenced is its fences and separators", "<mfenced><mi>a</mi><mi>b</mi></mfenced>",
         "<mrow><mo form=\"prefix\">(</mo><mi>a</mi><mo separator=\"true\">,</mo><mi>b</mi><mo form=\"postfix\">)</mo></mrow>"),
        ("inline limits with movablelimits are scripts", "<munderover><mo>&#x2211;</mo><mi>i</mi><mi>n</mi></munderover>",
         "<msubsup><mo>&#x2211;</mo><mi>i</mi><mi>n</mi></msubsup>"),
        ("an mi of one letter is italic", "<mi>f</mi>", "<mi mathvariant=\"italic\">f</mi>"),
        ("menclose radical is a square root", "<menclose notation=\"radical\"><mi>x</mi></menclose>", "<msqrt><mi>x</mi></msqrt>"),
    ]

    @Test(arguments: 0..<pairs.count) func reftest(_ index: Int) throws {
        let pair = Self.pairs[index]
        let test = try Self.render(pair.test), reference = try Self.render(pair.reference)
        #expect(test.ink > 0 && reference.ink > 0, "\(pair.name): a page is blank")
        let same = test.png == reference.png
        #expect(same, "\(pair.name)")
    }

    /// Mismatch tests: what must differ does (a phantom draws less than its content; display style sets limits and
    /// fractions larger).
    @Test func mismatches() throws {
        #expect(try Self.render("<mphantom><mi>x</mi></mphantom><mi>y</mi>").ink < Self.render("<mi>x</mi><mi>y</mi>").ink)
        let inline = try Self.render("<munderover><mo>&#x2211;</mo><mi>i</mi><mi>n</mi></munderover>").png
        let display = try Self.render("<munderover><mo>&#x2211;</mo><mi>i</mi><mi>n</mi></munderover>", display: true).png
        #expect(inline != display)
        let thin = try Self.render("<mfrac><mi>a</mi><mi>b</mi></mfrac>").png
        let thick = try Self.render("<mfrac linethickness=\"thick\"><mi>a</mi><mi>b</mi></mfrac>").png
        #expect(thin != thick)
    }
}
