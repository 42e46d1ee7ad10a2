import Testing
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// A formula in the text: one object of the position model (a caret before and after it, selection over it whole,
/// hit testing answering its unit), on the baseline with its ascent and descent in the line, read by search and
/// speech as its alttext or tokens.
@Suite struct FormulaPositionTests {
    static let m = "xmlns=\"http://www.w3.org/1998/Math/MathML\""

    static func formula(_ body: String, alt: String? = nil, display: Bool = false) throws -> TextStyle {
        let xml = "<math \(m)\(alt.map { " alttext=\"\($0)\"" } ?? "")>\(body)</math>"
        return TextStyle(attachment: TextAttachment(formula: try MathML.formula(xml), presentation: display ? .block : .inline))
    }

    static let tall = "<mfrac><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow><mrow><mi>c</mi><mo>+</mo><mi>d</mi></mrow></mfrac>"

    /// "ab", a fraction, "cd": the fraction is unit 2..<3 everywhere, its box on the baseline reaching above and
    /// below it, the line as tall as it needs.
    @Test func aFormulaIsOneCharacterInEveryPositionAPI() throws {
        let layout = try AttachmentTests.layout([[("ab ", .body), ("\u{FFFC}", try Self.formula(Self.tall)), (" cd", .body)]])
        let placed = try #require(layout.formulas(onPage: 0).first)
        #expect(layout.formulas(onPage: 0).count == 1)
        #expect(placed.range == 3..<4)
        let line = try #require(layout.lines(onPage: 0).first)
        #expect(abs(placed.baseline - line.baseline) < 0.001)
        #expect(placed.rect.minY < line.baseline - 5 && placed.rect.maxY > line.baseline + 3)
        #expect(line.rect.minY <= placed.rect.minY + 0.001 && line.rect.maxY >= placed.rect.maxY - 0.001)
        #expect(placed.rules.count == 1 && placed.glyphRuns.flatMap(\.glyphs).count == 6)
        // Its glyphs are inside its box.
        for run in placed.glyphRuns { for p in run.positions { #expect(placed.rect.minX - 0.01 <= p.x && p.x <= placed.rect.maxX) } }
        // The attachment's box is the formula's.
        let attachment = try #require(layout.attachments(onPage: 0).first)
        #expect(attachment.rect == placed.rect && attachment.attachment.formula != nil)
        // Hit testing: the unit over all of its box, its halves for the caret.
        let middle = Point(x: placed.rect.center.x, y: placed.rect.center.y)
        #expect(layout.characterRange(at: middle, onPage: 0) == 3..<4)
        #expect(layout.attachment(at: middle, onPage: 0)?.range == 3..<4)
        #expect(layout.closestPosition(to: Point(x: placed.rect.minX + 2, y: placed.rect.minY + 2), onPage: 0).offset == 3)
        #expect(layout.closestPosition(to: Point(x: placed.rect.maxX - 2, y: placed.rect.maxY - 2), onPage: 0).offset == 4)
        // Carets before and after it; a selection over it is as wide as it.
        let before = try #require(layout.caretRect(for: TextPosition(offset: 3)))
        let after = try #require(layout.caretRect(for: TextPosition(offset: 4)))
        #expect(abs(before.rect.center.x - placed.rect.minX) < 0.01 && abs(after.rect.center.x - placed.rect.maxX) < 0.01)
        let selection = layout.selectionRects(for: 3..<4)
        #expect(selection.count == 1 && abs((selection.first?.rect.width ?? 0) - placed.rect.width) < 0.01)
        #expect(layout.position(from: TextPosition(offset: 3), offset: 1)?.offset == 4)
        // Round trips: every offset's caret hit-tests back to it.
        for offset in 0...7 {
            guard let caret = layout.caretRect(for: TextPosition(offset: offset)) else { continue }
            #expect(layout.closestPosition(to: Point(x: caret.rect.center.x, y: caret.rect.center.y), onPage: 0).offset == offset)
        }
        #expect(LayoutInvariants.violations(in: layout).isEmpty)
    }

    /// An inline formula no taller than the text leaves the line as tall as a line of text.
    @Test func aSmallFormulaDoesNotOpenItsLine() throws {
        let plain = try AttachmentTests.layout([[("ab cd", .body)]])
        let layout = try AttachmentTests.layout([[("ab ", .body), ("\u{FFFC}", try Self.formula("<mi>x</mi>")), (" cd", .body)]])
        #expect(abs((layout.lines(onPage: 0).first?.rect.height ?? 0) - (plain.lines(onPage: 0).first?.rect.height ?? 0)) < 0.01)
    }

    /// A formula wider than the column is scaled down to fit it, whole, never cut.
    @Test func aWideFormulaIsScaledToTheColumn() throws {
        let row = String(repeating: "<mi>x</mi><mo>+</mo>", count: 60) + "<mn>1</mn>"
        let layout = try AttachmentTests.layout([[("\u{FFFC}", try Self.formula("<mrow>\(row)</mrow>"))]], width: 300)
        let placed = try #require(layout.formulas(onPage: 0).first)
        let column = layout.lines(onPage: 0).first?.rect
        #expect(placed.rect.width <= 300)
        #expect(placed.rect.width > 150)
        let sizes = Set(placed.glyphRuns.map(\.size))
        #expect(sizes.allSatisfy { $0 < Fixtures.settings.fontSize })
        #expect(column.map { placed.rect.minX >= $0.minX - 0.01 && placed.rect.maxX <= $0.maxX + 0.01 } == true)
    }

    /// Search finds words of a formula's alttext (or its tokens) and answers the formula's unit; speech reads the
    /// alttext.
    @Test func searchAndSpeechReadTheFormula() throws {
        let text = try HiddenUnitTests.text([[("Let ", .body), ("\u{FFFC}", try Self.formula(Self.tall, alt: "a plus b over c plus d")),
                                              (" hold; and ", .body), ("\u{FFFC}", try Self.formula("<msup><mi>y</mi><mn>2</mn></msup>")),
                                              (" too.", .body)]])
        let publication = Publication(text: text, href: "book.txt")
        let found = try publication.search("plus b over").results()
        #expect(found.map(\.range) == [4..<5])
        #expect(try publication.search("y 2").results().map(\.range) == [16..<17])
        let readable = ReadableText(text: text, range: 0..<text.length)
        #expect(readable.string == "Let a plus b over c plus d hold; and y 2 too.")
        let spoken = try SpeechUtterances(publication: publication).map(\.text)
        #expect(spoken.joined(separator: " ").contains("a plus b over c plus d"))
    }
}
