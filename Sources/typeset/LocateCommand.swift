import Foundation
import TypesetCore

/// `typeset locate` and `typeset positions`: Readium Locators for pages, the positions list and reading figures.
enum LocateCommand {
    static let usage = """
        usage: typeset locate FILE [--pages N | --at OFFSET | --locator FILE] [options]
        Prints the Readium Locator (JSON) of the first character of a page: page N (one-based, default 1), the
        page holding a UTF-16 offset, or the page a Locator resolves to. With --locator, also says on stderr how
        it resolved (exact offset, quote, progression...). Takes the render command's settings options.

        usage: typeset positions FILE [--at OFFSET]
        Prints the positions list ({"total": N, "positions": [Locator...]}, one position per 1024 characters of
        each resource) and the reading figures at OFFSET (default 0): words, reading time at 250 words a minute,
        nominal pages of 1,800 characters, percentage read.
        """

    static func run(_ arguments: [String]) throws {
        let options = try Options.parse(arguments)
        if options.help { print(usage); return }
        guard let input = options.input else { throw UsageError("locate: no input file (typeset locate FILE [--pages N | --at OFFSET])") }
        let book = try LaidOutBook(input: input, options: options, noteSubstitution: !options.quiet)
        let layout = book.layout
        let pageIndex: Int
        if let target = try book.targetPage(options) {
            pageIndex = target
        } else {
            let requested = options.pages?.lowerBound ?? 0
            guard requested < layout.pages.count else {
                throw UsageError("--pages: the book has \(layout.pages.count) page\(layout.pages.count == 1 ? "" : "s") at these settings")
            }
            pageIndex = requested
        }
        let page = layout.pages[pageIndex]
        guard var locator = book.document.publication.locator(at: page.range.lowerBound) else {
            throw ToolFailure(status: .badInput, message: "page \(pageIndex + 1) has no text to locate")
        }
        // The last page is the end of the book: 1.0, as readers expect (Readium swift-toolkit #850).
        if pageIndex == layout.pages.count - 1 { locator.locations.totalProgression = 1 }
        print(JSONWriter.render(.object([("page", .integer(pageIndex + 1)), ("pageCount", .integer(layout.pages.count)),
                                         ("range", .range(page.range)), ("locator", .locator(locator))])))
    }

    static func runPositions(_ arguments: [String]) throws {
        let options = try Options.parse(arguments)
        if options.help { print(usage); return }
        guard let input = options.input else { throw UsageError("positions: no input file (typeset positions FILE)") }
        let document = try loadDocument(path: input)
        let publication = document.publication
        let offset = options.at ?? 0
        guard offset <= publication.text.length else {
            throw UsageError("--at: offset \(offset) is past the end of the text (0...\(publication.text.length))")
        }
        let figures = ReadingFigures(text: publication.text, offset: offset)
        let positions = publication.positionLocators.map { JSONWriter.Value.locator($0) }
        print(JSONWriter.render(.object([
            ("total", .integer(positions.count)),
            ("positions", .array(positions)),
            ("figures", .figures(figures, offset: offset)),
        ])))
    }
}

extension JSONWriter.Value {
    /// Reading figures as JSON.
    static func figures(_ figures: ReadingFigures, offset: Int) -> JSONWriter.Value {
        .object([
            ("offset", .integer(offset)),
            ("words", .integer(figures.totalWords)), ("wordsRead", .integer(figures.wordsRead)),
            ("wordsPerMinute", .integer(ReadingFigures.wordsPerMinute)),
            ("minutesTotal", .integer(figures.totalMinutes)), ("minutesLeft", .integer(figures.minutesLeft)),
            ("charactersPerNominalPage", .integer(ReadingFigures.charactersPerNominalPage)),
            ("nominalPages", .integer(figures.nominalPages)), ("nominalPagesRead", .integer(figures.nominalPagesRead)),
            ("percentRead", .integer(figures.percentRead)),
        ])
    }
}

extension LaidOutBook {
    /// The page index `--at` or `--locator` asks for, or nil when neither is given. A Locator's resolution
    /// (how it was found, and what failed first) goes to stderr.
    func targetPage(_ options: Options) throws -> Int? {
        let offset: Int
        if let at = options.at {
            guard at <= document.text.length else {
                throw UsageError("--at: offset \(at) is past the end of the text (0...\(document.text.length))")
            }
            offset = at
        } else if let path = options.locatorPath {
            let locator = try LocatorInput.read(path: path)
            let resolution: LocatorResolution
            do { resolution = try document.publication.resolve(locator) } catch {
                throw ToolFailure(status: .badInput, message: "\(path): \(error.message)")
            }
            if !options.quiet {
                let notes = resolution.notes.isEmpty ? "" : " (" + resolution.notes.joined(separator: "; ") + ")"
                printError("typeset: \(path) resolved to offset \(resolution.offset) by \(resolution.method.rawValue)\(notes)")
            }
            offset = resolution.offset
        } else {
            return nil
        }
        return layout.pageIndex(containing: offset) ?? 0
    }
}
