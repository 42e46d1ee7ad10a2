import Foundation
import Testing
@testable import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// Generated text (list markers, the quotation marks of `<q>`) is drawn but outside the position model: no caret
/// stop, no hit test. Checked on a family of EPUB 2 contents pages: links of 1 to 20 letters in lists of every kind
/// of marker (bullets, numbers, Roman numerals, hidden markers, inside markers, a book's `@counter-style`, image
/// markers), each link tappable at its first letter, every caret round-tripping, and selections covering the
/// text's glyphs and never a marker's.
@Suite struct GeneratedTextPositionTests {
    /// Link texts of 1 to 20 letters (one-letter Roman numerals first, as contents pages of parts have).
    static let linkTexts: [String] = {
        var texts = ["I", "V", "X", "II", "IV", "VII"]
        let words = "Preface Chapter Appendix Notes Index Epilogue Of the Origin Species Letters Acknowledgements Introductory"
            .split(separator: " ").map(String.init)
        for length in 1...20 { texts.append(String((words.joined()).prefix(length))) }
        return texts + words
    }()

    /// The lists of the page: a `<ul>`/`<ol>` opening tag each.
    static let lists = [
        "<ul>", "<ol>", "<ol type=\"I\">", "<ul style=\"list-style: none\">", "<ol style=\"list-style: lower-alpha inside\">",
        "<ol class=\"custom\">", "<ul class=\"image\">", "<ol start=\"998\" style=\"list-style-type: upper-roman\">",
    ]

    static func contentsPage() throws -> EPUBBook {
        var body = "<h1>Contents</h1>\n"
        var target = 0
        for list in lists {
            body += list + "\n"
            for text in linkTexts.shuffledDeterministically(seed: target) {
                body += "<li><a href=\"#s\(target)\">\(text)</a></li>\n"
                target += 1
            }
            body += (list.hasPrefix("<ul") ? "</ul>" : "</ol>") + "\n"
        }
        body += "<p>A <q>quoted</q> word and <q><a href=\"#s0\">L</a></q> linked.</p>\n"
        for index in 0..<target { body += "<p id=\"s\(index)\">Section \(index).</p>\n" }
        let css = """
            @counter-style custom { system: extends decimal; prefix: "§"; suffix: " — "; }
            ol.custom { list-style-type: custom }
            ul.image { list-style-image: url(dot.png) }
            """
        return try EPUBReader().read(bytes: try epub2(body: body, css: css), name: "contents.epub")
    }

    /// An EPUB 2 package (OPF 2.0 with an NCX) holding one XHTML 1.1 page.
    static func epub2(body: String, css: String) throws -> [UInt8] {
        let container = """
            <?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">\
            <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
            """
        let opf = """
            <?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="uid">\
            <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">urn:uuid:contents</dc:identifier>\
            <dc:title>Contents</dc:title><dc:language>en</dc:language></metadata><manifest>\
            <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>\
            <item id="c" href="c.xhtml" media-type="application/xhtml+xml"/><item id="s" href="s.css" media-type="text/css"/>\
            <item id="d" href="dot.png" media-type="image/png"/></manifest><spine toc="ncx"><itemref idref="c"/></spine></package>
            """
        let ncx = """
            <?xml version="1.0" encoding="UTF-8"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">\
            <head/><docTitle><text>Contents</text></docTitle><navMap><navPoint id="n" playOrder="1">\
            <navLabel><text>Contents</text></navLabel><content src="c.xhtml"/></navPoint></navMap></ncx>
            """
        let page = """
            <?xml version="1.0" encoding="UTF-8"?><!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" \
            "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd"><html xmlns="http://www.w3.org/1999/xhtml"><head><title>Contents</title>\
            <link rel="stylesheet" type="text/css" href="s.css"/></head><body>\(body)</body></html>
            """
        return try ZipWriter.bytes([
            ZipWriter.Entry(name: "mimetype", bytes: Array("application/epub+zip".utf8), stored: true),
            ZipWriter.Entry(name: "META-INF/container.xml", bytes: Array(container.utf8)),
            ZipWriter.Entry(name: "OEBPS/content.opf", bytes: Array(opf.utf8)),
            ZipWriter.Entry(name: "OEBPS/toc.ncx", bytes: Array(ncx.utf8)),
            ZipWriter.Entry(name: "OEBPS/c.xhtml", bytes: Array(page.utf8)),
            ZipWriter.Entry(name: "OEBPS/s.css", bytes: Array(css.utf8)),
            ZipWriter.Entry(name: "OEBPS/dot.png", bytes: try Self.png()),
        ])
    }

