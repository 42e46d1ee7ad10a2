import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// Outside list markers hang (CSS Lists 3, CSS 2.1 12.5.1: the marker box is placed outside the principal box and
/// does not move the item's text): a list draws its items' text exactly where the same list without markers draws
/// it, whatever the markers' widths ("VIII." is wider than the list's indent), in every counter style, for lists of
/// 1 to 12 items, left to right, right to left and in vertical text. The markers themselves draw only on the start
/// side of the text.
@Suite struct ListMarkerHangReftests {
    static let styles = ["decimal", "upper-roman", "lower-roman", "upper-alpha", "lower-greek", "decimal-leading-zero",
                         "disc", "square", "cjk-ideographic", "hiragana", "hebrew", "armenian", "georgian", "katakana-iroha"]

    /// Twelve lists of 1...12 items, each item one short word then a longer line that wraps.
    static func body(_ type: String, direction: String) -> String {
        (1...12).map { count in
            "<ol dir=\"\(direction)\" style=\"list-style-type: \(type)\">"
                + (1...count).map { "<li>Item \($0) text</li>" }.joined() + "</ol>"
        }.joined()
    }

    /// Four lists of 1, 4, 9 and 12 items, each item long enough to wrap over two or three lines.
    static func justifiedBody(_ type: String, direction: String) -> String {
        [1, 4, 9, 12].map { count in
            "<ol dir=\"\(direction)\" style=\"list-style-type: \(type)\">"
                + (1...count).map { "<li>Item \($0) has text that runs on over the lines of a narrow list</li>" }.joined() + "</ol>"
        }.joined()
    }

    enum Mode: String, CaseIterable { case leftToRight = "ltr", rightToLeft = "rtl", vertical }

    static func render(_ type: String, _ mode: Mode, justified: Bool = false) throws -> Reftest.Rendering {
        let writingMode = mode == .vertical ? "html { writing-mode: vertical-rl } " : ""
        let css = justified ? writingMode + "ol { text-align: justify }" : mode == .vertical ? writingMode : nil
        var settings = Reftest.settings
        // Margins wide enough for the widest marker ("十二、" is wider than the list's 1.5 em indent and a 16 pt
        // margin): a marker never hangs past the margin (see the last test).
        settings.typography.pageSize = Size(width: 336, height: 900)
        settings.typography.margins = EdgeInsets(all: 64)
        let direction = mode == .rightToLeft ? "rtl" : "ltr"
        return try Reftest.render(Reftest.Book(body: justified ? justifiedBody(type, direction: direction) : body(type, direction: direction),
                                               css: css), settings: settings)
    }

    /// The pixels of `test` and `reference` agree on the text's side of the start edge of the reference's ink
    /// (where the item's text starts); the test draws ink on the other side (its markers).
    static func compare(_ test: Reftest.Rendering, _ reference: Reftest.Rendering, mode: Mode) -> String? {
        guard test.pages.count == reference.pages.count else { return "\(test.pages.count) pages, reference \(reference.pages.count)" }
        let background = Theme.light.background
        var markerInk = 0
        for (index, (a, b)) in zip(test.pages, reference.pages).enumerated() {
            // The start edge of the reference's text.
            var edge = mode == .rightToLeft ? -1 : Int.max
            for y in 0..<b.height { for x in 0..<b.width where b[x: x, y: y] != background {
                switch mode {
                case .leftToRight: edge = min(edge, x)
                case .rightToLeft: edge = max(edge, x)
                case .vertical: edge = min(edge, y)
                }
            } }
            guard edge != Int.max && edge != -1 else { continue }
            for y in 0..<a.height {
                for x in 0..<a.width {
                    let textSide = switch mode {
                    case .leftToRight: x >= edge
                    case .rightToLeft: x <= edge
                    case .vertical: y >= edge
                    }
                    if textSide {
                        if a[x: x, y: y] != b[x: x, y: y] { return "page \(index + 1): the text differs at (\(x), \(y)), edge \(edge)" }
                    } else if a[x: x, y: y] != background {
                        markerInk += 1
                    }
                }
            }
        }
        return markerInk > 0 ? nil : "no marker drawn"
    }

