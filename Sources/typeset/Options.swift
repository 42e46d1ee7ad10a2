import Foundation
import TypesetCore

/// A command-line mistake: printed as one line, exit status 2.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Which fonts the tool may use.
enum FontChoice: String {
    /// Installed fonts first, then the bundled ones (the default).
    case system
    /// Only the bundled `Fonts/` directory: the same output on every machine.
    case bundled
}

/// Everything the command line said.
struct Options {
    var settings = TypographySettings()
    var mode: LayoutMode = .paged
    var input: String?
    var outputDirectory: String?
    var pages: ClosedRange<Int>?
    var json = false
    var fontChoice: FontChoice = .system
    var fontDirectory: String?
    var threads = 2
    /// `--at`: the UTF-16 offset whose page to render or locate.
    var at: Int?
    /// `--locator`: a Locator JSON file whose page to render or locate.
    var locatorPath: String?
    var quiet = false
    var help = false
    /// `--highlight` values, in order (see ``DecorationInput``).
    var highlights: [DecorationInput.Highlight] = []
    /// `--decorations FILE`.
    var decorationsFile: String?

    /// Parses `arguments` (without the program name), starting from `base` (the defaults unless given).
    static func parse(_ arguments: [String], startingFrom base: Options = Options()) throws(UsageError) -> Options {
        var options = base
        var index = 0
        func value(_ name: String) throws(UsageError) -> String {
            index += 1
            guard index < arguments.count else { throw UsageError("\(name) needs a value") }
            return arguments[index]
        }
        func number(_ name: String) throws(UsageError) -> Double {
            let text = try value(name)
            guard let number = Double(text) else { throw UsageError("\(name): \"\(text)\" is not a number") }
            return number
        }
        func integer(_ name: String) throws(UsageError) -> Int {
            let text = try value(name)
            guard let number = Int(text) else { throw UsageError("\(name): \"\(text)\" is not a whole number") }
            return number
        }
        while index < arguments.count {
            let argument = arguments[index]
            // Accept --name=value as well as --name value.
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                var split = arguments
                split.replaceSubrange(index...index, with: [String(argument[..<equals]), String(argument[argument.index(after: equals)...])])
                return try parse(split, startingFrom: base)
            }
            switch argument {
            case "-h", "--help": options.help = true
            case "--font": options.settings.fontFamily = try value(argument)
            case "--size": options.settings.fontSize = try number(argument)
            case "--line-height": options.settings.lineHeightMultiple = try number(argument)
            case "--margins": options.settings.margins = try parseMargins(try value(argument))
            case "--paragraph-spacing": options.settings.paragraphSpacing = try number(argument)
            case "--indent": options.settings.firstLineIndent = try number(argument)
            case "--align":
                let text = try value(argument)
                guard let alignment = TextAlignment(rawValue: text == "justify" ? "justified" : text) else {
                    throw UsageError("--align: \"\(text)\" is not one of start, justified, center, end")
                }
                options.settings.alignment = alignment
            case "--justify": options.settings.alignment = .justified
            case "--theme": options.settings.theme = try parseTheme(try value(argument))
            case "--width": options.settings.pageSize.width = try number(argument)
            case "--height": options.settings.pageSize.height = try number(argument)
            case "--scale": options.settings.pixelScale = try number(argument)
            case "--columns": options.settings.columns = try integer(argument)
            case "--column-gap": options.settings.columnGap = try number(argument)
            case "--lang": options.settings.language = try value(argument)
            case "--hyphenate": options.settings.hyphenation = true
            case "--line-breaking":
                let text = try value(argument)
                guard let strategy = LineBreaking(rawValue: text) else {
                    throw UsageError("--line-breaking: \"\(text)\" is not one of automatic, greedy, optimal")
                }
                options.settings.lineBreaking = strategy
            case "--orphans-widows": options.settings.orphansAndWidows = try integer(argument)
            case "--scroll": options.mode = .scroll
            case "--paged": options.mode = .paged
            case "--pages": options.pages = try parsePages(try value(argument))
            case "-o", "--output": options.outputDirectory = try value(argument)
            case "--json": options.json = true
            case "--fonts":
                let text = try value(argument)
                guard let choice = FontChoice(rawValue: text) else { throw UsageError("--fonts: \"\(text)\" is not one of system, bundled") }
                options.fontChoice = choice
            case "--font-dir": options.fontDirectory = try value(argument)
            case "--threads":
                options.threads = try integer(argument)
                guard (1...64).contains(options.threads) else { throw UsageError("--threads must be 1 to 64") }
            case "--at":
                options.at = try integer(argument)
                guard let at = options.at, at >= 0 else { throw UsageError("--at: an offset counts from 0") }
            case "--locator": options.locatorPath = try value(argument)
            case "-q", "--quiet": options.quiet = true
            case "--highlight": options.highlights.append(try DecorationInput.parseHighlight(try value(argument)))
            case "--decorations": options.decorationsFile = try value(argument)
            default:
                if argument.hasPrefix("-") && argument != "-" { throw UsageError("unknown option \(argument) (see --help)") }
                if let existing = options.input { throw UsageError("more than one input file: \(existing) and \(argument)") }
                options.input = argument
            }
            index += 1
        }
        let targets = [options.at != nil, options.locatorPath != nil, options.pages != nil].filter { $0 }.count
        guard targets <= 1 else { throw UsageError("--at, --locator and --pages each choose the pages: give one of them") }
        return options
    }

    /// The typography and page options that `typeset query`'s `setSettings` accepts, without their dashes.
    static let settingNames: Set<String> = ["font", "size", "line-height", "margins", "paragraph-spacing", "indent", "align",
                                            "justify", "theme", "width", "height", "scale", "columns", "column-gap", "lang",
                                            "scroll"]
    /// The settings among them that are switches (`true` or `false`).
    static let flagNames: Set<String> = ["justify", "scroll"]

    /// `24`, `24,30` (vertical, horizontal) or `24,30,24,30` (top, right, bottom, left), in points.
    static func parseMargins(_ text: String) throws(UsageError) -> EdgeInsets {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let v = parts.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard v.count == parts.count else { throw UsageError("--margins: \"\(text)\" is not 1, 2 or 4 comma-separated numbers") }
        switch v.count {
        case 1: return EdgeInsets(all: v[0])
        case 2: return EdgeInsets(top: v[0], left: v[1], bottom: v[0], right: v[1])
        case 4: return EdgeInsets(top: v[0], left: v[3], bottom: v[2], right: v[1])
        default: throw UsageError("--margins: \"\(text)\" is not 1, 2 or 4 comma-separated numbers")
        }
    }

    /// `light`, `sepia`, `dark`, or `BACKGROUND:TEXT` as hex colours (`#000000:#e0e0e0`).
    static func parseTheme(_ text: String) throws(UsageError) -> Theme {
        switch text {
        case "light": return .light
        case "sepia": return .sepia
        case "dark": return .dark
        default:
            let parts = text.split(separator: ":")
            guard parts.count == 2, let background = Color(hex: String(parts[0])), let foreground = Color(hex: String(parts[1])) else {
                throw UsageError("--theme: \"\(text)\" is not light, sepia, dark or BACKGROUND:TEXT hex colours (#fdf6e3:#333333)")
            }
            return .custom(background: background, text: foreground)
        }
    }

    /// `5` or `3-7`, one-based and inclusive, as zero-based page indices.
    static func parsePages(_ text: String) throws(UsageError) -> ClosedRange<Int> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { Int($0) }
        guard (1...2).contains(parts.count), numbers.count == parts.count else {
            throw UsageError("--pages: \"\(text)\" is not a page number or a range such as 3-7")
        }
        let first = numbers[0], last = numbers.count == 2 ? numbers[1] : first
        guard first >= 1, last >= first else { throw UsageError("--pages: \"\(text)\" must count from 1 and not run backwards") }
        return (first - 1)...(last - 1)
    }

    static let usage = """
        usage: typeset [options] FILE
               typeset info FILE [options]     metadata, table of contents with page numbers, reading figures
               typeset query FILE [options]    the position API and the reading state: JSON requests on stdin,
                                               JSON answers on stdout
               typeset locate FILE [--pages N | --at OFFSET | --locator F] [options]
                                               the Readium Locator of a page's first character, as JSON
               typeset positions FILE [--at OFFSET]   the positions list and the reading figures, as JSON
        Lays out a book (plain text, or EPUB 2/3) and writes its pages as PNG files (page-0001.png, ...), or the
        layout as JSON.

        Output:
          -o, --output DIR        folder for the PNG pages (default: a folder named after the book)
          --pages N | A-B         only these pages (one-based, inclusive)
          --at OFFSET             only the page holding this UTF-16 offset
          --locator FILE          only the page holding this Readium Locator (JSON file)
          --json                  write the layout as JSON on standard output instead of PNGs
          -q, --quiet             no progress line
        Decorations (drawn on the PNG pages; README, "Decorations"):
          --highlight START:LENGTH[:COLOUR]   highlight UTF-16 range (repeatable); COLOUR yellow, green, blue, pink,
                                  orange, purple or #RRGGBB [yellow]
          --decorations FILE      highlights and underlines from a JSON file
        Typography (defaults in brackets):
          --font FAMILY           font family [Georgia]; substitutions are reported on stderr
          --size PT               font size in points [19]
          --line-height X         line height as a multiple of the font's natural line height [1.45]
          --margins T[,H]|T,R,B,L page margins in points [24]
          --paragraph-spacing EM  space between paragraphs in ems [0.6]
          --indent EM             first-line indent in ems [0]
          --align start|justified|center|end, --justify   alignment [start]
          --theme light|sepia|dark|BG:FG   colours [sepia]; BG:FG are hex colours
          --lang TAG              language when the text does not say (BCP 47); picks the hyphenation patterns
          --hyphenate             hyphenate words at line ends (patterns from /usr/share/hyphen for the language)
          --line-breaking automatic|greedy|optimal   [automatic: optimal for justified text, else greedy]
          --orphans-widows N      fewest lines of a paragraph on each side of a page break [1: no control]; 2 for books
        Page:
          --width PT, --height PT page size in points [390 x 844]
          --scale X               pixels per point [2]
          --columns N             columns per page [1]; --column-gap PT [24]
          --scroll                one continuous page instead of pages
        Fonts:
          --fonts system|bundled  installed fonts first, then the bundled ones [system]; or the bundled ones only
          --font-dir DIR          the bundled fonts folder [the package's Fonts/; or $TYPESET_FONT_DIR]
          --threads N             worker threads [2]
        Exit status: 0 success, 1 unreadable or invalid input, 2 bad options, 3 no usable font, 4 cannot write output.
        """
}
