import Foundation
import TypesetCore

// typeset-bench: Typeset's benchmark harness (issue 8), with Pango measured in the same run.
//
//   swift run -c release typeset-bench [options] [CASE-FILTER ...]
//
// A filter selects every case whose name contains it (`layout.wap`, `hit.`, `png`); no filter runs them all.
// Options:
//   --runs N        timed runs per case (default 5; at least 5 for a report)
//   --warmup N      untimed runs first (default 1)
//   --quick         every case once (warm-up 0, runs 1, 2,000 hit queries), Pango included: a smoke check
//   --json FILE     also write the JSON record to FILE
//   --no-peer       skip Pango (no ratios)
//   --hit-count N   queries per hit-testing run (default 10,000)
//   --list          list the cases and exit
//   --exact         filters name whole cases, not parts of names
//   --compare FILE  the regression gate: compare every row with the JSON record FILE (written by --json) and print
//                   each row worse by more than its noise; exit status 3 when one is
//   --gate-floor P  the gate's least threshold in percent (default 2 for times, 0.5 for counts)
//   --instructions  count instructions with callgrind instead of timing (each case in a child under valgrind;
//                   needs a build callgrind can read: -Xswiftc -g -Xcc -gdwarf-4, as run.sh builds)
//   --report BOOK   the typographic report of issue 7 for BOOK (pride, monte-cristo or a corpus file), then exit;
//                   --lang TAG picks the hyphenation language (default: from the file name, else English);
//                   --picture FILE also writes page --page N (default 20) without and with microtypography side by
//                   side into the PNG FILE
//   --soak N        lay out, relayout, render and query the whole corpus N times, printing resident memory
//   --page-breaks   where the page breaks of every corpus book come from (book breaks, or none), then exit
//   --page-counts   page-count estimates of a reading session against the exact counts, every corpus book, then exit
//   --case growth-child --shape S --lines N [--runs R]
//                   one growth row's measurement by hand: shape S (PathologicalParagraph) at about N UTF-16 units
//   --oracle        each book's lines (corpus.txt and the filters' corpus files; default: corpus, Pride and Prejudice,
//                   Moby-Dick, War and Peace) broken by Typeset and by Pango at the Pango workload, compared line by
//                   line, then exit

let usage = """
usage: typeset-bench [--runs N] [--warmup N] [--quick] [--json FILE] [--no-peer] [--hit-count N] [--list] [--exact]
                     [--compare FILE] [--gate-floor PERCENT] [--instructions] [CASE-FILTER ...]
       typeset-bench --report BOOK [--lang TAG] [--picture FILE [--page N]] [--runs N] [--warmup N] [--no-peer]
       typeset-bench --soak N
       typeset-bench --page-breaks | --page-counts
       typeset-bench --oracle [BOOK ...]
"""

var options = RunOptions()
var jsonPath: String?
var filters: [String] = []
var list = false
var childCase: String?
var childThreads = 2
var reportBook: String?
var reportLanguage: String?
var reportPicture: String?
var reportPicturePage = 20
var soakRounds: Int?
var childLines = 1_000_000
var childBlank = false
var childShape = ""
var audit: String?
var exactFilters = false
var comparePath: String?
var gateFloor: Double?
var countInstructions = false
var oracle = false

var arguments = Array(CommandLine.arguments.dropFirst())
var index = 0
@MainActor func nextValue(_ name: String) -> String {
    index += 1
    guard index < arguments.count else { warn("\(name) needs a value\n" + usage); exit(2) }
    return arguments[index]
}
while index < arguments.count {
    let argument = arguments[index]
    switch argument {
    case "--runs": options.runs = Int(nextValue(argument)) ?? 0
    case "--warmup": options.warmup = Int(nextValue(argument)) ?? -1
    case "--quick": options.quick = true
    case "--json": jsonPath = nextValue(argument)
    case "--no-peer": options.usePeer = false
    case "--hit-count": options.hitCount = Int(nextValue(argument)) ?? 0
    case "--list": list = true
    case "--exact": exactFilters = true
    case "--compare": comparePath = nextValue(argument)
    case "--gate-floor": gateFloor = Double(nextValue(argument)).map { $0 / 100 } ?? -1
    case "--instructions": countInstructions = true
    case "--soak": soakRounds = Int(nextValue(argument)) ?? 0
    case "--page-breaks", "--page-counts": audit = argument
    case "--oracle": oracle = true
    case "--case": childCase = nextValue(argument)
    case "--threads": childThreads = Int(nextValue(argument)) ?? 2
    case "--lines": childLines = Int(nextValue(argument)) ?? 0
    case "--blank": childBlank = true
    case "--shape": childShape = nextValue(argument)
    case "--report": reportBook = nextValue(argument)
    case "--lang": reportLanguage = nextValue(argument)
    case "--picture": reportPicture = nextValue(argument)
    case "--page": reportPicturePage = Int(nextValue(argument)) ?? 0
    case "-h", "--help": print(usage); exit(0)
    default:
        if argument.hasPrefix("-") { warn("unknown option \(argument)\n" + usage); exit(2) }
        filters.append(argument)
    }
    index += 1
}
if options.quick { options.runs = 1; options.warmup = 0; options.hitCount = min(options.hitCount, 2_000) }
guard options.runs >= 1, options.warmup >= 0, options.hitCount >= 1, (gateFloor ?? 0) >= 0 else { warn(usage); exit(2) }

