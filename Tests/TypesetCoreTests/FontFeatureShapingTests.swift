import Testing
@testable import TypesetCore
import TypesetTestSupport

/// A run's font features (``TextStyle/fontFeatures``) reach HarfBuzz and key the word cache: the same word shaped
/// with and without old-style figures in one paragraph, in either order, gets each its own glyphs (a cache keyed
/// without the features would hand the second run the first one's glyphs); and ``FontFeatures`` is one value per
/// tag, the same set however it was built.
@Suite struct FontFeatureShapingTests {
    static let oldstyle: FontFeatures = { var features = FontFeatures(); features["onum"] = 1; return features }()

    /// The glyph ids of each run of `text` (styles by unit range), shaped as one paragraph in Noto Sans.
    static func glyphs(_ text: String, _ runs: [(Range<Int>, TextStyle)], typesetter: Typesetter) throws -> [[UInt16]] {
        let units = Array(text.utf16)
        let paragraph = Paragraph(start: 0, units: units, contentRange: 0..<units.count,
                                  runs: runs.map { AttributeRun(range: $0.0, style: $0.1) })
        let shaped = try typesetter.shape(try StyledText(paragraphs: [paragraph]), fontFamily: "Noto Sans")
        let result = try #require(shaped.paragraphs.first)
        return runs.map { range, _ in
            (0..<result.glyphIDs.count).filter { range.contains(Int(result.clusters[$0])) }.map { result.glyphIDs[$0] }
        }
    }

    @Test func featuresChangeTheGlyphsAndKeyTheWordCache() throws {
        var featured = TextStyle()
        featured.fontFeatures = Self.oldstyle
        let fonts = try Fixtures.bundledFonts()
        // Each alone, each in a typesetter of its own (cold caches).
        let plain = try Self.glyphs("2024", [(0..<4, TextStyle())], typesetter: Typesetter(fonts: fonts))[0]
        let oldstyle = try Self.glyphs("2024", [(0..<4, featured)], typesetter: Typesetter(fonts: fonts))[0]
        #expect(plain.count == 4 && oldstyle.count == 4)
        #expect(zip(plain, oldstyle).allSatisfy { $0 != $1 }, "onum changes every figure (.tosf): \(plain) \(oldstyle)")
        // Both in one paragraph, in either order, through one word cache.
        let typesetter = Typesetter(fonts: fonts)
        let plainFirst = try Self.glyphs("2024 2024", [(0..<5, TextStyle()), (5..<9, featured)], typesetter: typesetter)
        #expect(Array(plainFirst[0].prefix(4)) == plain && plainFirst[1] == oldstyle)
        let featuredFirst = try Self.glyphs("2024 2024", [(0..<4, featured), (4..<9, TextStyle())], typesetter: typesetter)
        #expect(featuredFirst[0] == oldstyle && Array(featuredFirst[1].suffix(4)) == plain)
    }

    @Test func aSetIsOneValuePerTagWhateverTheOrder() {
        var a = FontFeatures(), b = FontFeatures()
        a["onum"] = 1; a["zero"] = 1; a["kern"] = 0
        b["kern"] = 0; b["zero"] = 1; b["onum"] = 0; b["onum"] = 1
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(a.settings.map(\.tag) == ["kern", "onum", "zero"].compactMap(FontFeatures.tag))
        a["zero"] = nil
        #expect(a["zero"] == nil && a["onum"] == 1 && a.settings.count == 2)
        // Later sets win when merged.
        var c = FontFeatures()
        c["onum"] = 0
        #expect(b.merging(c)["onum"] == 0 && c.merging(b)["onum"] == 1)
    }

    @Test func tagsAreFourPrintableASCIICharactersAndSetsAreBounded() {
        #expect(FontFeatures.tag("onum") == 0x6F6E_756D)
        #expect(FontFeatures.tag("cv 1") != nil)
        for bad in ["", "onu", "onumx", "zéro", "on\tm", "on\u{7F}m"] { #expect(FontFeatures.tag(bad) == nil, "\(bad)") }
        var features = FontFeatures()
        features["onu"] = 1
        #expect(features.isEmpty)
        for n in 0..<(FontFeatures.maximumCount + 10) { features[packed: UInt32(n)] = 1 }
        #expect(features.settings.count == FontFeatures.maximumCount)
    }
}
