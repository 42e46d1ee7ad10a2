import Foundation
import TypesetCore
import TypesetRender
import TypesetTestSupport

extension Bench {
    /// decorations.wap.page: the cost decorations add to drawing one page. War and Peace at the reading settings
    /// with 10,000 seeded random decorations over the whole book (highlights and underlines, six tints, 1–400
    /// units, some active); the middle page drawn bare, decorated (caret geometry of its lines cached, as on any
    /// redraw), and decorated right after a relayout (nothing cached: the first frame after a settings change),
    /// interleaved. The row's value is the decorated draw; the notes give the bare draw and the differences.
    func decoratedPage() throws -> CaseResult {
        let layout = try readingLayout()
        let page = layout.pages.count / 2
        var rng = SplitMix64(seed: 0xDEC0)
        let tints: [DecorationTint] = [.yellow, .green, .blue, .pink, .orange, .purple]
        var decorations: [Decoration] = []
        for i in 0..<10_000 {
            let start = Int(rng.unit() * Double(layout.text.length - 500)), length = 1 + Int(rng.unit() * 400)
            let tint = tints[Int(rng.unit() * 6) % 6]
            let style = rng.unit() < 0.8 ? DecorationStyle.highlight(tint: tint, isActive: rng.unit() < 0.05)
                                         : DecorationStyle.underline(tint: tint)
            decorations.append(Decoration(id: "d\(i)", range: start..<(start + length), style: style))
        }
        var set = DecorationSet(text: layout.text)
        let t0 = nowMilliseconds()
        let changes = set.apply(decorations, in: "highlights")
        let applyMs = nowMilliseconds() - t0
        let rejected = changes.problems.filter { $0.outcome == .rejected }.count
        let onPage = set.placedDecorations(onPage: page, of: layout).count
        let renderer = try PageRenderer()
        let typesetter = Typesetter(fonts: fonts)
        let fresh = Box(layout)
        func checksum(_ b: Bitmap) -> Int { b.pixels.withUnsafeBytes { raw in stride(from: 0, to: raw.count, by: 997).reduce(0) { $0 &+ Int(raw[$1]) } } }
        let decoratedSet = set
        let items = [
            Timed(body: { checksum(try renderer.render(page: page, of: layout)) }),
            Timed(body: { checksum(try renderer.render(page: page, of: layout, decorations: decoratedSet)) }),
            Timed(prepare: { fresh.value = try typesetter.layout(layout.shaped, settings: layout.settings) },
                  body: { checksum(try renderer.render(page: page, of: fresh.value, decorations: decoratedSet)) }),
        ]
        let timings = try measureInterleaved(items, runs: options.runs, warmup: max(1, options.warmup))
        let bare = Statistics(timings[0].wall).median, warm = Statistics(timings[1].wall).median
        let first = Statistics(timings[2].wall).median
        let notes = String(format: "bare %@ ms; decorated +%@ ms (%+.1f%%); first draw after a relayout +%@ ms; %d decorations on page %d of %d; apply(10,000) %@ ms, %d refused",
                           format(bare), format(warm - bare), (warm / bare - 1) * 100, format(first - bare), onPage, page + 1,
                           layout.pages.count, format(applyMs), rejected)
        return result("decorations.wap.page", timings: timings[1], notes: notes,
                      extra: ["bare_ms": bare, "delta_ms": warm - bare, "first_draw_delta_ms": first - bare,
                              "decorations_on_page": Double(onPage), "apply_ms": applyMs])
    }
}

/// `--case memory-decorations-child --lines N`: applies N range decorations, then N Locator decorations (the
/// Locators `Publication.locator(for:)` makes, found by their exact offsets), to a `DecorationSet` over War and
/// Peace in this fresh process, and prints VmRSS before and after each, and the time of each `apply`.
func memoryDecorationsChild(count: Int) throws {
    func rss() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Double(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? -1
        }
        return -1
    }
    guard let file = Book.wap.corpusFile else { throw InputError(description: "War and Peace has no corpus file") }
    let text = try Fixtures.corpusText(file)
    let publication = Publication(text: text, href: file, mediaType: "text/plain")
    var rng = SplitMix64(seed: 0xDEC0)
    var ranges: [Decoration] = [], locators: [Decoration] = []
    for i in 0..<count {
        let start = Int(rng.unit() * Double(text.length - 500)), length = 1 + Int(rng.unit() * 400)
        ranges.append(Decoration(id: "highlight-\(i)", range: start..<(start + length), style: .highlight(tint: .green)))
        if let locator = publication.locator(for: start..<(start + length)) {
            locators.append(Decoration(id: "stored-\(i)", target: .locator(locator), style: .underline(tint: .blue)))
        }
    }
    var set = DecorationSet(publication: publication)
    let before = rss()
    var t0 = nowMilliseconds()
    let rangeChanges = set.apply(ranges, in: "highlights")
    let rangeMs = nowMilliseconds() - t0
    ranges = []
    let afterRanges = rss()
    t0 = nowMilliseconds()
    let locatorChanges = set.apply(locators, in: "stored")
    let locatorMs = nowMilliseconds() - t0
    locators = []
    let afterLocators = rss()
    let json: [String: Any] = [
        "count": count, "rss_before_kb": before, "rss_ranges_kb": afterRanges, "rss_locators_kb": afterLocators,
        "range_apply_ms": rangeMs, "locator_apply_ms": locatorMs,
        "problems": rangeChanges.problems.count + locatorChanges.problems.count,
    ]
    withExtendedLifetime((set, rangeChanges, locatorChanges)) {
        print(String(decoding: try! JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]), as: UTF8.self))
    }
}
