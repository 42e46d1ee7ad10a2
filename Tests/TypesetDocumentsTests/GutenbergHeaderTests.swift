import Testing
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// The language and title of a Project Gutenberg header reach the text (hyphenation and line breaking follow the
/// language); the text and its offsets are unchanged.
@Suite struct GutenbergHeaderTests {
    func read(_ string: String) throws -> PlainTextDocument {
        try PlainTextReader().read(bytes: Array(string.utf8), name: "book.txt")
    }

    @Test func headerGivesLanguageAndTitle() throws {
        let header = "The Project Gutenberg eBook of Entre Nous\n\nTitle: Entre nous\n\nLanguage: French\n\n"
            + "*** START OF THE PROJECT GUTENBERG EBOOK 1 ***\n\nLanguage: English\n\nIl était une fois.\n"
        let document = try read(header)
        #expect(document.text.language == "fr")
        #expect(document.text.title == "Entre nous")
        #expect(document.text.length == header.utf16.count)
    }

    @Test func noHeaderOrUnknownLanguageSaysNothing() throws {
        #expect(try read("Once upon a time.\n").text.language == nil)
        #expect(try read("Language: Klingon\n\nQapla'.\n").text.language == nil)
        #expect(try read("Language: English, French\n\nBoth.\n").text.language == "en")
    }

    @Test func corpusBooksWithHeaders() throws {
        #expect(try Fixtures.corpusText("tolstoy-war-and-peace.txt").language == "en")
        #expect(try Fixtures.corpusText("nasty/vos-entre-nous-lectures-francaises.latin1.txt").language == "fr")
        #expect(try Fixtures.corpusText("nasty/wagner-der-fliegende-hollaender.bom-crlf.txt").language == "de")
    }
}
