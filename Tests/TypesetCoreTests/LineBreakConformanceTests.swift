import Foundation
import Testing
@testable import TypesetCore
import TypesetTestSupport

/// UAX #14 conformance of Typeset's line-break opportunities, checked against Unicode's own `LineBreakTest.txt`.
///
/// The file comes from Debian's `unicode-data` package (`./setup.sh` installs it), so the check is hermetic on
/// Debian 12: `unicode-data` 15.0.0 ships `LineBreakTest-15.0.0.txt` and `libicu72` implements Unicode 15.0
/// line breaking. The checks:
///
/// 1. **ICU itself**: the line iterator of `BreakIterator` with ICU's root rules, on the raw test strings,
///    against the file's break opportunities. Every mismatch must be one of ``knownDeviations``, the documented
///    ways ICU 72's root rules differ from the file (the same lines ICU lists as known issues in its own
///    conformance test).
/// 2. **The production path**: the same strings laid out as paragraphs through `Typesetter.shape` must report
///    the iterator's opportunities in ``ShapedParagraph/breakOpportunities``, minus the shaper's one tailoring
///    (no line starts inside a grapheme cluster), so what the line breaker sees is what was checked in (1).
/// 3. A few strings outside the file where the shaper's grapheme shortcut misses a cluster (a known issue).
///
/// Offsets are UTF-16 offsets into the test string; the file's leading `×` (start of text) is not an
/// opportunity, its final `÷` is the end of the text (which ICU and the shaper both report).
@Suite struct LineBreakConformanceTests {
    /// Where Debian's `unicode-data` package installs the test file.
    static let testFilePath = "/usr/share/unicode/auxiliary/LineBreakTest.txt"

    // MARK: - The test file

    /// One test line of `LineBreakTest.txt`.
    struct TestCase: CustomStringConvertible {
        /// 1-based line number in the file.
        let lineNumber: Int
        let codePoints: [UInt32]
        /// The test string in UTF-16.
        let units: [UInt16]
        /// UTF-16 offsets of the expected break opportunities, ascending, excluding 0 (the last is the end).
        let expectedBreaks: [Int]

        var description: String {
            "line \(lineNumber): " + codePoints.map { String($0, radix: 16, uppercase: true) }.joined(separator: " ")
        }
    }

    /// The parsed file: its Unicode version (from the `# LineBreakTest-15.0.0.txt` header) and its cases.
    struct TestFile {
        let version: String
        let cases: [TestCase]
    }

