import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// Margins at the top of a page (CSS Fragmentation 3 §5.2): after a forced break (a document's start, a book's
/// `break-before: page`) the margins of the block after it are kept, so a chapter's heading sits as far down its
/// first page as the book set it; after an unforced break (a page that filled up) they are truncated to zero.
/// Reftests: a kept margin draws as the same space given as a wrapper's padding, which every break keeps.
@Suite struct PageTopMarginReftests {
    static let margins = ["1.5em", "3em", "40px", "2.5em"]
    static let blocks = ["h2", "p", "div"]

    /// A kept margin at the start of the book, of its second document, and after a forced break inside a document.
    @Test(arguments: margins, blocks)
    func marginsAfterAForcedBreakAreKept(_ margin: String, _ block: String) throws {
        // The block's em is the body's, as the wrapper's is (a heading's own size would make its ems larger).
        let opening = "<\(block) style='font-size: 1em; margin-top: \(margin)'>Chapter title</\(block)><p>Its first paragraph.</p>"
        let padded = "<div style='padding-top: \(margin)'><\(block) style='font-size: 1em; margin-top: 0'>Chapter title</\(block)></div>"
            + "<p>Its first paragraph.</p>"
        let forms: [(name: String, test: [String], reference: [String])] = [
            ("the book's start", [opening], [padded]),
            ("a second document", ["<p>One.</p>", opening], ["<p>One.</p>", padded]),
            ("a break inside a document", ["<p>One.</p><section style='break-before: page'>\(opening)</section>"],
             ["<p>One.</p><section style='break-before: page'>\(padded)</section>"]),
        ]
        for form in forms {
            let test = try Reftest.render(Self.book(form.test)), reference = try Reftest.render(Self.book(form.reference))
            #expect(Reftest.mismatch(test, reference) == nil, "\(form.name), \(block) \(margin): \(Reftest.mismatch(test, reference) ?? "")")
            // The margin does something: not the page without it.
            let flush = try Reftest.render(Self.book(form.test.map { $0.replacingOccurrences(of: "margin-top: \(margin)", with: "margin-top: 0") }))
            #expect(Reftest.mismatch(test, flush) != nil, "\(form.name), \(block) \(margin): the margin moves the title")
        }
    }

    /// The margins before a forced break stay before it (the bottom margin of the block before, a box's bottom
    /// padding and border): the page after the break is as without them, whatever margin opens it.
    @Test(arguments: margins)
    func marginsBeforeAForcedBreakStayBeforeIt(_ margin: String) throws {
        let heading = "<h2 style='break-before: page; font-size: 1em; margin-top: \(margin)'>Two</h2><p>Text.</p>"
        for before in ["<p style='margin-bottom: 4em'>One.</p>", "<div style='padding-bottom: 2em; margin-bottom: 1em'><p>One.</p></div>",
                       "<div style='border-bottom: 3px solid #c81e28; margin-bottom: 3em'><p>One.</p></div>"] {
            let test = try Reftest.render(Self.book([before + heading]))
            let reference = try Reftest.render(Self.book(["<p>One.</p>" + heading]))
            #expect(test.pages.count == 2 && reference.pages.count == 2)
            if let last = test.pages.last, let referenceLast = reference.pages.last {
                #expect(Reftest.mismatch(last, referenceLast) == nil, "\(before) \(margin): \(Reftest.mismatch(last, referenceLast) ?? "")")
            }
        }
    }

    /// A page that filled up: the paragraph that opens the next page starts at its top, its margin truncated, as a
    /// paragraph without a margin does.
    @Test(arguments: margins)
    func marginsAfterAnUnforcedBreakAreTruncated(_ margin: String) throws {
        let filler = (1...40).map { "<p>Line \($0) of the text that fills the first page and more.</p>" }.joined()
        let test = try Reftest.layout(Self.book([filler + "<p style='margin-top: \(margin)'>After.</p>" + filler]))
        let reference = try Reftest.layout(Self.book(["<p>Top.</p>"]))
        let top = try #require(reference.glyphRuns(onPage: 0).first).lineTop
        for page in test.pages.indices.dropFirst() {
            let first = try #require(test.glyphRuns(onPage: page).first)
            #expect(first.lineTop == top, "\(margin): page \(page + 1) opens at the column's top")
        }
        #expect(test.pages.count > 2)
    }

    /// The reader's paragraph spacing never opens a page: a document whose first paragraph has no margin of its own
    /// starts at the column's top whatever the spacing.
    @Test(arguments: [0.0, 0.6, 2.0])
    func theReadersSpacingDoesNotOpenAPage(_ spacing: Double) throws {
        var settings = Reftest.settings
        settings.typography.paragraphSpacing = spacing
        let read = try EPUBReader().read(bytes: try Reftest.archive(Self.book(["<div>First.</div><p>Second.</p>"])), name: "r.epub")
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(read.publication.text, settings: settings.typography)
        let plain = try Reftest.layout(Self.book(["<div>First.</div>"]))
        #expect(layout.glyphRuns(onPage: 0).first?.lineTop == plain.glyphRuns(onPage: 0).first?.lineTop)
    }

    static func book(_ bodies: [String]) -> Reftest.Book {
        Reftest.Book(documents: bodies.enumerated().map { ("chapter\($0.offset).xhtml", Reftest.document(body: $0.element)) })
    }
}
