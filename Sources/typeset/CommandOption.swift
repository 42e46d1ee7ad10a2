import TypesetCore
import TypesetDocuments

/// An option of the tool itself (output, page choice, fonts...), declared once: `--help`, the shell completion
/// and the manual's option list are printed from ``CommandOption/all`` and the reader settings' own table
/// (``ReaderSettings/table``), and the parser reads both.
struct CommandOption: Sendable {
    /// `--output`.
    let name: String
    /// `-o`, if the option has a short form.
    let short: String?
    /// The value's metavariable (`DIR`, `N|A-B`), or nil for a switch.
    let valueName: String?
    /// The commands that take it.
    let commands: Set<Command>
    /// How `--help` groups it.
    let group: Group
    /// One line of help (defaults in brackets).
    let help: String
    let apply: @Sendable (inout Options, String?) throws -> Void

    /// Help sections, in the order `--help` prints them.
    enum Group: String, CaseIterable, Sendable {
        case output = "Output"
        case decorations = "Decorations (drawn on the PNG pages; manual, \"Decorations\")"
        case search = "Search (manual, \"Search\")"
        case speech = "Reading aloud (manual, \"Reading aloud\")"
        case serve = "Serving (manual, \"typeset serve\")"
        case settingShorthands = "Shorthands"
        case plainText = "Plain-text books"
        case catalogue = "Catalogues (manual, \"Catalogues\")"
        case fonts = "Fonts and threads"
        case general = "General"
    }

    /// The option spelled `name` (long or short form), or nil.
    static func named(_ name: String) -> CommandOption? {
        all.first { $0.name == name || $0.short == name }
    }

    /// The option spelled `name` that `command` takes, else the first so spelled when no setting has the name (so
    /// that a command that does not take it says so); nil for a setting's name. An option may share a setting's
    /// name (`cover --width`, in pixels; the page `--width` elsewhere): it is the setting for the other commands.
    static func named(_ name: String, for command: Command) -> CommandOption? {
        let spelled = all.filter { $0.name == name || $0.short == name }
        if let taken = spelled.first(where: { $0.commands.contains(command) }) { return taken }
        let bare = name.hasPrefix("--") ? String(name.dropFirst(2)) : ""
        return ReaderSettings.setting(named: bare) == nil ? spelled.first : nil
    }

    private static let pageCommands: Set<Command> = [.render, .locate]
    private static let settingCommands: Set<Command> = Set(Command.allCases.filter(\.takesSettings))

    /// The commands that read one book (not batch and catalog, whose jobs name theirs).
    private static let bookCommands: Set<Command> = Set(Command.allCases.filter { !$0.isCatalogue })

    static let all: [CommandOption] = tool + CatalogOptions.options

