import TypesetCore
import TypesetDocuments
import TypesetRender

/// `typeset [options] FILE`: PNG pages, or the layout as JSON.
enum RenderCommand {
    static func run(_ options: Options) throws {
        guard let input = options.input else { throw UsageError("no input file (see typeset help)") }
        HeapTuning.forOneShotRun()
        var book = try OpenedBook(input: input, options: options, opening: drawsFirstPagesOnly(options))
        // The book and the pages drawn outlive the command: the process exits after it (ProcessLifetime).
        defer { ProcessLifetime.keep(book) }
        // A book with fixed-layout items draws them as fixed pages between its reflowed pages, or between the scroll
        // pages of its reflowable stretches (rendition:flow does not apply to fixed items; StyledText.layoutBreaks).
        if let epub = book.file.epub, !options.json, options.viewport == nil,
           book.settings.mode == .paged || options.spreadFirstPageAlone == nil {
            var reflowed: BookLayout?
            if let sheets = try FixedLayoutRender.sheets(of: epub, pageSize: book.settings.typography.pageSize, layout: {
                let layout = try LaidOutBook(book).layout
                reflowed = layout
                return layout
            }) {
                try FixedLayoutRender.run(book, epub: epub, sheets: sheets, layout: reflowed, input: input, options: options)
                return
            }
        }
        if let firstPageAlone = options.spreadFirstPageAlone {
            guard book.settings.mode == .paged else { throw UsageError("--spread: draws facing pages; it goes with paged layout, not --scroll") }
            guard !options.json else { throw UsageError("--spread: draws pictures; --json gives the layout, which has no spreads") }
            try writeSpreads(try LaidOutBook(book), firstPageAlone: firstPageAlone, input: input, options: options)
            return
        }
        let selected: SelectedPages
        if let viewport = options.viewport {
            guard book.settings.mode == .scroll else {
                throw UsageError("--viewport: draws the scroll pages screen by screen; it goes with --scroll")
            }
            guard !options.json else { throw UsageError("--viewport: draws pictures; --json gives the layout, which has no screens") }
            selected = try screens(LaidOutBook(book), height: viewport, options: options)
        } else if let pages = options.pages, options.at == nil, options.locatorPath == nil, options.printPage == nil,
                  book.settings.mode == .paged {
            let opening = book.file.isOpening ? try firstPages(book, through: pages) : nil
            if let opening, opening.pages.count == pages.count {
                selected = opening
                // The whole book is not needed: its decoded text goes back to the heap for the pages' bitmaps.
                book.releaseWhole()
            } else {
                // The pages run past the opening: the whole book is read.
                book = try book.wholeBook()
                selected = try firstPages(book, through: pages)
            }
            // Only what is drawn is checked: the run laid out no more than these pages.
            try book.reportCoverage(in: selected.textRange)
        } else {
            let laidOut = try LaidOutBook(book)
            let layout = laidOut.layout
            let range: ClosedRange<Int>
            if let target = try laidOut.targetPage(options) {
                range = target...target
            } else {
                range = try selectedPages(options.pages, count: layout.pages.count)
            }
            selected = SelectedPages(pages: range.map { SelectedPages.Page(layout: layout, index: $0, number: $0) },
                                     total: PageCount(value: layout.pages.count, isExact: true))
        }
        defer { ProcessLifetime.keep(selected) }
        // Checked even for --json, so that a bad decoration is reported whatever the output.
        let decorations = try DecorationInput.decorationSet(options, publication: book.file.publication)
        if !options.json { _ = try destination(options, input: input, pageCount: selected.pages.count) }
        Console.shared.releaseNotices()
        if options.json {
            Console.shared.line(JSONWriter.render(layoutJSON(selected, text: book.file.text, settings: book.settings)))
            return
        }
        try writePNGs(selected, input: input, options: options, decorations: decorations,
                      resources: book.file.publication.resourceLoader)
    }

    /// Whether the run draws only pages from the book's first on (`--pages 1`, `--pages 1-3`), as PNGs, and needs
    /// nothing else of the whole book (no `--json`, `--at`, `--locator`, `--print-page`, `--viewport`, `--spread`,
    /// decorations or preview; paged): then a plain-text book's opening is read first, and the whole book only when
    /// the pages run past it (``OpenedBook/wholeBook()``).
    private static func drawsFirstPagesOnly(_ options: Options) -> Bool {
        options.pages?.lowerBound == 0 && options.at == nil && options.locatorPath == nil && options.printPage == nil
            && options.viewport == nil && options.spreadFirstPageAlone == nil && !options.json && options.previewBytes == nil
            && options.decorationsFile == nil && options.highlights.isEmpty && options.settings.mode == .paged
    }

