import TypesetCore

/// Help texts, the shell completion and the manual's option list, all printed from the two option tables
/// (``ReaderSettings/table`` and ``CommandOption/all``), so that none of them can disagree with the parser.
enum Help {
    /// The version `--version` prints.
    static let version = "typeset \(Typesetter.version)"

    static let exitStatuses = "Exit status: 0 success, 1 unreadable or invalid input, 2 bad options, 3 no usable font, 4 cannot write output."

    /// What each command does, for its usage line.
    static func synopsis(_ command: Command) -> (usage: String, summary: String) {
        switch command {
        case .render:
            ("typeset [options] FILE",
             "Lays out a book (plain text, or EPUB 2/3) and writes its pages as PNG files (page-0001.png, ...), or the layout as JSON (--json).")
        case .info:
            ("typeset info FILE [options]",
             "Prints a book's metadata (a text file's encoding and language, how each was found, and where the book opens), its table of contents with the page of every entry at these settings, a reading-time estimate (250 words a minute) and its position count.")
        case .query:
            ("typeset query FILE [options]",
             "The position API and the reading state: one JSON request per line on standard input, one JSON answer per line on standard output (manual, \"Positions\"). setSettings takes the settings below by name, with JSON values.")
        case .locate:
            ("typeset locate FILE [--pages N | --at OFFSET | --locator FILE] [options]",
             "Prints the Readium Locator (JSON) of a page: page N (from 1, default 1), the page holding an offset, or the page a Locator resolves to (how it resolved goes to standard error).")
        case .positions:
            ("typeset positions FILE [--at OFFSET]",
             "Prints the positions list (one position per 1024 characters of each resource) and the reading figures at OFFSET (default 0).")
        case .search:
            ("typeset search FILE QUERY [options]",
             "Searches a book: one JSON line per result, in book order, as it is found ({\"index\", \"range\", \"locator\"}). Case, accents and width are ignored unless said otherwise; the collation is the book's language's (else --lang). Write -- before a query that starts with a dash.")
        case .cover:
            ("typeset cover FILE [-o FILE.png] [--width PX]",
             "Writes a book's cover image as a PNG thumbnail (-o - for standard output): the manifest's cover-image, else the image <meta name=\"cover\"> names, else the first image of the first spine item.")
        case .serve:
            ("typeset serve [FOLDER] [--port N] [--host ADDRESS] [--db FILE] [options]",
             "Serves the books of a folder (default: the current one; .epub and .txt files below it) to read in a web browser: a library page, a reader per book whose pages Typeset lays out, the query protocol over HTTP, reading positions, highlights and notes kept in SQLite. Settings options are the readers' defaults. Stops on Ctrl-C.")
        case .speak:
            ("typeset speak FILE [--from LOCATOR | --at OFFSET] [--sentences N] [-o FILE.wav] [--marks FILE.json] [options]\n       typeset speak --narration BOOK.epub --marks FILE.json [-o FILE.wav] [--highlight-pages DIR]",
             "Reads sentences of a book aloud with eSpeak NG, from the sentence a Locator or an offset points into, in the voice of each sentence's language, into a WAV file; --marks writes the UTF-16 range and the time of every word and sentence. With --narration, writes the marks of the book's own recorded narration (EPUB 3 Media Overlays) instead: each clip's range, time on the narration's timeline, audio file and clip; clips with no audio (text-only pars) are read by eSpeak NG in their turn, their clips spans of the synthesized speech that -o writes.")
        case .batch:
            ("typeset batch [--time-limit S] [--memory-limit MB] [--page-limit N] [--covers DIR] [settings]",
             "Reads jobs as JSON lines on standard input ({\"book\": PATH, \"id\": ..., settings by name, \"limits\": {...}}) and writes one JSON result per job on standard output (schema typeset-batch-result/1: metadata, page counts at the reference profile and at the job's settings, positions, a layout QA report with Locators, a layout checksum), fonts loaded once. Jobs run in a supervised worker process: a job over its limits ends with an error result, and the worker is restarted (manual, \"Catalogues\").")
        case .catalog:
            ("typeset catalog FOLDER -o RESULTS.jsonl [--jobs N | --dask ADDRESS] [options]\n       typeset catalog --summary RESULTS.jsonl",
             "Runs the batch over every book (.epub, .txt) under FOLDER with one worker process per core (or on a Dask cluster), appending one result per book to RESULTS.jsonl; books already there are skipped, so an interrupted run resumes. --summary summarises a results file.")
        }
    }

