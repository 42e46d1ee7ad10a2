#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TypesetCore

/// The result lines of `typeset batch`, schema `typeset-batch-result/1` (manual, "Catalogues"; the JSON Schema is
/// `Sources/typeset-catalog/batch-result-1.schema.json`). Every result starts `{"schema", "id", "book",
/// "status"`, in that order (a resumed catalogue reads the `id` of each line without parsing the rest), and ends
/// with `"run"`, the one member that differs between two runs of the same build on the same book: timings and
/// where it ran.
enum BatchResult {
    /// The schema's name and version; a change that removes or retypes a member gets a new version.
    static let schema = "typeset-batch-result/1"

    /// The members every result starts with.
    static func head(id: String?, book: String?, ok: Bool) -> [(String, JSONWriter.Value)] {
        [("schema", .string(schema)), ("id", id.map(JSONWriter.Value.string) ?? .null),
         ("book", book.map(JSONWriter.Value.string) ?? .null), ("status", .string(ok ? "ok" : "error")),
         ("typeset", .string(Typesetter.version))]
    }

    /// `"run"`: the seconds the job took (and its stages'), the host and the worker's process id.
    static func run(seconds: Double, stages: [(String, Double)] = []) -> (String, JSONWriter.Value) {
        ("run", .object([("seconds", .number(seconds))] + stages.map { ($0.0, .number($0.1)) }
                        + [("host", .string(hostName)), ("pid", .integer(Int(getpid())))]))
    }

    /// An error result: `kind` (`badJob`, `unreadable`, `noFont`, `timeLimit`, `memoryLimit`, `pageLimit`,
    /// `crash`, `failed`) and a one-line message.
    static func error(id: String?, book: String?, kind: String, message: String, seconds: Double,
                      detail: [(String, JSONWriter.Value)] = []) -> String {
        JSONWriter.render(.object(head(id: id, book: book, ok: false)
            + [("error", .object([("kind", .string(kind)), ("message", .string(message.oneLine()))] + detail)),
               run(seconds: seconds)]))
    }

    /// This machine's name.
    static let hostName: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()

    /// The `id` of a result line, read from its start (``head(id:book:ok:)``'s order) without parsing the line;
    /// nil for a line that does not start so.
    static func id(ofLine line: Substring) -> String? {
        let prefix = "{\"schema\": \"\(schema)\", \"id\": "
        guard line.hasPrefix(prefix) else { return nil }
        let rest = line.dropFirst(prefix.count)
        guard rest.first == "\"" else { return nil }
        // The id is a JSON string: up to the first quote not escaped.
        var escaped = false
        var end = rest.index(after: rest.startIndex)
        while end < rest.endIndex {
            let c = rest[end]
            if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { break }
            end = rest.index(after: end)
        }
        guard end < rest.endIndex, let value = try? JSONValue(parsing: String(rest[rest.startIndex...end])),
              case .string(let id) = value else { return nil }
        return id
    }
}
