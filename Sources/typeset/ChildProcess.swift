#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process with pipes to its standard input, output and error (any of them may be left to this
/// process's own): started with `posix_spawn`, read with `poll`, ended with `kill` and `waitpid`. One owner per
/// child: its descriptors are closed and it is reaped once.
final class ChildProcess {
    let pid: pid_t
    /// Where this process writes the child's standard input (-1 when inherited).
    private(set) var input: Int32
    /// Where this process reads the child's standard output (-1 when inherited or at its end).
    private(set) var output: Int32
    /// Where this process reads the child's standard error (-1 when inherited or at its end).
    private(set) var errors: Int32
    private var reaped: Int32?

    /// A child that could not be started.
    struct SpawnError: Error { let message: String }

    /// Starts `executable` with `arguments` (without the program name), piping the streams asked for, in this
    /// process's environment with `environment`'s variables set.
    init(_ executable: String, _ arguments: [String], environment: [String: String] = [:], pipeInput: Bool = true,
         pipeOutput: Bool = true, pipeErrors: Bool = true) throws(SpawnError) {
        var pipes: [[Int32]] = []
        func makePipe() throws(SpawnError) -> [Int32] {
            var fds: [Int32] = [-1, -1]
            guard pipe(&fds) == 0 else { throw SpawnError(message: "cannot make a pipe (\(String(cString: strerror(errno))))") }
            // Close-on-exec: a worker must not hold the pipes of its siblings (pipe2 is not in Swift's Glibc).
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            pipes.append(fds)
            return fds
        }
        let stdinPipe = pipeInput ? try makePipe() : nil
        let stdoutPipe = pipeOutput ? try makePipe() : nil
        let stderrPipe = pipeErrors ? try makePipe() : nil
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let stdinPipe { posix_spawn_file_actions_adddup2(&actions, stdinPipe[0], 0) }
        if let stdoutPipe { posix_spawn_file_actions_adddup2(&actions, stdoutPipe[1], 1) }
        if let stderrPipe { posix_spawn_file_actions_adddup2(&actions, stderrPipe[1], 2) }
        let argv = ([executable] + arguments).map { strdup($0) }
        let envp = ChildProcess.environment(with: environment).map { strdup($0) }
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, nil, argv + [nil], envp + [nil])
        // The child's ends are the child's now (or nobody's, when it did not start).
        if let stdinPipe { close(stdinPipe[0]) }
        if let stdoutPipe { close(stdoutPipe[1]) }
        if let stderrPipe { close(stderrPipe[1]) }
        guard status == 0 else {
            if let stdinPipe { close(stdinPipe[1]) }
            if let stdoutPipe { close(stdoutPipe[0]) }
            if let stderrPipe { close(stderrPipe[0]) }
            throw SpawnError(message: "cannot start \(executable) (\(String(cString: strerror(status))))")
        }
        pid = child
        input = stdinPipe?[1] ?? -1
        output = stdoutPipe?[0] ?? -1
        errors = stderrPipe?[0] ?? -1
    }

    deinit {
        closeInput()
        if output >= 0 { close(output) }
        if errors >= 0 { close(errors) }
        if reaped == nil {
            kill(pid, SIGKILL)
            _ = wait()
        }
    }

    /// This process's environment as `NAME=value` strings, with `overrides` set.
    private static func environment(with overrides: [String: String]) -> [String] {
        var entries: [String] = []
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            let name = String(text.prefix { $0 != "=" })
            if overrides[name] == nil { entries.append(text) }
            pointer += 1
        }
        return entries + overrides.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    }

    /// Writes all of `bytes` to the child's standard input; false when the child is gone (a closed pipe).
    func write(_ bytes: [UInt8]) -> Bool {
        guard input >= 0 else { return false }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(input, $0.baseAddress.map { $0 + offset }, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// Closes the child's standard input: it reads its end.
    func closeInput() {
        if input >= 0 { close(input); input = -1 }
    }

    /// Reads what is there from `descriptor` (one of ``output`` and ``errors``) after `poll` said it is ready:
    /// the bytes, or nil at its end (the descriptor is then closed).
    func read(_ descriptor: Int32) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                if descriptor == output { output = -1 }
                if descriptor == errors { errors = -1 }
                close(descriptor)
                return nil
            }
            return Array(buffer[0..<count])
        }
    }

    /// Sends `signal` to the child.
    func signal(_ signal: Int32) { kill(pid, signal) }

    /// Waits for the child to end; its `waitpid` status (once reaped, the same status again).
    @discardableResult
    func wait() -> Int32 {
        if let reaped { return reaped }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { status = 0; break }
        }
        reaped = status
        return status
    }

    /// The signal that ended the child, if one did (`WIFSIGNALED`).
    static func signal(of status: Int32) -> Int32? {
        let signal = status & 0x7F
        return signal != 0 && signal != 0x7F ? signal : nil
    }

    /// The exit status of a child that exited (`WEXITSTATUS`).
    static func exitStatus(of status: Int32) -> Int32 { (status >> 8) & 0xFF }

    /// `SIGSEGV`, `SIGXCPU`... for a signal number.
    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
                                      SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV",
                                      SIGPIPE: "SIGPIPE", SIGTERM: "SIGTERM", SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ"]
        return names[signal] ?? "signal \(signal)"
    }

    /// This executable's path (`/proc/self/exe`), to start workers of the same build.
    static var currentExecutable: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return CommandLine.arguments.first ?? "typeset" }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
