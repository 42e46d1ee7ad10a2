import Foundation
import CHyphen
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// The Pango workload of peers-and-performance.md §4.1 in Typeset's terms.
///
/// Pango's "DejaVu Serif 19 pt at 96 dpi" is 19/72 inch (25.33 px); Typeset's sizes are points (1/72 inch) too,
/// rasterized at `pixelScale` pixels per point. So the mapping is one to one: fontSize 19, a 400 pt column and
/// 800 pt of content per page. pango-view draws with 10 px margins (7.5 pt at 96 dpi), so the page is 415 × 815 pt
/// with 7.5 pt margins: at pixelScale 96/72 that is Pango's 553 × 1086 px surface (we round up: 554 × 1087), at
/// pixelScale 2 (Typeset's default, used by the raster rows) 830 × 1630 px. Line height is 1 × the face's natural
/// height and there is no paragraph spacing, as the peer stacks one layout per paragraph with nothing between.
/// Pango rounds DejaVu's line height to whole pixels at 96 dpi (hinted metrics: 30 px = 22.5 pt, so 35 lines per
/// 800 pt page); Typeset keeps the exact 22.12 pt (36 lines), so expect about 2.8 % fewer pages than Pango.
func pangoWorkloadSettings(width: Double = 400) -> TypographySettings {
    var settings = TypographySettings()
    settings.fontFamily = "DejaVu Serif"
    settings.fontSize = 19
    settings.lineHeightMultiple = 1
    settings.paragraphSpacing = 0
    settings.margins = EdgeInsets(all: 7.5)
    settings.pageSize = Size(width: width + 15, height: 800 + 15)
    return settings
}

/// The default reading settings with the bundled serif (the position issue's setting), for hit testing.
func readingSettings() -> TypographySettings {
    var settings = TypographySettings()
    settings.fontFamily = "Charis SIL"
    return settings
}

/// The books measured, by short name.
enum Book: String, CaseIterable {
    case corpus, wap, pride, moby
    /// A 2 MB book without chapters (see ``Inputs/chapterlessPath``).
    case chapterless

    var corpusFile: String? {
        switch self {
        case .corpus, .chapterless: return nil
        case .wap: return "tolstoy-war-and-peace.txt"
        case .pride: return "austen-pride-and-prejudice.txt"
        case .moby: return "melville-moby-dick.txt"
        }
    }
}

/// A named case: a closure producing one row.
struct BenchCase: Sendable {
    let name: String
    let summary: String
    let body: @Sendable (Bench) throws -> CaseResult
}

/// Holds the inputs, the peer and what cases share (shaped texts, layouts).
final class Bench {
    let options: RunOptions
    let inputs: Inputs
    let peer: Peer
    var results: [CaseResult] = []
    /// The names of the cases of this run (variants of one group are measured together, interleaved).
    let selected: Set<String>
    /// Rows measured ahead as part of an interleaved group.
    var measuredAhead: [String: CaseResult] = [:]

    init(options: RunOptions, selected: Set<String>) throws {
        self.options = options
        self.selected = selected
        inputs = try Inputs()
        peer = Peer(options: options)
    }

    var fonts: FontContext { inputs.fonts }

    func text(_ book: Book) throws -> StyledText {
        switch book {
        case .corpus: return try inputs.lineText(inputs.corpusPaths.corpus)
        case .chapterless: return try inputs.chapterless()
        default: return try inputs.book(book.corpusFile!)
        }
    }

    private var exported: [Book: String] = [:]
    /// The file the peer reads for a book: corpus.txt itself, or the book's paragraphs one per line.
    func peerFile(_ book: Book) throws -> String {
        if book == .corpus { return inputs.corpusPaths.corpus }
        if let path = exported[book] { return path }
        let path = try inputs.exportForPeer(try text(book), name: book.rawValue)
        exported[book] = path
        return path
    }

    /// The peer job for a book at the Pango workload's settings.
    func peerJob(_ book: Book) -> [String: Any]? {
        guard peer.available, let file = try? peerFile(book) else { return nil }
        let sections: String
        switch book {
        case .corpus: sections = "shape,layout,layout2,relayout,render"
        case .wap: sections = "layout,layout2,relayout"
        default: sections = "layout,layout2"
        }
        return peer.job(book.rawValue, ["--text", file, "--sections", sections])
    }

    /// A row from timings: wall-time statistics, CPU-time statistics, and the ratios to the peer's medians.
    /// `scale` converts the per-run milliseconds into the row's unit (to µs per call, say).
    func result(_ name: String, unit: String = "ms", timings: Timings, scale: Double = 1, peer: PeerValue? = nil,
                notes: String = "", extra: [String: Double] = [:]) -> CaseResult {
        let s = Statistics(timings.wall.map { $0 * scale })
        let cpu = timings.cpu.isEmpty ? nil : Statistics(timings.cpu.map { $0 * scale })
        let ratio = peer.flatMap { $0.median > 0 ? s.median / $0.median : nil }
        let cpuRatio = peer?.cpuMedian.flatMap { p in cpu.map { $0.median / p } }
        return CaseResult(name: name, unit: unit, stats: s, cpu: cpu, checksum: timings.checksum, peer: peer, ratio: ratio,
                          cpuRatio: cpuRatio, notes: notes, extra: extra)
    }

    /// A row whose value is not a time (a hit rate, bytes per unit): no CPU column.
    func result(_ name: String, unit: String, values: [Double], checksum: Int, peer: PeerValue? = nil, notes: String = "",
                extra: [String: Double] = [:]) -> CaseResult {
        let s = Statistics(values)
        let ratio = peer.flatMap { $0.median > 0 ? s.median / $0.median : nil }
        return CaseResult(name: name, unit: unit, stats: s, cpu: nil, checksum: checksum, peer: peer, ratio: ratio,
                          cpuRatio: nil, notes: notes, extra: extra)
    }

    /// A peer median with its CPU-time median (`<key>` and `<key without _ms>_cpu_ms`) when present.
    func peerValue(_ json: [String: Any]?, _ key: String, what: String) -> PeerValue? {
        guard var value = Peer.value(json, key, what: what) else { return nil }
        if key.hasSuffix("_ms") {
            value.cpuMedian = Peer.value(json, String(key.dropLast(3)) + "_cpu_ms", what: "")?.median
        }
        return value
    }

    // MARK: Cached layouts shared by several cases

    private var readingLayoutCache: BookLayout?
    /// War and Peace at the default reading settings (Charis SIL), for the hit tests.
    func readingLayout() throws -> BookLayout {
        if let layout = readingLayoutCache { return layout }
        let layout = try Typesetter(fonts: fonts).layout(try text(.wap), settings: readingSettings())
        readingLayoutCache = layout
        return layout
    }

