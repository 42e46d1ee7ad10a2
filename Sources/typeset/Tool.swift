import Foundation
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetSpeech

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

/// The `typeset` command: dispatches to a command, and turns whatever fails into one line and an exit status.
struct Tool {
    let arguments: [String]

    func run() -> Int32 {
        let console = Console.shared
        var status = ExitStatus.success
        do {
            try dispatch()
            console.releaseNotices()
        } catch {
            let failure = Tool.describe(error)
            status = failure.status
            console.error(failure.message)
        }
        // Output that could not be written is a failure, whatever the command thought (a full disk, a closed
        // pipe): never exit 0 after losing output.
        if let reason = console.outputFailure, status == .success {
            console.error("cannot write to standard output (\(reason))")
            status = .cannotWrite
        }
        return status.rawValue
    }

    private func dispatch() throws {
        let console = Console.shared
        guard let first = arguments.first else { throw UsageError("no input file (see typeset help)") }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "--version":
            guard rest.isEmpty else { throw UsageError("--version takes nothing else") }
            console.line(Help.version)
        case "help":
            try help(rest)
        case "completion":
            guard rest.count == 1, let shell = Completion(rawValue: rest[0]) else {
                throw UsageError("completion: say which shell: typeset completion bash, zsh or fish")
            }
            console.write(shell.script)
        default:
            if Command(rawValue: first) == nil, let meant = Self.commandMistyped(first) {
                throw UsageError("no command \(first.oneLinePrefix): did you mean \(meant)? (and no file of that name)")
            }
            let command = Command(rawValue: first).flatMap { $0 == .render ? nil : $0 }
            var options = try Options.parse(command == nil ? arguments : rest, for: command ?? .render)
            console.quiet = options.quiet
            if options.help {
                console.write(command.map(Help.usage) ?? Help.overview)
                return
            }
            // `-`: the book comes from standard input, copied to a file for as long as the command runs.
            var standardInput: StandardInputBook?
            if options.input == "-" {
                let name = (command ?? .render).rawValue
                guard (command ?? .render).readsBookFromStandardInput else {
                    throw UsageError("\(name): - (the book from standard input) is not for this command\(command == .query ? ", which reads its requests there" : "")")
                }
                let book = try StandardInputBook()
                standardInput = book
                options.input = book.path
            }
            defer { withExtendedLifetime(standardInput) {} }
            switch command ?? .render {
            case .render: try RenderCommand.run(options)
            case .info: try InfoCommand.run(options)
            case .query: try QueryCommand.run(options)
            case .locate: try LocateCommand.run(options)
            case .positions: try LocateCommand.runPositions(options)
            case .search: try SearchCommand.run(options)
            case .speak: try SpeakCommand.run(options)
            case .cover: try CoverCommand.run(options)
            case .serve: try ServeCommand.run(options)
            case .batch: try BatchCommand.run(options)
            case .catalog: try CatalogCommand.run(options)
            }
        }
    }

    /// The command a first argument that is neither a command nor a file was likely meant to be (`serch` for
    /// `search`): a bare word at most two edits from a command's name; nil for anything else, read as a file.
    static func commandMistyped(_ word: String, fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) })
        -> String? {
        guard word.count >= 3, word.count <= 20, word.allSatisfy({ $0.isLetter }), !fileExists(word) else { return nil }
        let names = Command.allCases.map(\.rawValue) + ["help", "completion"]
        let scored = names.map { ($0, editDistance(Array(word.lowercased()), Array($0))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return nil }
        return best.0
    }

    /// Levenshtein's distance between two short words (a row at a time).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var row = [i + 1]
            for (j, y) in b.enumerated() { row.append(min(previous[j + 1] + 1, row[j] + 1, previous[j] + (x == y ? 0 : 1))) }
            previous = row
        }
        return previous[b.count]
    }

    /// `typeset help`, `typeset help COMMAND`, `typeset help --markdown` (the manual's option list).
    private func help(_ topics: [String]) throws {
        let console = Console.shared
        switch topics.first {
        case nil: console.write(Help.overview)
        case "--markdown": console.write(Help.markdown)
        case let name?:
            guard topics.count == 1, let command = Command(rawValue: name == "render" ? "render" : name) else {
                throw UsageError("help: no command \(name.oneLinePrefix) (one of \(Command.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            console.write(command == .render ? Help.overview : Help.usage(command))
        }
    }

    /// The exit status and the one line for any error: the one place that turns errors into messages, in the
    /// tool's words (never a Foundation error domain, never several lines).
    static func describe(_ error: any Error) -> (status: ExitStatus, message: String) {
        switch error {
        case let error as UsageError: (.badUsage, error.description)
        case let error as ToolFailure: (error.status, error.message)
        case let error as InvalidSetting: (.badUsage, "--\(error.name): \(error.reason)")
        case let error as DocumentError: (.badInput, error.message)
        case let error as FontError: (.noFont, error.message)
        case let error as LocatorError: (.badInput, error.message)
        case let error as ReadingError: (.badInput, error.description)
        case let error as RenderError:
            switch error.code {
            case .io: (.cannotWrite, error.message)
            case .tooLarge: (.badUsage, "\(error.message); use a smaller --scale, or --viewport to draw a scroll page screen by screen")
            case .invalidAppearance: (.badUsage, error.message)
            default: (.badInput, error.message)
            }
        case let error as JSONSyntaxError: (.badInput, "not valid JSON: \(error)")
        case let error as SearchError: (.badInput, "search: \(error.description)")
        case let error as SpeechError: (.badInput, "speak: \(error.description)")
        default: (.badInput, "unexpected failure (\(String(describing: type(of: error))))")
        }
    }
}
