import Testing
import TypesetCore
import TypesetTestSupport

/// Inline boxes split over lines (CSS 2.1 §9.4.2, CSS Fragmentation 3 §5.4 `box-decoration-break: slice`): a
/// generated family of boxes over every stretch of a paragraph's words, with border widths and paddings, asserting
/// one fragment per line the box's text is on, the start edge on the first only and the end edge on the last
/// only, and the room before the first character; and text without boxes carries none.
@Suite struct InlineBoxFragmentTests {
    static let words = ["It", "was", "a", "calm", "evening", "on", "the", "water,", "and", "the", "ship", "lay",
                        "still", "while", "its", "crew", "slept", "below", "deck."]

    static var settings: TypographySettings {
        var typography = TypographySettings()
        typography.fontFamily = "Charis SIL"
        typography.fontSize = 14
        typography.pageSize = Size(width: 240, height: 320)
        typography.margins = EdgeInsets(all: 16)
        return typography
    }

    /// The paragraph with a box from word `first` to word `last` (inclusive), and the box's range.
    static func text(boxing first: Int, through last: Int, box: InlineBox) throws -> (StyledText, Range<Int>) {
        var starts: [Int] = [], offset = 0
        for word in words { starts.append(offset); offset += word.utf16.count + 1 }
        let string = words.joined(separator: " ")
        let range = starts[first]..<(starts[last] + words[last].utf16.count)
        var style = TextStyle()
        style.inlineBoxes = [box]
        let units = Array(string.utf16)
        let runs = [AttributeRun(range: range, style: style)]
        let paragraph = Paragraph(start: 0, units: units, contentRange: 0..<units.count, runs: runs)
        return (try StyledText(paragraphs: [paragraph], language: "en"), range)
    }

    @Test(arguments: [0.0625, 0.3], [0.0, 0.5]) func aSplitBoxIsSlicedAtItsLines(_ border: Double, _ padding: Double) throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let edge = BorderEdge(width: border, style: .solid)
        let box = InlineBox(id: 7, border: BorderEdges(top: edge, right: edge, bottom: edge, left: edge),
                            padding: EdgeInsets(top: padding, left: padding, bottom: padding, right: padding))
        var cases = 0
        for first in Self.words.indices {
            for last in first..<Self.words.count where (last - first) % 3 == 0 || last == Self.words.count - 1 {
                let (text, range) = try Self.text(boxing: first, through: last, box: box)
                let layout = try typesetter.layout(text, settings: Self.settings)
                let runs = layout.glyphRuns(onPage: 0)
                let lines = Set(runs.filter { $0.range.overlaps(range) }.map(\.lineTop)).sorted()
                let fragments = InlineBoxPass.boxes(for: runs).sorted { $0.rect.minY < $1.rect.minY }
                let label = "words \(first)...\(last), border \(border), padding \(padding)"
                #expect(fragments.count == lines.count, "\(label): \(fragments.count) fragments on \(lines.count) lines")
                let em = 14.0
                for (index, fragment) in fragments.enumerated() {
                    let left = fragment.edges?.left.width ?? -1, right = fragment.edges?.right.width ?? -1
                    #expect(abs(left - (index == 0 ? border * em : 0)) < 1e-9, "\(label): fragment \(index) left \(left)")
                    #expect(abs(right - (index == fragments.count - 1 ? border * em : 0)) < 1e-9,
                            "\(label): fragment \(index) right \(right)")
                }
                // The first character's glyph is drawn after the start edge's room, at the fragment's left edge.
                if let run = runs.first(where: { $0.range.contains(range.lowerBound) }), let x = run.positions.first?.x,
                   let start = fragments.first {
                    #expect(abs(x - start.rect.minX - (border + padding) * em) < 1e-3, "\(label): first glyph at \(x)")
                }
                cases += 1
            }
        }
        #expect(cases == 82)
    }

    /// Text without boxes: no run carries any, and no box is drawn.
    @Test func textWithoutBoxesDrawsNone() throws {
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(StyledText(plain: Self.words.joined(separator: " ")),
                                                                                 settings: Self.settings)
        let runs = layout.glyphRuns(onPage: 0)
        #expect(!runs.isEmpty && runs.allSatisfy { $0.inlineBoxes == nil })
        #expect(InlineBoxPass.boxes(for: runs).isEmpty)
    }
}
