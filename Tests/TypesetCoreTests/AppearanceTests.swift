import Testing
@testable import TypesetCore
import TypesetRender
import TypesetTestSupport

/// Appearance is not layout: theme and pixel scale are applied when a page is drawn, so changing them never
/// lays out a line again.
@Suite struct AppearanceTests {
    @Test func themeAndScaleChangesLayNothingOutAgain() throws {
        let text = try ReadingSessionTests.sectionedText(sections: 4, paragraphs: 25)
        var settings = ReaderSettings(typography: Fixtures.settings, appearance: Appearance(theme: .light))
        let session = try ReadingSession(publication: Publication(text: text, href: "book.txt"),
                                         typesetter: Typesetter(fonts: try Fixtures.bundledFonts()), settings: settings,
                                         at: text.length / 2, completesInBackground: false)
        try session.completeLayout()
        let made = session.layoutsMade
        #expect(made == 4)
        let renderer = try PageRenderer()
        var bitmaps: [Bitmap] = []
        for appearance in [Appearance(theme: .light), Appearance(theme: .dark), Appearance(theme: .dark, pixelScale: 3)] {
            settings.appearance = appearance
            let page = try session.setSettings(settings)
            #expect(page.pageCount.isExact, "the page count stayed exact")
            bitmaps.append(try renderer.render(page: page.pageIndex, of: page.layout, appearance: session.settings.appearance))
        }
        #expect(session.layoutsMade == made, "\(session.layoutsMade - made) sections laid out again for an appearance change")
        #expect(session.sectionsLaidOut == 4)
        // The pages were drawn as asked: light, then dark, then dark at 3 pixels per point.
        #expect(bitmaps[0][x: 0, y: 0] == Theme.light.background && bitmaps[1][x: 0, y: 0] == Theme.dark.background)
        #expect(bitmaps[2].width == Int((Fixtures.settings.pageSize.width * 3).rounded(.up)))
        // A typography change does lay out again (the anchor's section first).
        settings.typography.fontSize += 2
        try session.setSettings(settings)
        #expect(session.layoutsMade == made + 1)
    }

    @Test func badAppearancesAreRefusedWhereTheyAreUsed() throws {
        #expect(throws: InvalidSetting.self) { try Appearance(pixelScale: 0).validated() }
        #expect(throws: InvalidSetting.self) { try Appearance(pixelScale: .nan).validated() }
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(StyledText(plain: "Hello."), settings: Fixtures.settings)
        let error = try #require(throws: RenderError.self) {
            try PageRenderer().render(page: 0, of: layout, appearance: Appearance(pixelScale: 40))
        }
        #expect(error.code == .invalidAppearance && error.message.contains("scale"))
    }
}
