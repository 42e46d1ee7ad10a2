import Foundation
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// `typeset-bench --soak ROUNDS`: the memory check of issue 9. Every round reads every corpus book (text and
/// EPUB), shapes and lays it out, lays it out again under two other settings (relayout from the same shaping),
/// renders and encodes three pages of each layout, and queries positions; one typesetter and one renderer serve
/// the whole run, as in an app. Resident memory (VmRSS) is printed after every round; the first two rounds are
/// the warm-up (word caches, glyph caches and fonts fill, and the allocator's arenas reach their size: in the
/// first measured run, 160 MB after round 1 and 202 MB after round 2, then level), and the figures after them must
/// stay level.
func soak(rounds: Int) throws {
    func residentMegabytes() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return (Double(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? -1) / 1024
        }
        return -1
    }
    let corpus = try Fixtures.corpusDirectory
    let names = (try FileManager.default.contentsOfDirectory(atPath: corpus)).filter { $0.hasSuffix(".txt") || $0.hasSuffix(".epub") }.sorted()
        + Fixtures.corpusTextBooks.filter { $0.hasPrefix("nasty/") }
    let typesetter = Typesetter(fonts: try FontContext(source: .bundledOnly(directory: Fixtures.fontsDirectory)))
    let renderer = try PageRenderer()
    var base = TypographySettings()
    base.fontFamily = "Charis SIL"
    var narrow = base
    narrow.pageSize = Size(width: 300, height: 600); narrow.fontSize = 23; narrow.alignment = .justified
    var spread = base
    spread.pageSize = Size(width: 844, height: 390); spread.columns = 2; spread.fontSize = 17
    let warmUp = min(2, rounds - 1)
    print("soak: \(names.count) books, \(rounds) rounds (rounds 1...\(warmUp) are the warm-up)")
    var afterWarmUp = 0.0
    var measured: [Double] = []
    for round in 1...rounds {
        let start = Date()
        var pages = 0, checksum = 0
        for name in names {
            let path = corpus + "/" + name
            let text = name.hasSuffix(".epub") ? try EPUBReader().read(path: path).text : try PlainTextReader().read(path: path).text
            let shaped = try typesetter.shape(text, fontFamily: base.fontFamily)
            for settings in [base, narrow, spread] {
                let layout = try typesetter.layout(shaped, settings: settings)
                pages += layout.pages.count
                for page in Set([0, layout.pages.count / 2, layout.pages.count - 1]) {
                    checksum &+= try PNGEncoder.encode(renderer.render(page: page, of: layout)).count
                    let line = layout.lines(onPage: page).first
                    if let line {
                        let position = layout.closestPosition(to: line.rect.center, onPage: page)
                        checksum &+= position.offset &+ (layout.caretRect(for: position)?.page ?? 0)
                        checksum &+= layout.selectionRects(for: line.range).count
                    }
                }
            }
        }
        let resident = residentMegabytes()
        if round == warmUp { afterWarmUp = resident }
        if round > warmUp { measured.append(resident) }
        print(String(format: "soak: round %2d: %6.1f MB resident, %6d pages, %5.1f s, checksum %d", round, resident, pages,
                     Date().timeIntervalSince(start), checksum))
    }
    let end = residentMegabytes()
    print(String(format: "soak: resident after warm-up %.1f MB, at the end %.1f MB (%+.1f MB over %d rounds; min %.1f, max %.1f after warm-up)",
                 afterWarmUp, end, end - afterWarmUp, rounds - warmUp, measured.min() ?? end, measured.max() ?? end))
}