    /// The pages a run draws, each with the layout holding it and its index in the book (from 0), and the book's
    /// page count: exact when the whole book was laid out, else an estimate (see ``firstPages(_:through:)``); not
    /// known when only the book's opening was read (``isOpening``).
    struct SelectedPages {
        struct Page {
            let layout: BookLayout
            let index: Int
            let number: Int
            /// The part of the page drawn (a screen of a scroll page), or nil for all of it.
            var window: Rect? = nil
        }
        let pages: [Page]
        let total: PageCount
        /// What the files are called and the notice counts: `page` (`page-0001.png`) or `screen`.
        var noun = "page"
        /// Whether the pages come from the book's opening only (``OpenedBook/wholeBook()``): ``total`` is the
        /// opening's, not the book's.
        var isOpening = false

        /// The text the pages hold, from the first's start to the last's end (the pages are consecutive).
        var textRange: Range<UTF16Offset> {
            guard let first = pages.first, let last = pages.last else { return 0..<0 }
            let start = first.layout.pages[first.index].range.lowerBound
            return start..<max(start, last.layout.pages[last.index].range.upperBound)
        }
    }

    /// The screens of the scroll pages (`--viewport`): windows `height` tall down each page, the last one what is
    /// left (a book whose documents differ in writing mode has a scroll page per run of one mode: their screens
    /// follow one another); all of them, those `--pages` numbers, or the one holding `--at` / `--locator`'s place.
    private static func screens(_ book: LaidOutBook, height: Double, options: Options) throws -> SelectedPages {
        let layout = book.layout
        var all: [SelectedPages.Page] = []
        for page in layout.pages.indices {
            let size = layout.pages[page].size
            for index in 0..<max(1, Int((size.height / height).rounded(.up))) {
                let top = Double(index) * height
                all.append(.init(layout: layout, index: page, number: all.count,
                                 window: Rect(x: 0, y: top, width: size.width, height: min(height, size.height - top))))
            }
        }
        if all.isEmpty {
            let size = layout.settings.pageSize
            all = [.init(layout: layout, index: 0, number: 0, window: Rect(x: 0, y: 0, width: size.width, height: min(height, size.height)))]
        }
        let count = all.count
        let chosen: ClosedRange<Int>
        if let offset = try book.targetOffset(options) {
            let caret = layout.caretRect(for: TextPosition(offset: offset))
            let page = caret?.page ?? 0, top = caret?.rect.minY ?? 0
            let index = all.lastIndex { $0.index == page && ($0.window?.minY ?? 0) <= top } ?? 0
            chosen = index...index
        } else if let requested = options.pages {
            guard requested.lowerBound < count else {
                throw UsageError("--pages: the scroll pages have \(count) screen\(count == 1 ? "" : "s") of \(formatPoints(height)) pt at these settings")
            }
            chosen = requested.lowerBound...min(requested.upperBound, count - 1)
        } else {
            chosen = 0...(count - 1)
        }
        return SelectedPages(pages: Array(all[chosen]), total: PageCount(value: count, isExact: true), noun: "screen")
    }

    /// Pages `requested` (from 0, counted from the book's first page as every page number is), laid out only as
    /// far as the last of them: a reading session goes to the first page asked for (laying out the sections
    /// before it, and in a long one shaping only a little past the page) and turns from there, so the first page
    /// of War and Peace costs its first section, not the book. The page total is then an estimate unless the run
    /// reached the end.
    private static func firstPages(_ book: OpenedBook, through requested: ClosedRange<Int>) throws -> SelectedPages {
        let session = try ReadingSession(publication: book.file.publication, typesetter: book.typesetter,
                                         settings: book.settings, at: 0, completesInBackground: false)
        var page: ReaderPage
        do { page = try session.go(toPageAt: requested.lowerBound) } catch ReadingError.pageOutOfRange(_, let count) {
            throw UsageError("--pages: the book has \(count) page\(count == 1 ? "" : "s") at these settings")
        }
        var number = requested.lowerBound
        var pages: [SelectedPages.Page] = [.init(layout: page.layout, index: page.pageIndex, number: number)]
        while number < requested.upperBound, let next = try session.nextPage() {
            page = next
            number += 1
            pages.append(.init(layout: page.layout, index: page.pageIndex, number: number))
        }
        return SelectedPages(pages: pages, total: session.pageCount, isOpening: book.file.isOpening)
    }

