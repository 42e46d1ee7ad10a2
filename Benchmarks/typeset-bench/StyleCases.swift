import Foundation
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

extension Bench {
    /// The paragraph counts of the selector scaling rows.
    static let selectorScalingCounts = [100, 300, 1_000, 3_000, 10_000]

    /// Style sheet rules that make naive selector matching blow up: chains that match on the right and fail only
    /// at their far left, so that a right-to-left matcher retries every earlier sibling (or ancestor) for every
    /// compound (`.y ~ p ~ p ~ p`: exponential in the compounds), and universal compounds.
    static let adversarialSheet = """
        .y ~ p ~ p ~ p ~ p ~ p ~ p { color: #333333 }
        .y ~ .x ~ .x ~ .x { font-style: italic }
        .none div div div p span { font-weight: bold }
        div .y ~ p ~ p ~ p em { text-decoration: underline }
        .y ~ * ~ * ~ * ~ * ~ span { letter-spacing: 0.01em }
        section > .y + p ~ p ~ p > span ~ em { text-transform: uppercase }
        .a .b .c .none .x ~ p ~ p { margin-left: 1em }
        """

    /// A chapter of `count` paragraphs in nested sections, each with a few inline elements.
    static func adversarialChapter(_ count: Int) -> String {
        var body = "<div class=\"a\"><div class=\"b\"><div class=\"c\"><section class=\"d\">"
        for i in 0..<count {
            body += "<p class=\"x\">Paragraph \(i) with <span>a span</span> and <em>emphasis</em>.</p>"
        }
        return body + "</section></div></div></div>"
    }

    /// css.selectors.N: reading a one-chapter EPUB of N paragraphs under ``adversarialSheet`` (XHTML parsed,
    /// styles matched, text projected), N = 100 … 10,000. The notes give the time per paragraph and its ratio to
    /// the N = 100 row's: flat when matching is linear.
    func selectorScaling(_ count: Int) throws -> CaseResult {
        let name = "css.selectors.\(count)"
        let bytes = try ZipWriter.epub(body: Bench.adversarialChapter(count), css: Bench.adversarialSheet)
        let timings = try measure(runs: options.runs, warmup: options.warmup) {
            try EPUBReader().read(bytes: bytes, name: "selectors.epub").text.length
        }
        let median = Statistics(timings.wall).median
        let perParagraph = median * 1000 / Double(count)
        if count == Bench.selectorScalingCounts[0] { selectorBaseline = perParagraph }
        let growth = selectorBaseline.map { String(format: "; ×%.2f the N = %d row's per paragraph", perParagraph / $0, Bench.selectorScalingCounts[0]) } ?? ""
        return result(name, timings: timings, notes: String(format: "%.1f µs per paragraph%@", perParagraph, growth),
                      extra: ["us_per_paragraph": perParagraph])
    }

    /// css.sibling-book.open: the issue's small book, a few hundred paragraphs and `~` and descendant selectors,
    /// about 1.5 KB zipped: read and laid out whole (what every command does first).
    func siblingBook() throws -> CaseResult {
        var body = "<div><div><div>"
        for _ in 0..<400 { body += "<p>A line of verse, and another.</p>" }
        body += "</div></div></div>"
        let css = """
            .a ~ p ~ p ~ p ~ p ~ p ~ p ~ p ~ p ~ p ~ p ~ p { text-indent: 1em }
            .b div div p ~ p ~ p ~ p ~ p ~ p { margin-left: 1em }
            """
        let bytes = try ZipWriter.epub(body: body, css: css)
        let typesetter = Typesetter(fonts: fonts)
        var settings = TypographySettings()
        settings.fontFamily = "DejaVu Serif"
        let timings = try measure(runs: options.runs, warmup: options.warmup) {
            let book = try EPUBReader().read(bytes: bytes, name: "siblings.epub")
            return try typesetter.layout(book.text, settings: settings).pages.count
        }
        return result("css.sibling-book.open", timings: timings,
                      notes: "\(bytes.count) bytes zipped, 400 paragraphs; read + shape + break + paginate",
                      extra: ["zipped_bytes": Double(bytes.count)])
    }
}

extension Bench {
    /// css.parse.publisher: EPUBReader.read of a one-paragraph EPUB whose sheet is the publisher sheets of
    /// `Benchmarks/Inputs/stylesheets` joined four times (about 22 KB): the cost of parsing a book's CSS.
    func publisherSheet() throws -> CaseResult {
        let directory = Paths.benchmarks + "/Inputs/stylesheets"
        let names = ["se-core.css", "se-se.css", "se-local.css", "pg-0.css", "pg-pgepub.css"]
        let sheet = try names.map { try String(contentsOfFile: directory + "/" + $0, encoding: .utf8) }.joined(separator: "\n")
        let css = Array(repeating: sheet, count: 4).joined(separator: "\n")
        let bytes = try ZipWriter.epub(body: "<p>One paragraph.</p>", css: css)
        let timings = try measure(runs: options.runs, warmup: options.warmup) {
            try EPUBReader().read(bytes: bytes, name: "publisher-sheet.epub").text.length
        }
        let declarations = css.split(separator: ";").count
        return result("css.parse.publisher", timings: timings,
                      notes: "\(css.utf8.count) bytes of CSS, about \(declarations) declarations; read of a one-paragraph book")
    }
}
