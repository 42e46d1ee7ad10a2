import Foundation

// The measuring half of typeset-bench, in the style of swift-nio's NIOPerformanceTester: no dependencies, one
// warm-up, N timed runs, a checksum returned by every body so the optimizer cannot drop the work.

/// Monotonic time in milliseconds (`clock_gettime(CLOCK_MONOTONIC)`).
@inline(__always)
func nowMilliseconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6
}

/// Where every checksum ends up; printed at the end so no body's result is dead.
nonisolated(unsafe) var blackhole = 0

/// Order statistics of a sample.
struct Statistics: Codable {
    var median: Double
    var min: Double
    var max: Double
    /// Interquartile range bounds (nearest-rank on the sorted samples; equal to min/max for fewer than 4 runs).
    var q1: Double
    var q3: Double
    var samples: [Double]

    init(_ samples: [Double]) {
        precondition(!samples.isEmpty)
        let sorted = samples.sorted()
        let n = sorted.count
        median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
        min = sorted[0]; max = sorted[n - 1]
        q1 = sorted[(n - 1) / 4]; q3 = sorted[(3 * (n - 1) + 3) / 4]
        self.samples = samples
    }
}

/// The Pango counterpart of a row, measured in the same run.
struct PeerValue: Codable {
    /// What was measured on the Pango side (`pango-peer corpus layout_paginate_ms`, `pango-view`...).
    var what: String
    var median: Double
    var min: Double?
    var max: Double?
}

/// One row of the report.
struct CaseResult: Codable {
    var name: String
    /// `ms`, `µs/call`, `B/unit`, `%`...
    var unit: String
    var stats: Statistics
    /// The work's fingerprint (glyph count, line count, sum of offsets...).
    var checksum: Int
    var peer: PeerValue?
    /// ours / Pango's, when there is a counterpart; lower is better for times and memory.
    var ratio: Double?
    var notes: String
    /// Extra numbers for the JSON record (line and page counts, deltas, sizes).
    var extra: [String: Double] = [:]
}

/// Options every case sees.
struct RunOptions {
    var runs = 5
    var warmup = 1
    var quick = false
    var hitCount = 10_000
    var usePeer = true
}

/// Runs `body` `warmup` times untimed, then `runs` times timed, and returns the times (ms) and the last checksum.
/// `prepare` runs before every call, untimed (a fresh typesetter for a cold case, say).
func measure<State>(runs: Int, warmup: Int, prepare: () throws -> State, _ body: (State) throws -> Int)
    rethrows -> (samples: [Double], checksum: Int) {
    var samples: [Double] = []
    var checksum = 0
    for run in -warmup..<runs {
        let state = try prepare()
        let start = nowMilliseconds()
        checksum = try body(state)
        let elapsed = nowMilliseconds() - start
        blackhole &+= checksum
        if run >= 0 { samples.append(elapsed) }
    }
    return (samples, checksum)
}

func measure(runs: Int, warmup: Int, _ body: () throws -> Int) rethrows -> (samples: [Double], checksum: Int) {
    try measure(runs: runs, warmup: warmup, prepare: { () }, { _ in try body() })
}

// MARK: - Output

/// Numbers for humans: three significant digits, thousands separated.
func format(_ value: Double) -> String {
    guard value.isFinite else { return "—" }
    let magnitude = abs(value)
    if magnitude >= 1000 { return grouped(Int(value.rounded())) }
    if magnitude >= 100 { return String(format: "%.0f", value) }
    if magnitude >= 10 { return String(format: "%.1f", value) }
    if magnitude >= 1 { return String(format: "%.2f", value) }
    if magnitude == 0 { return "0" }
    return String(format: "%.3f", value)
}

func grouped(_ value: Int) -> String {
    let digits = String(abs(value))
    var out = ""
    for (i, c) in digits.enumerated() {
        if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
        out.append(c)
    }
    return (value < 0 ? "-" : "") + out
}

func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
    let n = s.count
    guard n < width else { return s }
    let fill = String(repeating: " ", count: width - n)
    return right ? fill + s : s + fill
}

/// The human table: one row per case, ratios next to the rows that have a Pango counterpart.
func printTable(_ results: [CaseResult]) {
    let header = [pad("case", 34), pad("median", 9, right: true), pad("min", 9, right: true), pad("max", 9, right: true),
                  pad("unit", 7), pad("Pango", 9, right: true), pad("ratio", 7, right: true), "checksum · notes"]
    print(header.joined(separator: " "))
    print(String(repeating: "─", count: 130))
    for r in results {
        let peer = r.peer.map { format($0.median) } ?? ""
        let ratio = r.ratio.map { String(format: "%.3f", $0) } ?? ""
        let row = [pad(r.name, 34), pad(format(r.stats.median), 9, right: true), pad(format(r.stats.min), 9, right: true),
                   pad(format(r.stats.max), 9, right: true), pad(r.unit, 7), pad(peer, 9, right: true),
                   pad(ratio, 7, right: true), "#\(r.checksum)" + (r.notes.isEmpty ? "" : " · " + r.notes)]
        print(row.joined(separator: " "))
    }
}

/// Prints a block of text framed so it cannot be missed.
func shout(_ lines: [String]) {
    let width = max(60, lines.map(\.count).max() ?? 0) + 4
    let bar = String(repeating: "=", count: width)
    var out = bar + "\n"
    for line in lines { out += "= " + pad(line, width - 4) + " =\n" }
    out += bar
    FileHandle.standardError.write((out + "\n").data(using: .utf8)!)
    print(out)
}

func warn(_ message: String) {
    FileHandle.standardError.write(("typeset-bench: " + message + "\n").data(using: .utf8)!)
}
