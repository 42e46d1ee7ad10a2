import Testing
import TypesetCore
@testable import TypesetDocuments
import TypesetTestSupport

/// MathML in books: each `<math>` is one object of the text (a U+FFFC with a formula), its tree copied as MathML Core
/// displays it, read as its alttext or tokens.
@Suite struct MathMLReadingTests {
    static let m = "xmlns=\"http://www.w3.org/1998/Math/MathML\""

    static func formulas(_ book: EPUBBook) -> [MathFormula] {
        book.text.paragraphs.flatMap { $0.runs.compactMap { $0.style.attachment?.formula } }
    }

    /// A formula is one unit; its reading is its alttext, else its tokens; annotations, the other children of
    /// semantics and white space between elements are left out; mfenced becomes its fences and separators.
    @Test func formulasAreOneObjectEach() throws {
        let book = try XHTMLConversionTests.read("""
            <p>Let <math \(Self.m) alttext="x equals a plus b squared"><mrow>
              <mi>x</mi> <mo>=</mo> <msup><mfenced><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow></mfenced><mn>2</mn></msup>
            </mrow></math> hold.</p>
            <p><math \(Self.m)><semantics><mrow><mfrac><mn>1</mn><mrow><mi>n</mi><mo>+</mo><mn>1</mn></mrow></mfrac>
              <mo>-</mo><msub><mi>y</mi><mi>k</mi></msub></mrow>
              <annotation encoding="TeX">\\frac{1}{n+1}</annotation></semantics></math></p>
            <p><math \(Self.m)><mfenced open="[" close="]" separators=";,"><mi>a</mi><mi>b</mi><mi>c</mi><mi>d</mi></mfenced></math></p>
            """)
        #expect(EPUBTestReading.paragraphs(book) == ["Let \u{FFFC} hold.", "\u{FFFC}", "\u{FFFC}"])
        let formulas = Self.formulas(book)
        #expect(formulas.count == 3)
        #expect(formulas[0].readableText == "x equals a plus b squared")
        #expect(formulas[1].readableText == "1 n + 1 - y k")
        #expect(formulas[2].readableText == "[ a ; b , c , d ]")
        #expect(formulas.allSatisfy { !$0.isDisplay })
        // The annotation is not in the tree: math, semantics, mrow, mfrac, mn, mrow, mi, mo, mn, mo, msub, mi, mi.
        #expect(formulas[1].elementCount == 13)
    }

    /// `display="block"` (or CSS display: block) sets the formula in a centred paragraph of its own, splitting the
    /// paragraph around it.
    @Test func displayedFormulasAreParagraphsOfTheirOwn() throws {
        let book = try XHTMLConversionTests.read("""
            <p>Before <math \(Self.m) display="block"><mi>x</mi></math> after.</p>
            <p>And <math \(Self.m) class="d"><mi>y</mi></math>.</p>
            """, css: "math.d { display: block }")
        #expect(EPUBTestReading.paragraphs(book) == ["Before", "\u{FFFC}", "after.", "And", "\u{FFFC}", "."])
        let displayed = book.text.paragraphs.filter { $0.contentString == "\u{FFFC}" }
        #expect(displayed.allSatisfy { $0.style.alignment == .center })
        #expect(Self.formulas(book).allSatisfy { $0.isDisplay })
        #expect(book.text.paragraphs[1].runs.first?.style.attachment?.presentation == .block)
    }

    /// The words after a displayed formula, or after any block inside a paragraph, continue that paragraph: CSS's
    /// anonymous block after a block-level child, whose first line is not the element's first formatted line and is
    /// never indented (CSS 2.1 §16.1), whatever indent the book or the reader sets; a new element's first line is.
    @Test func wordsAfterABlockInsideAParagraphContinueIt() throws {
        let book = try XHTMLConversionTests.read("""
            <p>Before the formula, <math \(Self.m) display="block"><mi>x</mi></math> after the formula.</p>
            <p>A paragraph <div>with a block</div> and words after it.</p>
            <p>Then a new paragraph.</p>
            """, css: "p { text-indent: 2em; margin: 0 }")
        let paragraphs = book.text.paragraphs
        #expect(EPUBTestReading.paragraphs(book) == ["Before the formula,", "\u{FFFC}", "after the formula.", "A paragraph",
                                                     "with a block", "and words after it.", "Then a new paragraph."])
        #expect(paragraphs.map(\.style.continuesText) == [false, false, true, false, false, true, false])
        var settings = Fixtures.settings
        settings.firstLineIndent = 3
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(book.text, settings: settings)
        let lines = layout.pages.indices.flatMap { layout.lines(onPage: $0) }
        func firstLineX(_ paragraph: Int) throws -> Double {
            try #require(lines.first { $0.paragraphIndex == paragraph && $0.lineIndex == 0 }).rect.origin.x
        }
        let margin = settings.margins.left
        for continued in [2, 5] { #expect(abs(try firstLineX(continued) - margin) < 0.01) }
        for started in [0, 3, 6] { #expect(try firstLineX(started) > margin + settings.fontSize) }
    }

    /// Hostile markup: a formula nested ten thousand elements deep is copied without recursion (libxml2 refuses
    /// documents deeper than its own limit, so the depth is built with MathFormula.Builder directly here), and a
    /// formula past the element limit is cut, well formed.
    @Test func deepAndHugeFormulasAreBuiltWithoutRecursion() throws {
        var builder = MathFormula.Builder()
        builder.open("math")
        for _ in 0..<10_000 { builder.open("mrow") }
        builder.open("mi"); builder.appendText("x"); builder.close()
        let deep = builder.build()
        #expect(deep.elementCount == 10_002)
        #expect(deep.readableText == "x")
        var huge = MathFormula.Builder()
        huge.open("math")
        for _ in 0..<(MathFormula.Builder.maximumElementCount + 10) { huge.open("mn"); huge.appendText("1"); huge.close() }
        #expect(huge.build().elementCount == MathFormula.Builder.maximumElementCount)
    }

    /// mathcolor is normalised to a colour the layout reads; a colour that is not one is dropped.
    @Test func colorsAreNormalised() throws {
        let formula = try MathML.formula("<math \(Self.m)><mi mathcolor=\"red\">x</mi><mi mathcolor=\"nonsense\">y</mi></math>")
        #expect(formula.elementCount == 3)
        #expect(formula.description.contains("x y"))
        #expect(throws: DocumentError.self) { _ = try MathML.formula("<math><mi>x</mi></math>") }
        #expect(throws: DocumentError.self) { _ = try MathML.formula("<mrow \(Self.m)><mi>x</mi></mrow>") }
    }
}
