import CBenchRegion
import Foundation

// The measuring half of typeset-bench, in the style of swift-nio's NIOPerformanceTester: no dependencies, one
// warm-up, N timed runs, a checksum returned by every body so the optimizer cannot drop the work.

/// How many cores this process can really use right now: the same busy loop on one thread and then on two at
/// once; 2 means a second core is free, 1 means the other processes on the machine take it. Two-thread rows
/// (ours and Pango's) only mean something when this is near 2.
func availableParallelism() -> Double {
    @Sendable @inline(never) func spin() -> UInt64 {
        var x: UInt64 = 0x9E37_79B9
        for i in 0..<60_000_000 as Range<UInt64> { x = (x &* 6364136223846793005) &+ i }
        return x
    }
    let t0 = nowMilliseconds()
    blackhole &+= Int(truncatingIfNeeded: spin())
    let one = nowMilliseconds() - t0
    let t1 = nowMilliseconds()
    DispatchQueue.concurrentPerform(iterations: 2) { _ in
        let x = spin()
        if x == 42 { print("") }  // keeps the loop
    }
    let two = nowMilliseconds() - t1
    return 2 * one / two
}

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
    /// Median process CPU time, when the peer measured it.
    var cpuMedian: Double? = nil
}

/// One row of the report.
struct CaseResult: Codable {
    var name: String
    /// `ms`, `µs/call`, `B/unit`, `%`...
    var unit: String
    var stats: Statistics
    /// Process CPU time of the same runs (every thread), for the timed cases.
    var cpu: Statistics?
    /// The work's fingerprint (glyph count, line count, sum of offsets...).
    var checksum: Int
    var peer: PeerValue?
    /// ours / Pango's, when there is a counterpart; lower is better for times and memory.
    var ratio: Double?
    /// ours / Pango's in CPU time, when both sides measured it: less sensitive to the machine's load.
    var cpuRatio: Double?
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

/// Process CPU time in milliseconds (`CLOCK_PROCESS_CPUTIME_ID`, every thread): unlike wall time, it does not grow
/// when other processes take the cores, so it shows how much of a slow run was the machine's load.
@inline(__always)
func cpuMilliseconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6
}

/// What the last timed body produced (a layout, say), kept alive until the next call's untimed preparation so
/// that freeing it is not timed: the Pango peer frees its layouts outside its timed region too.
nonisolated(unsafe) var retainedResult: Any?

/// The timed runs of one measured thing.
struct Timings {
    var wall: [Double] = []
    var cpu: [Double] = []
    var checksum = 0
}

/// One thing to time: `prepare` runs untimed before every call (a fresh typesetter for a cold case, say), then
/// `body` is timed and returns its checksum.
struct Timed {
    var prepare: () throws -> Void = {}
    var body: () throws -> Int
}

/// Times several things round-robin: warm-up rounds, then `runs` rounds in which each thing runs once (the
/// starting item rotates every round). Variants compared with each other (cold and warm, one and two threads)
/// thus see the same machine load, which on a shared machine drifts by tens of percent within a minute.
///
/// Timed calls (not the warm-up) go through ``timedRegion(_:)``, where callgrind counts instructions.
func measureInterleaved(_ items: [Timed], runs: Int, warmup: Int) throws -> [Timings] {
    var out = Array(repeating: Timings(), count: items.count)
    for run in -warmup..<runs {
        for k in 0..<items.count {
            let i = (k + max(0, run)) % items.count
            retainedResult = nil
            try items[i].prepare()
            let c0 = cpuMilliseconds(), t0 = nowMilliseconds()
            let checksum = run >= 0 ? try timedRegion(items[i].body) : try items[i].body()
            let t1 = nowMilliseconds(), c1 = cpuMilliseconds()
            blackhole &+= checksum
            out[i].checksum = checksum
            if run >= 0 { out[i].wall.append(t1 - t0); out[i].cpu.append(c1 - c0) }
        }
    }
    retainedResult = nil
    return out
}

/// The state of one call through the C region: the body, and what it returned or threw.
private final class RegionCall {
    let body: () throws -> Int
    var result: Result<Int, any Error> = .success(0)
    init(_ body: @escaping () throws -> Int) { self.body = body }
}

/// Runs `body` inside `typeset_bench_timed_region` (CBenchRegion), the C function callgrind is told to count
/// (see ``InstructionCounter``): the measured work, and nothing before or after it.
func timedRegion(_ body: () throws -> Int) throws -> Int {
    try withoutActuallyEscaping(body) { escaping in
        let call = RegionCall(escaping)
        _ = typeset_bench_timed_region({ context in
            guard let context else { return 0 }
            let call = Unmanaged<RegionCall>.fromOpaque(context).takeUnretainedValue()
            call.result = Result { try call.body() }
            return 0
        }, Unmanaged.passUnretained(call).toOpaque())
        return try call.result.get()
    }
}

/// Times one thing: `warmup` untimed calls, then `runs` timed ones.
func measure(runs: Int, warmup: Int, prepare: @escaping () throws -> Void = {}, _ body: @escaping () throws -> Int) throws -> Timings {
    try measureInterleaved([Timed(prepare: prepare, body: body)], runs: runs, warmup: warmup)[0]
}

/// A reference cell, for state a `prepare` closure hands to its `body`.
final class Box<T> {
    var value: T
    init(_ value: T) { self.value = value }
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
    let header = [pad("case", 30), pad("median", 8, right: true), pad("min", 8, right: true), pad("max", 8, right: true),
                  pad("cpu", 8, right: true), pad("unit", 7), pad("Pango", 8, right: true), pad("ratio", 6, right: true),
                  pad("cpu r.", 6, right: true), "checksum · notes"]
    print(header.joined(separator: " "))
    print(String(repeating: "─", count: 140))
    for r in results {
        let peer = r.peer.map { format($0.median) } ?? ""
        let ratio = r.ratio.map { String(format: "%.3f", $0) } ?? ""
        let cpuRatio = r.cpuRatio.map { String(format: "%.3f", $0) } ?? ""
        let row = [pad(r.name, 30), pad(format(r.stats.median), 8, right: true), pad(format(r.stats.min), 8, right: true),
                   pad(format(r.stats.max), 8, right: true), pad(r.cpu.map { format($0.median) } ?? "", 8, right: true),
                   pad(r.unit, 7), pad(peer, 8, right: true), pad(ratio, 6, right: true), pad(cpuRatio, 6, right: true),
                   "#\(r.checksum)" + (r.notes.isEmpty ? "" : " · " + r.notes)]
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
    fflush(nil)
    FileHandle.standardError.write((out + "\n").data(using: .utf8)!)
    print(out)
}

func warn(_ message: String) {
    fflush(nil)  // stdout first, so progress on stderr and the table on stdout stay in order when both are captured
    FileHandle.standardError.write(("typeset-bench: " + message + "\n").data(using: .utf8)!)
}
