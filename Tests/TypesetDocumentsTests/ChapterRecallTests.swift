import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// Chapter detection measured against hand-made lists of every corpus book's headings
/// (`Tests/Corpus/chapters/BOOK`: line and text). Recall is the share of listed headings found at their line,
/// precision the share of headings found that are listed. The table is printed (the manual quotes it) and each
/// book's figures are held at least at what they are, so that a change that loses a heading fails here.
@Suite struct ChapterRecallTests {
    /// The figures each book must reach: (recall, precision), in percent, rounded down from what they are. The
    /// misses, each explained in the manual's chapter table: P&P's list of illustrations is headed inside an
    /// illustration caption (line 455); Monte-Cristo's title page names the volume `Tome I (1845-1846)` (line 10);
    /// Moby-Dick's extracts have a second title, `EXTRACTS.` (line 387); Entre Nous's title page says `PREMIÈRE
    /// PARTIE` (line 64), its transcriber's errata are headed `PREMIÈRE PARTIE` (line 3476), and the title of its
    /// glossary, `MOTS ET EXPRESSIONS.` (line 2187), is no keyword.
    static let floors: [String: (recall: Int, precision: Int)] = [
        "austen-pride-and-prejudice.txt": (98, 100),
        "nasty/austen-pride-and-prejudice.ascii-crlf.txt": (100, 100),
        "melville-moby-dick.txt": (100, 99),
        "tolstoy-war-and-peace.txt": (100, 100),
        "dumas-le-comte-de-monte-cristo-tome-1.fr.txt": (100, 96),
        "kafka-die-verwandlung.de.txt": (100, 100),
        "pushkin-kapitanskaya-dochka.ru.txt": (100, 100),
        "cao-xueqin-hong-lou-meng.zh-hant.txt": (100, 100),
        "galen-adhortatio-ad-artes-addiscendas.grc.txt": (100, 100),
        "quran-tanzil-uthmani.ar.txt": (100, 100),
        "nasty/conrad-heart-of-darkness.bom.txt": (100, 100),
        "nasty/vos-entre-nous-lectures-francaises.latin1.txt": (98, 97),
        "nasty/wagner-der-fliegende-hollaender.bom-crlf.txt": (100, 100),
        "aozora-chukiichiran-kinyurei.sjis-crlf.txt": (100, 100),
    ]

    struct Score {
        let book: String
        let listed: Int
        let found: Int
        let matched: Int
        let missed: [Int]
        let extra: [Int]
        var recall: Double { listed == 0 ? 1 : Double(matched) / Double(listed) }
        var precision: Double { found == 0 ? 1 : Double(matched) / Double(found) }
    }

    /// The listed headings' lines (a line may hold two).
    static func listed(_ book: String) throws -> [Int] {
        let path = Fixtures.repositoryRoot + "/Tests/Corpus/chapters/" + book
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { Int($0.split(separator: "\t").first ?? "") }
    }

    /// The 1-based line of each offset, lines ending at LF, CR LF, CR or U+2029 as the reader splits them.
    static func lines(of offsets: [Int], in text: StyledText) -> [Int] {
        let units = text.units(in: 0..<text.length)
        var starts: [Int] = [0]
        var i = 0
        while i < units.count {
            let unit = units[i]
            if unit == 0x0A || unit == 0x0D || unit == 0x2029 {
                i += unit == 0x0D && i + 1 < units.count && units[i + 1] == 0x0A ? 2 : 1
                starts.append(i)
                continue
            }
            i += 1
        }
        return offsets.map { offset in
            var low = 0, high = starts.count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if starts[mid] <= offset { low = mid } else { high = mid - 1 }
            }
            return low + 1
        }
    }

    static func score(_ book: String) throws -> Score {
        let document = try PlainTextReader().read(path: try Fixtures.corpusPath(book))
        let found = lines(of: document.headings.map(\.offset), in: document.text)
        let listed = try Self.listed(book)
        var remaining: [Int: Int] = [:]
        for line in listed { remaining[line, default: 0] += 1 }
        var matched = 0
        var extra: [Int] = []
        for line in found {
            if let count = remaining[line], count > 0 { remaining[line] = count - 1; matched += 1 } else { extra.append(line) }
        }
        let missed = remaining.flatMap { line, count in Array(repeating: line, count: count) }.sorted()
        return Score(book: book, listed: listed.count, found: found.count, matched: matched, missed: missed, extra: extra)
    }

    @Test func recallAndPrecisionPerCorpusBook() throws {
        var table = "| Book | Listed | Found | Recall | Precision | Missed (lines) | Extra (lines) |\n|---|---|---|---|---|---|---|\n"
        for book in Self.floors.keys.sorted() {
            let score = try Self.score(book)
            func percent(_ value: Double) -> String { String(format: "%.1f %%", value * 100) }
            func lines(_ values: [Int]) -> String { values.isEmpty ? "" : values.prefix(8).map(String.init).joined(separator: ", ") + (values.count > 8 ? ", …" : "") }
            table += "| \(book) | \(score.listed) | \(score.found) | \(percent(score.recall)) | \(percent(score.precision)) | \(lines(score.missed)) | \(lines(score.extra)) |\n"
            let floor = try #require(Self.floors[book])
            #expect(score.recall * 100 >= Double(floor.recall) - 0.001, "\(book): recall \(percent(score.recall)), missed \(score.missed)")
            #expect(score.precision * 100 >= Double(floor.precision) - 0.001, "\(book): precision \(percent(score.precision)), extra \(score.extra)")
        }
        print(table)
        if let path = ProcessInfo.processInfo.environment["TYPESET_CHAPTER_TABLE"] {
            try table.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}
