import Testing
@testable import TypesetCore
import TypesetTestSupport

/// A plain paragraph (only aligned, lines of one height, no drop cap, no break adjustments: most of a book's) is set
/// by a loop of its own (`ParagraphLayouter.setPlainLines`). A feature that sends the same paragraphs through the
/// general loop without changing them must give the same lines: hanging stops (burasage) make a paragraph more than
/// aligned, and an English book has no ideographic stop to hang.
@Suite struct PlainLineSettingTests {
    static func lines(_ layout: BookLayout) -> [[LineBox]] { layout.paragraphs.map { Array($0.lines) } }

    /// Every field of every line, compared one by one (a line has no `==`).
    static func expectSame(_ plain: [[LineBox]], _ general: [[LineBox]], _ note: String) {
        #expect(plain.count == general.count, "\(note)")
        for (index, (a, b)) in zip(plain, general).enumerated() {
            #expect(a.count == b.count, "paragraph \(index), \(note)")
            for (k, (p, g)) in zip(a, b).enumerated() {
                let same = p.start == g.start && p.end == g.end && p.width == g.width && p.x == g.x && p.top == g.top
                    && p.height == g.height && p.ascent == g.ascent && p.descent == g.descent
                    && p.spaceStretch == g.spaceStretch && p.clusterStretch == g.clusterStretch
                    && p.stretchCount == g.stretchCount && p.gapCount == g.gapCount
                    && p.endsParagraphOrHardBreak == g.endsParagraphOrHardBreak && p.hyphenated == g.hyphenated
                if !same { Issue.record("paragraph \(index) line \(k), \(note): \(p) vs \(g)") }
            }
        }
    }

    /// A generated family: page widths from narrower than a long word to wider than most paragraphs, sizes,
    /// start- and end-aligned (centred lines never hang), hyphenated or not, a first-line indent or none.
    @Test func hangingStopsThatHangNothingChangeNoLine() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let text = try JustificationTests.sampleBook()
        let shaped = try typesetter.shape(text, fontFamily: "Charis SIL", language: "en")
        var compared = 0
        for width in [100.0, 143.5, 390, 1200] {
            for size in [9.0, 19] {
                for alignment in [TextAlignment.start, .end] {
                    for hyphenation in [false, true] {
                        var settings = Fixtures.settings
                        settings.pageSize = Size(width: width, height: 700)
                        settings.fontSize = size
                        settings.alignment = alignment
                        settings.hyphenation = hyphenation
                        settings.firstLineIndent = hyphenation ? 1.5 : 0
                        settings.hangingPunctuation = false
                        let plain = Self.lines(try typesetter.layout(shaped, settings: settings))
                        settings.hangingPunctuation = true
                        let general = Self.lines(try typesetter.layout(shaped, settings: settings))
                        Self.expectSame(plain, general, "\(width) pt page, \(size) pt, \(alignment), hyphenation \(hyphenation)")
                        compared += plain.reduce(0) { $0 + $1.count }
                    }
                }
            }
        }
        #expect(compared > 1_000, "\(compared) lines compared")
    }
}
