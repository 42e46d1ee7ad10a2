import TypesetCore
import TypesetDocuments

/// A command-line mistake: printed as one line, exit status 2.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description.oneLine() }
}

/// The tool's commands.
enum Command: String, CaseIterable, Sendable {
    /// `typeset [options] FILE`: PNG pages or the layout as JSON.
    case render
    /// `typeset info FILE`: metadata, contents with page numbers, reading figures.
    case info
    /// `typeset query FILE`: the position API and the reading state over JSON lines.
    case query
    /// `typeset locate FILE`: the Locator of a page.
    case locate
    /// `typeset positions FILE`: the positions list and reading figures.
    case positions
    /// `typeset search FILE QUERY`: search results as JSON lines.
    case search
    /// `typeset speak FILE`: sentences read aloud into a WAV file, with word marks.
    case speak
    /// `typeset cover FILE`: the cover image as a PNG thumbnail.
    case cover
    /// `typeset serve [FOLDER]`: a reader in the browser for the books of a folder.
    case serve
    /// `typeset batch`: JSON-lines jobs on stdin, one result per job on stdout (CatalogOptions.swift).
    case batch
    /// `typeset catalog FOLDER -o RESULTS.jsonl`: the batch over a folder tree, locally or on Dask.
    case catalog

    /// Whether the reader settings (``ReaderSettings/table``) apply to the command.
    var takesSettings: Bool { self != .positions && self != .cover }
    /// Whether the command reads books one at a time from its input (`batch`, `catalog`), rather than one book.
    var isCatalogue: Bool { self == .batch || self == .catalog }
    /// Whether the command takes a second word after the book (the search query).
    var takesQuery: Bool { self == .search }
    /// Whether `-` may name the book (read from standard input): every command of one book except `query`, whose
    /// requests come there.
    var readsBookFromStandardInput: Bool { ![.query, .serve, .batch, .catalog].contains(self) }
}

/// Which fonts the tool may use.
enum FontChoice: String, CaseIterable {
    /// Installed fonts first, then the bundled ones (the default).
    case system
    /// Only the bundled `Fonts/` directory: the same output on every machine.
    case bundled
}

/// Everything the command line said.
struct Options {
    /// The reader settings (typography, appearance, mode, publisher styles), from the defaults.
    var settings = ReaderSettings()
    /// Whether `--scroll`, `--no-scroll` or `--paged` chose the mode; otherwise an EPUB's `rendition:flow` does.
    var modeChosen = false
    var input: String?
    /// `-o`: a folder, a `.png` file (one page) or `-` (one page, to standard output).
    var output: String?
    /// `--pages`, as zero-based indices.
    var pages: ClosedRange<Int>?
    var json = false
    var fontChoice: FontChoice = .system
    var fontDirectory: String?
    var threads = 2
    /// `--at`: the UTF-16 offset whose page to render or locate.
    var at: Int?
    /// `--locator`: a Locator JSON file whose page to render or locate.
    var locatorPath: String?
    /// `cover --width`: the thumbnail's width in pixels.
    var coverWidth: Int?
    /// `--print-page`: the label of the book's print page (or synthetic reference page) whose page to render or locate.
    var printPage: String?
    var quiet = false
    var help = false
    /// `--highlight` values, in order (see ``DecorationInput``).
    var highlights: [DecorationInput.Highlight] = []
    /// `--decorations FILE`.
    var decorationsFile: String?
    /// `--preview BYTES`: read only the first bytes of a plain-text book.
    var previewBytes: Int?
    /// `--encoding NAME`: a plain-text book's encoding, instead of the detector's guess.
    var encoding: TextEncoding?
    /// `typeset search`'s query (the word after the book).
    var query: String?
    /// `--case-sensitive`, `--diacritic-sensitive`, `--whole-word`, `--exact`.
    var search = SearchOptions()
    /// `--max-results N`.
    var maxResults: Int?
    /// `--highlight-pages DIR`: where `search` and `speak` draw the pages they touch.
    var highlightPages: String?
    /// `--from LOCATOR`: a Locator (a JSON file, or the JSON itself) where `speak` starts.
    var from: String?
    /// `--sentences N`.
    var sentences = 1
    /// `--marks FILE`.
    var marks: String?
    /// `--voice NAME`.
    var voice: String?
    /// `speak --narration`: the marks of the book's Media Overlays rather than speech.
    var narration = false
    /// `--viewport`: with `--scroll`, the height of a screen, in points (the scroll pages are drawn screen by screen).
    var viewport: Double?
    /// `--spread`: draw two facing pages per PNG; whether the first page stands alone (`recto`) or faces the
    /// second (`paired`). Nil: one page per PNG.
    var spreadFirstPageAlone: Bool?
    /// `typeset serve`'s `--port` (0: any free port), `--host`, `--db` and `--max-books`.
    var port = 8080
    var host = "127.0.0.1"
    var database: String?
    var maximumBooks = 4
    /// `typeset batch` and `typeset catalog`'s own options.
    var catalog = CatalogOptions()

