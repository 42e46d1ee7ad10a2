import Dispatch
import Synchronization
import Testing
import TypesetCore
import TypesetRender

/// One layout rendered from several threads, each with its own `PageRenderer` (FreeType objects are not
/// thread-safe, so a renderer is not `Sendable`: the compiler refuses to share one). Every page must come out
/// byte for byte as it does alone.
@Suite struct ConcurrentRenderingTests {
    @Test func pagesRenderedOnSeveralThreadsMatchThoseRenderedAlone() throws {
        var settings = RenderFixtures.settings(page: Size(width: 200, height: 160))
        settings.fontFamily = "Charis SIL"
        let text = String(repeating: "Office waffles — «ﬁne» Ελληνικά, Кириллица, مرحبا, 紅樓夢. ", count: 30)
        let layout = try RenderFixtures.layout(text, settings: settings)
        let pages = min(layout.pages.count, 6)
        #expect(pages >= 4)
        let alone = try PageRenderer()
        let expected = try (0..<pages).map { try alone.render(page: $0, of: layout, appearance: RenderFixtures.appearance()).pixels }
        let rendered = Mutex<[Int: [UInt8]]>([:])
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: pages * 2) { job in
            do {
                let renderer = try PageRenderer()
                let bitmap = try renderer.render(page: job % pages, of: layout, appearance: RenderFixtures.appearance())
                rendered.withLock { $0[job] = bitmap.pixels }
            } catch {
                failures.withLock { $0.append("\(job): \(error)") }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        for job in 0..<(pages * 2) {
            #expect(rendered.withLock { $0[job] } == expected[job % pages], "page \(job % pages) rendered on another thread differs")
        }
    }
}
