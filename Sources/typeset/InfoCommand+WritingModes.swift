import TypesetCore

extension InfoCommand.Report {
    /// The layout's pages as runs of one writing mode, in order: first and last page (from 1) and the mode. A
    /// book whose documents differ in mode has several (each document's pages are set in its own).
    var writingModeRuns: [(first: Int, last: Int, mode: WritingMode)] {
        var runs: [(first: Int, last: Int, mode: WritingMode)] = []
        for page in layout.pages {
            if let last = runs.last, last.mode == page.writingMode, last.last == page.index {
                runs[runs.count - 1].last = page.index + 1
            } else {
                runs.append((page.index + 1, page.index + 1, page.writingMode))
            }
        }
        return runs
    }

    /// The `Writing mode` line: nil for a book set horizontally throughout; the mode for one set in one vertical
    /// mode; otherwise the book's main mode and each run of pages.
    var writingModeLine: String? {
        let runs = writingModeRuns
        guard runs.contains(where: { $0.mode.isVertical }) else { return nil }
        guard runs.count > 1 else { return runs[0].mode.rawValue }
        let pages = runs.map { "\($0.first == $0.last ? "page \($0.first)" : "pages \($0.first)–\($0.last)") \($0.mode.rawValue)" }
        return "\(layout.writingMode.rawValue) (the book's); " + pages.joined(separator: ", ")
    }

    /// `writingMode` (the book's main mode) and `writingModes` (the runs of pages, from 1, in one mode) for `--json`.
    var writingModeJSON: [(String, JSONWriter.Value)] {
        [("writingMode", .string(layout.writingMode.rawValue)),
         ("writingModes", .array(writingModeRuns.map {
             .object([("firstPage", .integer($0.first)), ("lastPage", .integer($0.last)), ("writingMode", .string($0.mode.rawValue))])
         }))]
    }
}
