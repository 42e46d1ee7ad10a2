import TypesetCore
import TypesetDocuments
import TypesetRender

/// `typeset BOOK.epub` for a book with fixed-layout pages (spine items `pre-paginated`, by the package or by their
/// itemref): each fixed item one page, laid out alone at its viewport and scaled into the reader's page
/// (``FixedPage``), each reflowable item paginated as the rest of the book's text is, in spine order; two facing
/// pages per PNG with `--spread` (paired as the items' `page-spread-*` say; single pages when the book says
/// `rendition:spread none`). `--pages` picks pages. Under `--scroll` the fixed pages stand between the scroll
/// pages of the reflowable stretches (each stretch between fixed items a scroll of its own); `--json` and
/// `--viewport` take the reflowable path.
enum FixedLayoutRender {
    /// One page of a book with fixed pages.
    enum Sheet {
        /// A fixed-layout spine item: its range and viewport.
        case fixed(range: Range<UTF16Offset>, viewport: Size, style: FixedPageStyle)
        /// A page of reflowed text: its index in the book's layout.
        case flowing(pageIndex: Int)
    }

    /// The pages of a book with fixed pages and each page's side in a spread (the item's `page-spread-*`, on its
    /// first page).
    struct Sheets {
        var sheets: [Sheet] = []
        var sides: [PageSpread.Side?] = []
        /// Whether every page is fixed (the book needs no reflowed layout).
        var isAllFixed: Bool { sheets.allSatisfy { if case .fixed = $0 { true } else { false } } }
    }

    /// The pages of a book any of whose items in the text is pre-paginated, in text order; nil for a reflowable
    /// book. A fixed item without a viewport (none in the book, or `device-width`) is a page of the reader's
    /// `pageSize`, filling it. `layout` (the book reflowed) is asked for only when some item is reflowable: its
    /// pages whose start lies in such an item are that item's pages.
    static func sheets(of epub: EPUBBook, pageSize: Size, layout: () throws -> BookLayout) rethrows -> Sheets? {
        let items = epub.spine.filter { $0.range != nil }.sorted { ($0.range?.lowerBound ?? 0) < ($1.range?.lowerBound ?? 0) }
        guard items.contains(where: { $0.fixedLayout != nil }) else { return nil }
        var result = Sheets()
        var reflowed: BookLayout?
        var cursor = 0
        for item in items {
            guard let range = item.range else { continue }
            let side = item.pageSpread.map(Self.side)
            if let fixed = item.fixedLayout {
                result.sheets.append(.fixed(range: range, viewport: fixed.viewport ?? pageSize, style: fixed.page))
                result.sides.append(side)
                continue
            }
            if reflowed == nil { reflowed = try layout() }
            guard let pages = reflowed?.pages else { continue }
            // Items and pages are both in text order: one walk over the pages serves every item (linear).
            while cursor < pages.count, pages[cursor].range.lowerBound < range.lowerBound { cursor += 1 }
            var first = true
            while cursor < pages.count, range.contains(pages[cursor].range.lowerBound) || (first && range.isEmpty && pages[cursor].range.lowerBound == range.lowerBound) {
                result.sheets.append(.flowing(pageIndex: cursor))
                result.sides.append(first ? side : nil)
                first = false
                cursor += 1
            }
        }
        return result.sheets.isEmpty ? nil : result
    }

    static func side(_ position: EPUBPageSpreadPosition) -> PageSpread.Side {
        switch position {
        case .left: .left
        case .right: .right
        case .center: .center
        }
    }

    /// The spreads of the pages as `--spread` draws them: paired as the items ask (the first page alone on the
    /// recto unless it asks for a side), or each page alone when the book says `rendition:spread none`.
    static func spreads(_ sheets: Sheets, epub: EPUBBook, progression: PageProgression, firstPageAlone: Bool = true) -> [PageSpread] {
        guard epub.renditionSpread != .none else {
            return sheets.sheets.indices.map { var alone = PageSpread(left: $0, right: nil); alone.isCentered = true; return alone }
        }
        return PageSpread.spreads(sides: sheets.sides, progression: progression, firstPageAlone: firstPageAlone)
    }