    private static let tool: [CommandOption] = [
        CommandOption(name: "--output", short: "-o", valueName: "PATH", commands: [.render, .speak, .cover, .catalog], group: .output,
                      help: "folder for the PNG pages [a folder named after the book]; or FILE.png, or - for standard output, when one page is drawn (speak: the WAV file [the book's name.wav], or - for standard output; cover: the PNG [BOOK-cover.png], or -; catalog: the results file, appended to)") {
            $0.output = try nonEmpty($1, "--output")
        },
        CommandOption(name: "--pages", short: nil, valueName: "N|A-B", commands: pageCommands, group: .output,
                      help: "only these pages (numbered from 1, inclusive)") {
            $0.pages = try Options.parsePages(try nonEmpty($1, "--pages"))
        },
        CommandOption(name: "--at", short: nil, valueName: "OFFSET", commands: [.render, .locate, .positions, .speak], group: .output,
                      help: "the page holding this UTF-16 offset (positions: the reading figures there; speak: start at the sentence there)") {
            $0.at = try offset($1, "--at")
        },
        CommandOption(name: "--locator", short: nil, valueName: "FILE", commands: pageCommands, group: .output,
                      help: "the page holding this Readium Locator (a JSON file)") {
            $0.locatorPath = try nonEmpty($1, "--locator")
        },
        CommandOption(name: "--width", short: nil, valueName: "PX", commands: [.cover], group: .output,
                      help: "the thumbnail's width in pixels, 1 to 4096, its height in proportion [320]") {
            let text = try nonEmpty($1, "--width")
            guard let width = Int(text), (1...4096).contains(width) else {
                throw UsageError("--width: \"\(text.oneLinePrefix)\" is not a width in pixels from 1 to 4096")
            }
            $0.coverWidth = width
        },
        CommandOption(name: "--print-page", short: nil, valueName: "LABEL", commands: pageCommands, group: .output,
                      help: "the page holding the start of the book's print page LABEL (xii, 245: its page list or page-break markers; a book without them: the synthetic reference page, a position number)") {
            $0.printPage = try nonEmpty($1, "--print-page")
        },
        CommandOption(name: "--viewport", short: nil, valueName: "PT", commands: [.render], group: .output,
                      help: "in scroll mode, draw the scroll pages (one per run of one writing mode) a screen this tall at a time, one PNG each (screen-0001.png, ...; --pages picks screens)") {
            let text = try nonEmpty($1, "--viewport")
            guard let height = Double(text), height.isFinite, height >= 1, height <= 100_000 else {
                throw UsageError("--viewport: \"\(text.oneLinePrefix)\" is not a height from 1 to 100000 points")
            }
            $0.viewport = height
        },
        CommandOption(name: "--spread", short: nil, valueName: "recto|paired", commands: [.render], group: .output,
                      help: "draw two facing pages in one PNG (spread-0001.png, ...) in the order the book's pages turn (right to left for vertical Japanese, Arabic, Hebrew); recto: the first page alone, as a book opens; paired: the first two face each other (--pages picks the spreads holding those pages)") {
            let text = try nonEmpty($1, "--spread")
            switch text {
            case "recto": $0.spreadFirstPageAlone = true
            case "paired": $0.spreadFirstPageAlone = false
            default: throw UsageError("--spread: \"\(text.oneLinePrefix)\" is not recto or paired")
            }
        },
        CommandOption(name: "--json", short: nil, valueName: nil, commands: [.render, .info, .locate], group: .output,
                      help: "write JSON on standard output (render: the layout instead of PNGs; locate: the page number, count and range with the Locator)") { options, _ in
            options.json = true
        },
        CommandOption(name: "--highlight", short: nil, valueName: "START:LENGTH[:COLOUR]", commands: [.render], group: .decorations,
                      help: "highlight a UTF-16 range (repeatable); COLOUR yellow, green, blue, pink, orange, purple or #RRGGBB [yellow]") {
            $0.highlights.append(try DecorationInput.parseHighlight(try nonEmpty($1, "--highlight")))
        },
        CommandOption(name: "--decorations", short: nil, valueName: "FILE", commands: [.render], group: .decorations,
                      help: "highlights and underlines from a JSON file") {
            $0.decorationsFile = try nonEmpty($1, "--decorations")
        },
        CommandOption(name: "--case-sensitive", short: nil, valueName: nil, commands: [.search], group: .search,
                      help: "Natasha does not find natasha (case, accents and width are ignored by default)") { options, _ in
            options.search.caseSensitive = true
        },
        CommandOption(name: "--diacritic-sensitive", short: nil, valueName: nil, commands: [.search], group: .search,
                      help: "resume does not find résumé") { options, _ in
            options.search.diacriticSensitive = true
        },
        CommandOption(name: "--whole-word", short: nil, valueName: nil, commands: [.search], group: .search,
                      help: "matches start and end on word boundaries (art does not find part)") { options, _ in
            options.search.wholeWord = true
        },
        CommandOption(name: "--exact", short: nil, valueName: nil, commands: [.search], group: .search,
                      help: "every difference counts (case, accents, width), except canonically equivalent spellings") { options, _ in
            options.search.exact = true
        },
        CommandOption(name: "--max-results", short: nil, valueName: "N", commands: [.search], group: .search,
                      help: "stop after N results [all]") {
            $0.maxResults = try count($1, "--max-results", in: 1...Int(Int32.max))
        },
        CommandOption(name: "--highlight-pages", short: nil, valueName: "DIR", commands: [.search, .speak], group: .output,
                      help: "also draw the pages holding the results (speak: the sentences spoken) into DIR, highlighted, the first active") {
            $0.highlightPages = try nonEmpty($1, "--highlight-pages")
        },
        CommandOption(name: "--from", short: nil, valueName: "LOCATOR", commands: [.speak], group: .speech,
                      help: "start at the sentence this Readium Locator points into (a JSON file, or the JSON itself) [where the book opens]") {
            $0.from = try nonEmpty($1, "--from")
        },
        CommandOption(name: "--sentences", short: nil, valueName: "N", commands: [.speak], group: .speech,
                      help: "how many sentences to speak, 1 to 1000 [1]") {
            $0.sentences = try count($1, "--sentences", in: 1...1000)
        },
        CommandOption(name: "--marks", short: nil, valueName: "FILE", commands: [.speak], group: .speech,
                      help: "also write each word's UTF-16 range and time in the audio, and each sentence's, as JSON (- for standard output)") {
            $0.marks = try nonEmpty($1, "--marks")
        },
        CommandOption(name: "--narration", short: nil, valueName: nil, commands: [.speak], group: .speech,
                      help: "the marks of the book's own recorded narration (EPUB 3 Media Overlays), not eSpeak's: needs --marks; its text-only clips (no audio) are read by eSpeak NG in their turn, into -o FILE.wav when given; --highlight-pages draws the first --sentences clips from --at/--from") { options, _ in
            options.narration = true
        },
        CommandOption(name: "--voice", short: nil, valueName: "NAME", commands: [.speak], group: .speech,
                      help: "an eSpeak NG voice (gmw/en-US, roa/fr) for every sentence [the voice of each sentence's language]") {
            $0.voice = try nonEmpty($1, "--voice")
        },
        CommandOption(name: "--port", short: nil, valueName: "N", commands: [.serve], group: .serve,
                      help: "the TCP port to listen on, 0 for any free one (the address is printed) [8080]") {
            $0.port = try count($1, "--port", in: 0...65535)
        },
        CommandOption(name: "--host", short: nil, valueName: "ADDRESS", commands: [.serve], group: .serve,
                      help: "the address to listen on: 0.0.0.0 or :: lets other machines read (nothing is encrypted or password-protected) [127.0.0.1]") {
            $0.host = try nonEmpty($1, "--host")
        },
        CommandOption(name: "--db", short: nil, valueName: "FILE", commands: [.serve], group: .serve,
                      help: "the SQLite file of reading positions, highlights and notes [FOLDER/.typeset/reader.sqlite]") {
            $0.database = try nonEmpty($1, "--db")
        },
        CommandOption(name: "--max-books", short: nil, valueName: "N", commands: [.serve], group: .serve,
                      help: "books held laid out at once, 1 to 64; the least recently read is dropped, with its readers (4 each at most) [4]") {
            $0.maximumBooks = try count($1, "--max-books", in: 1...64)
        },
        CommandOption(name: "--justify", short: nil, valueName: nil, commands: settingCommands, group: .settingShorthands,
                      help: "--align justified") { options, _ in
            options.settings.typography.alignment = .justified
        },
        CommandOption(name: "--paged", short: nil, valueName: nil, commands: settingCommands, group: .settingShorthands,
                      help: "--no-scroll: pages (the default)") { options, _ in
            options.settings.mode = .paged
            options.modeChosen = true
        },
        CommandOption(name: "--preview", short: nil, valueName: "BYTES", commands: bookCommands, group: .plainText,
                      help: "read only the first BYTES bytes (16384, 16K, 1M, up to 1G): a preview of a partial download, whose offsets hold in the whole book") {
            $0.previewBytes = try byteCount($1, "--preview")
        },
        CommandOption(name: "--encoding", short: nil, valueName: "NAME", commands: bookCommands, group: .plainText,
                      help: "the text's encoding (UTF-8, Shift_JIS, GB18030, windows-1251, ISO-8859-2...) [found by ICU's detector]") {
            let text = try nonEmpty($1, "--encoding")
            guard let encoding = TextEncoding(named: text) else {
                throw UsageError("--encoding: \"\(text.oneLinePrefix)\" is not an encoding ICU knows (UTF-8, Shift_JIS, EUC-JP, GB18030, Big5, KOI8-R, windows-1251, ISO-8859-1...)")
            }
            $0.encoding = encoding
        },
        CommandOption(name: "--fonts", short: nil, valueName: FontChoice.allCases.map(\.rawValue).joined(separator: "|"),
                      commands: settingCommands, group: .fonts,
                      help: "installed fonts first, then the bundled ones; or only the bundled ones [system]") {
            let text = try nonEmpty($1, "--fonts")
            guard let choice = FontChoice(rawValue: text) else {
                throw UsageError("--fonts: \"\(text.oneLinePrefix)\" is not one of system, bundled")
            }
            $0.fontChoice = choice
        },
        CommandOption(name: "--font-dir", short: nil, valueName: "DIR", commands: settingCommands, group: .fonts,
                      help: "the bundled fonts folder [the package's Fonts/, or $TYPESET_FONT_DIR]") {
            $0.fontDirectory = try nonEmpty($1, "--font-dir")
        },
        CommandOption(name: "--threads", short: nil, valueName: "N", commands: settingCommands, group: .fonts,
                      help: "worker threads for shaping and line breaking, 1 to 64 [2]") {
            let text = try nonEmpty($1, "--threads")
            guard let threads = Int(text), (1...64).contains(threads) else {
                throw UsageError("--threads: \"\(text.oneLinePrefix)\" is not a whole number from 1 to 64")
            }
            $0.threads = threads
            $0.catalog.threadsChosen = true
        },
        CommandOption(name: "--quiet", short: "-q", valueName: nil, commands: Set(Command.allCases), group: .general,
                      help: "no notices: font stand-ins, encodings, recovered books, progress") { options, _ in
            options.quiet = true
        },
        CommandOption(name: "--help", short: "-h", valueName: nil, commands: Set(Command.allCases), group: .general,
                      help: "this help (typeset help COMMAND for a command's)") { options, _ in
            options.help = true
        },
    ]

