import Foundation

// The regression gate (issue 32): this run against a recorded one (`--compare FILE`, a JSON record written by
// `--json`), row by row, so that a slowdown shows in the commit that made it rather than weeks later in a bisect.
//
// What is compared, per row present in both runs:
// - the ratio to Pango measured in the same run, when both runs have one: the machine's speed and load cancel out;
// - else the CPU-time median (less sensitive to the load than wall time; a two-thread row's lost parallelism shows
//   in its ratio, which it has);
// - else the row's value (bytes per unit, a hit rate, instructions).
// A row is worse when that figure moved the wrong way (up, except for `%` rows, where higher is better) by more
// than its noise: the relative spread of the row in the recorded run plus that in this run, at least `floor`.
// A row's spread in one run is the interquartile range of its samples over their median ((q3 − q1) / median);
// a ratio adds the Pango side's, whose samples the peer does not report, as half its range over its median.

/// A recorded run: the rows and where they come from.
struct BenchRecord: Decodable {
    struct Git: Decodable { var head: String? }
    struct Machine: Decodable { var load_average_start: String? }
    var date: String?
    var git: Git?
    var machine: Machine?
    var cases: [CaseResult?]

    static func load(_ path: String) throws -> BenchRecord {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try JSONDecoder().decode(BenchRecord.self, from: data)
    }
}

/// One row's comparison.
struct GateRow {
    enum Verdict: String { case worse = "WORSE", better = "better", same = "same" }
    var name: String
    /// `ratio`, `cpu`, or the row's unit.
    var metric: String
    var recorded: Double
    var current: Double
    /// (current − recorded) / recorded, signed so that positive is worse.
    var change: Double
    var recordedNoise: Double
    var currentNoise: Double
    var threshold: Double
    var verdict: Verdict
    var checksumChanged: Bool
}

enum Gate {
    /// The smallest threshold for timed rows and for counted ones (instructions, bytes, a hit rate), whose spread
    /// can be zero.
    static let timeFloor = 0.02, countFloor = 0.005

    /// Relative interquartile range of samples.
    static func spread(_ stats: Statistics?) -> Double {
        guard let stats, stats.median.isFinite, stats.median != 0 else { return 0 }
        return (stats.q3 - stats.q1) / abs(stats.median)
    }

    static func peerSpread(_ peer: PeerValue?) -> Double {
        guard let peer, let min = peer.min, let max = peer.max, peer.median > 0 else { return 0 }
        return (max - min) / peer.median / 2
    }

    /// The figure compared for a row and its spread in that run, chosen the same way for both runs.
    static func figure(_ row: CaseResult, useRatio: Bool, useCPU: Bool) -> (value: Double, noise: Double)? {
        if useRatio, let ratio = row.ratio { return (ratio, spread(row.stats) + peerSpread(row.peer)) }
        if useCPU, let cpu = row.cpu { return (cpu.median, spread(cpu)) }
        return row.stats.median.isFinite ? (row.stats.median, spread(row.stats)) : nil
    }

    static func compare(_ recorded: CaseResult, _ current: CaseResult, floor: Double? = nil) -> GateRow? {
        guard recorded.unit == current.unit else { return nil }
        let useRatio = recorded.ratio != nil && current.ratio != nil
        let useCPU = !useRatio && recorded.cpu != nil && current.cpu != nil
        guard let old = figure(recorded, useRatio: useRatio, useCPU: useCPU),
              let new = figure(current, useRatio: useRatio, useCPU: useCPU), old.value != 0 else { return nil }
        let higherIsBetter = current.unit == "%"
        let change = (new.value - old.value) / abs(old.value) * (higherIsBetter ? -1 : 1)
        let isTime = useRatio || useCPU || ["ms", "µs/call", "s"].contains(current.unit)
        let threshold = max(floor ?? (isTime ? timeFloor : countFloor), old.noise + new.noise)
        let verdict: GateRow.Verdict = change > threshold ? .worse : change < -threshold ? .better : .same
        return GateRow(name: current.name, metric: useRatio ? "ratio" : useCPU ? "cpu" : current.unit,
                       recorded: old.value, current: new.value, change: change, recordedNoise: old.noise,
                       currentNoise: new.noise, threshold: threshold, verdict: verdict,
                       checksumChanged: recorded.checksum != current.checksum)
    }

    /// Compares `results` with the record at `path`, prints the gate's report and returns whether no row got worse.
    static func run(_ results: [CaseResult], against path: String, floor: Double?) throws -> Bool {
        let record = try BenchRecord.load(path)
        let recordedRows = Dictionary(record.cases.compactMap { $0 }.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var rows: [GateRow] = []
        var notCompared: [String] = []
        for current in results {
            guard let recorded = recordedRows[current.name], let row = compare(recorded, current, floor: floor) else {
                notCompared.append(current.name)
                continue
            }
            rows.append(row)
        }
        let head = record.git?.head ?? "?"
        print("\nRegression gate: this run against \(path) (commit \(head), \(record.date ?? "?"), load \(record.machine?.load_average_start ?? "?"))")
        print("  compared: the ratio to Pango where both runs have it, else CPU time, else the value; worse = moved the wrong way")
        print("  by more than the row's spread in both runs (interquartile range / median, summed; at least " +
              "\(percent(floor ?? timeFloor)) for times, \(percent(floor ?? countFloor)) for counts)")
        let worse = rows.filter { $0.verdict == .worse }
        for row in rows where row.verdict != .same || row.checksumChanged {
            print("  " + line(row))
        }
        if !notCompared.isEmpty { print("  not compared (not in the record, another unit, or no figure): " + notCompared.joined(separator: ", ")) }
        let better = rows.filter { $0.verdict == .better }.count
        print("  \(worse.count) of \(rows.count) rows worse by more than their noise; \(better) better; \(rows.count - worse.count - better) within it")
        return worse.isEmpty
    }

    static func line(_ row: GateRow) -> String {
        let checksum = row.checksumChanged ? "  checksum changed: the work differs" : ""
        return pad(row.verdict.rawValue, 7) + pad(row.name, 31) + pad(row.metric, 8) +
            pad(format(row.recorded), 9, right: true) + " → " + pad(format(row.current), 9, right: true) +
            pad(String(format: "%+.1f %%", row.change * 100), 10, right: true) +
            "  (noise \(percent(row.threshold)): \(percent(row.recordedNoise)) recorded + \(percent(row.currentNoise)) now)" + checksum
    }

    static func percent(_ fraction: Double) -> String { String(format: "%.1f %%", fraction * 100) }
}