    static func selectedPages(_ requested: ClosedRange<Int>?, count: Int) throws -> ClosedRange<Int> {
        guard let requested else { return 0...(count - 1) }
        guard requested.lowerBound < count else {
            throw UsageError("--pages: the book has \(count) page\(count == 1 ? "" : "s") at these settings")
        }
        return requested.lowerBound...min(requested.upperBound, count - 1)
    }

    /// Where `-o` sends the pages.
    enum Destination {
        /// `page-0001.png`, ... in a folder.
        case folder(String)
        /// One page, to this file.
        case file(String)
        /// One page, to standard output.
        case standardOutput

        var folder: String? {
            if case .folder(let path) = self { return path }
            return nil
        }
    }

    static func destination(_ options: Options, input: String, pageCount: Int) throws -> Destination {
        guard let output = options.output else {
            let name = input.split(separator: "/").last.map(String.init) ?? input
            let stem = name.contains(".") ? String(name[..<(name.lastIndex(of: ".") ?? name.endIndex)]) : name
            return .folder(stem.isEmpty ? "pages" : stem)
        }
        let single = output == "-" || output.lowercased().hasSuffix(".png")
        guard single else { return .folder(output) }
        guard pageCount == 1 else {
            throw UsageError("-o \(output.oneLinePrefix): one page goes to a file or to standard output, and \(pageCount) pages are selected (choose one with --pages N, --at or --locator)")
        }
        return output == "-" ? .standardOutput : .file(output)
    }

    private static func writePNGs(_ selected: SelectedPages, input: String, options: Options, decorations: DecorationSet?,
                                  resources: (any ResourceLoader)?) throws {
        let console = Console.shared
        let destination = try destination(options, input: input, pageCount: selected.pages.count)
        let renderer = try PageRenderer()
        let appearance = options.settings.appearance
        // Named with four digits or more: a book read only as far as its opening has no page count to go by.
        var folder = destination.folder.map {
            PageFolder(path: $0, pageCount: selected.isOpening ? 0 : selected.total.value, noun: selected.noun)
        }
        // An estimated total is said to be one: the book was laid out only as far as the pages drawn.
        let total = selected.isOpening ? "the book (read only as far as its opening: its page count is not known)"
            : selected.total.isExact ? "\(selected.total.value)"
            : "about \(selected.total.value) (an estimate: the book was laid out only as far as this page)"
        // Before a run of several pages into a folder, how many and where: a whole novel is thousands of files.
        if let path = destination.folder, selected.pages.count > 1 {
            console.notice("writing \(selected.pages.count) \(selected.noun)s of \(total) to \(path)/")
        }
        for (done, page) in selected.pages.enumerated() {
            let problemsBefore = renderer.imageProblems.count
            let png = try renderer.renderPNG(page: page.index, of: page.layout, appearance: appearance, decorations: decorations,
                                             resources: resources, window: page.window)
            // One line per image that could not be drawn, naming it and the page.
            for problem in renderer.imageProblems[problemsBefore...] { console.notice("\(selected.noun) \(page.number + 1): \(problem)") }
            switch destination {
            case .standardOutput:
                console.write(bytes: png)
            case .file(let path):
                try PNGEncoder.write(png, to: path)
            case .folder:
                try folder?.write(png, pageIndex: page.number)
            }
            console.progress(selected.noun, count: done + 1, of: selected.pages.count)
        }
        switch destination {
        case .folder(let folder):
            let count = selected.pages.count
            console.notice("wrote \(count) \(selected.noun)\(count == 1 ? "" : "s") of \(total) to \(folder)/")
        case .file(let path):
            console.notice("wrote \(selected.noun) \((selected.pages.first?.number ?? 0) + 1) of \(total) to \(path)")
        case .standardOutput:
            break
        }
    }

