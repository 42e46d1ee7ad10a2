import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// Several floats (CSS 2.1 §9.5.1): a float goes beside the earlier floats on its side when it fits (rules 2, 3 and
/// 7: right of the left floats, left of the right ones, between them and the other side's), else below; a cleared
/// block goes below every float on its sides (§9.5.2); a float's background and border are drawn around the float,
/// not across the column. As css/CSS2/floats writes its reftests (adjacent-floats-001: two floated images side by
/// side as one image; floats-002: a right float against its container's edge), plus a generated family of floats
/// in a narrow column whose geometry is checked on the laid-out page. The reftests' column is 208 pt wide (a 240 pt
/// page with 16 pt margins).
@Suite struct FloatStackingReftests {
    static let blue = Color(red: 30, green: 90, blue: 200), red = Color(red: 200, green: 30, blue: 40)

    static func files() throws -> [(name: String, bytes: [UInt8])] {
        [("blue.png", try BackgroundImageReftests.png(60, 40, blue)), ("red.png", try BackgroundImageReftests.png(60, 40, red)),
         ("blue-red.png", try BackgroundImageReftests.png(120, 40, blue, red)),
         ("red-blue.png", try BackgroundImageReftests.png(120, 40, red, blue)),
         ("wide.png", try BackgroundImageReftests.png(90, 40, blue, red))]
    }

    static func book(_ body: String, css: String) throws -> Reftest.Book {
        Reftest.Book(body: body, css: "p { margin: 0; text-indent: 0 } img { display: block } " + css, files: try files())
    }

    /// Two left floats side by side are one float of both images (adjacent-floats-001); two right floats stack
    /// leftwards from the column's right edge, the first on the right.
    @Test(arguments: ["left", "right"])
    func twoFloatsOnOneSideSitSideBySide(_ side: String) throws {
        let text = "<p>Words after the floats.</p>"
        let joined = side == "left" ? "blue-red.png" : "red-blue.png"
        try FloatReftests.expectSame(
            Self.book("<div class='f'><img src='blue.png' alt=''/></div><div class='f'><img src='red.png' alt=''/></div>" + text,
                      css: ".f { float: \(side); width: 60px }"),
            Self.book("<div class='f'><img src='\(joined)' alt=''/></div>" + text, css: ".f { float: \(side); width: 120px }"),
            "two \(side) floats")
    }

