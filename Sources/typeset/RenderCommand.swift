import TypesetCore
import TypesetDocuments
import TypesetRender

/// `typeset [options] FILE`: PNG pages, or the layout as JSON.
enum RenderCommand {
    static func run(_ options: Options) throws {
        guard let input = options.input else { throw UsageError("no input file (see typeset help)") }
        let book = try LaidOutBook(input: input, options: options)
        let layout = book.layout
        let selected: ClosedRange<Int>
        if let target = try book.targetPage(options) {
            selected = target...target
        } else {
            selected = try selectedPages(options.pages, count: layout.pages.count)
        }
        // Checked even for --json, so that a bad decoration is reported whatever the output.
        let decorations = try DecorationInput.decorationSet(options, publication: book.file.publication)
        if !options.json { _ = try destination(options, input: input, pageCount: selected.count) }
        Console.shared.releaseNotices()
        if options.json {
            Console.shared.line(JSONWriter.render(layoutJSON(layout, pages: selected, settings: options.settings)))
            return
        }
        try writePNGs(layout, pages: selected, input: input, options: options, decorations: decorations)
    }

    private static func selectedPages(_ requested: ClosedRange<Int>?, count: Int) throws -> ClosedRange<Int> {
        guard let requested else { return 0...(count - 1) }
        guard requested.lowerBound < count else {
            throw UsageError("--pages: the book has \(count) page\(count == 1 ? "" : "s") at these settings")
        }
        return requested.lowerBound...min(requested.upperBound, count - 1)
    }

    /// Where `-o` sends the pages.
    private enum Destination {
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

    private static func destination(_ options: Options, input: String, pageCount: Int) throws -> Destination {
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

    private static func writePNGs(_ layout: BookLayout, pages: ClosedRange<Int>, input: String, options: Options,
                                  decorations: DecorationSet?) throws {
        let console = Console.shared
        let destination = try destination(options, input: input, pageCount: pages.count)
        let renderer = try PageRenderer()
        let appearance = options.settings.appearance
        var folder = destination.folder.map { PageFolder(path: $0, pageCount: layout.pages.count) }
        for index in pages {
            let png = try renderer.renderPNG(page: index, of: layout, appearance: appearance, decorations: decorations)
            switch destination {
            case .standardOutput:
                console.write(bytes: png)
            case .file(let path):
                try PNGEncoder.write(png, to: path)
            case .folder:
                try folder?.write(png, pageIndex: index)
            }
            console.progress("typeset: page \(index + 1 - pages.lowerBound)/\(pages.count)")
        }
        console.progress("", done: true)
        switch destination {
        case .folder(let folder):
            console.notice("wrote \(pages.count) page\(pages.count == 1 ? "" : "s") of \(layout.pages.count) to \(folder)/")
        case .file(let path):
            console.notice("wrote page \(pages.lowerBound + 1) of \(layout.pages.count) to \(path)")
        case .standardOutput:
            break
        }
    }

    /// The `--json` document (see the README for its schema).
    static func layoutJSON(_ layout: BookLayout, pages: ClosedRange<Int>, settings: ReaderSettings) -> JSONWriter.Value {
        var pageValues: [JSONWriter.Value] = []
        for index in pages {
            let page = layout.pages[index]
            let lines = layout.lines(onPage: index).map(JSONWriter.Value.line)
            pageValues.append(.object([("index", .integer(index)), ("number", .integer(index + 1)), ("range", .range(page.range)),
                                       ("lines", .array(lines))]))
        }
        return .object([
            ("textLength", .integer(layout.text.length)),
            ("pageSize", .size(layout.pages.first?.size ?? layout.settings.pageSize)),
            ("pageCount", .integer(layout.pages.count)),
            ("settings", .settings(settings)),
            ("pages", .array(pageValues)),
        ])
    }
}
