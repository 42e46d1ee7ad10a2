import Testing
import TypesetCore
import TypesetTestSupport

/// Search results as the "search" decoration group, next and previous moving the reading position, and results
/// that stay right after a relayout and after the text changes (Locator re-anchoring).
@Suite struct SearchNavigationTests {
    /// Forty paragraphs, each naming Natasha twice in its own words, in sections of ten.
    static func book() throws -> Publication {
        var paragraphs: [Paragraph] = []
        var start = 0
        for p in 0..<40 {
            let string = "Paragraph \(p) begins with words that fill a line or two, and then Natásha came in. "
                + String(repeating: "Some more words follow here to make the paragraph long. ", count: 1 + p % 4)
                + "At its end natasha number \(p) left.\n"
            let units = Array(string.utf16)
            var style = ParagraphStyle.body
            style.startsSection = p % 10 == 0
            paragraphs.append(Paragraph(start: start, units: units, contentRange: 0..<(units.count - 1), style: style))
            start += units.count
        }
        return Publication(text: try StyledText(paragraphs: paragraphs, language: "en"), href: "book.txt")
    }

    static func session(_ publication: Publication, at offset: Int = 0) throws -> ReadingSession {
        var settings = Fixtures.settings
        settings.pageSize = Size(width: 320, height: 420)
        return try ReadingSession(publication: publication, typesetter: Typesetter(fonts: try Fixtures.bundledFonts()),
                                  settings: ReaderSettings(typography: settings), at: offset, completesInBackground: false)
    }

    /// One call shows every result in the "search" group, the active one distinct and on top; moving the active
    /// result changes exactly two decorations.
    @Test func resultsShowAsTheSearchGroup() throws {
        let publication = try Self.book()
        var list = SearchResultList(results: try publication.search("natasha").results())
        #expect(list.results.count == 80)
        var decorations = DecorationSet(publication: publication)
        let first = decorations.apply(list)
        #expect(first.added.count == 80 && first.problems.isEmpty)
        let group = try #require(decorations.group(named: "search"))
        #expect(group.decorations.allSatisfy { $0.style == list.style })

        list.activate(3)
        let moved = decorations.apply(list)
        #expect(moved.added.isEmpty && moved.removed.isEmpty)
        #expect(moved.changed.map(\.new.id) == ["search-3"])
        #expect(decorations.group(named: "search")?.decorations.last?.style == list.activeStyle)
        list.activate(4)
        let next = decorations.apply(list)
        #expect(Set(next.changed.map(\.new.id)) == ["search-3", "search-4"])
        list.activate(nil)
        #expect(decorations.apply(list).changed.map(\.new.id) == ["search-4"])
    }

    /// Next and previous make a result active and move the reading position to its page; with none active they
    /// start from the reading position; at either end they change nothing.
    @Test func nextAndPreviousMoveTheReadingPosition() throws {
        let publication = try Self.book()
        let results = try publication.search("natasha").results()
        let middle = results[30].range.lowerBound
        let session = try Self.session(publication, at: middle)
        var list = SearchResultList(results: results)

        // From the reading position: the first result at or after the anchor (the first grapheme of its page).
        let anchor = session.anchor.position.offset
        let expectedFirst = try #require(results.firstIndex { $0.range.lowerBound >= anchor })
        var (page, result) = try #require(try session.nextSearchResult(in: &list))
        #expect(result.index == expectedFirst && list.activeIndex == expectedFirst)
        #expect(page.range.contains(result.range.lowerBound))
        #expect(session.anchor.position.offset == page.range.lowerBound)

        // Forward through the rest of the book: each result's page, the anchor following.
        var visited = [result.index]
        while let step = try session.nextSearchResult(in: &list) {
            (page, result) = step
            #expect(page.range.contains(result.range.lowerBound))
            #expect(session.anchor.position.offset == page.range.lowerBound)
            #expect(try session.currentPage().range == page.range)
            visited.append(result.index)
        }
        #expect(visited == Array(expectedFirst..<results.count))
        #expect(list.activeIndex == results.count - 1, "at the last result, next changes nothing")

        // Back to the start.
        var back: [Int] = []
        while let step = try session.previousSearchResult(in: &list) {
            back.append(step.result.index)
            #expect(step.page.range.contains(step.result.range.lowerBound))
        }
        #expect(back == Array((0..<(results.count - 1)).reversed()))
        #expect(session.anchor.position.offset == 0)

        // With none active, previous takes the last result before the reading position.
        list.activate(nil)
        let here = try session.go(to: results[50])
        let previous = try #require(try session.previousSearchResult(in: &list))
        #expect(previous.result.index == (try #require(results.lastIndex { $0.range.lowerBound < here.range.lowerBound })))
    }

