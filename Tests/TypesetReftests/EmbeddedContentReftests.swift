import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// `<iframe>`, `<embed>` and `<object>` of the book's own documents and images drawn as blocks in the flow, and
/// `epub:switch` showing the first case Typeset supports.
@Suite struct EmbeddedContentReftests {
    static func expectSame(_ test: Reftest.Book, _ reference: Reftest.Book, _ comment: String,
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        let drawn = try Reftest.render(test), expected = try Reftest.render(reference)
        #expect(Reftest.mismatch(drawn, expected) == nil, "\(comment): \(Reftest.mismatch(drawn, expected) ?? "")", sourceLocation: sourceLocation)
        #expect(drawn.imageProblems.isEmpty, "\(drawn.imageProblems)", sourceLocation: sourceLocation)
    }

    static let inner = Reftest.document(body: "<p>Inner text of the embedded page.</p><p class='x'>Its second paragraph.</p>",
                                        head: "<style>.x { font-style: italic }</style>")
    static let png: [UInt8] = (try? PNGEncoder.encode(Bitmap(width: 60, height: 40, fill: Color(red: 200, green: 30, blue: 40)))) ?? []

    static func book(_ body: String, files: [(name: String, bytes: [UInt8])] = []) -> Reftest.Book {
        Reftest.Book(documents: [("chapter.xhtml", Reftest.document(body: body))], files: files)
    }

    /// A document of the book embedded by each element is its paragraphs, styled by its own sheets, in place.
    @Test(arguments: ["<iframe src='inner.xhtml'/>", "<iframe src='inner.xhtml' width='100%' height='300'></iframe>",
                      "<embed src='inner.xhtml' type='application/xhtml+xml'/>",
                      "<object data='inner.xhtml' type='application/xhtml+xml'><p>Fallback</p></object>"])
    func anEmbeddedDocumentIsSetInTheFlow(_ element: String) throws {
        let test = Reftest.Book(documents: [("chapter.xhtml", Reftest.document(body: "<p>Before.</p>" + element + "<p>After.</p>")),
                                            ("inner.xhtml", Self.inner)])
        let reference = Reftest.Book(documents: [("chapter.xhtml", Reftest.document(body: "<p>Before.</p><p>Inner text of the embedded page.</p><p><i>Its second paragraph.</i></p><p>After.</p>")),
                                                 ("inner.xhtml", Self.inner)])
        try Self.expectSame(test, reference, element)
        // Not the same as leaving it out: the document is drawn.
        #expect(Reftest.mismatch(try Reftest.render(test), try Reftest.render(Self.book("<p>Before.</p><p>After.</p>"))) != nil)
    }

    /// An image of the book embedded by each element is a block image, as `<img>` alone in its paragraph.
    @Test(arguments: ["<iframe src='red.png'/>", "<embed src='red.png' type='image/png'/>", "<embed src='red.png'/>",
                      "<object data='red.png' type='image/png'>Fallback</object>"])
    func anEmbeddedImageIsABlockImage(_ element: String) throws {
        let files = [("red.png", Self.png)]
        try Self.expectSame(Self.book("<p>Before.</p>" + element + "<p>After.</p>", files: files),
                            Self.book("<p>Before.</p><div><img src='red.png' alt=''/></div><p>After.</p>", files: files), element)
        #expect(Reftest.mismatch(try Reftest.render(Self.book("<p>Before.</p>" + element + "<p>After.</p>", files: files)),
                                 try Reftest.render(Self.book("<p>Before.</p><p>After.</p>", files: files))) != nil)
    }

    /// A document embedding itself, or a missing one, shows nothing and is reported; the rest of the page stays.
    @Test func aCycleOrAMissingDocumentShowsNothing() throws {
        let loop = Reftest.Book(documents: [("chapter.xhtml", Reftest.document(body: "<p>Before.</p><iframe src='chapter.xhtml'/><iframe src='missing.xhtml'/><p>After.</p>"))])
        let drawn = try Reftest.render(loop)
        #expect(Reftest.mismatch(drawn, try Reftest.render(Self.book("<p>Before.</p><p>After.</p>"))) == nil)
        #expect(drawn.book.warnings.contains { $0.contains("embeds OEBPS/chapter.xhtml") }, "\(drawn.book.warnings)")
    }

    /// `epub:switch`: a case whose namespace Typeset supports (SVG) is shown, one it does not know gives way to the
    /// default, and only one of them is ever shown.
    @Test func switchShowsTheFirstSupportedCase() throws {
        let unsupported = """
            <epub:switch><epub:case required-namespace="http://www.example.com/unsupported"><p>FAIL</p></epub:case>
            <epub:default><p>PASS</p></epub:default></epub:switch>
            """
        try Self.expectSame(Self.book("<p>Switch:</p>" + unsupported), Self.book("<p>Switch:</p><p>PASS</p>"), "unsupported case")
        let svg = """
            <epub:switch><epub:case required-namespace="http://www.w3.org/2000/svg"><p>SVG case</p></epub:case>
            <epub:case required-namespace="http://www.w3.org/1999/xhtml"><p>Second case</p></epub:case>
            <epub:default><p>Default</p></epub:default></epub:switch>
            """
        try Self.expectSame(Self.book("<p>Switch:</p>" + svg), Self.book("<p>Switch:</p><p>SVG case</p>"), "supported case")
        // MathML is laid out as mathematics: its case is shown, as the formula alone would be.
        let formula = "<math xmlns=\"http://www.w3.org/1998/Math/MathML\"><msup><mi>x</mi><mn>2</mn></msup></math>"
        let mathML = """
            <epub:switch><epub:case required-namespace="http://www.w3.org/1998/Math/MathML">\(formula)</epub:case>
            <epub:default><p>x squared</p></epub:default></epub:switch>
            """
        try Self.expectSame(Self.book("<p>Switch:</p>" + mathML), Self.book("<p>Switch:</p>" + formula), "MathML case")
        #expect(Reftest.mismatch(try Reftest.render(Self.book("<p>Switch:</p>" + mathML)),
                                 try Reftest.render(Self.book("<p>Switch:</p><p>x squared</p>"))) != nil)
    }
}
