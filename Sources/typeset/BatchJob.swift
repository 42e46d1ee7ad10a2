import Foundation
import TypesetCore

/// One job of `typeset batch`: a JSON object on one line of standard input.
///
/// `{"book": PATH}` at least; `"id"` (a string, echoed in the result: a catalogue's path relative to its folder),
/// any reader setting by its name in ``ReaderSettings/table`` with a JSON value (`"size": 21`, `"font": "Charis
/// SIL"`, `"hyphenate": true`), `"fonts"` (`system` or `bundled`), `"limits"` (`{"seconds", "megabytes",
/// "pages"}`), `"covers"` (a folder for the cover thumbnail), `"positions": "full"` (every position's Locator
/// instead of the compact list) and, only when the worker's environment has `TYPESET_BATCH_TEST_HOOKS=1`,
/// `"test-hook"`. Anything else is refused, so that a misspelt setting is an error result rather than a silent
/// default. Missing keys take the values of the batch's command line.
struct BatchJob {
    var book: String
    var id: String?
    var settings: ReaderSettings
    /// Whether the job (or the command line) chose paged or scroll; otherwise an EPUB's `rendition:flow` does.
    var modeChosen: Bool
    var fontChoice: FontChoice
    var limits: BatchLimits
    var covers: String?
    var fullPositions = false
    var testHook: TestHook?

    /// A test hook: what a job makes its worker do instead of reading a book, to prove that limits hold
    /// (BatchCommandTests). Refused unless the worker's environment has `TYPESET_BATCH_TEST_HOOKS=1`.
    enum TestHook: String, CaseIterable {
        /// Spin on the CPU forever, never reaching a cooperative check.
        case spin
        /// Block without using the CPU (the wall-clock watchdog's case).
        case sleep
        /// Allocate and touch memory without end.
        case allocate
        /// Trap, as a bug would.
        case crash
    }

    /// A job line that cannot be run: the result is an error of kind `badJob`.
    struct Refusal: Error {
        let message: String
        /// The job's book and id, when the line got that far.
        var book: String?
        var id: String?
    }

    /// Whether test hooks are honoured (`TYPESET_BATCH_TEST_HOOKS=1` in the environment).
    static var testHooksEnabled: Bool { getenv("TYPESET_BATCH_TEST_HOOKS").map { String(cString: $0) } == "1" }

    /// The keys a job may have besides the settings.
    static let jobKeys: Set<String> = ["book", "id", "fonts", "limits", "covers", "positions", "test-hook"]

    /// Parses a job line; missing keys take `defaults` (the command line's options).
    static func parse(_ line: String, defaults: Options) throws(Refusal) -> BatchJob {
        let value: JSONValue
        do { value = try JSONValue(parsing: line) } catch { throw Refusal(message: "not valid JSON: \(error)") }
        guard case .object(let fields) = value else { throw Refusal(message: "a job is a JSON object ({\"book\": PATH, ...})") }
        var id: String?
        if let raw = fields["id"] {
            guard case .string(let text) = raw else { throw Refusal(message: "\"id\" is a string") }
            id = text
        }
        guard case .string(let book)? = fields["book"], !book.isEmpty else {
            throw Refusal(message: "a job names its book: {\"book\": PATH}", id: id)
        }
        var job = BatchJob(book: book, id: id, settings: defaults.settings, modeChosen: defaults.modeChosen,
                           fontChoice: defaults.fontChoice, limits: defaults.catalog.limits, covers: defaults.catalog.covers)
        do { try job.read(fields) } catch { throw Refusal(message: error.message, book: book, id: id) }
        return job
    }

    /// Reads every key but `book` and `id` into the job.
    private mutating func read(_ fields: [String: JSONValue]) throws(Refusal) {
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) where key != "book" && key != "id" {
            switch key {
            case "fonts":
                guard case .string(let text) = value, let choice = FontChoice(rawValue: text) else {
                    throw Refusal(message: "\"fonts\" is \"system\" or \"bundled\"")
                }
                fontChoice = choice
            case "limits": try readLimits(value)
            case "covers":
                guard case .string(let folder) = value, !folder.isEmpty else { throw Refusal(message: "\"covers\" is a folder's path") }
                covers = folder
            case "positions":
                guard case .string(let text) = value, text == "full" || text == "compact" else {
                    throw Refusal(message: "\"positions\" is \"full\" or \"compact\"")
                }
                fullPositions = text == "full"
            case "test-hook":
                guard BatchJob.testHooksEnabled else {
                    throw Refusal(message: "\"test-hook\" is for the test suite (TYPESET_BATCH_TEST_HOOKS=1 in the worker's environment)")
                }
                guard case .string(let text) = value, let hook = TestHook(rawValue: text) else {
                    throw Refusal(message: "\"test-hook\" is one of \(TestHook.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                testHook = hook
            default:
                guard ReaderSettings.setting(named: key) != nil else {
                    throw Refusal(message: "unknown key \"\(key.oneLinePrefix)\" (a job takes \(BatchJob.jobKeys.sorted().joined(separator: ", ")) and the settings of typeset help batch)")
                }
                do { try settings.set(key, json: value) } catch {
                    throw Refusal(message: "\(error.name): \(error.reason)")
                }
                if key == "scroll" { modeChosen = true }
            }
        }
    }

    private mutating func readLimits(_ value: JSONValue) throws(Refusal) {
        guard case .object(let limitFields) = value else { throw Refusal(message: "\"limits\" is an object: {\"seconds\", \"megabytes\", \"pages\"}") }
        for (name, limit) in limitFields {
            guard case .number(let number) = limit, number.isFinite, number >= 1, number <= 1e9 else {
                throw Refusal(message: "limits: \"\(name.oneLinePrefix)\" is a number from 1 to 1e9")
            }
            switch name {
            case "seconds": limits.seconds = number
            case "megabytes": limits.megabytes = Int(number)
            case "pages": limits.pages = Int(number)
            default: throw Refusal(message: "limits: unknown limit \"\(name.oneLinePrefix)\" (seconds, megabytes, pages)")
            }
        }
    }
}
