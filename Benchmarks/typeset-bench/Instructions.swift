import Foundation

// Instruction counts (`--instructions`): where wall time is too noisy to show a change of a few percent (this
// machine's load moves a row by tens of percent within a minute), callgrind's count of executed instructions
// repeats from run to run. Each selected case runs in a child process of this binary under callgrind, which
// zeroes its counters when a timed call enters `typeset_bench_timed_region` (CBenchRegion) and writes them out
// when it leaves: one count per timed call, every thread's instructions included, the warm-up and the set-up
// left out. The CLI rows count the whole `typeset` process (start to exit), and pango-view's beside it.
//
// Callgrind must be able to read the binaries' debug information: valgrind 3.19 (Debian 12) gives up on the DWARF 5
// that clang writes for the C targets, so build with `-Xswiftc -g -Xcc -gdwarf-4` (run.sh does).

/// Runs cases and commands under callgrind and reads their instruction counts.
enum InstructionCounter {
    /// The C function whose calls are counted (CBenchRegion).
    static let region = "typeset_bench_timed_region"

    static var valgrind: String? {
        ["/usr/bin/valgrind", "/usr/local/bin/valgrind"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// The instructions of each timed call of case `name`, run alone in a child of this binary under callgrind
    /// (`runs` timed calls after `warmup` untimed ones, as the options say).
    static func caseCounts(_ name: String, options: RunOptions) throws -> [Double] {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let arguments = ["--zero-before=\(region)", "--dump-after=\(region)",
                         me, "--no-peer", "--runs", String(options.runs), "--warmup", String(options.warmup), "--exact", name]
        return try callgrind(arguments, dumps: true)
    }

    /// The instructions of one whole run of `command` (an argument vector), start to exit.
    static func commandCount(_ command: [String]) throws -> Double {
        guard let total = try callgrind(command, dumps: false).first else { throw Failure(description: "callgrind wrote no count") }
        return total
    }

    /// Runs callgrind with `arguments` in a scratch directory and returns the totals of its dumps: one per timed
    /// call (`dumps`, in the order written), else the one written at exit. Swift's hashing is made deterministic
    /// in the child, so that dictionary layouts, and with them the counts, repeat.
    private static func callgrind(_ arguments: [String], dumps: Bool) throws -> [Double] {
        guard let valgrind else { throw Failure(description: "valgrind is not installed (Benchmarks/setup.sh installs it)") }
        let directory = NSTemporaryDirectory() + "typeset-bench-callgrind-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: valgrind)
        process.arguments = ["--tool=callgrind", "--callgrind-out-file=\(directory)/out", "--dump-instr=no"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        let errorFile = directory + "/stderr"
        guard FileManager.default.createFile(atPath: errorFile, contents: nil) else { throw Failure(description: "cannot write \(errorFile)") }
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorFile))
        try process.run()
        process.waitUntilExit()
        let log = (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
        if log.contains("debuginfo reader") {
            throw Failure(description: "callgrind cannot read the binary's debug information: build with -Xswiftc -g -Xcc -gdwarf-4 (Benchmarks/run.sh does)")
        }
        guard process.terminationStatus == 0 else {
            let last = log.split(separator: "\n").suffix(3).joined(separator: " / ")
            throw Failure(description: "callgrind run failed (status \(process.terminationStatus)): \(last)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        let files: [String]
        if dumps {
            // out.1, out.2, ...: one per timed call, numbered in order.
            files = names.compactMap { name in name.hasPrefix("out.") ? Int(name.dropFirst(4)).map { (name, $0) } : nil }
                .sorted { $0.1 < $1.1 }.map(\.0)
        } else {
            files = names.filter { $0 == "out" }
        }
        return try files.map { try total(of: directory + "/" + $0) }
    }

    /// The `totals:` (or `summary:`) line of a callgrind output file: its instructions.
    static func total(of path: String) throws -> Double {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for line in text.split(separator: "\n").reversed() where line.hasPrefix("totals:") || line.hasPrefix("summary:") {
            if let number = line.split(separator: " ").last.flatMap({ Double($0) }) { return number }
        }
        throw Failure(description: "\(path) has no totals line")
    }
}

extension Bench {
    /// The instruction row of a selected case: the CLI rows count whole processes, every other case its timed
    /// calls. A case timed in another process (the memory rows) has no count. Instructions are per round (each
    /// round runs each of a case's interleaved items once; nearly every case has one).
    func instructionRow(_ benchCase: BenchCase) throws -> CaseResult {
        if let variant = CLIVariant.allCases.first(where: { "cli.page.\($0.rawValue)" == benchCase.name }) {
            return try cliInstructionRow(variant)
        }
        let calls = try InstructionCounter.caseCounts(benchCase.name, options: options)
        guard !calls.isEmpty else {
            return result(benchCase.name, unit: "Ir", values: [.nan], checksum: 0,
                          notes: "NOT COUNTED: no timed call in this process (timed in a child process or by hand)")
        }
        let rounds = calls.count % options.runs == 0 ? options.runs : calls.count
        let perRound = calls.count / rounds
        let sums = (0..<rounds).map { round in calls[(round * perRound)..<((round + 1) * perRound)].reduce(0, +) }
        let what = perRound == 1 ? "per timed call" : "per round of \(perRound) interleaved calls"
        return result(benchCase.name, unit: "Ir", values: sums, checksum: calls.count,
                      notes: "instructions \(what), \(rounds) round(s), callgrind (all threads, warm-up and set-up excluded)")
    }

    /// A CLI row in instructions: `typeset` from start to exit, `runs` times (at most 3) after one uncounted run,
    /// with pango-view's count as the peer.
    private func cliInstructionRow(_ variant: CLIVariant) throws -> CaseResult {
        let out = NSTemporaryDirectory() + "typeset-bench-cli-ir-\(getpid())"
        try? FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: out) }
        let commands = try cliCommands(output: out)
        guard let command = commands.typeset[variant] else {
            return result("cli.page.\(variant.rawValue)", unit: "Ir", values: [.nan], checksum: 0, notes: "NOT COUNTED: no typeset CLI")
        }
        // One run first, uncounted: the first run of the CLI writes its font match cache, later ones read it.
        _ = try run(command[0], Array(command.dropFirst()), quietStderr: true)
        let count = min(3, max(1, options.runs))
        let counts = try (0..<count).map { _ in try InstructionCounter.commandCount(command) }
        var peer: PeerValue?
        if let pangoView = commands.pangoView {
            let pango = try InstructionCounter.commandCount(pangoView)
            peer = PeerValue(what: "pango-view page.txt (peers §4.2 P6), instructions", median: pango, min: pango, max: pango)
        }
        return result("cli.page.\(variant.rawValue)", unit: "Ir", values: counts, checksum: count, peer: peer,
                      notes: "instructions of the whole process, start to exit, callgrind, \(count) run(s)")
    }
}