    /// A float that does not fit beside the earlier ones goes below them: three left floats of 90 pt images in a
    /// 208 pt column are two side by side and one under the first, the same pixels as a first float holding two of
    /// the images one above the other beside a second float.
    @Test func aFloatThatDoesNotFitGoesBelow() throws {
        let image = "<img src='wide.png' alt=''/>"
        let css = "img { display: inline } .f { float: left }"
        try FloatReftests.expectSame(Self.book(String(repeating: "<div class='f'>\(image)</div>", count: 3), css: css),
                            Self.book("<div class='f'><p>\(image)</p><p>\(image)</p></div><div class='f'>\(image)</div>", css: css),
                            "third float below")
        // Not the same as three side by side in the flow, nor as the third beside the pair.
        let inline = try Reftest.render(Self.book("<div>\(image)\(image)\(image)</div>", css: css))
        #expect(Reftest.mismatch(try Reftest.render(Self.book(String(repeating: "<div class='f'>\(image)</div>", count: 3), css: css)),
                                 inline) != nil)
    }

    /// A float's background and border are drawn around the float, at its side and width (its content's width
    /// with its border and padding, CSS 2.1 §10.3.5; floats-002: a right float touches the column's right edge), not
    /// across the column: the float's text is inside its box, the text beside it outside, and the page beside the
    /// box is the page's colour.
    @Test(arguments: ["left", "right"])
    func aFloatsBoxIsDrawnAroundTheFloat(_ side: String) throws {
        let body = "<div class='f'><p>A note.</p></div><p>Text beside the note runs on past it.</p>"
        let css = "p { margin: 0 } .f { float: \(side); width: 80px; background: #dde8f4; border: 2px solid #246; padding: 3px }"
        let geometry = try Self.geometry(body, css: css)
        let box = try #require(geometry.floats.first)
        #expect(geometry.floats.count == 1)
        #expect(side == "left" ? abs(box.minX - 16) < 0.01 : abs(box.maxX - 224) < 0.01, "\(side): \(box)")
        #expect(box.width > 80 && box.width < 100, "the content's 80 and its border and padding: \(box.width)")
        #expect(!geometry.flow.isEmpty && geometry.flow.allSatisfy { !Self.overlap($0, box) })
        let rendered = try Reftest.render(Self.book(body, css: css))
        FloatReftests.keep(rendered, "float box \(side)")
        let page = try #require(rendered.pages.first)
        let fill = Color(red: 0xdd, green: 0xe8, blue: 0xf4)
        let filled = (0..<page.height).flatMap { y in (0..<page.width).filter { page[x: $0, y: y] == fill }.map { (x: $0, y: y) } }
        #expect(!filled.isEmpty && filled.allSatisfy { Double($0.x) >= box.minX - 1 && Double($0.x) <= box.maxX + 1 },
                "the background is drawn inside the float's box only")
    }

    // MARK: A generated family

    /// A laid-out page of a book: each float's box (its background's rectangle), the flow text's line boxes (the
    /// glyph runs outside every float box).
    struct Geometry {
        var floats: [Rect]
        var flow: [Rect]
    }

    /// The pages of `body` with `css`, laid out as the reftests lay them out.
    static func pages(_ body: String, css: String) throws -> [Geometry] {
        let settings = Reftest.settings
        var options = EPUBReader.Options()
        options.media = MediaEnvironment(settings: settings)
        let book = try Self.book(body, css: css)
        let read = try EPUBReader(options: options).read(bytes: try Reftest.archive(book), name: "floats.epub")
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(read.publication.text, settings: settings.typography)
        func inside(_ r: Rect, _ box: Rect) -> Bool {
            r.minX >= box.minX - 0.01 && r.maxX <= box.maxX + 0.01 && r.minY >= box.minY - 0.01 && r.maxY <= box.maxY + 0.01
        }
        // A line's trailing space is drawn (a run of its own) but hangs: CSS lets it reach into a float.
        func isSpace(_ run: GlyphRun) -> Bool {
            guard let index = layout.text.paragraphIndex(containing: run.range.lowerBound) else { return false }
            let paragraph = layout.text.paragraphs[index]
            let units = paragraph.units
            let start = run.range.lowerBound - paragraph.range.lowerBound, end = run.range.upperBound - paragraph.range.lowerBound
            guard start >= 0, end <= units.count, start < end else { return false }
            return units[start..<end].allSatisfy { $0 == 0x20 }
        }
        return layout.pages.indices.map { index in
            let floats = layout.pages[index].boxes.map(\.rect)
            let flow = layout.glyphRuns(onPage: index).filter { !isSpace($0) }.map(\.lineBox)
                .filter { line in !floats.contains { inside(line, $0) } }
            return Geometry(floats: floats, flow: flow)
        }
    }

    /// The first page of `body`.
    static func geometry(_ body: String, css: String) throws -> Geometry {
        try #require(try pages(body, css: css).first)
    }

    static func overlap(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX - 0.01 && a.maxX > b.minX + 0.01 && a.minY < b.maxY - 0.01 && a.maxY > b.minY + 0.01
    }

    /// n floats (1–6) of widths from 30 to 100 pt on one side or both, one to three lines tall, before a paragraph
    /// that wraps beside them and, every other case, one that clears both sides: no float overlaps another or
    /// leaves the column, no line of the text overlaps a float, and the cleared paragraph is below every float.
    @Test(arguments: 0..<24)
    func floatsInANarrowColumn(_ seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &+ 0x51)
        let count = 1 + Int(random.next() % 6)
        let sides = seed % 3  // 0: left only, 1: right only, 2: both
        var body = "", css = "p { margin: 0 } .f { background: #dde8f4 } "
        for index in 0..<count {
            let width = 30 + Int(random.next() % 71)
            let side = sides == 0 ? "left" : sides == 1 ? "right" : (random.next() % 2 == 0 ? "left" : "right")
            let lines = 1 + Int(random.next() % 3)
            css += ".f\(index) { float: \(side); width: \(width)px } "
            body += "<div class='f f\(index)'>" + (0..<lines).map { _ in "<p>F\(index)</p>" }.joined() + "</div>"
        }
        body += "<p>The text beside the floats runs on in short words so that its lines fill the room they leave.</p>"
        if seed % 2 == 0 {
            body += "<p class='c'>Cleared text.</p>"
            css += ".c { clear: both }"
        }
        let pages = try Self.pages(body, css: css)
        #expect(pages.map(\.floats.count).reduce(0, +) == count, "seed \(seed): float boxes \(pages.map(\.floats.count)) of \(count)")
        for (number, page) in pages.enumerated() {
            for (i, a) in page.floats.enumerated() {
                #expect(a.minX >= 16 - 0.01 && a.maxX <= 224 + 0.01, "seed \(seed), page \(number + 1): float \(a) leaves the column")
                for b in page.floats[(i + 1)...] {
                    #expect(!Self.overlap(a, b), "seed \(seed), page \(number + 1): floats \(a) and \(b) overlap")
                }
                for line in page.flow {
                    #expect(!Self.overlap(a, line), "seed \(seed), page \(number + 1): a line \(line) overlaps float \(a)")
                }
            }
        }
        if seed % 2 == 0 {
            // The cleared paragraph (one short line, the text's last) is the last page's lowest line.
            let last = try #require(pages.last)
            let cleared = try #require(last.flow.max { $0.minY < $1.minY }, "seed \(seed): the cleared paragraph")
            let lowest = last.floats.map(\.maxY).max() ?? 0
            #expect(cleared.minY >= lowest - 0.01, "seed \(seed): cleared line at \(cleared.minY), floats down to \(lowest)")
        }
    }

    /// `clear: left` goes below the left floats only: below a short left float, beside a taller right one.
    @Test func clearLeftIgnoresRightFloats() throws {
        let body = "<div class='l'><p>L</p></div><div class='r'><p>R1</p><p>R2</p><p>R3</p></div><p>Words.</p><p class='c'>Cleared text.</p>"
        let geometry = try Self.geometry(body, css: "p { margin: 0 } .l, .r { background: #dde8f4 } .l { float: left; width: 40px } .r { float: right; width: 40px } .c { clear: left }")
        let cleared = try #require(geometry.flow.max { $0.minY < $1.minY })
        let left = try #require(geometry.floats.min { $0.minX < $1.minX }), right = try #require(geometry.floats.max { $0.minX < $1.minX })
        #expect(cleared.minY >= left.maxY - 0.01, "below the left float")
        #expect(cleared.minY < right.maxY, "beside the taller right float, not below it")
        #expect(!Self.overlap(cleared, right))
    }
}
