import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender

/// `Appearance.printPageLabels` draws the book's print page numbers in the margin and nowhere else: the page drawn
/// with them differs from the page drawn without only right of the text column, on pages where a print page starts.
@Suite struct PrintPageLabelRenderingTests {
    @Test func labelsAreDrawnInTheMarginOnly() throws {
        let path = RenderFixtures.repositoryRoot + "/Tests/Fixtures/navigation/navigation-epub3.epub"
        let publication = try EPUBReader().read(path: path).publication
        var settings = RenderFixtures.settings(page: Size(width: 390, height: 844), margins: 24)
        settings.margins = EdgeInsets(top: 24, left: 24, bottom: 24, right: 44)
        let layout = try Typesetter(fonts: try FontContext(source: .bundledOnly(directory: RenderFixtures.fontsDirectory)))
            .layout(publication.text, settings: settings)
        let renderer = try PageRenderer()
        var plain = RenderFixtures.appearance(.light, scale: 1)
        plain.printPageLabels = false
        var labelled = plain
        labelled.printPageLabels = true
        var pagesWithLabels = 0
        for page in layout.pages.indices {
            let without = try renderer.render(page: page, of: layout, appearance: plain, resources: publication.resourceLoader)
            let with = try renderer.render(page: page, of: layout, appearance: labelled, resources: publication.resourceLoader)
            var changed: [Int] = []
            for index in stride(from: 0, to: with.pixels.count, by: 4) where with.pixels[index..<(index + 4)] != without.pixels[index..<(index + 4)] {
                changed.append((index / 4) % with.width)
            }
            let expectsLabel = !layout.printPageLabelRuns(onPage: page).isEmpty
            #expect(changed.isEmpty == !expectsLabel, "page \(page + 1)")
            #expect(changed.allSatisfy { Double($0) >= settings.contentRect.maxX }, "page \(page + 1): a label drawn over the text column")
            if expectsLabel { pagesWithLabels += 1 }
        }
        #expect(pagesWithLabels >= 8)
    }
}
