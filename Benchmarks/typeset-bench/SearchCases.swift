import TypesetCore
import TypesetTestSupport

extension Bench {
    /// search.wap.{frequent,rare}.{first,all}: `Publication.search` over War and Peace with the default options
    /// (case, diacritics and width ignored), from a new `Search` each run: the time until the first stretch with a
    /// result is handed over (what a reader waits for before the first result shows) and until the whole book is
    /// searched, Locators made. Frequent: `the` (47,343 results, the first in the first stretch); rare: `telescope`
    /// (3 results, the first about half-way through the book). Both rows come from the same runs.
    func search(_ word: String, label: String, first: Bool) throws -> CaseResult {
        let name = "search.wap.\(label).\(first ? "first" : "all")"
        if let row = measuredAhead.removeValue(forKey: name) { return row }
        let publication = Publication(text: try text(.wap), href: "tolstoy-war-and-peace.txt")
        let firstTimes = Box<[Double]>([])
        var firstOffset = 0, count = 0
        let timings = try measure(runs: options.runs, warmup: options.warmup) {
            let start = nowMilliseconds()
            var first: Double?
            var results = 0
            try publication.search(word).forEachBatch { batch in
                if first == nil, let result = batch.results.first {
                    first = nowMilliseconds() - start
                    firstOffset = result.range.lowerBound
                }
                results += batch.results.count
                return .proceed
            }
            firstTimes.value.append(first ?? .nan)
            count = results
            return results
        }
        let firsts = Array(firstTimes.value.suffix(timings.wall.count))
        let units = publication.text.length
        let all = Statistics(timings.wall).median
        let notes = String(format: "%@ results for \"%@\"; the first at %.0f%% of the book; %@ M units/s to the end",
                           grouped(count), word, 100 * Double(firstOffset) / Double(units), format(Double(units) / all / 1000))
        let rows = [result("search.wap.\(label).first", unit: "ms", values: firsts, checksum: firstOffset, notes: notes),
                    result("search.wap.\(label).all", timings: timings, notes: notes)]
        for row in rows where row.name != name && selected.contains(row.name) { measuredAhead[row.name] = row }
        return rows[first ? 0 : 1]
    }
}

extension Bench {
    /// search.wap.frequent.next: moving the active result among the 47,343 results of `the` and showing it, that is
    /// `SearchResultList.activate` then `DecorationSet.apply` of the whole "search" group (the declarative apply
    /// diffs every result to report the two that changed).
    func searchNext() throws -> CaseResult {
        let publication = Publication(text: try text(.wap), href: "tolstoy-war-and-peace.txt")
        var list = SearchResultList(results: try publication.search("the").results())
        var decorations = DecorationSet(publication: publication)
        decorations.apply(list)
        let count = list.results.count
        var active = 0
        let timings = try measure(runs: options.runs, warmup: options.warmup) {
            active = (active + 997) % count
            list.activate(active)
            let changes = decorations.apply(list)
            return changes.changed.count
        }
        return result("search.wap.frequent.next", timings: timings,
                      notes: "\(grouped(count)) results in the \"search\" group; each move changes 2 of them")
    }
}
