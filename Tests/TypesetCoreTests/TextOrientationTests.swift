import Testing
@testable import TypesetCore
import TypesetTestSupport

/// CSS Writing Modes 4 `text-orientation` over UAX #50's `Vertical_Orientation`: in a vertical line each character
/// stands upright or turns by its own class (mixed), or all stand (upright), or all turn (sideways); the shaper cuts
/// runs exactly where that changes, and horizontal text is never cut or turned.
@Suite struct TextOrientationTests {
    /// Characters with their class in UAX #50's data (VerticalOrientation.txt), one or more of each.
    static let classes: [(UInt32, VerticalOrientation)] = [
        (0x41, .rotated), (0x34, .rotated), (0x20, .rotated), (0xC9, .rotated), (0x2014, .rotated), (0x2026, .rotated),
        (0x05D0, .rotated), (0x0627, .rotated),
        (0x30FC, .transformedRotated), (0x300C, .transformedRotated), (0x3008, .transformedRotated),
        (0xFF08, .transformedRotated), (0x301C, .transformedRotated),
        (0x3001, .transformedUpright), (0x3002, .transformedUpright), (0x3041, .transformedUpright),
        (0x3063, .transformedUpright), (0xFF0C, .transformedUpright),
        (0x6F22, .upright), (0xAC00, .upright), (0xFF10, .upright), (0x3000, .upright), (0xA9, .upright), (0x2160, .upright),
        (0x1F600, .upright),
    ]

    @Test func theClassesComeFromICU() {
        for (codePoint, expected) in Self.classes {
            #expect(VerticalOrientation(of: codePoint) == expected, "U+\(String(codePoint, radix: 16, uppercase: true))")
        }
    }

    /// The answers given without asking ICU are ICU's.
    @Test func theShortcutsAgreeWithICU() {
        for codePoint in Array(UInt32(0)..<0x80) + Array(0x3400...0x4DBF) + Array(0x4E00...0x9FFF) + Array(0xAC00...0xD7A3) {
            if VerticalOrientation(of: codePoint) != VerticalOrientation(icu: codePoint) {
                Issue.record("U+\(String(codePoint, radix: 16))")
                return
            }
        }
    }

    /// What CSS Writing Modes 4 (5.1) sets upright, written out per class rather than computed.
    static let expected: [TextOrientation: [VerticalOrientation: Bool]] = [
        .mixed: [.rotated: false, .transformedRotated: true, .transformedUpright: true, .upright: true],
        .upright: [.rotated: true, .transformedRotated: true, .transformedUpright: true, .upright: true],
        .sideways: [.rotated: false, .transformedRotated: false, .transformedUpright: false, .upright: false],
    ]

    /// Up to `count` characters of each class, spread over the BMP and the SIP's start (no marks, controls or
    /// other characters that take a neighbour's orientation, no surrogates or private use), that the bundled CJK
    /// face draws: the generated family.
    static func family(count: Int = 12) throws -> [VerticalOrientation: [UInt32]] {
        let fonts = try Fixtures.bundledFonts()
        let context = ShapingContext(fonts: fonts)
        let set = try context.fontSet(for: FontDescriptor(family: "Noto Serif CJK TC"), in: nil, readerFamily: "Noto Serif CJK TC")
        let coverage = context.coverage(of: set.primary)
        var all: [VerticalOrientation: [UInt32]] = [:]
        for codePoint in UInt32(0x20)..<0x2_0100 {
            if (0xD800...0xF8FF).contains(codePoint) || CharacterClass.followsNeighbourFont(codePoint)
                || HarfBuzzUnicode.isMark(codePoint) || !coverage.covers(codePoint) { continue }
            all[VerticalOrientation(of: codePoint), default: []].append(codePoint)
        }
        return all.mapValues { members in
            let step = max(1, members.count / count)
            return Swift.stride(from: 0, to: members.count, by: step).prefix(count).map { members[$0] }
        }
    }

    /// The run that holds `offset` in `paragraph` shaped in a vertical line.
    static func shapeVertically(_ paragraph: Paragraph, vertical: Bool = true) throws -> ShapedParagraph {
        let context = ShapingContext(fonts: try Fixtures.bundledFonts())
        return try ParagraphShaper(context: context, settings: ShapingSettings(fontFamily: "Noto Serif CJK TC"), documentLanguage: "ja",
                                   vertical: vertical).shape(paragraph)
    }

