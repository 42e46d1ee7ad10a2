import Foundation
import Testing
import TypesetTestSupport

/// `typeset catalog`: a folder of books into a results file, resumed after an interruption, summarised, and the
/// same results through a Dask scheduler and worker started on loopback.
@Suite
struct CatalogCommandTests {
    /// A small library: a plain text, Greek, an EPUB, an empty file, in two folders, beside files that are not books
    /// (a hidden folder, an image); returns the folder and the ids its results must have.
    static func library(in directory: TemporaryDirectory) throws -> (folder: String, ids: [String]) {
        let manager = FileManager.default
        for folder in ["books/greek", "books/.hidden"] {
            try manager.createDirectory(atPath: directory.path(folder), withIntermediateDirectories: true)
        }
        _ = try directory.write([UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.repositoryRoot + "/Tests/Fixtures/sample-book.txt"))),
                                to: "books/sample-book.txt")
        _ = try directory.write(try Fixtures.corpusBytes("galen-adhortatio-ad-artes-addiscendas.grc.txt"), to: "books/greek/galen.txt")
        _ = try directory.write(try Fixtures.corpusBytes("eliot-the-waste-land.epub"), to: "books/waste-land.EPUB")
        _ = try directory.write([UInt8](), to: "books/empty.txt")
        _ = try directory.write("not a book", to: "books/.hidden/skipped.txt")
        _ = try directory.write(LayoutQATests.png, to: "books/cover.png")
        return (directory.path("books"), ["empty.txt", "greek/galen.txt", "sample-book.txt", "waste-land.EPUB"])
    }

    static func catalog(_ folder: String, _ results: String, in directory: TemporaryDirectory, _ more: [String] = []) throws -> CLIResult {
        try CLIRunner.run(["catalog", folder, "-o", results, "--fonts", "bundled", "--jobs", "2", "--threads", "1"] + more, in: directory)
    }

    /// An interrupted catalogue (results for some books, a torn last line) resumes: the books with results are
    /// skipped, the torn line is cut and its book runs again, and the results are those of a run in one go.
    @Test func anInterruptedCatalogueResumes() throws {
        let directory = try TemporaryDirectory()
        let (folder, ids) = try Self.library(in: directory)
        let path = directory.path("results.jsonl")
        let first = try Self.catalog(folder, path, in: directory)
        #expect(first.status == 0, "stderr: \(first.stderr)")
        let whole = try BatchResults(file: path)
        #expect(whole.lines.compactMap { $0["id"] as? String }.sorted() == ids, "one result per book, none for other files")
        for result in whole.lines { #expect(result["status"] as? String == "ok", "\(result["id"] ?? ""): \(result["error"] ?? "")") }

        // Two results kept, the third torn half-way (a run killed while it wrote).
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        let torn = lines[0] + "\n" + lines[1] + "\n" + lines[2].prefix(lines[2].utf8.count / 2)
        _ = try directory.write(torn, to: "results.jsonl")
        let second = try Self.catalog(folder, path, in: directory)
        #expect(second.status == 0, "stderr: \(second.stderr)")
        #expect(second.stderr.contains("cut off a last line left unfinished"), "\(second.stderr)")
        #expect(second.stderr.contains("2 of 4 books already have results; 2 to go"), "\(second.stderr)")
        let resumed = try BatchResults(file: path)
        #expect(resumed.lines.count == 4, "each book once: \(resumed.lines.compactMap { $0["id"] })")
        #expect(resumed.withoutRun == whole.withoutRun, "a resumed catalogue gives what one run gives")

        // Nothing left to do: the file stays as it is.
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let third = try Self.catalog(folder, path, in: directory)
        #expect(third.status == 0 && third.stderr.contains("4 of 4 books already have results"), "\(third.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    /// The summary counts what the results say: books and failures, pages at both profiles, findings by kind and
    /// books, the errors, and the slowest books, slowest first.
    @Test func theSummaryAddsUpTheResults() throws {
        let directory = try TemporaryDirectory()
        let (folder, _) = try Self.library(in: directory)
        let path = directory.path("results.jsonl")
        let run = try Self.catalog(folder, path, in: directory, ["-q"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        // A failed book and a line that is not JSON, as a results file may hold them.
        let failed = """
            {"schema": "typeset-batch-result/1", "id": "hang.txt", "book": "/x/hang.txt", "status": "error", "typeset": null, \
            "error": {"kind": "timeLimit", "message": "the job took more than 1 s"}, "run": {"seconds": 1.5, "host": "h", "pid": 1}}
            """
        _ = try directory.write(try String(contentsOfFile: path, encoding: .utf8) + failed + "\nnot json\n", to: "results.jsonl")
        let results = try BatchResults(Self.readLines(path).filter { $0.hasPrefix("{") }.joined(separator: "\n"))
        let summary = try CLIRunner.run(["catalog", "--summary", path], in: directory)
        #expect(summary.status == 0, "stderr: \(summary.stderr)")
        let text = summary.stdout
        #expect(text.contains("5 books, 4 laid out, 1 failed (1 line not JSON)"), "\(text)")
        let ok = results.lines.filter { $0["status"] as? String == "ok" }
        func total(_ path: String...) -> Int { ok.reduce(0) { $0 + ((BatchResults.value($1, path[0], path[1]) as? Int) ?? 0) } }
        #expect(text.contains("Pages: \(total("reference", "pages")) at typeset-reference-1, \(total("layout", "pages")) at the catalogue's settings"), "\(text)")
        #expect(text.contains("Words: \(total("text", "words")) "), "\(text)")
        for kind in ["missingGlyph", "imageTooWide", "imageUndecodable", "brokenLink", "brokenNoteReference",
                     "unresolvedPageListEntry", "invisibleText", "lineOverflow", "ignoredCSS"] {
            let counts = ok.compactMap { (BatchResults.value($0, "findings", "byKind") as? [String: Int])?[kind] }
            let row = try #require(text.split(separator: "\n").first { $0.split(separator: " ").first == Substring(kind) }, "no row for \(kind)")
            #expect(row.split(separator: " ").dropFirst().map(String.init) == [String(counts.reduce(0, +)), String(counts.count)], "\(row)")
        }
        #expect(text.contains("Errors by kind: timeLimit 1") && text.contains("hang.txt: timeLimit: the job took more than 1 s"), "\(text)")
        // The slowest books, slowest first (ties by id).
        let slowest = try #require(text.components(separatedBy: "Slowest books").last)
        let listed = slowest.split(separator: "\n").dropFirst().compactMap { $0.split(separator: " ").last.map(String.init) }
        let bySeconds = results.lines.map { ($0["id"] as? String ?? "", BatchResults.value($0, "run", "seconds") as? Double ?? 0) }
            .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.map(\.0)
        #expect(listed == bySeconds, "\(slowest)")
    }

    static func readLines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// The library through a Dask scheduler and worker started here on loopback gives the local run's results but
    /// for each line's `run` (timings, host, process), and the same summary but for the timings.
    @Test(.enabled(if: SystemPython.has("distributed"), "Debian's python3-distributed is not installed (./setup.sh installs it)"))
    func daskGivesTheLocalResults() throws {
        let directory = try TemporaryDirectory()
        let (folder, ids) = try Self.library(in: directory)
        let cluster = try DaskCluster(in: directory)
        defer { cluster.stop() }
        let local = directory.path("local.jsonl"), dask = directory.path("dask.jsonl")
        let localRun = try Self.catalog(folder, local, in: directory, ["-q"])
        let daskRun = try Self.catalog(folder, dask, in: directory, ["-q", "--dask", cluster.address, "--retries", "0"])
        #expect(localRun.status == 0, "stderr: \(localRun.stderr)")
        #expect(daskRun.status == 0, "stderr: \(daskRun.stderr)\n\(cluster.logs)")
        let fromDask = try BatchResults(file: dask), fromHere = try BatchResults(file: local)
        #expect(fromDask.lines.compactMap { $0["id"] as? String }.sorted() == ids)
        #expect(fromDask.withoutRun == fromHere.withoutRun)
        let summaries = try [local, dask].map { path in
            try CLIRunner.run(["catalog", "--summary", path], in: directory).stdout
                .components(separatedBy: "\nSlowest books").first?.replacingOccurrences(of: path, with: "RESULTS") ?? ""
        }
        #expect(summaries[0] == summaries[1] && summaries[0].contains("4 books, 4 laid out"), "\(summaries)")
    }
}

/// A Dask scheduler and one worker (one thread, no nanny) on 127.0.0.1, started with Debian's python3-distributed
/// for one test; their output is kept in the test's folder for a failure's message.
final class DaskCluster {
    private var processes: [Process] = []
    private let directory: TemporaryDirectory
    /// The scheduler's address (`tcp://127.0.0.1:PORT`).
    private(set) var address = ""

    init(in directory: TemporaryDirectory, sourceLocation: SourceLocation = #_sourceLocation) throws {
        self.directory = directory
        let schedulerFile = directory.path("dask-scheduler.json")
        try start("scheduler", ["-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0",
                                "--no-dashboard", "--scheduler-file", schedulerFile])
        // The scheduler writes its address once it listens (an import and a start take a few seconds).
        let deadline = Date().addingTimeInterval(60)
        while address.isEmpty, Date() < deadline {
            if let data = FileManager.default.contents(atPath: schedulerFile),
               let info = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let found = info["address"] as? String {
                address = found
            } else {
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
        guard !address.isEmpty else {
            stop()
            Issue.record("the Dask scheduler did not start in 60 s: \(logs)", sourceLocation: sourceLocation)
            throw CancellationError()
        }
        try start("worker", ["-m", "distributed.cli.dask_worker", address, "--host", "127.0.0.1", "--nworkers", "1",
                             "--nthreads", "1", "--no-nanny", "--no-dashboard", "--local-directory", directory.path("dask-worker")])
    }

    private func start(_ name: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: SystemPython.path)
        process.arguments = arguments
        process.currentDirectoryURL = directory.url
        let log = directory.path("dask-\(name).log")
        guard FileManager.default.createFile(atPath: log, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        processes.append(process)
    }

    /// What the scheduler and worker wrote.
    var logs: String {
        ["scheduler", "worker"].map { name in
            "dask \(name): " + ((try? String(contentsOfFile: directory.path("dask-\(name).log"), encoding: .utf8)) ?? "")
        }.joined(separator: "\n")
    }

    /// Ends the worker and the scheduler: SIGTERM, then SIGKILL after 10 s.
    func stop() {
        for process in processes.reversed() where process.isRunning {
            process.terminate()
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        processes.removeAll()
    }
}