    @Test(arguments: Self.styles)
    func markersHangWithoutMovingTheText(_ type: String) throws {
        for mode in Mode.allCases {
            let mismatch = Self.compare(try Self.render(type, mode), try Self.render("none", mode), mode: mode)
            #expect(mismatch == nil, "\(type), \(mode): \(mismatch ?? "")")
        }
    }

    /// A justified list: an outside marker stands outside the line, so its spaces are not the line's to stretch
    /// (the item's first line started right of its others by a share of the line's slack) nor a place to break.
    /// The items' text is set where the same justified list without markers sets it, in counter styles with a
    /// suffix space, a string marker with spaces in it, and a bullet.
    @Test(arguments: ["decimal", "upper-roman", "disc", "hebrew", "'» · '"])
    func justifiedItemsSetTheirTextAsWithoutMarkers(_ type: String) throws {
        for mode in Mode.allCases {
            let mismatch = Self.compare(try Self.render(type, mode, justified: true),
                                        try Self.render("none", mode, justified: true), mode: mode)
            #expect(mismatch == nil, "\(type), \(mode): \(mismatch ?? "")")
        }
    }

    /// Lists indent their start side (the right of a right-to-left list: CSS's `padding-inline-start`), where the
    /// markers hang: in every counter style and mode, on the reftests' own page (16 pt margins), every marker is
    /// on the page and, in horizontal text, every item whose marker fits in the indent and the margin starts its
    /// text at one place.
    /// Hebrew items in the right-to-left lists, as a Hebrew book has them.
    @Test(arguments: Self.styles)
    func markersStayOnThePage(_ type: String) throws {
        var typography = Reftest.settings.typography
        typography.pageSize = Size(width: 240, height: 900)
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        for mode in Mode.allCases {
            // One list of twelve items has every marker the twelve lists have.
            let words = mode == .rightToLeft ? ("פריט", "טקסט") : ("Item", "text")
            let body = "<ol dir=\"\(mode == .rightToLeft ? "rtl" : "ltr")\" style=\"list-style-type: \(type)\">"
                + (1...12).map { "<li>\(words.0) \($0) \(words.1)</li>" }.joined() + "</ol>"
            let css = mode == .vertical ? "html { writing-mode: vertical-rl }" : nil
            let book = try Reftest.render(Reftest.Book(body: body, css: css), settings: {
                var settings = Reftest.settings
                settings.typography = typography
                return settings
            }()).book
            let layout = try typesetter.layout(book.text, settings: typography)
            let markers = book.text.paragraphs.filter { $0.style.markerLength > 0 }.map { paragraph in
                let start = paragraph.range.lowerBound + paragraph.contentRange.lowerBound
                return start..<(start + paragraph.style.markerLength)
            }
            #expect(markers.count == 12, "\(type), \(mode): \(markers.count) markers")
            // Every marker on the page (a marker wider than its room pushes its text instead: cjk-ideographic's
            // 十一、), and the text of every item whose marker fits in the list's 1.5 em and the margin at one place.
            let runs = layout.glyphRuns(onPage: 0)
            let room = 1.5 * typography.fontSize + 16
            var drawn = 0
            for run in runs {
                for (index, cluster) in run.clusters.enumerated() where markers.contains(where: { $0.contains(cluster) }) {
                    drawn += 1
                    let position = run.positions[index], advance = run.advances[index]
                    let inside = mode == .vertical ? position.y >= 0 && position.y <= typography.pageSize.height
                        : position.x >= 0 && position.x + advance <= typography.pageSize.width
                    #expect(inside, "\(type), \(mode): marker glyph of \(cluster) at \(position), \(advance) wide")
                }
            }
            #expect(drawn >= 12, "\(type), \(mode): \(drawn) marker glyphs")
            // (In vertical text a marker's drawn advances are not the length it hangs by: `十一、` pushes its text
            // though its glyphs' advances fit; the horizontal modes are the ones the side turns in.)
            guard mode != .vertical else { continue }
            let fitting = markers.filter { marker in
                runs.reduce(0.0) { sum, run in
                    sum + zip(run.clusters, run.advances).filter { marker.contains($0.0) }.reduce(0) { $0 + $1.1 }
                } <= room
            }
            let starts = Set(fitting.compactMap { marker in
                layout.caretRect(for: TextPosition(offset: marker.upperBound)).map {
                    Int(((mode == .vertical ? $0.rect.minY : $0.rect.minX) * 100).rounded())
                }
            })
            #expect(fitting.count >= 10 && starts.count == 1, "\(type), \(mode): \(fitting.count) items start at \(starts.sorted())")
        }
    }

