#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A job handed to a worker process: its line and what the supervisor needs to report it if the worker dies.
struct PendingJob {
    let line: String
    let id: String?
    let book: String?
    let limits: BatchLimits
}

/// Supervises worker processes (`typeset batch --worker`), each running one job at a time: what makes one bad
/// book end its own job, never the batch.
///
/// A job that cannot be interrupted cooperatively (a hang inside a C library, memory that explodes in one
/// allocation, a crash) can only be bounded from outside the process that runs it. So each worker sets the
/// kernel's limits around its job (``KernelLimits``: CPU time, address space), and the pool watches the wall
/// clock: a worker that passes 1.1 × the job's seconds and a grace (``watchdogSeconds(_:)``) is killed. A worker
/// that dies (SIGXCPU, a failed
/// allocation, SIGKILL, a crash) gets its job reported as an error result naming why, and a fresh worker takes the
/// next job; the others never notice. Worker processes start once and serve many jobs, so fonts load once per
/// worker, not per book.
final class WorkerPool {
    /// How many workers run at once.
    let size: Int
    /// `typeset` and its arguments for a worker.
    private let executable: String
    private let arguments: [String]
    private var workers: [Worker?]

    /// One worker process and the job it is on.
    private final class Worker {
        let process: ChildProcess
        var pending = [UInt8]()
        /// The first and the last bytes it wrote on standard error during its current job (a crash's message:
        /// the runtime's `Fatal error: failed to allocate ...` comes first).
        var errorHead = [UInt8]()
        var errorTail = [UInt8]()
        var job: PendingJob?
        var started = 0.0
        var deadline = Double.infinity
        var killedByWatchdog = false
        init(_ process: ChildProcess) { self.process = process }

        /// Keeps the first and the last ``WorkerPool/errorBytes`` of standard error.
        func keepError(_ bytes: [UInt8]) {
            let head = min(bytes.count, WorkerPool.errorBytes - errorHead.count)
            errorHead += bytes.prefix(head)
            errorTail += bytes.dropFirst(head)
            if errorTail.count > WorkerPool.errorBytes { errorTail.removeFirst(errorTail.count - WorkerPool.errorBytes) }
        }

        /// What it wrote on standard error during its job, in one line of at most about 600 characters.
        var errorText: String {
            let head = String(decoding: errorHead, as: UTF8.self).oneLine(limit: 400)
            guard !errorTail.isEmpty else { return head }
            return head + " … " + String(decoding: errorTail.suffix(400), as: UTF8.self).oneLine(limit: 200)
        }
    }

    /// How long a worker may take over a job before it is killed: the job's seconds, a tenth more and up to 5 s
    /// of grace (the cooperative check comes between sections, and a loaded machine is slow to start a worker).
    static func watchdogSeconds(_ limits: BatchLimits) -> Double {
        limits.seconds * 1.1 + min(5, limits.seconds)
    }

    /// Standard error a worker keeps for a crash's message, in bytes, from its start and from its end.
    static let errorBytes = 1024

    /// The environment a worker gets beside this process's: no backtrace from the Swift runtime when it dies (it
    /// takes seconds, and the message before it is what tells why).
    static let environment = ["SWIFT_BACKTRACE": "enable=no"]

    init(size: Int, executable: String, arguments: [String]) {
        self.size = max(1, size)
        self.executable = executable
        self.arguments = arguments
        workers = Array(repeating: nil, count: self.size)
    }

    /// Runs `jobs` on the workers, calling `emit` with each result line as it comes (in the order jobs finish),
    /// and returns when every job has its result. Workers stay up for the next call.
    func run(_ jobs: [PendingJob], emit: (String) -> Void) {
        var queue = jobs[...]
        while true {
            for slot in workers.indices where workers[slot]?.job == nil {
                guard let job = queue.popFirst() else { break }
                start(job, slot: slot, emit: emit)
            }
            let busy = workers.indices.filter { workers[$0]?.job != nil }
            if busy.isEmpty && queue.isEmpty { return }
            if busy.isEmpty { continue }
            wait(busy, emit: emit)
        }
    }

    /// Ends every worker: each reads the end of its input and exits.
    func shutDown() {
        for worker in workers.compactMap({ $0 }) {
            worker.process.closeInput()
            worker.process.wait()
        }
        workers = Array(repeating: nil, count: size)
    }

    /// Hands `job` to the worker of `slot`, starting one if there is none (or the one there is gone).
    private func start(_ job: PendingJob, slot: Int, emit: (String) -> Void) {
        for attempt in 0..<2 {
            if workers[slot] == nil {
                do {
                    workers[slot] = Worker(try ChildProcess(executable, arguments, environment: Self.environment))
                } catch {
                    emit(BatchResult.error(id: job.id, book: job.book, kind: "failed", message: "cannot start a worker: \(error.message)", seconds: 0))
                    return
                }
            }
            guard let worker = workers[slot] else { return }
            worker.job = job
            worker.errorHead.removeAll()
            worker.errorTail.removeAll()
            worker.started = JobBudget.now
            worker.deadline = worker.started + Self.watchdogSeconds(job.limits)
            if worker.process.write(Array((job.line + "\n").utf8)) { return }
            // The worker was gone before the job reached it (killed from outside while idle): another one.
            worker.job = nil
            worker.process.signal(SIGKILL)
            worker.process.wait()
            workers[slot] = nil
            if attempt == 1 {
                emit(BatchResult.error(id: job.id, book: job.book, kind: "failed", message: "the worker would not take the job", seconds: 0))
            }
        }
    }