// The memory measurement runs in a fresh child process of this binary.
if childCase == "memory-child" {
    do { try memoryChild(threads: childThreads) } catch { warn("\(error)"); exit(1) }
    exit(0)
}

if childCase == "memory-decorations-child" {
    do { try memoryDecorationsChild(count: childLines) } catch { warn("\(error)"); exit(1) }
    exit(0)
}

if childCase == "growth-child" {
    do { try growthChild(shape: childShape, units: childLines, runs: options.runs) } catch { warn("\(error)"); exit(1) }
    exit(0)
}

if childCase == "memory-lines-child" {
    do { try memoryLinesChild(lines: childLines, blank: childBlank, threads: childThreads) } catch { warn("\(error)"); exit(1) }
    exit(0)
}

if let reportBook {
    guard reportPicturePage >= 1 else { warn("--page wants a page number from 1\n" + usage); exit(2) }
    do {
        try typographyReport(book: reportBook, language: reportLanguage, options: options, picture: reportPicture,
                             picturePage: reportPicturePage)
    } catch { warn("\(error)"); exit(1) }
    exit(0)
}

if oracle {
    let books = filters.isEmpty ? ["corpus", "austen-pride-and-prejudice.txt", "melville-moby-dick.txt", "tolstoy-war-and-peace.txt"]
        : filters
    do { try pangoOracle(books: books, options: options) } catch { warn("\(error)"); exit(1) }
    exit(0)
}

if let audit {
    do { try audit == "--page-breaks" ? pageBreakAudit() : pageCountAudit() } catch { warn("\(error)"); exit(1) }
    exit(0)
}

if let soakRounds {
    guard soakRounds >= 3 else { warn("--soak needs at least 3 rounds (the first two are the warm-up)"); exit(2) }
    do { try soak(rounds: soakRounds) } catch { warn("\(error)"); exit(1) }
    exit(0)
}

if list {
    for c in Bench.all { print(pad(c.name, 34) + " " + c.summary) }
    exit(0)
}

/// Not folded at compile time, so the banner code is not reported as unreachable in release builds.
@inline(never) func assertionsEnabled() -> Bool { _isDebugAssertConfiguration() }
let isDebug = assertionsEnabled()
if isDebug {
    shout(["YOU ARE RUNNING typeset-bench IN DEBUG MODE (assertions on).",
           "These numbers mean nothing: run `swift run -c release typeset-bench`."])
}
if !options.quick && options.runs < 5 { warn("fewer than 5 timed runs: fine for a look, not for a report") }

let selected = Bench.all.filter { c in filters.isEmpty || filters.contains { exactFilters ? c.name == $0 : c.name.contains($0) } }
if selected.isEmpty { warn("no case matches \(filters)"); exit(2) }

@MainActor func loadAverage() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
}
let startedAt = Date()
// The commit and the uncommitted changes are read at the start, when they are still those the binary was built
// from: a patch applied while a long run goes on (the next build's) is not this run's.
@MainActor func git(_ args: [String]) -> String {
    ((try? run("/usr/bin/git", ["-C", Paths.benchmarks + "/.."] + args, quietStderr: true).output) ?? "")
        .trimmingCharacters(in: .whitespacesAndNewlines)
}
let gitAtStart: [String: Any] = [
    "head": git(["rev-parse", "--short", "HEAD"]), "subject": git(["log", "-1", "--format=%s"]),
    "uncommitted_in_sources": git(["status", "--porcelain", "--", "Sources"]).split(separator: "\n").map(String.init),
]
let loadAtStart = loadAverage()
let parallelismAtStart = availableParallelism()
let wallStart = nowMilliseconds()

let bench: Bench
do { bench = try Bench(options: options, selected: Set(selected.map(\.name))) } catch { warn("cannot start: \(error)"); exit(1) }

