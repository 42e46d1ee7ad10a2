import TypesetCore
import TypesetDocuments

extension Bench {
    /// The word counts of the styled-paragraph scaling rows.
    static let styledParagraphWordCounts = [3_000, 30_000, 100_000]

    /// One paragraph of `words` words, every other one in Gutenberg's `_italic_` markup: a run of its own and two
    /// hidden units (caret spans) per italic word.
    static func styledParagraph(words: Int) -> [UInt8] {
        var text = ""
        text.reserveCapacity(words * 7)
        for i in 0..<words { text += i % 2 == 0 ? "plain " : "_italic_ " }
        return Array((text + "\n").utf8)
    }

    /// styled-paragraph.N: a paragraph of N words and N / 2 attribute runs, read, laid out (Charis SIL defaults),
    /// selected whole (`selectionRects`) and its middle page's glyph runs made. The notes give the time per word
    /// and its ratio to the first row's: flat when every stage is linear in the paragraph's runs.
    func styledParagraphScaling(_ words: Int) throws -> CaseResult {
        let name = "styled-paragraph.\(words)"
        let bytes = Bench.styledParagraph(words: words)
        let typesetter = Typesetter(fonts: fonts)
        var settings = TypographySettings()
        settings.fontFamily = "Charis SIL"
        let timings = try measure(runs: options.runs, warmup: options.warmup) {
            let text = try PlainTextReader().read(bytes: bytes, name: "styled.txt").text
            let layout = try typesetter.layout(text, settings: settings)
            let rects = layout.selectionRects(for: 0..<text.length)
            return rects.count + layout.glyphRuns(onPage: layout.pages.count / 2).count
        }
        let median = Statistics(timings.wall).median
        let perWord = median * 1000 / Double(words)
        if words == Bench.styledParagraphWordCounts[0] { styledParagraphBaseline = perWord }
        let growth = styledParagraphBaseline.map {
            String(format: "; ×%.2f the N = %d row's per word", perWord / $0, Bench.styledParagraphWordCounts[0])
        } ?? ""
        return result(name, timings: timings, notes: String(format: "%.2f µs per word%@", perWord, growth),
                      extra: ["us_per_word": perWord])
    }
}