    /// Waits for output from the busy workers or the first deadline, and handles what came.
    private func wait(_ busy: [Int], emit: (String) -> Void) {
        var descriptors: [pollfd] = []
        var owners: [Int] = []
        for slot in busy {
            guard let worker = workers[slot] else { continue }
            for descriptor in [worker.process.output, worker.process.errors] where descriptor >= 0 {
                descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
                owners.append(slot)
            }
        }
        let firstDeadline = busy.compactMap { workers[$0]?.deadline }.min() ?? .infinity
        let milliseconds = Int32(max(0, min(60_000, (firstDeadline - JobBudget.now) * 1000)).rounded(.up))
        let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
        if ready > 0 {
            for (index, descriptor) in descriptors.enumerated() where descriptor.revents != 0 {
                guard let worker = workers[owners[index]], worker.job != nil else { continue }
                receive(descriptor.fd, from: worker, slot: owners[index], emit: emit)
            }
        }
        let now = JobBudget.now
        for slot in busy {
            guard let worker = workers[slot], worker.job != nil, now > worker.deadline else { continue }
            worker.killedByWatchdog = true
            worker.process.signal(SIGKILL)
            died(worker, slot: slot, emit: emit)
        }
    }

    /// Reads what a worker wrote: a result line ends its job; the end of its output is its death.
    private func receive(_ descriptor: Int32, from worker: Worker, slot: Int, emit: (String) -> Void) {
        let isOutput = descriptor == worker.process.output
        guard let bytes = worker.process.read(descriptor) else {
            if isOutput { died(worker, slot: slot, emit: emit) }
            return
        }
        if !isOutput {
            worker.keepError(bytes)
            return
        }
        worker.pending += bytes
        guard let newline = worker.pending.firstIndex(of: 0x0A) else { return }
        let line = String(decoding: worker.pending[..<newline], as: UTF8.self)
        worker.pending.removeSubrange(...newline)
        worker.job = nil
        worker.deadline = .infinity
        emit(line)
    }

    /// Reports the job of a worker that ended, and forgets the worker (the next job starts another).
    private func died(_ worker: Worker, slot: Int, emit: (String) -> Void) {
        workers[slot] = nil
        worker.process.closeInput()
        // What it wrote on standard error before it ended: the runtime's last words.
        while worker.process.errors >= 0, let bytes = worker.process.read(worker.process.errors) {
            worker.keepError(bytes)
        }
        let status = worker.process.wait()
        guard let job = worker.job else { return }
        let (kind, message, detail) = Self.describeDeath(status: status, worker: worker, job: job)
        emit(BatchResult.error(id: job.id, book: job.book, kind: kind, message: message, seconds: JobBudget.now - worker.started,
                               detail: detail))
    }

    /// Why a worker died during `job`: the error kind, the message, and the signal or exit status.
    private static func describeDeath(status: Int32, worker: Worker, job: PendingJob) -> (String, String, [(String, JSONWriter.Value)]) {
        let tail = worker.errorText
        var detail: [(String, JSONWriter.Value)] = []
        if !tail.isEmpty { detail.append(("stderr", .string(tail))) }
        guard let signal = ChildProcess.signal(of: status) else {
            let code = ChildProcess.exitStatus(of: status)
            detail.insert(("exitStatus", .integer(Int(code))), at: 0)
            return ("crash", "the worker exited with status \(code) while on this book; a new worker took the next job", detail)
        }
        detail.insert(("signal", .string(ChildProcess.signalName(signal))), at: 0)
        let seconds = formatSeconds(job.limits.seconds)
        if worker.killedByWatchdog {
            return ("timeLimit", "the book took more than \(seconds) s (the time limit, wall clock): its worker was killed and replaced", detail)
        }
        if signal == SIGXCPU {
            return ("timeLimit", "the book used more CPU time than the time limit of \(seconds) s allows: the kernel stopped its worker, which was replaced", detail)
        }
        let lowered = tail.lowercased()
        if lowered.contains("failed to allocate") || lowered.contains("could not allocate") || lowered.contains("out of memory")
            || lowered.contains("bad_alloc") || lowered.contains("cannot allocate memory") {
            return ("memoryLimit", "the book needed more memory than the limit of \(job.limits.megabytes) MB allows: an allocation failed and ended its worker, which was replaced", detail)
        }
        return ("crash", "the worker ended with \(ChildProcess.signalName(signal)) while on this book; a new worker took the next job", detail)
    }
}