    /// Reads and parses the test file.
    ///
    /// - Throws: when the file is missing (a recorded failure, not a skip: CI installs `unicode-data`, so a missing
    ///   file means the environment is broken and the conformance claim is untested) or a line cannot be parsed.
    static func loadTestFile() throws -> TestFile {
        try #require(FileManager.default.fileExists(atPath: testFilePath),
                     "\(testFilePath) is missing: install Debian's unicode-data package (./setup.sh does)")
        let contents = try String(contentsOfFile: testFilePath, encoding: .utf8)
        var version = "unknown"
        var cases: [TestCase] = []
        for (index, line) in contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("#") {
                if line.hasPrefix("# LineBreakTest-"), let name = line.split(separator: " ").last {
                    version = name.dropFirst("LineBreakTest-".count).replacingOccurrences(of: ".txt", with: "")
                }
                continue
            }
            let body = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            var codePoints: [UInt32] = [], units: [UInt16] = [], breaks: [Int] = []
            for token in body.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                switch token {
                case "×": break
                case "÷": if !units.isEmpty { breaks.append(units.count) }
                default:
                    let scalar = try #require(UInt32(token, radix: 16).flatMap(Unicode.Scalar.init),
                                              "line \(index + 1): bad code point \(token)")
                    codePoints.append(scalar.value)
                    units.append(contentsOf: UTF16.encode(scalar)!)
                }
            }
            guard !units.isEmpty else { continue }
            cases.append(TestCase(lineNumber: index + 1, codePoints: codePoints, units: units, expectedBreaks: breaks))
        }
        return TestFile(version: version, cases: cases)
    }

    /// ICU's root line rules. The empty locale ID is ICU's root locale; `nil` would mean ICU's *default* locale,
    /// which ICU takes from `LANG`/`LC_ALL` and which tailors the rules (`ja` makes 94 of these lines differ).
    static func rootLineIterator() throws -> BreakIterator {
        try #require(BreakIterator(.line, locale: ""), "ICU cannot open a root line-break iterator")
    }

    // MARK: - Known deviations of ICU 72 from LineBreakTest-15.0.0

    /// A documented group of test lines on which ICU 72's root rules deliberately differ from the file.
    struct KnownDeviation: Sendable {
        /// The rule or class involved, for the report.
        let group: String
        /// The exact test strings (as code points) of the group, like ICU's own known-issue list.
        let strings: Set<[UInt32]>
        /// What every differing offset of the group looks like: given the string's UTF-16 units and an offset
        /// at which ICU and the file disagree, whether the disagreement is the documented one.
        let involves: @Sendable (_ units: [UInt16], _ offset: Int) -> Bool
    }

    /// Lines of `LineBreakTest-15.0.0.txt` that ICU 72 gets "wrong", each explained. These are exactly the
    /// Unicode 15.0 entries of ICU's own list of known conformance differences (`testCaseIsKnownIssue` in
    /// icu4c/source/test/intltest/rbbitst.cpp, tickets ICU-8151 and ICU-12017), so they are ICU's deliberate
    /// tailorings, not Typeset bugs. Both were later adopted by UAX #14 itself (Unicode 15.1).
    static let knownDeviations: [KnownDeviation] = [
        // LB20a, word-initial hyphen (ICU-8151). The file breaks after a hyphen that starts the text when a letter
        // follows ("-#", "-§", "-ก", "-" + unassigned, each also with U+0308 after the hyphen), because Unicode
        // 15.0 only has "× HY" (LB21). ICU's root line.txt has the rule "^($HY | $HH) $CM* $ALPlus;": no break
        // between a hyphen that follows a break opportunity and a letter, so "-word" (a negative, a suffix
        // being cited) is not split. The rule began as ICU's Finnish tailoring, was moved to root in ICU-8151, and
        // Unicode 15.1 made it the default as LB20a (UTC #179-C32). ICU's output is the better one for a reader.
        KnownDeviation(
            group: "LB20a word-initial hyphen (ICU-8151)",
            strings: [[0x2D, 0x23], [0x2D, 0x308, 0x23], [0x2D, 0xA7], [0x2D, 0x308, 0xA7],
                      [0x2D, 0x50005], [0x2D, 0x308, 0x50005], [0x2D, 0xE01], [0x2D, 0x308, 0xE01]],
            involves: { units, offset in
                // The missing break is the one right after the leading hyphen and its combining marks.
                var end = 1
                while end < units.count, units[end] == 0x308 { end += 1 }
                return units[0] == 0x2D && offset == end
            }),
        // LB25 numbers (ICU-12017). The file's header says it uses "tailoring of numbers described in Example 7 of
        // Section 8.2" of UAX #14: a regular expression under which an infix separator (IS: "." ",") only glues
        // to a digit inside a number that already started with a digit. ICU 72 implements LB25 with UAX #14's
        // default pair rules instead, among them IS × NU, so it keeps ",0", "a.2" and ".35" together where the file
        // breaks before the digit, and for "equals .35 cents" it breaks before ".35" (after the space) where the
        // file breaks inside it (".|35"). Unicode 15.1 rewrote LB25 and added LB15c/LB15d (break before a leading
        // decimal point after a space) to get ICU-like results. Every differing offset is next to an IS.
        KnownDeviation(
            group: "LB25 numbers / IS × NU (ICU-12017)",
            strings: Set([
                "\u{2C}\u{30}", "\u{2C}\u{308}\u{30}", "equals .35 cents",
                "a.2 ", "a.2 \u{915}", "a.2 \u{672C}", "a.2\u{3000}\u{672C}", "a.2\u{3000}\u{307E}",
                "a.2\u{3000}\u{33}", "a.2\u{3000}\u{300C}", "A.1 \u{BABB}",
                "\u{BD24}\u{C5B4}. A.2 \u{BCFC}", "\u{BD10}\u{C694}. A.3 \u{BABB}", "\u{C694}. A.4 \u{BABB}",
            ].map { $0.unicodeScalars.map(\.value) }),
            involves: { units, offset in
                func isInfix(_ i: Int) -> Bool { units.indices.contains(i) && (units[i] == 0x2C || units[i] == 0x2E) }
                // The separator is before the offset (",|0", "a.|2"), or at it (" |.35").
                return isInfix(offset) || isInfix(offset - 1) || (isInfix(offset - 2) && units[offset - 1] == 0x308)
            }),
    ]

    // MARK: - Tests

    /// ICU's root line iterator agrees with every line of the file except the documented ICU tailorings, and
    /// flags exactly the breaks after a hard line terminator (UAX #14 LB4, LB5: BK, CR, LF, NL) as mandatory.
    @Test func icuRootLineIteratorConformsToLineBreakTest() throws {
        let file = try Self.loadTestFile()
        let iterator = try Self.rootLineIterator()
        var passed = 0
        var deviationsPerGroup = [Int](repeating: 0, count: Self.knownDeviations.count)
        var unexplained: [String] = []
        for testCase in file.cases {
            iterator.setText(testCase.units)
            var actual: [Int] = []
            iterator.forEachBoundary { offset, mandatory in
                actual.append(offset)
                // The rule status is what makes a break hard for the line breaker; check it here too.
                let afterTerminator = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(testCase.units[offset - 1])
                #expect(mandatory == afterTerminator, "\(testCase): break at \(offset) mandatory=\(mandatory)")
            }
            if actual == testCase.expectedBreaks {
                passed += 1
                continue
            }
            let differing = Set(actual).symmetricDifference(testCase.expectedBreaks)
            if let group = Self.knownDeviations.firstIndex(where: { deviation in
                deviation.strings.contains(testCase.codePoints)
                    && differing.allSatisfy { deviation.involves(testCase.units, $0) }
            }) {
                deviationsPerGroup[group] += 1
            } else {
                unexplained.append("\(testCase): ICU \(actual), expected \(testCase.expectedBreaks)")
            }
        }
        let groups = zip(Self.knownDeviations, deviationsPerGroup).map { "\($0.group): \($1)" }.joined(separator: ", ")
        print("""
            LineBreakTest-\(file.version) vs ICU \(icuVersion) root rules: \(file.cases.count) cases, \(passed) pass, \
            \(deviationsPerGroup.reduce(0, +)) known ICU deviations (\(groups)), \(unexplained.count) unexplained
            """)
        #expect(unexplained.isEmpty, """
            \(unexplained.count) line(s) of LineBreakTest-\(file.version) disagree with ICU \(icuVersion) in no documented \
            way (a new ICU or unicode-data needs its deviations explained in knownDeviations):
            \(unexplained.prefix(30).joined(separator: "\n"))
            """)
        // A listed deviation that no longer occurs is not a failure (a newer ICU may have caught up), but say so.
        let listed = Self.knownDeviations.reduce(0) { $0 + $1.strings.count }
        if listed != deviationsPerGroup.reduce(0, +) {
            print("note: \(listed) deviations are listed, \(deviationsPerGroup.reduce(0, +)) occurred")
        }
    }

    /// The shaper reports the root iterator's opportunities, with their mandatory flags, minus the ones inside a
    /// grapheme cluster, for every tab-free test line.
    ///
    /// The shaper tailors UAX #14 in one way: a line may only start on a UAX #29 grapheme boundary, so it drops the
    /// opportunities ICU reports inside a cluster (UAX #14 LB10 lets a line break between a space and a combining
    /// mark or ZWJ, and LB30b only keeps an emoji modifier with an emoji base, so "#" ÷ U+1F3FB is a line break
    /// opportunity although GB9 makes the modifier part of the "#" grapheme). The model here asks ICU's character
    /// iterator about every opportunity, where the shaper only asks about candidates that start with a mark, joiner,
    /// selector or surrogate: a disagreement means that shortcut misses a class of grapheme extenders.
    ///
    /// Each test string is one paragraph with `innerLineBreaks: .preserve`, so `LayoutText` passes line terminators
    /// through unchanged. Lines containing U+0009 are left out: `LayoutText` reads a tab as a space, which changes
    /// its class from BA to SP, so the shaper rightly answers a different question for them (340 lines).
    /// No language is set, so this also checks that a paragraph without one gets ICU's root rules. The shaper asks
    /// for them with `locale: nil`, which ICU reads as the process locale, so under `LANG=ja_JP.UTF-8` this test fails
    /// on 92 lines (CJ characters follow ICU's Japanese tailoring) until the shaper asks for root explicitly.
    @Test func shaperReportsTheLineIteratorsOpportunitiesOnGraphemeBoundaries() throws {
        let file = try Self.loadTestFile()
        let cases = file.cases.filter { !$0.units.contains(0x09) }
        let shaped = try Self.shapeAsParagraphs(cases.map(\.units))
        let model = try ShaperBreakModel()
        var agreeing = 0, matchingFile = 0, tailored = 0
        for (testCase, paragraph) in zip(cases, shaped) {
            let (expected, droppedInsideGraphemes) = model.opportunities(testCase.units)
            if droppedInsideGraphemes { tailored += 1 }
            let actual = paragraph.breakOpportunities
            let same = actual.count == expected.count
                && zip(actual, expected).allSatisfy { $0.offset == $1.offset && $0.mandatory == $1.mandatory }
            #expect(same, "\(testCase): shaper \(actual.map(\.offset)), expected \(expected.map(\.offset))")
            if same { agreeing += 1 }
            if actual.map(\.offset) == testCase.expectedBreaks { matchingFile += 1 }
        }
        print("""
            Shaper break opportunities on \(cases.count) tab-free LineBreakTest lines: \(agreeing) agree with ICU root \
            minus non-grapheme boundaries (\(tailored) lines lose an opportunity inside a grapheme); \(matchingFile) \
            match the file exactly
            """)
    }

    /// No line starts inside a grapheme cluster that the shaper's shortcut does not look for: after a prepended
    /// concatenation mark (UAX #29 GB9b, Prepend ×: U+0600 ARABIC NUMBER SIGN, U+06DD, U+110BD KAITHI NUMBER SIGN),
    /// or before the grapheme extenders that are not marks (U+FF9E HALFWIDTH KATAKANA VOICED SOUND MARK, Extend but
    /// gc=Lm; U+0E33 THAI CHARACTER SARA AM, SpacingMark but gc=Lo).
    ///
    /// Known issue: ICU's line iterator allows "U+0600 ÷ 中" (AL ÷ ID) and "space ÷ U+FF9E" (LB18), and the shaper's
    /// grapheme filter only checks opportunities whose *following* unit passes `CharacterClass.mayContinueGrapheme`
    /// (marks by general category, joiners, selectors, surrogates). After a Prepend character it is the unit
    /// *before* the opportunity that glues; U+FF9E and U+0E33 are not marks by category. So these opportunities
    /// survive and a line can start inside a cluster. Rare in practice.
    @Test func shaperDropsOpportunitiesInsideGraphemesItsShortcutMisses() throws {
        let strings = ["\u{0600}\u{4E2D}", "x\u{0600}\u{4E2D}", "\u{06DD}\u{4E2D}", "\u{110BD}\u{4E2D}",
                       "a \u{FF9E}", "a \u{0E33}"].map { Array($0.utf16) }
        let shaped = try Self.shapeAsParagraphs(strings)
        let model = try ShaperBreakModel()
        for (units, paragraph) in zip(strings, shaped) {
            let expected = model.opportunities(units).breaks.map(\.offset)
            #expect(paragraph.breakOpportunities.map(\.offset) == expected, "\(units.map { String($0, radix: 16) })")
        }
    }

    // MARK: - Helpers for the production path

    /// Shapes each unit array as one `.preserve` paragraph of one text, in Charis SIL (the font does not matter
    /// for break opportunities; every character reaches the break iterator whatever face draws it).
    static func shapeAsParagraphs(_ texts: [[UInt16]]) throws -> [ShapedParagraph] {
        var paragraphs: [Paragraph] = []
        var start = 0
        for units in texts {
            paragraphs.append(Paragraph(start: start, units: units, contentRange: 0..<units.count,
                                        style: ParagraphStyle(innerLineBreaks: .preserve)))
            start += units.count
        }
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let shaped = try typesetter.shape(try StyledText(paragraphs: paragraphs), fontFamily: "Charis SIL")
        try #require(shaped.paragraphs.count == texts.count)
        return shaped.paragraphs
    }

    /// What the shaper should report for a paragraph: ICU's root line opportunities that are grapheme boundaries
    /// (or mandatory, or the end), with the end of the content always mandatory.
    struct ShaperBreakModel {
        let lines: BreakIterator
        let graphemes: BreakIterator

        init() throws {
            lines = try LineBreakConformanceTests.rootLineIterator()
            graphemes = try #require(BreakIterator(.character, locale: ""), "ICU cannot open a character iterator")
        }

        /// The expected opportunities, and whether any of ICU's were dropped for lying inside a grapheme.
        func opportunities(_ units: [UInt16]) -> (breaks: [(offset: Int, mandatory: Bool)], droppedInsideGraphemes: Bool) {
            lines.setText(units)
            graphemes.setText(units)
            var icu: [(offset: Int, mandatory: Bool)] = []
            lines.forEachBoundary { icu.append(($0, $1)) }
            // The shaper marks the end of the content as a hard break even where ICU's status is soft.
            let kept = icu.filter { $0.mandatory || $0.offset == units.count || graphemes.isBoundary($0.offset) }
                .map { (offset: $0.offset, mandatory: $0.mandatory || $0.offset == units.count) }
            return (kept, kept.count != icu.count)
        }
    }
}
