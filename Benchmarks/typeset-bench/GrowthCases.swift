import Foundation
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

// growth.<shape>: one pathological paragraph (TypesetTestSupport's PathologicalParagraph) at four sizes, each in a
// fresh process, and the growth exponent of time and of peak memory (issue 31: every stage linear, ≤ 1.1).

extension Bench {
    static var growthCases: [BenchCase] {
        PathologicalParagraph.allCases.map { shape in
            BenchCase(name: "growth.\(shape.rawValue)",
                      summary: "\(shape.rawValue) paragraph at 4 sizes (fresh process each): opened to its first page, then laid out whole; time and peak-memory growth exponents (≤ 1.1)") {
                try $0.growth(shape)
            }
        }
    }

    /// The least-squares slope of log y against log x: 1 when y grows in proportion to x, 2 when quadratically.
    static func growthExponent(_ x: [Double], _ y: [Double]) -> Double {
        let lx = x.map { Foundation.log($0) }, ly = y.map { Foundation.log(max($0, 1e-9)) }
        let mx = lx.reduce(0, +) / Double(lx.count), my = ly.reduce(0, +) / Double(ly.count)
        var numerator = 0.0, denominator = 0.0
        for (a, b) in zip(lx, ly) { numerator += (a - mx) * (b - my); denominator += (a - mx) * (a - mx) }
        return denominator > 0 ? numerator / denominator : .nan
    }

    /// growth.<shape>: runs `--case growth-child` at each of the shape's four sizes and reports the time exponent
    /// (the row's value), with each size's times and peak memory, and the memory exponent, in the notes.
    func growth(_ shape: PathologicalParagraph) throws -> CaseResult {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let sizes = options.quick ? Array(shape.benchmarkSizes.prefix(3)) : shape.benchmarkSizes
        var units: [Double] = [], times: [Double] = [], firstPages: [Double] = [], peaks: [Double] = []
        var parts: [String] = []
        for size in sizes {
            let (status, output) = try run(me, ["--case", "growth-child", "--shape", shape.rawValue, "--lines", String(size),
                                                "--runs", String(min(3, options.runs))])
            guard status == 0, let json = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any],
                  let length = json["utf16_units"] as? Double, let total = json["total_ms"] as? Double,
                  let first = json["first_page_ms"] as? Double, let peak = json["peak_growth_kb"] as? Double else {
                throw InputError(description: "growth child failed (status \(status)): \(output)")
            }
            units.append(length); times.append(total); firstPages.append(first); peaks.append(max(peak, 1) / 1024)
            parts.append(String(format: "%@ u: %@ ms (first page %@), %@ MB", grouped(Int(length)), format(total), format(first),
                                format(max(peak, 1) / 1024)))
        }
        let timeExponent = Bench.growthExponent(units, times)
        let memoryExponent = Bench.growthExponent(units, peaks)
        let firstPageExponent = Bench.growthExponent(units, firstPages)
        let notes = parts.joined(separator: " · ")
            + String(format: " · exponents: time %.2f, first page %.2f, memory %.2f", timeExponent, firstPageExponent, memoryExponent)
        var extra: [String: Double] = ["memory_exponent": memoryExponent, "first_page_exponent": firstPageExponent]
        for (i, size) in units.enumerated() {
            extra["units_\(i)"] = size; extra["ms_\(i)"] = times[i]; extra["peak_mb_\(i)"] = peaks[i]
        }
        return result("growth.\(shape.rawValue)", unit: "exp", values: [timeExponent], checksum: Int(units.last ?? 0),
                      notes: notes, extra: extra)
    }
}

/// `--case growth-child --shape S --lines N [--runs R]`: writes the shape's book of about N units to a temporary
/// file, then `R` times opens it (`BookFile.open`) and shows its first page as the CLI does (a reading session's
/// current page and its glyph runs), then lays all of it out (`Typesetter.layout`) and makes its last page's glyph
/// runs. Prints the median times and the growth of the peak resident memory over the warmed-up process (a small
/// book of the same shape laid out first, then the peak reset), as JSON.
func growthChild(shape name: String, units: Int, runs: Int) throws {
    guard let shape = PathologicalParagraph(rawValue: name) else { throw InputError(description: "no shape \(name)") }
    func hwm() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Double(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? -1
        }
        return -1
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("typeset-growth-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent(shape.fileName).path
    let fonts = try FontContext(source: .bundledOnly(directory: Fixtures.fontsDirectory))
    let settings = shape.settings
    // Fixed costs first (fonts, HarfBuzz and ICU data, hyphenation patterns, language models), with a small book of
    // the same shape, so that the growth is the paragraph's.
    try Data(try shape.book(units: 1_000)).write(to: URL(fileURLWithPath: path))
    _ = try Typesetter(fonts: fonts).layout(try BookFile.open(path: path).text, settings: settings)
    try Data(try shape.book(units: units)).write(to: URL(fileURLWithPath: path))
    // The peak so far is the warm-up's: reset it to the resident size now (Linux 4.0: "5" to clear_refs).
    try? Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
    let before = hwm()
    var firstPage: [Double] = [], total: [Double] = []
    var length = 0, pages = 0
    for _ in 0..<max(1, runs) {
        let typesetter = Typesetter(fonts: fonts)
        let t0 = nowMilliseconds()
        let book = try BookFile.open(path: path)
        let session = try ReadingSession(publication: book.publication, typesetter: typesetter,
                                         settings: ReaderSettings(typography: settings), completesInBackground: false)
        let page = try session.currentPage()
        blackhole &+= page.layout.glyphRuns(onPage: page.pageIndex).count
        let t1 = nowMilliseconds()
        let layout = try typesetter.layout(book.text, settings: settings)
        blackhole &+= layout.glyphRuns(onPage: layout.pages.count - 1).count
        let t2 = nowMilliseconds()
        firstPage.append(t1 - t0); total.append(t2 - t0)
        length = book.text.length; pages = layout.pages.count
    }
    let json: [String: Any] = [
        "shape": name, "utf16_units": length, "pages": pages,
        "first_page_ms": Statistics(firstPage).median, "total_ms": Statistics(total).median,
        "peak_growth_kb": hwm() - before,
    ]
    print(String(decoding: try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]), as: UTF8.self))
}
