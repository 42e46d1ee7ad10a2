import Foundation
import Testing
@testable import TypesetCore
import TypesetTestSupport

/// A book's family split by `unicode-range` is one font (``DocumentFonts/composite(of:)``): its font set asks the
/// family's other faces before the reader's fallbacks, each face serves only what no later-declared face's range
/// holds, and the primary face is the one that serves the space.
@Suite struct UnicodeRangeFontSetTests {
    static func face(_ file: String, _ ranges: [ClosedRange<UInt32>]?) throws -> DocumentFonts.Face {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.fontsDirectory + "/" + file)))
        let face = DocumentFonts.Face(family: "Split", weights: 400...400, isItalic: false, name: file, data: bytes,
                                      unicodeRanges: ranges.map(UnicodeRanges.init) ?? .all)
        return try #require(face)
    }

    static func set(_ faces: [DocumentFonts.Face]) throws -> FontSet {
        let context = try FontContext(source: .bundledOnly(directory: Fixtures.fontsDirectory))
        return try context.fontSet(for: FontDescriptor(family: "Split", weight: 400, isItalic: false), in: DocumentFonts(faces: faces),
                                   fallback: FontDescriptor(family: "Noto Sans", weight: 400, isItalic: false))
    }

    static let greek: [ClosedRange<UInt32>] = [0x370...0x3FF, 0x1F00...0x1FFF]
    static let greekLetters: [UInt32] = [0x3C8, 0x3C5, 0x3C7, 0x3AE]   // ψυχή

    @Test(arguments: [false, true])
    func theFamilysGreekFaceServesGreekBeforeTheFallbacks(_ greekFirst: Bool) throws {
        let greek = try Self.face("NotoSans-Regular.ttf", Self.greek)
        let rest = try Self.face("CharisSIL-Regular.ttf", [0...0x36F, 0x400...0x1EFF, 0x2000...0x10FFFF])
        let set = try Self.set(greekFirst ? [greek, rest] : [rest, greek])
        #expect(set.primary.path == "embedded:CharisSIL-Regular.ttf")
        // Charis SIL has α, β, γ, δ of its own; its range leaves them to the Greek face.
        for letter: UInt32 in [0x3B1, 0x3B2, 0x3C8] {
            #expect(set.primary.harfBuzz.glyph(for: letter) == nil)
            #expect(set.fallbackFace(for: letter)?.path == "embedded:NotoSans-Regular.ttf", "U+\(String(letter, radix: 16))")
        }
        #expect(set.fallbackFace(coveringAll: Self.greekLetters)?.path == "embedded:NotoSans-Regular.ttf")
        #expect(set.primary.harfBuzz.glyph(for: 0x20) != nil && set.primary.harfBuzz.glyph(for: 0x61) != nil)
    }

    /// A whole face declared after a Greek one leaves it nothing: the later one is asked first and has it all.
    @Test func aWholeFaceDeclaredLaterServesEverything() throws {
        let set = try Self.set([try Self.face("NotoSans-Regular.ttf", Self.greek), try Self.face("CharisSIL-Regular.ttf", nil)])
        #expect(set.primary.path == "embedded:CharisSIL-Regular.ttf")
        #expect(set.primary.harfBuzz.glyph(for: 0x3B1) != nil)
        #expect(set.fallbackFace(for: 0x3C8)?.path != "embedded:NotoSans-Regular.ttf")
    }
}