    /// A 6 × 6 PNG (the image marker).
    static func png() throws -> [UInt8] {
        let path = Fixtures.repositoryRoot + "/Tests/TypesetRenderTests/Images/"
        let name = try FileManager.default.contentsOfDirectory(atPath: path).first { $0.hasSuffix(".png") }
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path + (try #require(name)))))
    }

    /// The first unit of each link of the text, with its href.
    static func linkStarts(_ text: StyledText) -> [(offset: Int, href: String)] {
        var result: [(Int, String)] = []
        for paragraph in text.paragraphs {
            var previous: String?
            for run in paragraph.runs {
                if let href = run.style.link, href != previous { result.append((paragraph.range.lowerBound + run.range.lowerBound, href)) }
                previous = run.style.link
            }
        }
        return result
    }

    static func layouts(_ text: StyledText) throws -> [BookLayout] {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        var narrow = Fixtures.settings
        narrow.pageSize = Size(width: 240, height: 500)
        var justified = narrow
        justified.alignment = .justified
        return [try typesetter.layout(text, settings: Fixtures.settings), try typesetter.layout(text, settings: narrow),
                try typesetter.layout(text, settings: justified)]
    }

    /// Every link answers a tap on the middle of its first letter; no marker answers a character or a link.
    @Test func everyLinkIsTappableAtItsFirstLetter() throws {
        let book = try Self.contentsPage()
        let starts = Self.linkStarts(book.text)
        #expect(starts.count == Self.lists.count * Self.linkTexts.count + 1)
        for layout in try Self.layouts(book.text) {
            var tapped = 0, markers = 0
            for page in layout.pages.indices {
                for run in layout.glyphRuns(onPage: page) {
                    for i in run.glyphs.indices where run.advances[i] > 0.5 {
                        let point = Point(x: run.positions[i].x + run.advances[i] / 2, y: run.positions[i].y - run.size * 0.3)
                        let offset = run.clusters[i]
                        if book.text.isGenerated(at: offset) {
                            // A marker: no character, no link, no image; the nearest caret is the item's.
                            #expect(layout.characterRange(at: point, onPage: page) == nil, "marker \(offset) answers a character")
                            #expect(book.publication.link(at: point, onPage: page, of: layout) == nil)
                            #expect(layout.attachment(at: point, onPage: page) == nil)
                            let closest = layout.closestPosition(to: point, onPage: page).offset
                            #expect(layout.segmenter.isCaretStop(closest, in: book.text))
                            markers += 1
                            continue
                        }
                        guard let start = starts.first(where: { $0.offset == offset }) else { continue }
                        let link = book.publication.link(at: point, onPage: page, of: layout)
                        #expect(link?.href == start.href && link?.range.lowerBound == offset,
                                "the first letter at \(offset) answers \(String(describing: link?.href)), not \(start.href)")
                        tapped += 1
                    }
                }
            }
            #expect(tapped == starts.count, "\(tapped) of \(starts.count) links tapped at their first letter")
            #expect(markers > 100)
        }
    }

