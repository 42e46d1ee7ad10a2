import Foundation
import TypesetCore
import TypesetTestSupport

/// `typeset-bench --report BOOK`: the typographic report of issue 7 for one book, justified at the default page
/// size with the bundled book serif (Charis SIL 19 pt, 390 × 844 pt, 24 pt margins, line height 1.45, paragraph
/// spacing 0.6 em): the figures of ``TypographyReport`` for Typeset's greedy and optimal breakers with and without
/// hyphenation, and for Pango (the peer) on the same paragraphs, font, column width, line height and page height;
/// then the timings of full-book layout (shape + break + paginate, new Typesetter) and of relayout (break +
/// paginate from the shaped text) per variant, release medians, interleaved.
///
/// BOOK is a corpus file name or `pride` / `monte-cristo`; the language (for the hyphenation patterns) is taken
/// from `--lang`, else from a `.fr.`-style infix of the file name, else English.
func typographyReport(book argument: String, language explicit: String?, options: RunOptions) throws {
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
    for v in variants {
        let layout = try typesetter.layout(shaped, settings: settings(v))
        let violations = LayoutInvariants.violations(in: layout)
        if !violations.isEmpty { warn("\(v.name): layout invariants violated: \(violations.prefix(3))") }
        if lineHeight == 0, let line = layout.lines(onPage: min(1, layout.pages.count - 1)).first { lineHeight = line.rect.height }
        rows.append(("typeset " + v.name, TypographyReport(layout: layout)))
    }

    // Pango on the same paragraphs: greedy (Pango's only breaker), without and with soft hyphens.
    let dictionary = "/usr/share/hyphen/hyph_\(language.prefix(2)).dic"
    if peer.available {
        try FileManager.default.createDirectory(atPath: Paths.data, withIntermediateDirectories: true)
        let exported = try inputs.exportForPeer(text, name: (file as NSString).deletingPathExtension)
        let common = ["--text", exported, "--sections", "typo", "--font", base.fontFamily, "--size", String(base.fontSize),
                      "--dpi", "72", "--no-hint-metrics", "--width", String(base.columnWidth),
                      "--page-height", String(base.contentRect.height), "--line-height", String(lineHeight),
                      "--para-spacing", String(base.paragraphSpacing * base.fontSize), "--justify"]
        for hyphenate in [false, true] {
            let extra = hyphenate ? ["--hyphenate", dictionary, "--hyph-min", "5", "--hyph-left", "2", "--hyph-right", "3"] : []
            let job = peer.job("typo-\(hyphenate)", common + extra, timed: false)
            guard let lines = job?["typo_lines"] as? [[Double]] else { warn("pango-peer gave no typo_lines"); continue }
            let samples = lines.map { l in
                TypographyReport.LineSample(
                    ratio: l[3] != 0 ? nil : LineAdjustment.ratio(naturalWidth: l[0], spaceWidth: l[1], availableWidth: base.columnWidth),
                    hyphenated: l[2] != 0, paragraph: Int(l[5]), lineIndex: Int(l[6]), lineCount: Int(l[7]), page: Int(l[4]))
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
          + "histogram in % of justified lines; hyphenated lines per 1,000 lines; runs = consecutive hyphenated lines (2, 3 or more)")
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
