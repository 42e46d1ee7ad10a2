import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

extension Bench {
    /// The rows of ``imageRows``: Moby-Dick's EPUB opened, its first page with an image drawn by a new renderer
    /// (read, decoded and scaled) and by one that drew it before (from its cache), and a text page, interleaved.
    static let imageRowNames = ["images.moby.open", "images.moby.image-page.first", "images.moby.image-page.second",
                                "images.moby.text-page"]

    /// images.moby.*: what images cost. The book is read with EPUBReader (image sizes from their headers); pages are
    /// drawn at the reading settings (Charis SIL) at pixel scale 2, the image page being the book's cover.
    func imageRows(_ name: String) throws -> CaseResult {
        if let row = measuredAhead.removeValue(forKey: name) { return row }
        let path = try Fixtures.corpusPath("melville-moby-dick.epub3.epub")
        let publication = try EPUBReader().read(path: path).publication
        let layout = try Typesetter(fonts: fonts).layout(publication.text, settings: readingSettings())
        guard let imagePage = layout.pages.indices.first(where: { !layout.attachments(onPage: $0).isEmpty }) else {
            throw InputError(description: "images.moby: no page of Moby-Dick has an image")
        }
        let textPage = layout.pages.count / 2
        let resources = publication.resourceLoader
        let appearance = Appearance(pixelScale: 2)
        func checksum(_ b: Bitmap) -> Int { b.pixels.withUnsafeBytes { raw in stride(from: 0, to: raw.count, by: 997).reduce(0) { $0 &+ Int(raw[$1]) } } }
        let fresh = Box(try PageRenderer())
        let warm = try PageRenderer()
        _ = try warm.render(page: imagePage, of: layout, appearance: appearance, resources: resources)
        _ = try warm.render(page: textPage, of: layout, appearance: appearance, resources: resources)
        let items = [
            Timed(body: { try EPUBReader().read(path: path).text.length }),
            Timed(prepare: { fresh.value = try PageRenderer() },
                  body: { checksum(try fresh.value.render(page: imagePage, of: layout, appearance: appearance, resources: resources)) }),
            Timed(body: { checksum(try warm.render(page: imagePage, of: layout, appearance: appearance, resources: resources)) }),
            Timed(body: { checksum(try warm.render(page: textPage, of: layout, appearance: appearance, resources: resources)) }),
        ]
        let timings = try measureInterleaved(items, runs: options.runs, warmup: max(1, options.warmup))
        let text = Statistics(timings[3].wall).median
        let image = layout.attachments(onPage: imagePage)[0]
        let pixels = "\(Int(image.rect.width * 2))×\(Int(image.rect.height * 2)) px"
        let notes = [
            "EPUBReader().read of the 1.6 MB book (\(layout.pages.count) pages at the reading settings)",
            "page \(imagePage + 1), \(image.attachment.source ?? "?") decoded and scaled to \(pixels) by a new renderer; text page drawn: \(format(text)) ms",
            "the same page again (decoded image from the renderer's cache); text page: \(format(text)) ms",
            "page \(textPage + 1), text only, warm glyph cache",
        ]
        for (index, rowName) in Self.imageRowNames.enumerated() {
            measuredAhead[rowName] = result(rowName, timings: timings[index], notes: notes[index])
        }
        return measuredAhead.removeValue(forKey: name) ?? result(name, timings: timings[0])
    }
}
