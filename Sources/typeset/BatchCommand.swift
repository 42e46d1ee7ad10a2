import TypesetCore

/// `typeset batch`: one long-lived process that reads jobs as JSON lines on standard input and writes one JSON
/// result per job on standard output, in order (manual, "Catalogues").
///
/// By default the jobs run in one supervised worker process (``WorkerPool`` of one): a job over its limits, or
/// one that crashes, ends with an error result and a new worker takes the next job. `--in-process` runs them here,
/// with the cooperative checks only; `--worker` is what the supervisor starts (here, with the kernel's limits
/// around each job).
enum BatchCommand {
    static func run(_ options: Options) throws {
        if let input = options.input {
            throw UsageError("batch: jobs come on standard input, one JSON object a line; \(input.oneLinePrefix) is not an option (see typeset help batch)")
        }
        let console = Console.shared
        console.releaseNotices()
        if options.catalog.worker || options.catalog.inProcess {
            let worker = BatchWorker(defaults: options, kernelLimits: options.catalog.worker)
            forEachJob { line in
                console.line(worker.run(line))
                console.flush()
                return console.outputFailure == nil
            }
            return
        }
        // The worker takes this command's own arguments, so that its defaults are these.
        let arguments = ["batch", "--worker"] + Array(CommandLine.arguments.dropFirst(2))
        let pool = WorkerPool(size: 1, executable: ChildProcess.currentExecutable, arguments: arguments)
        defer { pool.shutDown() }
        forEachJob { line in
            switch Result(catching: { () throws(BatchJob.Refusal) in try pending(line, defaults: options) }) {
            case .success(let job): pool.run([job]) { console.line($0) }
            case .failure(let error):
                console.line(BatchResult.error(id: error.id, book: error.book, kind: "badJob", message: error.message, seconds: 0))
            }
            console.flush()
            return console.outputFailure == nil
        }
    }

    /// Calls `body` with every non-blank line of standard input until it returns false or the input ends.
    private static func forEachJob(_ body: (String) -> Bool) {
        while let line = readLine(strippingNewline: true) {
            if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { continue }
            if !body(line) { return }
        }
    }

    /// A job line as the supervisor needs it: its id, book and limits, for the error result of a worker that dies.
    static func pending(_ line: String, defaults: Options) throws(BatchJob.Refusal) -> PendingJob {
        let job = try BatchJob.parse(line, defaults: defaults)
        return PendingJob(line: line, id: job.id, book: job.book, limits: job.limits)
    }
}
