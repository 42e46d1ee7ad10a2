import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// An `inline-block` that holds blocks is set as a block of its width, margins and `max-width`
/// (XHTMLConverter.effectiveCategory): Standard Ebooks' epigraphs and dedications (`section > * { display:
/// inline-block; margin: auto; margin-top: 20vh; max-width: 80% }` around a `<blockquote>`) are narrowed, centred and
/// set down the page, as the same element with `display: block` is. One that holds only text stays in its line.
/// A generated family: 4 containers × 4 contents × 4 box styles, each against `display: block`.
@Suite struct InlineBlockOfBlocksReftests {
    static let containers = ["blockquote", "div", "section", "span"]
    static let contents = ["<p>Come, said my Soul, such verses for my Body let us write.</p><p>Walt Whitman.</p>",
                           "<h3>A heading</h3><p>And its text, long enough to take two lines here.</p>",
                           "<ul><li>One</li><li>Two</li></ul>", "<p>Only one short line.</p>"]
    static let boxes = ["margin: auto; margin-top: 2em; max-width: 80%", "width: 60%; margin-left: auto; margin-right: auto",
                        "max-width: 10em; margin: 1em 0 1em 2em", "margin: auto; max-width: 70%; border: 2px solid #1e5ac8; padding: 4px"]

    static func body(_ container: String, _ content: String, _ box: String, display: String) -> String {
        "<p>Before.</p><section style='text-align: center'><\(container) style='display: \(display); text-align: left; \(box)'>"
            + "\(content)</\(container)></section><p>After.</p>"
    }

    @Test(arguments: containers, boxes)
    func anInlineBlockOfBlocksIsSetAsABlock(_ container: String, _ box: String) throws {
        for content in Self.contents {
            let test = try Reftest.render(Reftest.Book(body: Self.body(container, content, box, display: "inline-block")))
            let reference = try Reftest.render(Reftest.Book(body: Self.body(container, content, box, display: "block")))
            #expect(Reftest.mismatch(test, reference) == nil, "\(container) \(box) \(content): \(Reftest.mismatch(test, reference) ?? "")")
        }
    }

    /// An inline-block of text alone is still an atomic inline in its line, not a block.
    @Test func anInlineBlockOfTextStaysInItsLine() throws {
        let body = "<p>Before <span style='display: inline-block; margin: 0 4px'>boxed</span> after.</p>"
        let test = try Reftest.render(Reftest.Book(body: body))
        let block = try Reftest.render(Reftest.Book(body: body.replacingOccurrences(of: "inline-block", with: "block")))
        let inline = try Reftest.render(Reftest.Book(body: body.replacingOccurrences(of: "display: inline-block; ", with: "")))
        #expect(Reftest.mismatch(test, block) != nil)
        #expect(Reftest.mismatch(test, inline) == nil)
    }
}
