import Testing
@testable import TypesetCore
import TypesetTestSupport

/// Layout findings of the fuzzer (Tests/Fuzz/Regressions/layout-*), as properties.
@Suite struct LayoutFuzzRegressionTests {
    /// The paragraph of finding layout-mark-in-another-font-than-its-base (Quranic text with U+FFFD among it), as
    /// UTF-16 units in hexadecimal.
    static let unitsOfTheFinding: [UInt16] = [
        "0033 0030 007c 0031 0037 007c 0641 fffd 0020 0644 0651 0650 062a 064e 0633 0652 0643 064f 0646",
        "064f 0648 0653 0627 06df 0020 0625 0650 0644 064e 064a 0652 0647 064e 0627 0020 0648 064e 062c",
        "064e 0639 064e 0644 064e 0020 0628 064e 064a 0652 0646 064e 0643 064f 0645 0020 0645 0651 064e",
        "0648 064e 062f 0651 064e 0629 064b 06ed 0020 0648 064e 0631 064e 062d 0652 fffd 064e 0645 fffd",
        "064b 0020 06da 0020 0625 0650 0646 0651 064e 0020 0641 0650 0649 0020 0630 064e 0670 0644 0650",
        "0643 064e 0020 fffd 0070 0068 0072 0061 0073 0065 fffd 064e 0640 0654 064e fffd fffd fffd fffd",
        "fffd fffd fffd fffd fffd fffd fffd fffd fffd fffd fffd fffd fffd 0245 fffd fffd fffd fffd fffd",
        "fffd fffd fffd fffd fffd fffd fffd fffd fffd fffd fffd fffd fffd fffd fffd fffd fffd fffd fffd",
        "fffd fffd fffd fffd fffd fffd 0627 064a 064e 0640 0670 062a 064d 06e2 0020 0644 0651 0650 0642",
        "064e 0648 0652 0645 064d 06e2 0020 064a 064e 062a 064e 0641 064e 0643 0651 064e 0631 064f 0648",
        "0646 064e",
    ].flatMap { $0.split(separator: " ").compactMap { UInt16($0, radix: 16) } }

    /// U+FFFD with an Arabic fatha is one grapheme, but the fatha is set in the Arabic font (the serif cannot draw
    /// it), where HarfBuzz puts it in one cluster with the tatweel and marks after it: no offset inside
    /// U+FFFD U+064E U+0640 U+0654 U+064E is both a grapheme boundary and a cluster start, so the breaker keeps it
    /// whole on a column narrower than it, as it keeps a ligature whole. The invariant checker took the line for
    /// a breakable one (two graphemes, two glyph runs); it now asks what the breaker asks.
    @Test func aGraphemeSplitAcrossFontsStaysWholeOnANarrowColumn() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let units = Self.unitsOfTheFinding
        let text = try StyledText(paragraphs: [Paragraph(start: 0, units: units, contentRange: 0..<units.count)])
        var settings = Fixtures.settings
        settings.fontSize = 142.4
        settings.lineHeightMultiple = 3.74
        settings.pageSize = Size(width: 379.47, height: 378.25)
        settings.margins = EdgeInsets(top: 58.54, left: 32.49, bottom: 21.01, right: 57.88)
        settings.alignment = .justified
        settings.columns = 4
        settings.columnGap = 10.25
        settings.language = "de"
        let layout = try typesetter.layout(text, settings: settings)
        #expect(LayoutInvariants.violations(in: layout) == [])
        // The stretch is one line, whole, wider than the column, starting at a column's left edge.
        let start = 105
        try #require(units.count > start + 5)
        #expect(Array(units[start..<start + 5]) == [0xFFFD, 0x064E, 0x0640, 0x0654, 0x064E])
        let lines = layout.pages.flatMap { layout.lines(onPage: $0.index) }
        let line = try #require(lines.first { $0.range.contains(start) })
        #expect(line.range == start..<start + 5)
        #expect(line.rect.width > settings.columnWidth)
    }
}
