import Foundation
import Testing
@testable import TypesetCore
import TypesetTestSupport

/// Properties of the position model that must hold everywhere, checked over Unicode's grapheme test strings
/// and over whole corpus books.
@Suite struct PositionPropertyTests {
    /// Every string of Unicode's `GraphemeBreakTest.txt` (Debian's `unicode-data`), laid out in the bundled
    /// fonts: no geometric method returns an offset inside a grapheme cluster, wherever the point is.
    @Test func noGeometricMethodReturnsAnOffsetInsideAGrapheme() throws {
        let path = "/usr/share/unicode/auxiliary/GraphemeBreakTest.txt"
        let data = try #require(FileManager.default.contents(atPath: path), "\(path) is missing: ./setup.sh installs unicode-data")
        var strings: [(String, Set<Int>)] = []
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "#")[0].split(whereSeparator: { $0 == " " || $0 == "\t" })
            var scalars = String.UnicodeScalarView()
            var boundaries: Set<Int> = [0]
            var units = 0
            for field in fields {
                if field == "÷" { boundaries.insert(units); continue }
                if field == "×" { continue }
                guard let value = UInt32(field, radix: 16), let scalar = Unicode.Scalar(value) else { continue }
                // Line terminators would end the paragraph; they are tested as paragraph separators elsewhere.
                if [0x0A, 0x0D, 0x85, 0x2028, 0x2029].contains(value) { scalars = String.UnicodeScalarView(); break }
                scalars.append(scalar)
                units += scalar.utf16.count
            }
            if !scalars.isEmpty { strings.append((String(scalars), boundaries)) }
        }
        #expect(strings.count > 400)
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        var settings = Fixtures.settings
        settings.pageSize = Size(width: 200, height: 200)
        var checked = 0
        for (string, expected) in strings {
            let layout = try typesetter.layout(StyledText(plain: string), settings: settings)
            for line in layout.lines(onPage: 0) {
                for step in -2...42 {
                    let point = Point(x: line.rect.minX + line.rect.width * Double(step) / 40, y: line.rect.center.y)
                    let offset = layout.closestPosition(to: point, onPage: 0).offset
                    #expect(expected.contains(offset), "\(string.unicodeScalars.map { String($0.value, radix: 16) }) x \(point.x) gave \(offset)")
                    if let range = layout.characterRange(at: point, onPage: 0) {
                        #expect(expected.contains(range.lowerBound) && expected.contains(range.upperBound))
                    }
                    checked += 1
                }
            }
        }
        print("GraphemeBreakTest: \(strings.count) strings, \(checked) points checked")
    }

    /// For every grapheme boundary of sampled pages of whole corpus books under several settings, the centre of
    /// the caret maps back to the same offset through `closestPosition` (with its affinity at soft wraps), and the
    /// caret lies on the page `pageIndex(containing:)` names. Offsets inside the spaces that hang at a line's end
    /// have no place of their own (their caret is drawn at the line's end, as TextKit draws it) and are skipped. Pages are sampled across the whole book (every
    /// page of the short books), so a fault anywhere in a book's layout shows. The Aozora Bunko sample brings ruby:
    /// its readings are drawn over their bases and their offsets have no caret of their own.
    @Test(arguments: ["austen-pride-and-prejudice.txt", "cao-xueqin-hong-lou-meng.zh-hant.txt", "tolstoy-war-and-peace.txt",
                      "pushkin-kapitanskaya-dochka.ru.txt", "quran-tanzil-uthmani.ar.txt",
                      "galen-adhortatio-ad-artes-addiscendas.grc.txt", "kafka-die-verwandlung.de.txt",
                      "aozora-chukiichiran-kinyurei.sjis-crlf.txt"])
    func caretRoundTrips(_ name: String) throws {
        let text = try Fixtures.corpusText(name)
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let shaped = try typesetter.shape(text, fontFamily: "Charis SIL")
        var narrow = Fixtures.settings
        narrow.pageSize = Size(width: 260, height: 500)
        narrow.alignment = .justified
        var columns = Fixtures.settings
        columns.pageSize = Size(width: 844, height: 390)
        columns.columns = 2
        // Microtypography: glyphs expanded or compressed, punctuation hanging into the margins (issue 24).
        var micro = narrow
        micro.expansion = 2
        micro.protrusion = true
        micro.hyphenation = true
        // Vertical writing (shaped top to bottom, so shaped again): lines become columns read right to left, and
        // every caret (a horizontal bar) must map back through the turned hit testing.
        var vertical = Fixtures.settings
        vertical.verticalText = true
        var verticalColumns = columns
        verticalColumns.verticalText = true
        let shapedVertically = try typesetter.shape(text, settings: ShapingSettings(vertical))
        var checked = 0
        for settings in [Fixtures.settings, narrow, columns, micro, vertical, verticalColumns] {
            let layout = try typesetter.layout(settings.verticalText ? shapedVertically : shaped, settings: settings)
            #expect(layout.writingMode.isVertical == settings.verticalText)
            // Every page with TYPESET_FULL_ROUNDTRIP=1 (run it in a release build: swift test -c release
            // -Xswiftc -enable-testing --filter caretRoundTrips); twelve pages spread over the book otherwise.
            let full = ProcessInfo.processInfo.environment["TYPESET_FULL_ROUNDTRIP"] == "1"
            let stride = full ? 1 : max(1, layout.pages.count / 12)
            for page in Swift.stride(from: 0, to: layout.pages.count, by: stride) {
                for (index, _) in layout.pages[page].placements.enumerated() {
                    let carets = layout.carets(page: page, placementIndex: index)
                    var offsets = Set(carets.graphemes.flatMap { [$0.start, $0.end] })
                    offsets.insert(carets.startOffset)
                    // Hanging spaces lie beyond the line's content edge.
                    let hanging = carets.graphemes.filter { $0.maxX > carets.contentMaxX + 0.001 || $0.minX < carets.contentMinX - 0.001 }
                    offsets.subtract(hanging.map(\.start))
                    offsets.insert(carets.endOffset)
                    for offset in offsets.sorted() where offset >= carets.startOffset && offset <= carets.endOffset {
                        let affinity: TextAffinity = offset == carets.endOffset && carets.isSoftWrapped ? .backward : .forward
                        guard let caret = layout.caretRect(for: TextPosition(offset: offset, affinity: affinity)) else {
                            Issue.record("\(name): no caret for \(offset)"); continue
                        }
                        #expect(caret.page == page, "\(name): caret for \(offset) on page \(caret.page), line on \(page)")
                        let back = layout.closestPosition(to: caret.rect.center, onPage: caret.page)
                        // At a bidi boundary one x serves two offsets; the caret must map to one of them, drawn there.
                        if back.offset != offset {
                            let other = layout.caretRect(for: back)
                            #expect(other.map { abs($0.rect.center.x - caret.rect.center.x) < 0.01
                                                && abs($0.rect.center.y - caret.rect.center.y) < 0.01 } == true,
                                    "\(name): caret of \(offset) maps back to \(back.offset)")
                        }
                        checked += 1
                    }
                }
            }
        }
        print("\(name): \(checked) carets round-tripped")
        #expect(checked > 1000)
    }
}