    /// Parses `arguments` (without the program name and the command) for `command`.
    ///
    /// `--name value` and `--name=value`; `--flag` and `--no-flag` for switches; `-o`, `-q`, `-h` as short
    /// forms. A value that looks like an option (`--font --size`) is refused unless given with `=`, so a
    /// forgotten value never swallows the next option.
    static func parse(_ arguments: [String], for command: Command) throws(UsageError) -> Options {
        var options = Options()
        var index = 0
        var onlyWords = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            // After `--`, every argument is a word (a query that starts with a dash).
            if argument == "--" && !onlyWords {
                onlyWords = true
                continue
            }
            guard !onlyWords, argument.hasPrefix("-"), argument != "-" else {
                if options.input == nil {
                    options.input = argument
                } else if command.takesQuery && options.query == nil {
                    options.query = argument
                } else if let existing = options.input {
                    throw UsageError(command.takesQuery ? "one book and one query: \(argument.oneLinePrefix) is a third word (quote a query of several words)"
                                                        : "more than one input file: \(existing) and \(argument)")
                }
                continue
            }
            var name = argument
            var attached: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                attached = String(argument[argument.index(after: equals)...])
            }
            func value() throws(UsageError) -> String {
                if let attached { return attached }
                guard index < arguments.count else { throw UsageError("\(name) needs a value (see typeset help)") }
                let next = arguments[index]
                // `--x` or `-x` is an option; `-`, `-1` and `-1:3` are values (a negative one is refused later, by
                // the option, with its own reason).
                if next.hasPrefix("--") || (next.hasPrefix("-") && next.dropFirst().first?.isLetter == true) {
                    throw UsageError("\(name) needs a value, not the option \(next) (write \(name)=\(next) for a value that starts with -)")
                }
                index += 1
                return next
            }
            if let option = CommandOption.named(name, for: command) {
                guard option.commands.contains(command) else {
                    throw UsageError("\(option.name) does not apply to \(command.usageName) (see typeset help \(command.helpTopic))")
                }
                let argument: String?
                if option.valueName == nil {
                    guard attached == nil else { throw UsageError("\(name) takes no value") }
                    argument = nil
                } else {
                    argument = try value()
                }
                do { try option.apply(&options, argument) } catch let error as UsageError { throw error } catch {
                    throw UsageError("\(name): \(error)")
                }
                continue
            }
            // Reader settings: --NAME VALUE, and --NAME / --no-NAME for switches.
            let bare = name.hasPrefix("--") ? String(name.dropFirst(2)) : ""
            let negated = bare.hasPrefix("no-") ? String(bare.dropFirst(3)) : nil
            if let setting = ReaderSettings.setting(named: bare) ?? negated.flatMap(ReaderSettings.setting(named:)) {
                guard command.takesSettings else {
                    throw UsageError("\(name) does not apply to \(command.usageName) (see typeset help \(command.helpTopic))")
                }
                if setting.name == "scroll" { options.modeChosen = true }
                do {
                    if case .flag = setting.kind {
                        if let attached {
                            guard negated == nil else { throw UsageError("\(name) takes no value") }
                            try options.settings.set(setting.name, parsing: attached)
                        } else {
                            try options.settings.set(setting.name, to: .flag(negated == nil))
                        }
                    } else {
                        guard negated == nil || setting.name == bare else { throw UsageError("unknown option \(name) (see typeset help)") }
                        try options.settings.set(setting.name, parsing: try value())
                    }
                } catch let error as InvalidSetting {
                    throw UsageError("--\(error.name): \(error.reason)")
                } catch let error as UsageError {
                    throw error
                } catch {
                    throw UsageError("\(name): \(error)")
                }
                continue
            }
            throw UsageError("unknown option \(name.oneLinePrefix) (see typeset help)")
        }
        let targets = [options.at != nil, options.locatorPath != nil, options.pages != nil, options.from != nil,
                       options.printPage != nil].filter { $0 }.count
        guard targets <= 1 else {
            throw UsageError(command == .speak ? "--at and --from each choose where to start: give one of them"
                                               : "--at, --locator, --print-page and --pages each choose the pages: give one of them")
        }
        return options
    }

    /// `5` or `3-7`, one-based and inclusive, as zero-based page indices.
    static func parsePages(_ text: String) throws(UsageError) -> ClosedRange<Int> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { Int($0) }
        guard (1...2).contains(parts.count), numbers.count == parts.count else {
            throw UsageError("--pages: \"\(text.oneLinePrefix)\" is not a page number or a range such as 3-7")
        }
        let first = numbers[0], last = numbers.count == 2 ? numbers[1] : first
        guard first >= 1, last >= first else { throw UsageError("--pages: \"\(text.oneLinePrefix)\" must count from 1 and not run backwards") }
        return (first - 1)...(last - 1)
    }
}

extension Command {
    /// How messages name the command: `typeset info`, or `rendering` for the default command.
    var usageName: String { self == .render ? "rendering (typeset FILE)" : "typeset \(rawValue)" }
    /// The `typeset help` topic of the command.
    var helpTopic: String { self == .render ? "" : rawValue }
}