    /// Every item's text starts at one indent: the caret before each item's first letter has one x.
    @Test func everyItemStartsAtOneIndent() throws {
        let rendering = try Self.render("upper-roman", .leftToRight)
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(rendering.book.text, settings: {
            var typography = Reftest.settings.typography
            typography.pageSize = Size(width: 336, height: 900)
            typography.margins = EdgeInsets(all: 64)
            return typography
        }())
        var starts: Set<Int> = []
        for paragraph in rendering.book.text.paragraphs where paragraph.style.markerLength > 0 {
            let offset = paragraph.range.lowerBound + paragraph.contentRange.lowerBound + paragraph.style.markerLength
            if let caret = layout.caretRect(for: TextPosition(offset: offset)) { starts.insert(Int((caret.rect.minX * 100).rounded())) }
        }
        #expect(starts.count == 1, "item text starts at x \(starts.sorted())")
    }

    /// A marker hangs into the start margin (or the column gap) and no further: one wider than the indent and the
    /// margin together ("VIII." at a large size with a narrow margin) pushes its item's text along instead of being
    /// drawn off the page or over the previous column (the layout fuzzer found a marker 775 pt left of the page).
    /// A family: upper-roman and decimal lists, LTR and RTL, margins 0, 3 and 16 pt, one and two columns.
    @Test func markersNeverHangPastTheStartMargin() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        for type in ["upper-roman", "decimal"] {
            for direction in ["ltr", "rtl"] {
                let book = try EPUBReader().read(bytes: try Reftest.archive(Reftest.Book(body: Self.body(type, direction: direction)
                    .replacingOccurrences(of: "<ol ", with: "<ol style=\"padding: 0\" "))), name: "hang.epub")
                for margin in [0.0, 3, 16] {
                    for columns in [1, 2] {
                        var settings = Reftest.settings.typography
                        settings.pageSize = Size(width: columns == 1 ? 240 : 480, height: 900)
                        settings.fontSize = 30
                        settings.margins = EdgeInsets(all: margin)
                        settings.columns = columns
                        settings.columnGap = 6
                        let layout = try typesetter.layout(book.text, settings: settings)
                        let room = columns > 1 ? min(margin, settings.columnGap) : margin
                        for page in layout.pages.indices {
                            for line in layout.lines(onPage: page) {
                                let column = (((line.rect.minX + line.rect.maxX) / 2 - margin) / (settings.columnWidth + settings.columnGap)).rounded(.down)
                                let left = margin + max(0, column) * (settings.columnWidth + settings.columnGap)
                                let outside = direction == "ltr" ? left - line.rect.minX : line.rect.maxX - (left + settings.columnWidth)
                                #expect(outside <= room + 0.01,
                                        "\(type) \(direction) margin \(margin) columns \(columns): line \(line.range) at \(line.rect)")
                            }
                        }
                    }
                }
            }
        }
    }
}
