import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// The embedding example of the README, compiled and run (with the bundled fonts), so the README stays true.
@Suite struct ReadmeExampleTests {
    @Test func embeddingExampleRuns() throws {
        let bookData = try #require(FileManager.default.contents(atPath: Fixtures.repositoryRoot + "/Tests/Fixtures/sample-book.txt"))
        // --- README ---
        let fonts = try FontContext(source: .systemAndBundled(directory: Fixtures.fontsDirectory))
        let book = try PlainTextReader().read(bytes: Array(bookData), name: "moby-dick.txt").text

        var settings = TypographySettings()          // Georgia 19 pt, line height 1.45, 24 pt margins, sepia, 390 × 844 pt
        settings.fontSize = 21
        settings.alignment = .justified

        let typesetter = Typesetter(fonts: fonts)    // one per app; thread-safe
        let shaped = try typesetter.shape(book, fontFamily: settings.fontFamily)   // width-independent: keep it
        let layout = try typesetter.layout(shaped, settings: settings)              // lines and pages
        for line in layout.lines(onPage: 0) {
            print(line.range, line.rect, line.baseline)  // UTF-16 range, box in page points, baseline y
        }
        let png = try PNGEncoder.encode(PageRenderer().render(page: 0, of: layout))   // import TypesetRender
        // --- end ---
        #expect(layout.lines(onPage: 0).count > 5)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
}
