import Testing
import TypesetCore
@testable import TypesetDocuments

/// `unicode-range` values (CSS Syntax 3 §7.1): generated ranges written in each of the syntax's forms read back as
/// the same code points, and malformed ones make the whole descriptor invalid (nil, so the face serves all).
@Suite struct UnicodeRangeParsingTests {
    static func hex(_ value: UInt32, width: Int = 0) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    @Test func generatedRangesReadBackInEveryForm() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<500 {
            var written: [String] = [], expected: [ClosedRange<UInt32>] = []
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                switch Int.random(in: 0..<3, using: &generator) {
                case 0:
                    let point = UInt32.random(in: 0...0x10FFFF, using: &generator)
                    written.append("U+" + Self.hex(point)); expected.append(point...point)
                case 1:
                    let low = UInt32.random(in: 0...0x10FFFF, using: &generator)
                    let high = UInt32.random(in: low...0x10FFFF, using: &generator)
                    written.append("u+\(Self.hex(low, width: Int.random(in: 1...6, using: &generator)))-\(Self.hex(high).uppercased())")
                    expected.append(low...high)
                default:
                    let wildcards = Int.random(in: 1...4, using: &generator)
                    let prefix = UInt32.random(in: 0...(0x10FFFF >> UInt32(4 * wildcards)), using: &generator)
                    let shift = UInt32(4 * wildcards)
                    written.append("U+" + (prefix == 0 ? "" : Self.hex(prefix)) + String(repeating: "?", count: wildcards))
                    expected.append((prefix << shift)...(prefix << shift | (1 << shift - 1)))
                }
            }
            let separator = round % 2 == 0 ? ", " : ","
            let parsed = CSSFontFace.unicodeRanges(written.joined(separator: separator))
            #expect(parsed == UnicodeRanges(expected), "\(written)")
        }
    }

    @Test(arguments: ["", "U+", "U+110000", "U+10FFFF-110000", "U+0400-0300", "U+1234567", "U+3?F", "U+ 370", "370-3FF",
                      "U+370-3FF,", ",U+370", "U+???????", "U+37G", "U+-3FF", "U+370-", "V+370", "U+370 U+380"])
    func malformedValuesAreInvalid(_ value: String) {
        #expect(CSSFontFace.unicodeRanges(value) == nil, "\(value)")
    }

    @Test func aRuleReadsItsRange() throws {
        let rule = try #require(CSSFontFace(descriptors: ["font-family: 'Greek'", "src: url(g.ttf)", "unicode-range: U+0370-03FF, U+1F00-1FFF"]))
        #expect(rule.unicodeRanges.ranges == [0x370...0x3FF, 0x1F00...0x1FFF])
        let invalid = try #require(CSSFontFace(descriptors: ["font-family: G", "src: url(g.ttf)", "unicode-range: U+0400-0300"]))
        #expect(invalid.unicodeRanges.isAll)
    }
}