    private var corpusLayoutMade: BookLayout?
    /// corpus.txt at the Pango workload's settings, at a pixel scale.
    func corpusLayout() throws -> BookLayout {
        if let layout = corpusLayoutMade { return layout }
        let layout = try Typesetter(fonts: fonts).layout(try text(.corpus), settings: pangoWorkloadSettings())
        corpusLayoutMade = layout
        return layout
    }

    private lazy var renderer: PageRenderer = try! PageRenderer()
    /// The N = 100 selector row's time per paragraph, which the larger rows compare with.
    var selectorBaseline: Double?
    /// The first styled-paragraph row's time per word, which the larger rows compare with.
    var styledParagraphBaseline: Double?

    // MARK: The cases

    static let all: [BenchCase] = {
        var cases: [BenchCase] = []
        cases.append(BenchCase(name: "shape.corpus.cold", summary: "Typesetter.shape of corpus.txt, new Typesetter (empty word cache) each run, 1 thread") {
            try $0.shape(warm: false)
        })
        cases.append(BenchCase(name: "shape.corpus.warm", summary: "Typesetter.shape of corpus.txt, same Typesetter (word cache warm), 1 thread") {
            try $0.shape(warm: true)
        })
        for book in [Book.corpus, .wap] {
            for threads in [1, 2] {
                for warm in [false, true] {
                    let name = "layout.\(book.rawValue).\(warm ? "warm" : "cold").t\(threads)"
                    cases.append(BenchCase(name: name, summary: "shape + break + paginate, \(warm ? "warm word cache" : "new Typesetter each run"), \(threads) thread(s)") {
                        try $0.layout(book, warm: warm, threads: threads)
                    })
                }
            }
        }
        for book in [Book.pride, .moby] {
            for threads in [1, 2] {
                cases.append(BenchCase(name: "layout.\(book.rawValue).cold.t\(threads)", summary: "shape + break + paginate, new Typesetter, \(threads) thread(s)") {
                    try $0.layout(book, warm: false, threads: threads)
                })
            }
        }
        for variant in ["greedy", "optimal-hyphens"] {
            cases.append(BenchCase(name: "justify.pride.\(variant)", summary: "Pride and Prejudice justified at the default page (Charis SIL), \(variant == "greedy" ? "greedy, no hyphenation" : "optimal breaking + English hyphenation"): shape + break + paginate, new Typesetter, 2 threads") {
                try $0.justifiedLayout(optimal: variant != "greedy")
            })
        }
        cases.append(BenchCase(name: "layout.corpus.single-block.t1", summary: "corpus.txt as ONE paragraph (newlines read as spaces), 1 thread (Pango P3: 5.0 s, quadratic)") {
            try $0.singleBlock()
        })
        for book in [Book.corpus, .wap] {
            cases.append(BenchCase(name: "relayout.\(book.rawValue).w500", summary: "layout(shaped, settings:) at a 500 pt column after one at 400 pt, ShapedText reused, 1 thread") {
                try $0.relayout(book)
            })
        }
        for book in [Book.pride, .moby, .wap, .chapterless] {
            cases.append(BenchCase(name: "first-page.\(book.rawValue).size-change", summary: "ReadingSession.setSettings, size 19↔23 alternating, anchor mid-book: the anchor's section laid out + its page's glyph runs") {
                try $0.firstPageAfterSettingsChange(book, change: .size)
            })
            cases.append(BenchCase(name: "first-page.\(book.rawValue).font-change", summary: "ReadingSession.setSettings to another family (section reshaped: a new session each run, warm word cache)") {
                try $0.firstPageAfterSettingsChange(book, change: .font)
            })
        }
        for page in ["middle", "last"] {
            cases.append(BenchCase(name: "hit.closest.wap.\(page)", summary: "closestPosition(to:onPage:) per call, random points, W&P \(page) page, Charis SIL defaults") {
                try $0.hitTest(page: page, caret: false)
            })
            cases.append(BenchCase(name: "hit.caret.wap.\(page)", summary: "caretRect(for:) per call, random offsets on the page, W&P \(page) page") {
                try $0.hitTest(page: page, caret: true)
            })
        }
        for scale in [2.0, 4.0 / 3.0] {
            let label = scale == 2 ? "x2" : "x1.33"
            cases.append(BenchCase(name: "raster.corpus.p1.\(label)", summary: "PageRenderer.render of corpus page 1 at pixelScale \(label.dropFirst()) (glyph cache warm)") {
                try $0.raster(scale: scale, label: label)
            })
            cases.append(BenchCase(name: "png.corpus.p1.\(label)", summary: "PNGEncoder.encode (.fast) of that bitmap") {
                try $0.png(scale: scale, label: label)
            })
            cases.append(BenchCase(name: "page-png.corpus.p1.\(label)", summary: "PageRenderer.renderPNG: page 1 drawn and encoded in one call (palette canvas)") {
                try $0.pagePNG(scale: scale, label: label)
            })
        }
        cases.append(BenchCase(name: "decorations.wap.page", summary: "PageRenderer.render of W&P's middle page with 10,000 decorations in the book vs bare (Charis SIL defaults)") {
            try $0.decoratedPage()
        })
        for (label, word) in [("frequent", "the"), ("rare", "telescope")] {
            for first in [true, false] {
                cases.append(BenchCase(name: "search.wap.\(label).\(first ? "first" : "all")",
                                       summary: "Publication.search(\"\(word)\") over W&P, default options: time to the \(first ? "first result" : "last result, Locators made")") {
                    try $0.search(word, label: label, first: first)
                })
            }
        }
        cases.append(BenchCase(name: "search.wap.frequent.next", summary: "SearchResultList.activate + DecorationSet.apply over the 47,343 results of \"the\" in W&P") {
            try $0.searchNext()
        })
        for name in Bench.mathRowNames {
            cases.append(BenchCase(name: name, summary: "a chapter of 300 paragraphs with 960 MathML formulas laid out and its first page drawn, against the same chapter with the formulas as text (interleaved)") {
                try $0.mathRows(name)
            })
        }
        for name in Bench.boxRowNames {
            cases.append(BenchCase(name: name, summary: "a chapter of 300 paragraphs with 60 bordered boxes, 30 floats and 15 tables read, laid out and its first page drawn, against the same words as plain paragraphs (interleaved)") {
                try $0.boxRows(name)
            })
        }
        for name in Bench.imageRowNames {
            cases.append(BenchCase(name: name, summary: "Moby-Dick's EPUB opened, its cover drawn the first and the second time, a text page drawn (interleaved)") {
                try $0.imageRows(name)
            })
        }
        for variant in CLIVariant.allCases {
            cases.append(BenchCase(name: "cli.page.\(variant.rawValue)", summary: variant.summary) {
                try $0.cli(variant)
            })
        }
        for threads in [1, 2] {
            cases.append(BenchCase(name: "memory.wap.t\(threads)", summary: "peak RSS growth per UTF-16 unit with all of W&P laid out, minus 2 B/unit of text (fresh process)") {
                try $0.memory(threads: threads)
            })
        }
        for kind in ["short", "blank"] {
            let what = kind == "short" ? "lines of one letter (a paragraph each)" : "blank lines"
            cases.append(BenchCase(name: "memory.lines.\(kind)", summary: "peak RSS growth per line reading, shaping and laying out 1,000,000 \(what) (fresh process)") {
                try $0.memoryPerLine(blank: kind == "blank")
            })
        }
        cases += readCases
        for count in Bench.selectorScalingCounts {
            cases.append(BenchCase(name: "css.selectors.\(count)", summary: "EPUBReader.read of a chapter of \(count) paragraphs under adversarial ~ and descendant selectors (linear matching: flat per paragraph)") {
                try $0.selectorScaling(count)
            })
        }
        for words in Bench.styledParagraphWordCounts {
            cases.append(BenchCase(name: "styled-paragraph.\(words)", summary: "one paragraph of \(words) words, every other italic: read + layout + select all + a page's glyph runs (linear: flat per word)") {
                try $0.styledParagraphScaling(words)
            })
        }
        cases.append(BenchCase(name: "css.parse.publisher", summary: "EPUBReader.read of a one-paragraph book with 22 KB of publisher CSS (Standard Ebooks' and Project Gutenberg's sheets, four times): CSS parsing") {
            try $0.publisherSheet()
        })
        cases.append(BenchCase(name: "css.sibling-book.open", summary: "a 1.5 KB EPUB of 400 paragraphs with ~ and descendant selectors: read and laid out (issue 18: took minutes)") {
            try $0.siblingBook()
        })
        cases += coverageCases
        cases += growthCases
        cases += verticalCases
        for (name, file) in [("corpus", "corpus"), ("gpl3", "gpl3"), ("wap", "wap")] {
            cases.append(BenchCase(name: "wordcache.\(name)", summary: "word-cache hit rate shaping \(file) once, 1 thread") {
                try $0.wordCache(file)
            })
        }
        cases.append(BenchCase(name: "hyphenation.de.load", summary: "the German patterns (hyph_de_DE.dic, 1 MB, ISO-8859-1) read and built into libhyphen's automaton; libhyphen's own loader once, in the notes") {
            try $0.hyphenationLoad()
        })
        return cases
    }()

