import Foundation
import Testing
import TypesetCore
import TypesetDocuments

/// Chapter detection on the synthetic families (``ChapterFamilies``): recall, precision and the share of found
/// headings whose contents title is the expected one, per book and per family. The table is printed (the manual
/// quotes it; `TYPESET_CHAPTER_TABLE` writes it beside the corpus table) and every family is held at its figures.
@Suite struct ChapterFamilyTests {
    /// (recall, precision, titles) each family must reach, in percent.
    static let floors: [String: (recall: Int, precision: Int, titles: Int)] = [
        "ordinal words (Ночь первая … Утро)": (100, 100, 100),
        "Aozora collection titles": (100, 100, 100),
        "roman numerals with subtitles": (100, 100, 100),
        "contents list at the front": (100, 100, 100),
        "prefaces and a cast list": (100, 100, 100),
        "short lines that are not headings": (100, 100, 100),
    ]

    struct Score {
        var listed = 0, found = 0, matched = 0, titled = 0
        var recall: Double { listed == 0 ? 1 : Double(matched) / Double(listed) }
        var precision: Double { found == 0 ? 1 : Double(matched) / Double(found) }
        var titles: Double { matched == 0 ? 1 : Double(titled) / Double(matched) }
        static func + (a: Score, b: Score) -> Score {
            Score(listed: a.listed + b.listed, found: a.found + b.found, matched: a.matched + b.matched, titled: a.titled + b.titled)
        }
    }

    static func score(_ book: SyntheticBook) throws -> (Score, [String]) {
        let document = try PlainTextReader().read(bytes: Array(book.text.utf8), name: book.name)
        let lines = ChapterRecallTests.lines(of: document.headings.map(\.offset), in: document.text)
        var score = Score(listed: book.headings.count, found: lines.count)
        var problems: [String] = []
        for (line, heading) in zip(lines, document.headings) {
            guard let expected = book.headings.first(where: { $0.line == line }) else {
                problems.append("extra \(line) \"\(heading.title)\"")
                continue
            }
            score.matched += 1
            if heading.title == expected.title { score.titled += 1 } else {
                problems.append("title \(line) \"\(heading.title)\", not \"\(expected.title)\"")
            }
        }
        for expected in book.headings where !lines.contains(expected.line) {
            problems.append("missed \(expected.line) \"\(expected.title)\"")
        }
        return (score, problems)
    }

    @Test func recallAndPrecisionPerFamily() throws {
        func percent(_ value: Double) -> String { String(format: "%.1f %%", value * 100) }
        var table = "| Family | Book | Listed | Found | Recall | Precision | Titles |\n|---|---|---|---|---|---|---|\n"
        var details = ""
        for (family, books) in ChapterFamilies.all {
            var total = Score()
            for book in books {
                let (score, problems) = try Self.score(book)
                total = total + score
                table += "| \(family) | \(book.name) | \(score.listed) | \(score.found) | \(percent(score.recall)) | \(percent(score.precision)) | \(percent(score.titles)) |\n"
                if !problems.isEmpty { details += "\(family) / \(book.name): " + problems.prefix(6).joined(separator: "; ") + "\n" }
            }
            table += "| **\(family)** | all | \(total.listed) | \(total.found) | **\(percent(total.recall))** | **\(percent(total.precision))** | **\(percent(total.titles))** |\n"
            let floor = try #require(Self.floors[family])
            #expect(total.recall * 100 >= Double(floor.recall) - 0.001, "\(family): recall \(percent(total.recall))")
            #expect(total.precision * 100 >= Double(floor.precision) - 0.001, "\(family): precision \(percent(total.precision))")
            #expect(total.titles * 100 >= Double(floor.titles) - 0.001, "\(family): titles \(percent(total.titles))")
        }
        print(table + "\n" + details)
        if let path = ProcessInfo.processInfo.environment["TYPESET_CHAPTER_TABLE"] {
            try (table + "\n").write(toFile: path + ".families", atomically: true, encoding: .utf8)
        }
    }
}
