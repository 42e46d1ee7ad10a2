import Foundation
import Testing
import TypesetTestSupport

/// `typeset --json`: the layout as the manual's schema describes it.
@Suite struct JSONOutputTests {
    /// Three short paragraphs (with a multi-unit character, so UTF-16 counting matters) that fit on one page.
    static let tinyText = "It is a truth universally acknowledged.\n\nCafé 😀 naïve — résumé.\n\nThe end.\n"

    /// A text long enough for several pages at the default settings (about 12 pages).
    static var longText: String {
        (1...120).map { "Paragraph \($0). " + String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 6) }
            .joined(separator: "\n\n") + "\n"
    }

    static func runJSON(_ text: String, _ arguments: [String] = [], in directory: TemporaryDirectory,
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> (CLIResult, LayoutJSON) {
        let input = try directory.write(text, to: "book.txt")
        let result = try CLIRunner.runBundled(["--font", "Charis SIL", "--json"] + arguments + [input], in: directory,
                                              sourceLocation: sourceLocation)
        #expect(result.status == 0, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        // The bundled fonts have no emoji: their warning is the one line allowed.
        let unexpected = result.stderrLines.filter { !($0.hasPrefix("typeset: warning: ") && $0.hasSuffix("(drawn as empty boxes)")) }
        #expect(unexpected.isEmpty, "an installed font and UTF-8 input print nothing on stderr but the missing glyphs: \(result.stderr)",
                sourceLocation: sourceLocation)
        let layout = try LayoutJSON.parse(result, sourceLocation: sourceLocation)
        return (result, layout)
    }

    @Test func aTinyFileGivesTheREADMESchemaWithDefaultSettings() throws {
        let directory = try TemporaryDirectory()
        let (_, layout) = try Self.runJSON(Self.tinyText, in: directory)
        layout.checkInvariants(textLength: Self.tinyText.utf16.count)

        #expect(layout.pageCount == 1)
        #expect(layout.pages.count == 1)
        #expect(layout.pageSize.width == 390 && layout.pageSize.height == 844)
        let s = layout.settings
        #expect(s.font == "Charis SIL")
        #expect(s.size == 19 && s.lineHeight == 1.45 && s.paragraphSpacing == 0.6 && s.indent == 0)
        #expect(s.margins.top == 24 && s.margins.right == 24 && s.margins.bottom == 24 && s.margins.left == 24)
        #expect(s.align == "start")
        #expect(s.theme.name == "sepia" && s.theme.background == "#f8f1e3" && s.theme.text == "#3b2f22")
        #expect(s.pageSize.width == 390 && s.pageSize.height == 844)
        #expect(s.scale == 2 && s.columns == 1 && s.columnGap == 24)
        #expect(s.language == nil)
        #expect(s.mode == "paged")

        // Three paragraphs, each short enough for one line at 342 pt: three lines whose ranges are the
        // paragraphs (a line includes its hard break; the first line includes nothing before it here).
        let lines = layout.pages[0].lines
        #expect(lines.map(\.range.range) == [0..<41, 41..<66, 66..<75], "\(lines.map(\.range.range))")
        // Sane geometry: lines start at the left margin, the first at the top margin, line height close to
        // 1.45 × Charis SIL's natural 1.64 em at 19 pt (≈ 45 pt), baselines in the lower part of the box.
        let first = lines[0]
        #expect(first.rect.x == 24 && first.rect.y == 24)
        #expect(first.rect.height > 30 && first.rect.height < 60, "\(first.rect)")
        #expect(first.rect.width > 100 && first.rect.width < 342, "\(first.rect)")
        #expect(first.baseline > first.rect.y + first.rect.height / 2, "\(first.baseline) vs \(first.rect)")
        // Paragraph spacing (0.6 em = 11.4 pt) separates paragraphs.
        let gap = lines[1].rect.y - lines[0].rect.maxY
        #expect(abs(gap - 11.4) < 0.05, "gap between paragraphs: \(gap)")
    }

    @Test func rangesPartitionALongTextAcrossPages() throws {
        let directory = try TemporaryDirectory()
        let text = Self.longText
        let (_, layout) = try Self.runJSON(text, in: directory)
        #expect(layout.pageCount > 3, "pageCount \(layout.pageCount)")
        #expect(layout.pages.count == layout.pageCount)
        layout.checkInvariants(textLength: text.utf16.count)
        // Every line holds words: no line starts inside a word (the text's words are ASCII).
        let units = Array(text.utf16)
        for line in layout.allLines where line.range.location > 0 {
            let before = units[line.range.location - 1]
            #expect(before == 0x20 || before == 0x0A, "line at \(line.range.location) starts inside a word")
        }
    }

    @Test(arguments: [("1", 0...0), ("2-3", 1...2), ("3-999", 2...999)])
    func pagesLimitsTheJSONToThosePages(option: String, expected: ClosedRange<Int>) throws {
        let directory = try TemporaryDirectory()
        let text = Self.longText
        let (_, all) = try Self.runJSON(text, in: directory)
        let (_, some) = try Self.runJSON(text, ["--pages", option], in: directory)
        // The book's count, not the selection's: exact once the run reached the end, an estimate before.
        #expect(some.pageCountIsExact ? some.pageCount == all.pageCount
                    : abs(Double(some.pageCount - all.pageCount)) < 0.1 * Double(all.pageCount),
                "pageCount \(some.pageCount) (exact: \(some.pageCountIsExact)) for \(all.pageCount)")
        let indices = expected.clamped(to: 0...(all.pageCount - 1))
        #expect(some.pages.map(\.index) == Array(indices))
        some.checkInvariants(textLength: text.utf16.count)
        for page in some.pages {
            #expect(page.range.range == all.pages[page.index].range.range)
            #expect(page.lines.map(\.range.range) == all.pages[page.index].lines.map(\.range.range))
        }
    }

    /// A run that draws the first pages of a long book lays it out only as far as those pages: the pages are the
    /// whole book's, and the page total is an estimate, said to be one (`pageCountIsExact`, "about" on stderr).
    @Test func firstPagesOfALongBookLayOutOnlyWhatTheyNeed() throws {
        let directory = try TemporaryDirectory()
        let text = (1...1_500).map { "Paragraph \($0). " + String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 1 + $0 % 9) }
            .joined(separator: "\n\n") + "\n"
        let (_, all) = try Self.runJSON(text, in: directory)
        let (_, first) = try Self.runJSON(text, ["--pages", "2-3"], in: directory)
        #expect(all.pageCountIsExact && !first.pageCountIsExact)
        #expect(first.pages.map(\.range.range) == all.pages[1...2].map(\.range.range))
        #expect(abs(Double(first.pageCount - all.pageCount)) < 0.1 * Double(all.pageCount), "\(first.pageCount) for \(all.pageCount)")
        let file = try directory.write(text, to: "book.txt")
        let result = try CLIRunner.runBundled(["--font", "Charis SIL", "--pages", "1", "-o", directory.path("one.png"), file], in: directory)
        #expect(result.stderrLines.last?.hasPrefix("typeset: wrote page 1 of about ") == true, "\(result.stderrLines)")
    }

    @Test func theEmptyFileIsOneEmptyPage() throws {
        let directory = try TemporaryDirectory()
        let (_, layout) = try Self.runJSON("", in: directory)
        #expect(layout.textLength == 0)
        #expect(layout.pageCount == 1)
        #expect(layout.pages.count == 1)
        #expect(layout.pages.first?.range.location == 0 && layout.pages.first?.range.length == 0)
        layout.checkInvariants(textLength: 0)
    }

    @Test func aPageNarrowerThanAGlyphStillLaysOutOneGraphemePerLine() throws {
        // A 30 pt page with 10 pt margins leaves 10 pt for text: narrower than "H". Lines must still make progress
        // (one grapheme each), within the timeout.
        let directory = try TemporaryDirectory()
        let (_, layout) = try Self.runJSON("Hello", ["--width", "30", "--margins", "10"], in: directory)
        layout.checkInvariants(textLength: 5, horizontallyInside: false)
        #expect(layout.allLines.map(\.range.range) == [0..<1, 1..<2, 2..<3, 3..<4, 4..<5])
        for line in layout.allLines { #expect(line.rect.x == 10) }
    }

    @Test func aNarrowPageNeverSplitsAGraphemeCluster() throws {
        // "e" + combining acute, a flag (two regional indicators), a family emoji (ZWJ sequence): three graphemes
        // of 2, 4 and 11 UTF-16 units.
        let text = "e\u{301}🇫🇷👨‍👩‍👧‍👦"
        let directory = try TemporaryDirectory()
        let (_, layout) = try Self.runJSON(text, ["--width", "30", "--margins", "10"], in: directory)
        layout.checkInvariants(textLength: text.utf16.count, horizontallyInside: false)
        let expected = text.indices.map { i -> Range<Int> in
            let start = i.utf16Offset(in: text)
            return start..<(start + String(text[i]).utf16.count)
        }
        #expect(layout.allLines.map(\.range.range) == expected)
    }

    @Test func aLineTallerThanThePageGetsAPageOfItsOwn() throws {
        // 2000 pt type: one line is about 4,700 pt tall on an 844 pt page. Layout must still end, one line per
        // page, each at the top margin.
        let directory = try TemporaryDirectory()
        let (_, layout) = try Self.runJSON("Hi there", ["--size", "2000"], in: directory)
        #expect(layout.pageCount == layout.pages.count)
        #expect(layout.pageCount >= 2)
        #expect(layout.pages.allSatisfy { $0.lines.count == 1 && $0.lines[0].rect.y == 24 })
        #expect(layout.pages.first?.range.location == 0 && layout.pages.last?.range.range.upperBound == 8)
    }

    @Test func scrollGivesOnePageTallerThanTheDefaultPage() throws {
        let directory = try TemporaryDirectory()
        let text = Self.longText
        let (_, layout) = try Self.runJSON(text, ["--scroll"], in: directory)
        #expect(layout.settings.mode == "scroll")
        #expect(layout.pageCount == 1)
        #expect(layout.pages.count == 1)
        #expect(layout.pageSize.width == 390)
        #expect(layout.pageSize.height > 844 * 3, "scroll height \(layout.pageSize.height)")
        layout.checkInvariants(textLength: text.utf16.count)
        // The page is as tall as the text: the last line ends near the bottom margin.
        let last = try #require(layout.allLines.last)
        #expect(layout.pageSize.height - layout.settings.margins.bottom - last.rect.maxY < 1,
                "the scroll page ends \(layout.pageSize.height - last.rect.maxY) pt below the last line")
    }

    @Test func twoColumnsFillTheLeftColumnThenTheRight() throws {
        let directory = try TemporaryDirectory()
        let text = Self.longText
        let (_, layout) = try Self.runJSON(text, ["--columns", "2", "--pages", "1"], in: directory)
        #expect(layout.settings.columns == 2)
        #expect(layout.pageCount > 1)
        layout.checkInvariants(textLength: text.utf16.count)
        let lines = try #require(layout.pages.first).lines
        let xs = Set(lines.map(\.rect.x))
        // Column width (390 − 48 − 24) / 2 = 159 pt: the columns start at 24 and 24 + 159 + 24 = 207.
        #expect(xs == [24, 207], "\(xs.sorted())")
        // Reading order: every left-column line comes before every right-column line, and each column runs
        // top to bottom.
        let firstRight = try #require(lines.firstIndex { $0.rect.x == 207 })
        #expect(lines[..<firstRight].allSatisfy { $0.rect.x == 24 })
        #expect(lines[firstRight...].allSatisfy { $0.rect.x == 207 })
        for column in [Array(lines[..<firstRight]), Array(lines[firstRight...])] {
            for (a, b) in zip(column, column.dropFirst()) { #expect(b.rect.y >= a.rect.maxY - 0.011) }
            #expect(column.allSatisfy { $0.rect.maxX <= $0.rect.x + 159 + 0.011 })
        }
        #expect(lines[firstRight].rect.y == 24, "the right column starts at the top margin")
    }

    @Test func justifiedLinesSpanTheColumnExceptEachParagraphsLast() throws {
        let directory = try TemporaryDirectory()
        let text = Self.longText
        let (_, layout) = try Self.runJSON(text, ["--justify", "--pages", "1"], in: directory)
        #expect(layout.settings.align == "justified")
        let units = Array(text.utf16)
        for line in try #require(layout.pages.first).lines {
            let end = line.range.range.upperBound
            let endsParagraph = end == units.count || units[end - 1] == 0x0A
            if !endsParagraph {
                #expect(abs(line.rect.width - 342) < 0.02, "justified line \(line.range.range) is \(line.rect.width) pt wide")
            }
        }
    }

    /// `--justify --hyphenate --lang en --line-breaking optimal`: echoed in the settings; some lines end with a
    /// drawn hyphen (their ranges end inside a word) and span the column; the lines still partition the text.
    @Test func typographyOptions() throws {
        let directory = try TemporaryDirectory()
        let text = String(repeating: "Notwithstanding the extraordinary circumstances, unquestionably understanding individuals acknowledged responsibilities. ", count: 12)
        let (_, layout) = try Self.runJSON(text, ["--justify", "--hyphenate", "--lang", "en", "--line-breaking", "optimal",
                                                  "--orphans-widows", "3", "--width", "300"], in: directory)
        let s = layout.settings
        #expect(s.hyphenate && s.lineBreaking == "optimal" && s.orphansWidows == 3 && s.align == "justified")
        layout.checkInvariants(textLength: text.utf16.count)
        let hyphenated = layout.allLines.filter { $0.hyphenated == true }
        #expect(!hyphenated.isEmpty)
        let units = Array(text.utf16)
        for line in hyphenated {
            let end = line.range.location + line.range.length
            #expect(Character(Unicode.Scalar(units[end - 1])!).isLetter && Character(Unicode.Scalar(units[end])!).isLetter)
            #expect(abs(line.rect.width - (300 - 48)) < 0.02)
        }
        let plain = try Self.runJSON(text, ["--justify", "--line-breaking", "greedy"], in: directory).1
        #expect(plain.allLines.allSatisfy { $0.hyphenated == nil } && plain.settings.lineBreaking == "greedy" && !plain.settings.hyphenate)
    }

    @Test func optionsAreEchoedInSettings() throws {
        let directory = try TemporaryDirectory()
        let (_, layout) = try Self.runJSON(Self.tinyText, [
            "--size", "21", "--line-height", "1.2", "--margins", "10,20,30,40", "--paragraph-spacing", "1",
            "--indent", "1.5", "--align", "center", "--theme", "#000000:#e0e0e0", "--width", "600", "--height", "800",
            "--scale", "1", "--column-gap", "30", "--lang", "fr",
        ], in: directory)
        let s = layout.settings
        #expect(s.size == 21 && s.lineHeight == 1.2 && s.paragraphSpacing == 1 && s.indent == 1.5)
        #expect(s.margins.top == 10 && s.margins.right == 20 && s.margins.bottom == 30 && s.margins.left == 40)
        #expect(s.align == "center")
        #expect(s.theme.background == "#000000" && s.theme.text == "#e0e0e0")
        #expect(s.pageSize.width == 600 && s.pageSize.height == 800 && layout.pageSize.width == 600)
        #expect(s.scale == 1 && s.columnGap == 30 && s.language == "fr")
        layout.checkInvariants(textLength: Self.tinyText.utf16.count)
        // Centred lines sit in the middle of the 540 pt text area once the first-line indent (1.5 em = 31.5 pt)
        // is taken off its start, as CSS does; every line here is the first of its paragraph.
        for line in layout.allLines where line.rect.width > 0 {
            let middle = line.rect.x + line.rect.width / 2
            #expect(abs(middle - (40 + 31.5 + (540 - 31.5) / 2)) < 0.02, "line \(line.range.range) is not centred: \(line.rect)")
        }
    }

    @Test func equalsFormOfOptionsWorks() throws {
        let directory = try TemporaryDirectory()
        let (_, layout) = try Self.runJSON(Self.tinyText, ["--size=25", "--width=500"], in: directory)
        #expect(layout.settings.size == 25)
        #expect(layout.pageSize.width == 500)
    }
}
