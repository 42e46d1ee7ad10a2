import Foundation

/// `typeset catalog --dask ADDRESS`: the catalogue's jobs as tasks on a Dask cluster, through the Python driver
/// shipped in the repository (`Sources/typeset-catalog/typeset-dask.py`, run by Debian's `/usr/bin/python3` with
/// python3-distributed). The catalogue keeps everything else: which books are done, the job lines, the results
/// file and the progress; the driver gets the job lines on its standard input, submits one task per book (each
/// runs the job through a long-lived `typeset batch` on its Dask worker, with retries when a worker is lost), and
/// writes each result line on its standard output as its task ends.
enum DaskDriver {
    /// The driver's file name.
    static let fileName = "typeset-dask.py"

    static func run(_ jobs: [PendingJob], address: String, options: Options, emit: (String) -> Void) throws {
        guard !jobs.isEmpty else { return }
        guard let script = driverPath() else {
            throw ToolFailure(status: .badInput, message: "catalog --dask: the driver \(fileName) was not found (in Sources/typeset-catalog/ of the package, beside the executable, or at $TYPESET_DASK_DRIVER)")
        }
        var workerArguments = ["batch", "-q", "--threads", String(options.catalog.threadsChosen ? options.threads : 1)]
        if let fonts = options.fontDirectory { workerArguments += ["--font-dir", fonts] }
        let arguments = [script, "--scheduler", address, "--typeset", options.catalog.workerTypeset ?? ChildProcess.currentExecutable,
                         "--retries", String(options.catalog.retries), "--"] + workerArguments
        let driver: ChildProcess
        do { driver = try ChildProcess(options.catalog.python, arguments, pipeErrors: false) } catch {
            throw ToolFailure(status: .badInput, message: "catalog --dask: \(error.message) (Debian's python3-distributed runs under /usr/bin/python3; --python names another)")
        }
        // The driver reads every job before it answers, so the jobs can all be written first.
        let written = driver.write(Array(jobs.map { $0.line + "\n" }.joined().utf8))
        driver.closeInput()
        var pending: [UInt8] = []
        var received = 0
        while driver.output >= 0, let bytes = driver.read(driver.output) {
            pending += bytes
            while let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                if !line.isEmpty {
                    received += 1
                    emit(line)
                }
            }
        }
        let status = driver.wait()
        guard written, status == 0 else {
            let how = ChildProcess.signal(of: status).map { "was killed by \(ChildProcess.signalName($0))" } ?? "exited with status \(ChildProcess.exitStatus(of: status))"
            throw ToolFailure(status: .badInput, message: "catalog --dask: the driver \(how) after \(received) of \(jobs.count) results (its message is above); run the catalogue again to resume")
        }
    }

    /// The driver: `$TYPESET_DASK_DRIVER`, else the package's own (from this source file's place at build time),
    /// else beside the executable or in a `Sources/typeset-catalog/` above it.
    static func driverPath() -> String? {
        let manager = FileManager.default
        if let explicit = ProcessInfo.processInfo.environment["TYPESET_DASK_DRIVER"], !explicit.isEmpty { return explicit }
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("typeset-catalog").appendingPathComponent(fileName).path
        if manager.fileExists(atPath: source) { return source }
        var directory = URL(fileURLWithPath: ChildProcess.currentExecutable).deletingLastPathComponent()
        for _ in 0..<5 {
            for candidate in [directory.appendingPathComponent(fileName),
                              directory.appendingPathComponent("Sources/typeset-catalog").appendingPathComponent(fileName)]
            where manager.fileExists(atPath: candidate.path) {
                return candidate.path
            }
            directory.deleteLastPathComponent()
        }
        return nil
    }
}
