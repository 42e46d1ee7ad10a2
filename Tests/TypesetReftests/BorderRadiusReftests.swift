import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// Rounded corners (CSS Backgrounds 3 §5), as css-backgrounds writes its border-radius reftests: the shorthand
/// against its longhands, radii too large for the box scaled down alike (§5.5), a rounded border against a rounded
/// background with a rounded page-coloured box inside it (§5.2's inner radii), a background image clipped as the
/// colour is, and corners that must differ from square ones.
@Suite struct BorderRadiusReftests {
    static let text = "<p>Inside the box, with words enough for two lines of it here.</p>"

    static func book(_ style: String, inner: String? = nil) throws -> Reftest.Book {
        let body = inner == nil ? Self.text : "<div class='inner'>\(Self.text)</div>"
        return Reftest.Book(body: "<p>Before the box.</p><div class='box'>\(body)</div><p>After the box.</p>",
                            css: ".box { \(style) } .inner { \(inner ?? "") }",
                            files: try BackgroundImageReftests.files())
    }

    static func expectSame(_ test: Reftest.Book, _ reference: Reftest.Book, _ comment: String,
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        let mismatch = Reftest.mismatch(try Reftest.render(test), try Reftest.render(reference))
        #expect(mismatch == nil, "\(comment): \(mismatch ?? "")", sourceLocation: sourceLocation)
    }

    static let fill = "background-color: #1e5ac8; "

    @Test(arguments: [
        ("border-radius: 12px", "border-top-left-radius: 12px; border-top-right-radius: 12px; border-bottom-right-radius: 12px; border-bottom-left-radius: 12px"),
        ("border-radius: 12px 4px", "border-top-left-radius: 12px; border-top-right-radius: 4px; border-bottom-right-radius: 12px; border-bottom-left-radius: 4px"),
        ("border-radius: 12px 4px 8px", "border-top-left-radius: 12px; border-top-right-radius: 4px; border-bottom-right-radius: 8px; border-bottom-left-radius: 4px"),
        ("border-radius: 16px / 8px", "border-top-left-radius: 16px 8px; border-top-right-radius: 16px 8px; border-bottom-right-radius: 16px 8px; border-bottom-left-radius: 16px 8px"),
        ("border-radius: 0", ""),
        ("-webkit-border-radius: 12px", "border-radius: 12px"),
        // §5.5: radii too large for the box are scaled down together, to the same circles however large.
        ("border-radius: 1000px", "border-radius: 8000px"),
        ("border-radius: 1000px 0 0 1000px", "border-radius: 4000px 0 0 4000px"),
    ])
    func aShorthandIsItsLonghands(_ test: String, _ reference: String) throws {
        try Self.expectSame(Self.book(Self.fill + test), Self.book(Self.fill + reference), test)
    }

    /// Corners that are drawn round differ from square ones and from one another.
    @Test(arguments: [("border-radius: 12px", ""), ("border-radius: 12px", "border-radius: 4px"),
                      ("border-radius: 1000px", "border-radius: 50%"), ("border-top-left-radius: 12px", "border-top-right-radius: 12px")])
    func cornersThatDiffer(_ test: String, _ reference: String) throws {
        #expect(Reftest.mismatch(try Reftest.render(Self.book(Self.fill + test)), try Reftest.render(Self.book(Self.fill + reference))) != nil,
                "\(test) against \(reference)")
    }

    /// A rounded border is the ring between the outer curve and the inner one, whose radii are the outer ones less
    /// the border's width: a rounded box of the border's colour with a page-coloured rounded box inside it. The
    /// border is 8 px (7 pixels here): a whole number of pixels, as borders are snapped to (a ring of background
    /// is not).
    @Test(arguments: [("12px", "4px"), ("20px 10px", "12px 2px")])
    func aRoundedBorderIsTheRingBetweenTwoCurves(_ outer: String, _ inner: String) throws {
        try Self.expectSame(Self.book("border: 8px solid #c81e28; border-radius: \(outer)"),
                            Self.book("background-color: #c81e28; padding: 8px; border-radius: \(outer)",
                                      inner: "background-color: #ffffff; border-radius: \(inner)"),
                            "\(outer) ring")
    }

    /// A background image is clipped to the rounded box as its colour is.
    @Test func anImageIsClippedToTheCorners() throws {
        try Self.expectSame(Self.book("background: url(images/solid.png); border-radius: 14px 6px"),
                            Self.book(Self.fill + "border-radius: 14px 6px"), "clipped image")
    }

    /// The corner's pixel is the page's, the box's middle its colour.
    @Test func theCornerIsThePage() throws {
        let page = try Reftest.render(Self.book(Self.fill + "border-radius: 16px")).pages[0]
        let blue = Color(red: 0x1E, green: 0x5A, blue: 0xC8)
        let rows = (0..<page.height).filter { page[x: 120, y: $0] == blue }
        guard let top = rows.first else { Issue.record("no box drawn"); return }
        #expect(page[x: 16, y: top] == Theme.light.background, "the rounded corner leaves the page")
        #expect(page[x: 30, y: top + 14] == blue)
    }

    /// A rounded box's edges are snapped as a square box's (as a line width, CSS Values 4): boxes of 1 px borders
    /// (1.75 pixels at scale 2) stacked at every fraction of a pixel have top, bottom and side bands all of one width
    /// in pixels. Drawn unsnapped, bands were one or two pixels by where they fell.
    @Test(arguments: [1.0, 2.0, 3.0]) func roundedEdgesOfOneWidthAreDrawnAlike(_ scale: Double) throws {
        var settings = Reftest.settings
        settings.appearance.pixelScale = scale
        let boxes = String(repeating: "<div class='r'>Words</div>", count: 6)
        let css = "div.r { border: 1px solid #000000; border-radius: 5px; margin: 0.37em 0; padding: 0.13em 0.3em; line-height: 1.13 }"
        let page = try Reftest.render(Reftest.Book(body: boxes, css: css), settings: settings).pages[0]
        func runs(_ pixels: [Color]) -> [Int] {
            var runs: [(start: Int, length: Int)] = []
            for (index, pixel) in pixels.enumerated() where pixel == Color(red: 0, green: 0, blue: 0) {
                if let last = runs.last, last.start + last.length == index { runs[runs.count - 1].length += 1 } else { runs.append((index, 1)) }
            }
            return runs.map(\.length)
        }
        // Down the boxes' middle (past the words): each box's top and bottom band.
        let down = runs((0..<page.height).map { page[x: page.width - Int(40 * scale), y: $0] })
        #expect(down.count == 12, "bands down at scale \(scale): \(down)")
        #expect(Set(down).count == 1, "bands down at scale \(scale): \(down)")
    }
}