    // MARK: Shaping

    /// A typesetter whose word cache has seen `text` once (the state of the "warm" rows).
    func warmTypesetter(threads: Int, _ text: StyledText, layout settings: TypographySettings? = nil) throws -> Typesetter {
        let typesetter = Typesetter(fonts: fonts, threads: threads)
        if let settings { _ = try typesetter.layout(text, settings: settings) }
        else { _ = try typesetter.shape(text, fontFamily: "DejaVu Serif") }
        return typesetter
    }

    /// shape.corpus.cold and shape.corpus.warm, measured interleaved.
    func shape(warm: Bool) throws -> CaseResult {
        let name = warm ? "shape.corpus.warm" : "shape.corpus.cold"
        if let row = measuredAhead.removeValue(forKey: name) { return row }
        let text = try self.text(.corpus)
        let variants = [false, true].filter { selected.contains($0 ? "shape.corpus.warm" : "shape.corpus.cold") }
        var items: [Timed] = []
        for isWarm in variants {
            let box = Box(isWarm ? try warmTypesetter(threads: 1, text) : Typesetter(fonts: fonts, threads: 1))
            items.append(Timed(prepare: { if !isWarm { box.value = Typesetter(fonts: self.fonts, threads: 1) } }, body: {
                let shaped = try box.value.shape(text, fontFamily: "DejaVu Serif")
                retainedResult = shaped
                return shaped.paragraphs.reduce(0) { $0 + $1.glyphCount }
            }))
        }
        let timings = try measureInterleaved(items, runs: options.runs, warmup: options.warmup)
        let job = peerJob(.corpus)
        let hb = Peer.value(job, "harfbuzz_shape_ms", what: "")
        for (isWarm, t) in zip(variants, timings) {
            var notes = "glyphs \(grouped(t.checksum))"
            if let hb { notes += "; HarfBuzz alone, 1 buffer/paragraph: \(format(hb.median)) ms (ours/hb \(String(format: "%.2f", Statistics(t.wall).median / hb.median)))" }
            if let glyphs = Peer.number(job, "shape_glyphs") { notes += "; Pango glyphs \(grouped(Int(glyphs)))" }
            let rowName = isWarm ? "shape.corpus.warm" : "shape.corpus.cold"
            measuredAhead[rowName] = result(rowName, timings: t,
                                      peer: peerValue(job, "shape_ms", what: "pango_itemize + pango_shape per paragraph"), notes: notes)
        }
        return measuredAhead.removeValue(forKey: name)!
    }

    // MARK: Full layout