/// `selectionRects` covers exactly the glyphs of its range: every glyph whose characters are in the range lies
/// inside one of the rectangles, every glyph outside the range lies outside them all, and the rectangles of
/// consecutive lines of a paragraph touch. Glyph boxes come from ``BookLayout/glyphRuns(onPage:)`` (the renderer's
/// source), not from the caret geometry that selection uses.
@Suite struct SelectionCoverageTests {
    /// The `-micro` kinds are justified with expansion and protrusion on (issue 24).
    @Test(arguments: ["mixed", "latin", "mixed-micro", "latin-micro", "vertical"])
    func selectionCoversExactlyTheRangesGlyphs(_ kind: String) throws {
        let string = switch kind {
        case "latin", "latin-micro": String(repeating: "The office staff fluffed a fine affidavit, waffling ﬁnely. ", count: 6)
        case "vertical": String(repeating: "賈寶玉初見林黛玉，「紅樓夢」第三回 office fluffy。JIS X 4051、12月、ＪＩＳ。寶釵和湘雲。", count: 4)
        default: "Reading “السلام عليكم ورحمة الله” and “שלום עולם” in 紅樓夢, office fluffy. " + String(repeating: "Mixed שלום text. ", count: 5)
        }
        var settings = Fixtures.settings
        settings.pageSize = Size(width: 320, height: 900)
        if kind == "vertical" { settings.pageSize = Size(width: 900, height: 320); settings.verticalText = true }
        if kind.hasSuffix("-micro") {
            settings.alignment = .justified
            settings.expansion = 2
            settings.protrusion = true
        }
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(StyledText(plain: string), settings: settings)
        #expect(layout.writingMode.isVertical == (kind == "vertical"))
        // Selections are judged against page 0's glyphs: the text must fit it.
        if kind == "vertical" { #expect(layout.pages.count == 1, "the vertical text takes \(layout.pages.count) pages") }
        if kind.hasSuffix("-micro") {
            #expect(layout.lines(onPage: 0).contains { layout.adjustment(of: $0).glyphScale != 1 }, "no line expanded")
        }
        let runs = layout.glyphRuns(onPage: 0)
        var generator = SystemRandomNumberGenerator()
        let length = layout.text.length
        for _ in 0..<60 {
            guard let range = GlyphProbe.randomSelection(length: length, using: &generator) else { continue }
            let rects = layout.selectionRects(for: range)
            for run in runs {
                for i in run.glyphs.indices where run.advances[i] > 0.5 {
                    if let problem = GlyphProbe.coverageProblem(run, i, range: range, rects: rects.map(\.rect)) {
                        Issue.record("\(kind) \(problem)")
                    }
                }
            }
            // Consecutive lines of the paragraph touch: each rect's top is the previous line's bottom (in vertical
            // text, each strip's right edge the next column's left).
            if kind == "vertical" {
                // Strips one column wide.
                let columnWidth = layout.lines(onPage: 0).map(\.rect.width).max() ?? 0
                #expect(rects.allSatisfy { $0.isVertical && $0.rect.width <= columnWidth + 0.001 }, "\(rects.map(\.rect))")
                let rights = Set(rects.map { $0.rect.maxX }).sorted(by: >)
                for (right, next) in zip(rights, rights.dropFirst()) {
                    let left = rects.filter { $0.rect.maxX == right }.map(\.rect.minX).min() ?? right
                    #expect(abs(left - next) < 0.001, "\(kind) \(range): a gap between selection columns")
                }
                continue
            }
            let tops = Set(rects.map { $0.rect.minY }).sorted()
            for (upper, lower) in zip(tops, tops.dropFirst()) {
                let bottom = rects.filter { $0.rect.minY == upper }.map(\.rect.maxY).max() ?? upper
                #expect(abs(bottom - lower) < 0.001, "\(kind) \(range): a gap between selection lines")
            }
        }
    }
}
