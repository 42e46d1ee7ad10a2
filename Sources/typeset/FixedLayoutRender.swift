import TypesetCore
import TypesetDocuments
import TypesetRender

/// `typeset BOOK.epub` for a fixed-layout book (every spine item in the text `pre-paginated`): each item one page,
/// laid out alone at its viewport and scaled into the reader's page (``FixedPage``), or two facing pages per PNG
/// with `--spread` (single pages when the book says `rendition:spread none`). `--pages` picks pages; `--json`,
/// `--scroll` and a book that mixes fixed and reflowable items take the reflowable path.
enum FixedLayoutRender {
    /// The book's pages (each spine item in the text, in text order, with its viewport) when every item in the text
    /// is pre-paginated with a viewport; nil otherwise.
    static func pages(of epub: EPUBBook) -> [(range: Range<UTF16Offset>, viewport: Size)]? {
        let items = epub.spine.filter { $0.range != nil }.sorted { ($0.range?.lowerBound ?? 0) < ($1.range?.lowerBound ?? 0) }
        let pages = items.compactMap { item -> (range: Range<UTF16Offset>, viewport: Size)? in
            guard let range = item.range, let viewport = item.fixedLayout?.viewport else { return nil }
            return (range, viewport)
        }
        return !pages.isEmpty && pages.count == items.count ? pages : nil
    }

    static func run(_ book: OpenedBook, epub: EPUBBook, pages: [(range: Range<UTF16Offset>, viewport: Size)], input: String,
                    options: Options) throws {
        let console = Console.shared
        let settings = book.settings
        let selected = try RenderCommand.selectedPages(options.pages, count: pages.count)
        let renderer = try PageRenderer()
        let resources = book.file.publication.resourceLoader
        let pageSize = settings.typography.pageSize
        func draw(_ index: Int?) throws -> Bitmap? {
            guard let index else { return nil }
            let page = try FixedPage.make(text: book.file.text, range: pages[index].range, viewport: pages[index].viewport,
                                          pageSize: pageSize, typesetter: book.typesetter, settings: settings.typography)
            return try renderer.render(fixed: page, pageSize: pageSize, appearance: settings.appearance, resources: resources)
        }
        var pictures: [(index: Int, draw: () throws -> Bitmap)] = []
        var noun = "page"
        if let firstPageAlone = options.spreadFirstPageAlone, epub.renditionSpread != .none {
            let progression = book.file.pageProgression ?? .leftToRight
            let spreads = PageSpread.spreads(pageCount: pages.count, progression: progression, firstPageAlone: firstPageAlone)
            guard let first = PageSpread.spreadIndex(ofPage: selected.lowerBound, pageCount: pages.count, firstPageAlone: firstPageAlone),
                  let last = PageSpread.spreadIndex(ofPage: selected.upperBound, pageCount: pages.count, firstPageAlone: firstPageAlone) else {
                throw UsageError("--pages: the book has \(pages.count) fixed-layout pages")
            }
            noun = "spread"
            pictures = (first...last).map { index in
                (index, { try Bitmap.spread(left: try draw(spreads[index].left), right: try draw(spreads[index].right),
                                            fill: settings.appearance.theme.background) })
            }
        } else {
            if options.spreadFirstPageAlone != nil { console.notice("--spread: the book says rendition:spread none; its pages are drawn one by one") }
            pictures = selected.map { index in (index, { try draw(index) ?? Bitmap(width: 1, height: 1, fill: settings.appearance.theme.background) }) }
        }
        let destination = try RenderCommand.destination(options, input: input, pageCount: pictures.count)
        console.releaseNotices()
        var folder = destination.folder.map { PageFolder(path: $0, pageCount: noun == "page" ? pages.count : pictures.last.map { $0.index + 1 } ?? 1, noun: noun) }
        for (done, picture) in pictures.enumerated() {
            let png = try PNGEncoder.encode(try picture.draw())
            switch destination {
            case .standardOutput: console.write(bytes: png)
            case .file(let path): try PNGEncoder.write(png, to: path)
            case .folder: try folder?.write(png, pageIndex: picture.index)
            }
            console.progress("typeset: \(noun) \(done + 1)/\(pictures.count)")
        }
        console.progress("", done: true)
        switch destination {
        case .folder(let path):
            console.notice("wrote \(pictures.count) fixed-layout \(noun)\(pictures.count == 1 ? "" : "s") of \(pages.count) pages to \(path)/")
        case .file(let path):
            console.notice("wrote fixed-layout \(noun) \((pictures.first?.index ?? 0) + 1) to \(path)")
        case .standardOutput:
            break
        }
    }
}