    /// `--spread`: the spreads holding the selected pages (all, `--pages`, or the page of `--at` / `--locator`),
    /// each two facing pages in one PNG, in the order the book's pages turn.
    private static func writeSpreads(_ book: LaidOutBook, firstPageAlone: Bool, input: String, options: Options) throws {
        let console = Console.shared
        let layout = book.layout
        let count = layout.pages.count
        let progression = pageProgression(book.file, layout: layout)
        let spreads = PageSpread.spreads(pageCount: count, progression: progression, firstPageAlone: firstPageAlone)
        let pages: ClosedRange<Int>
        if let target = try book.targetPage(options) { pages = target...target } else { pages = try selectedPages(options.pages, count: count) }
        guard let first = PageSpread.spreadIndex(ofPage: pages.lowerBound, pageCount: count, firstPageAlone: firstPageAlone),
              let last = PageSpread.spreadIndex(ofPage: pages.upperBound, pageCount: count, firstPageAlone: firstPageAlone) else {
            throw UsageError("--pages: the book has \(count) page\(count == 1 ? "" : "s") at these settings")
        }
        let decorations = try DecorationInput.decorationSet(options, publication: book.file.publication)
        let destination = try destination(options, input: input, pageCount: last - first + 1)
        console.releaseNotices()
        let renderer = try PageRenderer()
        let appearance = options.settings.appearance
        let resources = book.file.publication.resourceLoader
        var folder = destination.folder.map { PageFolder(path: $0, pageCount: spreads.count, noun: "spread") }
        for (done, index) in (first...last).enumerated() {
            let spread = spreads[index]
            func draw(_ page: Int?) throws -> Bitmap? {
                guard let page else { return nil }
                let problemsBefore = renderer.imageProblems.count
                let bitmap = try renderer.render(page: page, of: layout, appearance: appearance, decorations: decorations,
                                                 resources: resources)
                for problem in renderer.imageProblems[problemsBefore...] { console.notice("page \(page + 1): \(problem)") }
                return bitmap
            }
            let png = try PNGEncoder.encode(try Bitmap.spread(left: try draw(spread.left), right: try draw(spread.right),
                                                              fill: appearance.theme.background))
            switch destination {
            case .standardOutput: console.write(bytes: png)
            case .file(let path): try PNGEncoder.write(png, to: path)
            case .folder: try folder?.write(png, pageIndex: index)
            }
            console.progress("spread", count: done + 1, of: last - first + 1)
        }
        let direction = progression == .rightToLeft ? "right to left" : "left to right"
        switch destination {
        case .folder(let folder):
            console.notice("wrote \(last - first + 1) spread\(last == first ? "" : "s") of \(spreads.count) (\(count) pages, \(direction)) to \(folder)/")
        case .file(let path):
            console.notice("wrote spread \(first + 1) of \(spreads.count) (\(direction)) to \(path)")
        case .standardOutput:
            break
        }
    }

    /// The direction a book's pages turn in: an EPUB's `page-progression-direction`, or its language's direction
    /// when it says `default`; a comic's `ComicInfo.xml`; else as the layout's lines and paragraphs run (``BookLayout/inferredPageProgression``).
    static func pageProgression(_ file: BookFile, layout: BookLayout) -> PageProgression {
        file.pageProgression ?? layout.inferredPageProgression
    }

    /// The `--json` document (see the manual, "The command-line tool", for its schema).
    static func layoutJSON(_ selected: SelectedPages, text: StyledText, settings: ReaderSettings) -> JSONWriter.Value {
        var pageValues: [JSONWriter.Value] = []
        for page in selected.pages {
            let lines = page.layout.lines(onPage: page.index).map(JSONWriter.Value.line)
            var members: [(String, JSONWriter.Value)] = [("index", .integer(page.number)), ("number", .integer(page.number + 1)),
                                                         ("range", .range(page.layout.pages[page.index].range)), ("lines", .array(lines))]
            let images = page.layout.attachments(onPage: page.index).map(JSONWriter.Value.attachment)
            if !images.isEmpty { members.append(("images", .array(images))) }
            pageValues.append(.object(members))
        }
        let first = selected.pages.first
        return .object([
            ("textLength", .integer(text.length)),
            ("pageSize", .size(first.map { $0.layout.pages[$0.index].size } ?? settings.typography.pageSize)),
            ("pageCount", .integer(selected.total.value)),
            ("pageCountIsExact", .bool(selected.total.isExact)),
            ("settings", .settings(settings)),
            ("pages", .array(pageValues)),
        ])
    }
}
