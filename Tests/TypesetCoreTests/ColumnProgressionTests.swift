import Testing
import TypesetCore
import TypesetTestSupport

/// Columns follow the text: a right-to-left book's page starts in its rightmost column, a left-to-right one in its
/// leftmost, and ``StyledText/columnProgression`` overrides the guess.
@Suite struct ColumnProgressionTests {
    static func firstColumnIsRightmost(_ text: StyledText) throws -> Bool {
        var settings = Fixtures.settings
        settings.pageSize = Size(width: 844, height: 390)
        settings.columns = 2
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(text, settings: settings)
        let lines = layout.lines(onPage: 0)
        let columnX = Set(lines.map { $0.rect.minX < settings.pageSize.width / 2 ? 0 : 1 })
        #expect(columnX.count == 2, "the page fills both columns")
        // The first line of the page is in the first column.
        return try #require(lines.first).rect.maxX > settings.pageSize.width / 2
    }

    @Test func aRightToLeftBookStartsInTheRightColumn() throws {
        let hebrew = String(repeating: "שלום עולם, זהו ספר בעברית שנכתב מימין לשמאל. ", count: 40)
        let english = String(repeating: "Hello world, this is a book written from left to right. ", count: 40)
        #expect(try Self.firstColumnIsRightmost(StyledText(plain: hebrew + "\n\n" + hebrew)))
        #expect(try !Self.firstColumnIsRightmost(StyledText(plain: english + "\n\n" + english)))
        // Most paragraphs decide: an English epigraph does not turn a Hebrew book's columns.
        #expect(try Self.firstColumnIsRightmost(StyledText(plain: "Epigraph.\n\n" + hebrew + "\n\n" + hebrew)))
        var overridden = StyledText(plain: hebrew)
        overridden.columnProgression = .leftToRight
        #expect(try !Self.firstColumnIsRightmost(overridden))
    }
}
