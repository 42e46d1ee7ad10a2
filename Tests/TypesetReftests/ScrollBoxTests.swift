import Testing
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// Decorated blocks (backgrounds, borders, rounded corners) in scroll mode, where one scroll page runs on through
/// a book's documents: each block's box is drawn around its own lines, as in paged mode, whatever the boxes of the
/// other documents (whose ids may be the same: a box's id is unique in its document only). Before, a box that ended
/// one document was taken up again by the box of the same id in the next, and a book's first caution box ran on
/// pink to the end of the book (Accessible EPUB 3 in scroll mode). A generated family of books of 2–4 short
/// documents of 0–3 decorated blocks each: the scroll page's boxes are the paged pages' boxes, in order, of the
/// same sizes.
@Suite struct ScrollBoxTests {
    static let css = """
        .a { background-color: #fce5e8; border: 1px solid #8e0012; padding: 4px }
        .b { border: 1px solid #6cafd0; border-radius: 5px; padding: 4px 4px 10px 4px }
        .c { background-color: #f1f6fc; margin: 6px 12px }
        """

    static func book(_ documents: [[String]]) -> Reftest.Book {
        Reftest.Book(documents: documents.enumerated().map { index, blocks in
            ("d\(index).xhtml", Reftest.document(body: blocks.joined(), head: "<link rel='stylesheet' type='text/css' href='style.css'/>"))
        }, files: [("style.css", Array(css.utf8))])
    }

    static func boxes(_ book: Reftest.Book, mode: LayoutMode) throws -> [Rect] {
        let text = try EPUBReader().read(bytes: try Reftest.archive(book), name: "boxes.epub").publication.text
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(text, settings: Reftest.settings.typography, mode: mode)
        return layout.pages.flatMap { $0.boxes.map(\.rect) }
    }

    /// The caution box that ends the first document, and a note box in the second: two boxes, each its own size.
    @Test func aBoxEndingADocumentEndsThere() throws {
        let book = Self.book([["<p>Preface.</p>", "<div class='a'><p>Caution.</p></div>"],
                              ["<p>Chapter one.</p><p>More text of the chapter.</p>", "<div class='a'><p>Warning.</p></div>", "<p>After.</p>"]])
        let paged = try Self.boxes(book, mode: .paged), scroll = try Self.boxes(book, mode: .scroll)
        #expect(paged.count == 2 && scroll.count == 2, "paged \(paged), scroll \(scroll)")
        for (a, b) in zip(paged, scroll) { #expect(abs(a.height - b.height) < 0.01 && abs(a.width - b.width) < 0.01, "\(a) against \(b)") }
    }

    @Test func generatedBooksHaveTheirPagedBoxesInScrollMode() throws {
        var random = SplitMix64(seed: 0x33f)
        let classes = ["a", "b", "c"]
        var compared = 0
        for _ in 0..<24 {
            let documents = (0..<Int(random.next() % 3 + 2)).map { d -> [String] in
                var blocks = ["<p>Document \(d).</p>"]
                for k in 0..<Int(random.next() % 4) {
                    let words = (0..<Int(random.next() % 8 + 1)).map { _ in "word" }.joined(separator: " ")
                    blocks.append("<div class='\(classes[Int(random.next() % 3)])'><p>Box \(k) \(words).</p></div>")
                    if random.next() % 2 == 0 { blocks.append("<p>Between.</p>") }
                }
                return blocks
            }
            let book = Self.book(documents)
            let paged = try Self.boxes(book, mode: .paged), scroll = try Self.boxes(book, mode: .scroll)
            #expect(paged.count == scroll.count, "\(documents): paged \(paged.count) boxes, scroll \(scroll.count)")
            for (a, b) in zip(paged, scroll) {
                #expect(abs(a.height - b.height) < 0.01 && abs(a.width - b.width) < 0.01 && abs(a.minX - b.minX) < 0.01,
                        "\(documents): \(a) against \(b)")
            }
            if paged.count > 1 { compared += 1 }
        }
        #expect(compared > 12, "only \(compared) books of more than one box")
    }
}