    /// layout.<book>.{cold,warm}.t{1,2}: the selected variants of a book measured together, interleaved.
    func layout(_ book: Book, warm: Bool, threads: Int) throws -> CaseResult {
        func rowName(_ warm: Bool, _ threads: Int) -> String { "layout.\(book.rawValue).\(warm ? "warm" : "cold").t\(threads)" }
        let name = rowName(warm, threads)
        if let row = measuredAhead.removeValue(forKey: name) { return row }
        let text = try self.text(book)
        let settings = pangoWorkloadSettings()
        var variants: [(warm: Bool, threads: Int)] = []
        for t in [1, 2] { for w in [false, true] where selected.contains(rowName(w, t)) { variants.append((w, t)) } }
        var items: [Timed] = []
        let counts = Box([(lines: Int, pages: Int)](repeating: (0, 0), count: variants.count))
        for (i, v) in variants.enumerated() {
            let box = Box(v.warm ? try warmTypesetter(threads: v.threads, text, layout: settings)
                                 : Typesetter(fonts: fonts, threads: v.threads))
            items.append(Timed(prepare: { if !v.warm { box.value = Typesetter(fonts: self.fonts, threads: v.threads) } }, body: {
                let layout = try box.value.layout(text, settings: settings)
                retainedResult = layout
                counts.value[i] = (layout.lineCount, layout.pages.count)
                return layout.lineCount &* 100_003 &+ layout.pages.count
            }))
        }
        let timings = try measureInterleaved(items, runs: options.runs, warmup: options.warmup)
        let job = peerJob(book)
        var unhinted: [String: Any]?
        if book == .corpus, peer.available, let file = try? peerFile(.corpus) {
            unhinted = peer.job("corpus-unhinted", ["--text", file, "--sections", "layout", "--no-hint-metrics"], timed: false)
        }
        for (i, v) in variants.enumerated() {
            let (lines, pages) = counts.value[i]
            let t = timings[i]
            let peerRow = peerValue(job, v.threads == 1 ? "layout_paginate_ms" : "layout_paginate_t2_ms",
                                    what: "one PangoLayout per paragraph + line walk into pages, \(v.threads) thread(s)")
            var extra: [String: Double] = ["lines": Double(lines), "pages": Double(pages), "utf16_units": Double(text.length)]
            var notes = "lines \(grouped(lines)) pages \(grouped(pages))"
            if let pl = Peer.number(job, "lines"), let pp = Peer.number(job, "pages") {
                extra["pango_lines"] = pl; extra["pango_pages"] = pp
                extra["lines_delta_vs_pango"] = Double(lines) - pl; extra["pages_delta_vs_pango"] = Double(pages) - pp
                notes += String(format: " (Pango %@ / %@: lines %+d = %+.1f%%, pages %+d)", grouped(Int(pl)), grouped(Int(pp)),
                                lines - Int(pl), (Double(lines) / pl - 1) * 100, pages - Int(pp))
            }
            if let pl = Peer.number(unhinted, "lines"), let pp = Peer.number(unhinted, "pages") {
                extra["pango_unhinted_lines"] = pl; extra["pango_unhinted_pages"] = pp
                notes += String(format: "; Pango without hinted metrics %@ / %@", grouped(Int(pl)), grouped(Int(pp)))
            }
            if let ms = Peer.value(job, "layout_ms", what: "")?.median { extra["pango_layout_only_ms"] = ms }
            extra["m_units_per_s"] = Double(text.length) / 1e6 / (Statistics(t.wall).median / 1000)
            notes += String(format: "; %.1f M units/s", extra["m_units_per_s"]!)
            measuredAhead[rowName(v.warm, v.threads)] = result(rowName(v.warm, v.threads), timings: t, peer: peerRow, notes: notes, extra: extra)
        }
        return measuredAhead.removeValue(forKey: name)!
    }

    /// justify.pride.greedy and justify.pride.optimal-hyphens, measured interleaved (issue 7's speed target:
    /// optimal breaking with hyphenation costs at most twice greedy breaking without).
    func justifiedLayout(optimal: Bool) throws -> CaseResult {
        func rowName(_ optimal: Bool) -> String { optimal ? "justify.pride.optimal-hyphens" : "justify.pride.greedy" }
        if let row = measuredAhead.removeValue(forKey: rowName(optimal)) { return row }
        let text = try self.text(.pride)
        let variants = [false, true].filter { selected.contains(rowName($0)) }
        var items: [Timed] = []
        let lines = Box([Int](repeating: 0, count: variants.count))
        for (i, isOptimal) in variants.enumerated() {
            var settings = readingSettings()
            settings.alignment = .justified
            settings.language = "en"
            settings.lineBreaking = isOptimal ? .optimal : .greedy
            settings.hyphenation = isOptimal
            settings.orphansAndWidows = isOptimal ? 2 : 1
            let box = Box(Typesetter(fonts: fonts))
            items.append(Timed(prepare: { box.value = Typesetter(fonts: self.fonts) }, body: {
                let layout = try box.value.layout(text, settings: settings)
                retainedResult = layout
                lines.value[i] = layout.lineCount
                return layout.lineCount
            }))
        }
        let timings = try measureInterleaved(items, runs: options.runs, warmup: options.warmup)
        let greedyMedian = variants.firstIndex(of: false).map { Statistics(timings[$0].wall).median }
        for (i, isOptimal) in variants.enumerated() {
            var notes = "lines \(grouped(lines.value[i]))"
            if isOptimal, let greedyMedian {
                notes += String(format: "; %.2f× greedy without hyphenation (target ≤ 2)", Statistics(timings[i].wall).median / greedyMedian)
            }
            measuredAhead[rowName(isOptimal)] = result(rowName(isOptimal), timings: timings[i], notes: notes)
        }
        return measuredAhead.removeValue(forKey: rowName(optimal))!
    }

    func singleBlock() throws -> CaseResult {
        let corpus = try self.text(.corpus)
        var units: [UInt16] = []
        units.reserveCapacity(corpus.length)
        for paragraph in corpus.paragraphs {
            units.append(contentsOf: paragraph.units.map { $0 == 0x0A ? 0x20 : $0 })
        }
        let text = StyledText(plain: String(decoding: units, as: UTF16.self))
        let settings = pangoWorkloadSettings()
        var lines = 0
        let box = Box(Typesetter(fonts: fonts, threads: 1))
        let timings = try measure(runs: options.runs, warmup: options.warmup,
                                  prepare: { box.value = Typesetter(fonts: self.fonts, threads: 1) }) {
            let layout = try box.value.layout(text, settings: settings)
            retainedResult = layout
            lines = layout.lineCount
            return lines &* 100_003 &+ layout.pages.count
        }
        return result("layout.corpus.single-block.t1", timings: timings,
                      notes: "1 paragraph of \(grouped(text.length)) units, lines \(grouped(lines)); no same-run Pango row (P3 took 5.0 s)")
    }

    // MARK: Relayout

