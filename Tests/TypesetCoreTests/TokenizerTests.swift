import Testing
import TypesetCore
import TypesetTestSupport

/// The tokenizer (UITextInputTokenizer semantics) over a small two-paragraph text.
@Suite struct TokenizerTests {
    static let string = "Hello brave new world. It is late.\nSecond paragraph here."

    static func tokenizer(width: Double = 390) throws -> TextTokenizer {
        var settings = Fixtures.settings
        settings.pageSize = Size(width: width, height: 600)
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(StyledText(plain: string), settings: settings)
        return TextTokenizer(layout: layout)
    }

    @Test func words() throws {
        let t = try Self.tokenizer()
        #expect(t.rangeEnclosingPosition(TextPosition(offset: 2), with: .word, inDirection: .forward) == 0..<5)
        #expect(t.rangeEnclosingPosition(TextPosition(offset: 6), with: .word, inDirection: .forward) == 6..<11)
        #expect(t.rangeEnclosingPosition(TextPosition(offset: 5), with: .word, inDirection: .backward) == 0..<5)
        #expect(t.rangeEnclosingPosition(TextPosition(offset: 5), with: .word, inDirection: .forward) == nil)
        #expect(t.isPosition(TextPosition(offset: 6), atBoundary: .word, inDirection: .forward))
        #expect(t.isPosition(TextPosition(offset: 11), atBoundary: .word, inDirection: .backward))
        #expect(!t.isPosition(TextPosition(offset: 8), atBoundary: .word, inDirection: .forward))
        #expect(t.position(from: TextPosition(offset: 2), toBoundary: .word, inDirection: .forward)?.offset == 5)
        #expect(t.position(from: TextPosition(offset: 2), toBoundary: .word, inDirection: .backward)?.offset == 0)
    }

    @Test func sentencesAndParagraphs() throws {
        let t = try Self.tokenizer()
        let sentence = try #require(t.rangeEnclosingPosition(TextPosition(offset: 25), with: .sentence, inDirection: .forward))
        #expect(Self.string.utf16.count > sentence.upperBound)
        #expect(sentence.lowerBound == 23)
        #expect(t.rangeEnclosingPosition(TextPosition(offset: 40), with: .paragraph, inDirection: .forward) == 35..<57)
        #expect(t.rangeEnclosingPosition(TextPosition(offset: 3), with: .paragraph, inDirection: .forward) == 0..<34)
        #expect(t.rangeEnclosingPosition(TextPosition(offset: 57), with: .document, inDirection: .forward) == nil)
        #expect(t.rangeEnclosingPosition(TextPosition(offset: 10), with: .document, inDirection: .forward) == 0..<57)
    }

    @Test func charactersAndLinesFollowTheLayout() throws {
        let t = try Self.tokenizer(width: 150)
        let lines = t.layout.lines(onPage: 0)
        #expect(lines.count > 3)
        // A line unit ends where the layout wrapped it.
        let first = try #require(t.rangeEnclosingPosition(TextPosition(offset: 1), with: .line, inDirection: .forward))
        #expect(first.lowerBound == 0 && first.upperBound == lines[0].range.upperBound)
        #expect(t.rangeEnclosingPosition(TextPosition(offset: 1), with: .character, inDirection: .forward) == 1..<2)
        #expect(t.position(from: TextPosition(offset: 1), toBoundary: .line, inDirection: .forward)?.offset == lines[0].range.upperBound)
    }
}
