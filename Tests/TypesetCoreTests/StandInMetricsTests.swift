import Testing
import TypesetCore
import TypesetTestSupport

/// A face standing in for a family that is not installed keeps that family's line: the default page (Georgia,
/// drawn in Charis SIL here) is spaced as Georgia's, not double-spaced.
@Suite struct StandInMetricsTests {
    @Test func aStandInLaysLinesOutWithTheRequestedFamilysMetrics() throws {
        let fonts = try Fixtures.bundledFonts()
        let georgia = try fonts.fontSet(for: FontDescriptor(family: "Georgia"))
        #expect(georgia.isSubstitute && georgia.primary.family == "Charis SIL")
        #expect(georgia.primary.lineMetricsFamily == "Georgia")
        #expect(abs(georgia.primary.naturalLineHeight - 2327.0 / 2048) < 1e-9, "Georgia's 1.136 em")
        // Asked for by name, Charis SIL keeps its own tall line; a family nobody knows gets a typical text face's.
        let charis = try fonts.fontSet(for: FontDescriptor(family: "Charis SIL"))
        #expect(charis.primary.lineMetricsFamily == nil && charis.primary.naturalLineHeight > 1.6)
        let unknown = try fonts.fontSet(for: FontDescriptor(family: "No Such Family"))
        #expect(unknown.primary.lineMetricsFamily == "No Such Family")
        #expect(abs(unknown.primary.naturalLineHeight - LineMetrics.typical.naturalLineHeight) < 1e-9)
        // The same glyphs: shaping a word gives the same advances.
        let typesetter = Typesetter(fonts: fonts)
        let text = StyledText(plain: "Typography")
        let inGeorgia = try typesetter.layout(text, settings: TypographySettings())
        var named = TypographySettings()
        named.fontFamily = "Charis SIL"
        let inCharis = try typesetter.layout(text, settings: named)
        let line = try #require(inGeorgia.lines(onPage: 0).first), charisLine = try #require(inCharis.lines(onPage: 0).first)
        #expect(line.rect.width == charisLine.rect.width)
        #expect(abs(line.rect.height - 19 * 1.45 * 2327.0 / 2048) < 0.01, "\(line.rect.height)")
        #expect(charisLine.rect.height > 1.4 * line.rect.height)
    }
}
