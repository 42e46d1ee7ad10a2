import TypesetCore
import TypesetDocuments

/// `typeset catalog --summary RESULTS.jsonl`: what a results file says, in a few lines: books (done, failed and
/// why), pages at the reference profile and at the catalogue's settings, words, findings by kind (and how many
/// books have each), the slowest books. When a book has several results (a rerun), its last one counts.
enum CatalogSummary {
    /// How many of the slowest books and of the errors are listed.
    static let listed = 10

    static func run(path: String) throws {
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path: path, limit: 1 << 34) } catch {
            throw ToolFailure(status: .badInput, message: "\(error.message) (a results file)")
        }
        var latest: [String: [String: JSONValue]] = [:]
        var order: [String] = []
        var unreadable = 0
        for (index, line) in bytes.split(separator: 0x0A).enumerated() {
            guard case .object(let fields)? = try? JSONValue(parsing: String(decoding: line, as: UTF8.self)) else {
                unreadable += 1
                continue
            }
            let id = fields.string("id") ?? fields.string("book") ?? "line \(index + 1)"
            if latest[id] == nil { order.append(id) }
            latest[id] = fields
        }
        Console.shared.write(report(order.compactMap { id in latest[id].map { (id, $0) } }, unreadable: unreadable, path: path))
    }

    static func report(_ results: [(id: String, fields: [String: JSONValue])], unreadable: Int, path: String) -> String {
        var ok = 0, referencePages = 0, pages = 0, words = 0, minutes = 0
        var errorKinds: [String: Int] = [:]
        var findings: [String: (count: Int, books: Int)] = [:]
        var errors: [(String, String, String)] = []
        var timed: [(String, Double, Int)] = []
        for (id, fields) in results {
            if let seconds = fields.object("run")?.number("seconds") {
                timed.append((id, seconds, Int(fields.object("layout")?.number("pages") ?? 0)))
            }
            guard fields.string("status") == "ok" else {
                let kind = fields.object("error")?.string("kind") ?? "unknown"
                errorKinds[kind, default: 0] += 1
                errors.append((id, kind, fields.object("error")?.string("message") ?? ""))
                continue
            }
            ok += 1
            referencePages += Int(fields.object("reference")?.number("pages") ?? 0)
            pages += Int(fields.object("layout")?.number("pages") ?? 0)
            words += Int(fields.object("text")?.number("words") ?? 0)
            minutes += Int(fields.object("text")?.number("readingMinutes") ?? 0)
            for (kind, count) in fields.object("findings")?.object("byKind") ?? [:] {
                guard case .number(let number) = count else { continue }
                let before = findings[kind] ?? (0, 0)
                findings[kind] = (before.count + Int(number), before.books + 1)
            }
        }
        var text = "\(path): \(results.count) book\(results.count == 1 ? "" : "s"), \(ok) laid out, \(results.count - ok) failed"
        text += unreadable > 0 ? " (\(unreadable) line\(unreadable == 1 ? "" : "s") not JSON)\n" : "\n"
        text += "Pages: \(referencePages) at \(ReferenceProfile.name), \(pages) at the catalogue's settings\n"
        text += "Words: \(words) (\(minutes / 60) h \(minutes % 60) min of reading at \(ReadingFigures.wordsPerMinute) words a minute)\n"
        text += "\nFindings by kind (findings, books):\n"
        let kinds = FindingKind.allCases.map(\.rawValue) + findings.keys.filter { FindingKind(rawValue: $0) == nil }.sorted()
        for kind in kinds {
            let found = findings[kind] ?? (0, 0)
            text += "  " + kind.padding(24) + String(found.count).leftPadding(8) + String(found.books).leftPadding(8) + "\n"
        }
        if !errorKinds.isEmpty {
            text += "\nErrors by kind: " + errorKinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + "\n"
            for (id, kind, message) in errors.prefix(listed) { text += "  \(id): \(kind): \(message.oneLine(limit: 200))\n" }
            if errors.count > listed { text += "  ... and \(errors.count - listed) more\n" }
        }
        let slowest = timed.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.prefix(listed)
        if !slowest.isEmpty {
            let total = timed.reduce(0) { $0 + $1.1 }
            text += "\nSlowest books (of \(formatSeconds(total)) s of jobs):\n"
            for (id, seconds, pages) in slowest {
                text += "  " + (formatSeconds(seconds) + " s").leftPadding(9) + "  " + String(pages).leftPadding(6) + " pages  \(id)\n"
            }
        }
        return text
    }
}

private extension String {
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
    func leftPadding(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}

private extension Dictionary where Key == String, Value == JSONValue {
    func string(_ key: String) -> String? { if case .string(let value)? = self[key] { value } else { nil } }
    func number(_ key: String) -> Double? { if case .number(let value)? = self[key] { value } else { nil } }
    func object(_ key: String) -> [String: JSONValue]? { if case .object(let value)? = self[key] { value } else { nil } }
}
