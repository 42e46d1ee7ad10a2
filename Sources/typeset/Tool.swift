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
            guard rest == ["bash"] else { throw UsageError("completion: say which shell: typeset completion bash") }
            console.write(Help.bashCompletion)
        default:
            let command = Command(rawValue: first).flatMap { $0 == .render ? nil : $0 }
            let options = try Options.parse(command == nil ? arguments : rest, for: command ?? .render)
            console.quiet = options.quiet
            if options.help {
                console.write(command.map(Help.usage) ?? Help.overview)
                return
            }
            switch command ?? .render {
            case .render: try RenderCommand.run(options)
            case .info: try InfoCommand.run(options)
            case .query: try QueryCommand.run(options)
            case .locate: try LocateCommand.run(options)
            case .positions: try LocateCommand.runPositions(options)
            case .search: try SearchCommand.run(options)
            case .speak: try SpeakCommand.run(options)
            case .cover: try CoverCommand.run(options)
            }
        }
    }

    /// `typeset help`, `typeset help COMMAND`, `typeset help --markdown` (the README's option list).
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
