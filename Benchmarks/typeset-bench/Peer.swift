import Foundation

/// The Pango peer (Benchmarks/pango-peer), run as a subprocess in the same run as our cases so that the machine's
/// load affects both sides alike. Each job runs once and is cached; a missing peer is reported loudly once.
final class Peer {
    let options: RunOptions
    private(set) var available: Bool
    private var jobs: [String: [String: Any]] = [:]
    /// Every job's raw JSON, for the record.
    private(set) var raw: [String: [String: Any]] = [:]

    init(options: RunOptions) {
        self.options = options
        available = options.usePeer && FileManager.default.isExecutableFile(atPath: Paths.peer)
        if options.usePeer && !available {
            shout(["NO PANGO PEER: \(Paths.peer) is not built.",
                   "Run Benchmarks/setup.sh && Benchmarks/build-peer.sh; continuing WITHOUT Pango ratios."])
        }
    }

    /// Runs (once) the peer job `key` with `arguments` (the runs and warm-up are added) and returns its JSON.
    func job(_ key: String, _ arguments: [String], timed: Bool = true) -> [String: Any]? {
        guard available else { return nil }
        if let cached = jobs[key] { return cached }
        var args = arguments
        if timed { args += ["--runs", String(options.runs), "--warmup", String(options.warmup)] }
        else { args += ["--runs", "1", "--warmup", "0"] }
        args += ["--hit-count", String(options.hitCount)]
        let start = nowMilliseconds()
        do {
            let (status, output) = try run(Paths.peer, args)
            guard status == 0,
                  let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] else {
                warn("pango-peer \(args.joined(separator: " ")) failed (status \(status)); rows of \(key) have no ratio")
                jobs[key] = [:]
                return nil
            }
            warn(String(format: "pango-peer %@: %.1f s", key, (nowMilliseconds() - start) / 1000))
            jobs[key] = object
            raw[key] = object
            return object
        } catch {
            warn("cannot run pango-peer: \(error)")
            available = false
            return nil
        }
    }

    /// The median (and min/max) of a stats entry, or a plain number.
    static func value(_ json: [String: Any]?, _ key: String, what: String) -> PeerValue? {
        guard let entry = json?[key] else { return nil }
        if let stats = entry as? [String: Any], let median = stats["median"] as? Double {
            return PeerValue(what: what, median: median, min: stats["min"] as? Double, max: stats["max"] as? Double)
        }
        if let number = entry as? Double { return PeerValue(what: what, median: number) }
        return nil
    }

    static func number(_ json: [String: Any]?, _ key: String) -> Double? { json?[key] as? Double }
}

/// Times commands end to end: hyperfine when installed (its median), else a loop of our own.
enum CommandTimer {
    struct Timing { var median: Double; var min: Double; var max: Double; var samples: [Double]; var tool: String }

    static var hyperfine: String? {
        for path in ["/usr/bin/hyperfine", "/usr/local/bin/hyperfine"] where FileManager.default.isExecutableFile(atPath: path) {
            return path
        }
        return nil
    }

    /// Times each command (argument vectors, no shell) with `warmup` untimed and `runs` timed executions each.
    /// Commands are interleaved by hyperfine one after the other; with the fallback loop, run for run.
    static func time(_ commands: [[String]], runs: Int, warmup: Int) throws -> [Timing] {
        if let hyperfine {
            let export = NSTemporaryDirectory() + "typeset-bench-hyperfine-\(getpid()).json"
            defer { try? FileManager.default.removeItem(atPath: export) }
            var args = ["-N", "--style", "none", "--warmup", String(warmup), "--runs", String(max(2, runs)),
                        "--export-json", export]
            for command in commands { args.append(command.map(shellQuote).joined(separator: " ")) }
            let (status, _) = try run(hyperfine, args, quietStderr: true)
            if status == 0, let data = FileManager.default.contents(atPath: export),
               let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
               let results = json["results"] as? [[String: Any]], results.count == commands.count {
                return results.map { r in
                    let times = (r["times"] as? [Double] ?? []).map { $0 * 1000 }
                    let s = Statistics(times.isEmpty ? [0] : times)
                    return Timing(median: (r["median"] as? Double).map { $0 * 1000 } ?? s.median, min: s.min, max: s.max,
                                  samples: times, tool: "hyperfine")
                }
            }
            warn("hyperfine failed (status \(status)); timing the commands with our own loop")
        }
        var samples = Array(repeating: [Double](), count: commands.count)
        for run in -warmup..<runs {
            for (i, command) in commands.enumerated() {
                let start = nowMilliseconds()
                let process = Process()
                process.executableURL = URL(fileURLWithPath: command[0])
                process.arguments = Array(command.dropFirst())
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                process.waitUntilExit()
                if run >= 0 { samples[i].append(nowMilliseconds() - start) }
            }
        }
        return samples.map { let s = Statistics($0); return Timing(median: s.median, min: s.min, max: s.max, samples: $0, tool: "loop") }
    }

    static func shellQuote(_ word: String) -> String {
        if !word.isEmpty && word.allSatisfy({ $0.isLetter || $0.isNumber || "-_./=,:".contains($0) }) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
