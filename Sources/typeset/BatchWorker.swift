#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TypesetCore
import TypesetDocuments

/// Runs batch jobs in this process: one result line per job line, never throwing (a job that fails is an error
/// result). The fonts (a typesetter per font choice, with its word cache) are made once and serve every job;
/// hyphenation patterns are cached by the library once loaded.
final class BatchWorker {
    /// The command line's options: every job's defaults.
    let defaults: Options
    /// Whether the kernel's limits are set around each job (``KernelLimits``): a supervised worker.
    let kernelLimits: Bool
    private var typesetters: [FontChoice: Typesetter] = [:]

    init(defaults: Options, kernelLimits: Bool) {
        self.defaults = defaults
        self.kernelLimits = kernelLimits
    }

    /// The result line of job `line`.
    func run(_ line: String) -> String {
        let start = JobBudget.now
        let job: BatchJob
        do { job = try BatchJob.parse(line, defaults: defaults) } catch {
            return BatchResult.error(id: error.id, book: error.book, kind: "badJob", message: error.message, seconds: JobBudget.now - start)
        }
        let saved = kernelLimits ? KernelLimits.apply(job.limits, threads: defaults.threads) : nil
        defer { if let saved { KernelLimits.restore(saved) } }
        let budget = JobBudget(limits: job.limits)
        do {
            if let hook = job.testHook { BatchWorker.perform(hook) }
            return try examine(job, budget: budget)
        } catch {
            let (kind, message) = BatchWorker.describe(error)
            return BatchResult.error(id: job.id, book: job.book, kind: kind, message: message, seconds: budget.elapsed)
        }
    }

    /// The error kind and message of a failed job.
    static func describe(_ error: any Error) -> (String, String) {
        switch error {
        case let error as JobLimitExceeded: (error.kind, error.message)
        case let error as DocumentError: ("unreadable", error.message)
        case let error as FontError: ("noFont", error.message)
        case let error as InvalidSetting: ("badJob", "\(error.name): \(error.reason)")
        case let error as ToolFailure: (error.status == .noFont ? "noFont" : "failed", error.message)
        default: ("failed", Tool.describe(error).message)
        }
    }

    /// Reads the book, lays it out at the job's settings and at the reference profile, audits it, and writes
    /// its result.
    private func examine(_ job: BatchJob, budget: JobBudget) throws -> String {
        var settings = try job.settings.validated()
        let file = try BookFile.open(path: job.book, publisherStyles: settings.publisherStyles, reportsIgnoredCSS: true)
        if !job.modeChosen, case .epub(let book) = file.format, book.flow == .scrolledDoc || book.flow == .scrolledContinuous {
            settings.mode = .scroll
        }
        let readSeconds = budget.elapsed
        try budget.check(stage: "after reading the book")

        let typesetter = try self.typesetter(job.fontChoice)
        let coverage = try typesetter.fonts.coverageReport(of: file.text, family: settings.typography.fontFamily)
        var layout = LayoutAudit(findsProblems: true)
        try BookLayoutPass.run(file.text, typesetter: typesetter, settings: settings, audit: &layout, budget: budget,
                               name: "at the job's settings")
        let reference = try referenceLayout(file, job: job, settings: settings, layout: layout, budget: budget)
        let layoutSeconds = budget.elapsed - readSeconds

        var findings = layout.findings
        let notDecoded = try BookAudit.audit(file, coverage: coverage, findings: &findings, budget: budget)
        let printPages = PrintPageAudit.json(file.publication, findings: &findings)
        let cover = CoverThumbnail.json(file, folder: job.covers, name: job.id ?? job.book)
        let auditSeconds = budget.elapsed - readSeconds - layoutSeconds

        let publication = file.publication
        var members = BatchResult.head(id: job.id, book: job.book, ok: true)
        members += BookFacts.members(file, bytes: BatchWorker.fileSize(job.book), fullPositions: job.fullPositions)
        members += [
            ("cover", cover),
            ("printPages", printPages),
            ("reference", .object([("profile", .string(ReferenceProfile.name)), ("pages", .integer(reference.pages)),
                                   ("lines", .integer(reference.lines)), ("checksum", .string(reference.checksum.text))])),
            ("layout", .object([("settings", .settings(settings)), ("fonts", .string(job.fontChoice.rawValue)),
                                ("pages", .integer(layout.pages)), ("lines", .integer(layout.lines)),
                                ("checksum", .string(layout.checksum.text))])),
            ("findings", findings.json { offset in publication.locator(at: offset).map { .locator($0) } ?? .null }),
            ("imagesNotDecoded", .integer(notDecoded)),
            ("notices", .object([("count", .integer(file.notices.count)),
                                 ("first", .array(file.notices.prefix(20).map { .string($0) }))])),
            BatchResult.run(seconds: budget.elapsed, stages: [("readSeconds", readSeconds), ("layoutSeconds", layoutSeconds),
                                                              ("auditSeconds", auditSeconds)]),
        ]
        return JSONWriter.render(.object(members))
    }

    /// The reference profile's counts and checksum: the job's own when the job is laid out exactly so (bundled
    /// fonts, the profile's settings), else a layout of their own.
    private func referenceLayout(_ file: BookFile, job: BatchJob, settings: ReaderSettings, layout: LayoutAudit,
                                 budget: JobBudget) throws -> LayoutAudit {
        let profile = ReferenceProfile.settings
        if job.fontChoice == .bundled, settings == profile { return layout }
        let text = settings.publisherStyles ? file.text : try file.publication.restyled(publisherStyles: true).text
        var reference = LayoutAudit(findsProblems: false)
        try BookLayoutPass.run(text, typesetter: try typesetter(.bundled), settings: profile, audit: &reference,
                               budget: budget, name: "at the reference profile")
        return reference
    }

    /// The typesetter of a font choice, made at its first job.
    private func typesetter(_ choice: FontChoice) throws -> Typesetter {
        if let made = typesetters[choice] { return made }
        var options = defaults
        options.fontChoice = choice
        let made = Typesetter(fonts: try LaidOutBook.fontContext(options), threads: defaults.threads)
        typesetters[choice] = made
        return made
    }

    private static func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// Where the test hooks put what they make, so that no optimiser drops the work as unused.
    nonisolated(unsafe) private static var hookSink: [[UInt8]] = []
    nonisolated(unsafe) private static var hookCounter: UInt64 = 0

    /// Does what a test hook says (see ``BatchJob/TestHook``); never returns.
    private static func perform(_ hook: BatchJob.TestHook) {
        switch hook {
        case .spin:
            while true { hookCounter = hookCounter &* 6364136223846793005 &+ 1442695040888963407 }
        case .sleep:
            while true { sleep(3600) }
        case .allocate:
            while true { hookSink.append([UInt8](repeating: UInt8(truncatingIfNeeded: hookSink.count | 1), count: 32 << 20)) }
        case .crash:
            abort()
        }
    }
}