    static func paragraph(_ string: String, orientation: TextOrientation = .mixed, combines: Bool = false) -> Paragraph {
        let units = Array(string.utf16)
        var style = TextStyle()
        style.orientation = orientation
        style.combinesUpright = combines
        return Paragraph(start: 0, units: units, contentRange: 0..<units.count, runs: [AttributeRun(range: 0..<units.count, style: style)])
    }

    /// Every class × every orientation × kana and Latin neighbours: the character stands as the table says, its
    /// neighbours as their own class says, whatever the script around it.
    @Test(arguments: TextOrientation.allCases)
    func eachClassStandsAsTheSpecSays(_ orientation: TextOrientation) throws {
        let family = try Self.family()
        #expect(family.count == 4, "a member of each class")
        var checked = 0
        for (vo, members) in family {
            for codePoint in members {
                guard let scalar = Unicode.Scalar(codePoint) else { continue }
                for (context, contextClass) in [("か", VerticalOrientation.upright), ("a", .rotated)] {
                    let string = context + String(Character(scalar)) + context
                    let shaped = try Self.shapeVertically(Self.paragraph(string, orientation: orientation))
                    let offset = context.utf16.count
                    let run = try #require(shaped.runs.first { $0.range.contains(offset) })
                    #expect(run.isUpright == Self.expected[orientation]?[vo], "\(orientation) U+\(String(codePoint, radix: 16)) (\(vo)) beside \(context)")
                    let neighbour = try #require(shaped.runs.first { $0.range.contains(0) })
                    #expect(neighbour.isUpright == Self.expected[orientation]?[contextClass])
                    // Cut exactly where the orientation changes: no two neighbouring runs of one face agree.
                    for (a, b) in zip(shaped.runs, shaped.runs.dropFirst()) where a.faceID == b.faceID && a.script == b.script {
                        #expect(a.isUpright != b.isUpright, "\(string): a needless cut at \(b.start)")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked >= 80)
    }

    /// The issue's case: in "JIS X 4051" both the letters and the digits turn, one sideways run, between upright kanji.
    @Test func jisX4051TurnsWhole() throws {
        let string = "規格JIS X 4051による"
        let shaped = try Self.shapeVertically(Self.paragraph(string))
        let runs = shaped.runs.map { (String(decoding: Array(string.utf16)[$0.range], as: UTF16.self), $0.isUpright) }
        #expect(runs.map(\.0) == ["規格", "JIS X 4051", "による"], "\(runs)")
        #expect(runs.map(\.1) == [true, false, true])
        // Horizontal: one run per script, nothing upright.
        let horizontal = try Self.shapeVertically(Self.paragraph(string), vertical: false)
        #expect(horizontal.runs.allSatisfy { !$0.isUpright })
    }

    /// Marks take their base's orientation: the voiced mark on か stands, the acute on e turns (whichever run
    /// itemization put them in); a joiner first in the paragraph takes the character after it.
    @Test(arguments: [("か\u{3099}e\u{301}\u{200D}か", [true, true, false, false, false, true]),
                      ("\u{200D}e\u{301}か\u{3099}", [false, false, false, true, true]),
                      ("\u{200D}かe", [true, true, false])])
    func marksFollowTheirBase(_ string: String, _ upright: [Bool]) throws {
        let shaped = try Self.shapeVertically(Self.paragraph(string))
        let found = (0..<string.utf16.count).map { offset in shaped.runs.first { $0.range.contains(offset) }?.isUpright }
        #expect(found == upright, "\(shaped.runs.map(\.range))")
    }

    /// Two ASCII digits alone in CJK text stand upright (and are combined, `digits 2`); more digits, or two digits
    /// in Latin text, turn; `text-combine-upright` wins over `sideways`.
    @Test func numbersAndCombining() throws {
        func upright(_ string: String, _ digits: String, orientation: TextOrientation = .mixed, combines: Bool = false) throws -> Bool? {
            let shaped = try Self.shapeVertically(Self.paragraph(string, orientation: orientation, combines: combines))
            let offset = string.range(of: digits).map { string[..<$0.lowerBound].utf16.count } ?? -1
            return shaped.runs.first { $0.range.contains(offset) }?.isUpright
        }
        #expect(try upright("第12号", "12") == true)
        #expect(try upright("第123号", "123") == false)
        #expect(try upright("page 12", "12") == false)
        #expect(try upright("第12号", "12", orientation: .sideways) == false)
        #expect(try upright("12", "12", orientation: .sideways, combines: true) == true)
    }
}