    func relayout(_ book: Book) throws -> CaseResult {
        let text = try self.text(book)
        let typesetter = Typesetter(fonts: fonts, threads: 1)
        let shaped = try typesetter.shape(text, fontFamily: "DejaVu Serif")
        let settings = pangoWorkloadSettings(width: 500)
        // Laid out first at the layout rows' 400 pt, untimed: every timed call is then a relayout at a new width,
        // as a reader's, with what the typesetter keeps between layouts of one text (LayoutBasisCache) kept.
        retainedResult = try typesetter.layout(shaped, settings: pangoWorkloadSettings())
        var lines = 0, pages = 0
        let timings = try measure(runs: options.runs, warmup: options.warmup) {
            let layout = try typesetter.layout(shaped, settings: settings)
            retainedResult = layout
            lines = layout.lineCount
            pages = layout.pages.count
            return lines &* 100_003 &+ pages
        }
        let samples = timings.wall
        let job = peerJob(book)
        var notes = "at 500 pt: lines \(grouped(lines)) pages \(grouped(pages))"
        var extra: [String: Double] = ["lines": Double(lines), "pages": Double(pages)]
        if let pl = Peer.number(job, "relayout_lines") {
            extra["pango_lines"] = pl
            notes += String(format: " (Pango %@, %+.1f%%)", grouped(Int(pl)), (Double(lines) / pl - 1) * 100)
        }
        if let first = results.first(where: { $0.name == "layout.\(book.rawValue).cold.t1" }) {
            let speedup = first.stats.median / Statistics(samples).median
            extra["speedup_vs_first_layout"] = speedup
            notes += String(format: "; %.1f× faster than layout.%@.cold.t1", speedup, book.rawValue)
            if let cpu = first.cpu {
                extra["cpu_speedup_vs_first_layout"] = cpu.median / Statistics(timings.cpu).median
                notes += String(format: " (CPU time %.1f×)", extra["cpu_speedup_vs_first_layout"]!)
            }
        }
        return result("relayout.\(book.rawValue).w500", timings: timings,
                      peer: peerValue(job, "relayout_ms", what: "set_width(500 pt) on every kept PangoLayout + get_extents + line walk"),
                      notes: notes, extra: extra)
    }

    /// What a settings-change row changes.
    enum SettingsChange { case size, font }

    /// Time from a settings change to the first page being ready (laid out, its glyph runs built), with the
    /// reader anchored in the middle of the book. Background completion is off so that it does not compete
    /// for the cores during the measurement.
    func firstPageAfterSettingsChange(_ book: Book, change: SettingsChange) throws -> CaseResult {
        let text = try self.text(book)
        let publication = Publication(text: text, href: book.corpusFile ?? book.rawValue)
        let typesetter = Typesetter(fonts: fonts, threads: 2)
        let first = readingSettings()
        var other = first
        switch change {
        case .size: other.fontSize = 23
        case .font: other.fontFamily = "Noto Sans"
        }
        let anchor = text.length / 2
        var session = try ReadingSession(publication: publication, typesetter: typesetter, settings: ReaderSettings(typography: first), at: anchor,
                                         completesInBackground: false)
        _ = try session.go(to: anchor)
        var flip = false
        var lastPage: ReaderPage?
        let timings = try measure(runs: options.runs, warmup: options.warmup, prepare: {
            guard change == .font else { return }
            // A fresh session has no shaped sections: the change must reshape the anchor's section.
            session = try ReadingSession(publication: publication, typesetter: typesetter, settings: ReaderSettings(typography: first), at: anchor,
                                         completesInBackground: false)
        }) {
            flip.toggle()
            let page = try session.setSettings(ReaderSettings(typography: change == .size && !flip ? first : other))
            lastPage = page
            retainedResult = page.layout
            return page.layout.glyphRuns(onPage: page.pageIndex).reduce(0) { $0 + $1.glyphs.count }
        }
        let page = lastPage
        let section = page.map { text.range(ofSection: $0.section).count } ?? 0
        return result("first-page.\(book.rawValue).\(change == .size ? "size" : "font")-change", timings: timings,
                      notes: "\(text.sectionStarts.count) sections; the anchor's holds \(grouped(section)) of \(grouped(text.length)) units; page \(page.map { String($0.number + 1) } ?? "?") of \(page.map { $0.pageCount.description } ?? "?")",
                      extra: ["sections": Double(text.sectionStarts.count), "section_units": Double(section)])
    }

    // MARK: Hit testing

    func hitTest(page which: String, caret: Bool) throws -> CaseResult {
        let layout = try readingLayout()
        let pageIndex = which == "middle" ? layout.pages.count / 2 : layout.pages.count - 1
        let page = layout.pages[pageIndex]
        let n = options.hitCount
        var rng = SplitMix64()
        var points: [Point] = []
        var offsets: [Int] = []
        for _ in 0..<n {
            points.append(Point(x: rng.unit() * page.size.width, y: rng.unit() * page.size.height))
        }
        let span = max(1, page.range.count)
        for _ in 0..<n { offsets.append(page.range.lowerBound + Int(rng.unit() * Double(span))) }
        let timings = try measure(runs: options.runs, warmup: options.warmup) {
            var sum = 0
            if caret {
                for offset in offsets { sum &+= Int(layout.caretRect(for: TextPosition(offset: offset))?.rect.minX ?? 0) }
            } else {
                for point in points { sum &+= layout.closestPosition(to: point, onPage: pageIndex).offset }
            }
            return sum
        }
        var job: [String: Any]?
        if peer.available, let file = try? peerFile(.wap) {
            // Same column, page height, paragraph spacing and line height (in points, absolute) as our layout, so
            // that Pango's pages hold the same lines.
            let s = readingSettings()
            let lineHeight = layout.lines(onPage: pageIndex).first?.rect.height ?? s.fontSize * 1.45
            job = peer.job("wap-reading", ["--text", file, "--font", s.fontFamily, "--size", String(s.fontSize),
                                            "--width", String(s.columnWidth), "--page-height", String(s.contentRect.height),
                                            "--line-height", String(lineHeight),
                                            "--para-spacing", String(s.paragraphSpacing * s.fontSize), "--sections", "hit"])
        }
        let peerValue = caret
            ? Peer.value(job, "hit_get_cursor_pos_us_\(which)", what: "pango_layout_get_cursor_pos")
            : Peer.value(job, "hit_xy_to_index_us_\(which)", what: "pango_layout_xy_to_index (page y → paragraph layout by binary search)")
        var notes = "page \(pageIndex + 1) of \(layout.pages.count), \(page.lineCount) lines, \(grouped(n)) queries"
        if caret, let pos = Peer.value(job, "hit_index_to_pos_us_\(which)", what: "") {
            notes += "; Pango index_to_pos \(format(pos.median)) µs"
        }
        if let pp = Peer.number(job, "hit_\(which)_page"), let total = Peer.number(job, "pages") {
            notes += "; Pango: page \(Int(pp) + 1) of \(Int(total))"
        }
        return result("hit.\(caret ? "caret" : "closest").wap.\(which)", unit: "µs/call", timings: timings,
                      scale: 1000 / Double(n), peer: peerValue, notes: notes)
    }

    // MARK: Raster and PNG

    private var bitmaps: [Double: Bitmap] = [:]

