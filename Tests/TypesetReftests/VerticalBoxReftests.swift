import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// The block box model in vertical text (CSS Writing Modes 4 §6.4, §7): a block's margins, padding, borders and
/// `text-indent` give it the same insets in the flow's terms as in horizontal text. In `vertical-rl` the line
/// head is the top, so the top margin and padding push a block's lines down the column, and the block start is
/// the right, so its right margin, padding and border stand between it and the block before; `vertical-lr` has
/// its block start on the left. Borders and backgrounds are drawn around the block on those sides.
@Suite struct VerticalBoxReftests {
    static let latin = "<div class=\"x\"><p>Sideways Latin text in a box, long enough to wrap over a few lines of the column.</p>"
        + "<p>A second paragraph in the box.</p></div><p>After the box.</p>"

    /// Reftest settings with a page of `size` (16 pt margins all round).
    static func settings(page size: Size) -> ReaderSettings {
        var settings = Reftest.settings
        settings.typography.pageSize = size
        return settings
    }

    /// A one-document book of `body` in `mode`, with `css`.
    static func book(_ body: String, mode: WritingMode, css: String, language: String = "en") -> Reftest.Book {
        let style = "<style type=\"text/css\">html { writing-mode: \(mode.rawValue) } \(css)</style>"
        return Reftest.Book(documents: [("d.xhtml", Reftest.document(body: body, head: style, language: language))])
    }

    /// A vertical-rl block's inline-start padding (its top) draws as the same text with the page's top margin moved
    /// by as much: the line head.
    @Test(arguments: [1.0, 2.5])
    func inlineStartPaddingMovesTheTextAsThePageMarginDoes(_ inlineStart: Double) throws {
        let css = ".x { padding-inline-start: \(inlineStart)em }"
        let body = "<div class=\"x\">\(Self.first)\(Self.second)</div>"
        let test = try Reftest.render(Self.book(body, mode: .verticalRightToLeft, css: css, language: "ja"))
        var settings = Reftest.settings
        settings.typography.margins.top += inlineStart * settings.typography.fontSize
        let reference = try Reftest.render(Self.book(body, mode: .verticalRightToLeft, css: "", language: "ja"), settings: settings)
        let mismatch = Reftest.mismatch(test, reference)
        #expect(mismatch == nil, "\(css): \(mismatch ?? "")")
        let plain = try Reftest.render(Self.book(body, mode: .verticalRightToLeft, css: "", language: "ja"))
        #expect(Reftest.mismatch(test, plain) != nil, "\(css) moved nothing")
    }

    static let first = "<p>吾輩は猫である。</p>"
    static let second = "<p>名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所で泣いていた。</p>"
    /// A paragraph, then a block `.x` holding another.
    static let japanese = first + "<div class=\"x\">\(second)</div>"

    /// A vertical-rl block's block-start padding (its right) is room between it and the block before, to its
    /// right: as much as the same padding at the end of the block before (the left of it), and no room at its
    /// left, where the old layout ignored it.
    @Test(arguments: [1.0, 2.5])
    func blockStartPaddingSpacesTheBlockFromTheOneBefore(_ blockStart: Double) throws {
        let test = try Reftest.render(Self.book(Self.japanese, mode: .verticalRightToLeft,
                                                css: ".x { padding-block-start: \(blockStart)em }", language: "ja"))
        let reference = try Reftest.render(Self.book(Self.japanese, mode: .verticalRightToLeft,
                                                     css: "p { padding-left: 0 } p:first-child { padding-left: \(blockStart)em }", language: "ja"))
        #expect(Reftest.mismatch(test, reference) == nil, "\(blockStart): \(Reftest.mismatch(test, reference) ?? "")")
        let plain = try Reftest.render(Self.book(Self.japanese, mode: .verticalRightToLeft, css: "", language: "ja"))
        #expect(Reftest.mismatch(test, plain) != nil)
    }

    /// The line-frame rectangle of a page rectangle of a `mode` page `pageWidth` wide (CSS's flow-relative
    /// coordinates: x along the line from its head, y across lines from the block start).
    static func lineFrame(_ rect: Rect, mode: WritingMode, pageWidth: Double) -> Rect {
        switch mode {
        case .horizontal: rect
        case .verticalRightToLeft: Rect(x: rect.minY, y: pageWidth - rect.maxX, width: rect.height, height: rect.width)
        case .verticalLeftToRight: Rect(x: rect.minY, y: rect.minX, width: rect.height, height: rect.width)
        }
    }