    /// Results are ranges: after a relayout (another size, page, font) the search decorations are measured on the
    /// new lines and still cover exactly the matched text.
    @Test func resultsStayRightAfterARelayout() throws {
        let publication = try Self.book()
        var list = SearchResultList(results: try publication.search("natasha").results())
        var decorations = DecorationSet(publication: publication)
        let session = try Self.session(publication)
        var settings = session.settings.typography
        for (size, width, family) in [(19.0, 320.0, "Charis SIL"), (27.0, 500.0, "Noto Sans"), (14.0, 280.0, "Charis SIL")] {
            settings.fontSize = size
            settings.pageSize = Size(width: width, height: 420)
            settings.fontFamily = family
            try session.setTypography(settings)
            for index in [0, 17, 79] {
                list.activate(index)
                decorations.apply(list)
                let result = list.results[index]
                let page = try session.go(to: result)
                let rects = try #require(decorations.rects(of: "search-\(result.index)", in: "search", layout: page.layout))
                #expect(!rects.isEmpty)
                for rect in rects where rect.page == page.pageIndex {
                    // A point inside each rectangle hits this decoration and a grapheme of the matched text.
                    let centre = rect.rect.center
                    #expect(decorations.decoration(at: centre, onPage: page.pageIndex, of: page.layout)?.decoration.id == "search-\(result.index)")
                    let hit = try #require(page.layout.characterRange(at: centre, onPage: page.pageIndex))
                    #expect(result.range.contains(hit.lowerBound), "size \(size) width \(width): \(hit) outside \(result.range)")
                }
                let union = rects.map(\.rect)
                #expect(union.allSatisfy { $0.width > 0 && $0.height > 0 })
            }
        }
    }

    /// After the text gains a prefix (a new edition with a preface), every stored result's Locator finds its match
    /// again by its quote, at its own occurrence among the repeated names.
    @Test func resultsFindTheirPlaceAgainAfterThePrefixGrows() throws {
        let publication = try Self.book()
        let results = try publication.search("natasha").results()
        let prefix = "A PREFACE\nThis edition adds a preface, in which Natasha is named once more.\n"
        var paragraphs: [Paragraph] = []
        var start = 0
        for line in prefix.split(separator: "\n") {
            let units = Array((line + "\n").utf16)
            paragraphs.append(Paragraph(start: start, units: units, contentRange: 0..<(units.count - 1)))
            start += units.count
        }
        let shift = start
        for paragraph in publication.text.paragraphs {
            paragraphs.append(Paragraph(start: paragraph.range.lowerBound + shift, units: paragraph.units,
                                        contentRange: paragraph.contentRange, style: paragraph.style))
        }
        let edited = Publication(text: try StyledText(paragraphs: paragraphs, language: "en"), href: "book.txt")
        var decorations = DecorationSet(publication: edited)
        let targets = results.map { Decoration(id: "r\($0.index)", target: .locator($0.locator), style: .highlight()) }
        let changes = decorations.apply(targets, in: "stored")
        #expect(changes.problems.count == results.count)
        #expect(changes.problems.allSatisfy { $0.reason == .locatorRelocated(method: "quote") })
        let group = try #require(decorations.group(named: "stored"))
        for result in results {
            let moved = try #require(group.range(id: "r\(result.index)"))
            #expect(moved == (result.range.lowerBound + shift)..<(result.range.upperBound + shift))
            #expect(edited.text.string(in: moved) == publication.text.string(in: result.range))
        }
        // The new search finds the prefix's Natasha too, and every old result among the new ones.
        let again = try edited.search("natasha").results()
        #expect(again.count == results.count + 1)
        #expect(Set(again.dropFirst().map(\.range)) == Set(results.map { ($0.range.lowerBound + shift)..<($0.range.upperBound + shift) }))
    }
}