    func raster(scale: Double, label: String) throws -> CaseResult {
        let layout = try corpusLayout()
        let renderer = self.renderer
        var bitmap: Bitmap?
        let timings = try measure(runs: options.runs, warmup: max(1, options.warmup)) {
            let b = try renderer.render(page: 0, of: layout, appearance: Appearance(pixelScale: scale))
            bitmap = b
            return b.width &* b.height &+ Int(b[x: b.width / 3, y: b.height / 5].red)
        }
        bitmaps[scale] = bitmap
        let job = peerJob(.corpus)
        let suffix = scale == 2 ? "_2x" : ""
        let pangoSize = (job?["raster_size\(suffix)"] as? String) ?? "?"
        return result("raster.corpus.p1.\(label)", timings: timings,
                      peer: Peer.value(job, "raster_ms\(suffix)", what: "pango_cairo_show_layout_line into an RGB24 surface"),
                      notes: "\(bitmap!.width)×\(bitmap!.height) px, \(layout.pages[0].lineCount) lines (Pango \(pangoSize))",
                      extra: ["pixels": Double(bitmap!.width * bitmap!.height)])
    }

    func png(scale: Double, label: String) throws -> CaseResult {
        let bitmap: Bitmap
        if let b = bitmaps[scale] { bitmap = b } else {
            bitmap = try renderer.render(page: 0, of: try corpusLayout(), appearance: Appearance(pixelScale: scale))
        }
        var bytes = 0
        let timings = try measure(runs: options.runs, warmup: options.warmup) {
            let png = try PNGEncoder.encode(bitmap)
            bytes = png.count
            return png.count &+ Int(png[png.count / 2])
        }
        let job = peerJob(.corpus)
        let suffix = scale == 2 ? "_2x" : ""
        var notes = "\(bitmap.width)×\(bitmap.height) px → \(grouped(bytes)) B"
        if let pb = Peer.number(job, "png_bytes\(suffix)") { notes += " (cairo \(grouped(Int(pb))) B, zlib default level)" }
        return result("png.corpus.p1.\(label)", timings: timings,
                      peer: Peer.value(job, "png_encode_ms\(suffix)", what: "cairo_surface_write_to_png_stream"),
                      notes: notes, extra: ["png_bytes": Double(bytes)])
    }

    /// Drawing and encoding in one call, as the CLI does: the page drawn as palette indices when it fits.
    func pagePNG(scale: Double, label: String) throws -> CaseResult {
        let layout = try corpusLayout()
        let renderer = self.renderer
        var bytes = 0
        let timings = try measure(runs: options.runs, warmup: max(1, options.warmup)) {
            let png = try renderer.renderPNG(page: 0, of: layout, appearance: Appearance(pixelScale: scale))
            bytes = png.count
            return png.count &+ Int(png[png.count / 2])
        }
        let job = peerJob(.corpus)
        let suffix = scale == 2 ? "_2x" : ""
        // Pango's raster and PNG times of the same page, summed: cairo draws and then encodes.
        var peer: PeerValue?
        if let raster = Peer.number(job, "raster_ms\(suffix)"), let encode = Peer.number(job, "png_encode_ms\(suffix)") {
            peer = PeerValue(what: "pango_cairo_show_layout_line + cairo_surface_write_to_png_stream", median: raster + encode,
                             min: raster + encode, max: raster + encode)
        }
        return result("page-png.corpus.p1.\(label)", timings: timings, peer: peer,
                      notes: "\(grouped(bytes)) B; the sum of raster and png rows above is the same work through an RGBA bitmap")
    }

    // MARK: CLI end to end

    enum CLIVariant: String, CaseIterable {
        /// DejaVu Serif from the system, the Pango workload's page at Typeset's default scale 2.
        case dejavuX2 = "dejavu.x2"
        /// The same at pango-view's pixel size (96 dpi).
        case dejavuX133 = "dejavu.x1.33"
        /// `--fonts bundled` (Charis SIL), default settings otherwise: the issue's literal command.
        case bundled
        /// The first page of War and Peace, `--fonts bundled --pages 1`: what a one-page run lays out.
        case wap

        var summary: String {
            switch self {
            case .dejavuX2: return "typeset CLI, page.txt → 1 PNG, DejaVu Serif 19 pt, 400×800 pt text, scale 2 (830×1630 px)"
            case .dejavuX133: return "the same at scale 4/3 (Pango's 96 dpi pixel size)"
            case .bundled: return "typeset --fonts bundled --pages 1 (Charis SIL, 390×844 pt, scale 2)"
            case .wap: return "typeset --fonts bundled --pages 1 tolstoy-war-and-peace.txt: the first page of a 3.3 MB book"
            }
        }
    }

    private var cliTimings: [CLIVariant: CommandTimer.Timing]?
    private var pangoViewTiming: CommandTimer.Timing?
    private var cliProblem: String?

    /// The command lines of the CLI rows, writing into `output`, and pango-view's (peers §4.2 P6, verbatim) when
    /// the peer is wanted and installed.
    func cliCommands(output out: String) throws -> (typeset: [CLIVariant: [String]], pangoView: [String]?) {
        guard let cli = Paths.cli else { return ([:], nil) }
        let page = inputs.corpusPaths.page
        let dejavu = ["--font", "DejaVu Serif", "--size", "19", "--line-height", "1", "--paragraph-spacing", "0",
                      "--margins", "7.5", "--width", "415", "--height", "815", "--pages", "1", "--quiet"]
        let typeset: [CLIVariant: [String]] = [
            .dejavuX2: [cli] + dejavu + ["--scale", "2", "-o", out + "/x2", page],
            .dejavuX133: [cli] + dejavu + ["--scale", String(4.0 / 3.0), "-o", out + "/x133", page],
            .bundled: [cli, "--fonts", "bundled", "--pages", "1", "--quiet", "-o", out + "/bundled", page],
            .wap: [cli, "--fonts", "bundled", "--pages", "1", "--quiet", "-o", out + "/wap", try Fixtures.corpusPath("tolstoy-war-and-peace.txt")],
        ]
        let pangoView = "/usr/bin/pango-view"
        guard options.usePeer, FileManager.default.isExecutableFile(atPath: pangoView) else { return (typeset, nil) }
        return (typeset, [pangoView, "--no-display", "--output=\(out)/page.png", "--width=400", "--font=DejaVu Serif 19",
                          "--wrap=word", page])
    }

