import Foundation
import TypesetCore
import TypesetRender
import TypesetTestSupport

/// `typeset-bench --report BOOK`: the typographic report of issue 7 for one book, justified at the default page
/// size with the bundled book serif (Charis SIL 19 pt, 390 × 844 pt, 24 pt margins, line height 1.45, paragraph
/// spacing 0.6 em): the figures of ``TypographyReport`` for Typeset's greedy and optimal breakers with and without
/// hyphenation, and for Pango (the peer) on the same paragraphs, font, column width, line height and page height;
/// then the timings of full-book layout (shape + break + paginate, new Typesetter) and of relayout (break +
/// paginate from the shaped text) per variant, release medians, interleaved. Rivers and optical edges (issue 24)
/// are measured on every row, Pango's included: its gaps and edges come from the peer, drawn with cairo.
///
/// With `picture`, it also writes `picture` (a PNG path): a page of the book from page `picturePage` (1-based) on,
/// drawn without and with microtypography side by side (see ``sideBySide(_:_:page:captions:fonts:)``).
///
/// BOOK is a corpus file name or `pride` / `monte-cristo`; the language (for the hyphenation patterns) is taken
/// from `--lang`, else from a `.fr.`-style infix of the file name, else English.
func typographyReport(book argument: String, language explicit: String?, options: RunOptions,
                      picture: String? = nil, picturePage: Int = 20) throws {
    let file: String = switch argument {
    case "pride": "austen-pride-and-prejudice.txt"
    case "monte-cristo": "dumas-le-comte-de-monte-cristo-tome-1.fr.txt"
    default: argument
    }
    let language = explicit ?? file.split(separator: ".").dropFirst().dropLast().last.map(String.init) ?? "en"
    let inputs = try Inputs()
    let text = try inputs.book(file)
    let peer = Peer(options: options)

    var base = readingSettings()
    base.alignment = .justified
    base.language = language
    base.orphansAndWidows = 2
    // The last four add microtypography (issue 24) to optimal breaking with hyphenation: protrusion, 2 %
    // expansion (with tracking), and both, so that each technique's share shows; and both with 3 % expansion.
    struct Variant { let name: String; let breaking: LineBreaking; let hyphenation: Bool; var protrusion = false; var expansion = 0.0 }
    let variants = [Variant(name: "greedy", breaking: .greedy, hyphenation: false),
                    Variant(name: "greedy + hyphens", breaking: .greedy, hyphenation: true),
                    Variant(name: "optimal", breaking: .optimal, hyphenation: false),
                    Variant(name: "optimal + hyphens", breaking: .optimal, hyphenation: true),
                    Variant(name: "opt+hyph + protrusion", breaking: .optimal, hyphenation: true, protrusion: true),
                    Variant(name: "opt+hyph + expansion", breaking: .optimal, hyphenation: true, expansion: 2),
                    Variant(name: "opt+hyph + prot + exp", breaking: .optimal, hyphenation: true, protrusion: true, expansion: 2),
                    Variant(name: "... + exp 3 %", breaking: .optimal, hyphenation: true, protrusion: true, expansion: 3)]
    func settings(_ v: Variant) -> TypographySettings {
        var s = base
        s.lineBreaking = v.breaking
        s.hyphenation = v.hyphenation
        s.protrusion = v.protrusion
        s.expansion = v.expansion
        return s
    }

    let typesetter = Typesetter(fonts: inputs.fonts)
    let shaped = try typesetter.shape(text, fontFamily: base.fontFamily, language: language)
    var rows: [(String, TypographyReport)] = []
    var lineHeight = 0.0
    let renderer = try PageRenderer()
    var layouts: [String: BookLayout] = [:]
    for v in variants {
        let layout = try typesetter.layout(shaped, settings: settings(v))
        let violations = LayoutInvariants.violations(in: layout)
        if !violations.isEmpty { warn("\(v.name): layout invariants violated: \(violations.prefix(3))") }
        if lineHeight == 0, let line = layout.lines(onPage: min(1, layout.pages.count - 1)).first { lineHeight = line.rect.height }
        rows.append(("typeset " + v.name, try TypographyReport(layout: layout, opticalEdgesWith: renderer)))
        layouts[v.name] = layout
    }
    if let picture, let before = layouts["optimal + hyphens"], let after = layouts["opt+hyph + prot + exp"] {
        let png = try sideBySide(before, after, page: picturePage - 1,
                                 captions: ["optimal + hyphens", "+ protrusion + expansion 2 %"], fonts: inputs.fonts)
        try PNGEncoder.write(png, to: picture)
        print("Wrote \(picture): \(file) from page \(picturePage) on, optimal breaking with hyphenation, without (left) and with "
              + "(right) protrusion and 2 % expansion")
    }

    // Pango on the same paragraphs: greedy (Pango's only breaker), without and with soft hyphens.
    let dictionary = "/usr/share/hyphen/hyph_\(language.prefix(2)).dic"
    if peer.available {
        try FileManager.default.createDirectory(atPath: Paths.data, withIntermediateDirectories: true)
        let exported = try inputs.exportForPeer(text, name: (file as NSString).deletingPathExtension)
        let common = ["--text", exported, "--sections", "typo", "--font", base.fontFamily, "--size", String(base.fontSize),
                      "--dpi", "72", "--no-hint-metrics", "--width", String(base.columnWidth),
                      "--page-height", String(base.contentRect.height), "--line-height", String(lineHeight),
                      "--para-spacing", String(base.paragraphSpacing * base.fontSize), "--justify",
                      "--optical-edges", [OpticalEdge.bandHeight, OpticalEdge.stemWidth, OpticalEdge.outside, OpticalEdge.inside,
                                          OpticalEdge.pixelScale].map { String($0) }.joined(separator: ",")]
        for hyphenate in [false, true] {
            let extra = hyphenate ? ["--hyphenate", dictionary, "--hyph-min", "5", "--hyph-left", "2", "--hyph-right", "3"] : []
            let job = peer.job("typo-\(hyphenate)", common + extra, timed: false)
            guard let lines = job?["typo_lines"] as? [[Double]], lines.allSatisfy({ $0.count == 8 }) else {
                warn("pango-peer gave no typo_lines"); continue
            }
            let gaps = job?["typo_gaps"] as? [[Double]] ?? []
            let edges = job?["typo_edges"] as? [[Any]] ?? []
            if gaps.count != lines.count || edges.count != lines.count {
                warn("pango-peer gave \(gaps.count) typo_gaps and \(edges.count) typo_edges for \(lines.count) lines: no rivers or edges for Pango")
            }
            let samples = lines.enumerated().map { i, l in
                let pairs = gaps.count == lines.count ? stride(from: 0, to: gaps[i].count - 1, by: 2).map { gaps[i][$0]..<max(gaps[i][$0], gaps[i][$0 + 1]) } : []
                let edge = edges.count == lines.count && edges[i].count == 2 ? edges[i] : [NSNull(), NSNull()]
                return TypographyReport.LineSample(
                    ratio: l[3] != 0 ? nil : LineAdjustment.ratio(naturalWidth: l[0], spaceWidth: l[1], availableWidth: base.columnWidth),
                    hyphenated: l[2] != 0, paragraph: Int(l[5]), lineIndex: Int(l[6]), lineCount: Int(l[7]), page: Int(l[4]),
                    gaps: pairs, leftEdge: edge[0] as? Double, rightEdge: edge[1] as? Double)
            }
            rows.append(("pango " + (hyphenate ? "+ soft hyphens" : "greedy"), TypographyReport(samples: samples)))
            // The figures come from layouts made without set_justify (which widens the spaces' glyphs); check that
            // justification does not change Pango's breaks.
            let justified = peer.job("typo-justified-\(hyphenate)", common.map { $0 == "typo" ? "layout" : $0 } + extra, timed: false)
            if let n = Peer.number(justified, "lines"), Int(n) != samples.count {
                warn("Pango's justified layout has \(Int(n)) lines, the measured one \(samples.count): the Pango rows are not comparable")
            } else if let n = Peer.number(justified, "lines") {
                print("Pango with set_justify: \(grouped(Int(n))) lines, as measured (\(hyphenate ? "soft hyphens" : "no hyphens"))")
            }
        }
    }

    print("Typographic report: \(file), language \(language), justified; \(base.fontFamily) \(format(base.fontSize)) pt, column "
          + "\(format(base.columnWidth)) pt, line \(format(lineHeight)) pt, page text height \(format(base.contentRect.height)) pt; "
          + "orphans/widows control: Typeset \(base.orphansAndWidows) lines, Pango none (it has no pagination; the peer fills pages line by line)")
    print("Adjustment ratio r (LineAdjustment): 0 natural spacing, 1 = spaces +50 %, -1 = spaces -33 %; loose = r > 1 (per 1,000 justified lines); "
          + "histogram in % of justified lines; hyphenated lines per 1,000 lines; runs = consecutive hyphenated lines (2, 3 or more); "
          + "rivers = chains of touching inter-word gaps down 3 or more lines (Rivers), per 1,000 lines, and the longest in lines; "
          + "edge L/R = spread of the justified lines' optical edges from the ink (OpticalEdge: mean absolute deviation from the median, pt)")
    print(TypographyReport.header)
    for (name, report) in rows { print(report.row(name)) }

    // Timings: a full layout from the text (new Typesetter each run) and a relayout from the shaped text.
    var items: [Timed] = []
    for v in variants {
        let s = settings(v)
        let box = Box(Typesetter(fonts: inputs.fonts))
        items.append(Timed(prepare: { box.value = Typesetter(fonts: inputs.fonts) }, body: {
            let layout = try box.value.layout(text, settings: s)
            retainedResult = layout
            return layout.lineCount
        }))
    }
    for v in variants {
        let s = settings(v)
        items.append(Timed(body: {
            let layout = try typesetter.layout(shaped, settings: s)
            retainedResult = layout
            return layout.lineCount
        }))
    }
    let timings = try measureInterleaved(items, runs: options.runs, warmup: options.warmup)
    let full = timings.prefix(variants.count).map { Statistics($0.wall) }
    let relayout = timings.suffix(variants.count).map { Statistics($0.wall) }
    print("\nTimings (\(assertionsEnabled() ? "DEBUG build: not comparable" : "release build"), \(options.runs) runs after \(options.warmup) warm-up, medians, ms; 2 threads):")
    print(pad("variant", 22) + pad("full layout", 14, right: true) + pad("× greedy", 10, right: true)
          + pad("relayout", 12, right: true) + pad("× greedy", 10, right: true))
    for (i, v) in variants.enumerated() {
        print(pad(v.name, 22) + pad(format(full[i].median), 14, right: true)
              + pad(String(format: "%.2f", full[i].median / full[0].median), 10, right: true)
              + pad(format(relayout[i].median), 12, right: true)
              + pad(String(format: "%.2f", relayout[i].median / relayout[0].median), 10, right: true))
    }
}
