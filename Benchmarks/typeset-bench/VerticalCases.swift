import Foundation
import TypesetCore
import TypesetTestSupport

/// The layout.hlm.{horizontal,vertical} rows (issue 20): Hong Lou Meng shaped, broken and paginated in horizontal
/// lines and in vertical ones (the page turned a quarter, CJK shaped top to bottom), measured interleaved so that
/// the machine's load falls on both alike; the vertical row's notes give its ratio to the horizontal one.
extension Bench {
    static let verticalCases: [BenchCase] = ["horizontal", "vertical"].map { mode in
        BenchCase(name: "layout.hlm.\(mode)", summary: "Hong Lou Meng (zh-Hant) shape + break + paginate, \(mode == "vertical" ? "vertical-rl" : "horizontal"), new Typesetter each run, 2 threads") {
            try $0.verticalLayout(mode)
        }
    }

    /// layout.hlm.<mode>: both modes measured together, interleaved; the row not asked for now is kept for later.
    func verticalLayout(_ mode: String) throws -> CaseResult {
        if let row = measuredAhead.removeValue(forKey: "layout.hlm.\(mode)") { return row }
        let text = try Fixtures.corpusText("cao-xueqin-hong-lou-meng.zh-hant.txt")
        var horizontal = Fixtures.settings
        horizontal.language = "zh-Hant"
        var vertical = horizontal
        vertical.verticalText = true
        let counts = Box([(lines: 0, pages: 0), (lines: 0, pages: 0)])
        let items = [horizontal, vertical].enumerated().map { index, settings in
            let box = Box(Typesetter(fonts: fonts, threads: 2))
            return Timed(prepare: { box.value = Typesetter(fonts: self.fonts, threads: 2) }, body: {
                let layout = try box.value.layout(text, settings: settings)
                retainedResult = layout
                counts.value[index] = (layout.lineCount, layout.pages.count)
                return layout.lineCount &* 100_003 &+ layout.pages.count
            })
        }
        let timings = try measureInterleaved(items, runs: options.runs, warmup: options.warmup)
        let h = result("layout.hlm.horizontal", timings: timings[0],
                       notes: "\(grouped(counts.value[0].lines)) lines, \(grouped(counts.value[0].pages)) pages (390 × 844 pt, bundled fonts)")
        var v = result("layout.hlm.vertical", timings: timings[1],
                       notes: "\(grouped(counts.value[1].lines)) columns, \(grouped(counts.value[1].pages)) pages")
        v.notes += String(format: "; %.2f× horizontal (medians)", v.stats.median / h.stats.median)
        if mode == "vertical" { measuredAhead["layout.hlm.horizontal"] = h; return v }
        measuredAhead["layout.hlm.vertical"] = v
        return h
    }
}
