import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// `quotes` (CSS Generated Content 3 §2.1): the marks of `<q>` and of `open-quote`/`close-quote` are the pair for
/// the quotation's depth (the last pair deeper), none for `none`, the language's for `auto`; inherited. Each test
/// draws as the same text with the marks written in.
@Suite struct QuotesReftests {
    static func expectSame(_ body: String, css: String, _ reference: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let test = try Reftest.render(Reftest.Book(body: body, css: css))
        let expected = try Reftest.render(Reftest.Book(body: reference))
        #expect(Reftest.mismatch(test, expected) == nil, "\(css): \(Reftest.mismatch(test, expected) ?? "")", sourceLocation: sourceLocation)
    }

    static let nested = "<p>He said <q>she told me <q>no</q> twice</q> and left.</p>"

    @Test func quotationMarksFollowQuotes() throws {
        try Self.expectSame(Self.nested, css: "", "<p>He said “she told me ‘no’ twice” and left.</p>")
        try Self.expectSame(Self.nested, css: "q { quotes: none }", "<p>He said she told me no twice and left.</p>")
        try Self.expectSame(Self.nested, css: "q { quotes: '«' '»' '‹' '›' }", "<p>He said «she told me ‹no› twice» and left.</p>")
        // One pair: every depth takes it. CSS escapes, as books write them; inherited from the paragraph.
        try Self.expectSame(Self.nested, css: "p { quotes: \"\\201E\" \"\\201C\" }", "<p>He said „she told me „no“ twice“ and left.</p>")
        try Self.expectSame(Self.nested, css: "p { quotes: none } q { quotes: auto }", "<p>He said “she told me ‘no’ twice” and left.</p>")
        try Self.expectSame("<p lang='fr'>Il dit <q>non</q>.</p>", css: "", "<p lang='fr'>Il dit «\u{202F}non\u{202F}».</p>")
        // An odd count of strings, or a number, is not read: the marks stay the language's.
        try Self.expectSame(Self.nested, css: "q { quotes: '«' '»' '‹' }", "<p>He said “she told me ‘no’ twice” and left.</p>")
        try Self.expectSame(Self.nested, css: "q { quotes: 3 }", "<p>He said “she told me ‘no’ twice” and left.</p>")
    }

    /// `open-quote` and `close-quote` in generated content take the element's `quotes`.
    @Test func generatedQuotesFollowQuotes() throws {
        let body = "<p>A <span class='c'>cited</span> word.</p>"
        let generated = ".c::before { content: open-quote } .c::after { content: close-quote }"
        try Self.expectSame(body, css: generated, "<p>A “cited” word.</p>")
        try Self.expectSame(body, css: generated + " .c { quotes: '[' ']' }", "<p>A [cited] word.</p>")
        try Self.expectSame(body, css: generated + " p { quotes: none }", "<p>A cited word.</p>")
    }

    /// The marks are text made for the reference page (342 px of content), not the reader's (the reftests' 208
    /// px): a media query that holds on one only does not change them, so offsets stay put on every device.
    @Test func marksDoNotDependOnThePage() throws {
        try Self.expectSame(Self.nested, css: "@media (max-width: 300px) { q { quotes: none } }", "<p>He said “she told me ‘no’ twice” and left.</p>")
        try Self.expectSame(Self.nested, css: "@media (min-width: 300px) { q { quotes: none } }", "<p>He said she told me no twice and left.</p>")
    }
}
