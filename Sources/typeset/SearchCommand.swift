import TypesetCore
import TypesetDocuments
import TypesetRender

/// `typeset search FILE QUERY`: one JSON line per result, written as each stretch of the book is searched;
/// `--highlight-pages DIR` then draws the pages holding results with the results highlighted (the first active).
enum SearchCommand {
    static func run(_ options: Options) throws {
        guard let input = options.input else { throw UsageError("search: no input file (typeset search FILE QUERY)") }
        guard let query = options.query else { throw UsageError("search: no query (typeset search FILE QUERY)") }
        let console = Console.shared
        let settings = try options.settings.validated()
        // The layout is made only when pages are drawn; a search alone reads the book and nothing else.
        let book = try options.highlightPages.map { _ in try LaidOutBook(input: input, options: options) }
        let file = try book?.file ?? OpenedBook.read(input, options: options, settings: settings)
        if file.comic != nil {
            throw ToolFailure(status: .badInput, message: "search: \(input) is a comic, whose pages are images: it has no text to search")
        }
        let publication = file.publication
        var searchOptions = options.search
        if publication.text.language == nil { searchOptions.language = settings.typography.language }
        let search = publication.search(query, options: searchOptions)
        if let reason = search.unsearchable { console.notice("no results: \(reason)") }
        console.releaseNotices()

        let limit = options.maxResults ?? .max
        // Results are written as they come and kept only to draw them (at most Search.maximumResults of them): a
        // result with its Locator is 450 to 600 bytes, and a big book of short words has millions.
        var found = SearchResultList()
        var count = 0
        try search.forEachBatch(maximumResults: limit) { batch in
            for result in batch.results { console.line(JSONWriter.render(.searchResult(result))) }
            count += batch.results.count
            if book != nil { found.append(Array(batch.results.prefix(Search.maximumResults - found.results.count))) }
            // Each stretch's results are out before the next is searched; a reader that is gone ends the search.
            return count >= limit || console.outputFailure != nil ? .stop : .proceed
        }
        console.notice("\(count) result\(count == 1 ? "" : "s") for \"\(query.oneLinePrefix)\"\(count == limit ? " (--max-results)" : "")")
        if book != nil && count > found.results.count {
            console.notice("--highlight-pages: the pages of the first \(found.results.count) results are drawn (Search.maximumResults)")
        }
        if let book, let folder = options.highlightPages, count > 0 {
            found.activate(0)
            var decorations = DecorationSet(publication: publication)
            decorations.apply(found)
            let pages = pagesHolding(found.results.map(\.range), in: book.layout)
            try draw(pages, of: book.layout, decorations: decorations, into: folder, appearance: settings.appearance)
        }
    }

    /// The page indices that hold some of `ranges`, in order.
    static func pagesHolding(_ ranges: [Range<UTF16Offset>], in layout: BookLayout) -> [Int] {
        var pages = Set<Int>()
        for range in ranges {
            guard let first = layout.pageIndex(containing: range.lowerBound) else { continue }
            let last = layout.pageIndex(containing: max(range.lowerBound, range.upperBound - 1)) ?? first
            pages.formUnion(first...max(first, last))
        }
        return pages.sorted()
    }

    /// Draws `pages` of `layout` with `decorations` into folder `path` (`page-0012.png`, ...).
    static func draw(_ pages: [Int], of layout: BookLayout, decorations: DecorationSet, into path: String,
                     appearance: Appearance) throws {
        let console = Console.shared
        let renderer = try PageRenderer()
        var folder = PageFolder(path: path, pageCount: layout.pages.count)
        for (done, index) in pages.enumerated() {
            try folder.write(try renderer.renderPNG(page: index, of: layout, appearance: appearance, decorations: decorations),
                             pageIndex: index)
            console.progress("typeset: page \(done + 1)/\(pages.count)")
        }
        console.progress("", done: true)
        let names = pages.prefix(3).map(folder.fileName).joined(separator: ", ") + (pages.count > 3 ? ", ..." : "")
        console.notice("wrote \(pages.count) page\(pages.count == 1 ? "" : "s") to \(path)/ (\(names))")
    }
}

extension JSONWriter.Value {
    /// A search result: `{"index", "range", "locator"}`.
    static func searchResult(_ result: SearchResult) -> JSONWriter.Value {
        .object([("index", .integer(result.index)), ("range", .range(result.range)), ("locator", .locator(result.locator))])
    }
}
