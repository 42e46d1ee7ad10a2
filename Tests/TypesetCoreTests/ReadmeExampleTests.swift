import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// The README's embedding examples, compiled and run (with the bundled fonts and a corpus book), so the README
/// stays true: the reader block below must equal the README's, character for character.
@Suite struct ReadmeExampleTests {
    @Test func readerExampleRunsAndMatchesTheReadme() throws {
        let fontsFolder = Fixtures.fontsDirectory
        let path = try Fixtures.corpusPath("austen-pride-and-prejudice.pg-epub2.epub")
        // --- reader ---
        let typesetter = Typesetter(fonts: try FontContext(source: .systemAndBundled(directory: fontsFolder)))  // one per app
        let book = try BookFile.open(path: path)

        var settings = ReaderSettings()              // Georgia 19 pt, line height 1.45, sepia, 390 × 844 pt pages
        settings.typography.fontSize = 21
        let session = try ReadingSession(publication: book.publication, typesetter: typesetter, settings: settings)
        var page = try session.currentPage()         // the page holding the reading position, laid out first
        page = try session.nextPage() ?? page        // turn a page (nil on the last one)

        settings.typography.fontSize = 25            // a new size: new pages, the same place
        page = try session.setSettings(settings)
        let saved = try JSONEncoder().encode(try session.currentLocator())   // Readium's Locator: store it, go(to:) it later

        // Highlight the page's first sentence from its first word (a page may open on a blank line), then ask what a
        // tap on it hits.
        let tokenizer = TextTokenizer(layout: page.layout)
        var start = TextPosition(offset: page.range.lowerBound)
        if !tokenizer.isPosition(start, atBoundary: .word, inDirection: .forward) {
            start = tokenizer.position(from: start, toBoundary: .word, inDirection: .forward) ?? start
        }
        let sentence = tokenizer.rangeEnclosingPosition(start, with: .sentence, inDirection: .forward)
        var decorations = DecorationSet(publication: session.publication)
        decorations.apply([Decoration(id: "h1", range: sentence ?? page.range, style: .highlight(tint: .yellow))], in: "highlights")
        if let caret = page.layout.caretRect(for: start) {
            let tap = Point(x: caret.rect.center.x + 4, y: caret.rect.center.y)              // a finger on the first letter
            let hit = decorations.decoration(at: tap, onPage: page.pageIndex, of: page.layout)  // the highlight, its rects
            print(hit?.decoration.id ?? "nothing", page.layout.closestPosition(to: tap, onPage: page.pageIndex).offset)
        }

        // Dark mode at 3 pixels per point: nothing is laid out again, only drawn.
        settings.appearance = Appearance(theme: .dark, pixelScale: 3)
        page = try session.setSettings(settings)
        let png = try PageRenderer().renderPNG(page: page.pageIndex, of: page.layout, appearance: settings.appearance,
                                               decorations: decorations, resources: session.publication.resourceLoader)
        // --- end ---
        #expect(page.pageIndex >= 0 && page.range.contains(session.anchor.position.offset))
        let locator = try JSONDecoder().decode(Locator.self, from: saved)
        #expect(try session.publication.resolve(locator).offset == session.anchor.position.offset)
        let caret = try #require(page.layout.caretRect(for: start)).rect
        let tap = Point(x: caret.center.x + 4, y: caret.center.y)
        #expect(decorations.decoration(at: tap, onPage: page.pageIndex, of: page.layout)?.decoration.id == "h1")
        let offset = page.layout.closestPosition(to: tap, onPage: page.pageIndex).offset
        #expect(offset >= start.offset && offset <= start.offset + 3)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))

        // The block above is the README's.
        func block(_ text: String, indent: Int) throws -> String {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let from = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "// --- reader ---" })
            let to = try #require(lines[from...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "// --- end ---" })
            return lines[from...to].map { $0.count >= indent ? String($0.dropFirst(indent)) : $0.trimmingCharacters(in: .whitespaces) }
                .joined(separator: "\n")
        }
        let readme = try String(contentsOfFile: Fixtures.repositoryRoot + "/README.md", encoding: .utf8)
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        #expect(try block(source, indent: 8) == (try block(readme, indent: 0)), "the README's reader example differs from this test's")
    }

    /// The README passes `resources:`, because without it a page's images are grey placeholders; the renderer's
    /// form for a session's page finds them from the session's publication.
    @Test func aSessionPageIsDrawnWithItsImages() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let book = try BookFile.open(path: try Fixtures.corpusPath("melville-moby-dick.epub3.epub"))
        var settings = ReaderSettings()
        settings.typography.fontFamily = "Charis SIL"
        settings.appearance = Appearance(theme: .light, pixelScale: 1)
        let session = try ReadingSession(publication: book.publication, typesetter: typesetter, settings: settings,
                                         completesInBackground: false)
        let cover = try session.go(toPageAt: 0)
        #expect(!cover.layout.attachments(onPage: cover.pageIndex).isEmpty, "the first page is the cover image")
        let renderer = try PageRenderer()
        let withImages = try renderer.renderPNG(cover, of: session)
        let explicit = try renderer.renderPNG(page: cover.pageIndex, of: cover.layout, appearance: settings.appearance,
                                              resources: session.publication.resourceLoader)
        #expect(renderer.imageProblems.isEmpty, "\(renderer.imageProblems)")
        let placeholders = try PageRenderer().renderPNG(page: cover.pageIndex, of: cover.layout, appearance: settings.appearance)
        #expect(withImages == explicit)
        #expect(withImages != placeholders)
    }

    @Test func pipelineExampleRuns() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let book = try BookFile.open(path: Fixtures.repositoryRoot + "/Tests/Fixtures/sample-book.txt")
        var settings = ReaderSettings()
        settings.typography.fontFamily = "Charis SIL"
        let shaped = try typesetter.shape(book.text, fontFamily: settings.typography.fontFamily)   // width-independent: keep it
        let layout = try typesetter.layout(shaped, settings: settings.typography)                   // lines and pages
        #expect(layout.pages.count > 10 && layout.lines(onPage: 1).count > 10)
        try settings.set("line-height", parsing: "1.6")
        #expect(settings.typography.lineHeightMultiple == 1.6)
        let relaid = try typesetter.layout(shaped, settings: settings.typography)
        #expect(relaid.pages.count > layout.pages.count)
    }
}
