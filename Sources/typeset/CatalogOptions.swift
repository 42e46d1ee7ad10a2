import TypesetCore

/// The options of `typeset batch` and `typeset catalog` (manual, "Catalogues"): the per-job limits, how workers
/// run, and where results go.
struct CatalogOptions {
    /// Default limits of every job (a job's `"limits"` overrides them).
    var limits = BatchLimits()
    /// `--worker`: run jobs in this process with the kernel's limits set around each job (what a supervising
    /// `typeset batch` or `typeset catalog` starts).
    var worker = false
    /// `--in-process`: run jobs in this process with the cooperative checks only (no child process).
    var inProcess = false
    /// `--jobs N`: worker processes of a local catalogue (one per core by default).
    var jobs: Int?
    /// `--dask ADDRESS`: the Dask scheduler a catalogue runs on.
    var dask: String?
    /// `--retries N`: how often Dask runs a task again after its worker failed.
    var retries = 2
    /// `--summary`: summarise a results file instead of running.
    var summary = false
    /// `--covers DIR`: where cover thumbnails are written.
    var covers: String?
    /// `--python PATH`: the interpreter of the Dask driver (Debian's python3-distributed is for /usr/bin/python3).
    var python = "/usr/bin/python3"
    /// `--worker-folder DIR`: where Dask workers find the catalogue's folder (copied books), if not at its path.
    var workerFolder: String?
    /// `--worker-typeset PATH`: the typeset executable on the Dask workers, if not at this one's path.
    var workerTypeset: String?
    /// Whether `--threads` was given (a catalogue otherwise shares the cores among its workers).
    var threadsChosen = false

    static let batchAndCatalog: Set<Command> = [.batch, .catalog]

    /// The options of the two commands, in the order `--help` lists them (joined to ``CommandOption/all``).
    static let options: [CommandOption] = [
        CommandOption(name: "--time-limit", short: nil, valueName: "S", commands: batchAndCatalog, group: .catalogue,
                      help: "seconds a job may take, wall clock, before it ends with a timeLimit error (checked between sections; a worker process is also held to S × threads + 1 s of CPU by the kernel and killed at 1.1 × S + min(S, 5) s) [120]") {
            $0.catalog.limits.seconds = Double(try count($1, "--time-limit", in: 1...86_400))
        },
        CommandOption(name: "--memory-limit", short: nil, valueName: "MB", commands: batchAndCatalog, group: .catalogue,
                      help: "megabytes a job may add to its worker's memory before it ends with a memoryLimit error (resident memory checked between sections; a worker process's address space is capped at its size before the job plus MB + 512) [2048]") {
            $0.catalog.limits.megabytes = try count($1, "--memory-limit", in: 16...1_048_576)
        },
        CommandOption(name: "--page-limit", short: nil, valueName: "N", commands: batchAndCatalog, group: .catalogue,
                      help: "pages a book may have at either layout before its job ends with a pageLimit error [100000]") {
            $0.catalog.limits.pages = try count($1, "--page-limit", in: 1...Int(Int32.max))
        },
        CommandOption(name: "--covers", short: nil, valueName: "DIR", commands: batchAndCatalog, group: .catalogue,
                      help: "write each book's cover as a PNG thumbnail 320 pixels wide into DIR (results give its path) [none]") {
            $0.catalog.covers = try nonEmpty($1, "--covers")
        },
        CommandOption(name: "--in-process", short: nil, valueName: nil, commands: [.batch], group: .catalogue,
                      help: "run jobs in this process, with the cooperative limits only: a job the checks cannot stop (a hang inside a library, memory that explodes) ends the batch") { options, _ in
            options.catalog.inProcess = true
        },
        CommandOption(name: "--worker", short: nil, valueName: nil, commands: [.batch], group: .catalogue,
                      help: "run jobs in this process with the kernel's limits set around each (CPU time, address space): what a supervising batch or catalog starts; a job over them ends the process") { options, _ in
            options.catalog.worker = true
        },
        CommandOption(name: "--jobs", short: "-j", valueName: "N", commands: [.catalog], group: .catalogue,
                      help: "worker processes, each running one book at a time [one per core]") {
            $0.catalog.jobs = try count($1, "--jobs", in: 1...256)
        },
        CommandOption(name: "--summary", short: nil, valueName: nil, commands: [.catalog], group: .catalogue,
                      help: "summarise a results file (typeset catalog --summary RESULTS.jsonl): books, pages, findings by kind, errors, slowest books") { options, _ in
            options.catalog.summary = true
        },
        CommandOption(name: "--dask", short: nil, valueName: "ADDRESS", commands: [.catalog], group: .catalogue,
                      help: "run the books as tasks on a Dask cluster (tcp://HOST:8786), through Sources/typeset-catalog/typeset-dask.py") {
            $0.catalog.dask = try nonEmpty($1, "--dask")
        },
        CommandOption(name: "--retries", short: nil, valueName: "N", commands: [.catalog], group: .catalogue,
                      help: "with --dask, how many more times a task runs after its worker failed [2]") {
            $0.catalog.retries = try count($1, "--retries", in: 0...100)
        },
        CommandOption(name: "--python", short: nil, valueName: "PATH", commands: [.catalog], group: .catalogue,
                      help: "with --dask, the Python with Debian's python3-distributed [/usr/bin/python3]") {
            $0.catalog.python = try nonEmpty($1, "--python")
        },
        CommandOption(name: "--worker-folder", short: nil, valueName: "DIR", commands: [.catalog], group: .catalogue,
                      help: "with --dask, where the workers find FOLDER (a copy, or a share mounted elsewhere) [FOLDER's absolute path]") {
            $0.catalog.workerFolder = try nonEmpty($1, "--worker-folder")
        },
        CommandOption(name: "--worker-typeset", short: nil, valueName: "PATH", commands: [.catalog], group: .catalogue,
                      help: "with --dask, the typeset executable on the workers (Fonts/ beside or above it) [this executable's path]") {
            $0.catalog.workerTypeset = try nonEmpty($1, "--worker-typeset")
        },
    ]

    private static func nonEmpty(_ value: String?, _ name: String) throws(UsageError) -> String {
        guard let value, !value.isEmpty else { throw UsageError("\(name) needs a value") }
        return value
    }

    private static func count(_ value: String?, _ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        let text = try nonEmpty(value, name)
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("\(name): \"\(text.oneLinePrefix)\" is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }
}

/// What one job may spend (manual, "Catalogues": limits).
struct BatchLimits: Hashable {
    /// Wall-clock seconds.
    var seconds: Double = 120
    /// Megabytes of memory the job may add to its worker's.
    var megabytes = 2048
    /// Pages at either layout.
    var pages = 100_000
}
