#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TypesetCore

/// `typeset catalog FOLDER -o RESULTS.jsonl`: the batch over every book of a folder tree, with worker processes on
/// this machine (one per core) or as tasks on a Dask cluster (`--dask ADDRESS`), each result appended to one
/// results file as it comes; books with a result there are skipped, so a stopped catalogue resumes.
/// `typeset catalog --summary RESULTS.jsonl` summarises a results file (manual, "Catalogues").
enum CatalogCommand {
    static func run(_ options: Options) throws {
        if options.catalog.summary {
            guard let path = options.input else { throw UsageError("catalog --summary: name the results file (typeset catalog --summary RESULTS.jsonl)") }
            try CatalogSummary.run(path: path)
            return
        }
        guard let folder = options.input else { throw UsageError("catalog: name the folder of books (typeset catalog FOLDER -o RESULTS.jsonl)") }
        guard let output = options.output, output != "-" else {
            throw UsageError("catalog: say where the results go: -o RESULTS.jsonl (a file, appended to)")
        }
        if options.catalog.dask == nil, options.catalog.workerFolder != nil || options.catalog.workerTypeset != nil {
            throw UsageError("catalog: --worker-folder and --worker-typeset are for Dask workers (--dask ADDRESS)")
        }
        let books = try CatalogFolder.books(in: folder)
        let results: ResultsFile
        do { results = try ResultsFile(path: output) } catch { throw ToolFailure(status: .cannotWrite, message: error.message) }
        let console = Console.shared
        console.releaseNotices()
        if results.repairedBytes > 0 {
            console.notice("\(output): cut off a last line left unfinished by an interrupted run (\(results.repairedBytes) bytes); that book runs again")
        }
        let root = CatalogFolder.absolute(folder)
        let jobFolder = options.catalog.workerFolder ?? root
        let pending = books.filter { results.done[$0] == nil }.map { book in
            job(book: jobFolder + "/" + book, id: book, options: options)
        }
        var progress = CatalogProgress(total: books.count, skipped: books.count - pending.count, quiet: console.quiet)
        var writeFailure: ResultsFile.Failure?
        let record: (String) -> Void = { line in
            guard writeFailure == nil else { return }
            do { try results.append(line) } catch let error as ResultsFile.Failure { writeFailure = error } catch {}
            progress.add(line)
        }
        if let address = options.catalog.dask {
            try DaskDriver.run(pending, address: address, options: options, emit: record)
        } else {
            let workers = options.catalog.jobs ?? CatalogFolder.cores
            let threads = options.catalog.threadsChosen ? options.threads : max(1, CatalogFolder.cores / workers)
            let pool = WorkerPool(size: min(workers, max(1, pending.count)), executable: ChildProcess.currentExecutable,
                                  arguments: workerArguments(options, threads: threads))
            pool.run(pending, emit: record)
            pool.shutDown()
        }
        progress.finish(output: output)
        if let writeFailure { throw ToolFailure(status: .cannotWrite, message: writeFailure.message) }
    }

    /// The arguments of a local worker: `batch --worker` with the threads and the fonts folder; everything else is
    /// in the job lines.
    static func workerArguments(_ options: Options, threads: Int) -> [String] {
        var arguments = ["batch", "--worker", "-q", "--threads", String(threads)]
        if let fonts = options.fontDirectory { arguments += ["--font-dir", fonts] }
        return arguments
    }

    /// The job line of one book: its path and id, and the catalogue's settings, fonts, limits and covers folder,
    /// so that the line means the same to any worker (a local one, a Dask one on another machine).
    static func job(book: String, id: String, options: Options) -> PendingJob {
        var members: [(String, JSONWriter.Value)] = [("book", .string(book)), ("id", .string(id)),
                                                     ("fonts", .string(options.fontChoice.rawValue))]
        let limits = options.catalog.limits
        members.append(("limits", .object([("seconds", .number(limits.seconds)), ("megabytes", .integer(limits.megabytes)),
                                           ("pages", .integer(limits.pages))])))
        if let covers = options.catalog.covers { members.append(("covers", .string(CatalogFolder.absolute(covers)))) }
        members += settingsMembers(options)
        return PendingJob(line: JSONWriter.render(.object(members)), id: id, book: book, limits: limits)
    }

