import Testing
import TypesetCore
import TypesetTestSupport

/// Two-page spreads in page progression order: the earlier page of a pair on the left for left-to-right books, on
/// the right for right-to-left ones; the first page alone on its recto, or paired.
@Suite struct PageSpreadTests {
    static func pairs(_ count: Int, _ progression: PageProgression, firstAlone: Bool) -> [[Int?]] {
        PageSpread.spreads(pageCount: count, progression: progression, firstPageAlone: firstAlone).map { [$0.left, $0.right] }
    }

    @Test func leftToRightPairsWithTheFirstPageAlone() {
        #expect(Self.pairs(5, .leftToRight, firstAlone: true) == [[nil, 0], [1, 2], [3, 4]])
        // An even count leaves the last page alone on the left.
        #expect(Self.pairs(4, .leftToRight, firstAlone: true) == [[nil, 0], [1, 2], [3, nil]])
    }

    @Test func rightToLeftPairsWithTheFirstPageAlone() {
        #expect(Self.pairs(5, .rightToLeft, firstAlone: true) == [[0, nil], [2, 1], [4, 3]])
        #expect(Self.pairs(4, .rightToLeft, firstAlone: true) == [[0, nil], [2, 1], [nil, 3]])
    }

    @Test func pairedFromTheFirstPage() {
        #expect(Self.pairs(4, .leftToRight, firstAlone: false) == [[0, 1], [2, 3]])
        #expect(Self.pairs(3, .leftToRight, firstAlone: false) == [[0, 1], [2, nil]])
        #expect(Self.pairs(4, .rightToLeft, firstAlone: false) == [[1, 0], [3, 2]])
        #expect(Self.pairs(3, .rightToLeft, firstAlone: false) == [[1, 0], [nil, 2]])
        #expect(Self.pairs(1, .rightToLeft, firstAlone: false) == [[nil, 0]])
    }

    @Test func noPagesNoSpreads() {
        #expect(PageSpread.spreads(pageCount: 0, progression: .leftToRight).isEmpty)
        #expect(PageSpread.spreads(pageCount: -3, progression: .rightToLeft).isEmpty)
        #expect(PageSpread.spreadIndex(ofPage: 5, pageCount: 5) == nil)
        #expect(PageSpread.spreadIndex(ofPage: -1, pageCount: 5) == nil)
    }

    /// Every page is in exactly one spread, the one ``PageSpread/spreadIndex(ofPage:pageCount:firstPageAlone:)``
    /// names, and reading the spreads' pages in order reads the book.
    @Test func everyPageOnceInReadingOrder() {
        for count in 1...9 {
            for progression in PageProgression.allCases {
                for firstAlone in [true, false] {
                    let spreads = PageSpread.spreads(pageCount: count, progression: progression, firstPageAlone: firstAlone)
                    #expect(spreads.flatMap { $0.pages(in: progression) } == Array(0..<count))
                    for page in 0..<count {
                        let index = PageSpread.spreadIndex(ofPage: page, pageCount: count, firstPageAlone: firstAlone)
                        #expect(index.map { spreads[$0].pages(in: progression).contains(page) } == true)
                    }
                }
            }
        }
    }

    /// A book that does not say turns its pages as its lines and paragraphs run.
    @Test func progressionInferredFromTheLayout() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        func progression(_ string: String, _ mode: WritingMode? = nil) throws -> PageProgression {
            var text = StyledText(plain: string)
            text.writingMode = mode
            return try typesetter.layout(text, settings: Fixtures.settings).inferredPageProgression
        }
        #expect(try progression("Call me Ishmael.") == .leftToRight)
        #expect(try progression("בְּרֵאשִׁית בָּרָא אֱלֹהִים\n\nוְהָאָרֶץ הָיְתָה תֹהוּ וָבֹהוּ\n\nOne English line.") == .rightToLeft)
        #expect(try progression("吾輩は猫である。", .verticalRightToLeft) == .rightToLeft)
        #expect(try progression("吾輩は猫である。", .verticalLeftToRight) == .leftToRight)
        #expect(try progression("吾輩は猫である。") == .leftToRight)
    }
}
