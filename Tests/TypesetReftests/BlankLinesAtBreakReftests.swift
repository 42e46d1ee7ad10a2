import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// Blank lines a book puts before a heading that breaks the page (Project Gutenberg's
/// `<div><br/><br/><br/><br/></div>` before `<h2 style="page-break-before: always">`, `<p>&#160;</p>`): they open
/// the heading's page, above it, as if the break were before them; never a page of their own with nothing on it
/// (at a document's start, whose own break meets the heading's: CSS Fragmentation 3 §3.1, no content-empty
/// page) nor unseen at the foot of the page before. Generated over spacers and the ways a break is asked for; a
/// spacer that draws something (a border) stays where it is.
@Suite struct BlankLinesAtBreakReftests {
    /// Spacers, `%` where the first element's attributes go.
    static let spacers = ["<div%><br/><br/><br/><br/></div>", "<p%>&#160;</p>", "<div%><br/></div><p>&#160;</p><p>&#160; </p>",
                          "<p%><br/>\n<br/>\n</p>"]
    static let breaks = ["page-break-before: always", "break-before: page", "page-break-before: left"]

    static func spacer(_ template: String, breaking: Bool) -> String {
        template.replacingOccurrences(of: "%", with: breaking ? " class='b'" : "")
    }

    static func render(_ documents: [String], css: String) throws -> Reftest.Rendering {
        let files = [("style.css", Array(css.utf8))]
        let link = "<link rel=\"stylesheet\" type=\"text/css\" href=\"style.css\"/>"
        return try Reftest.render(Reftest.Book(documents: documents.enumerated().map { index, body in
            ("c\(index).xhtml", Reftest.document(body: body, head: link))
        }, files: files))
    }

    /// At a document's start: the spacer and the heading share the document's first page, as without the break.
    @Test(arguments: spacers, breaks)
    func atADocumentsStartTheSpacerOpensTheHeadingsPage(_ spacer: String, _ breakRule: String) throws {
        let after = "<h2 class='b'>Chapter Two</h2><p>The text of the chapter.</p>"
        let css = ".b { \(breakRule) }"
        let test = try Self.render(["<p>Chapter one.</p>", Self.spacer(spacer, breaking: false) + after], css: css)
        let reference = try Self.render(["<p>Chapter one.</p>", Self.spacer(spacer, breaking: false)
                                            + after.replacingOccurrences(of: " class='b'", with: "")], css: css)
        #expect(test.pages.count == 2, "\(spacer) \(breakRule): \(test.pages.count) pages")
        #expect(Reftest.mismatch(test, reference) == nil, "\(spacer) \(breakRule): \(Reftest.mismatch(test, reference) ?? "")")
    }

    /// In the middle of a document: the break goes before the spacer, whose lines open the heading's page.
    @Test(arguments: spacers, breaks)
    func inADocumentTheBreakGoesBeforeTheSpacer(_ spacer: String, _ breakRule: String) throws {
        let css = ".b { \(breakRule) }"
        let test = try Self.render(["<p>Chapter one.</p>" + Self.spacer(spacer, breaking: false)
                                        + "<h2 class='b'>Chapter Two</h2><p>The text.</p>"], css: css)
        let reference = try Self.render(["<p>Chapter one.</p>" + Self.spacer(spacer, breaking: true)
                                             + "<h2>Chapter Two</h2><p>The text.</p>"], css: css)
        #expect(Reftest.mismatch(test, reference) == nil, "\(spacer) \(breakRule): \(Reftest.mismatch(test, reference) ?? "")")
    }

    /// A spacer that draws something is not blank: the break stays after it, and the heading opens its page as
    /// it does with no spacer at all.
    @Test(arguments: ["<div style='border-bottom: 2px solid #c81e28'><br/><br/></div>", "<p><u>&#160;&#160;&#160;</u></p>",
                      "<p style='background-color: #1e5ac8'>&#160;</p>"])
    func aSpacerThatDrawsStaysBeforeTheBreak(_ spacer: String) throws {
        let css = ".b { page-break-before: always }"
        let heading = "<h2 class='b'>Chapter Two</h2><p>The text.</p>"
        let test = try Self.render(["<p>Chapter one.</p>" + spacer + heading], css: css)
        let reference = try Self.render(["<p>Chapter one.</p>" + heading], css: css)
        #expect(test.pages.count == 2 && reference.pages.count == 2)
        if let last = test.pages.last, let referenceLast = reference.pages.last {
            #expect(Reftest.mismatch(last, referenceLast) == nil, "\(spacer): the heading's page is as without the spacer")
        }
    }
}
