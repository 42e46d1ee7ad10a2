#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import TypesetCore

/// The tool's one way to standard output and standard error.
///
/// Writes go through `write(2)` and never trap: Foundation's `FileHandle.write` raises on a full disk or a
/// closed descriptor, and `print` loses the error. A failure on standard output is remembered, and the tool
/// exits with status 4 saying so (a `--json` run onto a full disk must not look like success); a failure on
/// standard error cannot be reported anywhere, so it is ignored. SIGPIPE is ignored too, so that a reader that
/// goes away is a write error (status 4), not a silent kill.
final class Console: Sendable {
    /// The process's console.
    static let shared = Console()

    private struct State {
        var quiet = false
        /// Notices waiting for the command to get past its checks (see ``releaseNotices()``).
        var pendingNotices: [String] = []
        var noticesReleased = false
        var buffer: [UInt8] = []
        /// The first error (an errno) standard output gave.
        var outputError: Int32?
    }
    private let state = Mutex(State())

    private init() { signal(SIGPIPE, SIG_IGN) }

    /// Whether notices (font stand-ins, encodings, recovered books, progress, "wrote N pages") are silenced
    /// (`-q`). Errors are always written.
    ///
    /// Quiet also silences what C libraries print through stdio's `stderr` (libjxl's debug lines about a damaged
    /// image: `./lib/jxl/decode.cc:2143: missing input`): the stream is pointed at `/dev/null`. The tool's own lines
    /// go to descriptor 2 with `write(2)`, not through that stream, so errors are still written.
    var quiet: Bool {
        get { state.withLock { $0.quiet } }
        set {
            state.withLock { $0.quiet = newValue }
            if newValue { Console.silenceLibraries() }
        }
    }

    /// Points stdio's `stderr` at `/dev/null`, once.
    private static func silenceLibraries() {
        librariesSilenced.withLock { silenced in
            // The variable is reached by its address (Swift 6 refuses a C global's name as shared mutable state).
            guard !silenced, let variable = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "stderr"),
                  let null = fopen("/dev/null", "w") else { return }
            variable.assumingMemoryBound(to: UnsafeMutablePointer<FILE>?.self).pointee = null
            silenced = true
        }
    }

    private static let librariesSilenced = Mutex(false)

    /// Appends text to standard output (buffered; written by ``flush()`` or when the buffer fills).
    func write(_ text: String) { write(bytes: Array(text.utf8)) }

    /// Appends a line to standard output.
    func line(_ text: String) { write(text + "\n") }

    /// Appends bytes (a PNG) to standard output.
    func write(bytes: [UInt8]) {
        let full = state.withLock { state -> Bool in
            state.buffer += bytes
            return state.buffer.count >= 1 << 16
        }
        if full { flush() }
    }

    /// Writes what standard output holds; remembers the first failure.
    func flush() {
        state.withLock { state in
            guard !state.buffer.isEmpty else { return }
            if state.outputError == nil, let error = Console.writeAll(state.buffer, to: 1) { state.outputError = error }
            state.buffer.removeAll(keepingCapacity: true)
        }
    }

    /// The reason standard output could not be written (`No space left on device`), or nil when every write
    /// so far succeeded. Flushes first.
    var outputFailure: String? {
        flush()
        return state.withLock { $0.outputError.map { String(cString: strerror($0)) } }
    }

    /// `typeset: MESSAGE` on standard error, always (errors).
    func error(_ message: String) { Console.writeAll(Array(("typeset: " + message.oneLine() + "\n").utf8), to: 2) }

    /// `typeset: MESSAGE` on standard error unless quiet (notices and warnings). Until the command releases
    /// them (``releaseNotices()``) notices wait, so that a command that then fails on its options prints its
    /// one error line and nothing else.
    func notice(_ message: String) {
        let now: Bool = state.withLock { state in
            guard !state.quiet else { return false }
            if state.noticesReleased { return true }
            state.pendingNotices.append(message)
            return false
        }
        if now { error(message) }
    }

    /// Writes the notices that waited, and every later one at once: the command has checked its options and
    /// is about to do its work.
    func releaseNotices() {
        let pending: [String] = state.withLock { state in
            state.noticesReleased = true
            defer { state.pendingNotices.removeAll() }
            return state.pendingNotices
        }
        for message in pending { error(message) }
    }

    /// A progress line rewritten in place (`\rtypeset: page 3/10`) when standard error is a terminal and the
    /// tool is not quiet; `done` ends the line.
    func progress(_ text: String, done: Bool = false) {
        guard !quiet, isatty(2) != 0 else { return }
        Console.writeAll(Array(("\r" + text + (done ? "\n" : "")).utf8), to: 2)
    }

    /// The fewest items a counter reports to a standard error that is not a terminal (a log file, a CI job): a
    /// shorter run needs no progress there.
    static let loggedProgressMinimum = 100

    /// Progress through `total` items (`count` of them done, from 1): on a terminal, the line rewritten in place
    /// at every item; otherwise a line of its own at every tenth of the way (`typeset: page 402/4015`), for
    /// runs of at least ``loggedProgressMinimum`` items, so that a log shows a long run moving without a line
    /// per page.
    func progress(_ noun: String, count: Int, of total: Int) {
        guard !quiet else { return }
        let text = "typeset: \(noun) \(count)/\(total)"
        if isatty(2) != 0 {
            Console.writeAll(Array(("\r" + text + (count == total ? "\n" : "")).utf8), to: 2)
        } else if total >= Self.loggedProgressMinimum, count % max(1, total / 10) == 0 || count == total {
            error(String(text.dropFirst("typeset: ".count)))
        }
    }

    /// Writes every byte, retrying interrupted and partial writes; the errno of a failure, or nil.
    @discardableResult
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if written == 0 { return EIO }
            offset += written
        }
        return nil
    }
}
