import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// Blocks that fit their content (CSS 2.1 §10.3.9's shrink-to-fit width; CSS Sizing 3's `fit-content`): an
/// `inline-block` that holds blocks (set as a block: XHTMLConverter.effectiveCategory), an element of `display:
/// table` that is no HTML table and a block of `width: fit-content` are as wide as their widest line, up to what
/// they would fill, and stand where their auto margins put them; an inline-block's are its parent's `text-align`. Project Gutenberg's verse (`.poetry-container {
/// text-align: center } .poetry { display: inline-block; text-align: left }`, and ppgen's `.lg-container-b` and
/// `.linegroup`) is a centred stanza with its lines aligned at its left, Standard Ebooks' epigraphs a centred box.
///
/// Families: contents as books write them × parent alignments × box styles × directions, each against the block
/// of `width: fit-content` with the margins that alignment means (pixels); and the lines measured: those of the
/// block filling its parent, all moved by the room the widest leaves (half of it centred, all of it at the end).
@Suite struct ShrinkToFitReftests {
    /// Contents that fit a line: Gutenberg's verse (spans made blocks, hanging indents, breaks), ppgen's line
    /// groups, an epigraph of paragraphs and a citation, a list, a heading over a line.
    static let contents = [
        "<div class='stanza'><span class='i0'>Tiger, tiger, burning<br/></span><span class='i2'>In the forests<br/></span></div>"
            + "<div class='stanza'><span class='i0'>What immortal hand<br/></span></div>",
        "<div class='group'><div class='line'>Short line one,</div><div class='line in2'>and its second,</div>"
            + "<div class='line'>third.</div></div>",
        "<blockquote><p>Come, said my Soul,</p><p>such verses.</p></blockquote><cite>Walt Whitman</cite>",
        "<ul><li>One</li><li>Two and three</li></ul>",
        "<h3>A heading</h3><p>Its line.</p>",
    ]
    /// A paragraph longer than its line: the block fills what it may.
    static let long = "<p>And a paragraph long enough to take several lines of the narrow page, as prose does.</p>"
    static let css = """
        .stanza { margin: 0.5em 0 }
        span.i0 { display: block; padding-left: 3em; text-indent: -3em }
        span.i2 { display: block; margin-left: 1em; padding-left: 3em; text-indent: -3em }
        .line { text-indent: -3em; padding-left: 3em }
        .in2 { padding-left: 4em }
        blockquote { margin: 0 }
        """
    static let boxes = ["", "border: 2px solid #1e5ac8; padding: 4px", "max-width: 70%", "margin: 1em 0; background: #dde8f4"]
    /// Parent alignments and the auto margins each means for the block (left-to-right; mirrored right-to-left).
    static let alignments: [(align: String, ltr: String, rtl: String)] = [
        ("center", "margin-left: auto; margin-right: auto", "margin-left: auto; margin-right: auto"),
        ("right", "margin-left: auto", ""), ("left", "", "margin-right: auto"),
        ("end", "margin-left: auto", "margin-right: auto"), ("justify", "", ""), ("start", "", ""),
    ]

    static func body(_ content: String, parent: String, child: String, direction: String = "ltr") -> String {
        "<p>Before.</p><div dir='\(direction)' style='\(parent)'><div style='\(child)'>\(content)</div></div><p>After.</p>"
    }

    /// An inline-block of blocks is the block of `width: fit-content` its parent's alignment places.
    @Test(arguments: ["ltr", "rtl"], boxes)
    func anInlineBlockIsAFittedBlock(_ direction: String, _ box: String) throws {
        for (align, ltr, rtl) in Self.alignments {
            for content in Self.contents + [Self.long] {
                let test = Self.body(content, parent: "text-align: \(align)", child: "display: inline-block; text-align: start; \(box)",
                                     direction: direction)
                let margins = direction == "rtl" ? rtl : ltr
                let reference = Self.body(content, parent: "", child: "width: fit-content; text-align: start; \(box); \(margins)",
                                          direction: direction)
                let mismatch = Reftest.mismatch(try Reftest.render(Reftest.Book(body: test, css: Self.css)),
                                                try Reftest.render(Reftest.Book(body: reference, css: Self.css)))
                #expect(mismatch == nil, "\(direction) \(align) \(box) \(content): \(mismatch ?? "")")
            }
        }
    }

