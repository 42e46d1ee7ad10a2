import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// A float in the middle of a paragraph's text (CSS 2.1 §9.5) leaves the paragraph one paragraph: the float's own
/// paragraphs come right before it, anchored at the float's place in its text, and every offset the conversion
/// records (ids, ends, links, images) stays on its own unit.
@Suite struct FloatAnchorConversionTests {
    static let css = ".n { float: right } .i { float: left; width: 40px; height: 40px }"

    @Test func theTextAroundAFloatIsOneParagraph() throws {
        let book = try XHTMLConversionTests.read("""
            <p id="p">Some words <span class="n" id="n">10</span> more <em id="m">words</em> of it.</p><p id="next">Next.</p>
            """, css: Self.css)
        #expect(EPUBTestReading.paragraphs(book) == ["10", "Some words more words of it.", "Next."])
        let paragraphs = book.text.paragraphs
        #expect(paragraphs[0].style.float?.anchor == 10, "after “Some words”")
        #expect(paragraphs[1].style.float == nil)
        #expect(book.offset(forHref: "OEBPS/chapter.xhtml#n") == 0)
        let host = paragraphs[1].range.lowerBound
        #expect(book.offset(forHref: "OEBPS/chapter.xhtml#p") == host)
        #expect(book.offset(forHref: "OEBPS/chapter.xhtml#m") == host + 16)
        #expect(book.offset(forHref: "OEBPS/chapter.xhtml#next") == paragraphs[2].range.lowerBound)
        #expect(book.text.string(in: 0..<book.text.length) == "10\nSome words more words of it.\nNext.\n")
    }

    /// What stood around the float joins the parts: a space, a line break (a `<br>` right after it), or nothing.
    @Test(arguments: [("Im stillen Hofgarten<span class='n'>10</span><br/>Und die Wege", "Im stillen Hofgarten\u{2028}Und die Wege", 20),
                      ("Drop<span class='n'>x</span>rest of it", "Drop\u{2060}rest of it", 4),
                      ("Before <img class='i' src='a.png' alt=''/> after", "Before after", 6)])
    func theSeparatorIsWhatStoodAroundTheFloat(_ body: String, _ joined: String, _ anchor: Int) throws {
        let book = try XHTMLConversionTests.read("<p>\(body)</p>", css: Self.css)
        let paragraphs = book.text.paragraphs
        let host = try #require(paragraphs.last)
        #expect(host.contentString == joined)
        #expect(host.style.float == nil)
        #expect(paragraphs.dropLast().allSatisfy { $0.style.float?.anchor == anchor })
        if joined.contains("\u{2028}") { #expect(host.style.innerLineBreaks == .preserve) }
    }

    /// A float that starts its paragraph needs no anchor (it comes before the text); one that ends it is anchored at
    /// its end, before it.
    @Test func aFloatAtAParagraphsEdges() throws {
        let book = try XHTMLConversionTests.read("<p><span class='n'>10</span>Verse one</p><p>Verse two<span class='n'>20</span></p><p>Three</p>",
                                                 css: Self.css)
        #expect(EPUBTestReading.paragraphs(book) == ["10", "Verse one", "20", "Verse two", "Three"])
        #expect(book.text.paragraphs.map { $0.style.float?.anchor } == [nil, nil, 9, nil, nil])
        #expect(book.text.paragraphs[2].style.float?.followsLine == false)
    }

    /// Two floats in one paragraph: both before it, each anchored at its own place.
    @Test func twoFloatsInOneParagraph() throws {
        let book = try XHTMLConversionTests.read("<p>One<span class='n'>1</span><br/>Two<br/>Three<span class='n'>3</span><br/>Four</p>", css: Self.css)
        #expect(EPUBTestReading.paragraphs(book) == ["1", "3", "One\u{2028}Two\u{2028}Three\u{2028}Four"])
        #expect(book.text.paragraphs.map { $0.style.float?.anchor } == [3, 13, nil])
    }
}