    /// `typeset help` and `typeset --help`: every command in a line, then the render command's options.
    static var overview: String {
        var text = ""
        for command in Command.allCases {
            text += (command == .render ? "usage: " : "       ") + synopsis(command).usage + "\n"
        }
        text += "       typeset help [COMMAND]        help for a command\n"
        text += "       typeset completion SHELL      a completion script: SHELL is bash, zsh or fish\n"
        text += "       typeset --version\n\n"
        return text + options(for: .render, includeUsage: false)
    }

    /// `typeset help COMMAND` and `typeset COMMAND --help`.
    static func usage(_ command: Command) -> String {
        options(for: command, includeUsage: true) + (command == .query ? QueryOperation.helpText : "")
    }

    private static func options(for command: Command, includeUsage: Bool) -> String {
        let (usage, summary) = synopsis(command)
        var text = includeUsage ? "usage: \(usage)\n" : ""
        text += wrap(summary, indent: 0) + "\n"
        for group in CommandOption.Group.allCases {
            let options = CommandOption.all.filter { $0.group == group && $0.commands.contains(command) }
            guard !options.isEmpty else { continue }
            if group == .settingShorthands {
                guard command.takesSettings else { continue }
                text += settingsSection(command)
            }
            text += "\n\(group.rawValue):\n"
            for option in options {
                let spelled = (option.short.map { $0 + ", " } ?? "") + option.name + (option.valueName.map { " " + $0 } ?? "")
                text += line(spelled, option.help)
            }
        }
        return text + "\n" + exitStatuses + "\n"
    }

    private static func settingsSection(_ command: Command) -> String {
        var text = "\nSettings (default in brackets; typeset query's setSettings takes the same names):\n"
        for setting in ReaderSettings.table {
            text += line(spelling(setting), setting.help + " [" + setting.defaultText + "]")
        }
        return text
    }

    /// `--size PT`, `--hyphenate, --no-hyphenate`.
    static func spelling(_ setting: ReaderSetting) -> String {
        if case .flag = setting.kind { return "--\(setting.name), --no-\(setting.name)" }
        return "--\(setting.name) \(setting.valueSyntax)"
    }

    /// One option line: the spelling in a 26-column field, then the help wrapped at 118 columns.
    static func line(_ spelled: String, _ help: String) -> String {
        let field = 26
        if spelled.count + 2 < field + 2 {
            return "  " + spelled + String(repeating: " ", count: field - spelled.count) + wrap(help, indent: field + 2, firstLineUsed: field + 2) + "\n"
        }
        return "  " + spelled + "\n" + String(repeating: " ", count: field + 2) + wrap(help, indent: field + 2, firstLineUsed: field + 2) + "\n"
    }

    private static func wrap(_ text: String, indent: Int, firstLineUsed: Int = 0, width: Int = 118) -> String {
        var lines: [String] = []
        var current = ""
        var used = firstLineUsed
        for word in text.split(separator: " ") {
            if !current.isEmpty, used + current.count + 1 + word.count > width {
                lines.append(current)
                current = ""
                used = indent
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        lines.append(current)
        return lines.joined(separator: "\n" + String(repeating: " ", count: indent))
    }

    /// The manual's option list (between `<!-- options -->` markers in the command-line tool's DocC article), as
    /// Markdown: `typeset help --markdown`.
    static var markdown: String {
        var text = "| Option | Default | Commands | What it does |\n|---|---|---|---|\n"
        func commands(_ set: Set<Command>) -> String {
            if set.count == Command.allCases.count { return "all" }
            if set.count == Command.allCases.count - 1, let missing = Command.allCases.first(where: { !set.contains($0) }) {
                return "all but \(missing.rawValue)"
            }
            return Command.allCases.filter(set.contains).map { $0 == .render ? "render" : $0.rawValue }.joined(separator: ", ")
        }
        for setting in ReaderSettings.table {
            text += "| `\(spelling(setting).replacingBar)` | `\(setting.defaultText)` | \(commands(Set(Command.allCases.filter(\.takesSettings)))) | \(setting.help.replacingBar) |\n"
        }
        for option in CommandOption.all {
            let spelled = (option.short.map { "`\($0)`, " } ?? "") + "`" + option.name + (option.valueName.map { " " + $0 } ?? "") + "`"
            text += "| \(spelled.replacingBar) | | \(commands(option.commands)) | \(option.help.replacingBar) |\n"
        }
        return text
    }
}

private extension String {
    /// `|` escaped for a Markdown table cell.
    var replacingBar: String { split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|") }
}