    private func timeCommands() throws {
        guard cliTimings == nil, cliProblem == nil else { return }
        guard Paths.cli != nil else {
            cliProblem = "typeset CLI not found beside typeset-bench: build it with --product typeset and the same --scratch-path"
            shout(["NO CLI: " + cliProblem!])
            return
        }
        let out = NSTemporaryDirectory() + "typeset-bench-cli-\(getpid())"
        try? FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: out) }
        let lines = try cliCommands(output: out)
        var commands = CLIVariant.allCases.compactMap { lines.typeset[$0] }
        // Each command must work before it is timed.
        for command in commands {
            let (status, _) = try run(command[0], Array(command.dropFirst()))
            if status != 0 { cliProblem = "\(command.joined(separator: " ")) exited with \(status)"; shout(["CLI FAILED: " + cliProblem!]); return }
        }
        let hasPangoView = lines.pangoView != nil
        if let pangoView = lines.pangoView {
            commands.append(pangoView)
        } else if options.usePeer {
            shout(["NO pango-view (pango1.0-tools): the CLI rows have no ratio. Run Benchmarks/setup.sh."])
        }
        let runs = options.quick ? 2 : max(10, options.runs * 2)
        let timings = try CommandTimer.time(commands, runs: runs, warmup: options.quick ? 0 : 2)
        var byVariant: [CLIVariant: CommandTimer.Timing] = [:]
        for (i, variant) in CLIVariant.allCases.enumerated() { byVariant[variant] = timings[i] }
        cliTimings = byVariant
        if hasPangoView { pangoViewTiming = timings[CLIVariant.allCases.count] }
    }

    func cli(_ variant: CLIVariant) throws -> CaseResult {
        try timeCommands()
        guard let timing = cliTimings?[variant] else {
            return result("cli.page.\(variant.rawValue)", unit: "ms", values: [.nan], checksum: 0, notes: "NOT MEASURED: \(cliProblem ?? "?")")
        }
        let peerValue = pangoViewTiming.map {
            PeerValue(what: "pango-view page.txt (peers §4.2 P6)", median: $0.median, min: $0.min, max: $0.max)
        }
        return result("cli.page.\(variant.rawValue)", unit: "ms", values: timing.samples.isEmpty ? [timing.median] : timing.samples,
                      checksum: timing.samples.count, peer: peerValue,
                      notes: "process start to exit, \(timing.tool), \(timing.samples.count) runs")
    }

    // MARK: Memory

    func memory(threads: Int) throws -> CaseResult {
        // A fresh process per measurement: VmHWM is a high-water mark.
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var samples: [Double] = []
        var last: [String: Any] = [:]
        for _ in 0..<(options.quick ? 1 : 3) {
            let (status, output) = try run(me, ["--case", "memory-child", "--threads", String(threads)])
            guard status == 0, let json = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any],
                  let value = json["bytes_per_unit_beyond_text"] as? Double else {
                throw InputError(description: "memory child failed (status \(status)): \(output)")
            }
            samples.append(value)
            last = json
        }
        var job: [String: Any]?
        if peer.available, let file = try? peerFile(.wap) {
            job = peer.job("wap-memory", ["--text", file, "--sections", "memory"], timed: false)
        }
        let before = last["vm_hwm_before_kb"] as? Double ?? 0, after = last["vm_hwm_after_kb"] as? Double ?? 0
        let own = last["shaped_bytes_per_unit"] as? Double ?? 0
        var notes = String(format: "VmHWM %.1f → %.1f MB for %@ units; ShapedText.byteCount %.1f B/unit",
                           before / 1024, after / 1024, grouped(Int(last["utf16_units"] as? Double ?? 0)), own)
        if let pb = Peer.number(job, "vm_hwm_before_kb"), let pa = Peer.number(job, "vm_hwm_after_kb") {
            notes += String(format: "; Pango keeping every layout: %.1f → %.1f MB", pb / 1024, pa / 1024)
        }
        return result("memory.wap.t\(threads)", unit: "B/unit", values: samples, checksum: Int(after),
                      peer: Peer.value(job, "memory_bytes_per_utf16", what: "pango-peer VmHWM growth per UTF-16 unit, layouts kept"),
                      notes: notes, extra: ["vm_hwm_before_kb": before, "vm_hwm_after_kb": after, "shaped_bytes_per_unit": own])
    }

    /// memory.lines.short and memory.lines.blank: what a line costs when every line is a paragraph of its own, or
    /// blank (issue 22: 904 MB for 2 MB of `a\n`, 3.3 GB for 40 MB of blank lines); VmHWM growth per line over
    /// reading, shaping and laying out, each stage in the notes.
    func memoryPerLine(blank: Bool) throws -> CaseResult {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let lines = options.quick ? 200_000 : 1_000_000
        var samples: [Double] = []
        var last: [String: Any] = [:]
        for _ in 0..<(options.quick ? 1 : 3) {
            var arguments = ["--case", "memory-lines-child", "--lines", String(lines)]
            if blank { arguments.append("--blank") }
            let (status, output) = try run(me, arguments)
            guard status == 0, let json = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any],
                  let start = json["hwm_start_kb"] as? Double, let end = json["hwm_laid_out_kb"] as? Double else {
                throw InputError(description: "memory-lines child failed (status \(status)): \(output)")
            }
            samples.append((end - start) * 1024 / Double(lines))
            last = json
        }
        func perLine(_ key: String, from previous: String) -> Double {
            ((last[key] as? Double ?? 0) - (last[previous] as? Double ?? 0)) * 1024 / Double(lines)
        }
        let read = perLine("hwm_read_kb", from: "hwm_start_kb"), shaped = perLine("hwm_shaped_kb", from: "hwm_read_kb")
        let laidOut = perLine("hwm_laid_out_kb", from: "hwm_shaped_kb")
        let name = blank ? "memory.lines.blank" : "memory.lines.short"
        let paragraphs = last["paragraphs"] as? Int ?? 0, pages = last["pages"] as? Int ?? 0
        let notes = String(format: "%@ lines → %@ paragraph%@, %@ page%@; VmHWM growth per line: read %.0f B, shaping +%.0f B, layout +%.0f B",
                           grouped(lines), grouped(paragraphs), paragraphs == 1 ? "" : "s", grouped(pages), pages == 1 ? "" : "s",
                           read, shaped, laidOut)
        return result(name, unit: "B/line", values: samples, checksum: last["pages"] as? Int ?? 0, notes: notes,
                      extra: ["read_bytes_per_line": read, "shaping_bytes_per_line": shaped, "layout_bytes_per_line": laidOut])
    }

    // MARK: Hyphenation patterns

    /// Loading the largest pattern file Debian ships, as a layout's first German paragraph with hyphenation on does
    /// (the process-wide cache left aside), against libhyphen's own loader of the same file, run once.
    func hyphenationLoad() throws -> CaseResult {
        let path = "/usr/share/hyphen/hyph_de_DE.dic"
        var size: (states: Int, bytes: Int) = (0, 0)
        let timings = try measure(runs: options.runs, warmup: options.warmup) {
            guard let loaded = HyphenationPatterns.load(path: path) else { throw InputError(description: "\(path) cannot be loaded") }
            size = loaded
            return loaded.states
        }
        let start = nowMilliseconds()
        let reference = hnj_hyphen_load(path)
        let libhyphen = nowMilliseconds() - start
        var libhyphenStates = 0
        if let reference {
            var level: UnsafeMutablePointer<HyphenDict>? = reference
            while let current = level { libhyphenStates += Int(current.pointee.num_states); level = current.pointee.nextlevel }
            hnj_hyphen_free(reference)
        }
        return result("hyphenation.de.load", timings: timings,
                      notes: String(format: "%@ states in %.1f MB; libhyphen's hnj_hyphen_load of the same file: %@ ms (%@ states)",
                                    grouped(size.states), Double(size.bytes) / 1_048_576, format(libhyphen), grouped(libhyphenStates)))
    }

    // MARK: Word cache

    func wordCache(_ which: String) throws -> CaseResult {
        let text: StyledText
        switch which {
        case "corpus": text = try self.text(.corpus)
        case "gpl3": text = try inputs.lineText(inputs.corpusPaths.gpl3)
        default: text = try self.text(.wap)
        }
        let typesetter = Typesetter(fonts: fonts, threads: 1)
        _ = typesetter.wordCacheStatistics(reset: true)
        let shaped = try typesetter.shape(text, fontFamily: "DejaVu Serif")
        let stats = typesetter.wordCacheStatistics(reset: true)
        let lookups = stats.hits + stats.misses
        let rate = lookups > 0 ? Double(stats.hits) / Double(lookups) * 100 : 0
        let reference = ["corpus": "99.1", "gpl3": "72.4"][which].map { "; peers §4.3 H6 (HarfBuzz word cache, not this run): \($0)%" } ?? ""
        return result("wordcache.\(which)", unit: "%", values: [rate], checksum: shaped.paragraphs.count &+ stats.entries,
                      notes: "hits \(grouped(stats.hits)) misses \(grouped(stats.misses)) entries \(grouped(stats.entries))" + reference,
                      extra: ["hits": Double(stats.hits), "misses": Double(stats.misses), "entries": Double(stats.entries)])
    }
}