    /// `max-content` and the prefixed `fit-content`s books carry are `fit-content`; a `width` after it replaces it.
    @Test(arguments: ["max-content", "-moz-fit-content", "-webkit-fit-content"])
    func theKeywordsAreFitContent(_ keyword: String) throws {
        for content in Self.contents {
            let margins = "margin-left: auto; margin-right: auto"
            let test = Reftest.Book(body: Self.body(content, parent: "", child: "width: \(keyword); \(margins)"), css: Self.css)
            let reference = Reftest.Book(body: Self.body(content, parent: "", child: "width: fit-content; \(margins)"), css: Self.css)
            #expect(Reftest.mismatch(try Reftest.render(test), try Reftest.render(reference)) == nil, "\(keyword) \(content)")
        }
        let replaced = Self.body(Self.contents[1], parent: "", child: "width: fit-content; width: 60%; margin-left: auto")
        let width = Self.body(Self.contents[1], parent: "", child: "width: 60%; margin-left: auto")
        #expect(Reftest.mismatch(try Reftest.render(Reftest.Book(body: replaced, css: Self.css)),
                                 try Reftest.render(Reftest.Book(body: width, css: Self.css))) == nil)
    }

    /// An element of `display: table` that is no HTML table (a poem centred by `display: table; margin: auto`) is
    /// a table of one anonymous cell: as wide as its content, placed by its own auto margins; `inline-table` by its
    /// parent's alignment, as an inline-block is.
    @Test(arguments: ["margin: 0 auto", "margin-left: auto", "margin: 1em 0", "margin: 0 auto; border: 2px solid #1e5ac8"])
    func aTableOfBlocksIsAFittedBlock(_ margins: String) throws {
        for content in Self.contents + [Self.long] {
            let table = Self.body(content, parent: "", child: "display: table; \(margins)")
            let fitted = Self.body(content, parent: "", child: "width: fit-content; \(margins)")
            #expect(Reftest.mismatch(try Reftest.render(Reftest.Book(body: table, css: Self.css)),
                                     try Reftest.render(Reftest.Book(body: fitted, css: Self.css))) == nil, "\(margins) \(content)")
        }
        let inlineTable = Self.body(Self.contents[0], parent: "text-align: center", child: "display: inline-table; text-align: left")
        let centred = Self.body(Self.contents[0], parent: "", child: "width: fit-content; margin: 0 auto; text-align: left")
        #expect(Reftest.mismatch(try Reftest.render(Reftest.Book(body: inlineTable, css: Self.css)),
                                 try Reftest.render(Reftest.Book(body: centred, css: Self.css))) == nil)
    }

    /// A fitted block whose content is longer than its `max-width` is that width, as a block of it is.
    @Test func aMaximumBoundsTheFit() throws {
        let fitted = Self.body(Self.long, parent: "", child: "width: fit-content; max-width: 9em; margin: 0 auto; border: 1px solid #333")
        let sized = Self.body(Self.long, parent: "", child: "width: 9em; margin: 0 auto; border: 1px solid #333")
        #expect(Reftest.mismatch(try Reftest.render(Reftest.Book(body: fitted)), try Reftest.render(Reftest.Book(body: sized))) == nil)
    }

    /// The block's lines are those it has filling its parent, each moved by the room the widest leaves: half of it
    /// centred, all of it at the end, none at the start, none for content longer than a line; its box hugs them.
    @Test(arguments: ["center", "right", "left"])
    func theLinesMoveByTheRoomTheWidestLeaves(_ align: String) throws {
        for (index, content) in (Self.contents + [Self.long, "<p>One line.</p>"]).enumerated() {
            let box = "border: 2px solid #1e5ac8; padding: 4px"
            let fill = try Self.blockLines(Self.body(content, parent: "", child: "text-align: left; \(box)"))
            let test = try Self.blockLines(Self.body(content, parent: "text-align: \(align)", child: "display: inline-block; text-align: left; \(box)"))
            try #require(fill.lines.map(\.range) == test.lines.map(\.range), "the same lines: \(content)")
            // The fill's content box ends 6 px (its border and padding, px of a 16 px em at the reader's 14 pt)
            // inside the column, which ends 16 pt from the page's edge.
            let contentEnd = 240.0 - 16 - 6 * 14 / 16
            let wraps = content == Self.long
            let room = wraps ? 0 : contentEnd - (fill.lines.map { $0.rect.maxX }.max() ?? contentEnd)
            let share = align == "center" ? room / 2 : align == "right" ? room : 0
            for (a, b) in zip(fill.lines, test.lines) {
                #expect(abs(b.rect.minX - (a.rect.minX + share)) < 0.05, "\(align) content \(index): line at \(b.rect.minX), filling at \(a.rect.minX), room \(room)")
            }
            // The box: the fill's, narrowed by the room and moved by the share.
            if let filled = fill.box, let fitted = test.box {
                #expect(abs(fitted.width - (filled.width - room)) < 0.05, "\(align) content \(index): box \(fitted.width) of \(filled.width), room \(room)")
                #expect(abs(fitted.minX - (filled.minX + share)) < 0.05, "\(align) content \(index): box at \(fitted.minX)")
            } else {
                Issue.record("\(align) content \(index): a box is missing")
            }
        }
    }

    /// A max-content width is never less than the min-content one (as browsers have it): under a hanging indent
    /// (`padding-left: 5em; text-indent: -3em`) a short line's last word, 5 em in when every break is taken, reaches
    /// further than the whole line 2 em in, and the block is as wide as it. Its first word alone does not count: the
    /// first line's indent moves it back.
    @Test(arguments: ["right", "center"])
    func aHangingIndentsLaterWordWidensTheBlock(_ align: String) throws {
        let word = try #require(try Self.blockLines(Self.body("<p>AUTHOR.</p>", parent: "", child: "")).lines.first).rect.width
        for (text, widest) in [("THE AUTHOR.", 5 * 14 + word), ("AUTHOR.", 2 * 14 + word)] {
            let hanging = "<div style='padding-left: 5em; text-indent: -3em'>\(text)</div>"
            let test = try Self.blockLines(Self.body(hanging, parent: "text-align: \(align)", child: "display: inline-block; text-align: left"))
            let line = try #require(test.lines.first)
            // The block's start: the room it leaves in the 208 pt column, all of it or half, from the column's start.
            let start = 16 + (208 - widest) * (align == "right" ? 1 : 0.5)
            #expect(abs(line.rect.minX - (start + 2 * 14)) < 0.05, "\(align) \(text): line at \(line.rect.minX), block from \(start)")
        }
    }

    /// The lines of the first page's paragraphs between "Before." and "After.", and the box drawn around them.
    static func blockLines(_ body: String) throws -> (lines: [Line], box: Rect?) {
        let layout = try Reftest.layout(Reftest.Book(body: body, css: css))
        let lines = layout.lines(onPage: 0)
        guard let first = lines.first?.paragraphIndex, let last = lines.last?.paragraphIndex else { return ([], nil) }
        let block = lines.filter { $0.paragraphIndex != first && $0.paragraphIndex != last }
        // The outermost box on the page: the block's own (those inside it are narrower).
        let box = layout.pages[0].boxes.max { $0.rect.width < $1.rect.width }?.rect
        return (block, box)
    }

    /// A block-level element of text made an inline-block between blocks makes up its line (Standard Ebooks'
    /// bridgeheads: `display: inline-block; max-width: 75%`): it is the fitted block its parent's alignment places.
    /// (Two such siblings are a row of boxes: InlineBlockRowReftests.)
    @Test(arguments: ["center", "right", "left"])
    func anInlineBlockAloneInItsLineIsAFittedBlock(_ align: String) throws {
        let margins = align == "center" ? "margin-left: auto; margin-right: auto" : align == "right" ? "margin-left: auto" : ""
        for text in ["A short bridgehead.", "The topics of the chapter: its first scene, another scene, long enough to wrap."] {
            for box in ["max-width: 75%", "border: 1px solid #333; padding: 2px"] {
                func body(_ style: String) -> String {
                    "<p>Before.</p><div style='text-align: \(align)'>\n<p style='\(style)'>\(text)</p>\n<p>Two.</p></div><p>After.</p>"
                }
                let test = body("display: inline-block; text-align: justify; \(box)")
                let reference = body("width: fit-content; text-align: justify; \(box); \(margins)")
                #expect(Reftest.mismatch(try Reftest.render(Reftest.Book(body: test)), try Reftest.render(Reftest.Book(body: reference))) == nil,
                        "\(align) \(box) \(text)")
            }
        }
        // Beside text it is an inline box of its line, not a block.
        let inline = "<div style='text-align: \(align)'>Text <p style='display: inline-block; max-width: 75%'>boxed</p> and text.</div>"
        let block = inline.replacingOccurrences(of: "display: inline-block", with: "width: fit-content")
        #expect(Reftest.mismatch(try Reftest.render(Reftest.Book(body: inline)), try Reftest.render(Reftest.Book(body: block))) != nil)
    }

    /// An inline-block of text alone is still an atomic inline in its line, not a block.
    @Test func anInlineBlockOfTextStaysInItsLine() throws {
        let body = "<p>Before <span style='display: inline-block; margin: 0 4px'>boxed</span> after.</p>"
        let test = try Reftest.render(Reftest.Book(body: body))
        let block = try Reftest.render(Reftest.Book(body: body.replacingOccurrences(of: "inline-block", with: "block")))
        let inline = try Reftest.render(Reftest.Book(body: body.replacingOccurrences(of: "display: inline-block; ", with: "")))
        #expect(Reftest.mismatch(test, block) != nil)
        #expect(Reftest.mismatch(test, inline) == nil)
    }
}
