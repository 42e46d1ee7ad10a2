import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TypesetTestSupport

/// What one run of the `typeset` executable produced.
struct CLIResult {
    /// The exit status (or the signal number when the process was killed).
    let status: Int32
    /// Whether the process ended by a signal instead of exiting (a crash, or the timeout's SIGKILL).
    let wasSignalled: Bool
    /// Whether the run exceeded the timeout and was killed.
    let timedOut: Bool
    /// Standard output, as bytes.
    let stdoutData: Data
    /// Standard error, decoded as UTF-8.
    let stderr: String

    /// Standard output, decoded as UTF-8.
    var stdout: String { String(decoding: stdoutData, as: UTF8.self) }

    /// The lines of standard error (without the final empty string after the last newline).
    var stderrLines: [String] {
        var lines = stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

/// Runs the built `typeset` executable with `Process` and a timeout.
enum CLIRunner {
    /// How long one run may take before it counts as a hang: killed and reported.
    static let timeout: TimeInterval = 60

    /// `XDG_CACHE_HOME` for every run of this test process: a fresh directory, so the CLI's font match cache
    /// starts empty and is then used as in real runs, without touching the user's own cache.
    static let cacheHome: String = NSTemporaryDirectory() + "typeset-cli-tests-cache-\(ProcessInfo.processInfo.processIdentifier)"

    /// The `typeset` executable built with the tests: `$TYPESET_EXECUTABLE`, else the products directory that
    /// holds the running test binary (`swift test` and `swift test --scratch-path X` both put `typeset` there),
    /// else the package's own `.build/debug`.
    static let executable: URL? = {
        let manager = FileManager.default
        func isExecutable(_ url: URL) -> Bool {
            var isDirectory: ObjCBool = false
            return manager.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
                && manager.isExecutableFile(atPath: url.path)
        }
        if let explicit = ProcessInfo.processInfo.environment["TYPESET_EXECUTABLE"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        // The running test binary: on Linux the `*.xctest` executable in the products directory; on macOS a
        // bundle (`*.xctest/Contents/MacOS/...`), hence the walk up a few levels.
        var starts: [URL] = []
        if let selfExe = try? manager.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            starts.append(URL(fileURLWithPath: selfExe).deletingLastPathComponent())
        }
        starts.append(Bundle.main.bundleURL)
        starts.append(Bundle.main.executableURL?.deletingLastPathComponent() ?? Bundle.main.bundleURL)
        if let argument0 = CommandLine.arguments.first {
            starts.append(URL(fileURLWithPath: argument0).resolvingSymlinksInPath().deletingLastPathComponent())
        }
        for start in starts {
            var directory = start.standardizedFileURL
            for _ in 0..<4 {
                let candidate = directory.appendingPathComponent("typeset")
                if isExecutable(candidate) { return candidate }
                directory.deleteLastPathComponent()
            }
        }
        let fallback = URL(fileURLWithPath: Fixtures.repositoryRoot).appendingPathComponent(".build/debug/typeset")
        return isExecutable(fallback) ? fallback : nil
    }()

    /// Runs `typeset arguments...` in `directory` with stdin closed and stdout/stderr captured to files (so a
    /// large `--json` output cannot fill a pipe and block). A run longer than ``timeout`` is killed and
    /// recorded as an issue: a hang is a bug.
    static func run(_ arguments: [String], in directory: TemporaryDirectory, input: String? = nil,
                    environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation) throws -> CLIResult {
        let executable = try #require(CLIRunner.executable, """
            the typeset executable was not found next to the test binary (\(CommandLine.arguments.first ?? "?")) \
            nor in .build/debug; build it (swift build --product typeset) or set TYPESET_EXECUTABLE
            """, sourceLocation: sourceLocation)
        return try runProcess(executable, arguments, in: directory, timeout: timeout, input: input, environment: environment,
                              sourceLocation: sourceLocation)
    }

    /// Runs any executable the way ``run(_:in:sourceLocation:)`` runs `typeset` (exposed for the runner's own test);
    /// `environment` adds to (or replaces in) the test process's own.
    static func runProcess(_ executable: URL, _ arguments: [String], in directory: TemporaryDirectory, timeout: TimeInterval,
                           input: String? = nil, environment extra: [String: String] = [:],
                           sourceLocation: SourceLocation = #_sourceLocation) throws -> CLIResult {
        let outURL = directory.url.appendingPathComponent(".stdout-\(UUID().uuidString)")
        let errURL = directory.url.appendingPathComponent(".stderr-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: outURL.path, contents: nil),
              FileManager.default.createFile(atPath: errURL.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: directory.url.path])
        }
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory.url
        if let input {
            let inURL = directory.url.appendingPathComponent(".stdin-\(UUID().uuidString)")
            try Data(input.utf8).write(to: inURL)
            process.standardInput = try FileHandle(forReadingFrom: inURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        process.standardOutput = outHandle
        process.standardError = errHandle
        // Hermetic: the tool must find the bundled fonts itself, not through the caller's environment, and keeps
        // its font match cache in the test run's own directory rather than the user's ~/.cache.
        var environment = ProcessInfo.processInfo.environment
        environment["TYPESET_FONT_DIR"] = nil
        environment["TYPESET_FONT_CACHE"] = nil
        environment["XDG_CACHE_HOME"] = CLIRunner.cacheHome
        environment.merge(extra) { _, new in new }
        process.environment = environment

        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        var timedOut = false
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
        }
        try outHandle.close()
        try errHandle.close()
        let result = CLIResult(
            status: process.terminationStatus,
            wasSignalled: process.terminationReason == .uncaughtSignal,
            timedOut: timedOut,
            stdoutData: (try? Data(contentsOf: outURL)) ?? Data(),
            stderr: String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self))
        #expect(!timedOut, "\(executable.lastPathComponent) \(arguments.joined(separator: " ")) did not finish within \(Int(timeout)) s: a hang",
                sourceLocation: sourceLocation)
        #expect(!result.wasSignalled || timedOut,
                "\(executable.lastPathComponent) \(arguments.joined(separator: " ")) was killed by signal \(result.status) (a crash): \(result.stderrLines.first ?? "")",
                sourceLocation: sourceLocation)
        return result
    }

    /// Runs `typeset --fonts bundled arguments...` (hermetic: only the bundled fonts).
    static func runBundled(_ arguments: [String], in directory: TemporaryDirectory, input: String? = nil,
                           sourceLocation: SourceLocation = #_sourceLocation) throws -> CLIResult {
        try run(["--fonts", "bundled"] + arguments, in: directory, input: input, sourceLocation: sourceLocation)
    }
}

/// A fresh directory under the system's temporary directory, removed when the value goes away.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("typeset-cli-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The path of `name` inside the directory.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `bytes` to `name` and returns its path.
    @discardableResult
    func write(_ bytes: [UInt8], to name: String) throws -> String {
        let path = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Writes `text` as UTF-8 to `name` and returns its path.
    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        try write(Array(text.utf8), to: name)
    }

    /// The names of the entries in the directory, sorted, without the runner's hidden capture files.
    func entries(_ name: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: name.isEmpty ? url.path : path(name))
            .filter { !$0.hasPrefix(".std") }.sorted()
    }
}

/// Checks a failed run: the exit status, nothing on stdout, and exactly one line on stderr that starts with
/// `typeset:` and contains every string of `mentioning`.
func expectFailure(_ result: CLIResult, status: Int32, mentioning: [String] = [],
                   sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.status == status, "exit status \(result.status), expected \(status); stderr: \(result.stderrLines.first ?? "")",
            sourceLocation: sourceLocation)
    #expect(result.stdoutData.isEmpty, "stdout should be empty on failure, got: \(result.stdout.prefix(200))",
            sourceLocation: sourceLocation)
    #expect(result.stderrLines.count == 1, "stderr should be one line, got \(result.stderrLines.count): \(result.stderrLines.prefix(3))",
            sourceLocation: sourceLocation)
    #expect(result.stderr.hasSuffix("\n"), "stderr should end with a newline: \(result.stderr.debugDescription)",
            sourceLocation: sourceLocation)
    let line = result.stderrLines.first ?? ""
    #expect(line.hasPrefix("typeset: "), "stderr should start with \"typeset: \": \(line)", sourceLocation: sourceLocation)
    for word in mentioning {
        #expect(line.contains(word), "stderr should mention \(word.debugDescription): \(line)", sourceLocation: sourceLocation)
    }
}