    static func run(_ book: OpenedBook, epub: EPUBBook, sheets: Sheets, layout: BookLayout?, input: String,
                    options: Options) throws {
        let console = Console.shared
        let settings = book.settings
        let count = sheets.sheets.count
        let selected = try RenderCommand.selectedPages(options.pages, count: count)
        let renderer = try PageRenderer()
        let resources = book.file.publication.resourceLoader
        let pageSize = settings.typography.pageSize
        let blank = { Bitmap(width: 1, height: 1, fill: settings.appearance.theme.background) }
        func draw(_ index: Int?, acrossSpread: Bool = false) throws -> Bitmap? {
            guard let index else { return nil }
            switch sheets.sheets[index] {
            case .fixed(let range, let viewport, let style):
                let size = acrossSpread ? Size(width: pageSize.width * 2, height: pageSize.height) : pageSize
                let page = try FixedPage.make(text: book.file.text, range: range, viewport: viewport, pageSize: size,
                                              typesetter: book.typesetter, settings: settings.typography, style: style)
                return try renderer.render(fixed: page, pageSize: size, appearance: settings.appearance, resources: resources)
            case .flowing(let pageIndex):
                guard let layout else { return nil }
                return try renderer.render(page: pageIndex, of: layout, appearance: settings.appearance, resources: resources)
            }
        }
        let landscape = pageSize.width > pageSize.height
        if (epub.renditionOrientation == .landscape && !landscape) || (epub.renditionOrientation == .portrait && landscape) {
            // An app would rotate the screen or say so; a run of the tool says so.
            console.notice("the book is meant to be read in \(epub.renditionOrientation.rawValue) (rendition:orientation); its pages are drawn letterboxed in this \(landscape ? "landscape" : "portrait") page")
        }
        var pictures: [(index: Int, draw: () throws -> Bitmap)] = []
        var noun = "page"
        if let firstPageAlone = options.spreadFirstPageAlone, epub.renditionSpread != .none {
            let progression = book.file.pageProgression ?? .leftToRight
            let spreads = Self.spreads(sheets, epub: epub, progression: progression, firstPageAlone: firstPageAlone)
            guard let first = spreads.firstIndex(where: { $0.left == selected.lowerBound || $0.right == selected.lowerBound }),
                  let last = spreads.firstIndex(where: { $0.left == selected.upperBound || $0.right == selected.upperBound }) else {
                throw UsageError("--pages: the book has \(count) pages")
            }
            noun = "spread"
            pictures = (first...last).map { index in
                let spread = spreads[index]
                if spread.isCentered {     // alone, a fixed page centred across the whole spread
                    return (index, { try draw(spread.left, acrossSpread: true) ?? blank() })
                }
                return (index, { try Bitmap.spread(left: try draw(spread.left), right: try draw(spread.right),
                                                   fill: settings.appearance.theme.background) })
            }
        } else {
            if options.spreadFirstPageAlone != nil { console.notice("--spread: the book says rendition:spread none; its pages are drawn one by one") }
            pictures = selected.map { index in (index, { try draw(index) ?? blank() }) }
        }
        try write(pictures, noun: noun, pageCount: count, kind: sheets.isAllFixed ? "fixed-layout " : "", input: input, options: options)
    }

    private static func write(_ pictures: [(index: Int, draw: () throws -> Bitmap)], noun: String, pageCount: Int, kind: String,
                              input: String, options: Options) throws {
        let console = Console.shared
        let destination = try RenderCommand.destination(options, input: input, pageCount: pictures.count)
        console.releaseNotices()
        var folder = destination.folder.map { PageFolder(path: $0, pageCount: noun == "page" ? pageCount : pictures.last.map { $0.index + 1 } ?? 1, noun: noun) }
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
            console.notice("wrote \(pictures.count) \(kind)\(noun)\(pictures.count == 1 ? "" : "s") of \(pageCount) pages to \(path)/")
        case .file(let path):
            console.notice("wrote \(kind)\(noun) \((pictures.first?.index ?? 0) + 1) to \(path)")
        case .standardOutput:
            break
        }
    }
}