if countInstructions {
    guard InstructionCounter.valgrind != nil else { warn("--instructions needs valgrind (Benchmarks/setup.sh installs it)"); exit(2) }
    // The corpus files are made here, once, when a row needs them: a child under valgrind that found them missing
    // ran make-corpus.sh there and failed with nothing but "callgrind status 4" to say why.
    if selected.contains(where: { $0.name.contains("corpus") }) { _ = bench.inputs.corpusPaths }
    print("typeset-bench: \(selected.count) case(s), INSTRUCTIONS (callgrind) of \(options.runs) timed call(s) after \(options.warmup) warm-up; " +
          "medians; the CLI rows count whole processes, pango-view's beside them")
} else {
    print("typeset-bench: \(selected.count) case(s), \(options.runs) timed run(s) after \(options.warmup) warm-up; medians; " +
          "ratio = ours / Pango measured in this run (lower is better); cpu = process CPU time (all threads)")
}
print(String(format: "machine: load average %@; usable cores now %.2f (1 thread vs 2 threads on a busy loop)", loadAtStart, parallelismAtStart))
for c in selected {
    let start = nowMilliseconds()
    do {
        let r = countInstructions ? try bench.instructionRow(c) : try c.body(bench)
        bench.results.append(r)
        warn(String(format: "%@: median %@ %@ (%.1f s)", c.name, format(r.stats.median), r.unit, (nowMilliseconds() - start) / 1000))
    } catch {
        warn("\(c.name) FAILED: \(error)")
        bench.results.append(CaseResult(name: c.name, unit: "-", stats: Statistics([.nan]), checksum: 0, peer: nil, ratio: nil,
                                        notes: "FAILED: \(error)"))
    }
}
print("")
printTable(bench.results)

// MARK: - Targets of issue 8

struct Target: Codable {
    var target: String
    var value: String
    var met: Bool?
}

@MainActor func median(_ name: String) -> Double? {
    bench.results.first { $0.name == name }.flatMap { $0.stats.median.isFinite ? $0.stats.median : nil }
}
@MainActor func ratio(_ name: String) -> Double? { bench.results.first { $0.name == name }?.ratio }

var targets: [Target] = []
@MainActor func check(_ target: String, _ value: Double?, _ text: (Double) -> String, _ ok: (Double) -> Bool) {
    if let value { targets.append(Target(target: target, value: text(value), met: ok(value))) }
    else { targets.append(Target(target: target, value: "not measured in this run", met: nil)) }
}
check("corpus full layout + pagination ≤ 0.1 × Pango per-paragraph (cold, 1 thread)", ratio("layout.corpus.cold.t1"),
      { String(format: "%.3f × Pango (%@ ms vs %@ ms)", $0, format(median("layout.corpus.cold.t1") ?? .nan),
               format(bench.results.first { $0.name == "layout.corpus.cold.t1" }?.peer?.median ?? .nan)) }, { $0 <= 0.1 })
check("War and Peace laid out + paginated < 150 ms on one core (cold)", median("layout.wap.cold.t1"),
      { "\(format($0)) ms (warm: \(format(median("layout.wap.warm.t1") ?? .nan)) ms)" }, { $0 < 150 })
check("War and Peace ≥ 1.7× faster on two threads (cold)",
      median("layout.wap.cold.t1").flatMap { t1 in median("layout.wap.cold.t2").map { t1 / $0 } },
      { value in
          // Pango's own speed-up in this run tells whether a second core was actually free (others share the machine).
          let pango = bench.results.first { $0.name == "layout.wap.cold.t1" }?.peer?.median ?? .nan
          let pango2 = bench.results.first { $0.name == "layout.wap.cold.t2" }?.peer?.median ?? .nan
          return String(format: "%.2f× (%@ → %@ ms; warm %.2f×; Pango's own 2-thread speed-up in this run %.2f×)", value,
                        format(median("layout.wap.cold.t1") ?? .nan), format(median("layout.wap.cold.t2") ?? .nan),
                        (median("layout.wap.warm.t1") ?? .nan) / (median("layout.wap.warm.t2") ?? .nan), pango / pango2)
      }, { $0 >= 1.7 })
for book in ["corpus", "wap"] {
    check("relayout at a new width ≥ 20× faster than the first layout (\(book))",
          median("layout.\(book).cold.t1").flatMap { first in median("relayout.\(book).w500").map { first / $0 } },
          { String(format: "%.1f× (%@ ms → %@ ms)", $0, format(median("layout.\(book).cold.t1") ?? .nan),
                   format(median("relayout.\(book).w500") ?? .nan)) }, { $0 >= 20 })
}
check("peak memory, all of W&P laid out: < 25 B per UTF-16 unit beyond the text (2 threads)", median("memory.wap.t2"),
      { String(format: "%.1f B/unit (1 thread: %.1f; Pango %@)", $0, median("memory.wap.t1") ?? .nan,
               format(bench.results.first { $0.name == "memory.wap.t2" }?.peer?.median ?? .nan)) }, { $0 < 25 })
