import Testing
import TypesetCore
import TypesetTestSupport

/// Decorations by the hundred thousand (issue 22: each `--decorations` entry cost 6–9 KB, 300,000 took 1.8 GB):
/// a decoration is small, and applying many costs time linear in them and in the text.
@Suite struct DecorationScaleTests {
    /// A Locator target is kept out of line, so that a range decoration is not as large as one: every decoration
    /// was some 200 bytes.
    @Test func aDecorationIsSmall() {
        #expect(MemoryLayout<DecorationTarget>.size <= 24, "\(MemoryLayout<DecorationTarget>.size)")
        #expect(MemoryLayout<Decoration>.stride <= 64, "\(MemoryLayout<Decoration>.stride)")
    }

    /// Ends inside graphemes (a base and its mark) all over one long paragraph: each used to find its grapheme
    /// from all of the paragraph's boundaries, O(decorations × paragraph). Seconds bound a debug build generously.
    @Test(.timeLimit(.minutes(10))) func snappingManyEndsInALongParagraphIsLinear() {
        let string = String(repeating: "ne\u{301}", count: 100_000)  // 300,000 units, a grapheme e + acute every 3
        let text = StyledText(plain: string)
        let decorations = (0..<20_000).map { i in
            let start = (i * 37 % 99_000) * 3 + 2  // between e and its accent
            return Decoration(id: "d\(i)", range: start..<(start + 3), style: .highlight())
        }
        let clock = ContinuousClock.now
        var set = DecorationSet(text: text)
        let changes = set.apply(decorations, in: "highlights")
        #expect(ContinuousClock.now - clock < .seconds(20), "took \(ContinuousClock.now - clock)")
        #expect(changes.problems.count == 20_000)
        let widened = set.group(named: "highlights")?.ranges.first
        #expect(widened == 1..<6, "both ends widened to whole graphemes: \(String(describing: widened))")
    }
}