/// `--case memory-child`: lays out War and Peace in this fresh process and prints VmHWM before and after.
func memoryChild(threads: Int) throws {
    func hwm() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Double(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? -1
        }
        return -1
    }
    let fonts = try FontContext(source: .systemAndBundled(directory: Fixtures.fontsDirectory))
    let typesetter = Typesetter(fonts: fonts, threads: threads)
    let settings = pangoWorkloadSettings()
    // Fixed costs first (fonts, HarfBuzz and ICU data, the worker contexts), so the difference is per unit.
    _ = try typesetter.layout(StyledText(plain: "Warm the fonts and the contexts.\nA second paragraph."), settings: settings)
    let before = hwm()
    guard let file = Book.wap.corpusFile else { throw InputError(description: "War and Peace has no corpus file") }
    let text = try Fixtures.corpusText(file)
    let layout = try typesetter.layout(text, settings: settings)
    let after = hwm()
    let units = Double(text.length)
    let json: [String: Any] = [
        "utf16_units": units, "vm_hwm_before_kb": before, "vm_hwm_after_kb": after,
        "bytes_per_unit": (after - before) * 1024 / units,
        "bytes_per_unit_beyond_text": (after - before) * 1024 / units - 2,
        "shaped_bytes_per_unit": Double(layout.shaped.byteCount) / units,
        "pages": layout.pages.count,
    ]
    withExtendedLifetime(layout) {
        print(String(decoding: try! JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]), as: UTF8.self))
    }
}

/// The inputs of the per-line memory rows: `count` lines of one letter, or `count` blank lines, as a file's bytes.
func shortLinesBytes(count: Int, blank: Bool) -> [UInt8] {
    let line: [UInt8] = blank ? [0x0A] : [0x61, 0x0A]
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count * line.count)
    for _ in 0..<count { bytes.append(contentsOf: line) }
    return bytes
}

/// `--case memory-lines-child --lines N [--blank]`: reads N short (or blank) lines with `PlainTextReader`, shapes
/// and lays them out in this fresh process, and prints VmHWM and the heap in use (glibc's `mallinfo2`) after
/// each stage, so that a row can give bytes per line for each.
func memoryLinesChild(lines: Int, blank: Bool, threads: Int) throws {
    func status(_ key: String) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
        for line in status.split(separator: "\n") where line.hasPrefix(key + ":") {
            return Double(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? -1
        }
        return -1
    }
    func heap() -> Double { status("VmRSS") }
    let fonts = try FontContext(source: .bundledOnly(directory: Fixtures.fontsDirectory))
    let typesetter = Typesetter(fonts: fonts, threads: threads)
    let settings = readingSettings()
    _ = try typesetter.layout(StyledText(plain: "Warm the fonts and the contexts.\nA second paragraph."), settings: settings)
    var bytes = shortLinesBytes(count: lines, blank: blank)
    let byteCount = bytes.count
    let start = (hwm: status("VmHWM"), heap: heap())
    let document = try PlainTextReader().read(bytes: bytes, name: "lines.txt")
    bytes = []
    let read = (hwm: status("VmHWM"), heap: heap())
    let shaped = try typesetter.shape(document.text, fontFamily: settings.fontFamily)
    let shapedAt = (hwm: status("VmHWM"), heap: heap())
    let layout = try typesetter.layout(shaped, settings: settings)
    let laidOut = (hwm: status("VmHWM"), heap: heap())
    let json: [String: Any] = [
        "lines": lines, "bytes": byteCount, "utf16_units": document.text.length, "paragraphs": document.text.paragraphs.count,
        "pages": layout.pages.count,
        "hwm_start_kb": start.hwm, "hwm_read_kb": read.hwm, "hwm_shaped_kb": shapedAt.hwm, "hwm_laid_out_kb": laidOut.hwm,
        "rss_start_kb": start.heap, "rss_read_kb": read.heap, "rss_shaped_kb": shapedAt.heap, "rss_laid_out_kb": laidOut.heap,
    ]
    withExtendedLifetime((document, shaped, layout)) {
        print(String(decoding: try! JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]), as: UTF8.self))
    }
}