    /// The caret rectangle of every offset of `book` laid out in `mode` (its first page, which is `size` turned for
    /// vertical text), in the line frame.
    static func carets(_ book: Reftest.Book, mode: WritingMode) throws -> [Rect?] {
        let size = mode.isVertical ? Size(width: 240, height: 320) : Size(width: 320, height: 240)
        let settings = Self.settings(page: size)
        let read = try EPUBReader().read(bytes: try Reftest.archive(book), name: "v.epub")
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(read.publication.text, settings: settings.typography)
        let end = read.publication.text.paragraphs.last.map { $0.range.upperBound } ?? 0
        return (0..<end).map { offset in
            guard let caret = layout.caretRect(for: TextPosition(offset: offset)), caret.page == 0 else { return nil }
            return Self.lineFrame(caret.rect, mode: mode, pageWidth: size.width)
        }
    }

    /// Generated blocks styled with flow-relative margins, padding, borders and a first-line indent: laid out
    /// horizontal and vertical (Latin text, turned sideways, so that its advances are the horizontal ones), every
    /// caret stands at the same place along its line and the same distance from the block start.
    @Test(arguments: 0..<12)
    func verticalBlocksHaveTheHorizontalInsets(_ seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &+ 34)
        func ems() -> String { "\(Double(random.next() % 30) / 10)em" }
        var css = ".x { margin-block-start: \(ems()); padding-block-start: \(ems()); padding-inline-start: \(ems()); "
            + "margin-inline-end: \(ems()); padding-block-end: \(ems()) }"
        if seed % 2 == 0 { css += " .x p { text-indent: \(ems()) }" }
        if seed % 3 == 0 { css += " .x { border-block-start: 3px solid #c00; border-inline-start: 2px solid #00c; background-color: #ffd }" }
        if seed % 4 == 1 { css += " .x { margin-inline-start: \(ems()) }" }
        let horizontal = try Self.carets(Self.book(Self.latin, mode: .horizontal, css: css), mode: .horizontal)
        for mode in [WritingMode.verticalRightToLeft, .verticalLeftToRight] {
            let vertical = try Self.carets(Self.book(Self.latin, mode: mode, css: css), mode: mode)
            #expect(Self.compareLineFramePlaces(horizontal, vertical, "\(css) \(mode.rawValue)") > 20)
        }
    }

    /// The built-in style sheet's margins are flow-relative (a heading's space before it, a block quote's and a
    /// definition's indents, a list's padding): laid out horizontal and vertical with no style of the book's, every
    /// caret stands at the same line-frame place, so a vertical heading is spaced from the block before it (not
    /// indented from the line head) and a vertical quotation is indented from the line head and end (not spaced).
    @Test(arguments: [WritingMode.verticalRightToLeft, .verticalLeftToRight])
    func theBuiltInSheetsMarginsAreFlowRelative(_ mode: WritingMode) throws {
        let body = "<p>Before.</p><h2>A heading</h2><p>Text after the heading.</p><blockquote><p>Quoted words, long "
            + "enough to wrap over lines.</p></blockquote><ul><li>An item.</li></ul><dl><dt>Term</dt><dd>Its definition.</dd></dl>"
        let horizontal = try Self.carets(Self.book(body, mode: .horizontal, css: ""), mode: .horizontal)
        let vertical = try Self.carets(Self.book(body, mode: mode, css: ""), mode: mode)
        #expect(Self.compareLineFramePlaces(horizontal, vertical, mode.rawValue) > 30)
    }

    /// Expects every caret of the vertical layout at the horizontal one's line-frame place: along the line exactly,
    /// across it to within the difference of the two modes' caret extents inside one line. Answers how many carets
    /// both layouts have on page 0 (the number compared).
    static func compareLineFramePlaces(_ horizontal: [Rect?], _ vertical: [Rect?], _ label: String,
                                       sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        #expect(horizontal.count == vertical.count, sourceLocation: sourceLocation)
        var compared = 0
        for (offset, (h, v)) in zip(horizontal, vertical).enumerated() {
            guard let h, let v else {
                #expect((h == nil) == (v == nil), "\(label): offset \(offset) on page 0 in one mode only", sourceLocation: sourceLocation)
                continue
            }
            compared += 1
            #expect(abs(h.minX - v.minX) < 0.01 && abs((h.minY + h.maxY) - (v.minY + v.maxY)) < 4,
                    "\(label): offset \(offset) at \(v) in the line frame, horizontally at \(h)", sourceLocation: sourceLocation)
        }
        return compared
    }

    /// `bitmap` turned as vertical text turns its line frame onto the page: a quarter turn clockwise for
    /// `vertical-rl`, a reflection in the diagonal for `vertical-lr`.
    static func turned(_ bitmap: Bitmap, to mode: WritingMode) -> Bitmap {
        var result = Bitmap(width: bitmap.height, height: bitmap.width, fill: Theme.light.background)
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                result[x: mode == .verticalRightToLeft ? bitmap.height - 1 - y : y, y: x] = bitmap[x: x, y: y]
            }
        }
        return result
    }

    /// A block's border, a different colour on each side, and its background, drawn around it in vertical text: the
    /// vertical page is the horizontal page of the same document, styled in flow-relative terms, turned (its text
    /// hidden, so that only the boxes show; the border's block-start side on the right in vertical-rl, the left in
    /// vertical-lr, its inline-start side on top).
    @Test(arguments: [WritingMode.verticalRightToLeft, .verticalLeftToRight])
    func bordersAndBackgroundsTurnWithTheBlock(_ mode: WritingMode) throws {
        let css = ".x { margin-block-start: 1em; margin-inline-start: 1em; padding-block: 0.5em 0.25em; padding-inline: 1.5em 1em; "
            + "background-color: #ffd; border-block-start: 3px solid #c00; border-inline-start: 5px solid #0a0; "
            + "border-block-end: 2px solid #00c; border-inline-end: 4px solid #cc0 } p { visibility: hidden }"
        let body = "<p>Before the box.</p><div class=\"x\"><p>Words in a box over a few lines of its column, hidden.</p><p>More.</p></div>"
        let horizontal = try Reftest.render(Self.book(body, mode: .horizontal, css: css), settings: Self.settings(page: Size(width: 320, height: 240)))
        let vertical = try Reftest.render(Self.book(body, mode: mode, css: css))
        let horizontalPage = try #require(horizontal.pages.first), verticalPage = try #require(vertical.pages.first)
        // The renderer gives a square corner to the page's top or bottom edge (CSS splits it on the diagonal), so
        // where two edges meet the turned page's corner is the other edge's colour: only there may they differ.
        // (Border colours as drawn: the renderer makes light ones readable on the page.)
        let grounds = [Theme.light.background, Color(red: 0xFF, green: 0xFF, blue: 0xDD)]
        func isBorder(_ colour: Color) -> Bool { !grounds.contains(colour) }
        let turned = Self.turned(horizontalPage, to: mode)
        #expect(turned.width == verticalPage.width && turned.height == verticalPage.height)
        var corners = 0, others: [String] = []
        for y in 0..<min(turned.height, verticalPage.height) {
            for x in 0..<min(turned.width, verticalPage.width) where turned[x: x, y: y] != verticalPage[x: x, y: y] {
                if isBorder(turned[x: x, y: y]) && isBorder(verticalPage[x: x, y: y]) { corners += 1 } else { others.append("(\(x), \(y))") }
            }
        }
        #expect(others.isEmpty, "\(mode.rawValue): \(others.count) pixels differ from the turned horizontal page: \(others.prefix(8))")
        #expect(corners <= 4 * 5 * 5, "\(mode.rawValue): \(corners) border pixels differ, more than the four corners hold")
        // The box is there to be turned: the red block-start border stands on its side of the page.
        let red = Color(red: 0xCC, green: 0, blue: 0)
        let redColumns = (0..<verticalPage.width).filter { x in (0..<verticalPage.height).contains { verticalPage[x: x, y: $0] == red } }
        #expect(!redColumns.isEmpty)
        if let first = redColumns.first {
            #expect(mode == .verticalRightToLeft ? first > verticalPage.width / 2 : first < verticalPage.width / 2, "red at x \(first)")
        }
    }
}