    /// The settings the command line chose, by name, as a job gives them: those the reader set (which override
    /// the book's styles) and any other that differs from its default.
    static func settingsMembers(_ options: Options) -> [(String, JSONWriter.Value)] {
        let defaults = ReaderSettings()
        let chosen = options.settings
        return ReaderSettings.table.compactMap { setting in
            let value = setting.value(in: chosen)
            let named = chosen.typography.userSet.contains(setting.name) || (setting.name == "scroll" && options.modeChosen)
            guard named || value != setting.value(in: defaults) else { return nil }
            return (setting.name, json(value, of: setting))
        }
    }

    private static func json(_ value: SettingValue, of setting: ReaderSetting) -> JSONWriter.Value {
        switch value {
        case .number(let number): .number(number)
        case .integer(let integer): .integer(integer)
        case .flag(let on): .bool(on)
        case .word(let word): .string(word)
        case .none: .null
        case .margins, .theme: .string(setting.text(of: value))
        }
    }
}

/// The books of a catalogue's folder.
enum CatalogFolder {
    /// The extensions of files read as books (case does not matter).
    static let extensions: Set<String> = ["epub", "txt"]

    /// Every book under `folder` (hidden files and folders left out), as paths relative to it, sorted.
    static func books(in folder: String) throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
            throw ToolFailure(status: .badInput, message: "\(folder): no such folder")
        }
        guard isDirectory.boolValue else { throw ToolFailure(status: .badInput, message: "\(folder): not a folder of books") }
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else {
            throw ToolFailure(status: .badInput, message: "\(folder): cannot be read")
        }
        var books: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = relative.split(separator: "/").last.map(String.init) ?? relative
            if name.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
            guard name.contains("."), extensions.contains(ext) else { continue }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + relative, isDirectory: &isFolder), !isFolder.boolValue {
                books.append(relative)
            }
        }
        return books.sorted()
    }

    /// `path` made absolute against the working directory, without `.` and `..` steps or a trailing slash.
    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// The cores this machine has online.
    static var cores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}

/// A catalogue's progress on standard error: rewritten in place on a terminal, a line every ten seconds
/// otherwise; quiet says nothing until the end.
struct CatalogProgress {
    let total: Int
    let skipped: Int
    let quiet: Bool
    private(set) var done = 0
    private(set) var errors = 0
    private let start = JobBudget.now
    private var lastLine = JobBudget.now

    init(total: Int, skipped: Int, quiet: Bool) {
        self.total = total; self.skipped = skipped; self.quiet = quiet
        if skipped > 0 && !quiet { Console.shared.error("catalog: \(skipped) of \(total) books already have results; \(total - skipped) to go") }
    }

    mutating func add(_ line: String) {
        done += 1
        if !line.hasPrefix("{\"schema\": \"\(BatchResult.schema)\"") || line.contains("\"status\": \"error\"") { errors += 1 }
        guard !quiet else { return }
        let text = "catalog: \(skipped + done)/\(total) books, \(errors) error\(errors == 1 ? "" : "s"), \(rate) books/s"
        if isatty(2) != 0 {
            Console.shared.progress("typeset: " + text)
        } else if JobBudget.now - lastLine >= 10 {
            lastLine = JobBudget.now
            Console.shared.error(text)
        }
    }

    private var rate: String { formatSeconds(Double(done) / max(0.001, JobBudget.now - start)) }

    func finish(output: String) {
        if isatty(2) != 0 && !quiet && done > 0 { Console.shared.progress("", done: true) }
        let seconds = JobBudget.now - start
        Console.shared.notice("catalog: \(done) book\(done == 1 ? "" : "s") in \(formatSeconds(seconds)) s (\(rate) books/s), \(errors) error\(errors == 1 ? "" : "s"); \(skipped) skipped; results in \(output)")
    }
}