    /// Every caret stop of every line maps back to itself through its caret's centre, and no caret stop lies inside
    /// a marker: the first position of an item is drawn at its first letter, not before its marker.
    @Test func caretsRoundTripAndSkipMarkers() throws {
        let book = try Self.contentsPage()
        var checked = 0
        for layout in try Self.layouts(book.text) {
            for page in layout.pages.indices {
                for index in layout.pages[page].placements.indices {
                    let carets = layout.carets(page: page, placementIndex: index)
                    var offsets = Set(carets.graphemes.flatMap { [$0.start, $0.end] })
                    offsets.insert(carets.startOffset)
                    offsets.insert(carets.endOffset)
                    for offset in offsets.sorted() where offset >= carets.startOffset && offset <= carets.endOffset {
                        #expect(layout.segmenter.isCaretStop(offset, in: book.text), "\(offset) is no caret stop")
                        let affinity: TextAffinity = offset == carets.endOffset && carets.isSoftWrapped ? .backward : .forward
                        let caret = try #require(layout.caretRect(for: TextPosition(offset: offset, affinity: affinity)))
                        let back = layout.closestPosition(to: caret.rect.center, onPage: caret.page)
                        if back.offset != offset {
                            let other = layout.caretRect(for: back)
                            #expect(other.map { abs($0.rect.center.x - caret.rect.center.x) < 0.01 } == true,
                                    "caret of \(offset) maps back to \(back.offset)")
                        }
                        checked += 1
                    }
                    // Every grapheme of the caret geometry is a character of the text, not generated text alone.
                    for grapheme in carets.graphemes {
                        #expect((grapheme.start..<grapheme.end).contains { !book.text.isGenerated(at: $0) },
                                "a grapheme of generated text only: \(grapheme.start)..<\(grapheme.end)")
                    }
                }
            }
        }
        #expect(checked > 2000)
    }

    /// Selections cover every glyph of their text and never a marker's, whatever they span.
    @Test func selectionsCoverTextNotMarkers() throws {
        let book = try Self.contentsPage()
        let layout = try Self.layouts(book.text)[1]
        var generator = SplitMix64(seed: 34)
        for page in layout.pages.indices.prefix(4) {
            let lines = layout.lines(onPage: page)
            guard let first = lines.first, let last = lines.last else { continue }
            let runs = layout.glyphRuns(onPage: page)
            for _ in 0..<30 {
                // Ends at caret stops, as a selection made by hand has them.
                let a = layout.segmenter.boundary(Int.random(in: first.range.lowerBound...last.range.upperBound, using: &generator), in: book.text)
                let b = layout.segmenter.boundary(Int.random(in: first.range.lowerBound...last.range.upperBound, using: &generator), in: book.text)
                let range = min(a, b)..<max(a, b)
                guard !range.isEmpty else { continue }
                let rects = layout.selectionRects(for: range).map(\.rect)
                for run in runs {
                    for i in run.glyphs.indices where run.advances[i] > 0.5 {
                        let start = run.clusters[i]
                        let end = run.clusters.filter { $0 > start }.min() ?? run.range.upperBound
                        guard start < end else { continue }  // a hyphen added at a line's end
                        let mid = Point(x: run.positions[i].x + run.advances[i] / 2, y: run.positions[i].y - 1)
                        let inside = rects.contains { $0.minX <= mid.x && mid.x <= $0.maxX && $0.minY <= mid.y && mid.y <= $0.maxY }
                        if book.text.isGenerated(at: start) {
                            #expect(!inside, "\(range): marker glyph of \(start) selected")
                        } else if range.lowerBound <= start && end <= range.upperBound {
                            #expect(inside, "\(range): glyph of \(start)..<\(end) not covered")
                        } else if end <= range.lowerBound || start >= range.upperBound {
                            #expect(!inside, "\(range): glyph of \(start)..<\(end) covered")
                        }
                    }
                }
            }
        }
    }
}

extension Array {
    /// The elements in an order fixed by `seed` (the same on every run).
    func shuffledDeterministically(seed: Int) -> [Element] {
        var generator = SplitMix64(seed: UInt64(seed))
        return shuffled(using: &generator)
    }
}
