import Testing
@testable import TypesetCore
import TypesetTestSupport

/// Every U+0020 space of a shaped paragraph is the glyph HarfBuzz gives a space alone in its run's face, with that
/// advance: the shaper appends a run's later spaces from its first one (``ParagraphShaper/Segment/Kind/space``).
@Suite struct SpaceGlyphTests {
    @Test(arguments: ["Charis SIL", "Noto Sans"])
    func everySpaceOfARunShapesAsASpaceAlone(family: String) throws {
        let fonts = try Fixtures.bundledFonts()
        let context = ShapingContext(fonts: fonts)
        let texts = ["one two  three four five six", "Latin then Ωμέγα λόγος and more words", "שלום עולם ועוד מילים, and English",
                     "a b c d e f g h", "   leading and trailing   ", "漢字 かな mixed with words"]
        var spaces = 0
        for text in texts {
            let paragraph = try #require(StyledText(plain: text).paragraphs.first)
            let shaped = try ParagraphShaper(context: context, settings: ShapingSettings(fontFamily: family), documentLanguage: nil).shape(paragraph)
            let units = Array(text.utf16)
            for run in shaped.runs {
                let face = try #require(fonts.face(id: Int(run.faceID)))
                var alone: [HarfBuzzBuffer.Glyph] = []
                [UInt16(0x20)].withUnsafeBufferPointer {
                    HarfBuzzBuffer().shape(text: $0, start: 0, length: 1, font: face.harfBuzz, script: run.script,
                                           rightToLeft: run.isRightToLeft, language: nil, features: [], into: &alone)
                }
                let expected = try #require(alone.first)
                for g in Int(run.glyphStart)..<Int(run.glyphEnd) where units[Int(shaped.clusters[g])] == 0x20 {
                    #expect(shaped.glyphIDs[g] == UInt16(expected.id), "\(text) glyph \(g)")
                    #expect(shaped.advances[g] == Float(expected.advance) * (1 / Float(face.unitsPerEm)), "\(text) glyph \(g)")
                    spaces += 1
                }
            }
        }
        #expect(spaces > 20)
    }
}
