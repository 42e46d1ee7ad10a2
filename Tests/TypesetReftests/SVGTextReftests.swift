import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// An SVG's text is drawn in the book's embedded fonts, found under their `@font-face` names (librsvg's pango
/// through a private fontconfig configuration): the face the book names decides the drawing, and the words take the
/// width that face gives them, so they neither overprint nor run past the drawing's edge.
@Suite struct SVGTextReftests {
    static let word = "Hamburgefonstiv"

    static func book(face: String, family: String = "Book Face", declared: Bool = true) throws -> Reftest.Book {
        let font = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.fontsDirectory + "/" + face)))
        let css = declared ? "@font-face { font-family: \"Book Face\"; src: url(face.ttf) }" : ""
        let svg = "<svg xmlns='http://www.w3.org/2000/svg' width='208' height='60'><text x='0' y='40' font-family='\(family)' font-size='24' fill='#000'>\(word)</text></svg>"
        return Reftest.Book(body: "<div>\(svg)</div>", css: css, files: [("face.ttf", font)])
    }

    /// The leftmost and rightmost columns with ink in the drawing's rows (the text's extent).
    static func inkExtent(_ rendering: Reftest.Rendering) throws -> ClosedRange<Int> {
        let page = try #require(rendering.pages.first)
        let placed = try #require(rendering.book.images.first)
        _ = placed
        var columns: [Int] = []
        for x in 0..<page.width where (0..<page.height).contains(where: { y in RenderFixturesLuma.luma(page[x: x, y: y]) < 100 }) { columns.append(x) }
        return try #require(columns.first)...(try #require(columns.last))
    }

    @Test func theBooksFaceDrawsTheSVGsText() throws {
        let charis = try Reftest.render(try Self.book(face: "CharisSIL-Regular.ttf"))
        let again = try Reftest.render(try Self.book(face: "CharisSIL-Regular.ttf"))
        let noto = try Reftest.render(try Self.book(face: "NotoSans-Regular.ttf"))
        let undeclared = try Reftest.render(try Self.book(face: "CharisSIL-Regular.ttf", declared: false))
        #expect(charis.imageProblems.isEmpty, "\(charis.imageProblems)")
        #expect(Reftest.mismatch(charis, again) == nil)
        #expect(Reftest.mismatch(charis, noto) != nil, "the face named Book Face decides the drawing")
        #expect(Reftest.mismatch(charis, undeclared) != nil, "without the @font-face, fontconfig's fallback draws it")
        // The word's width is Charis SIL's at 24 px (HarfBuzz through Typeset, the bundled font), within 3 px.
        var settings = Reftest.settings.typography
        settings.fontFamily = "Charis SIL"
        settings.fontSize = 24
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(StyledText(plain: Self.word), settings: settings)
        let runs = layout.glyphRuns(onPage: 0)
        let advance = (runs.map(\.maxX).max() ?? 0) - (runs.map(\.minX).min() ?? 0)
        let ink = try Self.inkExtent(charis)
        #expect(abs(Double(ink.count) - advance) <= 3, "ink \(ink.count) px, Charis SIL's advance \(advance)")
    }
}

enum RenderFixturesLuma {
    static func luma(_ c: Color) -> Double { 0.2126 * Double(c.red) + 0.7152 * Double(c.green) + 0.0722 * Double(c.blue) }
}
