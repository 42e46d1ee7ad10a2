import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// Margins and boxes (CSS 2.1 §8.3.1), drawn: a child's margin kept in by its parent's border or padding lies
/// inside the parent's box (as that much more padding would), and one that collapses through a box without them
/// lies outside it (as the box's own margin would).
@Suite struct MarginCollapsingReftests {
    static func expectSame(_ test: String, _ reference: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        func book(_ css: String) -> Reftest.Book {
            Reftest.Book(body: "<p>Before the box.</p><div class='box'><p>Inside the box, first.</p><p>Inside, last.</p></div><p>After the box.</p>",
                         css: "p { margin: 0 } \(css)")
        }
        let mismatch = Reftest.mismatch(try Reftest.render(book(test)), try Reftest.render(book(reference)))
        #expect(mismatch == nil, "\(test) against \(reference): \(mismatch ?? "")", sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        // Kept inside by the border and padding: the children's margins are more padding.
        (".box { border: 2px solid #c81e28; padding: 4px } .box p:first-child { margin-top: 16px } .box p + p { margin-bottom: 8px }",
         ".box { border: 2px solid #c81e28; padding: 20px 4px 12px } "),
        (".box { background-color: #dde8f4; padding-top: 1px; padding-bottom: 1px } .box p:first-child { margin-top: 1em } .box p + p { margin-bottom: 2em }",
         ".box { background-color: #dde8f4; padding-top: 17px; padding-bottom: 33px }"),
        // Collapsing through a box with neither: the margins are the box's own, outside it.
        (".box { background-color: #dde8f4 } .box p:first-child { margin-top: 16px } .box p + p { margin-bottom: 8px }",
         ".box { background-color: #dde8f4; margin-top: 16px; margin-bottom: 8px }"),
        (".box { background-color: #dde8f4; margin-top: 8px } .box p:first-child { margin-top: 16px }",
         ".box { background-color: #dde8f4; margin-top: 16px }"),
        // A negative margin inside reduces the positive one it collapses with.
        (".box { background-color: #dde8f4; margin-top: 24px } .box p:first-child { margin-top: -8px }",
         ".box { background-color: #dde8f4; margin-top: 16px }"),
    ])
    func marginsInsideAndOutsideTheBox(_ test: String, _ reference: String) throws {
        try Self.expectSame(test, reference)
    }
}
