import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

extension Bench {
    /// The rows of ``boxRows``: a chapter of boxes, tables and floats read, laid out and its first page drawn,
    /// against the same text in plain paragraphs (issue 33: at most 1.5 times).
    static let boxRowNames = ["boxes.chapter.open", "boxes.chapter.text-open", "boxes.chapter.page", "boxes.chapter.text-page"]

    /// A chapter of 300 paragraphs of about 40 words; with `boxes`, every fifth is in a bordered box with a
    /// background (every tenth of those two deep, dotted inside solid), every tenth starts with a floated image
    /// and a right-floated line number, and every twentieth is followed by a table of four rows of three cells
    /// (a header row, a cell spanning two columns, borders in the collapsing model, a specified width); without,
    /// the same words as plain paragraphs, the tables' cells as paragraphs.
    static func boxChapter(boxes: Bool) throws -> (bytes: [UInt8], paragraphs: Int) {
        let words = "the river ran under the old bridge while the town slept and the lamps burned low along the quay".split(separator: " ")
        var body = ""
        var count = 0
        for p in 0..<300 {
            let text = (0..<3).map { words.shuffled(seed: p * 3 + $0).prefix(13).joined(separator: " ") }.joined(separator: ", ") + "."
            count += 1
            if boxes && p % 5 == 0 {
                body += p % 50 == 0 ? "<div class='frame'><div class='note'><p>\(text)</p></div></div>" : "<div class='note'><p>\(text)</p></div>"
            } else if boxes && p % 10 == 1 {
                body += "<p><img class='fig' src='dot.png' alt=''/><span class='num'>\(p)</span>\(text)</p>"
            } else {
                body += "<p>\(text)</p>"
            }
            if p % 20 == 19 {
                let cells = [["Name", "Place", "Year"], ["Ada Lovelace", "London", "1815"], ["Two columns spanned", "1843"], ["Charles Babbage", "Teignmouth", "1791"]]
                if boxes {
                    body += "<table class='data'>" + cells.enumerated().map { r, row in
                        "<tr>" + row.enumerated().map { c, cell in
                            r == 0 ? "<th>\(cell)</th>" : (row.count == 2 && c == 0 ? "<td colspan='2'>\(cell)</td>" : "<td>\(cell)</td>")
                        }.joined() + "</tr>"
                    }.joined() + "</table>"
                } else {
                    body += cells.map { "<p>" + $0.joined(separator: " ") + "</p>" }.joined()
                }
                count += 4
            }
        }
        let css = boxes ? """
            .note { background-color: #eef3f8; border: 1px solid #5a7fa8; padding: 0.5em; margin: 1em 0 }
            .frame { border: 3px double #333; padding: 4px }
            .frame .note { border-style: dotted }
            .fig { float: left; width: 3em; margin-right: 0.5em }
            .num { float: right; color: #888 }
            table.data { width: 100%; border-collapse: collapse; border: 1px solid }
            th, td { border: 1px solid #999; padding: 2px 4px }
            """ : ""
        let png = try PNGEncoder.encode(Bitmap(width: 40, height: 40, fill: Color(red: 30, green: 90, blue: 200)))
        return (try Reftest.archive(Reftest.Book(body: body, css: css, files: boxes ? [("dot.png", png)] : [])), count)
    }

    /// boxes.chapter.*: the box chapter read and laid out whole (a new Typesetter each run) and its first page
    /// drawn, each against the plain chapter, interleaved.
    func boxRows(_ name: String) throws -> CaseResult {
        if let row = measuredAhead.removeValue(forKey: name) { return row }
        let boxed = try Self.boxChapter(boxes: true), plain = try Self.boxChapter(boxes: false)
        let settings = readingSettings()
        func open(_ bytes: [UInt8]) throws -> (BookLayout, EPUBBook) {
            let book = try EPUBReader().read(bytes: bytes, name: "boxes.epub")
            return (try Typesetter(fonts: fonts).layout(book.text, settings: settings), book)
        }
        let (boxLayout, boxBook) = try open(boxed.bytes), (textLayout, textBook) = try open(plain.bytes)
        let renderer = try PageRenderer()
        let appearance = Appearance(pixelScale: 2)
        func checksum(_ b: Bitmap) -> Int { b.pixels.withUnsafeBytes { raw in stride(from: 0, to: raw.count, by: 997).reduce(0) { $0 &+ Int(raw[$1]) } } }
        let allItems = [
            Timed(body: { try open(boxed.bytes).0.pages.count }),
            Timed(body: { try open(plain.bytes).0.pages.count }),
            Timed(body: { checksum(try renderer.render(page: 0, of: boxLayout, appearance: appearance, resources: boxBook.resourceLoader)) }),
            Timed(body: { checksum(try renderer.render(page: 0, of: textLayout, appearance: appearance, resources: textBook.resourceLoader)) }),
        ]
        // Only the selected rows are timed: `--instructions` runs each row alone in a child, which then counts
        // that row's calls and no others (open and text-open had one count, of a round of all four).
        let chosen = Self.boxRowNames.indices.filter { selected.contains(Self.boxRowNames[$0]) || Self.boxRowNames[$0] == name }
        let measured = try measureInterleaved(chosen.map { allItems[$0] }, runs: options.runs, warmup: max(1, options.warmup))
        var timings: [Int: Timings] = [:]
        for (k, index) in chosen.enumerated() { timings[index] = measured[k] }
        let boxCount = (0..<boxLayout.pages.count).reduce(0) { $0 + boxLayout.pages[$1].boxes.count }
        func ratio(_ a: Int, _ b: Int, _ what: String) -> String {
            guard let x = timings[a], let y = timings[b] else { return "" }
            return String(format: "; ×%.2f the plain %@", Statistics(x.wall).median / Statistics(y.wall).median, what)
        }
        let notes = [
            "EPUBReader.read + layout of \(boxed.paragraphs) paragraphs: 60 boxes, 30 floats, 15 tables; \(boxLayout.pages.count) pages, \(boxCount) boxes drawn\(ratio(0, 1, "chapter"))",
            "the same words as plain paragraphs (\(textLayout.pages.count) pages)",
            "page 1 at pixel scale 2, warm glyph cache\(ratio(2, 3, "page"))",
            "page 1 of the plain chapter",
        ]
        for index in chosen {
            guard let rowTimings = timings[index] else { continue }
            measuredAhead[Self.boxRowNames[index]] = result(Self.boxRowNames[index], timings: rowTimings, notes: notes[index])
        }
        return measuredAhead.removeValue(forKey: name) ?? result(name, timings: measured[0])
    }
}