    private static func nonEmpty(_ value: String?, _ name: String) throws(UsageError) -> String {
        guard let value, !value.isEmpty else { throw UsageError("\(name) needs a value") }
        return value
    }

    /// A count of bytes: a whole number from 1, or with `K` or `M` (1024 and 1024² bytes: `16K`), at most 1 GB.
    private static func byteCount(_ value: String?, _ name: String) throws(UsageError) -> Int {
        let text = try nonEmpty(value, name)
        var digits = Substring(text)
        var unit = 1
        if let last = digits.last, let shift = ["k": 10, "K": 10, "m": 20, "M": 20, "g": 30, "G": 30][last] {
            unit = 1 << shift
            digits = digits.dropLast()
        }
        guard digits.allSatisfy(\.isASCII), let count = Int(digits), count >= 1, count <= (1 << 30) / unit else {
            throw UsageError("\(name): \"\(text.oneLinePrefix)\" is not a number of bytes from 1 to 1G (16384, 16K, 1M, 1G)")
        }
        return count * unit
    }

    /// A whole number in `range`.
    private static func count(_ value: String?, _ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        let text = try nonEmpty(value, name)
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("\(name): \"\(text.oneLinePrefix)\" is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// A UTF-16 offset: a whole number from 0 (a number too large for an `Int` is refused, never wrapped).
    private static func offset(_ value: String?, _ name: String) throws(UsageError) -> Int {
        let text = try nonEmpty(value, name)
        guard let offset = Int(text) else {
            throw UsageError("\(name): \"\(text.oneLinePrefix)\" is not a whole number (or is too large)")
        }
        guard offset >= 0 else { throw UsageError("\(name): an offset counts from 0, got \(offset)") }
        return offset
    }
}
