#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A job over one of its limits: becomes an error result of `kind` (`timeLimit`, `memoryLimit`, `pageLimit`).
struct JobLimitExceeded: Error {
    let kind: String
    let message: String
}

/// The cooperative half of a job's limits: the worker asks between sections and at the end of each stage
/// (reading, each layout) whether the job is still within its time, its memory and its pages, and a job that is
/// not ends with an error result while the worker goes on. What happens between two checks (one long section, a
/// library that loops) is bounded from outside: see ``KernelLimits`` and ``WorkerPool``.
struct JobBudget {
    let limits: BatchLimits
    /// When the job started (``JobBudget/now``).
    let start: Double
    /// The worker's resident memory when the job started, in bytes.
    let baselineResident: Int

    init(limits: BatchLimits) {
        self.limits = limits
        start = JobBudget.now
        baselineResident = JobBudget.residentBytes
    }

    /// Seconds since the job started.
    var elapsed: Double { JobBudget.now - start }

    /// Throws when the job is past its time or memory, or `pages` is past its page limit; `stage` says where
    /// (`laying out section 12 of 40`).
    func check(pages: Int = 0, stage: @autoclosure () -> String) throws(JobLimitExceeded) {
        if elapsed > limits.seconds {
            throw JobLimitExceeded(kind: "timeLimit", message: "stopped after \(formatSeconds(elapsed)) s, \(stage()): over the time limit of \(formatSeconds(limits.seconds)) s")
        }
        let grown = JobBudget.residentBytes - baselineResident
        if grown > limits.megabytes << 20 {
            throw JobLimitExceeded(kind: "memoryLimit", message: "stopped \(stage()): the worker's memory grew by \(grown >> 20) MB, over the limit of \(limits.megabytes) MB")
        }
        if pages > limits.pages {
            throw JobLimitExceeded(kind: "pageLimit", message: "stopped \(stage()): \(pages) pages, over the limit of \(limits.pages)")
        }
    }

    /// Monotonic seconds.
    static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The process's resident memory in bytes (`/proc/self/statm`), 0 when it cannot be read.
    static var residentBytes: Int { statm(field: 1) }

    /// The process's address space in bytes (`/proc/self/statm`), 0 when it cannot be read.
    static var addressSpaceBytes: Int { statm(field: 0) }

    private static func statm(field: Int) -> Int {
        let descriptor = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return 0 }
        let fields = buffer[0..<count].split(separator: 0x20)
        guard fields.count > field, let pages = Int(String(decoding: fields[field], as: UTF8.self)) else { return 0 }
        return pages.multipliedReportingOverflow(by: Int(sysconf(Int32(_SC_PAGESIZE)))).partialValue
    }
}

/// The kernel's half of a job's limits, in a supervised worker (`typeset batch --worker`): around each job the
/// worker lowers its own soft limits so that the job's CPU time and address space are bounded whatever it does
/// (a loop inside a C library, an allocation that explodes), and raises them again after. A job over them ends
/// the worker (SIGXCPU, or an allocation that fails), and its supervisor reports the job as an error and starts
/// another worker. Soft limits only: an unprivileged process may raise a soft limit back up to the hard one.
enum KernelLimits {
    /// The soft limits before a job, to restore.
    struct Saved {
        var cpu = rlimit()
        var addressSpace = rlimit()
    }

    /// Address space a job may take beyond its megabytes: thread stacks and malloc's per-thread arenas are
    /// reserved, not used, and count here.
    static let addressSlackMegabytes = 512

    /// Lowers the soft limits for a job of `limits` run with `threads` threads; returns what to restore.
    static func apply(_ limits: BatchLimits, threads: Int) -> Saved {
        var saved = Saved()
        getrlimit(resource(RLIMIT_CPU), &saved.cpu)
        getrlimit(resource(RLIMIT_AS), &saved.addressSpace)
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        let used = Int(usage.ru_utime.tv_sec) + Int(usage.ru_stime.tv_sec) + 1
        // CPU seconds: every thread counts, so the wall-clock limit times the threads, and a second more.
        let cpu = rlim_t(used + Int((limits.seconds * Double(max(1, threads))).rounded(.up)) + 1)
        var newCPU = saved.cpu
        newCPU.rlim_cur = min(cpu, saved.cpu.rlim_max)
        setrlimit(resource(RLIMIT_CPU), &newCPU)
        let space = JobBudget.addressSpaceBytes
        if space > 0 {
            let allowed = rlim_t(space) + rlim_t(limits.megabytes + addressSlackMegabytes) << 20
            var newSpace = saved.addressSpace
            newSpace.rlim_cur = min(allowed, saved.addressSpace.rlim_max)
            setrlimit(resource(RLIMIT_AS), &newSpace)
        }
        return saved
    }

    /// Restores the soft limits `apply` lowered.
    static func restore(_ saved: Saved) {
        var cpu = saved.cpu, space = saved.addressSpace
        setrlimit(resource(RLIMIT_CPU), &cpu)
        setrlimit(resource(RLIMIT_AS), &space)
    }

    private static func resource(_ value: __rlimit_resource) -> __rlimit_resource_t { __rlimit_resource_t(value.rawValue) }
}

/// `1.5`, `12`, `0.25`: seconds with at most two decimals.
func formatSeconds(_ seconds: Double) -> String {
    let hundredths = (seconds * 100).rounded()
    guard hundredths.isFinite, abs(hundredths) < 1e15 else { return "0" }
    let whole = Int(hundredths) / 100, rest = abs(Int(hundredths) % 100)
    if rest == 0 { return String(whole) }
    return rest % 10 == 0 ? "\(whole).\(rest / 10)" : "\(whole).\(rest < 10 ? "0" : "")\(rest)"
}
