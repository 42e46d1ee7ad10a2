import Testing
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// Links as hit testing finds them: every line of a link answers the whole link, and nothing else does.
@Suite struct LinkTests {
    static let chapter = EPUBTestArchive.xhtml("""
        <p>Before the link comes some text, then <a href="#target">a link that runs over several lines of this narrow \
        page, long enough to need three of them</a> and then the sentence goes on without it.</p>
        <p>Another paragraph.</p>
        <p id="target">The target paragraph.</p>
        """)

    static func book() throws -> (Publication, BookLayout) {
        let book = try EPUBTestReading.read(.book(chapters: [("c.xhtml", chapter)]))
        var settings = Fixtures.settings
        settings.pageSize = Size(width: 220, height: 600)
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(book.text, settings: settings)
        return (book.publication, layout)
    }

    @Test func everyLineOfAMultiLineLinkAnswersTheLinkAndNothingElseDoes() throws {
        let (publication, layout) = try Self.book()
        let string = layout.text.string(in: 0..<layout.text.length)
        let start = try #require(string.range(of: "a link that")).lowerBound.utf16Offset(in: string)
        let end = try #require(string.range(of: "three of them")).upperBound.utf16Offset(in: string)
        let target = try #require(string.range(of: "The target")).lowerBound.utf16Offset(in: string)
        var linkLines = 0
        for line in layout.lines(onPage: 0) {
            var hitsOnLine = 0
            // Across the line and 20 pt to either side, along the middle of the line.
            var x = line.rect.minX - 20
            while x < line.rect.maxX + 20 {
                let point = Point(x: x, y: line.rect.minY + line.rect.height / 2)
                let grapheme = layout.characterRange(at: point, onPage: 0)
                let link = publication.link(at: point, onPage: 0, of: layout)
                if let grapheme, grapheme.lowerBound >= start, grapheme.upperBound <= end {
                    let found = try #require(link, "no link at \(point) over \(grapheme)")
                    #expect(found.range == start..<end)
                    #expect(found.target?.offset == target)
                    #expect(found.href.hasSuffix("c.xhtml#target"))
                    hitsOnLine += 1
                } else {
                    #expect(link == nil, "a link at \(point) over \(String(describing: grapheme))")
                }
                x += 1
            }
            if hitsOnLine > 0 { linkLines += 1 }
            // Between lines (the boundary of two line boxes) and in the margins: nothing.
            #expect(publication.link(at: Point(x: 2, y: line.rect.minY + 1), onPage: 0, of: layout) == nil)
        }
        #expect(linkLines >= 3)
    }

    @Test func aLinksTargetIsReachedThroughTheReadingSession() throws {
        let book = try EPUBTestReading.read(.book(chapters: [("c.xhtml", Self.chapter)]))
        let publication = book.publication
        let string = book.text.string(in: 0..<book.text.length)
        let offset = try #require(string.range(of: "a link that")).lowerBound.utf16Offset(in: string)
        let link = try #require(publication.link(atOffset: offset))
        let target = try #require(link.target)
        var settings = ReaderSettings()
        settings.typography = Fixtures.settings
        let session = try ReadingSession(publication: publication, typesetter: Typesetter(fonts: try Fixtures.bundledFonts()),
                                         settings: settings)
        let page = try session.go(to: target)
        #expect(page.range.contains(target.offset))
        #expect(target.locator.href == "OEBPS/c.xhtml")
    }
}
