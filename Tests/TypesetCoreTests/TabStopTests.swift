import Testing
@testable import TypesetCore
import TypesetTestSupport

/// Tab stops in preformatted text (CSS Text 3 §4.2): a tab advances to the next multiple of 8 spaces from its line's
/// start, skipping a stop nearer than half a space; elsewhere a tab is a space. Measured with carets, on a page wide
/// enough that no line wraps, over a generated family of code-like lines.
@Suite struct TabStopTests {
    static func layout(_ string: String, role: ParagraphRole = .preformatted) throws -> BookLayout {
        let text = try BookStyleLayoutTests.paragraph(string, style: ParagraphStyle(role: role, innerLineBreaks: .preserve))
        return try BookStyleLayoutTests.layout(text) { $0.pageSize = Size(width: 2_000, height: 2_000) }
    }

    static func x(_ layout: BookLayout, _ offset: Int) throws -> Double {
        try #require(layout.caretRect(for: TextPosition(offset: offset))).rect.center.x
    }


    @Test func aTabAtALinesStartIsEightSpaces() throws {
        let tab = try Self.layout("\tx"), spaces = try Self.layout("        x")
        #expect(abs(try Self.x(tab, 1) - Self.x(spaces, 8)) < 0.01)
    }

    /// Random lines of words, each word after a tab or a space; every character after a tab starts at a stop.
    @Test(arguments: 0..<6) func textAfterATabStartsAtAStop(_ seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &+ 11)
        // The first line's two tabs give the interval (the second one's), and the lines' start (a caret at a line's
        // very start is kept inside the column, off the edge it stands for).
        var lines: [String] = ["\t\tx"]
        for _ in 0..<8 {
            var line = ""
            for _ in 0..<(1 + Int(random.next() % 5)) {
                if !line.isEmpty || random.next() % 3 == 0 { line += random.next() % 2 == 0 ? "\t" : " " }
                let letters = Array("abcdefghijklmnopqrstuvwxyzMW_=(){};")
                line += String((0..<(1 + Int(random.next() % 12))).map { _ in letters[Int(random.next() % UInt64(letters.count))] })
            }
            lines.append(line)
        }
        let string = lines.joined(separator: "\u{2028}")
        let layout = try Self.layout(string)
        let interval = try Self.x(layout, 2) - Self.x(layout, 1), start = try Self.x(layout, 1) - interval
        #expect(interval > 0)
        let units = Array(string.utf16)
        for (i, unit) in units.enumerated() where unit == 0x09 {
            let before = try Self.x(layout, i), after = try Self.x(layout, i + 1)
            let stops = (after - start) / interval
            #expect(abs(stops - stops.rounded()) < 0.001, "\(lines): the tab at \(i) ends \(stops) stops from its line's start")
            #expect(after - before >= interval / 16 - 0.001, "a tab at \(i) advances at least half a space")
        }
    }

    /// Outside preformatted text a tab is a space.
    @Test func elsewhereATabIsASpace() throws {
        let tab = try Self.layout("a\tb", role: .body), space = try Self.layout("a b", role: .body)
        #expect(abs(try Self.x(tab, 2) - Self.x(space, 2)) < 0.01)
    }
}

extension TabStopTests {
    /// `tab-size` (``ParagraphStyle/tabSize``): stops every 4 spaces, or tabs without width at 0.
    @Test(arguments: [(4.0, "    x"), (0.0, "x"), (2.0, "  x")]) func aTabSizeSetsTheStops(_ example: (Double, String)) throws {
        var style = ParagraphStyle(role: .preformatted, innerLineBreaks: .preserve)
        style.tabSize = example.0
        let text = try BookStyleLayoutTests.paragraph("\tx", style: style)
        let tab = try BookStyleLayoutTests.layout(text) { $0.pageSize = Size(width: 2_000, height: 2_000) }
        let spaces = try Self.layout(example.1)
        let offset = example.1.utf16.count - 1
        #expect(abs(try Self.x(tab, 1) - Self.x(spaces, offset)) < 0.01, "tab-size \(example.0)")
    }
}
