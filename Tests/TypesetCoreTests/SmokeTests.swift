import Testing
import TypesetCore
import TypesetTestSupport

@Suite struct SmokeTests {
    @Test func laysOutAParagraph() throws {
        let fonts = try Fixtures.bundledFonts()
        let typesetter = Typesetter(fonts: fonts)
        var settings = Fixtures.settings
        settings.pageSize = Size(width: 300, height: 200)
        let text = StyledText(plain: "The quick\u{00A0}brown fox jumps over the lazy dog.\nSecond 👍🏽 e\u{0301}x office")
        let layout = try typesetter.layout(text, settings: settings)
        print(LayoutDump.dump(layout))
        #expect(LayoutInvariants.violations(in: layout).isEmpty)
    }
}
