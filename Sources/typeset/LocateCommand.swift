import Foundation
import TypesetCore
import TypesetDocuments

/// `typeset locate` and `typeset positions`: Readium Locators for pages, the positions list and reading figures.
enum LocateCommand {
    static func run(_ options: Options) throws {
        guard let input = options.input else { throw UsageError("locate: no input file (typeset locate FILE [--pages N | --at OFFSET])") }
        let book = try LaidOutBook(input: input, options: options)
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
        guard let locator = book.file.publication.locator(forPage: pageIndex, of: layout) else {
            throw ToolFailure(status: .badInput, message: "page \(pageIndex + 1) has no text to locate")
        }
        let range = layout.pages[pageIndex].range
        if options.json {
            Console.shared.line(JSONWriter.render(.object([
                ("page", .integer(pageIndex + 1)), ("pageIndex", .integer(pageIndex)), ("pageCount", .integer(layout.pages.count)),
                ("range", .range(range)), ("locator", .locator(locator))])))
        } else {
            // The Locator alone, as `--locator` and `--from` read it back; the page's figures are a notice.
            Console.shared.notice("page \(pageIndex + 1) of \(layout.pages.count), offsets \(range.lowerBound)..<\(range.upperBound)")
            Console.shared.releaseNotices()
            Console.shared.line(JSONWriter.render(.locator(locator)))
        }
    }

    static func runPositions(_ options: Options) throws {
        guard let input = options.input else { throw UsageError("positions: no input file (typeset positions FILE)") }
        let file = try BookFile.open(path: input, encoding: options.encoding, previewBytes: options.previewBytes)
        for notice in file.notices.prefix(5) { Console.shared.notice(notice) }
        let publication = file.publication
        let offset = options.at ?? 0
        guard offset <= publication.text.length else {
            throw UsageError("--at: offset \(offset) is past the end of the text (0...\(publication.text.length))")
        }
        // The book proper: a distributor's header and licence are not read (Publication.bodyRange).
        let figures = ReadingFigures(text: publication.text, offset: offset, within: publication.bodyRange)
        let positions = publication.positionLocators.map { JSONWriter.Value.locator($0) }
        Console.shared.line(JSONWriter.render(.object([
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