check("issue 22: a line that is a paragraph of its own costs ≤ 380 B read, shaped and laid out (peak)", median("memory.lines.short"),
      { String(format: "%.0f B per line", $0) }, { $0 <= 380 })
check("issue 22: a blank line costs ≤ 32 B at the peak (reading), nothing kept but its text", median("memory.lines.blank"),
      { String(format: "%.0f B per line", $0) }, { $0 <= 32 })
check("one page to PNG through the CLI ≤ 0.5 × pango-view (same page, same font)", ratio("cli.page.dejavu.x2"),
      { String(format: "%.2f × pango-view at scale 2 (%@ vs %@ ms); %.2f × at Pango's pixel size; %.2f × with --fonts bundled",
               $0, format(median("cli.page.dejavu.x2") ?? .nan),
               format(bench.results.first { $0.name == "cli.page.dejavu.x2" }?.peer?.median ?? .nan),
               ratio("cli.page.dejavu.x1.33") ?? .nan, ratio("cli.page.bundled") ?? .nan) }, { $0 <= 0.5 })
check("PNG encoding < 5 ms per page at scale 2", median("png.corpus.p1.x2"),
      { String(format: "%@ ms (cairo, same pixels: %@ ms)", format($0),
               format(bench.results.first { $0.name == "png.corpus.p1.x2" }?.peer?.median ?? .nan)) }, { $0 < 5 })
check("issue 7: justified Pride and Prejudice, optimal breaking + hyphenation ≤ 2 × greedy without (full layout)",
      median("justify.pride.optimal-hyphens").flatMap { o in median("justify.pride.greedy").map { o / $0 } },
      { String(format: "%.2f× (%@ → %@ ms)", $0, format(median("justify.pride.greedy") ?? .nan),
               format(median("justify.pride.optimal-hyphens") ?? .nan)) }, { $0 <= 2 })
for name in ["hit.closest.wap.middle", "hit.closest.wap.last", "hit.caret.wap.middle", "hit.caret.wap.last"] {
    check("\(name) < 1 µs per call", median(name), { "\(format($0)) µs" }, { $0 < 1 })
}

// The targets are times: an instruction count says nothing about them.
if countInstructions { targets = [] }
if !targets.isEmpty { print("\nTargets of issue 8 (\(isDebug ? "DEBUG build: not comparable" : "release build"), this run):") }
for t in targets {
    let mark = t.met.map { $0 ? "MET    " : "NOT MET" } ?? "—      "
    print("  \(mark)  \(t.target): \(t.value)")
}

if isDebug {
    shout(["DEBUG BUILD: the numbers above are not representative."])
}
let parallelismAtEnd = availableParallelism()
print("\nchecksum sink: \(blackhole)   wall time \(String(format: "%.1f", (nowMilliseconds() - wallStart) / 1000)) s   " +
      "load average at end \(loadAverage())   usable cores at end \(String(format: "%.2f", parallelismAtEnd))")

// MARK: - JSON record

if let jsonPath {
    var record: [String: Any] = [:]
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    func object<T: Encodable>(_ value: T) -> Any {
        (try? JSONSerialization.jsonObject(with: encoder.encode(value))) ?? NSNull()
    }
    record["tool"] = "typeset-bench"
    record["measure"] = countInstructions ? "instructions" : "time"
    record["date"] = ISO8601DateFormatter().string(from: startedAt)
    record["debug_build"] = isDebug
    record["options"] = ["runs": options.runs, "warmup": options.warmup, "quick": options.quick,
                         "hit_count": options.hitCount, "peer": bench.peer.available, "filters": filters] as [String: Any]
    record["machine"] = ["cores": ProcessInfo.processInfo.activeProcessorCount,
                         "load_average_start": loadAtStart, "load_average_end": loadAverage(),
                         "usable_cores_start": parallelismAtStart, "usable_cores_end": parallelismAtEnd,
                         "kernel": ProcessInfo.processInfo.operatingSystemVersionString] as [String: Any]
    record["git"] = gitAtStart
    record["cases"] = bench.results.map { object($0) }
    record["targets"] = targets.map { object($0) }
    record["pango"] = bench.peer.raw
    let data = try JSONSerialization.data(withJSONObject: record, options: [.prettyPrinted, .sortedKeys])
    try data.write(to: URL(fileURLWithPath: jsonPath))
    print("JSON record written to \(jsonPath)")
}

// MARK: - Regression gate

if let comparePath {
    do {
        if !(try Gate.run(bench.results, against: comparePath, floor: gateFloor)) { exit(3) }
    } catch {
        warn("--compare \(comparePath): \(error)")
        exit(2)
    }
}
