import Foundation
import TypesetCore
import TypesetDocuments
import TypesetRender

/// Exit statuses, as `--help` documents them.
enum ExitStatus: Int32 {
    case success = 0
    case badInput = 1
    case badUsage = 2
    case noFont = 3
    case cannotWrite = 4
}

/// A failure with its exit status and one-line message.
struct ToolFailure: Error {
    let status: ExitStatus
    let message: String
}

/// Standard error, unbuffered, one line at a time.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// The `typeset` command: reads a book, lays it out and writes PNG pages or JSON.
struct Tool {
    let arguments: [String]

    /// Subcommands, by their first argument; anything else is the render command (`typeset [options] FILE`).
    static let subcommands: [String: @Sendable ([String]) throws -> Void] = [
        "query": QueryCommand.run,
        "info": InfoCommand.run,
        "locate": LocateCommand.run,
        "positions": LocateCommand.runPositions,
    ]

    func run() -> Int32 {
        do {
            if let name = arguments.first, let subcommand = Tool.subcommands[name] {
                try subcommand(Array(arguments.dropFirst()))
                return ExitStatus.success.rawValue
            }
            let options = try Options.parse(arguments)
            if options.help || options.input == nil {
                if options.help { print(Options.usage); return ExitStatus.success.rawValue }
                printError("typeset: no input file (see --help)")
                return ExitStatus.badUsage.rawValue
            }
            try render(options)
            return ExitStatus.success.rawValue
        } catch let error as UsageError {
            printError("typeset: \(error.description)")
            return ExitStatus.badUsage.rawValue
        } catch let failure as ToolFailure {
            printError("typeset: \(failure.message)")
            return failure.status.rawValue
        } catch {
            printError("typeset: \(error)")
            return ExitStatus.badInput.rawValue
        }
    }

    /// Loads the fonts the options ask for.
    static func fontContext(_ options: Options) throws -> FontContext {
        let directory = BundledFonts.directory(explicit: options.fontDirectory)
        do {
            switch options.fontChoice {
            case .system:
                return try FontContext(source: .systemAndBundled(directory: directory), matchCache: fontMatchCacheDirectory())
            case .bundled:
                guard let directory else {
                    throw ToolFailure(status: .noFont, message: "no bundled Fonts/ directory found; pass --font-dir DIR")
                }
                return try FontContext(source: .bundledOnly(directory: directory))
            }
        } catch let error as FontError {
            throw ToolFailure(status: .noFont, message: error.message)
        }
    }

    /// Where the CLI keeps its font match cache (see ``FontContext/init(source:matchCache:)``):
    /// `$XDG_CACHE_HOME/typeset`, else `~/.cache/typeset`; none when `TYPESET_FONT_CACHE` is `off` or there is
    /// no home. A one-page run spent a sixth of its time loading fontconfig's configuration to find one face.
    static func fontMatchCacheDirectory() -> String? {
        // getenv rather than ProcessInfo.environment, which copies the whole environment into a dictionary.
        func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
        if variable("TYPESET_FONT_CACHE") == "off" { return nil }
        if let cache = variable("XDG_CACHE_HOME"), cache.hasPrefix("/") { return cache + "/typeset" }
        if let home = variable("HOME"), home.hasPrefix("/") { return home + "/.cache/typeset" }
        return nil
    }

    private func render(_ options: Options) throws {
        guard let input = options.input else { return }
        let book = try LaidOutBook(input: input, options: options, noteSubstitution: true)
        let layout = book.layout
        let selected: ClosedRange<Int>
        if let target = try book.targetPage(options) {
            selected = target...target
        } else {
            selected = try selectedPages(options.pages, count: layout.pages.count)
        }
        // Checked even for --json, so that a bad decoration is reported whatever the output.
        let decorations = try DecorationInput.decorationSet(options, publication: book.document.publication)
        if options.json {
            print(JSONWriter.render(Tool.layoutJSON(layout, pages: selected)))
            return
        }
        try writePNGs(layout, pages: selected, input: input, options: options, decorations: decorations)
    }

    private func selectedPages(_ requested: ClosedRange<Int>?, count: Int) throws -> ClosedRange<Int> {
        guard let requested else { return 0...(count - 1) }
        guard requested.lowerBound < count else {
            throw UsageError("--pages: the book has \(count) page\(count == 1 ? "" : "s") at these settings")
        }
        return requested.lowerBound...min(requested.upperBound, count - 1)
    }

    private func writePNGs(_ layout: BookLayout, pages: ClosedRange<Int>, input: String, options: Options,
                           decorations: DecorationSet?) throws {
        let directory = options.outputDirectory
            ?? URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
        let renderer: PageRenderer
        do { renderer = try PageRenderer() } catch {
            throw ToolFailure(status: .cannotWrite, message: "cannot start the renderer: \(error)")
        }
        let showProgress = !options.quiet && isatty(2) != 0
        let digits = max(4, String(layout.pages.count).count)
        var createdDirectory = false
        for index in pages {
            let number = String(index + 1)
            let name = "page-" + String(repeating: "0", count: max(0, digits - number.count)) + number + ".png"
            let path = (directory as NSString).appendingPathComponent(name)
            let png: [UInt8]
            do {
                png = try renderer.renderPNG(page: index, of: layout, decorations: decorations)
            } catch where error.code == .tooLarge {
                // The options ask for a bitmap beyond the renderer's limit: the user must change them.
                throw UsageError("page \(index + 1) is too large to render (\(error.message)); use a smaller --scale, or pages instead of --scroll")
            } catch where error.code == .png {
                throw ToolFailure(status: .cannotWrite, message: "\(path): \(error.message)")
            } catch {
                throw ToolFailure(status: .badInput, message: "page \(index + 1): \(error.message)")
            }
            // The folder is made once there is something to put in it.
            if !createdDirectory {
                do {
                    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                } catch {
                    throw ToolFailure(status: .cannotWrite, message: "\(directory): cannot create the output folder (\(error.localizedDescription))")
                }
                createdDirectory = true
            }
            do {
                try PNGEncoder.write(png, to: path)
            } catch {
                throw ToolFailure(status: .cannotWrite, message: "\(path): \(error.message)")
            }
            if showProgress {
                FileHandle.standardError.write(Data("\rtypeset: page \(index + 1 - pages.lowerBound)/\(pages.count)".utf8))
            }
        }
        if showProgress { FileHandle.standardError.write(Data("\n".utf8)) }
        if !options.quiet {
            printError("typeset: wrote \(pages.count) page\(pages.count == 1 ? "" : "s") of \(layout.pages.count) to \(directory)/")
        }
    }

    /// The `--json` document (see the README for its schema).
    static func layoutJSON(_ layout: BookLayout, pages: ClosedRange<Int>) -> JSONWriter.Value {
        var pageValues: [JSONWriter.Value] = []
        for index in pages {
            let page = layout.pages[index]
            let lines = layout.lines(onPage: index).map(JSONWriter.Value.line)
            pageValues.append(.object([("index", .integer(index)), ("range", .range(page.range)), ("lines", .array(lines))]))
        }
        return .object([
            ("textLength", .integer(layout.text.length)),
            ("pageSize", .size(layout.pages.first?.size ?? layout.settings.pageSize)),
            ("pageCount", .integer(layout.pages.count)),
            ("settings", .settings(layout.settings, mode: layout.mode)),
            ("pages", .array(pageValues)),
        ])
    }
}
