import Foundation
import TypesetCore

/// The Pango oracle (`typeset-bench --oracle [BOOK...]`): every paragraph of each book broken by Typeset and by Pango
/// at the Pango workload (DejaVu Serif 19 pt, a 400 pt column, greedy breaking, no hyphenation), and the lines
/// compared. A Typeset line is identical when Pango has a line with the same start and end in the same paragraph.
/// Pango lays out with exact glyph positions (rounding off) and unhinted metrics, so that both measure the same
/// advances; the lines that differ are those whose width lies within Pango's per-glyph rounding to 1/1024 px of
/// the column, and the paragraphs after a difference. Also counts Typeset's lines wider than their column (an
/// overflow that no cut avoids, a grapheme wider than the column, aside), and by how much the widest sticks out.
func pangoOracle(books: [String], options: RunOptions) throws {
    let inputs = try Inputs()
    let peer = Peer(options: options)
    guard peer.available else { throw InputError(description: "--oracle needs the Pango peer (Benchmarks/build-peer.sh)") }
    var totals = (lines: 0, identical: 0, paragraphs: 0, identicalParagraphs: 0, overflowing: 0)
    print("book                         lines  identical  paragraphs  identical  wider than column (widest by)")
    for book in books {
        let name = (book as NSString).deletingPathExtension
        let path = book == "corpus" ? inputs.corpusPaths.corpus : try inputs.exportForPeer(try inputs.book(book), name: name)
        // The peer reads a line's leading form feed as the mark of a section start, not as text; Typeset is given
        // the same paragraphs without it (as text, U+000C is a mandatory break: an empty first line, and every
        // later line start one unit off Pango's).
        let text = StyledText(plain: try inputs.lineText(path).paragraphs.map { paragraph in
            var content = paragraph.contentString
            if content.hasPrefix("\u{0C}") { content.removeFirst() }
            return content
        }.joined(separator: "\n"))
        guard let json = peer.job("oracle-\(name)", ["--text", path, "--font", "DejaVu Serif", "--size", "19", "--width", "400",
                                                     "--sections", "breaks", "--no-hint-metrics", "--no-round-positions"],
                                  timed: false),
              let pango = json["breaks"] as? [[Int]] else { throw InputError(description: "pango-peer gave no breaks for \(book)") }
        let settings = pangoWorkloadSettings()
        let layout = try Typesetter(fonts: inputs.fonts, threads: 2).layout(text, settings: settings)
        // Each non-empty paragraph's line starts after its first (content offsets), and its lines' overflow.
        var ours: [Int: [Int]] = [:]
        var overflow = (count: 0, widest: 0.0)
        let right = settings.contentRect.maxX
        for page in layout.pages.indices {
            for line in layout.lines(onPage: page) {
                let paragraph = text.paragraphs[line.paragraphIndex]
                if ours[line.paragraphIndex] == nil { ours[line.paragraphIndex] = [] }
                if line.lineIndex > 0 { ours[line.paragraphIndex]?.append(paragraph.contentOffset(ofDocumentOffset: line.range.lowerBound)) }
                let beyond = Double(line.rect.maxX) - right
                if beyond > 0, line.range.count > 1 { overflow.count += 1; overflow.widest = max(overflow.widest, beyond) }
            }
        }
        let paragraphs = text.paragraphs.indices.filter { !text.paragraphs[$0].isEmpty }
        guard paragraphs.count == pango.count else {
            throw InputError(description: "\(book): \(paragraphs.count) paragraphs here, \(pango.count) for Pango")
        }
        var lines = 0, identical = 0, identicalParagraphs = 0
        for (index, p) in paragraphs.enumerated() {
            let length = text.paragraphs[p].contentRange.count
            let mine = [0] + (ours[p] ?? []) + [length], theirs = [0] + pango[index] + [length]
            let theirLines = Set(zip(theirs, theirs.dropFirst()).map { [$0, $1] })
            let myLines = zip(mine, mine.dropFirst()).map { [$0, $1] }
            lines += myLines.count
            identical += myLines.filter(theirLines.contains).count
            if mine == theirs { identicalParagraphs += 1 }
        }
        print(String(format: "%-26@ %8d %9.2f %% %10d %9.2f %%  %d (%.5f pt)", name as NSString, lines,
                     100 * Double(identical) / Double(max(1, lines)), paragraphs.count,
                     100 * Double(identicalParagraphs) / Double(max(1, paragraphs.count)), overflow.count, overflow.widest))
        totals.lines += lines; totals.identical += identical
        totals.paragraphs += paragraphs.count; totals.identicalParagraphs += identicalParagraphs
        totals.overflowing += overflow.count
    }
    print(String(format: "%-26@ %8d %9.2f %% %10d %9.2f %%  %d", "all" as NSString, totals.lines,
                 100 * Double(totals.identical) / Double(max(1, totals.lines)), totals.paragraphs,
                 100 * Double(totals.identicalParagraphs) / Double(max(1, totals.paragraphs)), totals.overflowing))
}
