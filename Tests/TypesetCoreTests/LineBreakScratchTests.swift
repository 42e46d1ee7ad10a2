import Testing
@testable import TypesetCore
import TypesetTestSupport

/// The breaks of each paragraph go into one buffer its layout worker reuses (``LineBreakBuffer``): it grows past
/// its first block keeping what it holds, and a paragraph never sees the breaks of the one set before it.
@Suite struct LineBreakScratchTests {
    @Test func growsPastItsBlockAndClears() {
        let scratch = LineBreakScratch(capacity: 1)
        // Rounds of 1, 301 and 601 breaks: the block doubles several times, then is cleared and refilled.
        for round in 0..<3 {
            scratch.buffer.pointee.removeAll()
            #expect(scratch.buffer.pointee.isEmpty)
            let expected = (0..<(1 + round * 300)).map {
                LineBreak(end: $0 * 3 + round, reason: $0 % 3 == 0 ? .mandatory : $0 % 3 == 1 ? .hyphenation : .opportunity)
            }
            for lineBreak in expected { scratch.buffer.pointee.append(lineBreak) }
            #expect(scratch.buffer.pointee.count == expected.count)
            #expect(scratch.array == expected)
        }
    }

    /// Each paragraph breaks into the same lines set among others (one worker, one buffer, longer and shorter
    /// paragraphs before it) as set alone: a family of paragraph lengths (one word to over 256 lines, the buffer's
    /// first block) and column widths.
    @Test func paragraphsSetTogetherBreakAsAlone() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts(), threads: 1)
        let words = ["reading", "a", "typesetter", "breaks", "lines", "of", "paragraphs", "at", "opportunities", "it"]
        func paragraph(_ count: Int, seed: Int) -> String {
            (0..<count).map { words[($0 * 7 + seed) % words.count] }.joined(separator: " ")
        }
        let paragraphs = [paragraph(900, seed: 1), paragraph(1, seed: 2), paragraph(40, seed: 3), paragraph(3, seed: 4),
                          paragraph(700, seed: 5), paragraph(12, seed: 6)]
        let together = StyledText(plain: paragraphs.joined(separator: "\n"), language: "en")
        for width in [90.0, 233, 480] {
            var settings = TypographySettings()
            settings.fontFamily = "Charis SIL"
            settings.margins = EdgeInsets(all: 10)
            settings.pageSize = Size(width: width + 20, height: 600)
            let layout = try typesetter.layout(together, settings: settings)
            #expect(layout.paragraphs.count == paragraphs.count)
            var longest = 0
            for (index, text) in paragraphs.enumerated() where index < layout.paragraphs.count {
                let alone = try typesetter.layout(StyledText(plain: text, language: "en"), settings: settings)
                let lines = layout.paragraphs[index].lines.map { [$0.start, $0.end] }
                #expect(lines == alone.paragraphs[0].lines.map { [$0.start, $0.end] }, "paragraph \(index) at \(width) pt")
                longest = max(longest, lines.count)
            }
            if width == 90 { #expect(longest > 256) }
        }
    }
}
