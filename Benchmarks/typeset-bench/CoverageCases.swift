import Foundation
import TypesetCore
import TypesetTestSupport

/// The coverage.* rows (issue 20): what checking that every character of a book has a font costs, which every CLI
/// command that lays a book out now pays once.
extension Bench {
    static let coverageCases: [BenchCase] = [("wap", "tolstoy-war-and-peace.txt"), ("hlm", "cao-xueqin-hong-lou-meng.zh-hant.txt")].map { name, file in
        BenchCase(name: "coverage.\(name)", summary: "FontContext.coverageReport(of:family:) over all of \(file), bundled fonts, a fresh context per run") {
            try $0.coverage(name, file: file)
        }
    }

    /// coverage.<book>: a fresh font context each run (as a CLI process has), the report over the whole text.
    func coverage(_ name: String, file: String) throws -> CaseResult {
        let text = try Fixtures.corpusText(file)
        let fonts = Box<FontContext?>(nil)
        var report: FontCoverageReport?
        let timings = try measure(runs: options.runs, warmup: options.warmup, prepare: {
            fonts.value = try Fixtures.bundledFonts()
        }) {
            guard let context = fonts.value else { return 0 }
            let made = try context.coverageReport(of: text, family: "Charis SIL")
            report = made
            return made.checkedCharacters &+ made.missingOccurrences
        }
        let notes = String(format: "%@ characters checked; %@", grouped(report?.checkedCharacters ?? 0),
                           report?.summary(limit: 3) ?? "")
        return result("coverage.\(name)", timings: timings, notes: notes)
    }
}
